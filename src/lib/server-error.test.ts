import { describe, expect, it } from 'vitest';
import { toUserError } from './server-error';

describe('toUserError', () => {
  it('passes a refusal from the database through word for word', () => {
    const refusal = { message: 'Not enough stock for Kurta. Only 3 available.', code: 'P0001' };
    expect(toUserError(refusal).message).toBe('Not enough stock for Kurta. Only 3 available.');
  });

  it('explains a request that never reached the server', () => {
    const unreachable = { message: 'TypeError: Failed to fetch', code: '' };
    expect(toUserError(unreachable).message).toBe('Could not reach the server. Check your connection and try again.');
  });
});

describe('toUserError with a field hint', () => {
  it('names the input a refusal is about', () => {
    const duplicate = { message: 'A product with SKU P-1 already exists.', code: '23505', hint: 'field:sku' };
    expect(toUserError(duplicate)).toMatchObject({ message: duplicate.message, field: 'sku' });
  });

  it('names none for a refusal about the whole request, or a hint of another kind', () => {
    expect(toUserError({ message: 'Not enough raw materials to start production.', code: 'P0001' }).field).toBeNull();
    expect(toUserError({ message: 'x', code: 'P0001', hint: 'Try again later.' }).field).toBeNull();
  });
});

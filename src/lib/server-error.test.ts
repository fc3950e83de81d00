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

import { describe, expect, it } from 'vitest';
import { choiceField, numberField } from './form-fields';

describe('numberField', () => {
  const price = numberField('Selling price');

  it('keeps numbers and converts numeric strings to numbers', () => {
    expect(price.parse(499)).toBe(499);
    expect(price.parse('499.5')).toBe(499.5);
  });

  it('says the field is required while the input is empty', () => {
    const result = price.safeParse('');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Selling price is required.');
  });

  it('refuses half-typed values that are not numbers', () => {
    const result = price.safeParse('-');
    expect(result.error?.issues[0]?.message).toBe('Selling price must be a number.');
  });
});

describe('choiceField', () => {
  const product = choiceField('Choose a product.');

  it('passes the chosen value through', () => {
    expect(product.parse('a1b2')).toBe('a1b2');
  });

  it('asks for a choice while nothing is chosen', () => {
    expect(product.safeParse(null).error?.issues[0]?.message).toBe('Choose a product.');
    expect(product.safeParse('').error?.issues[0]?.message).toBe('Choose a product.');
  });
});

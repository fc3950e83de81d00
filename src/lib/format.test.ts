import { describe, expect, it } from 'vitest';
import { formatRupees } from './format';

describe('formatRupees', () => {
  it('uses the rupee sign and Indian digit grouping', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456.00');
    expect(formatRupees(12345678.5)).toBe('₹1,23,45,678.50');
  });

  it('accepts numeric strings as Postgres numeric columns arrive', () => {
    expect(formatRupees('499.9')).toBe('₹499.90');
  });
});

import { describe, expect, it } from 'vitest';
import { isLowStock } from './stock';

describe('isLowStock', () => {
  it('is low only strictly below the reorder point', () => {
    expect(isLowStock(9, 10)).toBe(true);
    expect(isLowStock(10, 10)).toBe(false);
    expect(isLowStock(0.5, 1)).toBe(true);
  });
});

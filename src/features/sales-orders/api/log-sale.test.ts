import { describe, expect, it } from 'vitest';
import { Constants } from '@/lib/database.types';
import { logSaleSchema, newSaleDefaults, salesPlatforms } from './log-sale';

describe('logSaleSchema', () => {
  it('starts from the spec defaults: Flipkart, quantity 1', () => {
    expect(newSaleDefaults).toEqual({ product_id: null, platform: 'Flipkart', quantity: '1' });
  });

  it('offers exactly the platforms the database accepts', () => {
    expect(salesPlatforms).toEqual(Constants.public.Enums.sales_platform);
  });

  it('requires a product and a quantity of at least 1', () => {
    const result = logSaleSchema.safeParse({ ...newSaleDefaults, quantity: 0 });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Choose a product.',
      'Quantity must be at least 1.',
    ]);
  });

  it('converts the quantity to a number', () => {
    expect(logSaleSchema.parse({ product_id: 'p1', platform: 'Myntra', quantity: '3' })).toEqual({
      product_id: 'p1',
      platform: 'Myntra',
      quantity: 3,
    });
  });
});

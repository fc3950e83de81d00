import { describe, expect, it } from 'vitest';
import { Constants } from '@/lib/database.types';
import { todayInIndia } from '@/lib/csv';
import { logSaleSchema, newSaleDefaults, salesPlatforms } from './log-sale';

const sale = { ...newSaleDefaults, product_id: 'p1' };
const messages = (input: object) =>
  logSaleSchema.safeParse({ ...sale, ...input }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('logSaleSchema', () => {
  it('starts from the spec defaults: Flipkart, quantity 1; the marketplace details empty', () => {
    expect(newSaleDefaults).toEqual({
      product_id: null,
      platform: 'Flipkart',
      quantity: '1',
      unit_price: '',
      order_date: '',
      order_id: '',
      customer_id: '',
    });
  });

  it('names a customer on a direct (Other) order only', () => {
    expect(logSaleSchema.parse({ ...sale, platform: 'Other', customer_id: 'c1' }).customer_id).toBe('c1');
    expect(logSaleSchema.parse({ ...sale, platform: 'Amazon', customer_id: 'c1' }).customer_id).toBeUndefined();
  });

  it("offers the spec's platforms, each one the database accepts; Meesho and Ajio sales arrive by import", () => {
    expect(salesPlatforms).toEqual(['Flipkart', 'Myntra', 'Amazon', 'Brand Website', 'Other']);
    for (const platform of salesPlatforms) expect(Constants.public.Enums.sales_platform).toContain(platform);
    const meesho = logSaleSchema.safeParse({ ...newSaleDefaults, platform: 'Meesho' });
    expect(meesho.error?.issues.find((issue) => issue.path[0] === 'platform')?.message).toBe('Choose a platform.');
  });

  it('requires a product and a quantity of at least 1', () => {
    const result = logSaleSchema.safeParse({ ...newSaleDefaults, quantity: 0 });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Choose a product.',
      'Quantity must be at least 1.',
    ]);
  });

  it('converts the quantity to a number and leaves empty details out (list price, now, no id)', () => {
    expect(logSaleSchema.parse({ ...sale, platform: 'Myntra', quantity: '3' })).toEqual({
      product_id: 'p1',
      platform: 'Myntra',
      quantity: 3,
    });
  });

  it('takes an offer price, a past day and an order id as typed', () => {
    expect(
      logSaleSchema.parse({ ...sale, unit_price: '1,099.50', order_date: '2026-03-05', order_id: ' MYN-1 ' }),
    ).toMatchObject({
      unit_price: 1099.5,
      order_date: '2026-03-05',
      order_id: 'MYN-1',
    });
  });

  it('refuses what log_sale refuses, on the field, with its message', () => {
    expect(messages({ unit_price: '0' })).toEqual([['unit_price', 'Sale price must be at least 0.01.']]);
    expect(messages({ unit_price: '99.999' })).toEqual([
      ['unit_price', 'Sale price can have at most 2 decimal places.'],
    ]);
    expect(messages({ unit_price: 'abc' })).toEqual([['unit_price', 'Sale price must be a number.']]);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    for (const day of [todayInIndia(tomorrow), '1999-12-31', '5/3/2026']) {
      expect(messages({ order_date: day })).toEqual([
        ['order_date', 'Order date must be between 2000-01-01 and today.'],
      ]);
    }
    expect(messages({ order_date: todayInIndia() })).toBeUndefined();
    expect(messages({ order_id: 'x'.repeat(101) })).toEqual([['order_id', 'Order ID must be at most 100 characters.']]);
  });
});

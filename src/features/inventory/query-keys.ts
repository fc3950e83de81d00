import type { FeatureQueries } from '@/lib/query-keys';

export const inventoryKeys = {
  whatToBuy: ['what-to-buy'],
  /** Velocity and days of stock left of a page of products (issue 33). */
  productPlanning: ['product-planning'],
} as const;

const keys = inventoryKeys;

export const inventoryQueries: FeatureQueries = {
  keys,
  reads: {
    products: [keys.productPlanning],
    raw_materials: [keys.whatToBuy],
    // Sales are velocity.
    sales_orders: [keys.productPlanning],
    // A renamed supplier shows on what to buy.
    suppliers: [keys.whatToBuy],
    purchase_units: [keys.whatToBuy],
    // What is on order changes What to buy.
    purchase_orders: [keys.whatToBuy],
    purchase_order_lines: [keys.whatToBuy],
  },
};

import type { FeatureQueries } from '@/lib/query-keys';

export const purchasingKeys = {
  suppliers: ['suppliers'],
  purchaseUnits: ['purchase-units'],
  /** Purchase order pages, one order with its lines, and the dashboard's late orders. */
  purchaseOrders: ['purchase-orders'],
} as const;

const keys = purchasingKeys;

export const purchasingQueries: FeatureQueries = {
  keys,
  reads: {
    // A receipt changes an order and its materials' stock and cost together.
    raw_materials: [keys.purchaseOrders],
    // A renamed supplier shows on its orders.
    suppliers: [keys.suppliers, keys.purchaseOrders],
    purchase_units: [keys.purchaseUnits],
    purchase_orders: [keys.purchaseOrders],
    purchase_order_lines: [keys.purchaseOrders],
  },
};

import type { FeatureQueries } from '@/lib/query-keys';

export const purchasingKeys = {
  suppliers: ['suppliers'],
  purchaseUnits: ['purchase-units'],
  /** Purchase order pages, one order with its lines, and the dashboard's late orders. */
  purchaseOrders: ['purchase-orders'],
  /** What is owed to each supplier, by age (issue 46). */
  supplierDues: ['supplier-dues'],
} as const;

const keys = purchasingKeys;

export const purchasingQueries: FeatureQueries = {
  keys,
  reads: {
    // A receipt changes an order and its materials' stock and cost together.
    raw_materials: [keys.purchaseOrders],
    // A renamed supplier shows on its orders and its dues.
    suppliers: [keys.suppliers, keys.purchaseOrders, keys.supplierDues],
    purchase_units: [keys.purchaseUnits],
    // A receipt is a supplier's bill (issue 46).
    purchase_orders: [keys.purchaseOrders, keys.supplierDues],
    purchase_order_lines: [keys.purchaseOrders],
    supplier_payments: [keys.supplierDues],
    // A job work receipt with a charge is the job worker's bill (issue 45).
    job_work_orders: [keys.supplierDues],
  },
};

import type { FeatureQueries } from '@/lib/query-keys';

export const customersKeys = {
  /** Customers, their dues and statements (issue 46). */
  customers: ['customers'],
} as const;

const keys = customersKeys;

// Customers and their payments are not published: only the owner's own writes change them.
export const customersQueries: FeatureQueries = {
  keys,
  reads: {
    // A direct order, its return or cancellation is what its customer owes.
    sales_orders: [keys.customers],
    invoices: [keys.customers],
    customers: [keys.customers],
    customer_payments: [keys.customers],
  },
};

import type { FeatureQueries } from '@/lib/query-keys';

export const settlementsKeys = {
  /** Payments (issue 30): the reconciliation list, its summary and the profit leaks. */
  reconciliation: ['reconciliation'],
} as const;

const keys = settlementsKeys;

export const settlementsQueries: FeatureQueries = {
  keys,
  reads: {
    sales_orders: [keys.reconciliation],
    // The payment cycle decides which orders are overdue.
    platform_fees: [keys.reconciliation],
    // Not published: only the owner's own import adds them (a file of 100,000 lines would be as
    // many events), and the import's write refreshes Payments.
    settlement_lines: [keys.reconciliation],
    // A customer's payment takes its overdue orders out of Profit leaks (issue 46).
    customer_payments: [keys.reconciliation],
  },
};

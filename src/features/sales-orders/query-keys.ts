import type { FeatureQueries } from '@/lib/query-keys';

export const salesOrdersKeys = {
  salesOrders: ['sales-orders'],
  /** One order's returns and claims: ['order-returns', order id]. */
  orderReturns: ['order-returns'],
  /** The payment status of the orders of a page of the list (issues 30 and 46). */
  orderPaymentStatuses: ['order-payment-statuses'],
} as const;

const keys = salesOrdersKeys;

export const salesOrdersQueries: FeatureQueries = {
  keys,
  reads: {
    sales_orders: [keys.salesOrders, keys.orderPaymentStatuses],
    // The payment cycle decides which orders are overdue.
    platform_fees: [keys.orderPaymentStatuses],
    // A return changes its order too, whose event refreshes the list; the history shows the
    // returns and claims themselves.
    sales_returns: [keys.orderReturns],
    return_claims: [keys.orderReturns],
    settlement_lines: [keys.orderPaymentStatuses],
    // An invoice records its orders' tax for its place of supply.
    invoices: [keys.salesOrders],
    // A customer's payment moves its direct orders' payment status (issue 46).
    customer_payments: [keys.salesOrders, keys.orderPaymentStatuses],
  },
};

/**
 * A marketplace order's payment status (rules.settlement_status): shown on Payments, where the
 * reconciliation list filters by it, and on each marketplace order of Sales Orders.
 */
export const paymentStatuses = ['Settled', 'Short paid', 'Over paid', 'Awaiting payment', 'Overdue'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * A customer's invoice or direct order's payment status (rules.receivable_status, issue 46): Paid,
 * Part paid, Due, or Overdue after the customer's credit days.
 */
export const receivableStatuses = ['Paid', 'Part paid', 'Due', 'Overdue'] as const;
export type ReceivableStatus = (typeof receivableStatuses)[number];
export type OrderPaymentStatus = PaymentStatus | ReceivableStatus;
export const orderPaymentStatuses = [...new Set([...paymentStatuses, ...receivableStatuses])] as [
  OrderPaymentStatus,
  ...OrderPaymentStatus[],
];

/**
 * A marketplace order's payment status (rules.settlement_status): shown on Payments, where the
 * reconciliation list filters by it, and on each marketplace order of Sales Orders.
 */
export const paymentStatuses = ['Settled', 'Short paid', 'Over paid', 'Awaiting payment', 'Overdue'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

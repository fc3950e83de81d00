import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

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
const orderPaymentStatuses = [...new Set([...paymentStatuses, ...receivableStatuses])] as [
  OrderPaymentStatus,
  ...OrderPaymentStatus[],
];

/**
 * The payment status of some sales order lines (a page of Sales Orders), by line id: a marketplace
 * order's settlement status, or a customer's order's (by its invoice, or itself).
 */
export function usePaymentStatuses(orderIds: readonly string[]) {
  return useQuery({
    queryKey: [...queryKeys.reconciliation, 'order-statuses', orderIds],
    queryFn: async () => {
      const { data, error } = await supabase.rpc('order_payment_statuses', { order_ids: [...orderIds] });
      if (error) throw toUserError(error);
      return z.record(z.string(), z.enum(orderPaymentStatuses)).parse(data);
    },
    enabled: orderIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

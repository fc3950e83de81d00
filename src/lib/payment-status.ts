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

/** The payment status of the marketplace orders of some sales order lines (a page of Sales Orders), by line id. */
export function usePaymentStatuses(orderIds: readonly string[]) {
  return useQuery({
    queryKey: [...queryKeys.reconciliation, 'order-statuses', orderIds],
    queryFn: async () => {
      const { data, error } = await supabase.rpc('order_payment_statuses', { order_ids: [...orderIds] });
      if (error) throw toUserError(error);
      return z.record(z.string(), z.enum(paymentStatuses)).parse(data);
    },
    enabled: orderIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

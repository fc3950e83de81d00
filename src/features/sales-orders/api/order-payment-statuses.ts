import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderPaymentStatuses } from '@/lib/payment-status';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { salesOrdersKeys } from '../query-keys';

/**
 * The payment status of some sales order lines (a page of Sales Orders), by line id: a marketplace
 * order's settlement status, or a customer's order's (by its invoice, or itself; issue 46).
 */
export function usePaymentStatuses(orderIds: readonly string[]) {
  return useQuery({
    queryKey: [...salesOrdersKeys.orderPaymentStatuses, orderIds],
    queryFn: async () => {
      const { data, error } = await supabase.rpc('order_payment_statuses', { order_ids: [...orderIds] });
      if (error) throw toUserError(error);
      return z.record(z.string(), z.enum(orderPaymentStatuses)).parse(data);
    },
    enabled: orderIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

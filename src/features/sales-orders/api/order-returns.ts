import { useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { salesOrdersKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

export type OrderReturn = Pick<
  Tables<'sales_returns'>,
  'id' | 'kind' | 'sellable' | 'damaged' | 'wrong_item' | 'missing' | 'return_fees' | 'note' | 'return_date'
> & {
  claims: Pick<Tables<'return_claims'>, 'id' | 'reason' | 'units' | 'status' | 'deadline' | 'amount_reimbursed'>[];
};

async function fetchOrderReturns(orderId: string): Promise<OrderReturn[]> {
  const { data, error } = await supabase
    .from('sales_returns')
    .select(
      'id, kind, sellable, damaged, wrong_item, missing, return_fees, note, return_date, claims:return_claims(id, reason, units, status, deadline, amount_reimbursed)',
    )
    .eq('sales_order_id', orderId)
    .order('return_date')
    .order('created_at');
  if (error) throw toUserError(error);
  return data;
}

/** One order's returns, oldest first, each with the claims it opened. */
export function useOrderReturns(orderId: string) {
  return useQuery({ queryKey: [...salesOrdersKeys.orderReturns, orderId], queryFn: () => fetchOrderReturns(orderId) });
}

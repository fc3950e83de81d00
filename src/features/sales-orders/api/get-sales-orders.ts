import { useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { queryKeys } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

export type SalesOrder = Pick<
  Tables<'sales_orders'>,
  'id' | 'order_date' | 'product_name' | 'platform' | 'quantity' | 'total_amount' | 'status' | 'external_order_id'
>;

async function fetchSalesOrders(): Promise<SalesOrder[]> {
  const { data, error } = await supabase
    .from('sales_orders')
    .select('id, order_date, product_name, platform, quantity, total_amount, status, external_order_id')
    .order('order_date', { ascending: false })
    .order('id');
  if (error) throw toUserError(error);
  // Postgres numeric columns may arrive as strings from the REST layer.
  return data.map((order) => ({ ...order, total_amount: Number(order.total_amount) }));
}

/** Newest first (spec section 7). */
export function useSalesOrders() {
  return useQuery({ queryKey: queryKeys.salesOrders, queryFn: fetchSalesOrders });
}

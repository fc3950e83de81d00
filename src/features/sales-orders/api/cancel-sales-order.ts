import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

async function cancelSalesOrder(orderId: string) {
  const { data, error } = await supabase.rpc('cancel_sales_order', { order_id: orderId });
  if (error) throw toUserError(error);
  return data;
}

/** Unfulfilled to Cancelled; the quantity goes back to the product's stock. */
export function useCancelSalesOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSalesOrder,
    onSettled: () => invalidateTables(queryClient, ['sales_orders', 'products'], 'all'),
  });
}

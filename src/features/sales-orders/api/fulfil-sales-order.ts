import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshTablesAfterWrite } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

async function fulfilSalesOrder(orderId: string) {
  const { data, error } = await supabase.rpc('fulfil_sales_order', { order_id: orderId });
  if (error) throw toUserError(error);
  return data;
}

export function useFulfilSalesOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fulfilSalesOrder,
    ...refreshTablesAfterWrite(queryClient, ['sales_orders']),
  });
}

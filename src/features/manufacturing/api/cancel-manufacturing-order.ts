import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

async function cancelManufacturingOrder(orderId: string) {
  const { data, error } = await supabase.rpc('cancel_manufacturing_order', { order_id: orderId });
  if (error) throw toUserError(error);
  return data;
}

/** In Progress to Cancelled; every material the run consumed goes back. */
export function useCancelManufacturingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelManufacturingOrder,
    onSettled: () => invalidateTables(queryClient, ['manufacturing_orders', 'raw_materials'], 'all'),
  });
}

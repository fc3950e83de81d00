import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshTablesAfterWrite } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

async function completeProduction(orderId: string) {
  const { data, error } = await supabase.rpc('complete_production', { order_id: orderId });
  if (error) throw toUserError(error);
  return data;
}

export function useCompleteProduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProduction,
    ...refreshTablesAfterWrite(queryClient, ['manufacturing_orders', 'products']),
  });
}

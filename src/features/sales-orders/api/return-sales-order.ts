import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { noteField } from '@/features/stock-items/quantity-rules';
import { invalidateTables } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

/** return_sales_order's rules: restock on by default (an RTO comes back sellable), a short note. */
export const returnSalesOrderSchema = z.object({
  restock: z.boolean(),
  note: noteField('Note'),
});

export type ReturnSalesOrderInput = z.output<typeof returnSalesOrderSchema>;
export const returnSalesOrderDefaults: ReturnSalesOrderInput = { restock: true, note: '' };

async function returnSalesOrder({ orderId, input }: { orderId: string; input: ReturnSalesOrderInput }) {
  const { data, error } = await supabase.rpc('return_sales_order', {
    order_id: orderId,
    restock: input.restock,
    note: input.note === '' ? undefined : input.note,
  });
  if (error) throw toUserError(error);
  return data;
}

/** Fulfilled to Returned; with restock the quantity goes back to stock. */
export function useReturnSalesOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnSalesOrder,
    onSettled: () => invalidateTables(queryClient, ['sales_orders', 'products'], 'all'),
  });
}

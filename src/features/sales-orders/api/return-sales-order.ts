import { z } from 'zod';
import { noteField } from '@/features/stock-items/quantity-rules';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

/** return_sales_order's rules: restock on by default (an RTO comes back sellable), a short note. */
export const returnSalesOrderSchema = z.object({
  restock: z.boolean(),
  note: noteField('Note'),
});

export type ReturnSalesOrderInput = z.output<typeof returnSalesOrderSchema>;
export const returnSalesOrderDefaults: ReturnSalesOrderInput = { restock: true, note: '' };

async function returnSalesOrder(
  { orderId, input }: { orderId: string; input: ReturnSalesOrderInput },
  submissionId: string,
) {
  return callRpc(
    'return_sales_order',
    withRequestId(
      { order_id: orderId, restock: input.restock, note: input.note === '' ? undefined : input.note },
      submissionId,
    ),
  );
}

/** Fulfilled to Returned; with restock the quantity goes back to stock. */
export function useReturnSalesOrder() {
  return useWrite({ write: returnSalesOrder, tables: ['sales_orders', 'products'] });
}

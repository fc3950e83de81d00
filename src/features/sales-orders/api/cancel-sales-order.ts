import { callRpc, useWrite } from '@/lib/write';

async function cancelSalesOrder(orderId: string) {
  return callRpc('cancel_sales_order', { order_id: orderId });
}

/** Unfulfilled to Cancelled; the quantity goes back to the product's stock. */
export function useCancelSalesOrder() {
  return useWrite({ write: cancelSalesOrder, tables: ['sales_orders', 'products'] });
}

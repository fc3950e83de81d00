import { callRpc, useWrite } from '@/lib/write';

async function fulfilSalesOrder(orderId: string) {
  return callRpc('fulfil_sales_order', { order_id: orderId });
}

export function useFulfilSalesOrder() {
  return useWrite({ write: fulfilSalesOrder, tables: ['sales_orders'] });
}

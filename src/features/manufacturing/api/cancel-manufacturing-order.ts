import { callRpc, useWrite } from '@/lib/write';

async function cancelManufacturingOrder(orderId: string) {
  return callRpc('cancel_manufacturing_order', { order_id: orderId });
}

/** In Progress to Cancelled; every material the run consumed goes back. */
export function useCancelManufacturingOrder() {
  return useWrite({ write: cancelManufacturingOrder, tables: ['manufacturing_orders', 'raw_materials'] });
}

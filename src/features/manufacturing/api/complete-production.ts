import { callRpc, useWrite } from '@/lib/write';

async function completeProduction(orderId: string) {
  return callRpc('complete_production', { order_id: orderId });
}

export function useCompleteProduction() {
  return useWrite({ write: completeProduction, tables: ['manufacturing_orders', 'products'] });
}

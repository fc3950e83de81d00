import { callRpc, useWrite } from '@/lib/write';

/** At most this many orders in one call (fulfil_sales_orders refuses more). */
export const MAX_ORDERS_PER_FULFIL = 1000;

async function fulfilSalesOrders(orderIds: readonly string[]) {
  return callRpc('fulfil_sales_orders', { order_ids: [...orderIds] });
}

/**
 * Unfulfilled to Fulfilled for every order given, all or nothing: the server refuses the whole call
 * if any is not the user's or no longer Unfulfilled. Answers how many were fulfilled.
 */
export function useFulfilSalesOrders() {
  return useWrite({ write: fulfilSalesOrders, tables: ['sales_orders'] });
}

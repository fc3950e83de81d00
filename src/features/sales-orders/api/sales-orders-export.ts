import type { CsvExport } from '@/lib/csv-export';
import { pageOfRange } from '@/lib/list-state';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { fetchSalesOrderPage, type SalesOrder, type SalesOrderQuery } from './get-sales-orders';

/** An exported order: the list's row and its product's SKU. */
export type ExportedSalesOrder = SalesOrder & { sku: string | null };

/** Orders per SKU request: their ids travel in the URL, which has to stay well under 16 KB. */
const ORDER_IDS_PER_REQUEST = 100;

/**
 * A cancelled or returned order earned nothing at sale, so its recorded Profit cell stays empty:
 * summing (or averaging) the column in a spreadsheet then counts only the orders that stand. Empty
 * rather than 0, because SUM and AVERAGE skip an empty cell but count a 0, and a 0 would read as
 * "sold at break-even".
 */
export const earnsNothing = (order: Pick<SalesOrder, 'status'>) =>
  order.status === 'Cancelled' || order.status === 'Returned';

/**
 * A cancelled order cost nothing either: its Fees and Profit After Returns stay empty. A returned
 * one keeps its lost forward fees and its loss, as the dashboard counts them (issue 29), so those
 * columns sum to the dashboard's fees and profit.
 */
export const costsNothing = (order: Pick<SalesOrder, 'status'>) => order.status === 'Cancelled';

/** The orders with their products' SKUs (the product's SKU now: an order keeps no copy of it). */
async function withSkus(orders: SalesOrder[]): Promise<ExportedSalesOrder[]> {
  const skus = new Map<string, string>();
  for (let start = 0; start < orders.length; start += ORDER_IDS_PER_REQUEST) {
    const ids = orders.slice(start, start + ORDER_IDS_PER_REQUEST).map((order) => order.id);
    const { data, error } = await supabase.from('sales_orders').select('id, products(sku)').in('id', ids);
    if (error) throw toUserError(error);
    for (const row of data ?? []) if (row.products) skus.set(row.id, row.products.sku);
  }
  return orders.map((order) => ({ ...order, sku: skus.get(order.id) ?? null }));
}

/** The orders the Sales Orders list shows now (its search, filters and order), every page of them. */
export const salesOrdersExport = (query: SalesOrderQuery): CsvExport<ExportedSalesOrder> => ({
  fileName: 'sales-orders',
  columns: [
    { header: 'Order ID', kind: 'text', value: (order) => order.id },
    { header: 'Date', kind: 'datetime', value: (order) => order.order_date },
    { header: 'Product', kind: 'text', value: (order) => order.product_name },
    { header: 'Platform', kind: 'text', value: (order) => order.platform },
    { header: 'Qty', kind: 'number', value: (order) => order.quantity },
    { header: 'Total', kind: 'amount', value: (order) => order.total_amount },
    { header: 'Fees', kind: 'amount', value: (order) => (costsNothing(order) ? null : order.fees) },
    { header: 'Recorded Profit', kind: 'amount', value: (order) => (earnsNothing(order) ? null : order.profit) },
    { header: 'Status', kind: 'text', value: (order) => order.status },
    { header: 'Marketplace Order ID', kind: 'text', value: (order) => order.external_order_id },
    // Last, so every column before it keeps its place for whoever reads the file by position.
    { header: 'SKU', kind: 'text', value: (order) => order.sku },
    // The order after its returns (issue 29), after SKU for the same reason.
    { header: 'Returned Qty', kind: 'number', value: (order) => order.returned_quantity },
    { header: 'Return Fees', kind: 'amount', value: (order) => order.return_fees },
    {
      header: 'Profit After Returns',
      kind: 'amount',
      value: (order) => (costsNothing(order) ? null : order.profit_after_returns),
    },
  ],
  fetchPage: async (range) => withSkus((await fetchSalesOrderPage(query, pageOfRange(range))).rows),
});

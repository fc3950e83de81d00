import type { CsvExport } from '@/features/exports/api/csv-export';
import { pageOfRange } from '@/lib/list-state';
import { fetchSalesOrderPage, type SalesOrder, type SalesOrderQuery } from './get-sales-orders';

/** The orders the Sales Orders list shows now (its search, filters and order), every page of them. */
export const salesOrdersExport = (query: SalesOrderQuery): CsvExport<SalesOrder> => ({
  fileName: 'sales-orders',
  columns: [
    { header: 'Order ID', kind: 'text', value: (order) => order.id },
    { header: 'Date', kind: 'datetime', value: (order) => order.order_date },
    { header: 'Product', kind: 'text', value: (order) => order.product_name },
    { header: 'Platform', kind: 'text', value: (order) => order.platform },
    { header: 'Qty', kind: 'number', value: (order) => order.quantity },
    { header: 'Total', kind: 'amount', value: (order) => order.total_amount },
    { header: 'Fees', kind: 'amount', value: (order) => order.fees },
    { header: 'Profit', kind: 'amount', value: (order) => order.profit },
    { header: 'Status', kind: 'text', value: (order) => order.status },
    { header: 'Marketplace Order ID', kind: 'text', value: (order) => order.external_order_id },
  ],
  fetchPage: async (range) => (await fetchSalesOrderPage(query, pageOfRange(range))).rows,
});

import type { CsvExport } from '@/lib/csv-export';
import { pageOfRange } from '@/lib/list-state';
import {
  fetchManufacturingOrderPage,
  type ManufacturingOrder,
  type ManufacturingOrderQuery,
} from './get-manufacturing-orders';

/** The runs the Manufacturing list shows now (its filters and order), every page of them. */
export const manufacturingOrdersExport = (query: ManufacturingOrderQuery): CsvExport<ManufacturingOrder> => ({
  fileName: 'manufacturing-orders',
  columns: [
    { header: 'Order ID', kind: 'text', value: (order) => order.id },
    { header: 'Date Created', kind: 'datetime', value: (order) => order.creation_date },
    { header: 'Product', kind: 'text', value: (order) => order.product_name },
    { header: 'Qty to Produce', kind: 'number', value: (order) => order.quantity_to_produce },
    { header: 'Status', kind: 'text', value: (order) => order.status },
    { header: 'Date Completed', kind: 'datetime', value: (order) => order.completion_date },
  ],
  fetchPage: async (range) => (await fetchManufacturingOrderPage(query, pageOfRange(range))).rows,
});

import { isLowStock } from '@/lib/stock';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { fetchSalesOrderPage, type SalesOrder, type SalesOrderQuery } from '@/features/sales-orders/api/get-sales-orders';
import type { CsvExport } from './csv-export';

// The CSV export of every list: the list's columns (the spec's, without Actions), plus what a
// spreadsheet needs and the screen leaves out (ids, reorder points, profit, archived dates).
// Each query ends its sort on a unique key so pages neither repeat nor skip rows.

async function rowsOf<Row>(request: PromiseLike<{ data: Row[] | null; error: { message: string; code?: string } | null }>) {
  const { data, error } = await request;
  if (error) throw toUserError(error);
  return data ?? [];
}

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
  // fetchAllPages asks for whole pages: from is a multiple of the page size.
  fetchPage: async ({ from, to }) => {
    const pageSize = to - from + 1;
    return (await fetchSalesOrderPage(query, { page: from / pageSize + 1, pageSize })).rows;
  },
});

export const manufacturingOrdersExport: CsvExport<{
  id: string;
  creation_date: string;
  product_name: string;
  quantity_to_produce: number;
  status: string;
  completion_date: string | null;
}> = {
  fileName: 'manufacturing-orders',
  columns: [
    { header: 'Order ID', kind: 'text', value: (order) => order.id },
    { header: 'Date Created', kind: 'datetime', value: (order) => order.creation_date },
    { header: 'Product', kind: 'text', value: (order) => order.product_name },
    { header: 'Qty to Produce', kind: 'number', value: (order) => order.quantity_to_produce },
    { header: 'Status', kind: 'text', value: (order) => order.status },
    { header: 'Date Completed', kind: 'datetime', value: (order) => order.completion_date },
  ],
  fetchPage: ({ from, to }) =>
    rowsOf(
      supabase
        .from('manufacturing_orders')
        .select('id, creation_date, product_name, quantity_to_produce, status, completion_date')
        .order('creation_date', { ascending: false })
        .order('id')
        .range(from, to),
    ),
};

interface ProductRow {
  sku: string;
  product_name: string;
  category: string | null;
  selling_price: number;
  stock_on_hand: number;
  reorder_point: number;
  archived_at: string | null;
  bom_items: { quantity: number; raw_materials: { material_name: string } | null }[];
}

/** A BOM as the import's BOM cell reads it: "Cotton fabric: 1.5; Buttons: 4". */
export function bomCell(lines: ProductRow['bom_items']): string {
  return lines.map((line) => `${line.raw_materials?.material_name ?? 'Unknown'}: ${Number(line.quantity)}`).join('; ');
}

// The catalogue exports carry the import template's columns first, so a file exported here
// imports into another workspace as it is.
export const productsExport: CsvExport<ProductRow> = {
  fileName: 'products',
  columns: [
    { header: 'SKU', kind: 'text', value: (product) => product.sku },
    { header: 'Product Name', kind: 'text', value: (product) => product.product_name },
    { header: 'Category', kind: 'text', value: (product) => product.category },
    { header: 'Selling Price', kind: 'amount', value: (product) => product.selling_price },
    { header: 'Stock on Hand', kind: 'number', value: (product) => product.stock_on_hand },
    { header: 'Reorder Point', kind: 'number', value: (product) => product.reorder_point },
    { header: 'BOM', kind: 'text', value: (product) => bomCell(product.bom_items) },
    { header: 'Archived', kind: 'date', value: (product) => product.archived_at },
  ],
  fetchPage: ({ from, to }) =>
    rowsOf(
      supabase
        .from('products')
        .select(
          'sku, product_name, category, selling_price, stock_on_hand, reorder_point, archived_at, bom_items(quantity, raw_materials(material_name))',
        )
        .order('created_at')
        .order('id')
        .range(from, to),
    ),
};

interface MaterialRow {
  material_name: string;
  supplier: string | null;
  cost_per_unit: number;
  stock_level: number;
  unit_of_measure: string;
  reorder_point: number;
  archived_at: string | null;
}

export const rawMaterialsExport: CsvExport<MaterialRow> = {
  fileName: 'raw-materials',
  columns: [
    { header: 'Material Name', kind: 'text', value: (material) => material.material_name },
    { header: 'Supplier', kind: 'text', value: (material) => material.supplier },
    // Costs keep four decimals (₹0.125 a button): written in full, not rounded to paise.
    { header: 'Cost per Unit', kind: 'number', value: (material) => material.cost_per_unit },
    { header: 'Stock Level', kind: 'number', value: (material) => material.stock_level },
    { header: 'Unit', kind: 'text', value: (material) => material.unit_of_measure },
    { header: 'Reorder Point', kind: 'number', value: (material) => material.reorder_point },
    { header: 'Archived', kind: 'date', value: (material) => material.archived_at },
  ],
  fetchPage: ({ from, to }) =>
    rowsOf(
      supabase
        .from('raw_materials')
        .select('material_name, supplier, cost_per_unit, stock_level, unit_of_measure, reorder_point, archived_at')
        .order('created_at')
        .order('id')
        .range(from, to),
    ),
};

const stockStatus = (stock: number | string, reorderPoint: number | string) =>
  isLowStock(Number(stock), Number(reorderPoint)) ? 'Low Stock' : 'In Stock';

// Inventory Status lists active items only, as its tables do.
export const inventoryProductsExport: CsvExport<Pick<ProductRow, 'sku' | 'product_name' | 'stock_on_hand' | 'reorder_point'>> = {
  fileName: 'inventory-finished-products',
  columns: [
    { header: 'SKU', kind: 'text', value: (product) => product.sku },
    { header: 'Product', kind: 'text', value: (product) => product.product_name },
    { header: 'Stock on Hand', kind: 'number', value: (product) => product.stock_on_hand },
    { header: 'Reorder Point', kind: 'number', value: (product) => product.reorder_point },
    { header: 'Status', kind: 'text', value: (product) => stockStatus(product.stock_on_hand, product.reorder_point) },
  ],
  fetchPage: ({ from, to }) =>
    rowsOf(
      supabase
        .from('products')
        .select('sku, product_name, stock_on_hand, reorder_point')
        .is('archived_at', null)
        .order('created_at')
        .order('id')
        .range(from, to),
    ),
};

export const inventoryMaterialsExport: CsvExport<
  Pick<MaterialRow, 'material_name' | 'unit_of_measure' | 'stock_level' | 'reorder_point'>
> = {
  fileName: 'inventory-raw-materials',
  columns: [
    { header: 'Material', kind: 'text', value: (material) => material.material_name },
    { header: 'Unit', kind: 'text', value: (material) => material.unit_of_measure },
    { header: 'Stock Level', kind: 'number', value: (material) => material.stock_level },
    { header: 'Reorder Point', kind: 'number', value: (material) => material.reorder_point },
    { header: 'Status', kind: 'text', value: (material) => stockStatus(material.stock_level, material.reorder_point) },
  ],
  fetchPage: ({ from, to }) =>
    rowsOf(
      supabase
        .from('raw_materials')
        .select('material_name, unit_of_measure, stock_level, reorder_point')
        .is('archived_at', null)
        .order('created_at')
        .order('id')
        .range(from, to),
    ),
};

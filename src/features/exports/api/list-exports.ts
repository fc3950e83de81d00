import { isLowStock } from '@/lib/stock';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { fetchSalesOrderPage, type SalesOrder, type SalesOrderQuery } from '@/features/sales-orders/api/get-sales-orders';
import {
  fetchManufacturingOrderPage,
  type ManufacturingOrder,
  type ManufacturingOrderQuery,
} from '@/features/manufacturing/api/get-manufacturing-orders';
import {
  fetchListedProducts,
  fetchListedRawMaterials,
  type ItemQuery,
  type ListedProduct,
  type ListedRawMaterial,
  type ProductSort,
  type RawMaterialSort,
} from '@/features/stock-items/api/item-lists';
import { pageOfRange } from '@/lib/list-state';
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
  fetchPage: async (range) => (await fetchSalesOrderPage(query, pageOfRange(range))).rows,
});

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

type BomLine = { quantity: number; raw_materials: { material_name: string } | null };
type ProductRow = ListedProduct & { bom_items: BomLine[] };

/** Products per BOM request: their ids travel in the URL, which has to stay well under 16 KB. */
const BOM_IDS_PER_REQUEST = 100;

/** The products with their BOM lines, as the import's BOM cell needs them. */
async function withBoms(products: ListedProduct[]): Promise<ProductRow[]> {
  const lines = new Map<string, BomLine[]>();
  for (let start = 0; start < products.length; start += BOM_IDS_PER_REQUEST) {
    const ids = products.slice(start, start + BOM_IDS_PER_REQUEST).map((product) => product.id);
    const rows = await rowsOf(
      supabase.from('bom_items').select('product_id, quantity, raw_materials(material_name)').in('product_id', ids),
    );
    for (const { product_id, ...line } of rows) lines.set(product_id, [...(lines.get(product_id) ?? []), line]);
  }
  return products.map((product) => ({ ...product, bom_items: lines.get(product.id) ?? [] }));
}

/** A BOM as the import's BOM cell reads it: "Cotton fabric: 1.5; Buttons: 4". */
export function bomCell(lines: ProductRow['bom_items']): string {
  return lines.map((line) => `${line.raw_materials?.material_name ?? 'Unknown'}: ${Number(line.quantity)}`).join('; ');
}

// The catalogue exports carry the import template's columns first, so a file exported here
// imports into another workspace as it is.
export const productsExport = (query: ItemQuery<ProductSort>): CsvExport<ProductRow> => ({
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
  fetchPage: async (range) => withBoms((await fetchListedProducts(query, pageOfRange(range))).rows),
});

type MaterialRow = ListedRawMaterial;

export const rawMaterialsExport = (query: ItemQuery<RawMaterialSort>): CsvExport<MaterialRow> => ({
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
  fetchPage: async (range) => (await fetchListedRawMaterials(query, pageOfRange(range))).rows,
});

const stockStatus = (stock: number | string, reorderPoint: number | string) =>
  isLowStock(Number(stock), Number(reorderPoint)) ? 'Low Stock' : 'In Stock';

// Inventory Status exports what its tables show now: active items, all or the low ones.
export const inventoryProductsExport = (query: ItemQuery<ProductSort>): CsvExport<ListedProduct> => ({
  fileName: 'inventory-finished-products',
  columns: [
    { header: 'SKU', kind: 'text', value: (product) => product.sku },
    { header: 'Product', kind: 'text', value: (product) => product.product_name },
    { header: 'Stock on Hand', kind: 'number', value: (product) => product.stock_on_hand },
    { header: 'Reorder Point', kind: 'number', value: (product) => product.reorder_point },
    { header: 'Status', kind: 'text', value: (product) => stockStatus(product.stock_on_hand, product.reorder_point) },
  ],
  fetchPage: async (range) => (await fetchListedProducts(query, pageOfRange(range))).rows,
});

export const inventoryMaterialsExport = (query: ItemQuery<RawMaterialSort>): CsvExport<ListedRawMaterial> => ({
  fileName: 'inventory-raw-materials',
  columns: [
    { header: 'Material', kind: 'text', value: (material) => material.material_name },
    { header: 'Unit', kind: 'text', value: (material) => material.unit_of_measure },
    { header: 'Stock Level', kind: 'number', value: (material) => material.stock_level },
    { header: 'Reorder Point', kind: 'number', value: (material) => material.reorder_point },
    { header: 'Status', kind: 'text', value: (material) => stockStatus(material.stock_level, material.reorder_point) },
  ],
  fetchPage: async (range) => (await fetchListedRawMaterials(query, pageOfRange(range))).rows,
});

import type { CsvExport } from '@/features/exports/api/csv-export';
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
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

async function rowsOf<Row>(
  request: PromiseLike<{ data: Row[] | null; error: { message: string; code?: string } | null }>,
) {
  const { data, error } = await request;
  if (error) throw toUserError(error);
  return data ?? [];
}

type BomLine = { quantity: number; raw_materials: { material_name: string } | null };
type ProductRow = ListedProduct & { bom_items: BomLine[] };

/** Products per BOM request: their ids travel in the URL, which has to stay well under 16 KB. */
const BOM_IDS_PER_REQUEST = 100;

/** The products with their BOM lines, as the import's BOM cell needs them. */
async function withBoms(products: ListedProduct[]): Promise<ProductRow[]> {
  const lines = new Map<string, BomLine[]>();
  for (let start = 0; start < products.length; start += BOM_IDS_PER_REQUEST) {
    const ids = products.slice(start, start + BOM_IDS_PER_REQUEST).map((product) => product.id);
    // One row per product with its lines embedded: the API's 1,000-row bound counts products, so a
    // hundred long BOMs all arrive whole.
    const rows = await rowsOf(
      supabase.from('products').select('id, bom_items(quantity, raw_materials(material_name))').in('id', ids),
    );
    for (const { id, bom_items } of rows) lines.set(id, bom_items);
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

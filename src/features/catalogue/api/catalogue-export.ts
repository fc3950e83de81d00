import { z } from 'zod';
import type { CsvExport } from '@/lib/csv-export';
import {
  fetchListedProducts,
  fetchListedRawMaterials,
  type ItemQuery,
  type ListedProduct,
  type ListedRawMaterial,
  type ProductSort,
  type ProductStyle,
  type RawMaterialSort,
} from '@/features/catalogue/api/item-lists';
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
type ProductRow = ListedProduct &
  ProductStyle & {
    bom_items: BomLine[];
    /** A variant's place in its style's grid: the index of each of its values among its option's. */
    grid_position: number[] | null;
  };

/** Products per request: their ids travel in the URL, which has to stay well under 16 KB. */
const IDS_PER_REQUEST = 100;

const optionsSchema = z.array(z.object({ values: z.array(z.string()) }));

/** A variant's values as indices into its style's options (first option first), the grid's order. */
export function gridPosition(optionValues: string[], styleOptions: unknown): number[] {
  const options = optionsSchema.parse(styleOptions);
  return optionValues.map((value, index) => options[index]?.values.indexOf(value) ?? -1);
}

/** The products with their BOM lines, as the import's BOM cell needs them, and a variant's place in its style. */
async function withBomsAndGrid(products: (ListedProduct & ProductStyle)[]): Promise<ProductRow[]> {
  const details = new Map<string, Pick<ProductRow, 'bom_items' | 'grid_position'>>();
  for (let start = 0; start < products.length; start += IDS_PER_REQUEST) {
    const ids = products.slice(start, start + IDS_PER_REQUEST).map((product) => product.id);
    // One row per product with its lines embedded: the API's 1,000-row bound counts products, so a
    // hundred long BOMs all arrive whole.
    const rows = await rowsOf(
      supabase
        .from('products')
        .select('id, bom_items(quantity, raw_materials(material_name)), style_variants(option_values, styles(options))')
        .in('id', ids),
    );
    for (const { id, bom_items, style_variants } of rows) {
      details.set(id, {
        bom_items,
        grid_position: style_variants?.styles
          ? gridPosition(style_variants.option_values, style_variants.styles.options)
          : null,
      });
    }
  }
  return products.map((product) => ({
    ...product,
    ...(details.get(product.id) ?? { bom_items: [], grid_position: null }),
  }));
}

/**
 * A BOM as the import's BOM cell reads it: "Buttons: 4; Cotton fabric: 1.5". Its lines have no order
 * of their own (the database returns them as its plan finds them), so the cell lists them by
 * material name: the same BOM always exports the same cell.
 */
export function bomCell(lines: ProductRow['bom_items']): string {
  return lines
    .map((line) => ({ name: line.raw_materials?.material_name ?? 'Unknown', quantity: Number(line.quantity) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IN'))
    .map((line) => `${line.name}: ${line.quantity}`)
    .join('; ');
}

const compareGrid = (a: number[], b: number[]) => {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  }
  return a.length - b.length;
};

/**
 * Every row where the list puts it, except that the rows of one style take the places its rows
 * have in the style's grid order (first option outermost). The import gives a style its values in
 * the order they first appear in the file, and a style's variants have no order of their own in
 * the list (created together, they tie on created_at): without this an exported kurta could come
 * back with its sizes as M, XL, S, L.
 */
export function inStyleGridOrder<Row extends Pick<ProductRow, 'style_id' | 'grid_position'>>(rows: Row[]): Row[] {
  const placesOfStyle = new Map<string, number[]>();
  rows.forEach((row, index) => {
    if (row.style_id === null) return;
    const places = placesOfStyle.get(row.style_id);
    if (places) places.push(index);
    else placesOfStyle.set(row.style_id, [index]);
  });
  const arranged = [...rows];
  for (const places of placesOfStyle.values()) {
    const variants = places
      .map((place) => rows[place]!)
      .sort((a, b) => compareGrid(a.grid_position ?? [], b.grid_position ?? []));
    places.forEach((place, index) => (arranged[place] = variants[index]!));
  }
  return arranged;
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
    { header: 'Style', kind: 'text', value: (product) => product.style_name },
    { header: 'Options', kind: 'text', value: (product) => product.options },
    { header: 'Archived', kind: 'date', value: (product) => product.archived_at },
  ],
  fetchPage: async (range) => withBomsAndGrid((await fetchListedProducts(query, pageOfRange(range))).rows),
  arrange: inStyleGridOrder,
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

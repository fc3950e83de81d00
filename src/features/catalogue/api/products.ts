import type { Tables } from '@/lib/database.types';

export type Product = Pick<
  Tables<'products'>,
  'id' | 'sku' | 'product_name' | 'category' | 'selling_price' | 'stock_on_hand' | 'reorder_point' | 'archived_at'
>;

/** Postgres numeric columns may arrive as strings from the REST layer. */
export function toProduct(row: Product): Product {
  return {
    ...row,
    selling_price: Number(row.selling_price),
    stock_on_hand: Number(row.stock_on_hand),
    reorder_point: Number(row.reorder_point),
  };
}

/** The columns of a Product, as a select list. */
export const PRODUCT_COLUMNS =
  'id, sku, product_name, category, selling_price, stock_on_hand, reorder_point, archived_at';

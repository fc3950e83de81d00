import { useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { queryKeys } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

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

async function fetchProducts(): Promise<Product[]> {
  const { data, error } = await supabase.from('products').select(PRODUCT_COLUMNS).order('created_at');
  if (error) throw toUserError(error);
  return data.map(toProduct);
}

/**
 * Every product of the user, archived ones too: the product forms check a typed SKU against them
 * (SKUs are unique among all of them). Pickers search the server instead (useProductPicker).
 */
export function useProducts() {
  return useQuery({ queryKey: queryKeys.products, queryFn: fetchProducts });
}

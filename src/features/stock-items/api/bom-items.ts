import { useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { queryKeys } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

export type BomItem = Pick<Tables<'bom_items'>, 'product_id' | 'material_id' | 'quantity'>;

async function fetchBomItems(): Promise<BomItem[]> {
  const { data, error } = await supabase.from('bom_items').select('product_id, material_id, quantity');
  if (error) throw toUserError(error);
  // Postgres numeric columns may arrive as strings from the REST layer.
  return data.map((item) => ({ ...item, quantity: Number(item.quantity) }));
}

/** Every BOM row of the user's products: small, and the production form needs any product's. */
export function useBomItems() {
  return useQuery({ queryKey: queryKeys.bomItems, queryFn: fetchBomItems });
}

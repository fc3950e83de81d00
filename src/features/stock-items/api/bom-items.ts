import { skipToken, useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { queryKeys } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { RAW_MATERIAL_COLUMNS, toRawMaterial, type RawMaterial } from './raw-materials';

export type BomItem = Pick<Tables<'bom_items'>, 'material_id' | 'quantity'>;

/** One product's bill of materials: its lines and their materials. */
export interface ProductBom {
  lines: BomItem[];
  /** Each line's material (archived ones too: a BOM may still name one, and its stock counts). */
  materials: RawMaterial[];
}

/** The cache key of one product's BOM (under BOM items, so product and material changes refresh it). */
export const productBomKey = (productId: string | null) => [...queryKeys.bomItems, productId] as const;

async function fetchProductBom(productId: string): Promise<ProductBom> {
  const { data, error } = await supabase
    .from('bom_items')
    .select(`material_id, quantity, raw_materials(${RAW_MATERIAL_COLUMNS})`)
    .eq('product_id', productId);
  if (error) throw toUserError(error);
  return {
    // Postgres numeric columns may arrive as strings from the REST layer.
    lines: data.map((line) => ({ material_id: line.material_id, quantity: Number(line.quantity) })),
    materials: data.flatMap((line) => (line.raw_materials ? [toRawMaterial(line.raw_materials)] : [])),
  };
}

/** One product's BOM with its materials' stock and cost: a few rows, whatever the catalogue's size. */
export function useProductBom(productId: string | null) {
  return useQuery({
    queryKey: productBomKey(productId),
    queryFn: productId === null ? skipToken : () => fetchProductBom(productId),
  });
}

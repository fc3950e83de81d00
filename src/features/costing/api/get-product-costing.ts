import { useQuery } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { queryKeys } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

type CostingRow = Database['public']['Functions']['product_costing']['Returns'][number];

/** One product's cost to make, margin and what limits production, as product_costing() computes them. */
export interface ProductCosting {
  product_id: string;
  unit_cost: number;
  margin: number;
  margin_percent: number;
  /** Null for an empty BOM: no material limits it. */
  max_buildable: number | null;
  bottleneck_material_id: string | null;
  bottleneck_material_name: string | null;
}

/** A product's costing, or null for a product that is not (or no longer) the caller's. */
async function fetchProductCosting(productId: string): Promise<ProductCosting | null> {
  // One row: product_costing() answers for every product, and a page of them stops at 1,000.
  const { data, error } = await supabase.rpc('product_costing').eq('product_id', productId).maybeSingle();
  if (error) throw toUserError(error);
  if (!data) return null;
  const row = data as CostingRow;
  // Numeric columns may arrive as strings from the REST layer.
  return {
    product_id: row.product_id,
    unit_cost: Number(row.unit_cost),
    margin: Number(row.margin),
    margin_percent: Number(row.margin_percent),
    max_buildable: row.max_buildable === null ? null : Number(row.max_buildable),
    bottleneck_material_id: row.bottleneck_material_id,
    bottleneck_material_name: row.bottleneck_material_name,
  };
}

/** One product's costing. */
export function useProductCosting(productId: string) {
  return useQuery({
    queryKey: [...queryKeys.productCosting, productId],
    queryFn: () => fetchProductCosting(productId),
  });
}

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

async function fetchProductCosting(): Promise<Map<string, ProductCosting>> {
  const { data, error } = await supabase.rpc('product_costing');
  if (error) throw toUserError(error);
  // Numeric columns may arrive as strings from the REST layer.
  return new Map(
    (data as CostingRow[]).map((row) => [
      row.product_id,
      {
        product_id: row.product_id,
        unit_cost: Number(row.unit_cost),
        margin: Number(row.margin),
        margin_percent: Number(row.margin_percent),
        max_buildable: row.max_buildable === null ? null : Number(row.max_buildable),
        bottleneck_material_id: row.bottleneck_material_id,
        bottleneck_material_name: row.bottleneck_material_name,
      },
    ]),
  );
}

/** Every product's costing, by product id. */
export function useProductCosting() {
  return useQuery({ queryKey: queryKeys.productCosting, queryFn: fetchProductCosting });
}

import { skipToken, useQuery } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { catalogueKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

type CostingRow = Database['public']['Functions']['product_costing']['Returns'][number];

/**
 * One product's cost to make, margin and what limits production, as product_costing() computes
 * them through every level of sub-assemblies. The cost is unknown (null, with cost_known false)
 * when the product, or a sub-assembly in it, has neither a BOM nor a purchase cost: then there is
 * no margin either.
 */
export interface ProductCosting {
  product_id: string;
  cost_known: boolean;
  unit_cost: number | null;
  margin: number | null;
  margin_percent: number | null;
  /** The selling price without its GST, which the margin is on (issue 42). */
  price_before_gst: number;
  /** The cost build-up over every level: materials as entered, their wastage, labour, overhead per unit, purchase costs. */
  materials_cost: number;
  wastage_cost: number;
  labour_cost: number;
  overhead_cost: number;
  purchase_cost: number;
  /** What job workers charge per unit, over every level (issue 45). */
  job_work_cost: number;
  /** Null for an empty BOM: nothing limits it. */
  max_buildable: number | null;
  bottleneck_material_id: string | null;
  bottleneck_material_name: string | null;
  /** A sub-assembly without a BOM of its own that limits it (at whatever level). */
  bottleneck_product_id: string | null;
  bottleneck_product_name: string | null;
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

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
    cost_known: row.cost_known,
    unit_cost: numberOrNull(row.unit_cost),
    margin: numberOrNull(row.margin),
    price_before_gst: Number(row.price_before_gst),
    margin_percent: numberOrNull(row.margin_percent),
    materials_cost: Number(row.materials_cost),
    wastage_cost: Number(row.wastage_cost),
    labour_cost: Number(row.labour_cost),
    overhead_cost: Number(row.overhead_cost),
    purchase_cost: Number(row.purchase_cost),
    job_work_cost: Number(row.job_work_cost),
    max_buildable: numberOrNull(row.max_buildable),
    bottleneck_material_id: row.bottleneck_material_id,
    bottleneck_material_name: row.bottleneck_material_name,
    bottleneck_product_id: row.bottleneck_product_id,
    bottleneck_product_name: row.bottleneck_product_name,
  };
}

/** One product's costing. */
export function useProductCosting(productId: string | null) {
  return useQuery({
    queryKey: [...catalogueKeys.productCosting, productId],
    queryFn: productId === null ? skipToken : () => fetchProductCosting(productId),
  });
}

/** What runs out first, a material or a sub-assembly without a BOM, at whatever level. */
export function bottleneckName(costing: ProductCosting): string | null {
  return costing.bottleneck_material_name ?? costing.bottleneck_product_name;
}

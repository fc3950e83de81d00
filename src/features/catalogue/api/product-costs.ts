import { skipToken, useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

/** What a unit of a product costs beyond its BOM (set_product_costs), and a bought-in product's purchase cost. */
export interface ProductCosts {
  labour_per_unit: number;
  overhead_per_run: number;
  run_size: number;
  /** Null: not known. */
  purchase_cost: number | null;
}

export const noProductCosts: ProductCosts = {
  labour_per_unit: 0,
  overhead_per_run: 0,
  run_size: 1,
  purchase_cost: null,
};

async function fetchProductCosts(productId: string): Promise<ProductCosts | null> {
  const { data, error } = await supabase
    .from('products')
    .select('labour_per_unit, overhead_per_run, run_size, purchase_cost')
    .eq('id', productId)
    .maybeSingle();
  if (error) throw toUserError(error);
  if (!data) return null;
  // Numeric columns may arrive as strings from the REST layer.
  return {
    labour_per_unit: Number(data.labour_per_unit),
    overhead_per_run: Number(data.overhead_per_run),
    run_size: Number(data.run_size),
    purchase_cost: data.purchase_cost === null ? null : Number(data.purchase_cost),
  };
}

/** One product's labour, overhead, run size and purchase cost (refreshed by its product's events). */
export function useProductCosts(productId: string | null) {
  return useQuery({
    queryKey: [...catalogueKeys.productCosting, 'costs', productId],
    queryFn: productId === null ? skipToken : () => fetchProductCosts(productId),
  });
}

import { skipToken, useQuery } from '@tanstack/react-query';
import { inventoryKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

/** How fast a product sells and how long its stock lasts (product_planning, issue 33). */
export interface ProductPlanning {
  product_id: string;
  per_day_7: number;
  per_day_30: number;
  per_day_90: number;
  /** Stock / the 30-day velocity; null when nothing sold in 30 days. */
  days_left: number | null;
  runs_out_on: string | null;
  lead_time_days: number;
  safety_days: number;
  suggested_reorder_point: number | null;
}

async function fetchProductPlanning(productIds: string[]): Promise<Map<string, ProductPlanning>> {
  const { data, error } = await supabase.rpc('product_planning', { product_ids: productIds });
  if (error) throw toUserError(error);
  // Numeric columns may arrive as strings from the REST layer.
  return new Map(
    data.map((row) => [
      row.product_id,
      {
        product_id: row.product_id,
        per_day_7: Number(row.per_day_7),
        per_day_30: Number(row.per_day_30),
        per_day_90: Number(row.per_day_90),
        days_left: row.days_left === null ? null : Number(row.days_left),
        runs_out_on: row.runs_out_on,
        lead_time_days: row.lead_time_days,
        safety_days: row.safety_days,
        suggested_reorder_point: row.suggested_reorder_point,
      },
    ]),
  );
}

/** The velocity of the products on one page of a list, by product id. */
export function useProductPlanning(productIds: string[]) {
  return useQuery({
    queryKey: [...inventoryKeys.productPlanning, productIds],
    queryFn: productIds.length === 0 ? skipToken : () => fetchProductPlanning(productIds),
  });
}

/** Writes a product's suggested reorder point as its reorder point (accept_reorder_point). */
export function useAcceptReorderPoint() {
  return useWrite({
    write: (productId: string, submissionId) =>
      callRpc('accept_reorder_point', withRequestId({ product_id: productId }, submissionId)),
    tables: ['products'],
  });
}

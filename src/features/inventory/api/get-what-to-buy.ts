import { useQuery } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import { queryKeys } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

type Row = Database['public']['Functions']['what_to_buy']['Returns'][number];

/** A material below its reorder point, with what what_to_buy() suggests buying. */
export interface PurchaseSuggestion {
  id: string;
  material_name: string;
  supplier: string | null;
  unit_of_measure: string;
  stock_level: number;
  reorder_point: number;
  suggested_quantity: number;
  cost_per_unit: number;
  estimated_cost: number;
}

async function fetchWhatToBuy(): Promise<PurchaseSuggestion[]> {
  // The whole list, page by page (what_to_buy() has a total order): the API answers 1,000 rows at most.
  const rows = await fetchAllPages(async ({ from, to }) => {
    const { data, error } = await supabase.rpc('what_to_buy').range(from, to);
    if (error) throw toUserError(error);
    return data as Row[];
  });
  // Numeric columns may arrive as strings from the REST layer.
  return rows.map((row) => ({
    id: row.material_id,
    material_name: row.material_name,
    supplier: row.supplier,
    unit_of_measure: row.unit_of_measure,
    stock_level: Number(row.stock_level),
    reorder_point: Number(row.reorder_point),
    suggested_quantity: Number(row.suggested_quantity),
    cost_per_unit: Number(row.cost_per_unit),
    estimated_cost: Number(row.estimated_cost),
  }));
}

export function useWhatToBuy() {
  return useQuery({ queryKey: queryKeys.whatToBuy, queryFn: fetchWhatToBuy });
}

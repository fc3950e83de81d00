import { useQuery } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
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
  const { data, error } = await supabase.rpc('what_to_buy');
  if (error) throw toUserError(error);
  // Numeric columns may arrive as strings from the REST layer.
  return (data as Row[]).map((row) => ({
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

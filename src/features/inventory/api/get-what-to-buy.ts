import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Database } from '@/lib/database.types';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import { inventoryKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

type Row = Database['public']['Functions']['what_to_buy']['Returns'][number];

/**
 * A material below its reorder point, with what what_to_buy() suggests buying: enough to reach
 * twice the point less what is on order, in stock units (suggested_quantity) and in the unit its
 * supplier sells it in (purchase_quantity of purchase_unit, rounded up to whole ones).
 */
export interface PurchaseSuggestion {
  id: string;
  material_name: string;
  supplier_id: string | null;
  supplier: string | null;
  unit_of_measure: string;
  stock_level: number;
  reorder_point: number;
  on_order: number;
  suggested_quantity: number;
  purchase_unit: string;
  units_per_purchase_unit: number;
  purchase_quantity: number;
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
    supplier_id: row.supplier_id,
    supplier: row.supplier,
    unit_of_measure: row.unit_of_measure,
    stock_level: Number(row.stock_level),
    reorder_point: Number(row.reorder_point),
    on_order: Number(row.on_order),
    suggested_quantity: Number(row.suggested_quantity),
    purchase_unit: row.purchase_unit,
    units_per_purchase_unit: Number(row.units_per_purchase_unit),
    purchase_quantity: Number(row.purchase_quantity),
    cost_per_unit: Number(row.cost_per_unit),
    estimated_cost: Number(row.estimated_cost),
  }));
}

export function useWhatToBuy() {
  return useQuery({ queryKey: inventoryKeys.whatToBuy, queryFn: fetchWhatToBuy });
}

const createdOrders = z.object({
  purchase_orders: z.array(z.object({ po_number: z.number(), supplier_name: z.string() })),
  needs_supplier: z.array(z.object({ material_name: z.string() })),
});

/**
 * Create purchase orders: one Draft per supplier from the server's suggestions, in one call (the
 * materials without a supplier come back as needing one).
 */
export function useCreateSuggestedPurchaseOrders() {
  return useWrite({
    write: async (_: void, submissionId) =>
      createdOrders.parse(await callRpc('create_suggested_purchase_orders', withRequestId({}, submissionId))),
    tables: ['purchase_orders', 'purchase_order_lines'],
  });
}

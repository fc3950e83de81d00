import { useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

/** A place stock is at (issue 45): the owner's own (the main godown first) or a job worker. */
export type Location = Pick<
  Tables<'locations'>,
  'id' | 'location_name' | 'kind' | 'is_main' | 'gstin' | 'address' | 'supplier_id'
>;

/** Locations, stock per location and delivery challans (issue 45): the locations feature refreshes it. */
export const locationsKey = ['locations'] as const;

async function fetchLocations(): Promise<Location[]> {
  const { data, error } = await supabase
    .from('locations')
    .select('id, location_name, kind, is_main, gstin, address, supplier_id')
    .order('is_main', { ascending: false })
    .order('location_name');
  if (error) throw toUserError(error);
  return data;
}

/** Every location of the owner, the main godown first. */
export function useLocations() {
  return useQuery({ queryKey: [...locationsKey, 'list'], queryFn: fetchLocations });
}

/**
 * The owner's own places, when stock can be at more than one of them: the forms where stock moves
 * (a sale, a production run, a receipt) then ask where. With one, they stay as the spec has them.
 */
export function useOwnLocationChoice(): Location[] | null {
  const own = (useLocations().data ?? []).filter((location) => location.kind === 'own');
  return own.length > 1 ? own : null;
}

/**
 * What is at job workers per item (issue 45), keyed "product:<id>" or "material:<id>": the spec's
 * stock columns stay the total at own places and show this beneath, dimmed, when not zero.
 */
export function useAtJobWorkers() {
  const jobWorkerIds = (useLocations().data ?? [])
    .filter((location) => location.kind === 'job_worker')
    .map((location) => location.id);
  return useQuery({
    queryKey: [...locationsKey, 'at-job-workers', jobWorkerIds],
    enabled: jobWorkerIds.length > 0,
    queryFn: async () => {
      const { data, error } = await supabase
        .from('location_stock')
        .select('product_id, material_id, quantity')
        .in('location_id', jobWorkerIds)
        .gt('quantity', 0);
      if (error) throw toUserError(error);
      const totals = new Map<string, number>();
      for (const row of data) {
        const key = row.product_id ? `product:${row.product_id}` : `material:${row.material_id}`;
        totals.set(key, (totals.get(key) ?? 0) + Number(row.quantity));
      }
      return totals;
    },
  });
}

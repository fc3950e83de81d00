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

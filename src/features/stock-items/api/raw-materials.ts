import { useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { queryKeys } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { withoutArchived } from './archived';

export type RawMaterial = Pick<
  Tables<'raw_materials'>,
  | 'id'
  | 'material_name'
  | 'supplier'
  | 'cost_per_unit'
  | 'stock_level'
  | 'unit_of_measure'
  | 'reorder_point'
  | 'archived_at'
>;

/** Postgres numeric columns may arrive as strings from the REST layer. */
export function toRawMaterial(row: RawMaterial): RawMaterial {
  return {
    ...row,
    cost_per_unit: Number(row.cost_per_unit),
    stock_level: Number(row.stock_level),
    reorder_point: Number(row.reorder_point),
  };
}

async function fetchRawMaterials(): Promise<RawMaterial[]> {
  const { data, error } = await supabase
    .from('raw_materials')
    .select('id, material_name, supplier, cost_per_unit, stock_level, unit_of_measure, reorder_point, archived_at')
    .order('created_at');
  if (error) throw toUserError(error);
  return data.map(toRawMaterial);
}

/**
 * The user's raw materials. Archived ones are left out unless asked for, so the BOM pickers offer
 * only materials that can still join a BOM.
 */
export function useRawMaterials({ includeArchived = false }: { includeArchived?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.rawMaterials,
    queryFn: fetchRawMaterials,
    select: includeArchived ? undefined : withoutArchived<RawMaterial>,
  });
}

import type { Tables } from '@/lib/database.types';

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

/** The columns of a RawMaterial, as a select list. */
export const RAW_MATERIAL_COLUMNS =
  'id, material_name, supplier, cost_per_unit, stock_level, unit_of_measure, reorder_point, archived_at';

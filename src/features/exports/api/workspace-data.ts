import type { Json } from '@/lib/database.types';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

/**
 * Every table of the workspace with the columns that order it totally, for paging. Row-level
 * security gives each table's rows of the signed-in user only.
 */
const workspaceTables = {
  products: ['id'],
  raw_materials: ['id'],
  bom_items: ['product_id', 'material_id'],
  // Products made of other products (issue 33).
  bom_subassemblies: ['product_id', 'subassembly_id'],
  // Styles group products as their variants; a style's BOM is the source of its variants' BOMs.
  styles: ['id'],
  style_variants: ['product_id'],
  style_bom_items: ['style_id', 'material_id'],
  sales_orders: ['id'],
  manufacturing_orders: ['id'],
  stock_movements: ['id'],
  // Returns of sales orders and the claims they opened (issue 29).
  sales_returns: ['id'],
  return_claims: ['id'],
  platform_fees: ['platform'],
  // Purchasing: suppliers, how they sell each material, the orders and their lines.
  suppliers: ['id'],
  purchase_units: ['id'],
  purchase_orders: ['id'],
  purchase_order_lines: ['id'],
  // The webhook's secret is readable by no client, so the webhook itself is left out.
  website_order_refusals: ['id'],
} as const;

export type WorkspaceTable = keyof typeof workspaceTables;

/** "Download all my data": one JSON document, each table's rows under its name. */
export interface WorkspaceData {
  format: 'factoryflow-workspace';
  exported_at: string;
  tables: Record<WorkspaceTable, Json[]>;
}

async function fetchTable(table: WorkspaceTable): Promise<Json[]> {
  return fetchAllPages(async ({ from, to }) => {
    let query = supabase.from(table).select('*');
    for (const key of workspaceTables[table]) query = query.order(key);
    const { data, error } = await query.range(from, to);
    if (error) throw toUserError(error);
    return data as Json[];
  });
}

export async function fetchWorkspaceData(now: Date = new Date()): Promise<WorkspaceData> {
  const names = Object.keys(workspaceTables) as WorkspaceTable[];
  // One table at a time: a workspace of 100,000 orders is a few hundred requests, not a burst.
  const tables = {} as Record<WorkspaceTable, Json[]>;
  for (const name of names) tables[name] = await fetchTable(name);
  return { format: 'factoryflow-workspace', exported_at: now.toISOString(), tables };
}

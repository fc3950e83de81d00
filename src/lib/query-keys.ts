import type { QueryClient } from '@tanstack/react-query';

/** The tables the app reads and listens to (all are in the supabase_realtime publication). */
export const liveTables = [
  'products',
  'raw_materials',
  'bom_items',
  'sales_orders',
  'manufacturing_orders',
  'platform_fees',
] as const;
export type LiveTable = (typeof liveTables)[number];

/** Every server-state query key of the app, in one place so invalidation cannot miss one. */
export const queryKeys = {
  session: ['session'],
  products: ['products'],
  rawMaterials: ['raw-materials'],
  bomItems: ['bom-items'],
  salesOrders: ['sales-orders'],
  manufacturingOrders: ['manufacturing-orders'],
  dashboardSummary: ['dashboard-summary'],
  dashboardPanels: ['dashboard-panels'],
  productCosting: ['product-costing'],
  platformFees: ['platform-fees'],
  whatToBuy: ['what-to-buy'],
} as const;

type QueryKey = (typeof queryKeys)[keyof typeof queryKeys];

/** Which cached queries read each table, so a change to the table makes exactly those stale. */
const queriesReadingTable: Record<LiveTable, readonly QueryKey[]> = {
  products: [queryKeys.products, queryKeys.dashboardSummary, queryKeys.productCosting, queryKeys.dashboardPanels],
  raw_materials: [queryKeys.rawMaterials, queryKeys.dashboardSummary, queryKeys.productCosting, queryKeys.whatToBuy],
  bom_items: [queryKeys.bomItems, queryKeys.productCosting],
  sales_orders: [queryKeys.salesOrders, queryKeys.dashboardSummary, queryKeys.dashboardPanels],
  manufacturing_orders: [queryKeys.manufacturingOrders],
  platform_fees: [queryKeys.platformFees],
};

export function queryKeysForTables(tables: readonly LiveTable[]): QueryKey[] {
  return [...new Set(tables.flatMap((table) => queriesReadingTable[table]))];
}

export async function invalidateTables(
  queryClient: QueryClient,
  tables: readonly LiveTable[],
): Promise<void> {
  await Promise.all(
    queryKeysForTables(tables).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** Marks every data query stale (not the session: signing in again is never needed for this). */
export async function invalidateAllData(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== queryKeys.session[0],
  });
}

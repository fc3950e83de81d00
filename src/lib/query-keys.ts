import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/** The tables the app listens to (all are in the supabase_realtime publication). */
export const liveTables = [
  'products',
  'raw_materials',
  'sales_orders',
  'manufacturing_orders',
  'platform_fees',
  'styles',
  'sales_returns',
  'return_claims',
  'suppliers',
  'purchase_units',
  'purchase_orders',
] as const;
export type LiveTable = (typeof liveTables)[number];
/**
 * Every table the app reads. BOM rows are not published (their deletions would reach every
 * subscriber); they change only with their product row, whose event refreshes them. The website
 * webhook (it holds the secret) and refused website lines are not published either: the owner's
 * own writes refresh them, and a website order's sales event refreshes its refusals. Settlement
 * lines are not published either: only the owner's own import adds them (a file of 100,000 lines
 * would be as many events), and the import's write refreshes the Payments queries.
 */
export type DataTable =
  | LiveTable
  | 'bom_items'
  | 'website_webhooks'
  | 'website_order_refusals'
  // Holds the Shopify token: not published; only the owner's own settings change it.
  | 'shopify_connections'
  // Replaced with their draft (deletions), so not published: they change with their order's row.
  | 'purchase_order_lines'
  | 'settlement_lines'
  // Channels (issue 34): marketplace SKUs, combos' parts, buffers and the stock files downloaded;
  // only the owner's own writes change them, which refresh these.
  | 'sku_aliases'
  | 'combo_components'
  | 'channel_settings'
  | 'channel_stock_files'
  // GST (issue 31): only the owner's own writes change them (invoices change their orders too;
  // setting an item's tax and each next batch of its backfill change item_tax_backfills).
  | 'business_profiles'
  | 'invoices'
  | 'item_tax_backfills'
  // Customers and their payments (issue 46): only the owner's own writes change them.
  | 'customers'
  | 'customer_payments'
  // Payables (issue 46): only the owner's own payments change them.
  | 'supplier_payments'
  // Locations (issue 45): places, stock per place and delivery challans. Not published: a
  // transfer changes no item row, and only the owner's own writes add places and challans.
  | 'locations'
  // Job work (issue 45): orders, their lines and receipts; only the owner's own writes change them.
  | 'job_work_orders';

/** The signed-in session: the one query no feature owns, which no data change makes stale. */
export const sessionKey = ['session'] as const;

/**
 * A query key's first part, naming what its queries show; a query adds parts after it (a page, an
 * id) and is refreshed with every query sharing that first part.
 */
export type QueryKey = readonly [string];

/** What each feature exports for the app to compose: its query keys, and the tables each reads. */
export interface FeatureQueries {
  keys: Readonly<Record<string, QueryKey>>;
  /** Per table, the feature's keys whose queries read it: a change to the table makes them stale. */
  reads: Partial<Record<DataTable, readonly QueryKey[]>>;
}

/** Per table, every feature's keys whose queries read it. */
export type RefreshMap = ReadonlyMap<DataTable, readonly QueryKey[]>;

/** The refresh map of the app: the features' reads, table by table. */
export function buildRefreshMap(features: readonly FeatureQueries[]): RefreshMap {
  const map = new Map<DataTable, QueryKey[]>();
  for (const { reads } of features) {
    for (const [table, keys] of Object.entries(reads) as [DataTable, readonly QueryKey[]][]) {
      map.set(table, [...(map.get(table) ?? []), ...keys]);
    }
  }
  return map;
}

export function queryKeysForTables(refreshMap: RefreshMap, tables: readonly DataTable[]): QueryKey[] {
  return [...new Set(tables.flatMap((table) => refreshMap.get(table) ?? []))];
}

/** The app's refresh map, provided where the app composes its features (src/app). */
export const RefreshMapContext = createContext<RefreshMap | null>(null);

export function useRefreshMap(): RefreshMap {
  const refreshMap = useContext(RefreshMapContext);
  if (!refreshMap) throw new Error('useRefreshMap needs a RefreshMapContext provider (src/app/provider.tsx).');
  return refreshMap;
}

/**
 * Marks the queries reading these tables stale and refetches those on screen, or, with `all`,
 * every cached one too (pages of lists on other tabs), so that they are fresh when next shown.
 * A refetch already running is restarted unless `joinRunning`: a write's realtime echo joins the
 * refresh the write started after it committed, instead of cancelling it and fetching again.
 */
export async function invalidateTables(
  queryClient: QueryClient,
  refreshMap: RefreshMap,
  tables: readonly DataTable[],
  refetchType: 'active' | 'all' = 'active',
  { joinRunning = false }: { joinRunning?: boolean } = {},
): Promise<void> {
  await Promise.all(
    queryKeysForTables(refreshMap, tables).map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, refetchType }, { cancelRefetch: !joinRunning }),
    ),
  );
}

/** Marks every data query stale (not the session: signing in again is never needed for this). */
export async function invalidateAllData(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== sessionKey[0],
  });
}

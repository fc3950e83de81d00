import type { QueryClient } from '@tanstack/react-query';

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
  // GST (issue 31): only the owner's own writes change them (invoices change their orders too).
  | 'business_profiles'
  | 'invoices'
  // Locations (issue 45): places, stock per place and delivery challans. Not published: a
  // transfer changes no item row, and only the owner's own writes add places and challans.
  | 'locations';

/** Every server-state query key of the app, in one place so invalidation cannot miss one. */
export const queryKeys = {
  session: ['session'],
  products: ['products'],
  rawMaterials: ['raw-materials'],
  bomItems: ['bom-items'],
  salesOrders: ['sales-orders'],
  manufacturingOrders: ['manufacturing-orders'],
  dashboardSummary: ['dashboard-summary'],
  workspaceHasData: ['workspace-has-data'],
  /** One item's ledger: ['stock-history', 'product' | 'material', id]. */
  stockHistory: ['stock-history'],
  dashboardPanels: ['dashboard-panels'],
  productCosting: ['product-costing'],
  platformFees: ['platform-fees'],
  /** Each marketplace's operator GSTIN (issue 42). */
  operatorGstins: ['operator-gstins'],
  whatToBuy: ['what-to-buy'],
  websiteWebhook: ['website-webhook'],
  websiteOrderRefusals: ['website-order-refusals'],
  /** Settings → Shopify: the shop, location and token's last four characters (issue 34). */
  shopifyConnection: ['shopify-connection'],
  /** Styles with their options, BOM and variants (products). */
  styles: ['styles'],
  /** The Claims list below Sales Orders. */
  returnClaims: ['return-claims'],
  /** One order's returns and claims: ['order-returns', order id]. */
  orderReturns: ['order-returns'],
  /** The dashboard's returns panel, per period. */
  dashboardReturns: ['dashboard-returns'],
  suppliers: ['suppliers'],
  purchaseUnits: ['purchase-units'],
  /** Purchase order pages, one order with its lines, and the dashboard's late orders. */
  purchaseOrders: ['purchase-orders'],
  /** Payments (issue 30): the reconciliation list, its summary, the profit leaks and the rows' payment statuses. */
  reconciliation: ['reconciliation'],
  /** Velocity and days of stock left (Inventory, Running out soon; issue 33). */
  productPlanning: ['product-planning'],
  /** A production plan on Manufacturing: what to make and buy (issue 33). */
  productionPlan: ['production-plan'],
  /** A product's marketplace SKUs: ['sku-aliases', product id] (issue 34). */
  skuAliases: ['sku-aliases'],
  /** Per platform, what the next stock file would change (issue 34). */
  stockSync: ['stock-sync'],
  /** A combo's parts: ['combo-components', combo id] (issue 34). */
  comboComponents: ['combo-components'],
  /** Each platform's buffer (issue 34). */
  channelSettings: ['channel-settings'],
  /** The business on its tax documents (issue 31). */
  businessProfile: ['business-profile'],
  /** Invoices, the orders that can be invoiced, and a month's GSTR-1 and input tax (issue 31). */
  gst: ['gst'],
  /** Locations, stock per location and delivery challans (issue 45). */
  locations: ['locations'],
} as const;

type QueryKey = (typeof queryKeys)[keyof typeof queryKeys];

/** Which cached queries read each table, so a change to the table makes exactly those stale. */
// Every stock movement changes its item's row, so item events also refresh the open history; a
// product event (its BOM changes with it) and a material's cost change its costing.
const queriesReadingTable: Record<DataTable, readonly QueryKey[]> = {
  products: [
    queryKeys.products,
    queryKeys.bomItems,
    queryKeys.stockHistory,
    queryKeys.dashboardSummary,
    queryKeys.workspaceHasData,
    queryKeys.productCosting,
    queryKeys.dashboardPanels,
    queryKeys.styles,
    queryKeys.productPlanning,
    queryKeys.productionPlan,
    queryKeys.stockSync,
    // A combo's parts are read with their stock.
    queryKeys.comboComponents,
    // Setting a product's tax gives its untaxed sales their GST (issue 31).
    queryKeys.gst,
    // Every change of its stock happens at a location (issue 45).
    queryKeys.locations,
  ],
  // A product's BOM is read with its materials' stock and cost.
  raw_materials: [
    queryKeys.rawMaterials,
    queryKeys.bomItems,
    queryKeys.stockHistory,
    queryKeys.dashboardSummary,
    queryKeys.workspaceHasData,
    queryKeys.productCosting,
    queryKeys.whatToBuy,
    // A receipt changes an order and its materials' stock and cost together.
    queryKeys.purchaseOrders,
    queryKeys.productionPlan,
    // What the materials can still build is available to sell where the owner chose so.
    queryKeys.stockSync,
    // A receipt's GST paid is the month's input tax (issue 31).
    queryKeys.gst,
    queryKeys.locations,
  ],
  bom_items: [queryKeys.bomItems, queryKeys.productCosting, queryKeys.styles, queryKeys.productionPlan],
  // A website order writes its sales and its refused lines together (refusals are not published).
  sales_orders: [
    queryKeys.salesOrders,
    queryKeys.dashboardSummary,
    queryKeys.dashboardPanels,
    queryKeys.websiteOrderRefusals,
    queryKeys.dashboardReturns,
    queryKeys.reconciliation,
    // Sales are velocity, and open orders are a plan's demand.
    queryKeys.productPlanning,
    queryKeys.productionPlan,
    // Open orders are taken off what is available to sell.
    queryKeys.stockSync,
    // Sales are GSTR-1's B2C supplies and the orders to invoice.
    queryKeys.gst,
  ],
  // Runs In Progress are netted by a plan.
  manufacturing_orders: [queryKeys.manufacturingOrders, queryKeys.productionPlan],
  // The payment cycle decides which orders are overdue; a marketplace's operator GSTIN is its
  // sales' in GSTR-1 (b2cs type E, Table 14).
  platform_fees: [queryKeys.platformFees, queryKeys.reconciliation, queryKeys.operatorGstins, queryKeys.gst],
  // A style's row changes with its name, options and BOM (its BOM lines and variant links are not
  // published); its variants' stock changes with their product rows.
  styles: [queryKeys.styles],
  // A return changes its order too (returned units, status, profit after returns), whose event
  // refreshes the lists and panels; these are what only the returns and claims show.
  sales_returns: [queryKeys.orderReturns, queryKeys.dashboardReturns],
  return_claims: [queryKeys.returnClaims, queryKeys.orderReturns, queryKeys.dashboardReturns],
  settlement_lines: [queryKeys.reconciliation],
  website_webhooks: [queryKeys.websiteWebhook],
  website_order_refusals: [queryKeys.websiteOrderRefusals],
  shopify_connections: [queryKeys.shopifyConnection],
  // A renamed supplier shows on its materials and orders.
  suppliers: [queryKeys.suppliers, queryKeys.purchaseOrders, queryKeys.rawMaterials, queryKeys.whatToBuy],
  purchase_units: [queryKeys.purchaseUnits, queryKeys.whatToBuy],
  // What is on order changes What to buy.
  purchase_orders: [queryKeys.purchaseOrders, queryKeys.whatToBuy, queryKeys.productionPlan],
  purchase_order_lines: [queryKeys.purchaseOrders, queryKeys.whatToBuy, queryKeys.productionPlan],
  // A stock file lists each product under its aliases.
  sku_aliases: [queryKeys.skuAliases, queryKeys.stockSync],
  // A combo's parts change its stock and costs, as a BOM does.
  combo_components: [queryKeys.products, queryKeys.comboComponents, queryKeys.productCosting, queryKeys.stockSync],
  channel_settings: [queryKeys.channelSettings, queryKeys.stockSync],
  channel_stock_files: [queryKeys.stockSync],
  // The business's state decides each sale's place of supply in GSTR-1.
  business_profiles: [queryKeys.businessProfile, queryKeys.gst],
  // An invoice records its orders' tax for its place of supply.
  invoices: [queryKeys.gst, queryKeys.salesOrders],
  // A transfer moves stock between places: each item's history shows it.
  locations: [queryKeys.locations, queryKeys.stockHistory],
};

export function queryKeysForTables(tables: readonly DataTable[]): QueryKey[] {
  return [...new Set(tables.flatMap((table) => queriesReadingTable[table]))];
}

/**
 * Marks the queries reading these tables stale and refetches those on screen, or, with `all`,
 * every cached one too (pages of lists on other tabs), so that they are fresh when next shown.
 * A refetch already running is restarted unless `joinRunning`: a write's realtime echo joins the
 * refresh the write started after it committed, instead of cancelling it and fetching again.
 */
export async function invalidateTables(
  queryClient: QueryClient,
  tables: readonly DataTable[],
  refetchType: 'active' | 'all' = 'active',
  { joinRunning = false }: { joinRunning?: boolean } = {},
): Promise<void> {
  await Promise.all(
    queryKeysForTables(tables).map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, refetchType }, { cancelRefetch: !joinRunning }),
    ),
  );
}

/** Marks every data query stale (not the session: signing in again is never needed for this). */
export async function invalidateAllData(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== queryKeys.session[0],
  });
}

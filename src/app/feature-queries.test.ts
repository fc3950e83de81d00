import { describe, expect, it } from 'vitest';
import { catalogueKeys } from '@/features/catalogue/query-keys';
import { channelsKeys } from '@/features/channels/query-keys';
import { customersKeys } from '@/features/customers/query-keys';
import { dashboardKeys } from '@/features/dashboard/query-keys';
import { gstKeys } from '@/features/gst/query-keys';
import { inventoryKeys } from '@/features/inventory/query-keys';
import { jobWorkKeys } from '@/features/job-work/query-keys';
import { locationsKeys } from '@/features/locations/query-keys';
import { planningKeys } from '@/features/planning/query-keys';
import { returnsKeys } from '@/features/returns/query-keys';
import { salesOrdersKeys } from '@/features/sales-orders/query-keys';
import { settingsKeys } from '@/features/settings/query-keys';
import { settlementsKeys } from '@/features/settlements/query-keys';
import { shopifyKeys } from '@/features/shopify/query-keys';
import { websiteOrdersKeys } from '@/features/website-orders/query-keys';
import { workspaceKeys } from '@/features/workspace/query-keys';
import {
  liveTables,
  queryKeysForTables as keysForTables,
  sessionKey,
  type DataTable,
  type FeatureQueries,
  type QueryKey,
} from '@/lib/query-keys';
import { featureQueries, refreshMap } from './feature-queries';

const queryKeysForTables = (tables: readonly DataTable[]) => keysForTables(refreshMap, tables);

/** Exactly these keys, each once (the order features are composed in is no part of it). */
function expectExactly(keys: readonly QueryKey[], expected: readonly QueryKey[]) {
  expect(keys).toHaveLength(expected.length);
  expect(new Set(keys)).toEqual(new Set(expected));
}

const everyKey = featureQueries.flatMap((feature) => Object.values(feature.keys));

describe("the features' query keys", () => {
  it('are composed for every feature that has them (src/features/*/query-keys.ts)', () => {
    const modules = import.meta.glob<Record<string, unknown>>('../features/*/query-keys.ts', { eager: true });
    const left = Object.entries(modules).filter(
      ([, exports]) => !Object.values(exports).some((value) => featureQueries.includes(value as FeatureQueries)),
    );
    expect(Object.keys(modules).length).toBeGreaterThan(0);
    expect(left.map(([path]) => path)).toEqual([]);
  });

  it('name each key once in the app, and never as the session', () => {
    const names = everyKey.map((key) => key[0]);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain(sessionKey[0]);
  });

  it('are each refreshed by a change to some table (a key no table names would never refresh)', () => {
    const refreshed = new Set(queryKeysForTables([...refreshMap.keys()]));
    expect(everyKey.filter((key) => !refreshed.has(key))).toEqual([]);
  });
});

describe('queryKeysForTables', () => {
  it('marks the dashboard (and the refused website lines sold with them) stale when sales, products or materials change', () => {
    expectExactly(queryKeysForTables(['sales_orders']), [
      salesOrdersKeys.salesOrders,
      dashboardKeys.dashboardSummary,
      dashboardKeys.dashboardPanels,
      websiteOrdersKeys.websiteOrderRefusals,
      dashboardKeys.dashboardReturns,
      settlementsKeys.reconciliation,
      salesOrdersKeys.orderPaymentStatuses,
      inventoryKeys.productPlanning,
      planningKeys.runningOutSoon,
      planningKeys.productionPlan,
      channelsKeys.stockSync,
      gstKeys.gst,
      customersKeys.customers,
    ]);
    expect(queryKeysForTables(['products'])).toContain(dashboardKeys.dashboardSummary);
    expect(queryKeysForTables(['raw_materials'])).toContain(dashboardKeys.dashboardSummary);
  });

  it('lists each key once when several tables change together', () => {
    expectExactly(queryKeysForTables(['sales_orders', 'products']), [
      salesOrdersKeys.salesOrders,
      dashboardKeys.dashboardSummary,
      dashboardKeys.dashboardPanels,
      websiteOrdersKeys.websiteOrderRefusals,
      dashboardKeys.dashboardReturns,
      settlementsKeys.reconciliation,
      salesOrdersKeys.orderPaymentStatuses,
      inventoryKeys.productPlanning,
      planningKeys.runningOutSoon,
      planningKeys.productionPlan,
      channelsKeys.stockSync,
      gstKeys.gst,
      customersKeys.customers,
      catalogueKeys.products,
      catalogueKeys.bomItems,
      catalogueKeys.stockHistory,
      workspaceKeys.workspaceHasData,
      catalogueKeys.productCosting,
      catalogueKeys.styles,
      channelsKeys.comboComponents,
      // Every change of a product's stock happens at a location (issue 45), and job work sends it.
      locationsKeys.locations,
      jobWorkKeys.jobWork,
    ]);
  });

  it('refreshes the Claims list, an order history and the returns panel when returns or claims change (issue 29)', () => {
    expectExactly(queryKeysForTables(['return_claims']), [
      returnsKeys.returnClaims,
      salesOrdersKeys.orderReturns,
      dashboardKeys.dashboardReturns,
    ]);
    expectExactly(queryKeysForTables(['sales_returns']), [
      salesOrdersKeys.orderReturns,
      dashboardKeys.dashboardReturns,
    ]);
  });

  it('rechecks whether the workspace holds data when products or materials change', () => {
    expect(queryKeysForTables(['products'])).toContain(workspaceKeys.workspaceHasData);
    expect(queryKeysForTables(['raw_materials'])).toContain(workspaceKeys.workspaceHasData);
    expect(queryKeysForTables(['sales_orders'])).not.toContain(workspaceKeys.workspaceHasData);
  });

  it('refreshes BOMs and the open history when an item changes (BOM rows are not published)', () => {
    expect(queryKeysForTables(['products'])).toEqual(
      expect.arrayContaining([catalogueKeys.bomItems, catalogueKeys.stockHistory]),
    );
    expect(queryKeysForTables(['raw_materials'])).toContain(catalogueKeys.stockHistory);
  });

  it('marks costing stale when a BOM or a material cost changes, the shopping list with materials, fees with fees and payments', () => {
    expect(queryKeysForTables(['bom_items'])).toContain(catalogueKeys.productCosting);
    expect(queryKeysForTables(['raw_materials'])).toEqual(
      expect.arrayContaining([catalogueKeys.productCosting, inventoryKeys.whatToBuy]),
    );
    // The payment cycle decides which orders are overdue (issue 30); the operator GSTIN which sales
    // GSTR-1 files under each operator (issue 42).
    expectExactly(queryKeysForTables(['platform_fees']), [
      settingsKeys.platformFees,
      settlementsKeys.reconciliation,
      salesOrdersKeys.orderPaymentStatuses,
      settingsKeys.operatorGstins,
      gstKeys.gst,
    ]);
  });

  it('refreshes Payments when settlement lines are imported (they are not published) or orders change (issue 30)', () => {
    expectExactly(queryKeysForTables(['settlement_lines']), [
      settlementsKeys.reconciliation,
      salesOrdersKeys.orderPaymentStatuses,
    ]);
    expect(queryKeysForTables(['sales_orders'])).toEqual(
      expect.arrayContaining([settlementsKeys.reconciliation, salesOrdersKeys.orderPaymentStatuses]),
    );
  });

  it("refreshes the tax backfill's progress when the owner sets an item's tax or continues it (issue 44)", () => {
    expectExactly(queryKeysForTables(['item_tax_backfills']), [catalogueKeys.itemTaxBackfills]);
  });

  it('covers every data query but the website webhook, the Shopify connection, the channel settings, the business profile and the tax backfill, and never the session', () => {
    const keys = queryKeysForTables(liveTables);
    // Their rows are not published (the webhook and the connection hold a secret, a token; the
    // channels' tables, the business profile and the tax backfill change only by the owner's own
    // writes), which refresh them themselves.
    const refreshedByOwnWritesOnly: QueryKey[] = [
      websiteOrdersKeys.websiteWebhook,
      shopifyKeys.shopifyConnection,
      channelsKeys.skuAliases,
      channelsKeys.channelSettings,
      gstKeys.businessProfile,
      catalogueKeys.itemTaxBackfills,
    ];
    for (const key of [...refreshedByOwnWritesOnly, sessionKey]) expect(keys).not.toContain(key);
    expect(new Set(keys)).toEqual(new Set(everyKey.filter((key) => !refreshedByOwnWritesOnly.includes(key))));
  });
});

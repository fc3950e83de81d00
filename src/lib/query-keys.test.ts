import { describe, expect, it } from 'vitest';
import { liveTables, queryKeys, queryKeysForTables } from './query-keys';

describe('queryKeysForTables', () => {
  it('marks the dashboard (and the refused website lines sold with them) stale when sales, products or materials change', () => {
    expect(queryKeysForTables(['sales_orders'])).toEqual([
      queryKeys.salesOrders,
      queryKeys.dashboardSummary,
      queryKeys.dashboardPanels,
      queryKeys.websiteOrderRefusals,
      queryKeys.dashboardReturns,
      queryKeys.reconciliation,
      queryKeys.productPlanning,
      queryKeys.productionPlan,
      queryKeys.stockSync,
      queryKeys.gst,
    ]);
    expect(queryKeysForTables(['products'])).toContain(queryKeys.dashboardSummary);
    expect(queryKeysForTables(['raw_materials'])).toContain(queryKeys.dashboardSummary);
  });

  it('lists each key once when several tables change together', () => {
    expect(queryKeysForTables(['sales_orders', 'products'])).toEqual([
      queryKeys.salesOrders,
      queryKeys.dashboardSummary,
      queryKeys.dashboardPanels,
      queryKeys.websiteOrderRefusals,
      queryKeys.dashboardReturns,
      queryKeys.reconciliation,
      queryKeys.productPlanning,
      queryKeys.productionPlan,
      queryKeys.stockSync,
      queryKeys.gst,
      queryKeys.products,
      queryKeys.bomItems,
      queryKeys.stockHistory,
      queryKeys.workspaceHasData,
      queryKeys.productCosting,
      queryKeys.styles,
      queryKeys.comboComponents,
      // Every change of a product's stock happens at a location (issue 45).
      queryKeys.locations,
    ]);
  });

  it('refreshes the Claims list, an order history and the returns panel when returns or claims change (issue 29)', () => {
    expect(queryKeysForTables(['return_claims'])).toEqual([
      queryKeys.returnClaims,
      queryKeys.orderReturns,
      queryKeys.dashboardReturns,
    ]);
    expect(queryKeysForTables(['sales_returns'])).toEqual([queryKeys.orderReturns, queryKeys.dashboardReturns]);
  });

  it('rechecks whether the workspace holds data when products or materials change', () => {
    expect(queryKeysForTables(['products'])).toContain(queryKeys.workspaceHasData);
    expect(queryKeysForTables(['raw_materials'])).toContain(queryKeys.workspaceHasData);
    expect(queryKeysForTables(['sales_orders'])).not.toContain(queryKeys.workspaceHasData);
  });

  it('refreshes BOMs and the open history when an item changes (BOM rows are not published)', () => {
    expect(queryKeysForTables(['products'])).toEqual(
      expect.arrayContaining([queryKeys.bomItems, queryKeys.stockHistory]),
    );
    expect(queryKeysForTables(['raw_materials'])).toContain(queryKeys.stockHistory);
  });

  it('marks costing stale when a BOM or a material cost changes, the shopping list with materials, fees with fees and payments', () => {
    expect(queryKeysForTables(['bom_items'])).toContain(queryKeys.productCosting);
    expect(queryKeysForTables(['raw_materials'])).toEqual(
      expect.arrayContaining([queryKeys.productCosting, queryKeys.whatToBuy]),
    );
    // The payment cycle decides which orders are overdue (issue 30); the operator GSTIN which sales
    // GSTR-1 files under each operator (issue 42).
    expect(queryKeysForTables(['platform_fees'])).toEqual([
      queryKeys.platformFees,
      queryKeys.reconciliation,
      queryKeys.operatorGstins,
      queryKeys.gst,
    ]);
  });

  it('refreshes Payments when settlement lines are imported (they are not published) or orders change (issue 30)', () => {
    expect(queryKeysForTables(['settlement_lines'])).toEqual([queryKeys.reconciliation]);
    expect(queryKeysForTables(['sales_orders'])).toContain(queryKeys.reconciliation);
  });

  it('covers every data query but the website webhook, the Shopify connection, the channel settings and the business profile, and never the session', () => {
    const keys = queryKeysForTables(liveTables);
    // Their rows are not published (the webhook and the connection hold a secret, a token; the
    // channels' tables and the business profile change only by the owner's own writes), which
    // refresh them themselves.
    const { session, websiteWebhook, shopifyConnection, skuAliases, channelSettings, businessProfile, ...dataKeys } =
      queryKeys;
    expect(keys).not.toContain(businessProfile);
    expect(keys).not.toContain(session);
    expect(keys).not.toContain(websiteWebhook);
    expect(keys).not.toContain(shopifyConnection);
    expect(keys).not.toContain(skuAliases);
    expect(keys).not.toContain(channelSettings);
    expect(new Set(keys)).toEqual(new Set(Object.values(dataKeys)));
  });
});

import type { FeatureQueries } from '@/lib/query-keys';

export const dashboardKeys = {
  dashboardSummary: ['dashboard-summary'],
  dashboardPanels: ['dashboard-panels'],
  /** The dashboard's returns panel, per period. */
  dashboardReturns: ['dashboard-returns'],
} as const;

const keys = dashboardKeys;

export const dashboardQueries: FeatureQueries = {
  keys,
  reads: {
    products: [keys.dashboardSummary, keys.dashboardPanels],
    raw_materials: [keys.dashboardSummary],
    sales_orders: [keys.dashboardSummary, keys.dashboardPanels, keys.dashboardReturns],
    // A return changes its order too (returned units, status, profit after returns), whose event
    // refreshes the panels; these are what only the returns and claims show.
    sales_returns: [keys.dashboardReturns],
    return_claims: [keys.dashboardReturns],
  },
};

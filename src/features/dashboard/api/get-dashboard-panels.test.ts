import { describe, expect, it } from 'vitest';
import { dashboardPanelsSchema, type DashboardPanels } from './get-dashboard-panels';

const figures = { revenue: 1000 };
const panels: DashboardPanels = {
  bucket: 'day',
  totals: {
    orders: 1,
    units: 1,
    ...figures,
    fees: 10,
    cost: 400,
    profit: 590,
    margin_percent: 59,
    orders_without_cost: 0,
  },
  by_platform: [{ platform: 'Brand Website', orders: 1, ...figures, fees: 10, profit: 590, orders_without_cost: 0 }],
  over_time: [{ date: '2026-11-26', ...figures, profit: 590, orders_without_cost: 0 }],
  top_by_revenue: [
    { product_id: 'k', product_name: 'Kurta', units: 1, ...figures, profit: 590, orders_without_cost: 0 },
  ],
  top_by_profit: [
    { product_id: 'k', product_name: 'Kurta', units: 1, ...figures, profit: 590, orders_without_cost: 0 },
  ],
};

describe('profit of unknown cost (issue 33)', () => {
  it("keeps an unknown cost and a top product's unknown profit as null, never 0", () => {
    const parsed = dashboardPanelsSchema.parse({
      ...panels,
      totals: { ...panels.totals, cost: null, orders_without_cost: '2' },
      top_by_revenue: [{ ...panels.top_by_revenue[0], profit: null, orders_without_cost: 2 }],
    });
    expect(parsed.totals).toMatchObject({ cost: null, orders_without_cost: 2 });
    expect(parsed.top_by_revenue[0]?.profit).toBeNull();
  });
});

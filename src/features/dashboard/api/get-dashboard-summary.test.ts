import { describe, expect, it } from 'vitest';
import { dashboardSummarySchema } from './get-dashboard-summary';

describe('dashboardSummarySchema', () => {
  it('reads the JSON of dashboard_summary(), numeric strings included; revenue is net of GST (issue 42)', () => {
    const summary = dashboardSummarySchema.parse({
      total_revenue: '2474.29',
      total_revenue_including_gst: '2598.00',
      open_sales_orders: 2,
      low_stock_products: 1,
      low_stock_materials: 0,
      recent_sales: [
        {
          id: '6f1c2a9e-0000-4000-8000-000000000001',
          platform: 'Amazon',
          product_name: 'Cotton Kurta',
          quantity: 2,
          total_amount: '2598.00',
          status: 'Unfulfilled',
          order_date: '2026-11-22T03:00:00+00:00',
        },
      ],
    });
    expect(summary.total_revenue).toBe(2474.29);
    expect(summary.recent_sales[0]?.total_amount).toBe(2598);
  });

  it('refuses an answer of another shape instead of showing wrong figures', () => {
    expect(dashboardSummarySchema.safeParse({ total_revenue: 0 }).success).toBe(false);
  });
});

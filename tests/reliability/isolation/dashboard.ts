import { expect } from 'vitest';
import { rpcOk } from '../support';
import type { IsolationArea } from './support';

/** The dashboard and its profit panels: sums of the caller's rows only. */
const area: IsolationArea = {
  tables: {},
  attempts: 2,
  async attack({ first, second, stack }, attempts) {
    attempts.count++;
    const panels = await rpcOk<{ totals: { orders: number; revenue: number; fees: number } }>(
      second.user,
      'dashboard_panels',
      {
        period: 'all_time',
      },
    );
    // What the second user's orders keep after returns: the fully returned one is no order and no revenue.
    const ownFigures = await stack.db!.query<{ orders: number; revenue: string; fees: string }>(
      `select count(*) filter (where status <> 'Returned')::int as orders,
         sum(taxable_value - refunded_taxable_value)::text as revenue,
         sum(fees)::text as fees from public.sales_orders where user_id = $1`,
      [second.user.id],
    );
    expect(panels.totals).toMatchObject({
      orders: ownFigures.rows[0]!.orders,
      revenue: Number(ownFigures.rows[0]!.revenue),
      fees: Number(ownFigures.rows[0]!.fees),
    });

    // The dashboard sums only the caller's rows.
    attempts.count++;
    const summary = await rpcOk<{ total_revenue: number; recent_sales: { id: string }[] }>(
      second.user,
      'dashboard_summary',
      {},
    );
    const ownRevenue = await stack.db!.query<{ revenue: string }>(
      'select sum(taxable_value - refunded_taxable_value)::text as revenue from public.sales_orders where user_id = $1',
      [second.user.id],
    );
    expect(Number(summary.total_revenue)).toBe(Number(ownRevenue.rows[0]!.revenue));
    expect(summary.recent_sales.map((sale) => sale.id)).not.toContain(first.saleId);
  },
};

export default area;

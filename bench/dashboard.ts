/**
 * The dashboard at 1k, 10k and 100k sales orders: dashboard_summary() against the original
 * design's approach (download every order and sum in the client), both through supabase-js and the
 * local stack on a real Postgres, side by side: wall time and bytes received.
 */
import pg from 'pg';
import { startStack } from '../stack/src/stack';
import { BENCH_STACK, benchClient } from './lib/client';
import { createMigratedDatabase } from './lib/cluster';
import { type BenchRow, kib, ms, times } from './lib/report';
import { median, timeRuns } from './lib/stats';

const ORDER_COUNTS = [1_000, 10_000, 100_000] as const;
const RUNS = 5;
/** PostgREST's max_rows on Supabase: a client must page through anything larger. */
const PAGE = 1_000;

export async function measureDashboard(clusterUrl: string): Promise<BenchRow[]> {
  const databaseUrl = await createMigratedDatabase(clusterUrl, 'bench_dashboard');
  const stack = await startStack({ ...BENCH_STACK, databaseUrl });
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const rows: BenchRow[] = [];
  try {
    const client = benchClient(stack.url, stack.anonKey);
    const { data: auth, error: authError } = await client.auth.signInAnonymously();
    if (authError || !auth.session) throw authError ?? new Error('no session');
    const { data: product, error } = await client.rpc('create_product', {
      sku: 'DASH-1',
      product_name: 'Dashboard bench kurta',
      selling_price: 799,
      bom: [],
    });
    if (error) throw error;

    const headers = {
      apikey: stack.anonKey,
      Authorization: `Bearer ${auth.session.access_token}`,
      'Content-Type': 'application/json',
    };
    // Bytes as they cross the wire: fetch the same endpoints supabase-js calls and count the body.
    const summary = async () => {
      const response = await fetch(`${stack.url}/rest/v1/rpc/dashboard_summary`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      const body = await response.text();
      return { bytes: body.length, revenue: Number(JSON.parse(body).total_revenue) };
    };
    const naive = async () => {
      let bytes = 0;
      let revenue = 0;
      for (let offset = 0; ; offset += PAGE) {
        const response = await fetch(
          `${stack.url}/rest/v1/sales_orders?select=*&order=order_date.desc&limit=${PAGE}&offset=${offset}`,
          { headers },
        );
        const body = await response.text();
        bytes += body.length;
        const page = JSON.parse(body) as { total_amount: number }[];
        for (const order of page) revenue += Number(order.total_amount);
        if (page.length < PAGE) return { bytes, revenue };
      }
    };

    let loaded = 0;
    for (const count of ORDER_COUNTS) {
      // Orders straight into the table (the ledger is irrelevant to reading the dashboard).
      await admin.query(
        `insert into public.sales_orders
           (user_id, platform, product_id, product_name, quantity, unit_price, total_amount, status, order_date)
         select $1, (enum_range(null::public.sales_platform))[1 + g % 5], $2, 'Dashboard bench kurta',
                1 + g % 3, 799, 799 * (1 + g % 3),
                case when g % 4 = 0 then 'Unfulfilled' else 'Fulfilled' end::public.sales_order_status,
                now() - g * interval '1 minute'
         from generate_series($3::int, $4::int - 1) g`,
        [auth.user?.id, product.id, loaded, count],
      );
      await admin.query('analyze public.sales_orders');
      loaded = count;

      const fromSummary = await summary();
      const fromOrders = await naive();
      // Both ways must give the same answer, or the comparison means nothing.
      if (Math.abs(fromSummary.revenue - fromOrders.revenue) > 0.005) {
        throw new Error(`revenue differs: ${fromSummary.revenue} vs ${fromOrders.revenue}`);
      }
      const summaryBytes = fromSummary.bytes;
      const naiveBytes = fromOrders.bytes;
      const summaryTime = median(await timeRuns(RUNS, summary));
      const naiveTime = median(await timeRuns(RUNS, naive));
      const label = `dashboard, ${count.toLocaleString('en-US')} orders`;
      const atTarget = count === 100_000;
      const byteRatio = naiveBytes / summaryBytes;
      const timeRatio = naiveTime / summaryTime;
      rows.push(
        {
          benchmark: label,
          measure: 'bytes: dashboard_summary() vs download every order',
          value: `${kib(summaryBytes)} vs ${kib(naiveBytes)}`,
          ratio: `${times(byteRatio)} fewer`,
          ...(atTarget ? { target: '≥ 100x fewer', met: byteRatio >= 100 } : {}),
        },
        {
          benchmark: label,
          measure: 'median time: dashboard_summary() vs download every order',
          value: `${ms(summaryTime)} vs ${ms(naiveTime)}`,
          ratio: `${times(timeRatio)} faster`,
          ...(atTarget ? { target: '≥ 20x faster', met: timeRatio >= 20 } : {}),
        },
      );
    }
  } finally {
    await admin.end();
    await stack.close();
  }
  return rows;
}

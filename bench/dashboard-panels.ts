/**
 * The dashboard's profit panels at 100,000 sales orders: dashboard_panels('all_time') against
 * computing the same figures in the browser from downloaded orders (totals and margin, revenue,
 * fees and profit by platform, revenue and profit by month, top 5 products by revenue and by
 * profit), both through the local stack on a real Postgres, side by side: bytes and wall time.
 */
import pg from 'pg';
import { startStack } from '../stack/src/stack';
import { benchClient } from './lib/client';
import { createMigratedDatabase } from './lib/cluster';
import { type BenchRow, kib, ms, times } from './lib/report';
import { median, timeRuns } from './lib/stats';

const ORDERS = 100_000;
const PRODUCTS = 20;
const RUNS = 5;
/** PostgREST's max_rows on Supabase: a client must page through anything larger. */
const PAGE = 1_000;
/** India's offset: months are counted in Asia/Kolkata, as dashboard_panels() does. */
const IST_MS = 5.5 * 60 * 60 * 1000;

interface Order {
  platform: string;
  product_id: string;
  status: string;
  order_date: string;
  total_amount: number;
  fees: number;
  profit: number;
}

/** The figures both ways must agree on, in paise so that sums are exact. */
interface Figures {
  revenue: number;
  fees: number;
  profit: number;
  platforms: string;
  months: number;
  topByRevenue: string;
  topByProfit: string;
}

const paise = (amount: number | string) => Math.round(Number(amount) * 100);

/** What the browser would have to do with every downloaded order. */
function figuresFromOrders(orders: Order[]): Figures {
  const totals = { revenue: 0, fees: 0, profit: 0 };
  const platforms = new Map<string, { revenue: number; fees: number; profit: number }>();
  const months = new Map<string, { revenue: number; profit: number }>();
  const products = new Map<string, { revenue: number; profit: number }>();
  for (const order of orders) {
    if (order.status === 'Cancelled' || order.status === 'Returned') continue;
    const revenue = paise(order.total_amount);
    const fees = paise(order.fees);
    const profit = paise(order.profit);
    totals.revenue += revenue;
    totals.fees += fees;
    totals.profit += profit;
    const platform = platforms.get(order.platform) ?? { revenue: 0, fees: 0, profit: 0 };
    platforms.set(order.platform, { revenue: platform.revenue + revenue, fees: platform.fees + fees, profit: platform.profit + profit });
    const month = new Date(new Date(order.order_date).getTime() + IST_MS).toISOString().slice(0, 7);
    const point = months.get(month) ?? { revenue: 0, profit: 0 };
    months.set(month, { revenue: point.revenue + revenue, profit: point.profit + profit });
    const product = products.get(order.product_id) ?? { revenue: 0, profit: 0 };
    products.set(order.product_id, { revenue: product.revenue + revenue, profit: product.profit + profit });
  }
  const top = (key: 'revenue' | 'profit') =>
    [...products]
      .sort(([, a], [, b]) => b[key] - a[key])
      .slice(0, 5)
      .map(([id]) => id)
      .join();
  return {
    ...totals,
    platforms: [...platforms]
      .sort(([, a], [, b]) => b.revenue - a.revenue)
      .map(([name, p]) => `${name}:${p.revenue}/${p.fees}/${p.profit}`)
      .join(),
    months: months.size,
    topByRevenue: top('revenue'),
    topByProfit: top('profit'),
  };
}

interface Panels {
  totals: { revenue: number; fees: number; profit: number };
  by_platform: { platform: string; revenue: number; fees: number; profit: number }[];
  over_time: unknown[];
  top_by_revenue: { product_id: string }[];
  top_by_profit: { product_id: string }[];
}

function figuresFromPanels(panels: Panels): Figures {
  return {
    revenue: paise(panels.totals.revenue),
    fees: paise(panels.totals.fees),
    profit: paise(panels.totals.profit),
    platforms: panels.by_platform
      .map((p) => `${p.platform}:${paise(p.revenue)}/${paise(p.fees)}/${paise(p.profit)}`)
      .join(),
    months: panels.over_time.length,
    topByRevenue: panels.top_by_revenue.map((p) => p.product_id).join(),
    topByProfit: panels.top_by_profit.map((p) => p.product_id).join(),
  };
}

export async function measureDashboardPanels(clusterUrl: string): Promise<BenchRow[]> {
  const databaseUrl = await createMigratedDatabase(clusterUrl, 'bench_dashboard_panels');
  // A throwaway data directory: the bench keeps nothing of the stack's on disk.
  const stack = await startStack({ port: 0, databaseUrl, quiet: true, dataDir: null });
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const client = benchClient(stack.url, stack.anonKey);
    const { data: auth, error: authError } = await client.auth.signInAnonymously();
    if (authError || !auth.session) throw authError ?? new Error('no session');
    const productIds: string[] = [];
    for (let n = 0; n < PRODUCTS; n++) {
      const { data: product, error } = await client.rpc('create_product', {
        sku: `PANEL-${n}`,
        product_name: `Panel bench product ${n}`,
        selling_price: 299 + 50 * n,
        bom: [],
      });
      if (error) throw error;
      productIds.push(product.id);
    }

    // Orders straight into the table, over two years, on every platform, with their profit
    // snapshot (unit cost and fees as log_sale records them); the ledger is irrelevant here.
    await admin.query(
      `insert into public.sales_orders
         (user_id, platform, product_id, product_name, quantity, unit_price, total_amount, unit_cost, fees,
          status, order_date)
       select $1, (enum_range(null::public.sales_platform))[1 + g % 5], p.id, p.product_name, q,
              p.selling_price, p.selling_price * q, round(p.selling_price * 0.45, 2),
              round(p.selling_price * q * (g % 5) * 3 / 100, 2) + 40,
              case when g % 4 = 0 then 'Unfulfilled' else 'Fulfilled' end::public.sales_order_status,
              now() - (g % 730) * interval '1 day' - g * interval '1 second'
       from generate_series(0, $2::int - 1) g
       cross join lateral (select 1 + g % 3 as q) quantity
       join lateral (select * from public.products where id = ($3::uuid[])[1 + (g * 7) % $4]) p on true`,
      [auth.user?.id, ORDERS, productIds, PRODUCTS],
    );
    await admin.query('analyze public.sales_orders');

    const headers = {
      apikey: stack.anonKey,
      Authorization: `Bearer ${auth.session.access_token}`,
      'Content-Type': 'application/json',
    };
    // Bytes as they cross the wire: fetch the same endpoints supabase-js calls and count the body.
    const panels = async () => {
      const response = await fetch(`${stack.url}/rest/v1/rpc/dashboard_panels`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ period: 'all_time' }),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(body);
      return { bytes: body.length, figures: figuresFromPanels(JSON.parse(body) as Panels) };
    };
    const inBrowser = async () => {
      let bytes = 0;
      const orders: Order[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const response = await fetch(
          `${stack.url}/rest/v1/sales_orders?select=*&order=order_date.desc,id&limit=${PAGE}&offset=${offset}`,
          { headers },
        );
        const body = await response.text();
        bytes += body.length;
        const page = JSON.parse(body) as Order[];
        orders.push(...page);
        if (page.length < PAGE) return { bytes, figures: figuresFromOrders(orders) };
      }
    };

    const fromPanels = await panels();
    const fromOrders = await inBrowser();
    // Both ways must give the same figures, or the comparison means nothing.
    if (JSON.stringify(fromPanels.figures) !== JSON.stringify(fromOrders.figures)) {
      throw new Error(
        `figures differ: ${JSON.stringify(fromPanels.figures)} vs ${JSON.stringify(fromOrders.figures)}`,
      );
    }
    const panelsTime = median(await timeRuns(RUNS, panels));
    const browserTime = median(await timeRuns(RUNS, inBrowser));
    const byteRatio = fromOrders.bytes / fromPanels.bytes;
    const timeRatio = browserTime / panelsTime;
    const label = `dashboard panels, ${ORDERS.toLocaleString('en-US')} orders`;
    return [
      {
        benchmark: label,
        measure: "bytes: dashboard_panels('all_time') vs download every order",
        value: `${kib(fromPanels.bytes)} vs ${kib(fromOrders.bytes)}`,
        ratio: `${times(byteRatio)} fewer`,
        target: '≥ 100x fewer',
        met: byteRatio >= 100,
      },
      {
        benchmark: label,
        measure: "median time: dashboard_panels('all_time') vs download every order and compute",
        value: `${ms(panelsTime)} vs ${ms(browserTime)}`,
        ratio: `${times(timeRatio)} faster`,
        target: '≥ 20x faster',
        met: timeRatio >= 20,
      },
    ];
  } finally {
    await admin.end();
    await stack.close();
  }
}

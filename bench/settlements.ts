/**
 * Settlements (issue 30) at a big seller's size: 100,000 Amazon orders generated in the database,
 * then 100,000 settlement lines (sale, commission and fixed fee of 33,334 orders) imported with
 * import_settlement in 10 calls of 10,000, as the app sends a large file; the same 10,000 lines again
 * (all skipped); and list_reconciliation's first page at 100,000 orders: unfiltered (it pages the
 * orders newest first and computes only that page) and filtered by status (which computes each
 * order it passes: Overdue is most orders, Short paid a few). Called as the seller on a direct
 * connection, as PostgREST runs them (role and claims in a transaction), without the HTTP hop.
 */
import pg from 'pg';
import { createMigratedDatabase } from './lib/cluster';
import { type BenchRow, ms } from './lib/report';
import { median, timeRuns } from './lib/stats';

const ORDERS = 100_000;
const LINES = 100_000;
const CALL = 10_000;
const RUNS = 7;
const IMPORT_CALL_TARGET_MS = 10_000;
const FIRST_PAGE_TARGET_MS = 200;
const FILTERED_PAGE_TARGET_MS = 3_000;

export async function measureSettlements(clusterUrl: string): Promise<BenchRow[]> {
  const databaseUrl = await createMigratedDatabase(clusterUrl, 'bench_settlements');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const label = '100,000 orders, 100,000 settlement lines';
  try {
    const {
      rows: [seller],
    } = await admin.query<{ id: string }>(
      'insert into auth.users (id, is_anonymous) values (gen_random_uuid(), true) returning id',
    );
    const sellerId = seller!.id;
    await admin.query(
      `insert into public.products (user_id, sku, product_name, selling_price, stock_on_hand)
       select $1, format('SKU-%s', g), format('Kurta %s', g), 499 + (g % 7) * 100, 1000000
       from generate_series(0, 99) g`,
      [sellerId],
    );
    // One line per order, a year of orders newest first; fees as the owner's rates recorded them.
    await admin.query(
      `insert into public.sales_orders (user_id, platform, product_id, product_name, quantity, unit_price,
         total_amount, unit_cost, fees, status, order_date, external_order_id)
       select $1, 'Amazon', p.id, p.product_name, 1, p.selling_price, p.selling_price, 210.5,
              round(p.selling_price * 0.1, 2) + 20, 'Fulfilled', now() - (g * interval '315 seconds'),
              format('AMZ-%s', g)
       from generate_series(0, $2::int - 1) g
       join public.products p on p.user_id = $1 and p.sku = format('SKU-%s', g % 100)`,
      [sellerId, ORDERS],
    );
    await admin.query('vacuum analyze public.sales_orders, public.products');

    const claims = JSON.stringify({ sub: sellerId, role: 'authenticated' });
    const asSeller = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
      await admin.query('begin');
      try {
        await admin.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
          [claims],
        );
        const result = await admin.query<T>(sql, params);
        await admin.query('commit');
        return result.rows;
      } catch (error) {
        await admin.query('rollback');
        throw error;
      }
    };

    // The settlement file: three lines per order, of the newest orders; every 50th order paid 10
    // short, so Short paid is rare and the rest of the paid orders Settled.
    const line = (n: number) => {
      const order = Math.floor(n / 3);
      const price = 499 + ((order % 100) % 7) * 100;
      const kind = n % 3;
      return {
        line: n + 2,
        settlement_id: `SETTLE-${Math.floor(order / 5000)}`,
        external_order_id: `AMZ-${order}`,
        sku: `SKU-${order % 100}`,
        posted_date: '2026-01-15',
        category: ['sale', 'commission', 'fixed_fee'][kind],
        amount: [price, -Math.round(price * 10) / 100 - (order % 50 === 0 ? 10 : 0), -20][kind],
        description: ['Principal', 'Commission', 'Fixed closing fee'][kind],
      };
    };
    const part = (index: number) => Array.from({ length: CALL }, (_, k) => line(index * CALL + k));
    const importPart = async (lines: ReturnType<typeof part>) => {
      const [row] = await asSeller<{ result: { created: number; skipped: number } }>(
        `select public.import_settlement('Amazon', $1::jsonb) as result`,
        [JSON.stringify(lines)],
      );
      return row!.result;
    };
    const callTimes: number[] = [];
    for (let index = 0; index < LINES / CALL; index++) {
      const lines = part(index);
      const started = performance.now();
      const result = await importPart(lines);
      callTimes.push(performance.now() - started);
      if (result.created !== CALL) throw new Error(`import part ${index}: ${JSON.stringify(result)}`);
    }
    await admin.query('vacuum analyze public.settlement_lines');
    const again = await timeRuns(3, async () => {
      const result = await importPart(part(0));
      if (result.skipped !== CALL) throw new Error(`reimport: ${JSON.stringify(result)}`);
    });

    const page = (args: string) => () =>
      asSeller<{ page: { total: number; rows: unknown[] } }>(`select public.list_reconciliation(${args}) as page`);
    const [first] = await page('')();
    const [short] = await page(`status => 'Short paid'`)();
    if (first!.page.total !== ORDERS || first!.page.rows.length !== 25) {
      throw new Error(`first page: total ${first!.page.total}, ${first!.page.rows.length} rows`);
    }
    if (short!.page.total !== Math.ceil(LINES / 3 / 50)) throw new Error(`short paid: ${short!.page.total}`);
    const [overdueFirst] = await page(`status => 'Overdue'`)();
    const unfiltered = median(await timeRuns(RUNS, page('')));
    const overdue = median(await timeRuns(RUNS, page(`status => 'Overdue'`)));
    const shortPaid = median(await timeRuns(RUNS, page(`status => 'Short paid'`)));
    const summary = median(await timeRuns(RUNS, () => asSeller(`select public.reconciliation_summary('all_time')`)));

    const total = callTimes.reduce((a, b) => a + b, 0);
    return [
      {
        benchmark: label,
        measure: `import_settlement, ${LINES.toLocaleString('en-IN')} lines in ${LINES / CALL} calls of ${CALL.toLocaleString('en-IN')}: slowest call (total ${(total / 1000).toFixed(1)} s)`,
        value: ms(Math.max(...callTimes)),
        target: `< ${IMPORT_CALL_TARGET_MS / 1000} s a call`,
        met: Math.max(...callTimes) < IMPORT_CALL_TARGET_MS,
      },
      {
        benchmark: label,
        measure: `the same ${CALL.toLocaleString('en-IN')} lines again (all skipped), median`,
        value: ms(median(again)),
      },
      {
        benchmark: label,
        measure: 'list_reconciliation first page (25), unfiltered, median',
        value: ms(unfiltered),
        target: `< ${FIRST_PAGE_TARGET_MS} ms`,
        met: unfiltered < FIRST_PAGE_TARGET_MS,
      },
      {
        benchmark: label,
        measure: `list_reconciliation first page filtered by Overdue (${overdueFirst!.page.total.toLocaleString('en-IN')} orders, past ${Math.ceil(LINES / 3).toLocaleString('en-IN')} newer paid ones), median`,
        value: ms(overdue),
        target: `< ${FILTERED_PAGE_TARGET_MS / 1000} s`,
        met: overdue < FILTERED_PAGE_TARGET_MS,
      },
      {
        benchmark: label,
        measure: `list_reconciliation first page filtered by Short paid (${short!.page.total} orders), median`,
        value: ms(shortPaid),
        target: `< ${FILTERED_PAGE_TARGET_MS / 1000} s`,
        met: shortPaid < FILTERED_PAGE_TARGET_MS,
      },
      {
        benchmark: label,
        measure: "reconciliation_summary('all_time'), median",
        value: ms(summary),
      },
    ];
  } finally {
    await admin.end();
  }
}

/**
 * What one sale costs, part by part (issue 44): log_sale from one client, one transaction a sale,
 * beside the floor (a bare conditional update) and an empty transaction as the signed-in user, then
 * the same sales again with Postgres' function tracking (track_functions = all) for each part's own
 * time. Shares of the sale are the claim: they hold on a busy machine, where absolute times do not.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createMigratedDatabase } from './lib/cluster';
import { type BenchRow, ms } from './lib/report';

const ITEMS = 16;
const ROUNDS = 5;
const SALES_PER_ROUND = 320;

/** What each function of a sale does, and why a sale needs it. */
const PARTS: Record<string, string> = {
  record_sales:
    'record_sales: the order (9 indexes: lists, search, dashboards; 2 foreign keys) and its ledger row (8 indexes, 5 foreign keys), with GST and fees, in one statement',
  take_products_stock: 'take_products_stock: the conditional update of the stock, refusing a short sale',
  sale_unit_cost: "sale_unit_cost: the profit snapshot, the product's unit cost from its BOM and costs",
  record_inserted_sales: 'record_inserted_sales: the kept sales totals (one change row, folded every 128 sales)',
  sale_movements: "sale_movements: the ledger row's running balance (one per part of a combo)",
  stock_takes_with_parts: "stock_takes_with_parts: a combo's parts take its stock",
  india_day: 'india_day: the India day of the sale (5 calls)',
  log_sale: 'log_sale itself: checks of each input, the replayed-request check',
};

export async function measureLogSaleProfile(clusterUrl: string): Promise<BenchRow[]> {
  const databaseUrl = await createMigratedDatabase(clusterUrl, 'bench_log_sale_profile');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const userId = randomUUID();
    await client.query('insert into auth.users (id, is_anonymous) values ($1, true)', [userId]);
    const claims = JSON.stringify({ sub: userId, role: 'authenticated' });
    const asUser = async (sql: string, params: unknown[] = []) => {
      await client.query('begin');
      await client.query(
        `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
        [claims],
      );
      const result = await client.query(sql, params);
      await client.query('commit');
      return result;
    };
    const productIds: string[] = [];
    for (let i = 0; i < ITEMS; i++) {
      const created = await asUser(`select (public.create_product($1, $2, null, 100, 100000000)).id`, [
        `PROFILE-${i}`,
        `Profile product ${i}`,
      ]);
      productIds.push(created.rows[0].id as string);
    }
    await client.query(`create table public.bench_floor (id int primary key, stock int not null)`);
    await client.query(`insert into public.bench_floor select g, 100000000 from generate_series(0, $1 - 1) g`, [ITEMS]);

    const sale = (i: number) => asUser(`select (public.log_sale($1, 1, 'Flipkart')).id`, [productIds[i % ITEMS]]);
    const floor = async (i: number) => {
      await client.query('begin');
      await client.query('update public.bench_floor set stock = stock - 1 where id = $1 and stock >= 1', [i % ITEMS]);
      await client.query('commit');
    };
    const emptyAsUser = () => asUser('select 1');
    const modes: [string, (i: number) => Promise<unknown>][] = [
      ['log_sale', sale],
      ['floor', floor],
      ['empty', emptyAsUser],
    ];
    for (const [, run] of modes) for (let i = 0; i < 200; i++) await run(i); // warm-up: plans, caches

    // The modes take turns round by round, so load from elsewhere falls on all of them.
    const spent = new Map<string, number>(modes.map(([name]) => [name, 0]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of modes) {
        const start = performance.now();
        for (let i = 0; i < SALES_PER_ROUND; i++) await run(i);
        spent.set(name, (spent.get(name) ?? 0) + performance.now() - start);
      }
    }
    const perCall = (name: string) => (spent.get(name) ?? 0) / (ROUNDS * SALES_PER_ROUND);

    // The same sales with each function's own time counted (tracking adds a little to each call).
    await client.query(`set track_functions = 'all'`);
    await client.query('select pg_stat_reset()');
    const tracked = ROUNDS * SALES_PER_ROUND;
    for (let i = 0; i < tracked; i++) await sale(i);
    await client.query('select pg_stat_force_next_flush()');
    await client.query('begin');
    await client.query('commit');
    const { rows: functions } = await client.query<{ name: string; self_ms: number; total_ms: number }>(
      `select funcname as name, self_time as self_ms, total_time as total_ms
       from pg_stat_user_functions where schemaname in ('public', 'private', 'rules') order by self_time desc`,
    );
    const whole = functions.find((f) => f.name === 'log_sale')?.total_ms ?? 0;
    const benchmark = 'log_sale, what one sale costs (1 client)';
    const share = (value: number) => `${((100 * value) / whole).toFixed(0)}% of log_sale`;
    const named = functions.filter((f) => f.name in PARTS);
    const others = functions.filter((f) => !(f.name in PARTS)).reduce((sum, f) => sum + f.self_ms, 0);
    return [
      {
        benchmark,
        measure: 'one transaction: log_sale vs the floor (bare conditional update), mean',
        value: `${ms(perCall('log_sale'))} vs ${ms(perCall('floor'))}`,
        ratio: `${(perCall('floor') / perCall('log_sale')).toFixed(2)}x of floor throughput`,
      },
      {
        benchmark,
        measure: 'an empty transaction as the user (begin, role and claims, select 1, commit), mean',
        value: ms(perCall('empty')),
        ratio: `${((100 * perCall('empty')) / perCall('log_sale')).toFixed(0)}% of a log_sale transaction`,
      },
      ...named.map((f) => ({
        benchmark,
        measure: `${PARTS[f.name]}: own time per sale`,
        value: ms(f.self_ms / tracked),
        ratio: share(f.self_ms),
      })),
      {
        benchmark,
        measure: 'every other function (GST rate and split, validation helpers), own time per sale',
        value: ms(others / tracked),
        ratio: share(others),
      },
    ];
  } finally {
    await client.end();
  }
}

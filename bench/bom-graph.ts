/**
 * Sub-assembly graphs on a real Postgres, called over a database connection as the signed-in user
 * (role + claims, as PostgREST does) (issue 44):
 *  - the 6-level, 10-wide graph (each product made of the 10 products of the level below: 51
 *    products, 410 lines, 100,000 paths from the top): product_costing, available_to_sell,
 *    stock_sync, plan_production and a sale of the top product, each walking every product once;
 *  - another user's log_sale p50 through the stack (REST), alone and while the first user keeps 20
 *    product_costing calls running at once through the same stack, whose fair share of the pool
 *    lets that user hold CONNECTIONS_PER_REQUESTER connections (the neighbour must not slow by 2x
 *    or more);
 *  - a tree at replace_bom's bound (500 products, 2,000 sub-assembly lines, 6 levels): the same
 *    reads, which must stay under half the 8 s statement timeout (the bound's 2x headroom).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { signJwt } from '../stack/src/auth/jwt';
import { DEMO_JWT_SECRET } from '../stack/src/config';
import { startStack } from '../stack/src/stack';
import { BENCH_STACK } from './lib/client';
import { createMigratedDatabase } from './lib/cluster';
import { type BenchRow, ms, times } from './lib/report';
import { median, percentile, timeRuns } from './lib/stats';

const RUNS = 5;
const NEIGHBOUR_SALES = 200;
const CONCURRENT_COSTINGS = 20;
const COSTING_TARGET_MS = 100;
const BOUND_TARGET_MS = 4_000;

type AsUser = (<T extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<pg.QueryResult<T>>) & {
  userId: string;
};

/** A new user, and a way to run statements as them in a transaction of one pooled connection. */
async function signUp(pool: pg.Pool): Promise<AsUser> {
  const userId = randomUUID();
  await pool.query('insert into auth.users (id, is_anonymous) values ($1, true)', [userId]);
  const claims = JSON.stringify({ sub: userId, role: 'authenticated' });
  const asUser = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const connection = await pool.connect();
    try {
      await connection.query('begin');
      await connection.query(
        `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
        [claims],
      );
      const result = await connection.query<T>(sql, params);
      await connection.query('commit');
      return result;
    } catch (error) {
      await connection.query('rollback');
      throw error;
    } finally {
      connection.release();
    }
  };
  return Object.assign(asUser, { userId });
}

/** Calls an RPC of the stack as the user, as supabase-js does (the user's token, the anon key). */
function rpcThroughStack(stack: { url: string; anonKey: string }, userId: string) {
  const token = signJwt({ sub: userId, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, DEMO_JWT_SECRET);
  return async (name: string, args: Record<string, unknown> = {}) => {
    const response = await fetch(`${stack.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    if (!response.ok) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
}

/**
 * Builds a graph bottom-up: level 6 products each use one material, and each product of a level
 * above uses `lines(index)` products of the level below (chosen round the level). Returns the top
 * product's id (the one product of level 1).
 */
async function buildGraph(
  asUser: AsUser,
  prefix: string,
  widths: readonly number[],
  lines: (level: number, index: number) => number,
): Promise<string> {
  const material = await asUser<{ id: string }>(
    `select id from public.create_raw_material($1, 'Mill', 2, 1000000, 'm', 5)`,
    [`${prefix} cloth`],
  );
  const materialId = material.rows[0]?.id as string;
  let below: string[] = [];
  for (let level = widths.length; level >= 1; level--) {
    const current: string[] = [];
    for (let index = 0; index < (widths[level - 1] as number); index++) {
      const bom =
        below.length === 0
          ? [{ material_id: materialId, quantity: 1 }]
          : Array.from({ length: lines(level, index) }, (_, n) => ({
              product_id: below[(index * 7 + n) % below.length],
              quantity: 1,
            }));
      const created = await asUser<{ id: string }>(
        `select (public.create_product($1, $2, null, 100, $3, 0, $4::jsonb)).id`,
        [
          `${prefix}-${level}-${index}`,
          `${prefix} level ${level} #${index}`,
          level === 1 ? 1000 : 0,
          JSON.stringify(bom),
        ],
      );
      current.push(created.rows[0]?.id as string);
    }
    below = current;
  }
  return below[0] as string;
}

/**
 * Median wall time of each read on a graph whose top product is `top`, once the tables' statistics
 * are current, as autovacuum keeps them (built in seconds, the graph would otherwise be planned with
 * the statistics of its first few lines).
 */
async function timeReads(pool: pg.Pool, asUser: AsUser, top: string): Promise<Record<string, number>> {
  await pool.query('analyze public.products, public.bom_subassemblies, public.bom_items, public.raw_materials');
  await asUser('select public.set_sell_what_i_can_make($1, true)', [top]);
  const reads: Record<string, () => Promise<unknown>> = {
    product_costing: () => asUser('select count(*) from public.product_costing()'),
    available_to_sell: () => asUser(`select public.available_to_sell('Amazon')`),
    stock_sync: () => asUser(`select public.stock_sync('Amazon')`),
    plan_production: () =>
      asUser(
        'select public.plan_production(jsonb_build_array(jsonb_build_object($1::text, $2::uuid, $3::text, 2000)))',
        ['product_id', top, 'quantity'],
      ),
    'log_sale of the top product': () => asUser(`select (public.log_sale($1, 1, 'Amazon')).id`, [top]),
  };
  const medians: Record<string, number> = {};
  for (const [name, read] of Object.entries(reads)) {
    await read(); // warm-up: plans, caches
    medians[name] = median(await timeRuns(RUNS, read));
  }
  return medians;
}

export async function measureBomGraph(clusterUrl: string): Promise<BenchRow[]> {
  const databaseUrl = await createMigratedDatabase(clusterUrl, 'bench_bom_graph');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENT_COSTINGS + 4 });
  const rows: BenchRow[] = [];
  try {
    const builder = await signUp(pool);
    const top = await buildGraph(builder, 'WIDE', [1, 10, 10, 10, 10, 10], () => 10);
    const wide = await timeReads(pool, builder, top);
    for (const [name, value] of Object.entries(wide)) {
      rows.push({
        benchmark: 'sub-assemblies, 6 levels x 10 products (100,000 paths)',
        measure: `median time: ${name}`,
        value: ms(value),
        ...(name === 'product_costing'
          ? { target: `< ${COSTING_TARGET_MS} ms`, met: value < COSTING_TARGET_MS }
          : { target: '< 8 s (statement timeout)', met: value < 8_000 }),
      });
    }

    // The neighbour: another user's sales through the stack, alone and while 20 costings of the
    // graph by the first user keep running through the same stack (and its pool of 20).
    const neighbour = await signUp(pool);
    const product = await neighbour<{ id: string }>(
      `select (public.create_product('NEIGHBOUR', 'Neighbour product', null, 100, 1000000)).id`,
    );
    const productId = product.rows[0]?.id as string;
    const stack = await startStack({ ...BENCH_STACK, databaseUrl });
    try {
      const neighbourRpc = rpcThroughStack(stack, neighbour.userId);
      const builderRpc = rpcThroughStack(stack, builder.userId);
      const sell = () => neighbourRpc('log_sale', { product_id: productId, quantity: 1, platform: 'Flipkart' });
      const sales = async () => {
        const latencies: number[] = [];
        for (let i = 0; i < NEIGHBOUR_SALES; i++) {
          const begun = performance.now();
          await sell();
          latencies.push(performance.now() - begun);
        }
        return latencies;
      };
      for (let i = 0; i < 20; i++) await sell(); // warm-up
      const alone = await sales();
      let costing = true;
      let costings = 0;
      const load = Array.from({ length: CONCURRENT_COSTINGS }, async () => {
        while (costing) {
          await builderRpc('product_costing');
          costings++;
        }
      });
      const loaded = await sales();
      costing = false;
      await Promise.all(load);
      const ratio = percentile(loaded, 50) / percentile(alone, 50);
      rows.push(
        {
          benchmark: 'sub-assemblies, another user through the stack',
          measure: `log_sale p50, p95 alone (${NEIGHBOUR_SALES} sales)`,
          value: `${ms(percentile(alone, 50))}, ${ms(percentile(alone, 95))}`,
        },
        {
          benchmark: 'sub-assemblies, another user through the stack',
          measure: `log_sale p50, p95 while ${CONCURRENT_COSTINGS} product_costing calls of the graph are sent at once (${costings} done meanwhile)`,
          value: `${ms(percentile(loaded, 50))}, ${ms(percentile(loaded, 95))}`,
          ratio: `${times(ratio)} the p50 alone`,
          target: '< 2x',
          met: ratio < 2,
        },
      );
    } finally {
      await stack.close();
    }

    // A tree at the bound: 1 + 100 + 100 + 100 + 100 + 99 products; 100 lines from the top, then
    // 5 lines from 300 products and 4 from 100 of levels 2 to 5: 500 products, 2,000 lines.
    const boundBuilder = await signUp(pool);
    const boundTop = await buildGraph(boundBuilder, 'BOUND', [1, 100, 100, 100, 100, 99], (level, index) =>
      level === 1 ? 100 : index < 75 ? 5 : 4,
    );
    const counts = await boundBuilder<{ products: string; lines: string }>(
      `select (select count(*) from public.products) as products, (select count(*) from public.bom_subassemblies) as lines`,
    );
    const bound = await timeReads(pool, boundBuilder, boundTop);
    for (const [name, value] of Object.entries(bound)) {
      rows.push({
        benchmark: `sub-assemblies at the bound (${counts.rows[0]?.products} products, ${counts.rows[0]?.lines} lines, 6 levels)`,
        measure: `median time: ${name}`,
        value: ms(value),
        target: `< ${BOUND_TARGET_MS / 1000} s (half the statement timeout)`,
        met: value < BOUND_TARGET_MS,
      });
    }
  } finally {
    await pool.end();
  }
  return rows;
}

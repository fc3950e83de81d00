/**
 * log_sale under 1, 8 and 32 concurrent clients on a real Postgres, three ways side by side:
 *  - floor: the physical minimum, a bare `update … set stock = stock - 1 where stock >= 1` transaction;
 *  - direct: log_sale over a database connection, as the signed-in user (role + claims, like PostgREST);
 *  - stack: log_sale through supabase-js → the local stack's REST → a database of the same cluster
 *    that also carries the stack's realtime capture.
 * Every mode sells one unit at a time across 16 items, so they contend alike.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { startStack } from '../stack/src/stack';
import { BENCH_STACK, benchClient } from './lib/client';
import { createMigratedDatabase } from './lib/cluster';
import { type BenchRow, ms, times } from './lib/report';
import { median, percentile } from './lib/stats';

const ITEMS = 16;
const SALES_PER_RUN = 400;
const RUNS = 5;
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,8,32').split(',').map(Number);

type Sell = (item: number) => Promise<void>;

interface RunFigures {
  throughput: number;
  p50: number;
  p95: number;
}

/** SALES_PER_RUN sales spread over `concurrency` workers; throughput and per-sale latency. */
async function runOnce(concurrency: number, sell: Sell): Promise<RunFigures> {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < SALES_PER_RUN) {
        const item = next++ % ITEMS;
        const begun = performance.now();
        await sell(item);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    throughput: SALES_PER_RUN / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

function medianFigures(runs: RunFigures[]): RunFigures {
  return {
    throughput: median(runs.map((run) => run.throughput)),
    p50: median(runs.map((run) => run.p50)),
    p95: median(runs.map((run) => run.p95)),
  };
}

/**
 * Median of RUNS runs for each mode. The modes take turns run by run, so a burst of load from
 * elsewhere on a shared machine falls on all of them rather than on whichever ran at the time.
 */
async function measureModes(concurrency: number, modes: Sell[]): Promise<RunFigures[]> {
  for (const sell of modes) await runOnce(concurrency, sell); // warm-up: connections, plans
  const runs: RunFigures[][] = modes.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    for (const [index, sell] of modes.entries()) runs[index]?.push(await runOnce(concurrency, sell));
  }
  return runs.map(medianFigures);
}

export async function measureLogSale(clusterUrl: string): Promise<BenchRow[]> {
  // Floor and direct share a database with only the migrations, as on hosted Supabase. The stack
  // gets its own: it adds realtime-capture triggers (stack/sql/realtime-capture.sql) that a
  // direct call must not be charged for.
  const databaseUrl = await createMigratedDatabase(clusterUrl, 'bench_log_sale');
  const stackDatabaseUrl = await createMigratedDatabase(clusterUrl, 'bench_log_sale_stack');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 40 });
  const stack = await startStack({ ...BENCH_STACK, databaseUrl: stackDatabaseUrl });
  const rows: BenchRow[] = [];
  try {
    const inTransaction = async <T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> => {
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const result = await work(connection);
        await connection.query('commit');
        return result;
      } finally {
        connection.release();
      }
    };
    // As PostgREST does: switch to the user's role and claims inside the transaction.
    const userId = randomUUID();
    await pool.query('insert into auth.users (id, is_anonymous) values ($1, true)', [userId]);
    const claims = JSON.stringify({ sub: userId, role: 'authenticated' });
    const asUser = <T extends pg.QueryResultRow>(sql: string, params: unknown[]) =>
      inTransaction(async (c) => {
        await c.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
          [claims],
        );
        return c.query<T>(sql, params);
      });

    const client = benchClient(stack.url, stack.anonKey);
    const { data: auth, error: authError } = await client.auth.signInAnonymously();
    if (authError || !auth.user) throw authError ?? new Error('no user');

    const product = (i: number) => ({
      sku: `BENCH-${i}`,
      product_name: `Bench product ${i}`,
      selling_price: 100,
      stock_on_hand: 100_000_000,
    });
    const directProductIds: string[] = [];
    const stackProductIds: string[] = [];
    for (let i = 0; i < ITEMS; i++) {
      const { sku, product_name, selling_price, stock_on_hand } = product(i);
      const created = await asUser<{ id: string }>(
        `select (public.create_product($1, $2, null, $3, $4)).id`,
        [sku, product_name, selling_price, stock_on_hand],
      );
      directProductIds.push(created.rows[0]?.id as string);
      const { data, error } = await client.rpc('create_product', { ...product(i), bom: [] });
      if (error) throw error;
      stackProductIds.push(data.id);
    }
    await pool.query(`create table public.bench_floor (id int primary key, stock int not null)`);
    await pool.query(
      `insert into public.bench_floor select g, 100000000 from generate_series(0, $1 - 1) g`,
      [ITEMS],
    );

    const floor: Sell = async (item) => {
      await inTransaction((c) =>
        c.query('update public.bench_floor set stock = stock - 1 where id = $1 and stock >= 1', [item]),
      );
    };
    const direct: Sell = async (item) => {
      await asUser(`select (public.log_sale($1, 1, 'Flipkart')).id`, [directProductIds[item]]);
    };
    const viaStack: Sell = async (item) => {
      const { error } = await client.rpc('log_sale', {
        product_id: stackProductIds[item] as string,
        quantity: 1,
        platform: 'Flipkart',
      });
      if (error) throw new Error(error.message);
    };

    for (const concurrency of CONCURRENCY) {
      const [floorFigures, directFigures, stackFigures] = (await measureModes(concurrency, [
        floor,
        direct,
        viaStack,
      ])) as [RunFigures, RunFigures, RunFigures];
      const label = `log_sale, ${concurrency} concurrent`;
      const directShare = directFigures.throughput / floorFigures.throughput;
      rows.push(
        {
          benchmark: label,
          measure: 'floor: bare conditional update (sales/s, p50, p95)',
          value: `${floorFigures.throughput.toFixed(0)}/s, ${ms(floorFigures.p50)}, ${ms(floorFigures.p95)}`,
        },
        {
          benchmark: label,
          measure: 'direct log_sale (sales/s, p50, p95)',
          value: `${directFigures.throughput.toFixed(0)}/s, ${ms(directFigures.p50)}, ${ms(directFigures.p95)}`,
          ratio: `${times(directShare)} of floor throughput`,
          target: '≥ 0.5x of floor',
          met: directShare >= 0.5,
        },
        {
          benchmark: label,
          measure: 'log_sale through the stack, REST and realtime capture (sales/s, p50, p95)',
          value: `${stackFigures.throughput.toFixed(0)}/s, ${ms(stackFigures.p50)}, ${ms(stackFigures.p95)}`,
          ratio: `${times(stackFigures.p50 / directFigures.p50)} direct p50 (stack overhead)`,
        },
      );
    }
    await pool.query('drop table public.bench_floor');
  } finally {
    await stack.close();
    await pool.end();
  }
  return rows;
}


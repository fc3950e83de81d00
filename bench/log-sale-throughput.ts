/**
 * log_sale under 1, 8 and 32 concurrent clients on a real Postgres, three ways side by side:
 *  - floor: the physical minimum, a bare `update … set stock = stock - 1 where stock >= 1` transaction;
 *  - direct: log_sale over a database connection, as the signed-in user (role + claims, like PostgREST);
 *  - stack: log_sale through supabase-js → the local stack's REST → the same database.
 * Every mode sells one unit at a time across the same 16 items, so they contend alike.
 */
import pg from 'pg';
import { startStack } from '../stack/src/stack';
import { benchClient } from './lib/client';
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

/** Median of RUNS runs for each figure. */
async function measureMode(concurrency: number, sell: Sell): Promise<RunFigures> {
  await runOnce(concurrency, sell); // warm-up: connections, plans
  const runs: RunFigures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runOnce(concurrency, sell));
  return {
    throughput: median(runs.map((run) => run.throughput)),
    p50: median(runs.map((run) => run.p50)),
    p95: median(runs.map((run) => run.p95)),
  };
}

export async function measureLogSale(clusterUrl: string): Promise<BenchRow[]> {
  const databaseUrl = await createMigratedDatabase(clusterUrl, 'bench_log_sale');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 40 });
  const stack = await startStack({ port: 0, databaseUrl, quiet: true });
  const rows: BenchRow[] = [];
  try {
    // One anonymous user through the stack, who owns the products all modes sell.
    const client = benchClient(stack.url, stack.anonKey);
    const { data: auth, error: authError } = await client.auth.signInAnonymously();
    if (authError || !auth.user) throw authError ?? new Error('no user');
    const claims = JSON.stringify({ sub: auth.user.id, role: 'authenticated' });
    const productIds: string[] = [];
    for (let i = 0; i < ITEMS; i++) {
      const { data, error } = await client.rpc('create_product', {
        sku: `BENCH-${i}`,
        product_name: `Bench product ${i}`,
        selling_price: 100,
        stock_on_hand: 100_000_000,
        bom: [],
      });
      if (error) throw error;
      productIds.push(data.id);
    }
    await pool.query(`create table public.bench_floor (id int primary key, stock int not null)`);
    await pool.query(
      `insert into public.bench_floor select g, 100000000 from generate_series(0, $1 - 1) g`,
      [ITEMS],
    );

    const inTransaction = async (work: (c: pg.PoolClient) => Promise<unknown>) => {
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        await work(connection);
        await connection.query('commit');
      } finally {
        connection.release();
      }
    };
    const floor: Sell = (item) =>
      inTransaction((c) =>
        c.query('update public.bench_floor set stock = stock - 1 where id = $1 and stock >= 1', [item]),
      );
    const direct: Sell = (item) =>
      inTransaction(async (c) => {
        await c.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
          [claims],
        );
        await c.query(`select (public.log_sale($1, 1, 'Flipkart')).id`, [productIds[item]]);
      });
    const viaStack: Sell = async (item) => {
      const { error } = await client.rpc('log_sale', {
        product_id: productIds[item] as string,
        quantity: 1,
        platform: 'Flipkart',
      });
      if (error) throw new Error(error.message);
    };

    for (const concurrency of CONCURRENCY) {
      const floorFigures = await measureMode(concurrency, floor);
      const directFigures = await measureMode(concurrency, direct);
      const stackFigures = await measureMode(concurrency, viaStack);
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
          measure: 'log_sale through the stack (sales/s, p50, p95)',
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

// Allow `tsx bench/log-sale-throughput.ts` on its own.

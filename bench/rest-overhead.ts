/**
 * What the local stack adds to a sale: p50 and p95 of log_sale through supabase-js → the stack
 * (gateway, JWT check, REST handler, the API login role's pool), against the same function called
 * directly on the same embedded Postgres as the same signed-in user (one transaction with role and
 * claims set, as PostgREST does), at 1, 8 and 32 concurrent clients. Each client sells its own
 * product, so the figures measure the stack, not row-lock queues. The modes take turns in rounds
 * so all see the same machine load. Target: through the stack at most 1.5x the direct p50.
 * A third mode sends the same request with node:http instead of supabase-js (Node's fetch, undici,
 * under it): the stack's own share, since the clients run in the stack's process and a browser's
 * fetch would not. `npm run bench -- rest` runs this section alone.
 */
import http from 'node:http';
import pg from 'pg';
import { connectionUrl } from '../stack/src/db/embedded';
import { POOL_SIZE } from '../stack/src/db/database';
import { startStack, type RunningStack } from '../stack/src/stack';
import { BENCH_STACK, benchClient } from './lib/client';
import { withDataDir } from './lib/cluster';
import { type BenchRow, ms, times } from './lib/report';
import { percentile } from './lib/stats';

const CONCURRENCY = [1, 8, 32];
const ROUNDS = 10;
/** Each round makes at least this many calls in all, so that one client's p50 rests on as many as eight's. */
const CALLS_PER_ROUND = 160;
const CALLS_PER_CLIENT_PER_ROUND = 20;
const TARGET_RATIO = 1.5;

type Seller = () => Promise<void>;

/** Runs every seller `calls` times concurrently and returns each call's latency. */
async function timedCalls(sellers: Seller[], calls: number): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    sellers.map(async (sell) => {
      for (let i = 0; i < calls; i++) {
        const start = performance.now();
        await sell();
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies;
}

async function measureAt(stack: RunningStack, direct: pg.Pool, clients: number): Promise<BenchRow[]> {
  const viaStack: Seller[] = [];
  const viaHttp: Seller[] = [];
  const viaDirect: Seller[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  for (let i = 0; i < clients; i++) {
    const client = benchClient(stack.url, stack.anonKey);
    const { data: auth, error: authError } = await client.auth.signInAnonymously();
    if (authError || !auth.user) throw authError ?? new Error('no user');
    const { data: product, error } = await client.rpc('create_product', {
      sku: `BENCH-${clients}-${i}`,
      product_name: 'Bench product',
      selling_price: 100,
      stock_on_hand: 1_000_000,
      bom: [],
    });
    if (error) throw error;
    const claims = JSON.stringify({ sub: auth.user.id, role: 'authenticated' });
    const saleBody = JSON.stringify({ product_id: product.id, quantity: 1, platform: 'Flipkart' });
    const saleHeaders = {
      apikey: stack.anonKey,
      authorization: `Bearer ${auth.session!.access_token}`,
      'content-type': 'application/json',
    };
    viaHttp.push(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = http.request(`${stack.url}/rest/v1/rpc/log_sale`, { method: 'POST', agent, headers: saleHeaders }, (response) => {
            response.resume();
            response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${response.statusCode}`))));
          });
          request.on('error', reject);
          request.end(saleBody);
        }),
    );
    viaStack.push(async () => {
      const { error: saleError } = await client.rpc('log_sale', { product_id: product.id, quantity: 1, platform: 'Flipkart' });
      if (saleError) throw new Error(saleError.message);
    });
    viaDirect.push(async () => {
      const connection = await direct.connect();
      try {
        await connection.query('begin');
        await connection.query(
          "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
          [claims],
        );
        await connection.query(`select to_json(public.log_sale($1, 1, 'Flipkart'))::text`, [product.id]);
        await connection.query('commit');
      } finally {
        connection.release();
      }
    });
  }

  await timedCalls(viaStack, 5);
  await timedCalls(viaHttp, 5);
  await timedCalls(viaDirect, 5);
  const callsPerClient = Math.max(CALLS_PER_CLIENT_PER_ROUND, Math.ceil(CALLS_PER_ROUND / clients));
  const stackTimes: number[] = [];
  const httpTimes: number[] = [];
  const directTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    stackTimes.push(...(await timedCalls(viaStack, callsPerClient)));
    httpTimes.push(...(await timedCalls(viaHttp, callsPerClient)));
    directTimes.push(...(await timedCalls(viaDirect, callsPerClient)));
  }
  agent.destroy();
  const throughStack = { p50: percentile(stackTimes, 50), p95: percentile(stackTimes, 95) };
  const throughHttp = { p50: percentile(httpTimes, 50), p95: percentile(httpTimes, 95) };
  const plain = { p50: percentile(directTimes, 50), p95: percentile(directTimes, 95) };
  const benchmark = `log_sale through the stack, ${clients} client${clients === 1 ? '' : 's'}`;
  return [
    { benchmark, measure: `direct call (p50, p95 of ${directTimes.length})`, value: `${ms(plain.p50)}, ${ms(plain.p95)}` },
    {
      benchmark,
      measure: `supabase-js → /rest/v1 (p50, p95 of ${stackTimes.length})`,
      value: `${ms(throughStack.p50)}, ${ms(throughStack.p95)}`,
      ratio: `${times(throughStack.p50 / plain.p50)} at p50, ${times(throughStack.p95 / plain.p95)} at p95`,
      target: `≤ ${TARGET_RATIO}x direct at p50`,
      met: throughStack.p50 / plain.p50 <= TARGET_RATIO,
    },
    {
      benchmark,
      measure: `node:http → /rest/v1, the stack's own share (p50, p95 of ${httpTimes.length})`,
      value: `${ms(throughHttp.p50)}, ${ms(throughHttp.p95)}`,
      ratio: `${times(throughHttp.p50 / plain.p50)} at p50, ${times(throughHttp.p95 / plain.p95)} at p95`,
      target: `≤ ${TARGET_RATIO}x direct at p50`,
      met: throughHttp.p50 / plain.p50 <= TARGET_RATIO,
    },
  ];
}

/** On the embedded Postgres with its production durability (a data directory of its own). */
export const measureRestOverhead = () => withDataDir(measureIn);

async function measureIn(dataDir: string): Promise<BenchRow[]> {
  const stack = await startStack({ ...BENCH_STACK, dataDir });
  if (!stack.postgres) throw new Error('the benchmark needs the embedded Postgres');
  // As many connections as the stack's API pool, so both modes have the same database concurrency.
  const direct = new pg.Pool({ connectionString: connectionUrl(stack.postgres.connection), max: POOL_SIZE });
  try {
    const rows: BenchRow[] = [];
    for (const clients of CONCURRENCY) rows.push(...(await measureAt(stack, direct, clients)));
    return rows;
  } finally {
    await direct.end();
    await stack.close();
  }
}

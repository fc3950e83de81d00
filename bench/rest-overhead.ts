/**
 * What /rest/v1 adds to a call: p50 and p95 of log_sale through supabase-js → the stack's REST
 * handler, against the same function called directly on the same database as the same signed-in
 * user (one transaction with role and claims set, as PostgREST does), on PGlite and on the
 * Postgres cluster run.ts gives it. Calls alternate one by one so both modes see the same machine
 * load. Target: REST p50 under 2x the direct p50. `npm run bench -- rest` runs this section alone.
 */
import { runAs } from '../stack/src/db/database';
import { startStack, type RunningStack } from '../stack/src/stack';
import { benchClient } from './lib/client';
import { createMigratedDatabase } from './lib/cluster';
import { type BenchRow, ms, times } from './lib/report';
import { percentile } from './lib/stats';

const WARM_UP_CALLS = 50;
const MEASURED_CALLS = 500;

async function measureOn(label: string, stack: RunningStack): Promise<BenchRow[]> {
  const client = benchClient(stack.url, stack.anonKey);
  const { data: auth, error: authError } = await client.auth.signInAnonymously();
  if (authError || !auth.user) throw authError ?? new Error('no user');
  const { data: product, error } = await client.rpc('create_product', {
    sku: 'BENCH-REST',
    product_name: 'Bench product',
    selling_price: 100,
    stock_on_hand: 1_000_000,
    bom: [],
  });
  if (error) throw error;
  const identity = { role: 'authenticated' as const, claims: { sub: auth.user.id, role: 'authenticated' } };

  const viaRest = async () => {
    const { error: saleError } = await client.rpc('log_sale', { product_id: product.id, quantity: 1, platform: 'Flipkart' });
    if (saleError) throw new Error(saleError.message);
  };
  const direct = () =>
    runAs(stack.db, identity, {}, (tx) =>
      tx.query(`select to_json(public.log_sale($1, 1, 'Flipkart'))::text`, [product.id]),
    );

  const restTimes: number[] = [];
  const directTimes: number[] = [];
  const timed = async (fn: () => Promise<unknown>, into: number[] | null) => {
    const start = performance.now();
    await fn();
    into?.push(performance.now() - start);
  };
  for (let i = 0; i < WARM_UP_CALLS + MEASURED_CALLS; i++) {
    const measured = i >= WARM_UP_CALLS;
    await timed(viaRest, measured ? restTimes : null);
    await timed(direct, measured ? directTimes : null);
  }

  const rest = { p50: percentile(restTimes, 50), p95: percentile(restTimes, 95) };
  const plain = { p50: percentile(directTimes, 50), p95: percentile(directTimes, 95) };
  const benchmark = `log_sale REST overhead, ${label}`;
  return [
    { benchmark, measure: `direct call (p50, p95 of ${MEASURED_CALLS})`, value: `${ms(plain.p50)}, ${ms(plain.p95)}` },
    {
      benchmark,
      measure: `supabase-js → /rest/v1 (p50, p95 of ${MEASURED_CALLS})`,
      value: `${ms(rest.p50)}, ${ms(rest.p95)}`,
      ratio: `${times(rest.p50 / plain.p50)} at p50, ${times(rest.p95 / plain.p95)} at p95`,
      target: '< 2x direct at p50',
      met: rest.p50 / plain.p50 < 2,
    },
  ];
}

/** PGlite always; Postgres too when a cluster URL is given. */
export async function measureRestOverhead(clusterUrl: string | undefined): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const embedded = await startStack({ port: 0, dataDir: null, quiet: true });
  try {
    rows.push(...(await measureOn('PGlite', embedded)));
  } finally {
    await embedded.close();
  }
  if (clusterUrl) {
    const databaseUrl = await createMigratedDatabase(clusterUrl, 'bench_rest_overhead');
    const server = await startStack({ port: 0, databaseUrl, quiet: true });
    try {
      rows.push(...(await measureOn('Postgres', server)));
    } finally {
      await server.close();
    }
  }
  return rows;
}

/**
 * What the local stack adds to a sale: p50 and p95 of log_sale through supabase-js → the stack
 * (gateway, JWT check, REST handler, the API login role's pool), against the same function called
 * directly on the same embedded Postgres as the same signed-in user (one transaction with role and
 * claims set, as PostgREST does), at 1, 8 and 32 concurrent clients. Each client sells its own
 * product, so the figures measure the stack, not row-lock queues. The two modes take turns in
 * rounds so both see the same machine load. The clients of both modes run in a worker thread
 * (lib/rest-overhead-clients.ts): the stack's thread serves requests only, as it does for browsers.
 * Target: through the stack at most 1.5x the direct p50.
 * `npm run bench -- rest` runs this section alone.
 */
import { Worker } from 'node:worker_threads';
import { connectionUrl } from '../stack/src/db/embedded';
import { POOL_SIZE } from '../stack/src/db/postgres';
import { startStack, type RunningStack } from '../stack/src/stack';
import { BENCH_STACK } from './lib/client';
import type { ClientsInput, ClientsOutput } from './lib/rest-overhead-clients';
import { withDataDir } from './lib/cluster';
import { type BenchRow, ms, times } from './lib/report';
import { percentile } from './lib/stats';

const CONCURRENCY = [1, 8, 32];
const ROUNDS = 10;
const CALLS_PER_CLIENT_PER_ROUND = 20;
const TARGET_RATIO = 1.5;

/** Runs the clients in a worker thread and returns their latencies. */
function runClients(input: ClientsInput): Promise<ClientsOutput> {
  return new Promise((resolve, reject) => {
    // A worker thread does not inherit tsx's loader: it imports the TypeScript module through tsx.
    const clients = new URL('./lib/rest-overhead-clients.ts', import.meta.url).href;
    const bootstrap = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(clients)}, ${JSON.stringify(import.meta.url)}))`;
    const worker = new Worker(bootstrap, { eval: true, workerData: input });
    worker.once('message', (output: ClientsOutput) => resolve(output));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the benchmark clients stopped (exit code ${code})`)));
  });
}

async function measureAt(stack: RunningStack, clients: number): Promise<BenchRow[]> {
  if (!stack.postgres) throw new Error('the benchmark needs the embedded Postgres');
  const { stackTimes, directTimes } = await runClients({
    stackUrl: stack.url,
    anonKey: stack.anonKey,
    databaseUrl: connectionUrl(stack.postgres.connection),
    poolSize: POOL_SIZE,
    clients,
    rounds: ROUNDS,
    callsPerClientPerRound: CALLS_PER_CLIENT_PER_ROUND,
  });
  const throughStack = { p50: percentile(stackTimes, 50), p95: percentile(stackTimes, 95) };
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
  ];
}

/** On the embedded Postgres with its production durability (a data directory of its own). */
export const measureRestOverhead = () => withDataDir(measureIn);

async function measureIn(dataDir: string): Promise<BenchRow[]> {
  const stack = await startStack({ ...BENCH_STACK, dataDir });
  try {
    const rows: BenchRow[] = [];
    for (const clients of CONCURRENCY) rows.push(...(await measureAt(stack, clients)));
    return rows;
  } finally {
    await stack.close();
  }
}

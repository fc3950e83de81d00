/**
 * The clients of the rest-overhead benchmark, in a worker thread of their own: supabase-js callers
 * of the stack and direct pg callers alike run here, so the stack's event loop (main thread) serves
 * requests only, as it does for browsers that are processes of their own.
 */
import pg from 'pg';
import { parentPort, workerData } from 'node:worker_threads';
import { benchClient } from './client';

export interface ClientsInput {
  stackUrl: string;
  anonKey: string;
  /** The stack's Postgres, for the direct calls. */
  databaseUrl: string;
  poolSize: number;
  clients: number;
  rounds: number;
  callsPerClientPerRound: number;
}

export interface ClientsOutput {
  stackTimes: number[];
  directTimes: number[];
}

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

async function measure(input: ClientsInput): Promise<ClientsOutput> {
  // As many connections as the stack's API pool, so both modes have the same database concurrency.
  const direct = new pg.Pool({ connectionString: input.databaseUrl, max: input.poolSize });
  try {
    const viaStack: Seller[] = [];
    const viaDirect: Seller[] = [];
    for (let i = 0; i < input.clients; i++) {
      const client = benchClient(input.stackUrl, input.anonKey);
      const { data: auth, error: authError } = await client.auth.signInAnonymously();
      if (authError || !auth.user) throw authError ?? new Error('no user');
      // Each client sells its own product, so the figures measure the stack, not row-lock queues.
      const { data: product, error } = await client.rpc('create_product', {
        sku: `BENCH-${input.clients}-${i}`,
        product_name: 'Bench product',
        selling_price: 100,
        stock_on_hand: 1_000_000,
        bom: [],
      });
      if (error || !product) throw error ?? new Error('no product');
      const claims = JSON.stringify({ sub: auth.user.id, role: 'authenticated' });
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
    await timedCalls(viaDirect, 5);
    const output: ClientsOutput = { stackTimes: [], directTimes: [] };
    // The two modes take turns in rounds, so both see the same machine load.
    for (let round = 0; round < input.rounds; round++) {
      output.stackTimes.push(...(await timedCalls(viaStack, input.callsPerClientPerRound)));
      output.directTimes.push(...(await timedCalls(viaDirect, input.callsPerClientPerRound)));
    }
    return output;
  } finally {
    await direct.end();
  }
}

parentPort?.postMessage(await measure(workerData as ClientsInput));

/**
 * The embedded database under abuse: the stack process is SIGKILLed in the middle of a stream of
 * sales, restarted on the same data directory, and must still hold every sale it acknowledged with
 * the ledger intact; a second process on a data directory in use is refused with a clear error.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../stack/src/lock';
import { newClient, stackKinds, startTestStack, type TestStack } from './harness';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ANON_KEY_LINE = /anon key: (\S+)/;

interface StackProcess {
  url: string;
  anonKey: string;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Kills the whole process tree (npx, tsx, node) at once. */
  kill(): void;
}

const running = new Set<StackProcess>();

afterEach(async () => {
  for (const stack of running) {
    stack.kill();
    await stack.exited;
  }
  running.clear();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npx tsx stack/src/cli.ts start` in its own process group, so a signal reaches the whole tree. */
function spawnStack(dataDir: string, port: number): StackProcess & { ready: Promise<void> } {
  const env: NodeJS.ProcessEnv = { ...process.env, NPM_CONFIG_LOGLEVEL: 'error' };
  delete env.DATABASE_URL;
  const child = spawn('npx', ['tsx', 'stack/src/cli.ts', 'start', '--port', String(port), '--data-dir', dataDir], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl-C')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`the stack exited (${code}) before it was ready:\n${output}`)));
  });
  const stack = {
    url: `http://127.0.0.1:${port}`,
    get anonKey() {
      return ANON_KEY_LINE.exec(output)?.[1] ?? '';
    },
    output: () => output,
    exited,
    ready,
    kill() {
      if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
    },
  };
  running.add(stack);
  void exited.then(() => running.delete(stack));
  return stack;
}

/** SIGTERM to the stack process itself (the data directory's lock holder), as a service manager sends it. */
async function terminate(dataDir: string) {
  process.kill(Number(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')), 'SIGTERM');
}

async function rpc<T>(client: SupabaseClient, name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.message}`);
  return data as T;
}

describe.runIf(stackKinds().includes('pglite'))('durability of the embedded database', () => {
  it('keeps every acknowledged sale and an intact ledger after SIGKILL mid-stream', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ff-durability-'));
    try {
      const first = spawnStack(dataDir, await freePort());
      await first.ready;
      const client = newClient(first.url, first.anonKey);
      const { data: signIn, error } = await client.auth.signInAnonymously();
      expect(error).toBeNull();
      const session = signIn.session;
      if (!session) throw new Error('no session');
      const opening = 1_000_000;
      const product = await rpc<{ id: string }>(client, 'create_product', {
        sku: 'DUR-1',
        product_name: 'Durable widget',
        selling_price: 9.5,
        stock_on_hand: opening,
      });

      // Four concurrent streams of sales; kill the stack once 60 are acknowledged, with more in flight.
      const acknowledged: string[] = [];
      let killed = false;
      const stream = async () => {
        while (!killed) {
          const { data, error: saleError } = await client.rpc('log_sale', {
            product_id: product.id,
            quantity: 1 + (acknowledged.length % 3),
            platform: 'Amazon',
          });
          if (saleError || !data) return;
          acknowledged.push((data as { id: string }).id);
          if (acknowledged.length >= 60 && !killed) {
            killed = true;
            first.kill();
          }
        }
      };
      await Promise.all([stream(), stream(), stream(), stream()]);
      expect(await first.exited).toBeNull();
      expect(acknowledged.length).toBeGreaterThanOrEqual(60);
      // The killed process could not remove its lock: the restart must reclaim it.
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);

      const second = spawnStack(dataDir, await freePort());
      await second.ready;
      const after = newClient(second.url, second.anonKey);
      const restored = await after.auth.setSession({
        access_token: session.access_token,
        refresh_token: session.refresh_token,
      });
      expect(restored.error).toBeNull();

      const { data: orders, error: ordersError } = await after.from('sales_orders').select('id, quantity');
      expect(ordersError).toBeNull();
      const stored = new Set((orders ?? []).map((order) => order.id as string));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

      const { data: products } = await after.from('products').select('id, stock_on_hand');
      const { data: movements } = await after.from('stock_movements').select('product_id, quantity, sales_order_id');
      expect(products).toHaveLength(1);
      const ledgerTotal = (movements ?? []).reduce((sum, movement) => sum + Number(movement.quantity), 0);
      expect(products?.[0]?.stock_on_hand).toBe(ledgerTotal);
      const soldTotal = (orders ?? []).reduce((sum, order) => sum + Number(order.quantity), 0);
      expect(ledgerTotal).toBe(opening - soldTotal);
      // One sale movement per stored order, none without its order.
      const saleMovements = (movements ?? []).filter((movement) => movement.sales_order_id !== null);
      expect(new Set(saleMovements.map((movement) => movement.sales_order_id))).toEqual(stored);
      expect(saleMovements).toHaveLength(stored.size);

      await terminate(dataDir);
      expect(await second.exited).toBe(0);
      expect(second.output()).toContain('the database is checkpointed and closed');
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a second stack on a data directory in use, with the owner pid', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ff-lock-'));
    try {
      const first = spawnStack(dataDir, await freePort());
      await first.ready;
      const owner = (await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).trim();

      const second = spawnStack(dataDir, await freePort());
      await expect(second.ready).rejects.toThrow();
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`FactoryFlow stack is already running on this data directory (pid ${owner})`);

      // The first stack is unharmed and still serves.
      const health = await fetch(`${first.url}/auth/v1/user`, { headers: { apikey: first.anonKey } });
      expect(health.status).toBe(401);
      await terminate(dataDir);
      expect(await first.exited).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('seeds demo data into a new data directory once, not again on restart', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ff-seed-'));
    const countOrders = async (stack: TestStack) =>
      (await stack.db?.query<{ orders: number }>('select count(*)::int as orders from public.sales_orders'))?.rows[0]?.orders;
    try {
      const first = await startTestStack('pglite', { dataDir, seed: true });
      const seeded = await countOrders(first);
      await first.close();
      expect(seeded).toBeGreaterThan(0);

      const second = await startTestStack('pglite', { dataDir, seed: true });
      try {
        expect(await countOrders(second)).toBe(seeded);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

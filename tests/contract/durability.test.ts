/**
 * The embedded Postgres under abuse, in two kinds of crash during a stream of sales: the stack
 * process is SIGKILLed (its Postgres server is left running, orphaned) and restarted on the same
 * data directory; and, separately, the Postgres server itself is SIGKILLed under a running stack.
 * Either way every sale the stack acknowledged is there afterwards, with the ledger intact. A second
 * process on a data directory in use is refused with a clear error.
 *
 * This proves recovery from process crashes. A power cut is another matter: it relies on Postgres
 * having fsync'd its WAL at each commit, which the embedded server does (fsync and synchronous
 * commit on) and which no test here can pull the plug on.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../stack/src/lock';
import { newClient, rpcOk, signIn, stackKinds, startTestStack, type TestStack } from './harness';
import { freePort } from '../../stack/src/free-port';

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const postmasterPid = async (dataDir: string) =>
  Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);

/** A signed-in owner with one product of plenty of stock. */
async function shopOn(stack: { url: string; anonKey: string }) {
  const owner = await signIn({ newClient: () => newClient(stack.url, stack.anonKey) });
  const product = await rpcOk<{ id: string }>(owner, 'create_product', {
    sku: 'DUR-1',
    product_name: 'Durable widget',
    selling_price: 9.5,
    stock_on_hand: OPENING_STOCK,
  });
  return { client: owner.client, session: owner.session, productId: product.id };
}

const OPENING_STOCK = 1_000_000;

/**
 * Four concurrent streams of sales; once `crashAfter` are acknowledged, crash() runs with more in
 * flight. Streams stop at their first failed sale after the crash (before it, none may fail).
 * Returns the ids of the acknowledged sales.
 */
async function sellUntilCrash(client: SupabaseClient, productId: string, crashAfter: number, crash: () => void): Promise<string[]> {
  const acknowledged: string[] = [];
  let crashed = false;
  const stream = async () => {
    while (!crashed) {
      const { data, error } = await client.rpc('log_sale', {
        product_id: productId,
        quantity: 1 + (acknowledged.length % 3),
        platform: 'Amazon',
      });
      if (error || !data) {
        if (!crashed) throw new Error(`a sale failed before the crash: ${error?.message}`);
        return;
      }
      acknowledged.push((data as { id: string }).id);
      if (acknowledged.length >= crashAfter && !crashed) {
        crashed = true;
        crash();
      }
    }
  };
  await Promise.all([stream(), stream(), stream(), stream()]);
  expect(acknowledged.length).toBeGreaterThanOrEqual(crashAfter);
  return acknowledged;
}

/** Every acknowledged sale is stored, stock equals the ledger, one sale movement per order. */
async function expectEverySaleKept(client: SupabaseClient, acknowledged: string[]) {
  const { data: orders, error: ordersError } = await client.from('sales_orders').select('id, quantity');
  expect(ordersError).toBeNull();
  const stored = new Set((orders ?? []).map((order) => order.id as string));
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

  const { data: products } = await client.from('products').select('id, stock_on_hand');
  const { data: movements } = await client.from('stock_movements').select('product_id, quantity, sales_order_id');
  expect(products).toHaveLength(1);
  const ledgerTotal = (movements ?? []).reduce((sum, movement) => sum + Number(movement.quantity), 0);
  expect(products?.[0]?.stock_on_hand).toBe(ledgerTotal);
  const soldTotal = (orders ?? []).reduce((sum, order) => sum + Number(order.quantity), 0);
  expect(ledgerTotal).toBe(OPENING_STOCK - soldTotal);
  const saleMovements = (movements ?? []).filter((movement) => movement.sales_order_id !== null);
  expect(new Set(saleMovements.map((movement) => movement.sales_order_id))).toEqual(stored);
  expect(saleMovements).toHaveLength(stored.size);
}

describe.runIf(stackKinds().includes('embedded'))('durability of the embedded database', () => {
  it('keeps every acknowledged sale after the stack is SIGKILLed mid-stream, and stops the orphaned Postgres on restart', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ff-durability-'));
    try {
      const first = spawnStack(dataDir, await freePort());
      await first.ready;
      const { client, session, productId } = await shopOn(first);
      const stackPid = Number(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8'));
      const orphan = await postmasterPid(dataDir);

      // SIGKILL the stack's Node process alone: its Postgres server lives on, holding the data.
      const acknowledged = await sellUntilCrash(client, productId, 60, () => process.kill(stackPid, 'SIGKILL'));
      // Not first.kill(): the process group holds the orphan too.
      await first.exited;
      expect(isAlive(orphan)).toBe(true);
      // The killed process could not remove its lock: the restart must reclaim it.
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);

      const second = spawnStack(dataDir, await freePort());
      await second.ready;
      expect(second.output()).toContain(`A Postgres server (pid ${orphan}) was left running on this data directory; stopping it.`);
      expect(isAlive(orphan)).toBe(false);
      const after = newClient(second.url, second.anonKey);
      const restored = await after.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
      expect(restored.error).toBeNull();
      await expectEverySaleKept(after, acknowledged);

      const serverOfSecond = await postmasterPid(dataDir);
      await terminate(dataDir);
      expect(await second.exited).toBe(0);
      expect(second.output()).toContain('Postgres shut down cleanly');
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
      expect(isAlive(serverOfSecond)).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps every acknowledged sale after Postgres itself is SIGKILLed mid-stream, and serves again', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ff-pg-crash-'));
    try {
      const stack = spawnStack(dataDir, await freePort());
      await stack.ready;
      const { client, productId } = await shopOn(stack);
      const killed = await postmasterPid(dataDir);

      const acknowledged = await sellUntilCrash(client, productId, 60, () => process.kill(killed, 'SIGKILL'));
      // The stack notices and restarts its server (crash recovery replays the WAL)…
      await expect
        .poll(() => stack.output(), { timeout: 30_000, interval: 100 })
        .toContain('Postgres exited unexpectedly (SIGKILL); restarting it.');
      // …and sales go through again once it is up.
      let recovered = false;
      for (let attempt = 0; attempt < 300 && !recovered; attempt++) {
        const { data, error } = await client.rpc('log_sale', { product_id: productId, quantity: 1, platform: 'Flipkart' });
        if (!error && data) {
          acknowledged.push((data as { id: string }).id);
          recovered = true;
        } else {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      expect(recovered).toBe(true);
      expect(await postmasterPid(dataDir)).not.toBe(killed);
      await expectEverySaleKept(client, acknowledged);

      await terminate(dataDir);
      expect(await stack.exited, stack.output()).toBe(0);
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
      const first = await startTestStack('embedded', { dataDir, seed: true });
      const seeded = await countOrders(first);
      await first.close();
      expect(seeded).toBeGreaterThan(0);

      const second = await startTestStack('embedded', { dataDir, seed: true });
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

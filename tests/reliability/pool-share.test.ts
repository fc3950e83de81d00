/**
 * A fair share of the stack's database pool (issue 44): one user's burst of calls, more than the
 * whole pool, that cannot finish (each waits on a row lock held outside the API, as a slow call
 * would hold its connection) takes CONNECTIONS_PER_REQUESTER connections and queues the rest in
 * the stack; another user's sale meanwhile gets a connection and is answered while every one of
 * the first user's calls is still waiting. Once the lock goes, all of the first user's calls are
 * answered, each sale once. Without the share, the burst filled all 20 connections and the other
 * user's sale waited behind it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CONNECTIONS_PER_REQUESTER, POOL_SIZE } from '../../stack/src/db/database';
import { startStack, type RunningStack } from '../../stack/src/stack';
import { newClient } from '../contract/harness';
import { createProduct, rpc, signIn } from './support';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startStack({ port: 0, dataDir: null, templateDataDir: inject('stackTemplate'), quiet: true });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

/** API transactions of this stack's database waiting for a lock. */
async function waitingOnLocks(): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and usename = 'authenticator' and wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}

/** Reads until `done` holds (every 50 ms, at most 200 times), then returns the last value read. */
async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < 200 && !done(value); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe("one user's calls beyond the whole pool", () => {
  it("take only that user's share, and another user's sale is answered while all of them wait", async () => {
    const client = () => newClient(stack.url, stack.anonKey);
    const [owner, neighbour] = await Promise.all([signIn({ newClient: client }), signIn({ newClient: client })]);
    const tee = await createProduct(owner, 'Tee', 1000);
    const cap = await createProduct(neighbour, 'Cap', 10);

    // The tee's row locked outside the API: each sale of it waits in Postgres, holding its connection.
    let release!: () => void;
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = stack.db.transaction(async (tx) => {
      await tx.query('select 1 from public.products where id = $1 for update', [tee]);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await lockTaken;

    let ownerAnswered = 0;
    const ownerSales = Array.from({ length: POOL_SIZE + 1 }, () =>
      rpc(owner, 'log_sale', { product_id: tee, quantity: 1 }).finally(() => ownerAnswered++),
    );
    expect(await readUntil(waitingOnLocks, (n) => n >= CONNECTIONS_PER_REQUESTER)).toBe(CONNECTIONS_PER_REQUESTER);

    const neighbourSale = await rpc(neighbour, 'log_sale', { product_id: cap, quantity: 1 });
    expect(neighbourSale.error).toBeNull();
    expect(neighbourSale.status).toBe(200);
    expect(ownerAnswered).toBe(0);
    // The rest of the owner's calls are still queued in the stack, not holding connections.
    expect(await waitingOnLocks()).toBe(CONNECTIONS_PER_REQUESTER);

    release();
    await holding;
    const outcomes = await Promise.all(ownerSales);
    expect(outcomes.map(({ status, error }) => [status, error])).toEqual(Array(POOL_SIZE + 1).fill([200, null]));
    const { rows } = await stack.db.query<{ stock: string }>(
      'select stock_on_hand::text as stock from public.products where id = $1',
      [tee],
    );
    expect(Number(rows[0]!.stock)).toBe(1000 - (POOL_SIZE + 1));
  });
});

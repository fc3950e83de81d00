/**
 * No oversell, no deadlock, no lost update, through the whole stack (supabase-js → HTTP → REST →
 * real Postgres 15): hundreds of concurrent sales on a small stock, and production racing
 * production and sales over shared materials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../contract/harness';
import {
  createMaterial,
  createProduct,
  ledgerProblems,
  rpc,
  rpcOk,
  signIn,
  superuser,
  type CallOutcome,
} from './support';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack('postgres');
});
afterAll(async () => {
  await stack?.close();
});

const NOT_ENOUGH_MATERIALS = 'Not enough raw materials to start production.';

/** Outcomes grouped by failure message; any failure that is not a clean 400 is listed under `unexpected`. */
function tally(outcomes: CallOutcome<unknown>[]) {
  const byMessage: Record<string, number> = {};
  const unexpected: string[] = [];
  let succeeded = 0;
  for (const outcome of outcomes) {
    if (!outcome.error) {
      succeeded++;
      continue;
    }
    byMessage[outcome.error.message] = (byMessage[outcome.error.message] ?? 0) + 1;
    if (outcome.status !== 400 || outcome.error.code !== 'P0001') {
      unexpected.push(`${outcome.status} ${outcome.error.code}: ${outcome.error.message}`);
    }
  }
  return { succeeded, byMessage, unexpected };
}

async function stockOf(table: 'products' | 'raw_materials', id: string): Promise<number> {
  const column = table === 'products' ? 'stock_on_hand' : 'stock_level';
  const { rows } = await superuser(stack).query<{ stock: string }>(
    `select ${column}::text as stock from public.${table} where id = $1`,
    [id],
  );
  return Number(rows[0]!.stock);
}

describe('oversell through the stack [postgres]', () => {
  it('200 concurrent sales of 1 on a stock of 50: exactly 50 succeed, the rest are refused, stock 0, ledger reconciles', async () => {
    const user = await signIn(stack);
    const name = 'Oversell Kurta';
    const productId = await createProduct(user, name, 50);

    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () => rpc(user, 'log_sale', { product_id: productId, quantity: 1, platform: 'Amazon' })),
    );

    const { succeeded, byMessage, unexpected } = tally(outcomes);
    expect(unexpected).toEqual([]);
    expect(succeeded).toBe(50);
    expect(byMessage).toEqual({ [`Not enough stock for ${name}. Only 0 available.`]: 150 });
    expect(await stockOf('products', productId)).toBe(0);

    const { rows } = await superuser(stack).query<{ orders: number; movements: number; sold: number }>(
      `select (select count(*)::int from public.sales_orders where product_id = $1) as orders,
              (select count(*)::int from public.stock_movements where product_id = $1 and reason = 'sale') as movements,
              (select coalesce(sum(quantity), 0)::int from public.sales_orders where product_id = $1) as sold`,
      [productId],
    );
    expect(rows[0]).toEqual({ orders: 50, movements: 50, sold: 50 });
    expect(await ledgerProblems(stack, user.id)).toEqual([]);
  });

  it('production against production and sales over shared materials: no negative stock, no deadlock, no lost update', async () => {
    const user = await signIn(stack);
    const opening = { cotton: 60, dye: 90, thread: 25 };
    const cotton = await createMaterial(user, 'Cotton', opening.cotton);
    const dye = await createMaterial(user, 'Dye', opening.dye);
    const thread = await createMaterial(user, 'Thread', opening.thread);
    // The same materials named in different orders, so a function locking in BOM order would deadlock.
    const shirtBom = { [cotton]: 1, [dye]: 2 };
    const scarfBom = { [thread]: 1, [dye]: 1, [cotton]: 1 };
    const toRows = (bom: Record<string, number>) =>
      Object.entries(bom).map(([material_id, quantity]) => ({ material_id, quantity }));
    const productOpening = { shirt: 20, scarf: 20 };
    const shirt = await createProduct(user, 'Shirt', productOpening.shirt, toRows(shirtBom));
    const scarf = await createProduct(user, 'Scarf', productOpening.scarf, toRows(scarfBom));

    // In-progress orders to complete during the race (their materials are consumed now).
    const pending: { id: string; product: string; quantity: number }[] = [];
    for (const [product, quantity] of [
      [shirt, 3],
      [scarf, 2],
      [shirt, 2],
      [scarf, 3],
      [shirt, 1],
      [scarf, 1],
    ] as const) {
      const order = await rpcOk<{ id: string }>(user, 'start_production', { product_id: product, quantity_to_produce: quantity });
      pending.push({ id: order.id, product, quantity });
    }
    const before = {
      cotton: await stockOf('raw_materials', cotton),
      dye: await stockOf('raw_materials', dye),
      thread: await stockOf('raw_materials', thread),
      shirt: await stockOf('products', shirt),
      scarf: await stockOf('products', scarf),
    };

    type Op =
      | { kind: 'start'; product: string; quantity: number }
      | { kind: 'complete'; order: string; product: string; quantity: number }
      | { kind: 'sale'; product: string; quantity: number };
    const ops: Op[] = [];
    for (let i = 0; i < 40; i++) {
      ops.push({ kind: 'start', product: i % 2 ? shirt : scarf, quantity: 1 + (i % 3) });
      ops.push({ kind: 'sale', product: i % 2 ? scarf : shirt, quantity: 1 + (i % 2) });
    }
    for (const order of pending) ops.push({ kind: 'complete', order: order.id, product: order.product, quantity: order.quantity });
    // Each pending order completed twice: exactly one of the two may add its output.
    for (const order of pending) ops.push({ kind: 'complete', order: order.id, product: order.product, quantity: order.quantity });
    // Interleave the kinds so they hit the server together.
    shuffle(ops);

    const outcomes = await Promise.all(
      ops.map((op) =>
        op.kind === 'start'
          ? rpc(user, 'start_production', { product_id: op.product, quantity_to_produce: op.quantity })
          : op.kind === 'complete'
            ? rpc(user, 'complete_production', { order_id: op.order })
            : rpc(user, 'log_sale', { product_id: op.product, quantity: op.quantity }),
      ),
    );

    const { succeeded, byMessage, unexpected } = tally(outcomes);
    expect(unexpected).toEqual([]);
    // Only the refusals the operations define; anything else (a deadlock, a 500) is in `unexpected`.
    const allowed = new Set([NOT_ENOUGH_MATERIALS, 'This manufacturing order is already completed.']);
    for (const message of Object.keys(byMessage)) {
      if (!allowed.has(message)) expect(message).toMatch(/^Not enough stock for (Shirt|Scarf)\. Only \d+ available\.$/);
    }
    expect(byMessage['This manufacturing order is already completed.']).toBe(pending.length);
    // The material stocks run out partway: the race really contended.
    expect(byMessage[NOT_ENOUGH_MATERIALS]).toBeGreaterThan(0);
    expect(succeeded).toBeGreaterThan(pending.length);

    // Expected final stocks from the successful operations alone.
    const expected = { ...before };
    ops.forEach((op, i) => {
      if (outcomes[i]!.error) return;
      if (op.kind === 'start') {
        const bom = op.product === shirt ? shirtBom : scarfBom;
        for (const [material, perUnit] of Object.entries(bom)) {
          const key = material === cotton ? 'cotton' : material === dye ? 'dye' : 'thread';
          expected[key] -= perUnit * op.quantity;
        }
      } else {
        const key = op.product === shirt ? 'shirt' : 'scarf';
        expected[key] += op.kind === 'complete' ? op.quantity : -op.quantity;
      }
    });
    const after = {
      cotton: await stockOf('raw_materials', cotton),
      dye: await stockOf('raw_materials', dye),
      thread: await stockOf('raw_materials', thread),
      shirt: await stockOf('products', shirt),
      scarf: await stockOf('products', scarf),
    };
    expect(after).toEqual(expected);
    for (const stock of Object.values(after)) expect(stock).toBeGreaterThanOrEqual(0);

    // Every successful start is an In Progress or Completed order; every completion is recorded once.
    const { rows } = await superuser(stack).query<{ started: number; completed: number; outputs: number }>(
      `select (select count(*)::int from public.manufacturing_orders where user_id = $1) as started,
              (select count(*)::int from public.manufacturing_orders where user_id = $1 and status = 'Completed') as completed,
              (select count(*)::int from public.stock_movements where user_id = $1 and reason = 'production_output') as outputs`,
      [user.id],
    );
    const successfulStarts = ops.filter((op, i) => op.kind === 'start' && !outcomes[i]!.error).length;
    expect(rows[0]).toEqual({ started: pending.length + successfulStarts, completed: pending.length, outputs: pending.length });
    expect(await ledgerProblems(stack, user.id)).toEqual([]);
    console.log(
      `oversell: production race of ${ops.length} calls: ${succeeded} succeeded, refusals ${JSON.stringify(byMessage)}`,
    );
  });
});

/** Fisher-Yates with a fixed seed (mulberry32), so every run races the same interleaving. */
function shuffle<T>(items: T[], seed = 20261122): void {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

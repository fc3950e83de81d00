// Production racing over shared materials: start_production locks the materials it consumes in
// one fixed order, so parallel starts whose BOMs list the same materials in opposite orders
// neither deadlock nor drive a material below zero, and the ledger reconciles. Completions,
// sales and new products racing with them behave too.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countMessages,
  createUser,
  DEADLOCK,
  discrepancies,
  openPool,
  runAs,
  settle,
} from './support';

const NOT_ENOUGH_MATERIALS = 'Not enough raw materials to start production.';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(55);
});
afterAll(async () => {
  await pool.end();
});

async function createMaterial(userId: string, name: string, stock: number) {
  const [material] = await runAs<{ id: string }>(
    pool,
    userId,
    "select id from public.create_raw_material($1, null, 1, $2, 'units', 0)",
    [name, stock],
  );
  return material!.id;
}

async function createProduct(
  userId: string,
  name: string,
  bom: { material_id: string; quantity: number }[],
  stock = 0,
) {
  const [product] = await runAs<{ id: string }>(
    pool,
    userId,
    'select id from public.create_product($1, $2, null, 100, $3, 0, $4)',
    [`SKU-${name}`, name, stock, JSON.stringify(bom)],
  );
  return product!.id;
}

async function materialStock(ids: string[]): Promise<number[]> {
  const { rows } = await pool.query<{ stock: string }>(
    'select stock_level as stock from public.raw_materials m join unnest($1::uuid[]) with ordinality as w (id, n) on w.id = m.id order by w.n',
    [ids],
  );
  return rows.map((row) => Number(row.stock));
}

async function productStock(id: string): Promise<number> {
  const { rows } = await pool.query<{ stock: number }>(
    'select stock_on_hand::float8 as stock from public.products where id = $1',
    [id],
  );
  return rows[0]!.stock;
}

/** Material ids sorted, and the same list reversed: the orders that deadlock naive lockers. */
function bothOrders(ids: string[]) {
  const ascending = [...ids].sort();
  return { ascending, descending: [...ascending].reverse() };
}

function startAs(userId: string, productId: string, quantity: number) {
  return runAs<{ id: string }>(pool, userId, 'select id from public.start_production($1, $2)', [
    productId,
    quantity,
  ]);
}

describe('start_production under concurrency', () => {
  it('lets exactly as many parallel starts through as two shared materials allow, without deadlock', async () => {
    const user = await createUser(pool);
    const materials = await Promise.all([
      createMaterial(user, 'Steel', 10),
      createMaterial(user, 'Rubber', 10),
    ]);
    const { ascending, descending } = bothOrders(materials);
    const forward = await createProduct(
      user,
      'Forward',
      ascending.map((id) => ({ material_id: id, quantity: 1 })),
    );
    const backward = await createProduct(
      user,
      'Backward',
      descending.map((id) => ({ material_id: id, quantity: 1 })),
    );

    const outcomes = await settle(
      Array.from({ length: 40 }, (_, i) => startAs(user, i % 2 ? forward : backward, 1)),
    );

    // Each run takes one of each material: 10 runs exhaust both, in whatever mix.
    expect(outcomes.failed.filter((f) => f.code === DEADLOCK)).toEqual([]);
    expect(outcomes.succeeded).toHaveLength(10);
    expect(countMessages(outcomes.failed)).toEqual({ [NOT_ENOUGH_MATERIALS]: 30 });
    expect(await materialStock(materials)).toEqual([0, 0]);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('never deadlocks or goes negative when four products share four materials in conflicting orders', async () => {
    const user = await createUser(pool);
    const names = ['Oak', 'Glue', 'Screws', 'Varnish'];
    const initial = [30, 24.5, 40, 12];
    const materials = await Promise.all(names.map((name, i) => createMaterial(user, name, initial[i]!)));
    const [a, b, c, d] = materials as [string, string, string, string];
    const boms = {
      All: [a, b, c, d].map((id) => ({ material_id: id, quantity: 1.5 })),
      AllReversed: [d, c, b, a].map((id) => ({ material_id: id, quantity: 1 })),
      ThirdFirst: [c, a, d].map((id) => ({ material_id: id, quantity: 2 })),
      Pair: [d, b].map((id) => ({ material_id: id, quantity: 0.5 })),
    };
    const products = await Promise.all(
      Object.entries(boms).map(async ([name, bom]) => ({ name, bom, id: await createProduct(user, name, bom) })),
    );

    const calls = Array.from({ length: 48 }, (_, i) => products[i % products.length]!);
    const outcomes = await settle(calls.map((product, i) => startAs(user, product.id, 1 + (i % 3))));

    expect(outcomes.failed.filter((f) => f.code === DEADLOCK)).toEqual([]);
    expect(Object.keys(countMessages(outcomes.failed))).toEqual(
      outcomes.failed.length ? [NOT_ENOUGH_MATERIALS] : [],
    );
    expect(outcomes.succeeded.length).toBeGreaterThan(0);
    expect(outcomes.failed.length).toBeGreaterThan(0);

    // What was consumed is exactly what the successful runs needed, and nothing went negative.
    const { rows: consumed } = await pool.query<{ material_id: string; needed: string }>(
      `select b.material_id, sum(b.quantity * o.quantity_to_produce) as needed
       from public.manufacturing_orders o join public.bom_items b on b.product_id = o.product_id
       where o.user_id = $1 group by b.material_id`,
      [user],
    );
    const neededById = new Map(consumed.map((row) => [row.material_id, Number(row.needed)]));
    const finalStock = await materialStock(materials);
    materials.forEach((id, i) => {
      expect(finalStock[i]).toBeGreaterThanOrEqual(0);
      expect(finalStock[i]).toBeCloseTo(initial[i]! - (neededById.get(id) ?? 0), 3);
    });
    const { rows: orders } = await pool.query<{ count: string }>(
      'select count(*) from public.manufacturing_orders where user_id = $1',
      [user],
    );
    expect(Number(orders[0]!.count)).toBe(outcomes.succeeded.length);

    // Every refusal was justified: stock only falls here, so a refused run must still not fit now.
    const stockById = new Map(materials.map((id, i) => [id, finalStock[i]!]));
    const refusedCalls = calls
      .map((product, i) => ({ product, quantity: 1 + (i % 3) }))
      .filter((_, i) => outcomes.statuses[i] === 'failed');
    for (const { product, quantity } of refusedCalls) {
      const fits = product.bom.every((row) => row.quantity * quantity <= stockById.get(row.material_id)!);
      expect(fits, `${product.name} x${quantity} was refused but fits the final stock`).toBe(false);
    }
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('does not deadlock with products being created whose BOMs name the same materials in reverse', async () => {
    const user = await createUser(pool);
    const materials = await Promise.all([
      createMaterial(user, 'Cotton', 1000),
      createMaterial(user, 'Linen', 1000),
      createMaterial(user, 'Silk', 1000),
    ]);
    const { ascending, descending } = bothOrders(materials);
    const shirt = await createProduct(
      user,
      'Shirt',
      ascending.map((id) => ({ material_id: id, quantity: 1 })),
    );

    const outcomes = await settle(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? startAs(user, shirt, 1)
          : runAs(pool, user, 'select id from public.create_product($1, $2, null, 10, 0, 0, $3)', [
              `NEW-${i}`,
              `New ${i}`,
              JSON.stringify(descending.map((id) => ({ material_id: id, quantity: 2 }))),
            ]),
      ),
    );

    expect(outcomes.failed).toEqual([]);
    expect(await materialStock(materials)).toEqual([975, 975, 975]);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

describe('complete_production and mixed traffic under concurrency', () => {
  it('completes an order once when the same order is completed in parallel', async () => {
    const user = await createUser(pool);
    const wood = await createMaterial(user, 'Wood', 50);
    const chair = await createProduct(user, 'Chair', [{ material_id: wood, quantity: 2 }], 3);
    const [order] = await startAs(user, chair, 7);

    const outcomes = await settle(
      Array.from({ length: 20 }, () =>
        runAs(pool, user, 'select status from public.complete_production($1)', [order!.id]),
      ),
    );

    expect(outcomes.succeeded).toEqual([[{ status: 'Completed' }]]);
    expect(countMessages(outcomes.failed)).toEqual({
      'This manufacturing order is already completed.': 19,
    });
    expect(await productStock(chair)).toBe(10);
    const { rows } = await pool.query<{ count: string }>(
      "select count(*) from public.stock_movements where manufacturing_order_id = $1 and reason = 'production_output'",
      [order!.id],
    );
    expect(rows[0]!.count).toBe('1');
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('keeps stock and ledger consistent when starts, completions and sales race', async () => {
    const user = await createUser(pool);
    const fabric = await createMaterial(user, 'Fabric', 30);
    const bag = await createProduct(user, 'Bag', [{ material_id: fabric, quantity: 1 }], 5);
    // Five runs of one bag already in progress (fabric 30 -> 25), to be completed during the race.
    const inProgress: string[] = [];
    for (let i = 0; i < 5; i += 1) inProgress.push((await startAs(user, bag, 1))[0]!.id);

    const starts = Array.from({ length: 20 }, () => startAs(user, bag, 2));
    const completions = inProgress.map((id) =>
      runAs(pool, user, 'select id from public.complete_production($1)', [id]),
    );
    const sales = Array.from({ length: 15 }, () =>
      runAs(pool, user, 'select id from public.log_sale($1, 1)', [bag]),
    );
    const [started, completed, sold] = await Promise.all([
      settle(starts),
      settle(completions),
      settle(sales),
    ]);

    for (const outcomes of [started, completed, sold]) {
      expect(outcomes.failed.filter((f) => f.code === DEADLOCK)).toEqual([]);
    }
    // Fabric 25 serves 12 runs of 2, whatever the interleaving.
    expect(started.succeeded).toHaveLength(12);
    expect(countMessages(started.failed)).toEqual({ [NOT_ENOUGH_MATERIALS]: 8 });
    expect(await materialStock([fabric])).toEqual([1]);
    expect(completed.succeeded).toHaveLength(5);
    // Sales can use the 5 opening bags and whichever completed bags arrived before them.
    expect(sold.succeeded.length).toBeGreaterThanOrEqual(5);
    expect(sold.succeeded.length).toBeLessThanOrEqual(10);
    for (const failure of sold.failed) {
      expect(failure.message).toMatch(/^Not enough stock for Bag\. Only 0 available\.$/);
    }
    expect(await productStock(bag)).toBe(5 + 5 - sold.succeeded.length);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});


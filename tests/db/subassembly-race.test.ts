// Two parent products racing over one sub-assembly (issue 33): starting a parent takes pieces of the
// sub-assembly from stock, and start_production locks the sub-assemblies (then the materials) in id
// order before it checks, so parallel starts of both parents let exactly as many runs through as the
// sub-assembly's stock allows, never take it below zero, never deadlock, and the ledger reconciles.
// Without the lock, two starts read the same stock and the second fails on the stock check
// constraint (or the stock goes wrong) instead of the spec's alert.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, createUser, DEADLOCK, discrepancies, openPool, runAs, settle } from './support';

const NOT_ENOUGH_MATERIALS = 'Not enough raw materials to start production.';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(45);
});
afterAll(async () => {
  await pool.end();
});

type BomLine = { material_id: string; quantity: number } | { product_id: string; quantity: number };

async function createMaterial(userId: string, name: string, stock: number) {
  const [material] = await runAs<{ id: string }>(
    pool,
    userId,
    "select id from public.create_raw_material($1, null, 1, $2, 'units', 0)",
    [name, stock],
  );
  return material!.id;
}

async function createProduct(userId: string, name: string, bom: BomLine[], stock = 0) {
  const [product] = await runAs<{ id: string }>(
    pool,
    userId,
    'select id from public.create_product($1, $2, null, 100, $3, 0, $4)',
    [`SKU-${name}`, name, stock, JSON.stringify(bom)],
  );
  return product!.id;
}

async function productStock(id: string): Promise<number> {
  const { rows } = await pool.query<{ stock: number }>(
    'select stock_on_hand::float8 as stock from public.products where id = $1',
    [id],
  );
  return rows[0]!.stock;
}

function startAs(userId: string, productId: string, quantity: number) {
  return runAs<{ id: string }>(pool, userId, 'select id from public.start_production($1, $2)', [productId, quantity]);
}

describe('two parent runs over one sub-assembly', () => {
  it('lets exactly as many parallel starts through as the sub-assembly stock allows', async () => {
    const user = await createUser(pool);
    const thread = await createMaterial(user, 'Thread', 1000);
    const lining = await createMaterial(user, 'Lining', 1000);
    // 20 sets of panels in stock; each kurta and each dupatta set takes 2. The parents share no
    // material, whose lock would queue them anyway: only the sub-assembly's lock keeps them apart.
    const panels = await createProduct(user, 'Panels', [{ material_id: thread, quantity: 1 }], 20);
    const kurta = await createProduct(user, 'Kurta', [{ product_id: panels, quantity: 2 }]);
    const dupattaSet = await createProduct(user, 'Dupatta Set', [
      { material_id: lining, quantity: 1 },
      { product_id: panels, quantity: 2 },
    ]);

    const outcomes = await settle(Array.from({ length: 40 }, (_, i) => startAs(user, i % 2 ? kurta : dupattaSet, 1)));

    expect(outcomes.failed.filter((f) => f.code === DEADLOCK)).toEqual([]);
    expect(outcomes.succeeded).toHaveLength(10);
    expect(countMessages(outcomes.failed)).toEqual({ [NOT_ENOUGH_MATERIALS]: 30 });
    expect(await productStock(panels)).toBe(0);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('never deadlocks or goes negative with runs of the sub-assembly itself and its sales racing too', async () => {
    const user = await createUser(pool);
    const fabric = await createMaterial(user, 'Fabric', 15);
    const buttons = await createMaterial(user, 'Buttons', 1000);
    const panels = await createProduct(user, 'Panels', [{ material_id: fabric, quantity: 1 }], 12);
    const kurta = await createProduct(user, 'Kurta', [
      { product_id: panels, quantity: 3 },
      { material_id: buttons, quantity: 4 },
      { material_id: fabric, quantity: 0.5 },
    ]);
    const giftBox = await createProduct(user, 'Gift Box', [
      { material_id: buttons, quantity: 1 },
      { product_id: panels, quantity: 1 },
    ]);

    const calls = Array.from({ length: 40 }, (_, i) => {
      switch (i % 4) {
        case 0:
          return startAs(user, kurta, 1);
        case 1:
          return startAs(user, giftBox, 2);
        case 2:
          return startAs(user, panels, 2);
        default:
          return runAs(pool, user, 'select id from public.log_sale($1, 1)', [panels]);
      }
    });
    const outcomes = await settle<unknown>(calls);

    expect(outcomes.failed.filter((f) => f.code === DEADLOCK)).toEqual([]);
    // Only the two refusals that say what is short: never a broken check constraint.
    for (const { message } of outcomes.failed) {
      expect([NOT_ENOUGH_MATERIALS, 'Not enough stock for Panels. Only 0 available.']).toContain(message);
    }
    expect(await productStock(panels)).toBeGreaterThanOrEqual(0);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

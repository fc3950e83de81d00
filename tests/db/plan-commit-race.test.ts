// Plans committed in parallel over one sub-assembly (issue 33): each plan was made while the panels
// were all in stock, so each one's runs could start; commit_production_plan goes through
// start_production_batch's locked path, so exactly as many plans start as the panels allow, the
// rest are refused with the usual alert naming the panels, stock never goes below zero, nothing
// deadlocks and the ledger reconciles.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEADLOCK, discrepancies, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(25);
});
afterAll(async () => {
  await pool.end();
});

type BomLine = { material_id: string; quantity: number } | { product_id: string; quantity: number };

async function createProduct(userId: string, name: string, bom: BomLine[], stock = 0) {
  const [product] = await runAs<{ id: string }>(
    pool,
    userId,
    'select id from public.create_product($1, $2, null, 100, $3, 0, $4)',
    [`SKU-${name}`, name, stock, JSON.stringify(bom)],
  );
  return product!.id;
}

async function planFor(userId: string, productId: string, quantity: number) {
  const [row] = await runAs<{ plan: { runs: unknown[] } }>(pool, userId, 'select public.plan_production($1) as plan', [
    JSON.stringify([{ product_id: productId, quantity }]),
  ]);
  return row!.plan;
}

describe('two plans committed over one sub-assembly', () => {
  it('starts exactly as many plans as the sub-assembly stock allows and refuses the rest with the usual alert', async () => {
    const user = await createUser(pool);
    const [thread] = await runAs<{ id: string }>(
      pool,
      user,
      "select id from public.create_raw_material('Thread', null, 1, 1000, 'units', 0)",
    );
    // 20 sets of panels in stock; a plan of 2 kurtas or 2 dupatta sets takes 4.
    const panels = await createProduct(user, 'Panels', [{ material_id: thread!.id, quantity: 1 }], 20);
    const kurta = await createProduct(user, 'Kurta', [{ product_id: panels, quantity: 2 }]);
    const dupattaSet = await createProduct(user, 'Dupatta Set', [{ product_id: panels, quantity: 2 }]);
    const kurtaPlan = await planFor(user, kurta, 2);
    const dupattaPlan = await planFor(user, dupattaSet, 2);
    expect(kurtaPlan.runs).toEqual([{ product_id: kurta, quantity_to_produce: 2 }]);
    expect(dupattaPlan.runs).toEqual([{ product_id: dupattaSet, quantity_to_produce: 2 }]);

    const outcomes = await settle(
      Array.from({ length: 12 }, (_, i) =>
        runAs(pool, user, 'select public.commit_production_plan($1) as ids', [
          JSON.stringify(i % 2 ? kurtaPlan : dupattaPlan),
        ]),
      ),
    );

    expect(outcomes.failed.filter((f) => f.code === DEADLOCK)).toEqual([]);
    expect(outcomes.succeeded).toHaveLength(5);
    expect(outcomes.failed).toHaveLength(7);
    for (const { message } of outcomes.failed) expect(message).toBe('Not enough Panels: 4 needed, 0 available.');
    const { rows } = await pool.query<{ stock: number }>(
      'select stock_on_hand::float8 as stock from public.products where id = $1',
      [panels],
    );
    expect(rows[0]!.stock).toBe(0);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

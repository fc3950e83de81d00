// Production batches racing over the same fabric: start_production_batch holds its products and then
// locks every material of every run in id order before checking the sum over its runs, so two
// batches (or a batch and single runs) that cannot both fit let exactly one through, never drive a
// material below zero, never deadlock, and leave the ledger reconciled.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, createUser, DEADLOCK, discrepancies, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(42);
});
afterAll(async () => {
  await pool.end();
});

async function createMaterial(userId: string, name: string, stock: number) {
  const [material] = await runAs<{ id: string }>(
    pool,
    userId,
    "select id from public.create_raw_material($1, null, 1, $2, 'metres', 0)",
    [name, stock],
  );
  return material!.id;
}

type Bom = (
  | { material_id: string; quantity: number }
  | { material_id: string; by_option: string; quantities: Record<string, number> }
)[];

/** A style of the given sizes; returns each size's product id. */
async function createStyle(userId: string, prefix: string, sizes: string[], bom: Bom): Promise<Record<string, string>> {
  const [row] = await runAs<{ answer: { products: { product_id: string; option_values: string[] }[] } }>(
    pool,
    userId,
    'select public.create_style($1, null, $2, 500, $3, $4) as answer',
    [`${prefix} kurta`, prefix, JSON.stringify([{ name: 'Size', values: sizes }]), JSON.stringify(bom)],
  );
  return Object.fromEntries(row!.answer.products.map((p) => [p.option_values[0]!, p.product_id]));
}

function batchAs(userId: string, runs: { product_id: string; quantity_to_produce: number }[]) {
  return runAs<{ ids: string[] }>(pool, userId, 'select public.start_production_batch($1) as ids', [
    JSON.stringify(runs),
  ]);
}

async function stockOf(id: string): Promise<number> {
  const { rows } = await pool.query<{ stock: string }>(
    'select stock_level as stock from public.raw_materials where id = $1',
    [id],
  );
  return Number(rows[0]!.stock);
}

async function ordersOf(userId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    'select count(*)::int as n from public.manufacturing_orders where user_id = $1',
    [userId],
  );
  return rows[0]!.n;
}

describe('start_production_batch under concurrency', () => {
  it('lets one of two batches through when both cannot fit the fabric, and refuses the other naming it', async () => {
    const user = await createUser(pool);
    const fabric = await createMaterial(user, 'Fabric', 100);
    const sizes = await createStyle(
      user,
      'A',
      ['S', 'M', 'L', 'XL'],
      [{ material_id: fabric, by_option: 'Size', quantities: { S: 1.8, M: 2, L: 2.2, XL: 2.5 } }],
    );
    // Each batch needs 1.8 x 10 + 2 x 10 + 2.2 x 10 + 2.5 x 2 = 65 m: one fits in 100, not two.
    const cut = [
      { product_id: sizes.S!, quantity_to_produce: 10 },
      { product_id: sizes.M!, quantity_to_produce: 10 },
      { product_id: sizes.L!, quantity_to_produce: 10 },
      { product_id: sizes.XL!, quantity_to_produce: 2 },
    ];
    const outcomes = await settle([batchAs(user, cut), batchAs(user, [...cut].reverse())]);

    expect(outcomes.failed.filter((f) => f.code === DEADLOCK)).toEqual([]);
    expect(outcomes.succeeded).toHaveLength(1);
    expect(outcomes.succeeded[0]![0]!.ids).toHaveLength(4);
    expect(countMessages(outcomes.failed)).toEqual({ 'Not enough Fabric: 65 needed, 35 available.': 1 });
    expect(await stockOf(fabric)).toBe(35);
    expect(await ordersOf(user)).toBe(4);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('lets exactly as many of 30 batches through as the fabric allows, with single runs racing them', async () => {
    const user = await createUser(pool);
    const fabric = await createMaterial(user, 'Fabric', 50);
    const thread = await createMaterial(user, 'Thread', 1000);
    // Materials in both orders across the two styles, so a locker following BOM order would deadlock.
    const kurta = await createStyle(
      user,
      'K',
      ['S', 'M'],
      [
        { material_id: fabric, by_option: 'Size', quantities: { S: 1, M: 1.5 } },
        { material_id: thread, quantity: 1 },
      ],
    );
    const shirt = await createStyle(
      user,
      'T',
      ['S', 'M'],
      [
        { material_id: thread, quantity: 2 },
        { material_id: fabric, quantity: 1 },
      ],
    );
    // A batch needs 1 + 1.5 + 1 = 3.5 m of fabric; a single shirt run 1 m.
    const batches = Array.from({ length: 30 }, (_, i) =>
      batchAs(
        user,
        i % 2
          ? [
              { product_id: kurta.S!, quantity_to_produce: 1 },
              { product_id: kurta.M!, quantity_to_produce: 1 },
              { product_id: shirt.S!, quantity_to_produce: 1 },
            ]
          : [
              { product_id: shirt.S!, quantity_to_produce: 1 },
              { product_id: kurta.M!, quantity_to_produce: 1 },
              { product_id: kurta.S!, quantity_to_produce: 1 },
            ],
      ),
    );
    const singles = Array.from({ length: 10 }, () =>
      runAs(pool, user, 'select id from public.start_production($1, 1)', [shirt.M!]),
    );
    const [batched, single] = await Promise.all([settle(batches), settle(singles)]);

    for (const outcomes of [batched, single]) {
      expect(outcomes.failed.filter((f) => f.code === DEADLOCK)).toEqual([]);
    }
    const used = 3.5 * batched.succeeded.length + single.succeeded.length;
    const left = await stockOf(fabric);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBeCloseTo(50 - used, 3);
    // Every refusal was justified: fabric only falls, so what was refused still does not fit.
    for (const failure of batched.failed)
      expect(failure.message).toMatch(/^Not enough Fabric: 3\.5 needed, [0-3](\.\d+)? available\.$/);
    if (batched.failed.length) expect(left).toBeLessThan(3.5);
    for (const failure of single.failed) expect(failure.message).toBe('Not enough raw materials to start production.');
    if (single.failed.length) expect(left).toBeLessThan(1);
    expect(batched.succeeded.length).toBeGreaterThan(0);
    expect(await ordersOf(user)).toBe(3 * batched.succeeded.length + single.succeeded.length);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('does not deadlock with update_style replacing the BOMs of the variants a batch produces', async () => {
    const user = await createUser(pool);
    const fabric = await createMaterial(user, 'Fabric', 1000);
    const lining = await createMaterial(user, 'Lining', 1000);
    const [style] = await runAs<{ answer: { style_id: string; products: { product_id: string }[] } }>(
      pool,
      user,
      'select public.create_style($1, null, $2, 500, $3, $4) as answer',
      [
        'Coat',
        'C',
        JSON.stringify([{ name: 'Size', values: ['S', 'M', 'L'] }]),
        JSON.stringify([{ material_id: fabric, quantity: 2 }]),
      ],
    );
    const products = style!.answer.products.map((p) => p.product_id);
    const boms = [
      [{ material_id: fabric, quantity: 2 }],
      [
        { material_id: lining, quantity: 1 },
        { material_id: fabric, quantity: 3 },
      ],
    ];
    const calls = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0
        ? runAs(pool, user, 'select (public.update_style($1, $2, null, $3)).id', [
            style!.answer.style_id,
            `Coat ${i}`,
            JSON.stringify(boms[i % 2]),
          ])
        : batchAs(
            user,
            (i % 2 ? products : [...products].reverse()).map((id) => ({ product_id: id, quantity_to_produce: 1 })),
          ),
    );
    const outcomes = await settle(calls);

    expect(outcomes.failed).toEqual([]);
    // Each batch consumed by the BOM its variants had when it ran: the ledger says which, and agrees.
    expect(await discrepancies(pool, user)).toEqual([]);
    const { rows } = await pool.query<{ n: number }>(
      `select count(distinct b.product_id)::int as n from public.bom_items b where b.product_id = any ($1::uuid[])`,
      [products],
    );
    expect(rows[0]!.n).toBe(3);
  });
});

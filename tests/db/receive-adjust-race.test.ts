// Receipts, stock counts and BOM edits racing with production and sales on the same items: each
// is one locked update, so no receipt is lost, the moving average sees every receipt before it, a
// count applies to the stock it was compared with, a run consumes one whole BOM (old or new),
// nothing deadlocks and no stock goes below zero.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, createUser, DEADLOCK, discrepancies, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(45);
});
afterAll(async () => {
  await pool.end();
});

async function createMaterial(userId: string, name: string, cost: number, stock: number) {
  const [material] = await runAs<{ id: string }>(
    pool,
    userId,
    "select id from public.create_raw_material($1, null, $2, $3, 'units', 0)",
    [name, cost, stock],
  );
  return material!.id;
}

async function createProduct(userId: string, name: string, stock: number, bom: object[] = []) {
  const [product] = await runAs<{ id: string }>(
    pool,
    userId,
    'select id from public.create_product($1, $2, null, 100, $3, 0, $4)',
    [`SKU-${name}`, name, stock, JSON.stringify(bom)],
  );
  return product!.id;
}

async function materials(userId: string) {
  const { rows } = await pool.query<{ name: string; stock: string; cost: string }>(
    `select material_name as name, stock_level as stock, cost_per_unit as cost
     from public.raw_materials where user_id = $1 order by material_name`,
    [userId],
  );
  return rows.map((row) => ({ name: row.name, stock: Number(row.stock), cost: Number(row.cost) }));
}

describe('receive_material under concurrency', () => {
  it('loses no receipt and averages the cost over every one of 20 parallel receipts', async () => {
    const user = await createUser(pool);
    const silk = await createMaterial(user, 'Silk', 100, 10);

    const outcomes = await settle(
      Array.from({ length: 20 }, () =>
        runAs(pool, user, 'select id from public.receive_material($1, 5, 200)', [silk]),
      ),
    );

    expect(outcomes.failed).toEqual([]);
    // Identical receipts: whatever order they commit in, each averages over the one before it.
    let stock = 10;
    let cost = 100;
    for (let i = 0; i < 20; i++) {
      // Rounded to the cost column's 4 places, as receive_material does.
      cost = Math.round(((stock * cost + 5 * 200) / (stock + 5)) * 10_000) / 10_000;
      stock += 5;
    }
    expect(await materials(user)).toEqual([{ name: 'Silk', stock: 110, cost }]);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('keeps production on materials being received from deadlocking or going below zero', async () => {
    const user = await createUser(pool);
    const cloth = await createMaterial(user, 'Cloth', 50, 3);
    const dye = await createMaterial(user, 'Dye', 20, 3);
    // Opposite BOM orders, as in the production races.
    const shirt = await createProduct(user, 'Shirt', 0, [
      { material_id: cloth, quantity: 1 },
      { material_id: dye, quantity: 1 },
    ]);
    const scarf = await createProduct(user, 'Scarf', 0, [
      { material_id: dye, quantity: 1 },
      { material_id: cloth, quantity: 1 },
    ]);

    const outcomes = await settle(
      Array.from({ length: 30 }, (_, i) => {
        if (i % 3 === 0) return runAs(pool, user, 'select id from public.receive_material($1, 1)', [cloth]);
        if (i % 3 === 1) return runAs(pool, user, 'select id from public.receive_material($1, 1)', [dye]);
        return runAs(pool, user, 'select id from public.start_production($1, 1)', [i % 2 ? shirt : scarf]);
      }),
    );

    expect(outcomes.failed.map((failure) => failure.code)).not.toContain(DEADLOCK);
    const receipts = outcomes.statuses.filter((status, i) => i % 3 !== 2 && status === 'succeeded');
    expect(receipts).toHaveLength(20);
    const started = outcomes.statuses.filter((status, i) => i % 3 === 2 && status === 'succeeded').length;
    expect(countMessages(outcomes.failed)).toEqual(
      started < 10 ? { 'Not enough raw materials to start production.': 10 - started } : {},
    );
    // 3 + 10 received of each, one of each consumed per started run.
    expect((await materials(user)).map(({ name, stock }) => [name, stock])).toEqual([
      ['Cloth', 13 - started],
      ['Dye', 13 - started],
    ]);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

describe('adjust_stock under concurrency', () => {
  it('applies a count between parallel sales: later sales take from the counted stock', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Kurta', 50);

    const outcomes = await settle(
      Array.from({ length: 31 }, (_, i) =>
        i === 15
          ? runAs(pool, user, "select id from public.adjust_stock($1, null, 60, 'Found a carton')", [product])
          : runAs(pool, user, 'select id from public.log_sale($1, 1)', [product]),
      ),
    );

    expect(outcomes.statuses[15]).toBe('succeeded');
    expect(outcomes.failed).toEqual([]);
    const { rows } = await pool.query<{ reason: string; quantity: string; balance: string }>(
      `select reason::text, quantity, balance_after as balance from public.stock_movements
       where product_id = $1 order by id`,
      [product],
    );
    const countAt = rows.findIndex((row) => row.reason === 'adjustment');
    // The count set stock to exactly 60 (stock is 20 to 50 meanwhile, so never already 60), its
    // quantity the difference from the stock it locked.
    expect(Number(rows[countAt]!.balance)).toBe(60);
    expect(Number(rows[countAt]!.quantity)).toBe(60 - (50 - (countAt - 1)));
    const salesAfter = rows.length - countAt - 1;
    const { rows: productRows } = await pool.query<{ stock: number }>(
      'select stock_on_hand::float8 as stock from public.products where id = $1',
      [product],
    );
    expect(productRows[0]!.stock).toBe(60 - salesAfter);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('lets one of two identical counts through and refuses the other as no change', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Lamp', 12);

    const outcomes = await settle(
      Array.from({ length: 5 }, () =>
        runAs(pool, user, "select id from public.adjust_stock($1, null, 9, 'Count')", [product]),
      ),
    );

    expect(outcomes.succeeded).toHaveLength(1);
    expect(countMessages(outcomes.failed)).toEqual({ 'Stock is already 9.': 4 });
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('keeps production and counts on shared materials from deadlocking or going below zero', async () => {
    const user = await createUser(pool);
    const thread = await createMaterial(user, 'Thread', 1, 20);
    const zip = await createMaterial(user, 'Zip', 1, 20);
    const bag = await createProduct(user, 'Bag', 0, [
      { material_id: zip, quantity: 2 },
      { material_id: thread, quantity: 2 },
    ]);

    const outcomes = await settle(
      Array.from({ length: 24 }, (_, i) => {
        if (i === 6) return runAs(pool, user, "select id from public.adjust_stock(null, $1, 5, 'Count')", [thread]);
        if (i === 12) return runAs(pool, user, "select id from public.adjust_stock(null, $1, 7, 'Count')", [zip]);
        return runAs(pool, user, 'select id from public.start_production($1, 1)', [bag]);
      }),
    );

    expect(outcomes.failed.map((failure) => failure.code)).not.toContain(DEADLOCK);
    for (const { message } of outcomes.failed) {
      expect(message).toMatch(/^(Not enough raw materials to start production\.|Stock is already \d+\.)$/);
    }
    for (const material of await materials(user)) expect(material.stock).toBeGreaterThanOrEqual(0);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

describe('update_product under concurrency', () => {
  it('checks and consumes the same BOM in each production run while the BOM is replaced (no mixed read)', async () => {
    const user = await createUser(pool);
    const cotton = await createMaterial(user, 'Cotton', 1, 100);
    // No thread: the new BOM can never be made, so a run that checked the old BOM (cotton only)
    // but consumed the new one would take thread below zero instead of being refused.
    const thread = await createMaterial(user, 'Thread', 1, 0);
    const shirt = await createProduct(user, 'Shirt', 0, [{ material_id: cotton, quantity: 1 }]);
    const newBom = JSON.stringify([
      { material_id: thread, quantity: 1 },
      { material_id: cotton, quantity: 2 },
    ]);

    const outcomes = await settle(
      Array.from({ length: 21 }, (_, i) =>
        i === 5
          ? runAs(pool, user, "select id from public.update_product($1, 'SKU-Shirt', 'Shirt', null, 100, 0, $2)", [
              shirt,
              newBom,
            ])
          : runAs(pool, user, 'select id from public.start_production($1, 1)', [shirt]),
      ),
    );

    expect(outcomes.statuses[5]).toBe('succeeded');
    const refused = outcomes.failed.length;
    expect(countMessages(outcomes.failed)).toEqual(
      refused > 0 ? { 'Not enough raw materials to start production.': refused } : {},
    );
    const { rows } = await pool.query<{ consumed: string }>(
      `select string_agg(m.material_name || ' ' || (-s.quantity)::float8, ', ' order by m.material_name) as consumed
       from public.stock_movements s join public.raw_materials m on m.id = s.material_id
       where s.user_id = $1 and s.reason = 'production_consumption'
       group by s.manufacturing_order_id`,
      [user],
    );
    expect(rows).toHaveLength(20 - refused);
    for (const { consumed } of rows) expect(consumed).toBe('Cotton 1');
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

// Sales racing for the same stock: the conditional update in log_sale lets exactly as many
// through as there are units; every other one is refused with the spec's message; the ledger
// and stock agree afterwards. Fulfilling or completing the same order in parallel happens once.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, createUser, discrepancies, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(55);
});
afterAll(async () => {
  await pool.end();
});

async function createProduct(userId: string, name: string, price: number, stock: number) {
  const [product] = await runAs<{ id: string }>(
    pool,
    userId,
    'select id from public.create_product($1, $2, null, $3, $4)',
    [`SKU-${name}`, name, price, stock],
  );
  return product!.id;
}

async function productState(productId: string) {
  const { rows } = await pool.query<{ stock: number; orders: string; sale_movements: string }>(
    `select p.stock_on_hand::float8 as stock,
       (select count(*) from public.sales_orders o where o.product_id = p.id) as orders,
       (select count(*) from public.stock_movements s where s.product_id = p.id and s.reason = 'sale')
         as sale_movements
     from public.products p where p.id = $1`,
    [productId],
  );
  return rows[0]!;
}

describe('log_sale under concurrency', () => {
  it('sells exactly 20 of 50 parallel one-unit sales on a stock of 20', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Racer', 99, 20);

    const outcomes = await settle(
      Array.from({ length: 50 }, (_, i) =>
        runAs(pool, user, 'select id from public.log_sale($1, 1, $2)', [
          product,
          i % 2 ? 'Amazon' : 'Flipkart',
        ]),
      ),
    );

    expect(outcomes.succeeded).toHaveLength(20);
    expect(countMessages(outcomes.failed)).toEqual({
      'Not enough stock for Racer. Only 0 available.': 30,
    });
    expect(await productState(product)).toEqual({ stock: 0, orders: '20', sale_movements: '20' });
    const { rows: balances } = await pool.query<{ balance: string }>(
      `select balance_after::int::text as balance from public.stock_movements
       where product_id = $1 and reason = 'sale' order by id`,
      [product],
    );
    // Each sale saw the stock its predecessor left: balances 19, 18, ... 0, each exactly once.
    expect(balances.map((row) => Number(row.balance))).toEqual(
      Array.from({ length: 20 }, (_, i) => 19 - i),
    );
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('reports the units left when parallel multi-unit sales outrun the stock', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Triple', 10, 20);

    const outcomes = await settle(
      Array.from({ length: 30 }, () =>
        runAs(pool, user, 'select id from public.log_sale($1, 3)', [product]),
      ),
    );

    // 6 x 3 = 18 fit in 20; the remaining 2 cannot serve any sale of 3.
    expect(outcomes.succeeded).toHaveLength(6);
    expect(countMessages(outcomes.failed)).toEqual({
      'Not enough stock for Triple. Only 2 available.': 24,
    });
    expect(await productState(product)).toEqual({ stock: 2, orders: '6', sale_movements: '6' });
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('keeps two users racing on their own products apart', async () => {
    const [alice, bob] = await Promise.all([createUser(pool), createUser(pool)]);
    const [aliceProduct, bobProduct] = await Promise.all([
      createProduct(alice, 'Alpha', 5, 10),
      createProduct(bob, 'Beta', 5, 15),
    ]);

    const outcomes = await settle(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? runAs(pool, alice, 'select id from public.log_sale($1, 1)', [aliceProduct])
          : runAs(pool, bob, 'select id from public.log_sale($1, 1)', [bobProduct]),
      ),
    );

    expect(outcomes.succeeded).toHaveLength(25);
    expect(countMessages(outcomes.failed)).toEqual({
      'Not enough stock for Alpha. Only 0 available.': 15,
      'Not enough stock for Beta. Only 0 available.': 10,
    });
    expect(await discrepancies(pool, alice)).toEqual([]);
    expect(await discrepancies(pool, bob)).toEqual([]);
  });

  it('fulfils an order once when the same order is fulfilled in parallel', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Once', 10, 5);
    const [order] = await runAs<{ id: string }>(pool, user, 'select id from public.log_sale($1, 2)', [
      product,
    ]);

    const outcomes = await settle(
      Array.from({ length: 10 }, () =>
        runAs(pool, user, 'select status from public.fulfil_sales_order($1)', [order!.id]),
      ),
    );

    expect(outcomes.succeeded).toEqual([[{ status: 'Fulfilled' }]]);
    expect(countMessages(outcomes.failed)).toEqual({ 'This order is already fulfilled.': 9 });
    expect(await productState(product)).toEqual({ stock: 3, orders: '1', sale_movements: '1' });
  });
});

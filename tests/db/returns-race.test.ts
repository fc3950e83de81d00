// Returns under concurrency (issue 29): returns of the last units of one order, returns racing
// with sales and cancels of the same product, and the same returns report imported at once by
// several calls. Each return takes the order's product, then the order, then the kept totals (as
// every sale and cancel does), so no two calls wait for each other in a cycle; the order decides
// how many units can still come back; stock, ledger and totals reconcile.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, createUser, DEADLOCK, discrepancies, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(40);
});
afterAll(async () => {
  await pool.end();
});

async function createProduct(userId: string, name: string, stock: number) {
  const [product] = await runAs<{ id: string }>(
    pool,
    userId,
    "select id from public.create_product($1, $2, null, 100, $3, 0, '[]')",
    [`SKU-${name}`, name, stock],
  );
  return product!.id;
}

async function shippedSale(userId: string, productId: string, quantity: number) {
  const [order] = await runAs<{ id: string }>(pool, userId, 'select id from public.log_sale($1, $2)', [
    productId,
    quantity,
  ]);
  await runAs(pool, userId, 'select public.fulfil_sales_order($1)', [order!.id]);
  return order!.id;
}

async function stockOf(productId: string): Promise<number> {
  const { rows } = await pool.query<{ stock: number }>(
    'select stock_on_hand::float8 as stock from public.products where id = $1',
    [productId],
  );
  return rows[0]!.stock;
}

describe('returns under concurrency', () => {
  it('takes back each unit once when 10 returns of one unit race for an order of 3', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Three', 10);
    const order = await shippedSale(user, product, 3);

    const outcomes = await settle(
      Array.from({ length: 10 }, (_, i) =>
        runAs(pool, user, "select kind from public.record_return($1, 'customer_return', $2, $3)", [
          order,
          i % 2,
          1 - (i % 2),
        ]),
      ),
    );

    expect(outcomes.succeeded).toHaveLength(3);
    // The last unit's race: whoever comes after it finds every unit back.
    expect(countMessages(outcomes.failed)).toEqual({ 'Every unit of this order has already been returned.': 7 });
    const { rows } = await pool.query<{ status: string; returned_quantity: number; restocked_quantity: number }>(
      'select status::text, returned_quantity, restocked_quantity from public.sales_orders where id = $1',
      [order],
    );
    expect(rows[0]!.status).toBe('Returned');
    expect(rows[0]!.returned_quantity).toBe(3);
    // Only the sellable ones went back, each once: 10 - 3 + restocked.
    expect(await stockOf(product)).toBe(7 + rows[0]!.restocked_quantity);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('lets one of two returns of the last unit win, for 15 orders at once', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Last', 40);
    const orders: string[] = [];
    for (let i = 0; i < 15; i++) orders.push(await shippedSale(user, product, 2));
    for (const order of orders) await runAs(pool, user, "select public.record_return($1, 'rto', 1)", [order]);

    const outcomes = await settle(
      orders.flatMap((order) => [
        runAs(pool, user, "select id from public.record_return($1, 'rto', 1)", [order]),
        runAs(pool, user, "select id from public.record_return($1, 'customer_return', 0, damaged => 1)", [order]),
      ]),
    );

    for (let i = 0; i < orders.length; i++) {
      expect(
        outcomes.statuses.slice(2 * i, 2 * i + 2).filter((status) => status === 'succeeded'),
        `order ${i}`,
      ).toHaveLength(1);
    }
    expect(countMessages(outcomes.failed)).toEqual({ 'Every unit of this order has already been returned.': 15 });
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('never deadlocks when returns race with sales and cancels of the same product', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Busy', 40);
    const shipped: string[] = [];
    for (let i = 0; i < 10; i++) shipped.push(await shippedSale(user, product, 1));
    const open: string[] = [];
    for (let i = 0; i < 10; i++) {
      const [order] = await runAs<{ id: string }>(pool, user, 'select id from public.log_sale($1, 1)', [product]);
      open.push(order!.id);
    }

    // Stock is 20: returns and cancels put units back while 30 sales of one unit take them.
    const outcomes = await settle([
      ...shipped.map((order) => runAs(pool, user, "select id from public.record_return($1, 'rto', 1)", [order])),
      ...open.map((order) => runAs(pool, user, 'select id from public.cancel_sales_order($1)', [order])),
      ...Array.from({ length: 30 }, () => runAs(pool, user, 'select id from public.log_sale($1, 1)', [product])),
    ]);

    expect(outcomes.failed.filter((failure) => failure.code === DEADLOCK)).toEqual([]);
    expect(outcomes.statuses.slice(0, 20)).toEqual(Array(20).fill('succeeded'));
    const sold = outcomes.statuses.slice(20).filter((status) => status === 'succeeded').length;
    for (const { message } of outcomes.failed)
      expect(message).toMatch(/^Not enough stock for Busy\. Only \d+ available\.$/);
    expect(await stockOf(product)).toBe(40 - sold);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('records each report line once when the same returns report is imported five times at once', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Report', 20);
    await runAs(pool, user, 'select public.import_sales_orders($1, $2)', [
      'Flipkart',
      JSON.stringify(
        Array.from({ length: 8 }, (_, i) => ({
          external_order_id: `OD-${i}`,
          order_date: '2026-01-05',
          sku: 'SKU-Report',
          quantity: 2,
          total_amount: 180,
          status: 'Fulfilled',
        })),
      ),
    ]);
    const report = JSON.stringify(
      Array.from({ length: 8 }, (_, i) => ({
        external_order_id: `OD-${i}`,
        sku: 'SKU-Report',
        quantity: 1,
        kind: i % 2 ? 'rto' : 'customer_return',
        return_date: '2026-01-09',
        condition: i % 3 ? 'sellable' : 'damaged',
      })),
    );

    const outcomes = await settle(
      Array.from({ length: 5 }, () =>
        runAs<{ result: { created: number; skipped: number } }>(
          pool,
          user,
          'select public.import_returns($1, $2) as result',
          ['Flipkart', report],
        ),
      ),
    );

    expect(outcomes.failed).toEqual([]);
    const results = outcomes.succeeded.map((rows) => rows[0]!.result);
    expect(results.filter((result) => result.created === 8 && result.skipped === 0)).toHaveLength(1);
    expect(results.filter((result) => result.created === 0 && result.skipped === 8)).toHaveLength(4);
    const { rows } = await pool.query<{ returns: string; claims: string }>(
      `select (select count(*) from public.sales_returns where user_id = $1) as returns,
              (select count(*) from public.return_claims where user_id = $1) as claims`,
      [user],
    );
    expect(rows[0]).toEqual({ returns: '8', claims: '3' });
    // 20 - 16 sold + 5 sellable back.
    expect(await stockOf(product)).toBe(9);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

// Order imports racing with sales and with each other on the same products: an import locks the
// products its lines name (in one order) before it reads their stock, so no unit is sold twice,
// nothing deadlocks, the same report imported twice at once makes each sale once, and the ledger
// reconciles.
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

async function createProduct(userId: string, sku: string, stock: number) {
  const [product] = await runAs<{ id: string }>(
    pool,
    userId,
    "select id from public.create_product($1, $1, null, 100, $2, 0, '[]')",
    [sku, stock],
  );
  return product!.id;
}

const line = (orderId: string, sku: string, quantity: number) => ({
  external_order_id: orderId,
  order_date: '2026-01-05',
  sku,
  quantity,
  total_amount: quantity * 100,
});

const importLines = (userId: string, lines: object[]) =>
  runAs<{ result: { created: number; skipped: number } }>(
    pool,
    userId,
    "select public.import_sales_orders('Amazon', $1) as result",
    [JSON.stringify(lines)],
  );

async function stockOf(userId: string) {
  const { rows } = await pool.query<{ sku: string; stock: number }>(
    'select sku, stock_on_hand::float8 as stock from public.products where user_id = $1 order by sku',
    [userId],
  );
  return rows;
}

describe('import_sales_orders under concurrency', () => {
  it('sells each unit once when imports naming two products in opposite orders race with sales', async () => {
    const user = await createUser(pool);
    const kurta = await createProduct(user, 'KURTA', 30);
    await createProduct(user, 'DUPATTA', 30);

    // 10 imports of 2 units of each product (lines in opposite orders) and 20 sales of 1 kurta:
    // 40 + 20 kurtas asked of 30, 40 dupattas of 30.
    const outcomes = await settle([
      ...Array.from({ length: 10 }, (_, n) =>
        importLines(
          user,
          n % 2 === 0
            ? [line(`A-${n}`, 'KURTA', 2), line(`A-${n}`, 'DUPATTA', 2)]
            : [line(`A-${n}`, 'DUPATTA', 2), line(`A-${n}`, 'KURTA', 2)],
        ),
      ),
      ...Array.from({ length: 20 }, () => runAs(pool, user, "select id from public.log_sale($1, 1, 'Flipkart')", [kurta])),
    ]);

    expect(outcomes.failed.filter((failure) => failure.code === DEADLOCK)).toEqual([]);
    // More was asked than there is: some calls must have been refused, and only for stock.
    expect(outcomes.failed.length).toBeGreaterThan(0);
    for (const message of Object.keys(countMessages(outcomes.failed))) {
      expect(message).toMatch(/^(Line \d: )?Not enough stock for (KURTA|DUPATTA)\. Only \d+ available\.$/);
    }
    const { rows } = await pool.query<{ sku: string; sold: number }>(
      `select p.sku, coalesce(sum(o.quantity), 0)::int as sold
       from public.products p left join public.sales_orders o on o.product_id = p.id
       where p.user_id = $1 group by p.sku order by p.sku`,
      [user],
    );
    const stock = await stockOf(user);
    expect(rows.map((row) => row.sold + stock.find((item) => item.sku === row.sku)!.stock)).toEqual([30, 30]);
    expect(stock.every((item) => item.stock >= 0)).toBe(true);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('makes each sale once when the same report is imported five times at once', async () => {
    const user = await createUser(pool);
    await createProduct(user, 'SHIRT', 100);
    const report = Array.from({ length: 20 }, (_, n) => line(`R-${n}`, 'SHIRT', 1));

    const outcomes = await settle(Array.from({ length: 5 }, () => importLines(user, report)));

    expect(outcomes.failed).toEqual([]);
    const results = outcomes.succeeded.map(([row]) => row!.result);
    expect(results.reduce((sum, result) => sum + result.created, 0)).toBe(20);
    expect(results.every((result) => result.created + result.skipped === 20)).toBe(true);
    expect(await stockOf(user)).toEqual([{ sku: 'SHIRT', stock: 80 }]);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

// Keeping the sales totals never makes one sale wait for another (issue 27): a sale whose
// transaction is still open holds its day's totals row and its platform's count row, and a sale
// of another product on the same day and platform, by the same shop, still completes at once,
// adding to another stripe. The totals equal a recount once both commit, and after many sales
// racing over few products.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, discrepancies, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(20);
});
afterAll(async () => {
  await pool.end();
});

async function createProduct(userId: string, sku: string) {
  const [product] = await runAs<{ id: string }>(
    pool,
    userId,
    'select id from public.create_product($1, $2, null, 100, 1000)',
    [sku, sku],
  );
  return product!.id;
}

describe('the kept sales totals under concurrency', () => {
  it('a sale of another product on the same day and platform completes while the first is uncommitted', async () => {
    const user = await createUser(pool);
    const first = await createProduct(user, 'FIRST');
    // A second product the old totals put in the first one's stripe (16 by a hash of the product),
    // so that this test fails on them.
    let second: string | undefined;
    for (let n = 0; !second; n++) {
      const candidate = await createProduct(user, `SECOND-${n}`);
      const { rows } = await pool.query<{ same: boolean }>(
        'select abs(hashtext($1::text)) % 16 = abs(hashtext($2::text)) % 16 as same',
        [first, candidate],
      );
      if (rows[0]!.same) second = candidate;
    }
    const claims = JSON.stringify({ sub: user, role: 'authenticated' });

    const holder = await pool.connect();
    try {
      await holder.query('begin');
      await holder.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [claims],
      );
      await holder.query("select public.log_sale($1, 1, 'Myntra')", [first]);

      // Under the old totals both sales added to one row of the day (or of Unfulfilled Myntra
      // orders) and the second waited for the first to commit: here it would hit the timeout.
      const waiter = await pool.connect();
      try {
        await waiter.query('begin');
        await waiter.query(
          "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true), set_config('lock_timeout', '2s', true)",
          [claims],
        );
        await waiter.query("select public.log_sale($1, 1, 'Myntra')", [second]);
        await waiter.query('commit');
      } finally {
        waiter.release(true); // closed, not reused: a failed call leaves its transaction open
      }
      await holder.query('commit');
    } finally {
      holder.release(true);
    }

    const { rows } = await pool.query<{ stripes: string; orders: string }>(
      `select count(*) as stripes, sum(orders) as orders from public.sales_day_totals
       where user_id = $1 and platform = 'Myntra'`,
      [user],
    );
    expect(rows[0]).toEqual({ stripes: '2', orders: '2' });
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('keeps the totals equal to a recount after 200 sales of 4 products from 20 connections', async () => {
    const user = await createUser(pool);
    const products = await Promise.all(['A', 'B', 'C', 'D'].map((sku) => createProduct(user, `RACE-${sku}`)));

    const outcomes = await settle(
      Array.from({ length: 200 }, (_, i) =>
        runAs(pool, user, 'select id from public.log_sale($1, 1, $2)', [
          products[i % products.length],
          i % 3 ? 'Myntra' : 'Flipkart',
        ]),
      ),
    );

    expect(outcomes.failed).toEqual([]);
    expect(await discrepancies(pool, user)).toEqual([]);
    // Stripes grow with sales written at the same instant, never with sales.
    const { rows } = await pool.query<{ most: number }>(
      `select max(n)::int as most from (select count(*) as n from public.sales_day_totals
       where user_id = $1 group by day, platform) s`,
      [user],
    );
    expect(rows[0]!.most).toBeLessThanOrEqual(20);
  });
});

// Keeping the sales totals never makes one sale wait for another (issue 27): a sale appends its
// change and updates no total, so a sale of another product on the same day and platform, by the
// same shop, completes while the first is uncommitted; and a sale whose change would fold the
// shop's pending changes while another transaction is folding them leaves them to it rather than
// wait. The totals (folded plus pending) equal a recount once both commit, and after many sales
// racing with folds.
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

async function pendingChanges(userId: string) {
  const { rows } = await pool.query<{ n: number }>(
    'select count(*)::int as n from public.sales_figure_changes where user_id = $1',
    [userId],
  );
  return rows[0]!.n;
}

describe('the kept sales totals under concurrency', () => {
  it('a sale completes while another sale of the shop, folding its changes, is uncommitted', async () => {
    const user = await createUser(pool);
    const first = await createProduct(user, 'FIRST');
    const second = await createProduct(user, 'SECOND');
    await runAs(pool, user, "select public.log_sale($1, 1, 'Myntra')", [first]);
    const claims = JSON.stringify({ sub: user, role: 'authenticated' });

    const holder = await pool.connect();
    try {
      await holder.query('begin');
      await holder.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [claims],
      );
      await holder.query("select public.log_sale($1, 1, 'Myntra')", [first]);
      // As about one sale in 128 does, it folds the shop's changes, and holds the day's totals row
      // (and the shop's fold) until it commits.
      await holder.query('reset role');
      await holder.query('select private.fold_sales_figure_changes(array[$1::uuid])', [user]);

      // Under the totals every sale updated, the second sale waited for that row: here it would hit
      // the timeout. Asked to fold too, it finds the shop being folded and leaves its change pending.
      const waiter = await pool.connect();
      try {
        await waiter.query('begin');
        await waiter.query(
          "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true), set_config('lock_timeout', '2s', true)",
          [claims],
        );
        await waiter.query("select public.log_sale($1, 1, 'Myntra')", [second]);
        await waiter.query('reset role');
        await waiter.query('select private.fold_sales_figure_changes(array[$1::uuid])', [user]);
        await waiter.query('commit');
      } finally {
        waiter.release(true); // closed, not reused: a failed call leaves its transaction open
      }
      await holder.query('commit');
    } finally {
      holder.release(true);
    }

    expect(await pendingChanges(user)).toBe(1);
    const { rows } = await pool.query<{ folded: string; orders: string }>(
      `select (select sum(orders) from public.sales_day_totals where user_id = $1 and platform = 'Myntra') as folded,
         (select sum(orders) from public.sales_by_day where user_id = $1 and platform = 'Myntra') as orders`,
      [user],
    );
    expect(rows[0]).toEqual({ folded: '2', orders: '3' });
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('keeps the totals equal to a recount after 200 sales of 4 products racing with 20 folds', async () => {
    const user = await createUser(pool);
    const products = await Promise.all(['A', 'B', 'C', 'D'].map((sku) => createProduct(user, `RACE-${sku}`)));

    const outcomes = await settle<unknown>(
      Array.from({ length: 220 }, (_, i) =>
        i % 11 === 10
          ? pool.query('select private.fold_sales_figure_changes(array[$1::uuid])', [user])
          : runAs(pool, user, 'select id from public.log_sale($1, 1, $2)', [
              products[i % products.length],
              i % 3 ? 'Myntra' : 'Flipkart',
            ]),
      ),
    );

    expect(outcomes.failed).toEqual([]);
    expect(await discrepancies(pool, user)).toEqual([]);
    await pool.query('select private.fold_sales_figure_changes(array[$1::uuid])', [user]);
    expect(await pendingChanges(user)).toBe(0);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

// The tax backfill in batches (issue 44): a product with 8,000 earlier orders whose tax was unknown
// gets its tax set in one call and every order its tax in later calls, each call within the API's
// 8 s statement timeout (where filling all 8,000 in one call ran past it), with callers racing: each
// order's tax is filled once, and the kept totals agree with the orders.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, openPool } from './support';

const ORDERS = 8_000;
const RACERS = 3;
let pool: pg.Pool;

/** One call as the user under the statement timeout authenticated has on Supabase. */
async function callAs<Row extends pg.QueryResultRow>(userId: string, sql: string, params: unknown[] = []) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
         set_config('statement_timeout', '8s', true)`,
      [JSON.stringify({ sub: userId, role: 'authenticated' })],
    );
    const result = await client.query<Row>(sql, params);
    await client.query('commit');
    return result.rows;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  pool = await openPool(RACERS + 1);
});
afterAll(async () => {
  await pool.end();
});

describe('set_item_tax on a product with 8,000 earlier orders', () => {
  it('sets the tax at once and fills every order in batches, each once, however the calls race', async () => {
    const owner = await createUser(pool);
    const [product] = await callAs<{ id: string }>(owner, `select id from public.create_product('BULK-1', 'Bulk tee', null, 105, 0)`);
    // Orders recorded before the tee had a rate: Rs 105 each, tax unknown.
    await pool.query(
      `insert into public.sales_orders (user_id, product_id, product_name, quantity, unit_price, total_amount,
         taxable_value, order_date)
       select $1, $2, 'Bulk tee', 1, 105, 105, 105, now() - g * interval '1 minute' from generate_series(1, $3::int) g`,
      [owner, product!.id, ORDERS],
    );

    const [set] = await callAs<{ items: number }>(
      owner,
      `select public.set_item_tax($1, hsn_code => '6109', gst_rate => 5) as items`,
      [product!.id],
    );
    expect(set!.items).toBe(1);
    const [progress] = await callAs<{ orders_done: number; orders_total: number }>(
      owner,
      'select orders_done, orders_total from public.item_tax_backfills',
    );
    expect(progress).toEqual({ orders_done: 1000, orders_total: ORDERS });

    // Three tabs keep calling for the next batch until none is waiting.
    const waitingSeen: number[] = [];
    await Promise.all(
      Array.from({ length: RACERS }, async () => {
        for (;;) {
          const [next] = await callAs<{ waiting: number }>(owner, 'select public.continue_item_tax_backfill() as waiting');
          waitingSeen.push(next!.waiting);
          if (next!.waiting === 0) return;
        }
      }),
    );
    expect(Math.max(...waitingSeen)).toBe(ORDERS - 2000);

    const [orders] = await callAs<{ taxed: number; tax: string; taxable: string }>(
      owner,
      `select count(*) filter (where gst_rate = 5)::int as taxed, sum(cgst + sgst + igst)::text as tax,
         sum(taxable_value)::text as taxable
       from public.sales_orders`,
    );
    expect(orders).toEqual({ taxed: ORDERS, tax: (ORDERS * 5).toFixed(2), taxable: (ORDERS * 100).toFixed(2) });
    expect(await callAs(owner, 'select 1 from public.item_tax_backfills')).toEqual([]);
    const [totals] = await callAs<{ revenue: string }>(owner, 'select sum(revenue)::text as revenue from public.sales_by_day');
    expect(totals!.revenue).toBe((ORDERS * 100).toFixed(2));
  });
});

// Products created in parallel with the same SKU: the pre-check in create_product cannot see an
// uncommitted twin, so the unique constraint decides; the loser must still get the clear message.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, createUser, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(20);
});
afterAll(async () => {
  await pool.end();
});

describe('create_product under concurrency', () => {
  it('creates one product when the same SKU is created in parallel, refusing the rest clearly', async () => {
    const user = await createUser(pool);

    const outcomes = await settle(
      Array.from({ length: 20 }, (_, i) =>
        runAs(pool, user, "select id from public.create_product('TWIN-1', $1, null, 10, 3)", [
          `Twin ${i}`,
        ]),
      ),
    );

    expect(outcomes.succeeded).toHaveLength(1);
    expect(countMessages(outcomes.failed)).toEqual({ 'A product with SKU TWIN-1 already exists.': 19 });
    expect(outcomes.failed.every((failure) => failure.code === '23505')).toBe(true);
    const { rows } = await pool.query<{ products: string; movements: string }>(
      `select (select count(*) from public.products where user_id = $1) as products,
              (select count(*) from public.stock_movements where user_id = $1) as movements`,
      [user],
    );
    expect(rows[0]).toEqual({ products: '1', movements: '1' });
  });
});

// Receipts of one job work order racing (issue 45): receive_job_work locks the order, so receipts
// take turns and each sees what the others took back; together they never take back more than is
// due, the job worker's stock never goes below zero, and the books add up.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, createUser, discrepancies, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(12);
});
afterAll(async () => {
  await pool.end();
});

/** 50 m of greige fabric sent to a dyer, to come back as 50 m of dyed fabric at Rs 12 a metre. */
async function fabricAtTheDyer(userId: string) {
  const one = async (sql: string, params: unknown[] = []) =>
    (await runAs<{ id: string }>(pool, userId, `select (${sql}).id as id`, params))[0]!.id;
  await runAs(
    pool,
    userId,
    "select from public.set_business_profile('Asha Textiles', 'Pune', '27AAPFU0939F1ZV', '27', 'AT')",
  );
  const greige = await one("public.create_raw_material('Greige fabric', null, 80, 100, 'm')");
  const dyed = await one("public.create_raw_material('Dyed fabric', null, 0, 0, 'm')");
  const supplier = await one("public.create_supplier('Rang Dyers')");
  const dyer = await one("public.create_location('Rang Dyers', 'job_worker', $1)", [supplier]);
  const [main] = await runAs<{ id: string }>(pool, userId, 'select id from public.locations where is_main');
  const [sent] = await runAs<{ answer: { job_work_order_id: string } }>(
    pool,
    userId,
    'select public.send_job_work($1, $2, $3, $4, 12) as answer',
    [
      dyer,
      main!.id,
      JSON.stringify([{ material_id: greige, quantity: 50 }]),
      JSON.stringify({ material_id: dyed, quantity: 50 }),
    ],
  );
  return { orderId: sent!.answer.job_work_order_id, dyed };
}

const receive = (userId: string, orderId: string, received: number, lost = 0) =>
  runAs(pool, userId, 'select public.receive_job_work($1, $2, $3)', [orderId, received, lost]);

describe('receive_job_work under concurrency', () => {
  it('lets two receipts of 30 m race for 50 m due: one lands, the other is refused with what is left', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await createUser(pool);
      const { orderId, dyed } = await fabricAtTheDyer(user);

      const outcomes = await settle([receive(user, orderId, 30), receive(user, orderId, 30)]);

      expect(outcomes.succeeded).toHaveLength(1);
      expect(countMessages(outcomes.failed)).toEqual({
        'Only 20 m of Dyed fabric is still due back from Rang Dyers.': 1,
      });
      const [stock] = await runAs<{ stock_level: string }>(
        pool,
        user,
        'select stock_level from public.raw_materials where id = $1',
        [dyed],
      );
      expect(Number(stock!.stock_level)).toBe(30);
      expect(await discrepancies(pool, user)).toEqual([]);
    }
  });

  it('lets ten receipts of 6 m with 1 m lost race: seven land, 1 m stays due and 1 m with the dyer', async () => {
    const user = await createUser(pool);
    const { orderId } = await fabricAtTheDyer(user);

    const outcomes = await settle(Array.from({ length: 10 }, () => receive(user, orderId, 6, 1)));

    expect(outcomes.succeeded).toHaveLength(7);
    expect(countMessages(outcomes.failed)).toEqual({
      'Only 1 m of Dyed fabric is still due back from Rang Dyers.': 3,
    });
    const [order] = await runAs<{ received_quantity: string; lost_quantity: string }>(
      pool,
      user,
      'select received_quantity, lost_quantity from public.job_work_orders where id = $1',
      [orderId],
    );
    expect([Number(order!.received_quantity), Number(order!.lost_quantity)]).toEqual([42, 7]);
    const [held] = await runAs<{ quantity: string }>(
      pool,
      user,
      "select quantity from public.stock_by_location() where location_kind = 'job_worker'",
    );
    expect(Number(held!.quantity)).toBe(1);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

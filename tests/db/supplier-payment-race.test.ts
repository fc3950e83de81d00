// Payments to one supplier racing (issue 46): record_supplier_payment locks the supplier's row, so
// two payments take turns and the second sees the first; together they never pay more than is owed.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, createUser, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(12);
});
afterAll(async () => {
  await pool.end();
});

/** A supplier owed Rs 1,000: one roll of fabric received at Rs 1,000, without GST. */
async function supplierOwed1000(userId: string) {
  const [supplier] = await runAs<{ id: string }>(pool, userId, "select id from public.create_supplier('Arvind Mills')");
  const [fabric] = await runAs<{ id: string }>(
    pool,
    userId,
    "select id from public.create_raw_material('Cotton', 'Arvind Mills', 0, 0, 'm', 10)",
  );
  await runAs(pool, userId, "select from public.set_purchase_unit($1, $2, 'roll', 50, 1000)", [
    fabric!.id,
    supplier!.id,
  ]);
  const [order] = await runAs<{ order: { purchase_order_id: string; lines: { line_id: string }[] } }>(
    pool,
    userId,
    'select public.create_purchase_order($1, $2) as order',
    [supplier!.id, JSON.stringify([{ material_id: fabric!.id, quantity: 1 }])],
  );
  await runAs(pool, userId, 'select from public.place_purchase_order($1)', [order!.order.purchase_order_id]);
  await runAs(pool, userId, 'select public.receive_purchase_order($1, $2)', [
    order!.order.purchase_order_id,
    JSON.stringify([{ line_id: order!.order.lines[0]!.line_id, quantity: 1 }]),
  ]);
  return supplier!.id;
}

const pay = (userId: string, supplierId: string, amount: number) =>
  runAs(pool, userId, "select public.record_supplier_payment($1, $2, rules.india_day(now()), 'UPI')", [
    supplierId,
    amount,
  ]);

async function paidAndDue(userId: string) {
  const rows = await runAs<{ paid: string; due: string }>(pool, userId, 'select paid, due from public.supplier_dues()');
  return rows.map((row) => ({ paid: Number(row.paid), due: Number(row.due) }));
}

describe('record_supplier_payment under concurrency', () => {
  it('lets two payments of Rs 600 race for Rs 1,000 owed: one lands, the other is refused with what is left', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await createUser(pool);
      const supplier = await supplierOwed1000(user);

      const outcomes = await settle([pay(user, supplier, 600), pay(user, supplier, 600)]);

      expect(outcomes.succeeded).toHaveLength(1);
      expect(countMessages(outcomes.failed)).toEqual({ 'Only Rs 400.00 is owed to Arvind Mills.': 1 });
      expect(await paidAndDue(user)).toEqual([{ paid: 600, due: 400 }]);
    }
  });

  it('lets ten payments of Rs 300 race: three land and Rs 100 is left owed', async () => {
    const user = await createUser(pool);
    const supplier = await supplierOwed1000(user);

    const outcomes = await settle(Array.from({ length: 10 }, () => pay(user, supplier, 300)));

    expect(outcomes.succeeded).toHaveLength(3);
    expect(countMessages(outcomes.failed)).toEqual({ 'Only Rs 100.00 is owed to Arvind Mills.': 7 });
    expect(await paidAndDue(user)).toEqual([{ paid: 900, due: 100 }]);
  });
});

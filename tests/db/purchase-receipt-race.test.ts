// Receipts of one purchase order racing with each other and with a cancel (issue 32): the order's
// row is locked first, so two receipts of one line take turns and the second sees what the first
// received (never more than was ordered, refused with what is still due), and a receipt and a cancel
// land one after the other: the receipt either arrives before the cancel (and stays) or finds the
// order cancelled. Stock always equals the sum of its ledger rows.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMessages, createUser, discrepancies, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(24);
});
afterAll(async () => {
  await pool.end();
});

/** A placed order of `rolls` rolls (50 m each, 2500 a roll) of one fabric; its ids. */
async function placedOrder(userId: string, rolls: number) {
  const [supplier] = await runAs<{ id: string }>(pool, userId, "select id from public.create_supplier('Arvind Mills')");
  const [fabric] = await runAs<{ id: string }>(
    pool,
    userId,
    "select id from public.create_raw_material('Cotton', 'Arvind Mills', 0, 0, 'm', 10)",
  );
  await runAs(pool, userId, "select from public.set_purchase_unit($1, $2, 'roll', 50, 2500)", [
    fabric!.id,
    supplier!.id,
  ]);
  const [order] = await runAs<{ order: { purchase_order_id: string; lines: { line_id: string }[] } }>(
    pool,
    userId,
    'select public.create_purchase_order($1, $2) as order',
    [supplier!.id, JSON.stringify([{ material_id: fabric!.id, quantity: rolls }])],
  );
  const orderId = order!.order.purchase_order_id;
  await runAs(pool, userId, 'select from public.place_purchase_order($1)', [orderId]);
  return { orderId, lineId: order!.order.lines[0]!.line_id, fabricId: fabric!.id };
}

async function fabricState(fabricId: string) {
  const { rows } = await pool.query<{ stock: string; cost: string }>(
    'select stock_level as stock, cost_per_unit as cost from public.raw_materials where id = $1',
    [fabricId],
  );
  return { stock: Number(rows[0]!.stock), cost: Number(rows[0]!.cost) };
}

const receive = (userId: string, orderId: string, lineId: string, rolls: number) =>
  runAs(pool, userId, 'select public.receive_purchase_order($1, $2)', [
    orderId,
    JSON.stringify([{ line_id: lineId, quantity: rolls }]),
  ]);

describe('receive_purchase_order under concurrency', () => {
  it('lets 10 receipts of 0.75 roll race for a line of 4 rolls: 5 arrive, 5 are refused with what is due', async () => {
    const user = await createUser(pool);
    const { orderId, lineId, fabricId } = await placedOrder(user, 4);

    const outcomes = await settle(Array.from({ length: 10 }, () => receive(user, orderId, lineId, 0.75)));

    expect(outcomes.succeeded).toHaveLength(5);
    expect(countMessages(outcomes.failed)).toEqual({ 'Only 0.25 roll of Cotton are still due on this order.': 5 });
    expect(await fabricState(fabricId)).toEqual({ stock: 187.5, cost: 50 });
    const { rows } = await pool.query<{ status: string; received: string }>(
      `select o.status, l.received_quantity as received from public.purchase_orders o
       join public.purchase_order_lines l on l.purchase_order_id = o.id where o.id = $1`,
      [orderId],
    );
    expect(rows).toEqual([{ status: 'Partially received', received: '3.750' }]);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('lets a receipt and a cancel of one order race: whichever lands first, stock matches the receipts', async () => {
    for (let round = 0; round < 6; round++) {
      const user = await createUser(pool);
      const { orderId, lineId, fabricId } = await placedOrder(user, 2);

      const outcomes = await settle([
        receive(user, orderId, lineId, 1),
        runAs(pool, user, 'select from public.cancel_purchase_order($1)', [orderId]),
        receive(user, orderId, lineId, 1),
      ]);

      // The cancel always lands (the order is never fully received while it waits unless both
      // receipts land first); every receipt after it is refused.
      const { rows } = await pool.query<{ status: string; received: string }>(
        `select o.status, l.received_quantity as received from public.purchase_orders o
         join public.purchase_order_lines l on l.purchase_order_id = o.id where o.id = $1`,
        [orderId],
      );
      const received = Number(rows[0]!.received);
      const receipts = outcomes.statuses.filter((status, i) => i !== 1 && status === 'succeeded').length;
      expect(received).toBe(receipts);
      expect(await fabricState(fabricId)).toEqual({ stock: received * 50, cost: received ? 50 : 0 });
      if (outcomes.statuses[1] === 'succeeded') {
        expect(rows[0]!.status).toBe('Cancelled');
        for (const failure of outcomes.failed) {
          expect(failure.message).toBe('This order was cancelled.');
        }
      } else {
        expect(rows[0]!.status).toBe('Received');
        expect(outcomes.failed).toEqual([
          { message: 'Only orders not fully received can be cancelled.', code: 'P0001' },
        ]);
      }
      expect(await discrepancies(pool, user)).toEqual([]);
    }
  });
});

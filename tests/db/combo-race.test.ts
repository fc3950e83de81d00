// Combos racing with sales of their parts (issue 34): a combo has no stock of its own, and selling
// it takes its parts in the same statement as any sale, after locking them in product id order. So
// sales of a gift set and of the single mug it contains, in parallel over real connections, let
// through exactly what the mugs allow, never take stock below zero, never deadlock (combos listing
// their parts in either order, imports, cancels and returns included), and the ledger reconciles.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEADLOCK, discrepancies, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(45);
});
afterAll(async () => {
  await pool.end();
});

async function createProduct(userId: string, sku: string, name: string, stock: number) {
  const [product] = await runAs<{ id: string }>(
    pool,
    userId,
    'select id from public.create_product($1, $2, null, 100, $3, 0)',
    [sku, name, stock],
  );
  return product!.id;
}

async function createCombo(userId: string, sku: string, name: string, parts: [string, number][]) {
  const components = parts.map(([product_id, quantity]) => ({ product_id, quantity }));
  const [combo] = await runAs<{ id: string }>(
    pool,
    userId,
    'select id from public.create_combo($1, $2, null, 250, $3)',
    [sku, name, JSON.stringify(components)],
  );
  return combo!.id;
}

async function stock(id: string): Promise<number> {
  const { rows } = await pool.query<{ stock: number }>(
    'select stock_on_hand::float8 as stock from public.products where id = $1',
    [id],
  );
  return rows[0]!.stock;
}

function sell(userId: string, productId: string, quantity = 1) {
  return runAs<{ id: string }>(pool, userId, 'select id from public.log_sale($1, $2)', [productId, quantity]);
}

describe('a combo sale racing sales of its part', () => {
  it('lets through exactly what the parts allow, never below zero, and the ledger reconciles', async () => {
    const user = await createUser(pool);
    // 21 mugs: each gift set takes 2 mugs and 1 plate; plenty of plates, so the mugs decide.
    const mug = await createProduct(user, 'MUG-1', 'Mug', 21);
    const plate = await createProduct(user, 'PLT-1', 'Plate', 100);
    const gift = await createCombo(user, 'GIFT-1', 'Gift set', [
      [mug, 2],
      [plate, 1],
    ]);

    const kinds = Array.from({ length: 40 }, (_, i) => (i % 2 ? 'gift' : 'mug'));
    const outcomes = await settle(kinds.map((kind) => sell(user, kind === 'gift' ? gift : mug)));

    expect(outcomes.failed.filter((f) => f.code === DEADLOCK)).toEqual([]);
    for (const { message } of outcomes.failed) {
      expect(message).toMatch(/^Not enough stock for (Gift set|Mug)\. Only [01] available\.$/);
    }
    const giftsSold = kinds.filter((kind, i) => kind === 'gift' && outcomes.statuses[i] === 'succeeded').length;
    const mugsSold = kinds.filter((kind, i) => kind === 'mug' && outcomes.statuses[i] === 'succeeded').length;
    // Every mug went to one sale or another: nothing oversold, nothing lost.
    expect(await stock(mug)).toBe(21 - 2 * giftsSold - mugsSold);
    expect(await stock(mug)).toBeLessThan(2);
    expect(await stock(plate)).toBe(100 - giftsSold);
    expect(await stock(gift)).toBe(0);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('never deadlocks with combos listing shared parts in either order, imports, cancels, returns and edits', async () => {
    const user = await createUser(pool);
    const mug = await createProduct(user, 'MUG-1', 'Mug', 60);
    const plate = await createProduct(user, 'PLT-1', 'Plate', 60);
    const giftA = await createCombo(user, 'GIFT-A', 'Gift A', [
      [mug, 1],
      [plate, 2],
    ]);
    const giftB = await createCombo(user, 'GIFT-B', 'Gift B', [
      [plate, 1],
      [mug, 2],
    ]);
    // Orders to cancel and return while the sales run.
    const toCancel = await Promise.all(Array.from({ length: 4 }, () => sell(user, giftA)));
    const toReturn = await Promise.all(Array.from({ length: 4 }, () => sell(user, giftB)));
    for (const [order] of toReturn) await runAs(pool, user, 'select public.fulfil_sales_order($1)', [order!.id]);

    const calls = Array.from({ length: 45 }, (_, i) => {
      switch (i % 9) {
        case 0:
          return sell(user, giftA);
        case 1:
          return sell(user, giftB);
        case 2:
          return sell(user, mug, 2);
        case 3:
          return sell(user, plate, 2);
        case 4:
          return runAs(pool, user, "select public.import_sales_orders('Amazon', $1)", [
            JSON.stringify([
              { external_order_id: `A-${i}`, order_date: '2026-01-05', sku: 'GIFT-B', quantity: 1, total_amount: 250 },
              { external_order_id: `A-${i}`, order_date: '2026-01-05', sku: 'PLT-1', quantity: 1, total_amount: 100 },
            ]),
          ]);
        case 5:
          return runAs(pool, user, 'select public.cancel_sales_order($1)', [toCancel[Math.floor(i / 9) % 4]![0]!.id]);
        case 6:
          return runAs(pool, user, 'select public.return_sales_order($1)', [toReturn[Math.floor(i / 9) % 4]![0]!.id]);
        case 7:
          return sell(user, giftA, 2);
        default:
          // Editing the combo while its orders are sold, cancelled and returned.
          return runAs(pool, user, "select id from public.update_combo($1, 'GIFT-A', 'Gift A', null, 250, $2)", [
            giftA,
            JSON.stringify([
              { product_id: plate, quantity: 2 },
              { product_id: mug, quantity: 1 },
            ]),
          ]);
      }
    });
    const outcomes = await settle<unknown>(calls);

    expect(outcomes.failed.filter((f) => f.code === DEADLOCK)).toEqual([]);
    // Only the operations' own refusals: not enough stock, or a second cancel/return of one order.
    for (const { message } of outcomes.failed) {
      expect(message).toMatch(
        /^(Not enough stock for .+\. Only \d+ available\.|Line \d+: Not enough stock for .+|Only unfulfilled orders can be cancelled\.|Only fulfilled orders can be returned\.)$/,
      );
    }
    // Most calls find stock: the race is real, not 40 refusals.
    expect(outcomes.succeeded.length).toBeGreaterThanOrEqual(30);
    expect(await stock(mug)).toBeGreaterThanOrEqual(0);
    expect(await stock(plate)).toBeGreaterThanOrEqual(0);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

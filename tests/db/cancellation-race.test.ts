// Undoing orders under concurrency: a cancel racing with a fulfil of the same sales order, two
// cancels or two returns of one order, a cancel racing with the completion of the same production
// run. The status condition in each function lets exactly one transition win; stock moves once,
// never below zero, and the ledger reconciles.
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

async function createProduct(userId: string, name: string, stock: number, bom: object[] = []) {
  const [product] = await runAs<{ id: string }>(
    pool,
    userId,
    'select id from public.create_product($1, $2, null, 100, $3, 0, $4)',
    [`SKU-${name}`, name, stock, JSON.stringify(bom)],
  );
  return product!.id;
}

async function logSale(userId: string, productId: string, quantity: number) {
  const [order] = await runAs<{ id: string }>(pool, userId, 'select id from public.log_sale($1, $2)', [
    productId,
    quantity,
  ]);
  return order!.id;
}

async function stockOf(productId: string): Promise<number> {
  const { rows } = await pool.query<{ stock: number }>(
    'select stock_on_hand::float8 as stock from public.products where id = $1',
    [productId],
  );
  return rows[0]!.stock;
}

async function statusCounts(table: 'sales_orders' | 'manufacturing_orders', ids: string[]) {
  const { rows } = await pool.query<{ status: string; count: string }>(
    `select status::text, count(*) from public.${table} where id = any($1::uuid[]) group by status`,
    [ids],
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

describe('cancelling and returning sales orders under concurrency', () => {
  it('lets exactly one of a cancel and a fulfil of the same order win, for 20 orders at once', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Contested', 100);
    const orders: string[] = [];
    for (let i = 0; i < 20; i++) orders.push(await logSale(user, product, 2));

    // Per order, the cancel and the fulfil start together; even orders send the cancel first.
    const outcomes = await settle(
      orders.flatMap((order, i) => {
        const cancel = () => runAs(pool, user, 'select status from public.cancel_sales_order($1)', [order]);
        const fulfil = () => runAs(pool, user, 'select status from public.fulfil_sales_order($1)', [order]);
        return i % 2 ? [fulfil(), cancel()] : [cancel(), fulfil()];
      }),
    );

    for (let i = 0; i < orders.length; i++) {
      const pair = outcomes.statuses.slice(2 * i, 2 * i + 2);
      expect(pair.filter((status) => status === 'succeeded'), `order ${i}`).toHaveLength(1);
    }
    const statuses = await statusCounts('sales_orders', orders);
    const cancelled = statuses.Cancelled ?? 0;
    expect(cancelled + (statuses.Fulfilled ?? 0)).toBe(20);
    // The losers were refused with the message for the state the winner left.
    expect(countMessages(outcomes.failed)).toEqual({
      ...(20 - cancelled > 0 && { 'Only unfulfilled orders can be cancelled.': 20 - cancelled }),
      ...(cancelled > 0 && { 'This order is already cancelled.': cancelled }),
    });
    // 100 - 20 x 2 sold, then 2 back for each cancelled order, exactly once each.
    expect(await stockOf(product)).toBe(60 + 2 * cancelled);
    const { rows } = await pool.query<{ count: string }>(
      "select count(*) from public.stock_movements where product_id = $1 and reason = 'sale_cancelled'",
      [product],
    );
    expect(Number(rows[0]!.count)).toBe(cancelled);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('cancels an order once when 10 cancels of it run in parallel', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Twice', 10);
    const order = await logSale(user, product, 4);

    const outcomes = await settle(
      Array.from({ length: 10 }, () =>
        runAs(pool, user, 'select status from public.cancel_sales_order($1)', [order]),
      ),
    );

    expect(outcomes.succeeded).toEqual([[{ status: 'Cancelled' }]]);
    expect(countMessages(outcomes.failed)).toEqual({ 'Only unfulfilled orders can be cancelled.': 9 });
    expect(await stockOf(product)).toBe(10);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('returns an order to stock once when 10 returns of it run in parallel', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Boomerang', 10);
    const order = await logSale(user, product, 3);
    await runAs(pool, user, 'select public.fulfil_sales_order($1)', [order]);

    const outcomes = await settle(
      Array.from({ length: 10 }, () =>
        runAs(pool, user, 'select status from public.return_sales_order($1)', [order]),
      ),
    );

    expect(outcomes.succeeded).toEqual([[{ status: 'Returned' }]]);
    expect(countMessages(outcomes.failed)).toEqual({ 'Only fulfilled orders can be returned.': 9 });
    expect(await stockOf(product)).toBe(10);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('keeps stock right when cancels race with new sales of the same product', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Busy', 10);
    const orders: string[] = [];
    for (let i = 0; i < 10; i++) orders.push(await logSale(user, product, 1));

    // Stock is 0: every sale can only use units a cancellation has put back.
    const outcomes = await settle([
      ...orders.map((order) => runAs(pool, user, 'select id from public.cancel_sales_order($1)', [order])),
      ...Array.from({ length: 15 }, () => runAs(pool, user, 'select id from public.log_sale($1, 1)', [product])),
    ]);

    expect(outcomes.statuses.slice(0, 10)).toEqual(Array(10).fill('succeeded'));
    const sold = outcomes.statuses.slice(10).filter((status) => status === 'succeeded').length;
    expect(sold).toBeLessThanOrEqual(10);
    for (const { message } of outcomes.failed) expect(message).toMatch(/^Not enough stock for Busy\. Only \d+ available\.$/);
    expect(await stockOf(product)).toBe(10 - sold);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

describe('cancelling production runs under concurrency', () => {
  it('lets exactly one of a cancel and a completion of the same run win, for 15 runs at once', async () => {
    const user = await createUser(pool);
    const [cloth] = await runAs<{ id: string }>(
      pool,
      user,
      "select id from public.create_raw_material('Cloth', null, 1, 100, 'm', 0)",
    );
    const [button] = await runAs<{ id: string }>(
      pool,
      user,
      "select id from public.create_raw_material('Button', null, 1, 200, 'units', 0)",
    );
    const product = await createProduct(user, 'Jacket', 0, [
      { material_id: button!.id, quantity: 4 },
      { material_id: cloth!.id, quantity: 1.5 },
    ]);
    const runs: string[] = [];
    for (let i = 0; i < 15; i++) {
      const [run] = await runAs<{ id: string }>(pool, user, 'select id from public.start_production($1, 2)', [
        product,
      ]);
      runs.push(run!.id);
    }

    const outcomes = await settle(
      runs.flatMap((run, i) => {
        const cancel = () =>
          runAs(pool, user, 'select status from public.cancel_manufacturing_order($1)', [run]);
        const complete = () => runAs(pool, user, 'select status from public.complete_production($1)', [run]);
        return i % 2 ? [complete(), cancel()] : [cancel(), complete()];
      }),
    );

    for (let i = 0; i < runs.length; i++) {
      const pair = outcomes.statuses.slice(2 * i, 2 * i + 2);
      expect(pair.filter((status) => status === 'succeeded'), `run ${i}`).toHaveLength(1);
    }
    expect(outcomes.failed.map((failure) => failure.code)).not.toContain(DEADLOCK);
    const statuses = await statusCounts('manufacturing_orders', runs);
    const cancelled = statuses.Cancelled ?? 0;
    const completed = statuses.Completed ?? 0;
    expect(cancelled + completed).toBe(15);
    expect(countMessages(outcomes.failed)).toEqual({
      ...(completed > 0 && { 'Only orders in progress can be cancelled.': completed }),
      ...(cancelled > 0 && { 'This manufacturing order is already cancelled.': cancelled }),
    });
    // Completed runs made 2 jackets each; cancelled runs gave back 2 x 1.5 cloth and 2 x 4 buttons.
    expect(await stockOf(product)).toBe(2 * completed);
    const { rows } = await pool.query<{ name: string; stock: string }>(
      'select material_name as name, stock_level as stock from public.raw_materials where user_id = $1 order by 1',
      [user],
    );
    expect(rows.map((row) => [row.name, Number(row.stock)])).toEqual([
      ['Button', 200 - 8 * completed],
      ['Cloth', 100 - 3 * completed],
    ]);
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('puts materials back once when 10 cancels of one run race with new starts', async () => {
    const user = await createUser(pool);
    const [felt] = await runAs<{ id: string }>(
      pool,
      user,
      "select id from public.create_raw_material('Felt', null, 1, 10, 'sheets', 0)",
    );
    const product = await createProduct(user, 'Hat', 0, [{ material_id: felt!.id, quantity: 5 }]);
    const [run] = await runAs<{ id: string }>(pool, user, 'select id from public.start_production($1, 2)', [
      product,
    ]);

    // Felt is at 0: a new start of 1 hat (5 sheets) can only use what the cancellation gives back.
    const outcomes = await settle([
      ...Array.from({ length: 10 }, () =>
        runAs(pool, user, 'select id from public.cancel_manufacturing_order($1)', [run!.id]),
      ),
      ...Array.from({ length: 5 }, () =>
        runAs(pool, user, 'select id from public.start_production($1, 1)', [product]),
      ),
    ]);

    const cancels = outcomes.statuses.slice(0, 10);
    expect(cancels.filter((status) => status === 'succeeded')).toHaveLength(1);
    const started = outcomes.statuses.slice(10).filter((status) => status === 'succeeded').length;
    expect(started).toBeLessThanOrEqual(2);
    expect(countMessages(outcomes.failed)).toEqual({
      'Only orders in progress can be cancelled.': 9,
      ...(started < 5 && { 'Not enough raw materials to start production.': 5 - started }),
    });
    const { rows } = await pool.query<{ stock: string }>(
      'select stock_level as stock from public.raw_materials where id = $1',
      [felt!.id],
    );
    expect(Number(rows[0]!.stock)).toBe(10 - 5 * started);
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

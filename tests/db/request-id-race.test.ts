// One request, one write, under concurrency: calls that carry the same request_id (a double click
// whose two requests arrive together, a retry sent while the first is still running) write once.
// The second call waits on the request key until the first commits, then returns its answer; if
// the first rolls back, the second runs the write itself.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, discrepancies, openPool, runAs, settle } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(32);
});
afterAll(async () => {
  await pool.end();
});

interface Sale {
  id: string;
  quantity: number;
}

async function createProduct(userId: string, name: string, stock: number) {
  const [product] = await runAs<{ id: string }>(
    pool,
    userId,
    'select id from public.create_product($1, $2, null, 100, $3)',
    [`SKU-${name}`, name, stock],
  );
  return product!.id;
}

async function productState(productId: string) {
  const { rows } = await pool.query<{ stock: number; orders: string; sale_movements: string }>(
    `select p.stock_on_hand::float8 as stock,
       (select count(*) from public.sales_orders o where o.product_id = p.id) as orders,
       (select count(*) from public.stock_movements s where s.product_id = p.id and s.reason = 'sale')
         as sale_movements
     from public.products p where p.id = $1`,
    [productId],
  );
  return rows[0]!;
}

/** A call as `userId` whose transaction stays open until commit() or rollback() is called. */
async function openCall<Row extends pg.QueryResultRow>(userId: string, sql: string, params: unknown[]) {
  const client = await pool.connect();
  await client.query('begin');
  await client.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
    JSON.stringify({ sub: userId, role: 'authenticated' }),
  ]);
  const { rows } = await client.query<Row>(sql, params);
  const end = async (statement: 'commit' | 'rollback') => {
    try {
      await client.query(statement);
    } finally {
      client.release();
    }
  };
  return { rows, commit: () => end('commit'), rollback: () => end('rollback') };
}

/** Waits until some backend is waiting on a lock while running `fragment`. */
async function waitUntilBlocked(fragment: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { rows } = await pool.query(
      `select 1 from pg_stat_activity
       where wait_event_type = 'Lock' and query like '%' || $1 || '%' and pid <> pg_backend_pid()`,
      [fragment],
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no call running ${fragment} ever waited on a lock`);
}

describe('request_id under concurrency', () => {
  it('writes one sale for 30 parallel log_sale calls with one request_id, and answers each with it', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Clicked', 50);
    const requestId = randomUUID();

    const outcomes = await settle(
      Array.from({ length: 30 }, () =>
        runAs<Sale>(pool, user, 'select id, quantity from public.log_sale($1, 2, request_id => $2)', [
          product,
          requestId,
        ]),
      ),
    );

    expect(outcomes.failed).toEqual([]);
    const ids = new Set(outcomes.succeeded.map(([sale]) => sale!.id));
    expect(ids.size).toBe(1);
    expect(outcomes.succeeded[0]).toEqual([{ id: [...ids][0], quantity: 2 }]);
    expect(await productState(product)).toEqual({ stock: 48, orders: '1', sale_movements: '1' });
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('makes a second call wait for the first and return its sale', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Waited', 5);
    const requestId = randomUUID();

    const first = await openCall<Sale>(user, 'select id, quantity from public.log_sale($1, 3, request_id => $2)', [
      product,
      requestId,
    ]);
    const second = runAs<Sale>(pool, user, 'select id, quantity from public.log_sale($1, 3, request_id => $2)', [
      product,
      requestId,
    ]);
    // Without the key taken first, the second call would sell 3 more now or be refused for stock.
    await waitUntilBlocked('public.log_sale($1, 3, request_id => $2)');
    await first.commit();

    expect(await second).toEqual(first.rows);
    expect(await productState(product)).toEqual({ stock: 2, orders: '1', sale_movements: '1' });
    expect(await discrepancies(pool, user)).toEqual([]);
  });

  it('lets the waiting call write when the first one rolls back', async () => {
    const user = await createUser(pool);
    const product = await createProduct(user, 'Retried', 5);
    const requestId = randomUUID();

    const first = await openCall<Sale>(user, 'select id, quantity from public.log_sale($1, 1, request_id => $2)', [
      product,
      requestId,
    ]);
    const second = runAs<Sale>(pool, user, 'select id, quantity from public.log_sale($1, 1, request_id => $2)', [
      product,
      requestId,
    ]);
    await waitUntilBlocked('public.log_sale($1, 1, request_id => $2)');
    await first.rollback();

    const [sale] = await second;
    expect(sale!.id).not.toBe(first.rows[0]!.id);
    expect(await productState(product)).toEqual({ stock: 4, orders: '1', sale_movements: '1' });
  });

  it('starts one production run for parallel start_production calls with one request_id', async () => {
    const user = await createUser(pool);
    const [material] = await runAs<{ id: string }>(
      pool,
      user,
      "select id from public.create_raw_material('Cloth', null, 1, 100)",
    );
    const [product] = await runAs<{ id: string }>(
      pool,
      user,
      "select id from public.create_product('RUN-1', 'Run', null, 10, 0, 10, jsonb_build_array(jsonb_build_object('material_id', $1::uuid, 'quantity', 2)))",
      [material!.id],
    );
    const requestId = randomUUID();

    const outcomes = await settle(
      Array.from({ length: 20 }, () =>
        runAs<{ id: string }>(pool, user, 'select id from public.start_production($1, 5, request_id => $2)', [
          product!.id,
          requestId,
        ]),
      ),
    );

    expect(outcomes.failed).toEqual([]);
    expect(new Set(outcomes.succeeded.map(([run]) => run!.id)).size).toBe(1);
    const { rows } = await pool.query<{ runs: string; stock: string }>(
      `select (select count(*) from public.manufacturing_orders where user_id = $1) as runs,
              (select stock_level::text from public.raw_materials where id = $2) as stock`,
      [user, material!.id],
    );
    expect(rows[0]).toEqual({ runs: '1', stock: '90.000' });
    expect(await discrepancies(pool, user)).toEqual([]);
  });
});

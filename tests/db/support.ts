// Database test support: a pool on the test cluster (DATABASE_URL, superuser) and calls made as a
// signed-in anonymous user, each in its own transaction on its own connection, the way PostgREST
// runs an RPC: set the role and JWT claims locally, call, commit.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the db tests through `npm test`');
  return url;
}

/** A pool big enough for every call of a race to hold its own connection at once. */
export async function openPool(size: number): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: size });
  // Open every connection before the race, so the calls start together instead of queueing
  // behind connection set-up.
  const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
  for (const client of clients) client.release();
  return pool;
}

/** Creates an anonymous user, as anonymous sign-in does, and returns its id. */
export async function createUser(pool: pg.Pool): Promise<string> {
  const id = randomUUID();
  await pool.query('insert into auth.users (id, is_anonymous) values ($1, true)', [id]);
  return id;
}

/** Runs one statement as `userId` in its own transaction; returns its rows or throws its error. */
export async function runAs<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  pool: pg.Pool,
  userId: string,
  sql: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
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

export interface Outcomes<T> {
  succeeded: T[];
  failed: { message: string; code: string | undefined }[];
  /** Whether each call, in the order given, succeeded. */
  statuses: ('succeeded' | 'failed')[];
}

/** Waits for every call of a race and sorts the outcomes. */
export async function settle<T>(calls: Promise<T>[]): Promise<Outcomes<T>> {
  const results = await Promise.allSettled(calls);
  const outcomes: Outcomes<T> = { succeeded: [], failed: [], statuses: [] };
  for (const result of results) {
    outcomes.statuses.push(result.status === 'fulfilled' ? 'succeeded' : 'failed');
    if (result.status === 'fulfilled') {
      outcomes.succeeded.push(result.value);
    } else {
      const error = result.reason as { message?: string; code?: string };
      outcomes.failed.push({ message: String(error.message), code: error.code });
    }
  }
  return outcomes;
}

/** Counts of each distinct failure message, for exact assertions. */
export function countMessages(failed: Outcomes<unknown>['failed']): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { message } of failed) counts[message] = (counts[message] ?? 0) + 1;
  return counts;
}

/**
 * The books of one user, read as the superuser: every item whose stock differs from the sum of its
 * movements at own locations, every movement whose balance_after is not the running sum of its
 * item's movements at own locations in insertion order (stock at job workers is not stock on hand),
 * every product or day whose kept sales totals (sales_totals.sql) differ from what its orders keep
 * after their returns, every product whose kept sales over a dated dashboard period differ from what
 * its counted orders of the period keep, every platform and status whose kept order count differs
 * from a count,
 * every item whose stock at its own locations (issue 45) does not add up to its stock, and every
 * item and location whose kept stock differs from the sum of its movements there.
 * The list must be empty.
 */
export async function discrepancies(pool: pg.Pool, userId: string): Promise<string[]> {
  const { rows } = await pool.query<{ problem: string }>(
    `-- What each order keeps after its returns, spelled out (issue 29): a counted order its kept
     -- units and revenue (its taxable value: GST is not revenue, issue 31), fees and profit after
     -- returns; a fully returned one its fees and loss. An order whose cost was unknown at sale
     -- (issue 33) adds nothing to profit: the totals count it apart.
     with kept_orders as (
       select o.product_id, o.order_date, o.platform, (o.status <> 'Returned')::int as orders,
         o.quantity - o.returned_quantity as units, o.taxable_value - o.refunded_taxable_value as revenue, o.fees,
         coalesce(o.profit_after_returns, 0) as profit
       from public.sales_orders o
       where o.user_id = $1 and o.status in ('Unfulfilled', 'Fulfilled', 'Partially returned', 'Returned')
     )
     select format('%s %s: stock %s, movements sum %s', kind, name, stock, moved) as problem
     from (
       select 'product' as kind, p.product_name as name, p.stock_on_hand::numeric as stock,
         coalesce((select sum(s.quantity) from public.stock_movements s join public.locations l on l.id = s.location_id
                   where s.product_id = p.id and l.kind = 'own'), 0) as moved
       from public.products p where p.user_id = $1
       union all
       select 'material', m.material_name, m.stock_level,
         coalesce((select sum(s.quantity) from public.stock_movements s join public.locations l on l.id = s.location_id
                   where s.material_id = m.id and l.kind = 'own'), 0)
       from public.raw_materials m where m.user_id = $1
     ) items
     where stock <> moved
     union all
     select format('movement %s: balance_after %s, running sum %s', id, balance_after, running)
     from (
       -- balance_after is the item's total at own locations: rows at a job worker's add nothing to it.
       select s.id, s.balance_after,
         sum(case when l.kind = 'own' then s.quantity else 0 end)
           over (partition by coalesce(s.product_id, s.material_id) order by s.id) as running
       from public.stock_movements s join public.locations l on l.id = s.location_id where s.user_id = $1
     ) chain
     where balance_after <> running
     union all
     select format('product %s: kept totals %s, its counted orders %s', product_id, kept, counted)
     from (
       select p.id as product_id,
         (select row(t.orders, t.units, t.revenue, t.fees, t.profit)::text from public.sales_by_product t
          where t.product_id = p.id and (t.orders, t.units, t.revenue, t.fees, t.profit) <> (0, 0, 0, 0, 0)) as kept,
         (select row(sum(k.orders), sum(k.units), sum(k.revenue), sum(k.fees), sum(k.profit))::text
          from kept_orders k where k.product_id = p.id
          having (sum(k.orders), sum(k.units), sum(k.revenue), sum(k.fees), sum(k.profit)) <> (0, 0, 0, 0, 0)) as counted
       from public.products p where p.user_id = $1
     ) products
     where kept is distinct from counted
     union all
     select format('day %s %s: kept totals %s, its counted orders %s', day, platform, kept, counted)
     from (
       select coalesce(t.day, o.day) as day, coalesce(t.platform, o.platform) as platform, t.kept, o.counted
       from (select day, platform, row(sum(orders), sum(units), sum(revenue), sum(fees), sum(profit))::text as kept
             from public.sales_by_day where user_id = $1 group by 1, 2
             having (sum(orders), sum(units), sum(revenue), sum(fees), sum(profit)) <> (0, 0, 0, 0, 0)) t
       full join (select (order_date at time zone 'Asia/Kolkata')::date as day, platform,
                    row(sum(orders), sum(units), sum(revenue), sum(fees), sum(profit))::text as counted
                  from kept_orders
                  group by 1, 2
                  having (sum(orders), sum(units), sum(revenue), sum(fees), sum(profit)) <> (0, 0, 0, 0, 0)) o
         on o.day = t.day and o.platform = t.platform
     ) days
     where kept is distinct from counted
     union all
     select format('product %s over %s: kept sales %s, its counted orders %s', product_id, period, kept, counted)
     from (
       select coalesce(t.product_id, o.product_id) as product_id, coalesce(t.period, o.period) as period, t.kept,
         o.counted
       from (select product_id, period, row(sum(orders), sum(units), sum(revenue), sum(profit))::text as kept
             from public.product_period_sales where user_id = $1 and period <> 'all_time' group by 1, 2
             having (sum(orders), sum(units), sum(revenue), sum(profit)) <> (0, 0, 0, 0)) t
       full join (select k.product_id, r.period,
                    row(sum(k.orders), sum(k.units), sum(k.revenue), sum(k.profit))::text as counted
                  from kept_orders k
                  cross join unnest(rules.dated_dashboard_periods()) r (period)
                  where k.orders = 1 and k.order_date
                    >= rules.india_day_start((rules.dashboard_period(r.period, rules.india_day(now()))).from_day)
                  group by 1, 2
                  having (sum(k.orders), sum(k.units), sum(k.revenue), sum(k.profit)) <> (0, 0, 0, 0)) o
         on o.product_id = t.product_id and o.period = t.period
     ) periods
     where kept is distinct from counted
     union all
     select format('%s %s orders: kept count %s, counted %s', platform, status, kept, counted)
     from (
       select coalesce(c.platform, o.platform) as platform, coalesce(c.status, o.status) as status, c.kept, o.counted
       from (select platform, status, sum(orders) as kept from public.sales_orders_by_status
             where user_id = $1 group by 1, 2 having sum(orders) <> 0) c
       full join (select platform, status, count(*) as counted from public.sales_orders
                  where user_id = $1 group by 1, 2) o on o.platform = c.platform and o.status = c.status
     ) counts
     where kept is distinct from counted
     union all
     select format('%s %s: stock %s, at own locations %s', kind, name, stock, own)
     from (
       select 'product' as kind, p.product_name as name, p.stock_on_hand::numeric as stock,
         coalesce((select sum(s.quantity) from public.location_stock s join public.locations l on l.id = s.location_id
                   where s.product_id = p.id and l.kind = 'own'), 0) as own
       from public.products p where p.user_id = $1
       union all
       select 'material', m.material_name, m.stock_level,
         coalesce((select sum(s.quantity) from public.location_stock s join public.locations l on l.id = s.location_id
                   where s.material_id = m.id and l.kind = 'own'), 0)
       from public.raw_materials m where m.user_id = $1
     ) own_items
     where stock <> own
     union all
     select format('%s at location %s: kept %s, movements sum %s', coalesce(k.product_id, k.material_id),
       k.location_id, k.kept, k.moved)
     from (
       select coalesce(s.product_id, m.product_id) as product_id, coalesce(s.material_id, m.material_id) as material_id,
         coalesce(s.location_id, m.location_id) as location_id, coalesce(s.quantity, 0) as kept,
         coalesce(m.moved, 0) as moved
       from (select * from public.location_stock where user_id = $1) s
       full join (select product_id, material_id, location_id, sum(quantity) as moved from public.stock_movements
                  where user_id = $1 group by 1, 2, 3) m
         on m.location_id = s.location_id and m.product_id is not distinct from s.product_id
           and m.material_id is not distinct from s.material_id
     ) k
     where k.kept <> k.moved`,
    [userId],
  );
  return rows.map((row) => row.problem);
}

export const DEADLOCK = '40P01';

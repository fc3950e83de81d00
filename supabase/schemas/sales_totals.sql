-- Sales totals kept as orders change, so that the dashboard reads a few thousand rows however many
-- orders a shop has (a seller with 3,000 orders a day has a million a year):
--   sales_day_totals      per day in India and platform: the totals, by platform and over time of
--                         the profit panels, for any period;
--   product_sales_totals  per product, all time: Total Revenue and the all-time top products;
--   sales_order_counts    every order, whatever its status, per platform and status: how many
--                         orders the Sales Orders list has (unless searched or dated) and how
--                         many are open, without counting a million rows.
-- The first two hold what each order keeps after its returns (rules.kept_sale): a counted order's
-- kept units, revenue and profit after returns; a fully returned order's loss, as no order.
-- Revenue is taxable value (GST is not revenue, issue 31); revenue_including_gst beside it is the
-- same kept revenue with its GST, what the buyers paid. A statement trigger
-- per event on sales_orders keeps both in the transaction of the change itself (a sale, cancel,
-- return, import or website order; any later change to an order's amounts too), so they always
-- equal a recount (supabase/tests/database/sales_totals.test.sql). An order whose cost was unknown
-- at sale (issue 33) adds nothing to profit but 1 to orders_without_cost and its kept revenue to
-- revenue_without_cost, so a margin is taken over the revenue whose cost is known.
--
-- A day's row for a platform (and a platform's count of a status) is split into stripes, so that
-- keeping the totals never makes one sale wait for another: each change adds to a stripe no other
-- transaction holds (`for update skip locked`), and when every stripe is held it starts one of its
-- own, numbered by its server process id, which no transaction running at the same time shares.
-- A day and platform thus has as many stripes as sales were ever written to it at the same instant
-- (one or two for most shops), and the dashboard sums them. Sales of one product already wait for
-- each other on its stock, so product_sales_totals needs no stripes.

create table public.sales_day_totals (
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  platform public.sales_platform not null,
  stripe integer not null,
  orders bigint not null,
  units bigint not null,
  revenue numeric not null,
  fees numeric not null,
  profit numeric not null,
  revenue_including_gst numeric not null,
  orders_without_cost bigint not null default 0,
  revenue_without_cost numeric not null default 0,
  primary key (user_id, day, platform, stripe)
)
-- Pages left half empty: a sale rewrites its day's row beside the old one (a HOT update), with no
-- index entry to add.
with (fillfactor = 50);
comment on table public.sales_day_totals is
  'Counted sales per India day and platform (in stripes, so writers never wait for each other): orders, units, revenue (taxable value), fees, profit, revenue including GST, and the orders whose cost is unknown (left out of profit) with their revenue. Kept by triggers on sales_orders; read-only to users.';

create table public.product_sales_totals (
  user_id uuid not null,
  product_id uuid not null,
  orders bigint not null,
  units bigint not null,
  revenue numeric not null,
  fees numeric not null,
  profit numeric not null,
  revenue_including_gst numeric not null,
  orders_without_cost bigint not null default 0,
  revenue_without_cost numeric not null default 0,
  primary key (user_id, product_id),
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade
)
-- Half-empty pages and no index on the figures: a sale rewrites its product's row in place (HOT).
-- The dashboard's all-time top products sort a shop's rows instead (20,000 in a few milliseconds,
-- bench/RESULTS.md), a cost paid per visit rather than per sale.
with (fillfactor = 50);
comment on table public.product_sales_totals is
  'Counted sales per product, all time: orders, units, revenue (taxable value), fees, profit, revenue including GST, and the orders whose cost is unknown (left out of profit) with their revenue. Kept by triggers on sales_orders; read-only to users.';

create table public.sales_order_counts (
  user_id uuid not null references auth.users (id) on delete cascade,
  platform public.sales_platform not null,
  status public.sales_order_status not null,
  stripe integer not null,
  orders bigint not null,
  primary key (user_id, platform, status, stripe)
)
with (fillfactor = 50);
comment on table public.sales_order_counts is
  'Every sales order per platform and status (in stripes, so writers never wait for each other), whatever the status. Kept by triggers on sales_orders; read-only to users.';

alter table public.sales_day_totals enable row level security;
alter table public.product_sales_totals enable row level security;
alter table public.sales_order_counts enable row level security;
create policy "Owners can read their sales day totals" on public.sales_day_totals
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their product sales totals" on public.product_sales_totals
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their sales order counts" on public.sales_order_counts
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on table public.sales_day_totals, public.product_sales_totals, public.sales_order_counts
  from public, anon, authenticated, service_role;
grant select on table public.sales_day_totals, public.product_sales_totals, public.sales_order_counts to authenticated;

-- Takes the old orders from (-1) and adds the new ones to (+1) the totals and the counts, in one
-- statement: what each keeps (rules.kept_sale) to sales_day_totals and product_sales_totals, every one to
-- sales_order_counts. Summed per row first, so a 10,000-line import is one write per row, and a row
-- whose changes net to nothing (an order fulfilled: both statuses count) is not written. A day's or
-- a count's stripe is one nobody else holds (see above); product rows are written in key order, so
-- two statements never wait for each other in a cycle. PL/pgSQL, not
-- SQL, with a generic plan: it plans the statement once per session, where a SQL function plans it
-- at every sale, and PL/pgSQL's default planned it again for each call's arrays (0.5 ms a sale).
create function private.add_to_kept_figures(old_orders public.sales_orders[], new_orders public.sales_orders[])
returns void
language plpgsql
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
begin
  with change as (
    select c.user_id, c.product_id, c.platform, c.status, c.order_date, c.sign, k.kept,
      k.orders, k.units, k.revenue, k.fees, coalesce(k.profit, 0) as profit, g.revenue as revenue_including_gst,
      k.orders_without_cost, k.revenue_without_cost
    from (
      select o.user_id, o.product_id, o.platform, o.status, o.order_date, -1 as sign, o.quantity, o.returned_quantity,
        o.total_amount, o.refunded_amount, o.taxable_value, o.refunded_taxable_value, o.fees, o.profit_after_returns
      from unnest(add_to_kept_figures.old_orders) o
      union all
      select n.user_id, n.product_id, n.platform, n.status, n.order_date, 1, n.quantity, n.returned_quantity,
        n.total_amount, n.refunded_amount, n.taxable_value, n.refunded_taxable_value, n.fees, n.profit_after_returns
      from unnest(add_to_kept_figures.new_orders) n
    ) c
    -- What the order keeps after its returns: one rule (02_rules.sql) for every reader; its
    -- revenue without GST (the taxable value) and with it.
    cross join lateral rules.kept_sale(c.status, c.quantity, c.returned_quantity, c.taxable_value,
      c.refunded_taxable_value, c.fees, c.profit_after_returns) k
    cross join lateral rules.kept_sale(c.status, c.quantity, c.returned_quantity, c.total_amount, c.refunded_amount,
      c.fees, c.profit_after_returns) g
  ),
  day_change as (
    select c.user_id, (c.order_date at time zone 'Asia/Kolkata')::date as day, c.platform,
      sum(c.sign * c.orders) as orders, sum(c.sign * c.units) as units, sum(c.sign * c.revenue) as revenue,
      sum(c.sign * c.fees) as fees, sum(c.sign * c.profit) as profit,
      sum(c.sign * c.revenue_including_gst) as revenue_including_gst,
      sum(c.sign * c.orders_without_cost) as orders_without_cost,
      sum(c.sign * c.revenue_without_cost) as revenue_without_cost
    from change c
    where c.kept
    group by 1, 2, 3
    having (sum(c.sign * c.orders), sum(c.sign * c.units), sum(c.sign * c.revenue), sum(c.sign * c.fees),
      sum(c.sign * c.profit), sum(c.sign * c.revenue_including_gst), sum(c.sign * c.orders_without_cost),
      sum(c.sign * c.revenue_without_cost)) <> (0, 0, 0, 0, 0, 0, 0, 0)
  ),
  days as (
    insert into public.sales_day_totals as t
      (user_id, day, platform, stripe, orders, units, revenue, fees, profit, revenue_including_gst,
       orders_without_cost, revenue_without_cost)
    select d.user_id, d.day, d.platform,
      coalesce(
        (select f.stripe from public.sales_day_totals f
         where f.user_id = d.user_id and f.day = d.day and f.platform = d.platform
         order by f.stripe limit 1 for update skip locked),
        pg_catalog.pg_backend_pid()),
      d.orders, d.units, d.revenue, d.fees, d.profit, d.revenue_including_gst, d.orders_without_cost,
      d.revenue_without_cost
    from day_change d
    on conflict (user_id, day, platform, stripe) do update
    set orders = t.orders + excluded.orders, units = t.units + excluded.units, revenue = t.revenue + excluded.revenue,
      fees = t.fees + excluded.fees, profit = t.profit + excluded.profit,
      revenue_including_gst = t.revenue_including_gst + excluded.revenue_including_gst,
      orders_without_cost = t.orders_without_cost + excluded.orders_without_cost,
      revenue_without_cost = t.revenue_without_cost + excluded.revenue_without_cost
  ),
  products as (
    insert into public.product_sales_totals as t
      (user_id, product_id, orders, units, revenue, fees, profit, revenue_including_gst,
       orders_without_cost, revenue_without_cost)
    select c.user_id, c.product_id,
      sum(c.sign * c.orders), sum(c.sign * c.units), sum(c.sign * c.revenue), sum(c.sign * c.fees), sum(c.sign * c.profit),
      sum(c.sign * c.revenue_including_gst), sum(c.sign * c.orders_without_cost), sum(c.sign * c.revenue_without_cost)
    from change c
    where c.kept
    group by 1, 2
    having (sum(c.sign * c.orders), sum(c.sign * c.units), sum(c.sign * c.revenue), sum(c.sign * c.fees),
      sum(c.sign * c.profit), sum(c.sign * c.revenue_including_gst), sum(c.sign * c.orders_without_cost),
      sum(c.sign * c.revenue_without_cost)) <> (0, 0, 0, 0, 0, 0, 0, 0)
    order by 1, 2
    on conflict (user_id, product_id) do update
    set orders = t.orders + excluded.orders, units = t.units + excluded.units, revenue = t.revenue + excluded.revenue,
      fees = t.fees + excluded.fees, profit = t.profit + excluded.profit,
      revenue_including_gst = t.revenue_including_gst + excluded.revenue_including_gst,
      orders_without_cost = t.orders_without_cost + excluded.orders_without_cost,
      revenue_without_cost = t.revenue_without_cost + excluded.revenue_without_cost
  ),
  count_change as (
    select c.user_id, c.platform, c.status, sum(c.sign) as orders
    from change c
    group by 1, 2, 3
    having sum(c.sign) <> 0
  )
  insert into public.sales_order_counts as t (user_id, platform, status, stripe, orders)
  select n.user_id, n.platform, n.status,
    coalesce(
      (select f.stripe from public.sales_order_counts f
       where f.user_id = n.user_id and f.platform = n.platform and f.status = n.status
       order by f.stripe limit 1 for update skip locked),
      pg_catalog.pg_backend_pid()),
    n.orders
  from count_change n
  on conflict (user_id, platform, status, stripe) do update set orders = t.orders + excluded.orders;
end;
$$;
comment on function private.add_to_kept_figures is
  'Takes orders from (old) and adds orders to (new) sales_day_totals, product_sales_totals (counted orders) and sales_order_counts (every order), one write per row.';

create function private.count_inserted_sales() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.add_to_kept_figures('{}', array(select n::public.sales_orders from new_orders n));
  return null;
end;
$$;

create function private.count_updated_sales() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Only orders whose figures or count changed: what they were out, what they are in.
  perform private.add_to_kept_figures(
    array(select o::public.sales_orders from old_orders o join new_orders n on n.id = o.id
          where (o.status, o.order_date, o.platform, o.quantity, o.total_amount, o.taxable_value, o.fees,
                 o.returned_quantity, o.profit_after_returns)
             is distinct from (n.status, n.order_date, n.platform, n.quantity, n.total_amount, n.taxable_value, n.fees,
                 n.returned_quantity, n.profit_after_returns)),
    array(select n::public.sales_orders from old_orders o join new_orders n on n.id = o.id
          where (o.status, o.order_date, o.platform, o.quantity, o.total_amount, o.taxable_value, o.fees,
                 o.returned_quantity, o.profit_after_returns)
             is distinct from (n.status, n.order_date, n.platform, n.quantity, n.total_amount, n.taxable_value, n.fees,
                 n.returned_quantity, n.profit_after_returns)));
  return null;
end;
$$;

create function private.count_deleted_sales() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Orders deleted with their user take nothing from figures that go with that user too.
  perform private.add_to_kept_figures(
    array(select o::public.sales_orders from old_orders o where exists (select from auth.users u where u.id = o.user_id)),
    '{}');
  return null;
end;
$$;

create trigger sales_orders_count_inserted
  after insert on public.sales_orders
  referencing new table as new_orders
  for each statement execute function private.count_inserted_sales();
create trigger sales_orders_count_updated
  after update on public.sales_orders
  referencing old table as old_orders new table as new_orders
  for each statement execute function private.count_updated_sales();
create trigger sales_orders_count_deleted
  after delete on public.sales_orders
  referencing old table as old_orders
  for each statement execute function private.count_deleted_sales();

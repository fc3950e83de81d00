-- Sales totals kept as orders change, so that the dashboard reads a few thousand rows however many
-- orders a shop has (a seller with 3,000 orders a day has a million a year):
--   sales_by_day             per day in India and platform: the totals, by platform and over time of
--                            the profit panels, for any period;
--   sales_by_product         per product, all time: Total Revenue and the all-time top products;
--   sales_orders_by_status   every order, whatever its status, per platform and status: how many
--                            orders the Sales Orders list has (unless searched or dated) and how
--                            many are open, without counting a million rows.
-- The first two hold what each order keeps after its returns (rules.kept_sale): a counted order's
-- kept units, revenue and profit after returns; a fully returned order's loss, as no order.
-- Revenue is taxable value (GST is not revenue, issue 31); revenue_including_gst beside it is the
-- same kept revenue with its GST, what the buyers paid. An order whose cost was unknown at sale
-- (issue 33) adds nothing to profit but 1 to orders_without_cost and its kept revenue to
-- revenue_without_cost, so a margin is taken over the revenue whose cost is known.
--
-- Each is a view: folded totals (sales_day_totals, product_sales_totals, sales_order_counts) plus
-- the changes not folded yet (sales_figure_changes, read through pending_sales_figures). Triggers
-- on sales_orders (a sale, cancel, return, import or website order; any later change to an
-- order's amounts too) append what each changed order takes out and puts in, in the transaction of
-- the change itself, so the views always equal a recount (supabase/tests/database/sales_totals.test.sql).
-- A sale thus writes one new row and updates no total: no sale waits for another on a day's row,
-- and keeping the totals costs a sale about what a plain insert costs (issue 27: log_sale keeps its
-- throughput). About one change in 128 also folds its shop's pending changes into the totals, so a
-- shop has a hundred or so pending; a transaction that finds another folding the same shop leaves
-- them to it (it never waits), and the totals are written by one transaction per shop at a time.

create table public.sales_day_totals (
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  platform public.sales_platform not null,
  orders bigint not null,
  units bigint not null,
  revenue numeric not null,
  fees numeric not null,
  profit numeric not null,
  revenue_including_gst numeric not null,
  orders_without_cost bigint not null default 0,
  revenue_without_cost numeric not null default 0,
  primary key (user_id, day, platform)
)
-- Pages left half empty: a fold rewrites a day's row beside the old one (a HOT update), with no
-- index entry to add.
with (fillfactor = 50);
comment on table public.sales_day_totals is
  'Folded counted sales per India day and platform: orders, units, revenue (taxable value), fees, profit, revenue including GST, and the orders whose cost is unknown (left out of profit) with their revenue. Read sales_by_day, which adds the changes not folded yet. Kept by triggers on sales_orders; read-only to users.';

-- No foreign key to products: a fold adds to products other than the one its own sale holds, and
-- the key-share lock each would take could wait on an import or return holding one (a product
-- with orders cannot be deleted, and a shop's rows go with the shop).
create table public.product_sales_totals (
  user_id uuid not null references auth.users (id) on delete cascade,
  product_id uuid not null,
  orders bigint not null,
  units bigint not null,
  revenue numeric not null,
  fees numeric not null,
  profit numeric not null,
  revenue_including_gst numeric not null,
  orders_without_cost bigint not null default 0,
  revenue_without_cost numeric not null default 0,
  primary key (user_id, product_id)
)
-- Half-empty pages and no index on the figures: a fold rewrites a product's row in place (HOT).
-- The dashboard's all-time top products sort a shop's rows instead (20,000 in a few milliseconds,
-- bench/RESULTS.md), a cost paid per visit rather than per sale.
with (fillfactor = 50);
comment on table public.product_sales_totals is
  'Folded counted sales per product, all time: orders, units, revenue (taxable value), fees, profit, revenue including GST, and the orders whose cost is unknown (left out of profit) with their revenue. Read sales_by_product, which adds the changes not folded yet. Kept by triggers on sales_orders; read-only to users.';

create table public.sales_order_counts (
  user_id uuid not null references auth.users (id) on delete cascade,
  platform public.sales_platform not null,
  status public.sales_order_status not null,
  orders bigint not null,
  primary key (user_id, platform, status)
)
with (fillfactor = 50);
comment on table public.sales_order_counts is
  'Folded count of every sales order per platform and status, whatever the status. Read sales_orders_by_status, which adds the changes not folded yet. Kept by triggers on sales_orders; read-only to users.';

-- What one order change takes out (an order's old row, direction -1) or puts in (its new row, +1):
-- the order's own figures, as they were or are; what it keeps of them is worked out when read
-- (pending_sales_figures), so that a sale's trigger only copies them. No foreign keys: a sale
-- writes it, and each key would be one more lookup per sale; a deleted user's rows go with their
-- orders (record_sales_figure_change).
create table public.sales_figure_changes (
  user_id uuid not null,
  id bigint generated always as identity,
  direction integer not null check (direction in (-1, 1)),
  day date not null,
  platform public.sales_platform not null,
  product_id uuid not null,
  status public.sales_order_status not null,
  quantity integer not null,
  returned_quantity integer not null,
  taxable_value numeric not null,
  refunded_taxable_value numeric not null,
  total_amount numeric not null,
  refunded_amount numeric not null,
  fees numeric not null,
  profit_after_returns numeric,
  primary key (user_id, id)
);
comment on table public.sales_figure_changes is
  'Sales order changes not folded into the sales totals yet: per changed order, its old figures taken out (direction -1) or its new ones put in (+1). Written by triggers on sales_orders; read-only to users; read pending_sales_figures for what they add to the totals.';

alter table public.sales_day_totals enable row level security;
alter table public.product_sales_totals enable row level security;
alter table public.sales_order_counts enable row level security;
alter table public.sales_figure_changes enable row level security;
create policy "Owners can read their sales day totals" on public.sales_day_totals
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their product sales totals" on public.product_sales_totals
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their sales order counts" on public.sales_order_counts
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their sales figure changes" on public.sales_figure_changes
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on table public.sales_day_totals, public.product_sales_totals, public.sales_order_counts,
  public.sales_figure_changes from public, anon, authenticated, service_role;
grant select on table public.sales_day_totals, public.product_sales_totals, public.sales_order_counts,
  public.sales_figure_changes to authenticated;
revoke all on sequence public.sales_figure_changes_id_seq from public, anon, authenticated, service_role;

-- What each pending change adds to the totals: what the order keeps after its returns, one rule
-- (rules.kept_sale, 02_rules.sql) for every reader; its revenue without GST (the taxable value)
-- and with it; signed by its direction. Worked out here, for the few pending rows a reader or a
-- fold reads, rather than by every sale.
create view public.pending_sales_figures with (security_invoker = true) as
  select c.user_id, c.id, c.day, c.platform, c.product_id, c.status, c.direction as status_orders,
    c.direction * k.orders as orders, c.direction * k.units as units, c.direction * k.revenue as revenue,
    c.direction * k.fees as fees, c.direction * coalesce(k.profit, 0) as profit,
    c.direction * g.revenue as revenue_including_gst, c.direction * k.orders_without_cost as orders_without_cost,
    c.direction * k.revenue_without_cost as revenue_without_cost
  from public.sales_figure_changes c
  cross join lateral rules.kept_sale(c.status, c.quantity, c.returned_quantity, c.taxable_value,
    c.refunded_taxable_value, c.fees, c.profit_after_returns) k
  cross join lateral rules.kept_sale(c.status, c.quantity, c.returned_quantity, c.total_amount, c.refunded_amount,
    c.fees, c.profit_after_returns) g;
comment on view public.pending_sales_figures is
  'What each sales order change not folded yet adds to the sales totals: +1 or -1 order of its status (status_orders), and its kept orders, units, revenue, fees, profit, revenue including GST and orders of unknown cost with their revenue, signed.';

-- The views every reader uses: a key's folded row beside its pending changes, for the reader to
-- sum (security invoker: each table's row-level security applies). sales_by_product sums per
-- product already, as its readers rank products.
create view public.sales_by_day with (security_invoker = true) as
  select t.user_id, t.day, t.platform, t.orders, t.units, t.revenue, t.fees, t.profit, t.revenue_including_gst,
    t.orders_without_cost, t.revenue_without_cost
  from public.sales_day_totals t
  union all
  select c.user_id, c.day, c.platform, c.orders, c.units, c.revenue, c.fees, c.profit, c.revenue_including_gst,
    c.orders_without_cost, c.revenue_without_cost
  from public.pending_sales_figures c;
comment on view public.sales_by_day is
  'Counted sales per India day and platform, in several rows per day and platform (sum them): the folded totals and the changes not folded yet.';

create view public.sales_by_product with (security_invoker = true) as
  select coalesce(t.user_id, c.user_id) as user_id, coalesce(t.product_id, c.product_id) as product_id,
    coalesce(t.orders, 0) + coalesce(c.orders, 0) as orders, coalesce(t.units, 0) + coalesce(c.units, 0) as units,
    coalesce(t.revenue, 0) + coalesce(c.revenue, 0) as revenue, coalesce(t.fees, 0) + coalesce(c.fees, 0) as fees,
    coalesce(t.profit, 0) + coalesce(c.profit, 0) as profit,
    coalesce(t.revenue_including_gst, 0) + coalesce(c.revenue_including_gst, 0) as revenue_including_gst,
    coalesce(t.orders_without_cost, 0) + coalesce(c.orders_without_cost, 0) as orders_without_cost,
    coalesce(t.revenue_without_cost, 0) + coalesce(c.revenue_without_cost, 0) as revenue_without_cost
  from public.product_sales_totals t
  -- Joined, not summed with them: a shop's thousands of product rows are read once, and only the
  -- few with pending changes add to theirs.
  full join (
    select p.user_id, p.product_id, sum(p.orders) as orders, sum(p.units) as units, sum(p.revenue) as revenue,
      sum(p.fees) as fees, sum(p.profit) as profit, sum(p.revenue_including_gst) as revenue_including_gst,
      sum(p.orders_without_cost) as orders_without_cost, sum(p.revenue_without_cost) as revenue_without_cost
    from public.pending_sales_figures p
    group by p.user_id, p.product_id
  ) c on c.user_id = t.user_id and c.product_id = t.product_id;
comment on view public.sales_by_product is
  'Counted sales per product, all time, one row per product: the folded totals plus the changes not folded yet.';

create view public.sales_orders_by_status with (security_invoker = true) as
  select t.user_id, t.platform, t.status, t.orders from public.sales_order_counts t
  union all
  select c.user_id, c.platform, c.status, c.direction from public.sales_figure_changes c;
comment on view public.sales_orders_by_status is
  'Every sales order per platform and status, in several rows per platform and status (sum them): the folded counts and the changes not folded yet.';

revoke all on table public.pending_sales_figures, public.sales_by_day, public.sales_by_product,
  public.sales_orders_by_status from public, anon, authenticated, service_role;
-- Writes reach only private.refuse_view_write (00_setup.sql): 405.
grant select, insert, update, delete on table public.pending_sales_figures, public.sales_by_day,
  public.sales_by_product, public.sales_orders_by_status to authenticated;
create trigger pending_sales_figures_refuse_write_rows instead of insert or update or delete on public.pending_sales_figures
  for each row execute function private.refuse_view_write();
create trigger pending_sales_figures_refuse_write before insert or update or delete on public.pending_sales_figures
  for each statement execute function private.refuse_view_write();
create trigger sales_by_day_refuse_write_rows instead of insert or update or delete on public.sales_by_day
  for each row execute function private.refuse_view_write();
create trigger sales_by_day_refuse_write before insert or update or delete on public.sales_by_day
  for each statement execute function private.refuse_view_write();
create trigger sales_by_product_refuse_write_rows instead of insert or update or delete on public.sales_by_product
  for each row execute function private.refuse_view_write();
create trigger sales_by_product_refuse_write before insert or update or delete on public.sales_by_product
  for each statement execute function private.refuse_view_write();
create trigger sales_orders_by_status_refuse_write_rows instead of insert or update or delete on public.sales_orders_by_status
  for each row execute function private.refuse_view_write();
create trigger sales_orders_by_status_refuse_write before insert or update or delete on public.sales_orders_by_status
  for each statement execute function private.refuse_view_write();

-- Folds the shops' pending changes into the totals: summed per row first, so some dozens of
-- changes are one write per day, product and count, and a row whose changes net to nothing (an
-- order fulfilled: both statuses count) is not written. One transaction per shop at a time (an
-- advisory lock it only tries: a fold never waits); product rows in key order.
create function private.fold_sales_figure_changes(user_ids uuid[])
returns void
language plpgsql
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  v_user uuid;
begin
  foreach v_user in array fold_sales_figure_changes.user_ids loop
    continue when not pg_catalog.pg_try_advisory_xact_lock(
      pg_catalog.hashtextextended('sales_figure_changes:' || v_user::text, 0));
    -- The figures of the changes it deletes, as they stood before the delete.
    with deleted as (
      delete from public.sales_figure_changes c where c.user_id = v_user
      returning c.id
    ),
    moved as (
      select f.* from public.pending_sales_figures f join deleted d on d.id = f.id where f.user_id = v_user
    ),
    days as (
      insert into public.sales_day_totals as t
        (user_id, day, platform, orders, units, revenue, fees, profit, revenue_including_gst,
         orders_without_cost, revenue_without_cost)
      select v_user, m.day, m.platform, sum(m.orders), sum(m.units), sum(m.revenue), sum(m.fees), sum(m.profit),
        sum(m.revenue_including_gst), sum(m.orders_without_cost), sum(m.revenue_without_cost)
      from moved m
      group by m.day, m.platform
      having (sum(m.orders), sum(m.units), sum(m.revenue), sum(m.fees), sum(m.profit), sum(m.revenue_including_gst),
        sum(m.orders_without_cost), sum(m.revenue_without_cost)) <> (0, 0, 0, 0, 0, 0, 0, 0)
      on conflict (user_id, day, platform) do update
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
      select v_user, m.product_id, sum(m.orders), sum(m.units), sum(m.revenue), sum(m.fees), sum(m.profit),
        sum(m.revenue_including_gst), sum(m.orders_without_cost), sum(m.revenue_without_cost)
      from moved m
      group by m.product_id
      having (sum(m.orders), sum(m.units), sum(m.revenue), sum(m.fees), sum(m.profit), sum(m.revenue_including_gst),
        sum(m.orders_without_cost), sum(m.revenue_without_cost)) <> (0, 0, 0, 0, 0, 0, 0, 0)
      order by m.product_id
      on conflict (user_id, product_id) do update
      set orders = t.orders + excluded.orders, units = t.units + excluded.units, revenue = t.revenue + excluded.revenue,
        fees = t.fees + excluded.fees, profit = t.profit + excluded.profit,
        revenue_including_gst = t.revenue_including_gst + excluded.revenue_including_gst,
        orders_without_cost = t.orders_without_cost + excluded.orders_without_cost,
        revenue_without_cost = t.revenue_without_cost + excluded.revenue_without_cost
    )
    insert into public.sales_order_counts as t (user_id, platform, status, orders)
    select v_user, m.platform, m.status, sum(m.status_orders)
    from moved m
    group by m.platform, m.status
    having sum(m.status_orders) <> 0
    on conflict (user_id, platform, status) do update set orders = t.orders + excluded.orders;
  end loop;
end;
$$;
comment on function private.fold_sales_figure_changes is
  'Moves the given shops'' pending sales_figure_changes into sales_day_totals, product_sales_totals and sales_order_counts, one write per row; skips a shop another transaction is folding.';

-- New orders, per statement: one insert copies a sale's order, or an import's thousands, into the
-- pending changes; then, if a change is numbered a multiple of 128 (about one in 128, whoever
-- writes it), the shop's changes are folded. A sale costs about what the row trigger below costs
-- it (about 0.04 ms, pg_stat_user_functions); an import's 2,500 lines 13% less (issue 27).
create function private.record_inserted_sales() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_fold uuid[];
begin
  with recorded as (
    insert into public.sales_figure_changes
      (user_id, direction, day, platform, product_id, status, quantity, returned_quantity, taxable_value,
       refunded_taxable_value, total_amount, refunded_amount, fees, profit_after_returns)
    select n.user_id, 1, rules.india_day(n.order_date), n.platform, n.product_id, n.status,
      n.quantity, n.returned_quantity, n.taxable_value, n.refunded_taxable_value, n.total_amount, n.refunded_amount,
      n.fees, n.profit_after_returns
    from new_orders n
    returning user_id, id
  )
  select array_agg(distinct r.user_id) filter (where r.id % 128 = 0) into v_fold from recorded r;
  if v_fold is not null then
    perform private.fold_sales_figure_changes(v_fold);
  end if;
  return null;
end;
$$;
comment on function private.record_inserted_sales is
  'Statement trigger on sales_orders inserts: appends the new orders to sales_figure_changes; folds their shops'' pending changes about once in 128 changes.';

-- Changed orders, per statement: what each order whose figures or count changed takes out (its old
-- row, -1) and puts in (its new row, +1), in one insert; then, as for new orders, a fold about
-- once in 128 changes. Per statement, so a backfill of 8,000 orders (set_item_tax) appends its
-- changes at once and folds once, where a row trigger folded every 64 orders (issue 44).
create function private.record_updated_sales() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_fold uuid[];
begin
  with changed as (
    select o.id
    from old_orders o
    join new_orders n on n.id = o.id
    where (o.status, o.order_date, o.platform, o.product_id, o.quantity, o.total_amount, o.taxable_value, o.fees,
        o.returned_quantity, o.profit_after_returns)
      is distinct from (n.status, n.order_date, n.platform, n.product_id, n.quantity, n.total_amount, n.taxable_value,
        n.fees, n.returned_quantity, n.profit_after_returns)
  ),
  moved as (
    select -1 as direction, o.* from old_orders o where o.id in (select c.id from changed c)
    union all
    select 1, n.* from new_orders n where n.id in (select c.id from changed c)
  ),
  recorded as (
    insert into public.sales_figure_changes
      (user_id, direction, day, platform, product_id, status, quantity, returned_quantity, taxable_value,
       refunded_taxable_value, total_amount, refunded_amount, fees, profit_after_returns)
    select m.user_id, m.direction, rules.india_day(m.order_date), m.platform, m.product_id, m.status,
      m.quantity, m.returned_quantity, m.taxable_value, m.refunded_taxable_value, m.total_amount, m.refunded_amount,
      m.fees, m.profit_after_returns
    from moved m
    returning user_id, id
  )
  select array_agg(distinct r.user_id) filter (where r.id % 128 = 0) into v_fold from recorded r;
  if v_fold is not null then
    perform private.fold_sales_figure_changes(v_fold);
  end if;
  return null;
end;
$$;
comment on function private.record_updated_sales is
  'Statement trigger on sales_orders updates: appends to sales_figure_changes what each order whose figures changed takes out and puts in; folds their shops'' pending changes about once in 128 changes.';

-- A deleted order, per row: what it takes out (its old row, -1), its figures copied; then, if the
-- change is numbered a multiple of 128, its shop's changes are folded.
create function private.record_sales_figure_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id bigint;
begin
  -- Orders deleted with their user take nothing from figures that go with that user too, and
  -- their pending changes go with them.
  if not exists (select from auth.users u where u.id = old.user_id) then
    delete from public.sales_figure_changes c where c.user_id = old.user_id;
    return null;
  end if;
  insert into public.sales_figure_changes
    (user_id, direction, day, platform, product_id, status, quantity, returned_quantity, taxable_value,
     refunded_taxable_value, total_amount, refunded_amount, fees, profit_after_returns)
  values (old.user_id, -1, rules.india_day(old.order_date), old.platform,
    old.product_id, old.status, old.quantity, old.returned_quantity, old.taxable_value,
    old.refunded_taxable_value, old.total_amount, old.refunded_amount, old.fees,
    old.profit_after_returns)
  returning id into v_id;
  if v_id % 128 = 0 then
    perform private.fold_sales_figure_changes(array[old.user_id]);
  end if;
  return null;
end;
$$;
comment on function private.record_sales_figure_change is
  'Row trigger on sales_orders deletes: appends to sales_figure_changes what the deleted order takes out of the sales totals; folds its shop''s pending changes about once in 128 changes.';

create trigger sales_orders_count_inserted
  after insert on public.sales_orders
  referencing new table as new_orders
  for each statement execute function private.record_inserted_sales();
create trigger sales_orders_count_updated
  after update on public.sales_orders
  referencing old table as old_orders new table as new_orders
  for each statement execute function private.record_updated_sales();
create trigger sales_orders_count_deleted
  after delete on public.sales_orders
  for each row execute function private.record_sales_figure_change();

-- Sales totals kept as orders change, so that the dashboard reads a few thousand rows however many
-- orders a shop has (a seller with 3,000 orders a day has a million a year):
--   sales_by_day             per day in India and platform: the totals, by platform and over time of
--                            the profit panels, for any period;
--   sales_by_product         per product, all time: Total Revenue and the all-time top products;
--   product_period_sales     per product, over each dated dashboard period (this month, the last 30
--                            days, this financial year): the periods' top products;
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
-- A statement of 128 changes or more (an import, a bulk fulfil, a tax backfill) adds them to the
-- totals itself rather than appending rows for a fold to delete, which left dead rows behind for
-- every reader to scan until vacuum.

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
-- Half-empty pages: a fold's new version of a product's row stays on its page.
with (fillfactor = 50);
comment on table public.product_sales_totals is
  'Folded counted sales per product, all time: orders, units, revenue (taxable value), fees, profit, revenue including GST, and the orders whose cost is unknown (left out of profit) with their revenue. Read sales_by_product, which adds the changes not folded yet. Kept by triggers on sales_orders; read-only to users.';
-- The dashboard's top products read a shop's best few by revenue and by profit from these, rather
-- than sorting every product it has sold on each visit (20,000 products: about 20 ms a sort, issue
-- 44). Their price is paid by the fold, about once in 128 sales: a product's changed row is no
-- longer rewritten in place (HOT) but indexed again.
create index product_sales_totals_by_revenue on public.product_sales_totals (user_id, revenue desc);
create index product_sales_totals_by_profit on public.product_sales_totals (user_id, profit desc);

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

-- The dated dashboard periods' sales per product (issue 44): a month's top products summed from
-- its orders read 75,000 orders at 2,500 a day, about 500 ms. What the periods' top products
-- count: the counted orders only (rules.counted_sale_statuses; a fully returned order's loss is in
-- all time's product figures, not a period's). Per product and India day, so that a period can be
-- moved on by the days it gains or loses; and per product and period, for each period as it stood
-- on the day of product_period_starts (private.roll_product_periods moves it to today's), so that
-- a period's top products sort one row per product, as all time's do.
create table public.product_day_totals (
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  product_id uuid not null,
  orders bigint not null,
  units bigint not null,
  revenue numeric not null,
  profit numeric not null,
  revenue_including_gst numeric not null,
  orders_without_cost bigint not null,
  revenue_without_cost numeric not null,
  primary key (user_id, day, product_id)
)
with (fillfactor = 50);
comment on table public.product_day_totals is
  'Folded counted sales per product and India day: orders, units, revenue (taxable value), profit, revenue including GST, and the orders of unknown cost with their revenue. What public.product_period_totals are moved by; kept by triggers on sales_orders; read-only to users.';

create table public.product_period_starts (
  user_id uuid not null references auth.users (id) on delete cascade,
  period text not null,
  from_day date not null,
  primary key (user_id, period)
);
comment on table public.product_period_starts is
  'The first day each dated dashboard period (rules.dated_dashboard_periods) of product_period_totals had when its rows were last moved on. Kept by triggers on sales_orders; read-only to users.';

create table public.product_period_totals (
  user_id uuid not null references auth.users (id) on delete cascade,
  period text not null,
  product_id uuid not null,
  orders bigint not null,
  units bigint not null,
  revenue numeric not null,
  profit numeric not null,
  revenue_including_gst numeric not null,
  orders_without_cost bigint not null,
  revenue_without_cost numeric not null,
  primary key (user_id, period, product_id)
)
-- As product_sales_totals: half-empty pages, and a period's best few read by index.
with (fillfactor = 50);
comment on table public.product_period_totals is
  'Folded counted sales per product over a dated dashboard period from its product_period_starts day on: the sum of product_day_totals from that day. Read product_period_sales, which moves it to today''s period and adds the changes not folded yet. Kept by triggers on sales_orders; read-only to users.';
create index product_period_totals_by_revenue on public.product_period_totals (user_id, period, revenue desc);
create index product_period_totals_by_profit on public.product_period_totals (user_id, period, profit desc);

alter table public.sales_day_totals enable row level security;
alter table public.product_sales_totals enable row level security;
alter table public.sales_order_counts enable row level security;
alter table public.sales_figure_changes enable row level security;
alter table public.product_day_totals enable row level security;
alter table public.product_period_starts enable row level security;
alter table public.product_period_totals enable row level security;
create policy "Owners can read their sales day totals" on public.sales_day_totals
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their product sales totals" on public.product_sales_totals
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their sales order counts" on public.sales_order_counts
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their sales figure changes" on public.sales_figure_changes
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their product day totals" on public.product_day_totals
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their product period starts" on public.product_period_starts
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their product period totals" on public.product_period_totals
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on table public.sales_day_totals, public.product_sales_totals, public.sales_order_counts,
  public.sales_figure_changes, public.product_day_totals, public.product_period_starts, public.product_period_totals
  from public, anon, authenticated, service_role;
grant select on table public.sales_day_totals, public.product_sales_totals, public.sales_order_counts,
  public.sales_figure_changes, public.product_day_totals, public.product_period_starts, public.product_period_totals
  to authenticated;
revoke all on sequence public.sales_figure_changes_id_seq from public, anon, authenticated, service_role;

-- What one order change adds to the totals: what the order keeps after its returns, one rule
-- (rules.kept_sale, 02_rules.sql) for every reader; its revenue without GST (the taxable value)
-- and with it; signed by its direction. Worked out when read, for the few pending rows a reader or a
-- fold reads, rather than by every sale; and by a statement that changes many orders at once, which
-- adds them to the totals itself (private.add_sales_figures).
create function rules.sales_change_figures(
  direction integer,
  status public.sales_order_status,
  quantity integer,
  returned_quantity integer,
  taxable_value numeric,
  refunded_taxable_value numeric,
  total_amount numeric,
  refunded_amount numeric,
  recorded_fees numeric,
  profit_after_returns numeric,
  out orders integer,
  out units integer,
  out revenue numeric,
  out fees numeric,
  out profit numeric,
  out revenue_including_gst numeric,
  out orders_without_cost integer,
  out revenue_without_cost numeric
)
-- PL/pgSQL for the same reason as rules.kept_sale.
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_net record := rules.kept_sale(sales_change_figures.status, sales_change_figures.quantity,
    sales_change_figures.returned_quantity, sales_change_figures.taxable_value,
    sales_change_figures.refunded_taxable_value, sales_change_figures.recorded_fees,
    sales_change_figures.profit_after_returns);
  v_gross record := rules.kept_sale(sales_change_figures.status, sales_change_figures.quantity,
    sales_change_figures.returned_quantity, sales_change_figures.total_amount, sales_change_figures.refunded_amount,
    sales_change_figures.recorded_fees, sales_change_figures.profit_after_returns);
begin
  orders := direction * v_net.orders;
  units := direction * v_net.units;
  revenue := direction * v_net.revenue;
  fees := direction * v_net.fees;
  profit := direction * coalesce(v_net.profit, 0);
  revenue_including_gst := direction * v_gross.revenue;
  orders_without_cost := direction * v_net.orders_without_cost;
  revenue_without_cost := direction * v_net.revenue_without_cost;
end;
$$;
comment on function rules.sales_change_figures is
  'What one sales order change adds to the sales totals, signed by its direction (+1 its new figures in, -1 its old ones out): kept orders, units, revenue (taxable value), fees, profit (0 when unknown), revenue including GST, and the orders and revenue without a known cost (rules.kept_sale).';
revoke all on function rules.sales_change_figures from public, anon, authenticated, service_role;
grant execute on function rules.sales_change_figures to authenticated, service_role;

create view public.pending_sales_figures with (security_invoker = true) as
  select c.user_id, c.id, c.day, c.platform, c.product_id, c.status, c.direction as status_orders, f.orders, f.units,
    f.revenue, f.fees, f.profit, f.revenue_including_gst, f.orders_without_cost, f.revenue_without_cost
  from public.sales_figure_changes c
  cross join lateral rules.sales_change_figures(c.direction, c.status, c.quantity, c.returned_quantity,
    c.taxable_value, c.refunded_taxable_value, c.total_amount, c.refunded_amount, c.fees, c.profit_after_returns) f;
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

-- Sales per product over each dashboard period (rules.dashboard_period on today's India day), in
-- several rows per product (sum them): its folded row (adjusted false) and the rows that adjust it
-- (adjusted true), so that a reader ranks the folded rows and sums only the few products adjusted.
-- Every branch gives each column the union's own type (the pending changes' counts cast to bigint),
-- so that Postgres reads the view as one list of tables: a reader's "best five by revenue" then
-- reads the indexes of the folded rows instead of sorting every product (issue 44).
-- All time: product_sales_totals and every pending change. A dated period: product_period_totals,
-- the days between its kept first day and today's (taken out when the period has moved on since,
-- added when it had moved further: a transaction begun before midnight), and the pending changes
-- of counted orders on its days.
create view public.product_period_sales with (security_invoker = true) as
  select t.user_id, 'all_time'::text as period, t.product_id, false as adjusted, t.orders, t.units, t.revenue,
    t.profit, t.revenue_including_gst, t.orders_without_cost, t.revenue_without_cost
  from public.product_sales_totals t
  union all
  select c.user_id, 'all_time', c.product_id, true, c.orders::bigint, c.units::bigint, c.revenue, c.profit,
    c.revenue_including_gst, c.orders_without_cost::bigint, c.revenue_without_cost
  from public.pending_sales_figures c
  union all
  select t.user_id, t.period, t.product_id, false, t.orders, t.units, t.revenue, t.profit, t.revenue_including_gst,
    t.orders_without_cost, t.revenue_without_cost
  from public.product_period_totals t
  union all
  select d.user_id, s.period, d.product_id, true, m.sign * d.orders, m.sign * d.units, m.sign * d.revenue,
    m.sign * d.profit, m.sign * d.revenue_including_gst, m.sign * d.orders_without_cost,
    m.sign * d.revenue_without_cost
  from public.product_period_starts s
  cross join lateral rules.dashboard_period(s.period, rules.india_day(now())) p
  cross join lateral (select case when s.from_day < p.from_day then -1 else 1 end as sign) m
  join public.product_day_totals d on d.user_id = s.user_id
    and d.day >= least(s.from_day, p.from_day) and d.day < greatest(s.from_day, p.from_day)
  union all
  select c.user_id, r.period, c.product_id, true, c.orders::bigint, c.units::bigint, c.revenue, c.profit,
    c.revenue_including_gst, c.orders_without_cost::bigint, c.revenue_without_cost
  from public.pending_sales_figures c
  cross join unnest(rules.dated_dashboard_periods()) r (period)
  where c.status = any (rules.counted_sale_statuses())
    and c.day >= (rules.dashboard_period(r.period, rules.india_day(now()))).from_day;
comment on view public.product_period_sales is
  'Counted sales per product over each dashboard period (this_month, last_30_days, this_financial_year, all_time), in several rows per product (sum them): the folded row (adjusted false) and the rows adjusting it (adjusted true). A dated period counts the counted orders only; all time also a fully returned order''s loss.';

revoke all on table public.pending_sales_figures, public.sales_by_day, public.sales_by_product,
  public.sales_orders_by_status, public.product_period_sales from public, anon, authenticated, service_role;
-- Writes reach only private.refuse_view_write (00_setup.sql): 405.
grant select, insert, update, delete on table public.pending_sales_figures, public.sales_by_day,
  public.sales_by_product, public.sales_orders_by_status, public.product_period_sales to authenticated;
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
create trigger product_period_sales_refuse_write_rows instead of insert or update or delete on public.product_period_sales
  for each row execute function private.refuse_view_write();
create trigger product_period_sales_refuse_write before insert or update or delete on public.product_period_sales
  for each statement execute function private.refuse_view_write();

-- Figures on their way into the totals: a pending change's (pending_sales_figures) or, from a
-- statement that changes many orders, an order's own (rules.sales_change_figures).
create type private.sales_figure as (
  day date,
  platform public.sales_platform,
  product_id uuid,
  status public.sales_order_status,
  status_orders integer,
  orders integer,
  units integer,
  revenue numeric,
  fees numeric,
  profit numeric,
  revenue_including_gst numeric,
  orders_without_cost integer,
  revenue_without_cost numeric
);
comment on type private.sales_figure is
  'What one order change adds to a shop''s sales totals (private.add_sales_figures): its day, platform, product, status and status_orders (+1 or -1), and its signed figures.';

-- Moves one shop's product_period_totals to today's periods (rules.dashboard_period), once a day
-- at most, in the first fold of the day: a period that has moved on loses the days it no longer
-- holds, or, when it holds fewer days than it lost (a new month or financial year), is summed again
-- from its days; a shop's first fold starts each period. The caller holds the shop's fold lock.
create function private.roll_product_periods(owner_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_today date := rules.india_day(now());
  v_period text;
  v_from date;
  v_kept_from date;
begin
  foreach v_period in array rules.dated_dashboard_periods() loop
    v_from := (rules.dashboard_period(v_period, v_today)).from_day;
    select s.from_day into v_kept_from
    from public.product_period_starts s where s.user_id = roll_product_periods.owner_id and s.period = v_period;
    -- a period kept further on already (its fold's transaction began later) stays
    continue when v_kept_from >= v_from;
    if v_kept_from is not null and v_from - v_kept_from <= v_today - v_from then
      insert into public.product_period_totals as t
        (user_id, period, product_id, orders, units, revenue, profit, revenue_including_gst, orders_without_cost,
         revenue_without_cost)
      select roll_product_periods.owner_id, v_period, d.product_id, -sum(d.orders), -sum(d.units), -sum(d.revenue),
        -sum(d.profit), -sum(d.revenue_including_gst), -sum(d.orders_without_cost), -sum(d.revenue_without_cost)
      from public.product_day_totals d
      where d.user_id = roll_product_periods.owner_id and d.day >= v_kept_from and d.day < v_from
      group by d.product_id
      order by d.product_id
      on conflict (user_id, period, product_id) do update
      set orders = t.orders + excluded.orders, units = t.units + excluded.units, revenue = t.revenue + excluded.revenue,
        profit = t.profit + excluded.profit, revenue_including_gst = t.revenue_including_gst + excluded.revenue_including_gst,
        orders_without_cost = t.orders_without_cost + excluded.orders_without_cost,
        revenue_without_cost = t.revenue_without_cost + excluded.revenue_without_cost;
    else
      delete from public.product_period_totals t
      where t.user_id = roll_product_periods.owner_id and t.period = v_period;
      insert into public.product_period_totals
        (user_id, period, product_id, orders, units, revenue, profit, revenue_including_gst, orders_without_cost,
         revenue_without_cost)
      select roll_product_periods.owner_id, v_period, d.product_id, sum(d.orders), sum(d.units), sum(d.revenue),
        sum(d.profit), sum(d.revenue_including_gst), sum(d.orders_without_cost), sum(d.revenue_without_cost)
      from public.product_day_totals d
      where d.user_id = roll_product_periods.owner_id and d.day >= v_from
      group by d.product_id
      order by d.product_id;
    end if;
    insert into public.product_period_starts as s (user_id, period, from_day)
    values (roll_product_periods.owner_id, v_period, v_from)
    on conflict (user_id, period) do update set from_day = excluded.from_day;
  end loop;
end;
$$;
comment on function private.roll_product_periods is
  'Moves one shop''s product_period_totals and product_period_starts to today''s dated dashboard periods: takes out the days a period no longer holds, or sums it again from product_day_totals when that reads fewer days; starts the periods on the shop''s first fold. The caller holds the shop''s fold lock.';

-- Adds one shop's figures to its totals: summed per row first, so many changes are one write per
-- day, product and count, and a row whose changes net to nothing (an order fulfilled: both statuses
-- count) is not written; rows in key order, so two writers lock them alike. The caller holds the
-- shop's fold lock (private.try_sales_fold_lock).
create function private.add_sales_figures(owner_id uuid, figures private.sales_figure[])
returns void
language plpgsql
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
begin
  perform private.roll_product_periods(add_sales_figures.owner_id);
  with moved as (
    select * from unnest(add_sales_figures.figures)
  ),
  days as (
    insert into public.sales_day_totals as t
      (user_id, day, platform, orders, units, revenue, fees, profit, revenue_including_gst,
       orders_without_cost, revenue_without_cost)
    select add_sales_figures.owner_id, m.day, m.platform, sum(m.orders), sum(m.units), sum(m.revenue), sum(m.fees),
      sum(m.profit), sum(m.revenue_including_gst), sum(m.orders_without_cost), sum(m.revenue_without_cost)
    from moved m
    group by m.day, m.platform
    having (sum(m.orders), sum(m.units), sum(m.revenue), sum(m.fees), sum(m.profit), sum(m.revenue_including_gst),
      sum(m.orders_without_cost), sum(m.revenue_without_cost)) <> (0, 0, 0, 0, 0, 0, 0, 0)
    order by m.day, m.platform
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
    select add_sales_figures.owner_id, m.product_id, sum(m.orders), sum(m.units), sum(m.revenue), sum(m.fees),
      sum(m.profit), sum(m.revenue_including_gst), sum(m.orders_without_cost), sum(m.revenue_without_cost)
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
  ),
  -- The dated periods' top products count the counted orders only (product_day_totals).
  product_days as (
    insert into public.product_day_totals as t
      (user_id, day, product_id, orders, units, revenue, profit, revenue_including_gst, orders_without_cost,
       revenue_without_cost)
    select add_sales_figures.owner_id, m.day, m.product_id, sum(m.orders), sum(m.units), sum(m.revenue),
      sum(m.profit), sum(m.revenue_including_gst), sum(m.orders_without_cost), sum(m.revenue_without_cost)
    from moved m
    where m.status = any (rules.counted_sale_statuses())
    group by m.day, m.product_id
    having (sum(m.orders), sum(m.units), sum(m.revenue), sum(m.profit), sum(m.revenue_including_gst),
      sum(m.orders_without_cost), sum(m.revenue_without_cost)) <> (0, 0, 0, 0, 0, 0, 0)
    order by m.day, m.product_id
    on conflict (user_id, day, product_id) do update
    set orders = t.orders + excluded.orders, units = t.units + excluded.units, revenue = t.revenue + excluded.revenue,
      profit = t.profit + excluded.profit, revenue_including_gst = t.revenue_including_gst + excluded.revenue_including_gst,
      orders_without_cost = t.orders_without_cost + excluded.orders_without_cost,
      revenue_without_cost = t.revenue_without_cost + excluded.revenue_without_cost
  ),
  product_periods as (
    insert into public.product_period_totals as t
      (user_id, period, product_id, orders, units, revenue, profit, revenue_including_gst, orders_without_cost,
       revenue_without_cost)
    select add_sales_figures.owner_id, s.period, m.product_id, sum(m.orders), sum(m.units), sum(m.revenue),
      sum(m.profit), sum(m.revenue_including_gst), sum(m.orders_without_cost), sum(m.revenue_without_cost)
    from moved m
    join public.product_period_starts s on s.user_id = add_sales_figures.owner_id and m.day >= s.from_day
    where m.status = any (rules.counted_sale_statuses())
    group by s.period, m.product_id
    having (sum(m.orders), sum(m.units), sum(m.revenue), sum(m.profit), sum(m.revenue_including_gst),
      sum(m.orders_without_cost), sum(m.revenue_without_cost)) <> (0, 0, 0, 0, 0, 0, 0)
    order by s.period, m.product_id
    on conflict (user_id, period, product_id) do update
    set orders = t.orders + excluded.orders, units = t.units + excluded.units, revenue = t.revenue + excluded.revenue,
      profit = t.profit + excluded.profit, revenue_including_gst = t.revenue_including_gst + excluded.revenue_including_gst,
      orders_without_cost = t.orders_without_cost + excluded.orders_without_cost,
      revenue_without_cost = t.revenue_without_cost + excluded.revenue_without_cost
  )
  insert into public.sales_order_counts as t (user_id, platform, status, orders)
  select add_sales_figures.owner_id, m.platform, m.status, sum(m.status_orders)
  from moved m
  group by m.platform, m.status
  having sum(m.status_orders) <> 0
  order by m.platform, m.status
  on conflict (user_id, platform, status) do update set orders = t.orders + excluded.orders;
end;
$$;
comment on function private.add_sales_figures is
  'Adds one shop''s figures (private.sales_figure) to sales_day_totals, product_sales_totals, sales_order_counts, and, those of counted orders, to product_day_totals and product_period_totals (moved to today''s periods first, private.roll_product_periods), summed per row first; rows netting to nothing are not written. The caller holds the shop''s fold lock.';

-- Keeps one shop's totals to one writer at a time, without waiting: a writer that cannot take it
-- leaves its changes pending for the next fold. Never waiting, it cannot close a cycle of waits
-- with the row locks a transaction holds.
create function private.try_sales_fold_lock(owner_id uuid) returns boolean
language sql
set search_path = ''
as $$
  select pg_catalog.pg_try_advisory_xact_lock(
    pg_catalog.hashtextextended('sales_figure_changes:' || try_sales_fold_lock.owner_id::text, 0))
$$;
comment on function private.try_sales_fold_lock is
  'Tries the shop''s sales totals lock for the transaction: false when another transaction holds it.';

-- Folds the shops' pending changes into the totals (private.add_sales_figures), each shop's in one
-- transaction at a time.
create function private.fold_sales_figure_changes(user_ids uuid[])
returns void
language plpgsql
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  v_user uuid;
  v_figures private.sales_figure[];
begin
  foreach v_user in array fold_sales_figure_changes.user_ids loop
    continue when not private.try_sales_fold_lock(v_user);
    -- The figures of the changes it deletes, as they stood before the delete.
    with deleted as (
      delete from public.sales_figure_changes c where c.user_id = v_user
      returning c.id
    )
    select array_agg(row(f.day, f.platform, f.product_id, f.status, f.status_orders, f.orders, f.units, f.revenue,
      f.fees, f.profit, f.revenue_including_gst, f.orders_without_cost, f.revenue_without_cost)::private.sales_figure)
    into v_figures
    from public.pending_sales_figures f join deleted d on d.id = f.id
    where f.user_id = v_user;
    if v_figures is not null then
      perform private.add_sales_figures(v_user, v_figures);
    end if;
  end loop;
end;
$$;
comment on function private.fold_sales_figure_changes is
  'Moves the given shops'' pending sales_figure_changes into sales_day_totals, product_sales_totals and sales_order_counts (private.add_sales_figures); skips a shop whose totals another transaction is writing.';

-- A statement that changes many orders adds their figures to the totals itself, in the statement,
-- instead of appending as many changes for a fold to delete: the deleted rows stayed in the table
-- and its index until vacuum, and every dashboard read scanned them (after a 50,000-line import,
-- 5 ms became about 480 ms, issue 44). With 128 changes or more, the statement would fold anyway.
-- Answers the changes of the shops whose totals another transaction is writing, to be appended.
create function private.add_statement_sales_figures(changes public.sales_figure_changes[])
returns public.sales_figure_changes[]
language plpgsql
set search_path = ''
as $$
declare
  v_user uuid;
  v_locked uuid[] := '{}'::uuid[];
begin
  for v_user in select distinct c.user_id from unnest(add_statement_sales_figures.changes) c order by 1 loop
    continue when not private.try_sales_fold_lock(v_user);
    v_locked := v_locked || v_user;
    perform private.add_sales_figures(v_user, array(
      select row(c.day, c.platform, c.product_id, c.status, c.direction, f.orders, f.units, f.revenue, f.fees,
        f.profit, f.revenue_including_gst, f.orders_without_cost, f.revenue_without_cost)::private.sales_figure
      from unnest(add_statement_sales_figures.changes) c
      cross join lateral rules.sales_change_figures(c.direction, c.status, c.quantity, c.returned_quantity,
        c.taxable_value, c.refunded_taxable_value, c.total_amount, c.refunded_amount, c.fees,
        c.profit_after_returns) f
      where c.user_id = v_user));
  end loop;
  return array(select c from unnest(add_statement_sales_figures.changes) c where not (c.user_id = any (v_locked)));
end;
$$;
comment on function private.add_statement_sales_figures is
  'Adds one statement''s order changes to their shops'' sales totals directly, each shop under its fold lock; answers the changes of shops whose lock another transaction holds.';

-- A statement's order changes: appended to the pending changes, then, if a change is numbered a
-- multiple of 128 (about one in 128, whoever writes it), the shop's changes are folded; 128 changes
-- or more are added to the totals at once instead (private.add_statement_sales_figures), unless
-- another transaction is writing the shop's totals.
create function private.record_sales_figure_changes(changes public.sales_figure_changes[])
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_appended public.sales_figure_changes[] := record_sales_figure_changes.changes;
  v_fold uuid[];
begin
  if cardinality(v_appended) >= 128 then
    v_appended := private.add_statement_sales_figures(v_appended);
  end if;
  if cardinality(v_appended) = 0 then
    return;
  end if;
  with recorded as (
    insert into public.sales_figure_changes
      (user_id, direction, day, platform, product_id, status, quantity, returned_quantity, taxable_value,
       refunded_taxable_value, total_amount, refunded_amount, fees, profit_after_returns)
    select c.user_id, c.direction, c.day, c.platform, c.product_id, c.status, c.quantity, c.returned_quantity,
      c.taxable_value, c.refunded_taxable_value, c.total_amount, c.refunded_amount, c.fees, c.profit_after_returns
    from unnest(v_appended) c
    returning user_id, id
  )
  select array_agg(distinct r.user_id) filter (where r.id % 128 = 0) into v_fold from recorded r;
  if v_fold is not null then
    perform private.fold_sales_figure_changes(v_fold);
  end if;
end;
$$;
comment on function private.record_sales_figure_changes is
  'Records a statement''s sales order changes for the sales totals: appended to sales_figure_changes (folding the shop''s changes about once in 128), or, 128 or more, added to the totals at once when the shop''s fold lock is free.';

-- New orders, per statement: one insert copies a sale's order, or an import's thousands, into the
-- changes. A sale costs about what the row trigger below costs it (about 0.04 ms,
-- pg_stat_user_functions); an import's 2,500 lines 13% less (issue 27).
create function private.record_inserted_sales() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.record_sales_figure_changes(array(
    select row(n.user_id, null, 1, rules.india_day(n.order_date), n.platform, n.product_id, n.status, n.quantity,
      n.returned_quantity, n.taxable_value, n.refunded_taxable_value, n.total_amount, n.refunded_amount, n.fees,
      n.profit_after_returns)::public.sales_figure_changes
    from new_orders n));
  return null;
end;
$$;
comment on function private.record_inserted_sales is
  'Statement trigger on sales_orders inserts: records the new orders for the sales totals (private.record_sales_figure_changes).';

-- Changed orders, per statement: what each order whose figures or count changed takes out (its old
-- row, -1) and puts in (its new row, +1). Per statement, so a backfill of 8,000 orders
-- (set_item_tax) adds its changes at once, where a row trigger folded every 64 orders (issue 44).
create function private.record_updated_sales() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.record_sales_figure_changes(array(
    with changed as (
      select o.id
      from old_orders o
      join new_orders n on n.id = o.id
      where (o.status, o.order_date, o.platform, o.product_id, o.quantity, o.total_amount, o.taxable_value, o.fees,
          o.returned_quantity, o.profit_after_returns)
        is distinct from (n.status, n.order_date, n.platform, n.product_id, n.quantity, n.total_amount,
          n.taxable_value, n.fees, n.returned_quantity, n.profit_after_returns)
    ),
    moved as (
      select -1 as direction, o.* from old_orders o where o.id in (select c.id from changed c)
      union all
      select 1, n.* from new_orders n where n.id in (select c.id from changed c)
    )
    select row(m.user_id, null, m.direction, rules.india_day(m.order_date), m.platform, m.product_id, m.status,
      m.quantity, m.returned_quantity, m.taxable_value, m.refunded_taxable_value, m.total_amount, m.refunded_amount,
      m.fees, m.profit_after_returns)::public.sales_figure_changes
    from moved m));
  return null;
end;
$$;
comment on function private.record_updated_sales is
  'Statement trigger on sales_orders updates: records what each order whose figures changed takes out and puts in, for the sales totals (private.record_sales_figure_changes).';

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

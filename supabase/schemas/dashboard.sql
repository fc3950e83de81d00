-- The dashboard's figures, computed in the database so the browser never downloads the order
-- history to add it up: dashboard_summary() (the four figures and the five most recent sales) and
-- dashboard_panels(period) (the profit panels). Both are security invoker: they read through the
-- caller's row-level security like any other query. Sums come from the kept totals
-- (sales_totals.sql), never from every order: their cost does not grow with the order history.

create function public.dashboard_summary() returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    -- Revenue is taxable value (GST is not revenue, issue 31); what buyers paid, GST included, beside it.
    'total_revenue',
      (select coalesce(sum(t.revenue), 0) from public.sales_by_day t
       where t.user_id = (select auth.uid())),
    'total_revenue_including_gst',
      (select coalesce(sum(t.revenue_including_gst), 0) from public.sales_by_day t
       where t.user_id = (select auth.uid())),
    'open_sales_orders',
      (select coalesce(sum(c.orders), 0) from public.sales_orders_by_status c
       where c.user_id = (select auth.uid()) and c.status = 'Unfulfilled'),
    -- Archived items are retired: nobody restocks them.
    'low_stock_products',
      (select count(*) from public.products p
       where p.user_id = (select auth.uid()) and p.archived_at is null and p.low_stock),
    'low_stock_materials',
      (select count(*) from public.raw_materials m
       where m.user_id = (select auth.uid()) and m.archived_at is null
         and rules.is_low_stock(m.stock_level, m.reorder_point)),
    'recent_sales',
      (select coalesce(jsonb_agg(to_jsonb(r) order by r.order_date desc, r.id), '[]'::jsonb)
       from (
         select o.id, o.platform, o.product_name, o.quantity, o.total_amount, o.status, o.order_date
         from public.sales_orders o
         where o.user_id = (select auth.uid())
         order by o.order_date desc, o.id
         limit 5
       ) r)
  )
$$;
comment on function public.dashboard_summary is
  'Dashboard figures: total_revenue (taxable value; total_revenue_including_gst beside it; cancelled and returned orders excluded), open_sales_orders (Unfulfilled), low_stock_products, low_stock_materials (archived items excluded) and the 5 most recent sales.';
revoke all on function public.dashboard_summary() from public, anon, authenticated, service_role;
grant execute on function public.dashboard_summary() to authenticated;

-- dashboard_panels(period): every figure of the profit panels for one period, in one small JSON
-- object. Figures come from each order's profit snapshot (unit_cost and fees recorded at sale
-- time) after its returns (rules.kept_sale: kept units and revenue, profit after returns), summed in
-- the kept totals. Cancelled orders count in none of them; a fully returned order only in fees and
-- profit, with its loss. Revenue is taxable value (issue 31); every revenue figure has its
-- revenue_including_gst beside it, for the owner who shows figures with GST.
--
-- An order whose cost was unknown at sale (issue 33) is left out of every profit figure and
-- counted instead: orders_without_cost in the totals, by platform and over time; the margin is
-- profit over the revenue whose cost is known; the totals' cost is null (unknown) when any order's
-- is; a top product none of whose revenue has a known cost has profit null and is no top product
-- by profit.
--
-- Periods follow the Indian calendar (rules.dashboard_period). The top products come from the
-- kept sales per product of the period (product_period_sales: all time's per-product totals, or a
-- dated period's): one folded row per product, as many a shop has sold, whatever its orders.
create function public.dashboard_panels(period text) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_from date;
  v_bucket text;
  v_adjusted_products integer;
begin
  select p.from_day, p.bucket into v_from, v_bucket
  from rules.dashboard_period(dashboard_panels.period, rules.india_day(now())) p;
  select count(distinct s.product_id) into v_adjusted_products
  from public.product_period_sales s
  where s.user_id = (select auth.uid()) and s.period = dashboard_panels.period and s.adjusted;

  return (
    -- The period's day totals, summed per platform and day or month; every panel but the top
    -- products adds up these few cells.
    with cells as (
      select t.platform, date_trunc(v_bucket, t.day)::date as bucket,
        sum(t.orders) as orders, sum(t.units) as units, sum(t.revenue) as revenue,
        sum(t.fees) as fees, sum(t.profit) as profit, sum(t.revenue_including_gst) as revenue_including_gst,
        sum(t.orders_without_cost) as orders_without_cost, sum(t.revenue_without_cost) as revenue_without_cost
      from public.sales_by_day t
      where t.user_id = (select auth.uid()) and (v_from is null or t.day >= v_from)
      group by 1, 2
      -- a fully returned order is no order, but its loss counts
      having sum(t.orders) <> 0 or sum(t.profit) <> 0 or sum(t.fees) <> 0 or sum(t.orders_without_cost) <> 0
    ),
    -- The products whose folded figures are adjusted (pending changes, days the period gained or
    -- lost since it was folded), and the best by folded revenue and profit, as many more as there
    -- are such products (each of those may fall back below another), read from the folded rows
    -- with their ties; their figures with the adjustments added. Only these few are summed, not
    -- every product the shop ever sold.
    adjusted as (
      select s.product_id, sum(s.orders) as orders, sum(s.units) as units, sum(s.revenue) as revenue,
        sum(s.profit) as profit, sum(s.revenue_including_gst) as revenue_including_gst,
        sum(s.orders_without_cost) as orders_without_cost, sum(s.revenue_without_cost) as revenue_without_cost
      from public.product_period_sales s
      where s.user_id = (select auth.uid()) and s.period = dashboard_panels.period and s.adjusted
      group by s.product_id
    ),
    period_candidates as (
      (select s.product_id from public.product_period_sales s
       where s.user_id = (select auth.uid()) and s.period = dashboard_panels.period and not s.adjusted
         and s.orders <> 0
       order by s.revenue desc fetch first (5 + v_adjusted_products) rows with ties)
      union
      (select s.product_id from public.product_period_sales s
       where s.user_id = (select auth.uid()) and s.period = dashboard_panels.period and not s.adjusted
         and s.orders <> 0 and (s.orders_without_cost = 0 or s.revenue_without_cost <> s.revenue)
       order by s.profit desc fetch first (5 + v_adjusted_products) rows with ties)
      union
      select a.product_id from adjusted a
    ),
    period_products as (
      select c.product_id, coalesce(t.orders, 0) + coalesce(a.orders, 0) as orders,
        coalesce(t.units, 0) + coalesce(a.units, 0) as units, coalesce(t.revenue, 0) + coalesce(a.revenue, 0) as revenue,
        coalesce(t.profit, 0) + coalesce(a.profit, 0) as profit,
        coalesce(t.revenue_including_gst, 0) + coalesce(a.revenue_including_gst, 0) as revenue_including_gst,
        coalesce(t.orders_without_cost, 0) + coalesce(a.orders_without_cost, 0) as orders_without_cost,
        coalesce(t.revenue_without_cost, 0) + coalesce(a.revenue_without_cost, 0) as revenue_without_cost
      from period_candidates c
      -- Each candidate's folded row looked up by its key; offset 0 keeps it a lookup per candidate,
      -- which the planner would otherwise join by reading every product's row (a few dozen
      -- candidates against 20,000 products).
      left join lateral (
        select s.* from public.product_period_sales s
        where s.user_id = (select auth.uid()) and s.period = dashboard_panels.period and not s.adjusted
          and s.product_id = c.product_id
        offset 0
      ) t on true
      left join adjusted a on a.product_id = c.product_id
    ),
    -- The five best by revenue and by profit, with ties, so that the product name can decide among
    -- equal figures below. By profit, only products with some revenue of known cost: the others'
    -- profit is unknown.
    candidates as (
      (select t.product_id, t.units, t.revenue, t.profit, t.revenue_including_gst, t.orders_without_cost,
         t.revenue_without_cost from period_products t
       where t.orders <> 0
       order by t.revenue desc fetch first 5 rows with ties)
      union
      (select t.product_id, t.units, t.revenue, t.profit, t.revenue_including_gst, t.orders_without_cost,
         t.revenue_without_cost from period_products t
       where t.orders <> 0 and (t.orders_without_cost = 0 or t.revenue_without_cost <> t.revenue)
       order by t.profit desc fetch first 5 rows with ties)
    ),
    products as (
      select c.product_id, p.product_name, c.units, c.revenue,
        case when c.orders_without_cost = 0 or c.revenue_without_cost <> c.revenue then c.profit end as profit,
        c.revenue_including_gst, c.orders_without_cost
      from candidates c
      join public.products p on p.id = c.product_id
    )
    select jsonb_build_object(
      'period', dashboard_panels.period,
      'from', rules.india_day_start(v_from),
      'bucket', v_bucket,
      'totals', (
        select jsonb_build_object(
          'orders', coalesce(sum(c.orders), 0),
          'units', coalesce(sum(c.units), 0),
          'revenue', coalesce(sum(c.revenue), 0),
          'revenue_including_gst', coalesce(sum(c.revenue_including_gst), 0),
          'fees', coalesce(sum(c.fees), 0),
          -- the fees of an order whose cost is unknown are in fees: its cost cannot be told apart
          'cost', case when coalesce(sum(c.orders_without_cost), 0) = 0 then coalesce(sum(c.revenue - c.fees - c.profit), 0) end,
          'profit', coalesce(sum(c.profit), 0),
          'margin_percent', round(sum(c.profit) * 100 / nullif(sum(c.revenue) - sum(c.revenue_without_cost), 0), 1),
          'orders_without_cost', coalesce(sum(c.orders_without_cost), 0))
        from cells c),
      'by_platform', (
        select coalesce(jsonb_agg(to_jsonb(r) order by r.revenue desc, r.platform), '[]'::jsonb)
        from (
          select c.platform, sum(c.orders) as orders, sum(c.revenue) as revenue,
            sum(c.fees) as fees, sum(c.profit) as profit, sum(c.revenue_including_gst) as revenue_including_gst,
            sum(c.orders_without_cost) as orders_without_cost
          from cells c group by c.platform
        ) r),
      'over_time', (
        select coalesce(jsonb_agg(to_jsonb(r) order by r.date), '[]'::jsonb)
        from (
          select c.bucket as date, sum(c.revenue) as revenue, sum(c.profit) as profit,
            sum(c.revenue_including_gst) as revenue_including_gst, sum(c.orders_without_cost) as orders_without_cost
          from cells c group by c.bucket
        ) r),
      'top_by_revenue', (
        select coalesce(jsonb_agg(to_jsonb(r) order by r.revenue desc, r.product_name), '[]'::jsonb)
        from (
          select t.product_id, t.product_name, t.units, t.revenue, t.profit, t.revenue_including_gst, t.orders_without_cost
          from products t order by t.revenue desc, t.product_name limit 5
        ) r),
      'top_by_profit', (
        select coalesce(jsonb_agg(to_jsonb(r) order by r.profit desc, r.product_name), '[]'::jsonb)
        from (
          select t.product_id, t.product_name, t.units, t.revenue, t.profit, t.revenue_including_gst, t.orders_without_cost
          from products t where t.profit is not null order by t.profit desc, t.product_name limit 5
        ) r)
    )
  );
end;
$$;
comment on function public.dashboard_panels is
  'Profit panels for a period (this_month, last_30_days, this_financial_year, all_time): totals with margin percent, revenue, fees and profit by platform, revenue and profit per day or month, top 5 products by revenue and by profit, all after returns (rules.kept_sale): cancelled orders excluded, a fully returned order''s loss in fees and profit only. Revenue is taxable value; each revenue has revenue_including_gst beside it. Orders whose cost is unknown are left out of profit and counted as orders_without_cost; margin_percent is over the revenue of known cost; totals.cost is null while any is unknown; a top product with no revenue of known cost has profit null and is not in top_by_profit.';
revoke all on function public.dashboard_panels(text) from public, anon, authenticated, service_role;
grant execute on function public.dashboard_panels(text) to authenticated;

-- dashboard_top_styles(period): the top 5 by revenue and by profit with each style's variants
-- (styles.sql) summed as one item; a product without a style stays itself. Asked for only when the
-- owner groups the dashboard by style: it sums every product's kept sales of the period
-- (product_period_sales), which dashboard_panels' own top lists never need.
create function public.dashboard_top_styles(period text) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  -- refuses an unknown period with its message
  perform rules.dashboard_period(dashboard_top_styles.period, rules.india_day(now()));
  return (
    with product_sums as (
      select s.product_id, sum(s.units) as units, sum(s.revenue) as revenue, sum(s.profit) as profit,
        sum(s.revenue_including_gst) as revenue_including_gst, sum(s.orders_without_cost) as orders_without_cost,
        sum(s.revenue_without_cost) as revenue_without_cost
      from public.product_period_sales s
      where s.user_id = (select auth.uid()) and s.period = dashboard_top_styles.period
      group by s.product_id
      having sum(s.orders) <> 0
    ),
    items as (
      select sv.style_id, case when sv.style_id is null then s.product_id end as product_id,
        coalesce(st.style_name, p.product_name) as name,
        sum(s.units) as units, sum(s.revenue) as revenue,
        -- unknown when none of the item's revenue has a known cost (issue 33)
        case when sum(s.orders_without_cost) = 0 or sum(s.revenue_without_cost) <> sum(s.revenue) then sum(s.profit) end
          as profit,
        sum(s.revenue_including_gst) as revenue_including_gst, sum(s.orders_without_cost) as orders_without_cost
      from product_sums s
      join public.products p on p.id = s.product_id
      left join public.style_variants sv on sv.product_id = s.product_id
      left join public.styles st on st.id = sv.style_id
      group by 1, 2, 3
    )
    select jsonb_build_object(
      'period', dashboard_top_styles.period,
      'top_styles_by_revenue', (
        select coalesce(jsonb_agg(to_jsonb(r) order by r.revenue desc, r.name), '[]'::jsonb)
        from (select i.* from items i order by i.revenue desc, i.name limit 5) r),
      'top_styles_by_profit', (
        select coalesce(jsonb_agg(to_jsonb(r) order by r.profit desc, r.name), '[]'::jsonb)
        from (select i.* from items i where i.profit is not null order by i.profit desc, i.name limit 5) r)
    )
  );
end;
$$;
comment on function public.dashboard_top_styles is
  'The top 5 items by revenue and by profit for a period (as dashboard_panels), each style''s variants summed as one item: {period, top_styles_by_revenue, top_styles_by_profit: [{style_id, product_id, name, units, revenue, profit, revenue_including_gst, orders_without_cost}]}, style_id null for a product without a style; revenue is taxable value; profit leaves out orders whose cost is unknown, null (and not a top item by profit) when none of the item''s revenue has a known cost. Excludes cancelled and returned orders.';
revoke all on function public.dashboard_top_styles(text) from public, anon, authenticated, service_role;
grant execute on function public.dashboard_top_styles(text) to authenticated;

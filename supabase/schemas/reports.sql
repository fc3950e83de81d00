-- Owner reports for the SQL console (`npm run sql`, or Supabase's SQL editor) and the app's CSV
-- export (owner_report, below).
--
-- A separate `reports` schema that the API does not expose. The views are security invoker, so a
-- console session sees what its role may see: the database owner sees every user's rows. One
-- database holds many workspaces (every browser that opened the app has one), so each row carries
-- the workspace's label: its email once it is saved, or 'anonymous ' and the first 8 characters of
-- its id while it lives in one browser only. The views read auth.users and auth.sessions, which the
-- owner's console (postgres, or Supabase's SQL editor) may read and API roles may not.

create schema reports;
comment on schema reports is 'Read-only views for the owner''s SQL console; not exposed through the API.';

-- Every workspace with its last activity; docs/owner-reports.md's cleanup snippet uses it to delete anonymous
-- workspaces nobody has opened for N days (their rows cascade from auth.users).
create view reports.workspaces with (security_invoker = true) as
select
  u.id as user_id,
  coalesce(u.email, 'anonymous ' || left(u.id::text, 8)) as workspace,
  u.email,
  u.is_anonymous,
  u.created_at,
  -- A session is touched on every token refresh, so an open app counts as activity.
  greatest(u.created_at, u.last_sign_in_at, (select max(s.updated_at) from auth.sessions s where s.user_id = u.id))
    as last_active_at
from auth.users u;
comment on view reports.workspaces is
  'Every workspace (auth user): its label for the reports, whether it is still anonymous, and when it was last used.';

-- Revenue is what the counted orders kept after their returns (rules.kept_sale); cancellations and
-- returns are counted per platform: returned orders are those every unit came back from, returned
-- units and amounts those of every return, partial ones included.
create view reports.revenue_by_platform_month with (security_invoker = true) as
select
  o.user_id,
  w.workspace,
  date_trunc('month', o.order_date)::date as month,
  o.platform,
  coalesce(sum(k.orders), 0) as orders,
  coalesce(sum(k.units) filter (where k.orders = 1), 0) as units_sold,
  coalesce(sum(k.revenue) filter (where k.orders = 1), 0) as revenue,
  count(*) filter (where o.status = 'Cancelled') as cancelled_orders,
  count(*) filter (where o.status = 'Returned') as returned_orders,
  coalesce(sum(o.returned_quantity), 0) as units_returned,
  -- Net of GST, as revenue (issue 42): the taxable value of the units returned.
  coalesce(sum(o.refunded_taxable_value), 0) as returned_amount,
  coalesce(sum(g.revenue) filter (where k.orders = 1), 0) as revenue_including_gst
from public.sales_orders o
-- Revenue is taxable value (GST is not revenue, issue 31); with GST beside it.
cross join lateral rules.kept_sale(o.status, o.quantity, o.returned_quantity, o.taxable_value,
  o.refunded_taxable_value, o.fees, o.profit_after_returns) k
cross join lateral rules.kept_sale(o.status, o.quantity, o.returned_quantity, o.total_amount, o.refunded_amount,
  o.fees, o.profit_after_returns) g
join reports.workspaces w on w.user_id = o.user_id
group by o.user_id, w.workspace, date_trunc('month', o.order_date), o.platform;
comment on view reports.revenue_by_platform_month is
  'Sales orders, units and revenue (taxable value) kept after returns per platform per month (cancelled and fully returned orders excluded), with cancellations, fully returned orders, units returned and the amount returned (taxable value, net of GST, as revenue) per platform, and the revenue including GST, per workspace.';

-- Profit after returns (rules.kept_sale: a fully returned order's loss included), beside the
-- profit recorded at each sale, labelled so. An order whose cost is unknown (issue 33) is in
-- neither, nor in cost: orders_without_cost counts it, revenue_without_cost is its revenue.
create view reports.profit_by_platform_month with (security_invoker = true) as
select
  o.user_id,
  w.workspace,
  date_trunc('month', o.order_date)::date as month,
  o.platform,
  sum(k.orders) as orders,
  sum(k.units) as units_sold,
  sum(k.revenue) as revenue,
  sum(k.fees) as fees,
  sum(o.return_fees) as return_fees,
  sum(o.reimbursed) as reimbursed,
  sum(k.revenue - k.fees - k.profit) as cost,
  sum(k.profit) as profit_after_returns,
  sum(o.profit) filter (where k.orders = 1) as recorded_profit,
  sum(g.revenue) as revenue_including_gst,
  sum(k.orders_without_cost) as orders_without_cost,
  sum(k.revenue_without_cost) as revenue_without_cost
from public.sales_orders o
-- Revenue is taxable value, as profit counts it (issue 31); with GST beside it.
cross join lateral rules.kept_sale(o.status, o.quantity, o.returned_quantity, o.taxable_value,
  o.refunded_taxable_value, o.fees, o.profit_after_returns) k
cross join lateral rules.kept_sale(o.status, o.quantity, o.returned_quantity, o.total_amount, o.refunded_amount,
  o.fees, o.profit_after_returns) g
join reports.workspaces w on w.user_id = o.user_id
where k.kept
group by o.user_id, w.workspace, date_trunc('month', o.order_date), o.platform;
comment on view reports.profit_by_platform_month is
  'Per platform per month: orders, units, revenue (taxable value) kept after returns, fees, return fees, reimbursements, cost (of units sold and of units lost, less reimbursements, plus return fees) and profit after returns (a fully returned order''s loss included); recorded_profit is the profit as recorded at each sale of the counted orders; revenue_including_gst the kept revenue with its GST; orders_without_cost and revenue_without_cost the orders whose cost is unknown, left out of cost and both profits. Cancelled orders excluded.';

create view reports.product_margins with (security_invoker = true) as
select
  p.user_id,
  w.workspace,
  p.id as product_id,
  p.sku,
  p.product_name,
  p.selling_price,
  c.unit_cost,
  t.price_before_gst - c.unit_cost as margin,
  round((t.price_before_gst - c.unit_cost) * 100 / t.price_before_gst, 2) as margin_percent,
  t.price_before_gst
from public.products p
join public.product_unit_costs c on c.product_id = p.id
-- The margin is on the price without its GST (issue 31), at the product's rate for its price today;
-- without a rate, on the selling price. The product drawer's margin (product_costing) is the same.
cross join lateral (
  select rules.price_before_gst(p.selling_price, p.gst_rate, p.gst_rate_rule, rules.india_day(now()))
    as price_before_gst
) t
join reports.workspaces w on w.user_id = p.user_id;
comment on view reports.product_margins is
  'Per product: unit cost at current BOM and material costs, margin and margin percent against the selling price before GST (price_before_gst: the selling price itself when the product has no rate); all three null when the cost is unknown.';

create view reports.stock_valuation with (security_invoker = true) as
select
  items.user_id,
  w.workspace,
  items.item_type,
  items.item_id,
  items.item_name,
  items.stock,
  items.unit,
  items.unit_value,
  items.stock_value
from (
  select
    m.user_id,
    'raw material'::text as item_type,
    m.id as item_id,
    m.material_name as item_name,
    m.stock_level as stock,
    m.unit_of_measure as unit,
    m.cost_per_unit as unit_value,
    round(m.stock_level * m.cost_per_unit, 2) as stock_value
  from public.raw_materials m
  union all
  -- At cost, as materials (issue 42: the selling price holds GST and a profit not made yet); null
  -- when the cost is unknown. A combo holds no stock of its own: its parts' stock is valued.
  -- A product in metres or kilograms (issue 45) says so; pieces read as units, as they always did.
  select p.user_id, 'product'::text, p.id, p.product_name, p.stock_on_hand,
    case when rules.unit_decimals(p.unit_of_measure) = 0 then 'units' else p.unit_of_measure end, c.unit_cost,
    round(p.stock_on_hand * c.unit_cost, 2)
  from public.products p
  join public.product_unit_costs c on c.product_id = p.id
  where not p.is_combo
) items
join reports.workspaces w on w.user_id = items.user_id;
comment on view reports.stock_valuation is
  'Stock value per item at cost: raw materials at their cost per unit, products (combos aside: their parts are valued) at their unit cost (product_unit_costs; null when unknown), per workspace.';

-- Consumption net of cancelled runs: what a cancellation put back was not consumed.
create view reports.material_consumption_by_month with (security_invoker = true) as
select
  s.user_id,
  w.workspace,
  date_trunc('month', s.created_at)::date as month,
  m.id as material_id,
  m.material_name,
  m.unit_of_measure as unit,
  -sum(s.quantity) as consumed,
  round(-sum(s.quantity) * m.cost_per_unit, 2) as consumed_value_at_current_cost
from public.stock_movements s
join public.raw_materials m on m.id = s.material_id
join reports.workspaces w on w.user_id = s.user_id
where s.reason in ('production_consumption', 'production_cancelled')
group by s.user_id, w.workspace, date_trunc('month', s.created_at), m.id, m.material_name, m.unit_of_measure,
  m.cost_per_unit;
comment on view reports.material_consumption_by_month is
  'Raw material consumed by production per month, net of cancelled runs, per workspace.';

-- Archived items are retired: nobody restocks them.
create view reports.low_stock_items with (security_invoker = true) as
select items.user_id, w.workspace, items.item_type, items.item_id, items.item_name, items.stock, items.reorder_point
from (
  select p.user_id, 'product'::text as item_type, p.id as item_id, p.product_name as item_name,
    p.stock_on_hand::numeric as stock, p.reorder_point::numeric as reorder_point
  from public.products p
  where rules.is_low_stock(p.stock_on_hand, p.reorder_point) and p.archived_at is null
  union all
  select m.user_id, 'raw material'::text as item_type, m.id as item_id, m.material_name as item_name,
    m.stock_level as stock, m.reorder_point
  from public.raw_materials m
  where rules.is_low_stock(m.stock_level, m.reorder_point) and m.archived_at is null
) items
join reports.workspaces w on w.user_id = items.user_id;
comment on view reports.low_stock_items is 'Active products and raw materials below their reorder point, per workspace.';

-- The reports are the owner's alone: no API role may read them, whatever a schema's defaults grant.
revoke all on reports.workspaces, reports.revenue_by_platform_month, reports.profit_by_platform_month,
  reports.product_margins, reports.stock_valuation, reports.material_consumption_by_month,
  reports.low_stock_items
from public, anon, authenticated, service_role;

-- owner_report: the app's CSV export ---------------------------------------------------------------
-- The report views read reports.workspaces (auth.users, auth.sessions), which no API role may read,
-- so this runs as definer and returns only the caller's rows, without user_id and workspace. One
-- rule per report stays in its view; the rows come out in a fixed order so the app can page them.
create function public.owner_report(report text) returns setof jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
begin
  case report
    when 'revenue_by_platform_month' then
      return query select to_jsonb(v) - 'user_id' - 'workspace' from reports.revenue_by_platform_month v
        where v.user_id = v_user_id order by v.month desc, v.platform;
    when 'profit_by_platform_month' then
      return query select to_jsonb(v) - 'user_id' - 'workspace' from reports.profit_by_platform_month v
        where v.user_id = v_user_id order by v.month desc, v.platform;
    when 'product_margins' then
      return query select to_jsonb(v) - 'user_id' - 'workspace' from reports.product_margins v
        where v.user_id = v_user_id order by v.sku, v.product_id;
    when 'stock_valuation' then
      return query select to_jsonb(v) - 'user_id' - 'workspace' from reports.stock_valuation v
        where v.user_id = v_user_id order by v.item_type, v.item_name, v.item_id;
    when 'material_consumption_by_month' then
      return query select to_jsonb(v) - 'user_id' - 'workspace' from reports.material_consumption_by_month v
        where v.user_id = v_user_id order by v.month desc, v.material_name, v.material_id;
    when 'low_stock_items' then
      return query select to_jsonb(v) - 'user_id' - 'workspace' from reports.low_stock_items v
        where v.user_id = v_user_id order by v.item_type, v.item_name, v.item_id;
    else
      raise exception 'Report must be one of: revenue_by_platform_month, profit_by_platform_month, '
        'product_margins, stock_valuation, material_consumption_by_month, low_stock_items.';
  end case;
end;
$$;
comment on function public.owner_report is
  'The caller''s rows of one owner report (revenue_by_platform_month, profit_by_platform_month, product_margins, stock_valuation, material_consumption_by_month, low_stock_items), as JSON objects in a fixed order.';
revoke all on function public.owner_report(text) from public, anon, authenticated, service_role;
grant execute on function public.owner_report(text) to authenticated;

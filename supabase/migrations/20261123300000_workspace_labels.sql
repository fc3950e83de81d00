-- Owner reports name each workspace (issue 17): one database holds many workspaces (every browser
-- that opened the app has one), so each report row carries the workspace's email once it is saved,
-- or 'anonymous ' and the first 8 characters of its id while it lives in one browser only.
--
-- reports.workspaces lists them with their last activity, which the README's cleanup snippet uses
-- to delete anonymous workspaces nobody has opened for N days (their rows cascade from auth.users).
-- The views keep the rules of 20261123200100 (cancelled and returned orders out of revenue, counted
-- per platform; consumption net of cancelled runs; archived items never low on stock). They stay
-- security invoker; they read auth.users and auth.sessions, which the owner's console
-- (postgres, or Supabase's SQL editor) may read and API roles may not.

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

drop view reports.revenue_by_platform_month;
create view reports.revenue_by_platform_month with (security_invoker = true) as
select
  o.user_id,
  w.workspace,
  date_trunc('month', o.order_date)::date as month,
  o.platform,
  count(*) filter (where o.status in ('Unfulfilled', 'Fulfilled')) as orders,
  coalesce(sum(o.quantity) filter (where o.status in ('Unfulfilled', 'Fulfilled')), 0) as units_sold,
  coalesce(sum(o.total_amount) filter (where o.status in ('Unfulfilled', 'Fulfilled')), 0) as revenue,
  count(*) filter (where o.status = 'Cancelled') as cancelled_orders,
  count(*) filter (where o.status = 'Returned') as returned_orders,
  coalesce(sum(o.quantity) filter (where o.status = 'Returned'), 0) as units_returned,
  coalesce(sum(o.total_amount) filter (where o.status = 'Returned'), 0) as returned_amount
from public.sales_orders o
join reports.workspaces w on w.user_id = o.user_id
group by o.user_id, w.workspace, date_trunc('month', o.order_date), o.platform;
comment on view reports.revenue_by_platform_month is
  'Sales orders, units and revenue per platform per month (cancelled and returned orders excluded), with cancellations and returns per platform, per workspace.';

drop view reports.stock_valuation;
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
  select p.user_id, 'product'::text, p.id, p.product_name, p.stock_on_hand, 'units'::text, p.selling_price,
    round(p.stock_on_hand * p.selling_price, 2)
  from public.products p
) items
join reports.workspaces w on w.user_id = items.user_id;
comment on view reports.stock_valuation is
  'Stock value per item: raw materials at cost, finished products at selling price, per workspace.';

drop view reports.material_consumption_by_month;
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

drop view reports.low_stock_items;
create view reports.low_stock_items with (security_invoker = true) as
select items.user_id, w.workspace, items.item_type, items.item_id, items.item_name, items.stock, items.reorder_point
from (
  select p.user_id, 'product'::text as item_type, p.id as item_id, p.product_name as item_name,
    p.stock_on_hand::numeric as stock, coalesce(p.reorder_point, 10)::numeric as reorder_point
  from public.products p
  where p.stock_on_hand < coalesce(p.reorder_point, 10) and p.archived_at is null
  union all
  select m.user_id, 'raw material', m.id, m.material_name, m.stock_level, coalesce(m.reorder_point, 20)
  from public.raw_materials m
  where m.stock_level < coalesce(m.reorder_point, 20) and m.archived_at is null
) items
join reports.workspaces w on w.user_id = items.user_id;
comment on view reports.low_stock_items is 'Active products and raw materials below their reorder point, per workspace.';

-- The reports are the owner's alone: no API role may read them, whatever a schema's defaults grant.
revoke all on reports.workspaces, reports.revenue_by_platform_month, reports.stock_valuation,
  reports.material_consumption_by_month, reports.low_stock_items from public, anon, authenticated;

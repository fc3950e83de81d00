-- Owner reports for the SQL console (`npm run sql`, or Supabase's SQL editor).
--
-- A separate `reports` schema that the API does not expose. The views are security invoker, so a
-- console session sees what its role may see: the database owner sees every user's rows, each
-- labelled with user_id; a signed-in role would see only its own.

create schema reports;
comment on schema reports is 'Read-only views for the owner''s SQL console; not exposed through the API.';

create view reports.revenue_by_platform_month with (security_invoker = true) as
select
  o.user_id,
  date_trunc('month', o.order_date)::date as month,
  o.platform,
  count(*) as orders,
  sum(o.quantity) as units_sold,
  sum(o.total_amount) as revenue
from public.sales_orders o
group by o.user_id, date_trunc('month', o.order_date), o.platform;
comment on view reports.revenue_by_platform_month is 'Sales orders, units and revenue per platform per month.';

create view reports.stock_valuation with (security_invoker = true) as
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
select
  p.user_id,
  'product'::text,
  p.id,
  p.product_name,
  p.stock_on_hand,
  'units'::text,
  p.selling_price,
  round(p.stock_on_hand * p.selling_price, 2)
from public.products p;
comment on view reports.stock_valuation is 'Stock value per item: raw materials at cost, finished products at selling price.';

create view reports.material_consumption_by_month with (security_invoker = true) as
select
  s.user_id,
  date_trunc('month', s.created_at)::date as month,
  m.id as material_id,
  m.material_name,
  m.unit_of_measure as unit,
  -sum(s.quantity) as consumed,
  round(-sum(s.quantity) * m.cost_per_unit, 2) as consumed_value_at_current_cost
from public.stock_movements s
join public.raw_materials m on m.id = s.material_id
where s.reason = 'production_consumption'
group by s.user_id, date_trunc('month', s.created_at), m.id, m.material_name, m.unit_of_measure,
  m.cost_per_unit;
comment on view reports.material_consumption_by_month is 'Raw material consumed by production per month.';

create view reports.low_stock_items with (security_invoker = true) as
select p.user_id, 'product'::text as item_type, p.id as item_id, p.product_name as item_name,
  p.stock_on_hand::numeric as stock, coalesce(p.reorder_point, 10)::numeric as reorder_point
from public.products p
where p.stock_on_hand < coalesce(p.reorder_point, 10)
union all
select m.user_id, 'raw material', m.id, m.material_name, m.stock_level, coalesce(m.reorder_point, 20)
from public.raw_materials m
where m.stock_level < coalesce(m.reorder_point, 20);
comment on view reports.low_stock_items is 'Products and raw materials below their reorder point.';

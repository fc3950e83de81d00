-- Owner reports (SQL console): profit by platform and month from each order's profit snapshot, and
-- each product's margin at current costs. Cancelled and returned orders are left out. Each row names
-- its workspace, as the other reports do (reports.workspaces).

create view reports.profit_by_platform_month with (security_invoker = true) as
select
  o.user_id,
  w.workspace,
  date_trunc('month', o.order_date)::date as month,
  o.platform,
  count(*) as orders,
  sum(o.quantity) as units_sold,
  sum(o.total_amount) as revenue,
  sum(o.fees) as fees,
  sum(o.total_amount - o.fees - o.profit) as cost,
  sum(o.profit) as profit
from public.sales_orders o
join reports.workspaces w on w.user_id = o.user_id
where o.status not in ('Cancelled', 'Returned')
group by o.user_id, w.workspace, date_trunc('month', o.order_date), o.platform;
comment on view reports.profit_by_platform_month is
  'Per platform per month: orders, units, revenue, fees, cost and profit as recorded at each sale; cancelled and returned orders excluded.';

create view reports.product_margins with (security_invoker = true) as
select
  p.user_id,
  w.workspace,
  p.id as product_id,
  p.sku,
  p.product_name,
  p.selling_price,
  c.unit_cost,
  p.selling_price - c.unit_cost as margin,
  round((p.selling_price - c.unit_cost) * 100 / p.selling_price, 2) as margin_percent
from public.products p
join public.product_unit_costs c on c.product_id = p.id
join reports.workspaces w on w.user_id = p.user_id;
comment on view reports.product_margins is
  'Per product: unit cost at current BOM and material costs, margin and margin percent against the selling price.';

revoke all on reports.profit_by_platform_month, reports.product_margins
  from public, anon, authenticated, service_role;

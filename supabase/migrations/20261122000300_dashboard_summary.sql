-- dashboard_summary(): the four dashboard figures and the five most recent sales in one small
-- JSON object, computed in the database so the dashboard never downloads the order history.
--
-- Security invoker: it reads through the caller's row-level security like any other query.

create function public.dashboard_summary() returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'total_revenue',
      (select coalesce(sum(o.total_amount), 0) from public.sales_orders o
       where o.user_id = (select auth.uid())),
    'open_sales_orders',
      (select count(*) from public.sales_orders o
       where o.user_id = (select auth.uid()) and o.status = 'Unfulfilled'),
    -- The spec's fallbacks (10 and 20) apply where a reorder point is missing.
    'low_stock_products',
      (select count(*) from public.products p
       where p.user_id = (select auth.uid()) and p.stock_on_hand < coalesce(p.reorder_point, 10)),
    'low_stock_materials',
      (select count(*) from public.raw_materials m
       where m.user_id = (select auth.uid()) and m.stock_level < coalesce(m.reorder_point, 20)),
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
  'Dashboard figures: total_revenue, open_sales_orders, low_stock_products, low_stock_materials and the 5 most recent sales.';

revoke all on function public.dashboard_summary() from public, anon;
grant execute on function public.dashboard_summary() to authenticated;

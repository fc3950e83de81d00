-- what_to_buy(): every material of the caller below its reorder point (20 where none is set, as on
-- the dashboard), with a suggested quantity that brings it to twice its reorder point and the
-- estimated cost at its current cost per unit. The Inventory screen groups it by supplier and lets
-- the owner change each quantity before copying or downloading the list.

create function public.what_to_buy()
returns table (
  material_id uuid,
  material_name text,
  supplier text,
  unit_of_measure text,
  stock_level numeric,
  reorder_point numeric,
  suggested_quantity numeric,
  cost_per_unit numeric,
  estimated_cost numeric
)
language sql
stable
security invoker
set search_path = ''
as $$
  select m.id, m.material_name, m.supplier, m.unit_of_measure, m.stock_level, r.point,
    2 * r.point - m.stock_level,
    m.cost_per_unit,
    round((2 * r.point - m.stock_level) * m.cost_per_unit, 2)
  from public.raw_materials m
  cross join lateral (select coalesce(m.reorder_point, 20) as point) r
  where m.user_id = (select auth.uid()) and m.stock_level < r.point
  order by m.supplier nulls last, m.material_name, m.id
$$;
comment on function public.what_to_buy is
  'Materials below their reorder point with a suggested quantity (up to twice the reorder point), supplier and estimated cost at current cost per unit.';

revoke all on function public.what_to_buy() from public, anon, authenticated, service_role;
grant execute on function public.what_to_buy() to authenticated;

-- Product costing: what one unit of each product costs to make, its margin, and how many units the
-- current material stock can build.
--
-- A unit's cost is the sum over its bill of materials of quantity x the material's current
-- cost_per_unit, kept once in the view public.product_unit_costs: product_costing() reads it for the
-- screens, and log_sale reads it to record the cost on each new order (the profit snapshot). Both
-- are security invoker and read through the caller's row-level security; the sums stay numeric.

create view public.product_unit_costs with (security_invoker = true) as
select
  p.id as product_id,
  p.user_id,
  coalesce(sum(b.quantity * m.cost_per_unit), 0) as unit_cost
from public.products p
left join public.bom_items b on b.product_id = p.id and b.user_id = p.user_id
left join public.raw_materials m on m.id = b.material_id and m.user_id = b.user_id
group by p.id, p.user_id;
comment on view public.product_unit_costs is
  'The cost of one unit of each product: sum over its BOM of quantity x the material''s current cost_per_unit (0 for an empty BOM).';

create function public.product_costing()
returns table (
  product_id uuid,
  unit_cost numeric,
  margin numeric,
  margin_percent numeric,
  max_buildable integer,
  bottleneck_material_id uuid,
  bottleneck_material_name text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select
    p.id,
    c.unit_cost,
    p.selling_price - c.unit_cost,
    round((p.selling_price - c.unit_cost) * 100 / p.selling_price, 2),
    b.max_buildable,
    b.material_id,
    b.material_name
  from public.products p
  join public.product_unit_costs c on c.product_id = p.id
  -- The BOM line whose material allows the fewest whole units runs out first (ties: by name).
  left join lateral (
    select floor(m.stock_level / i.quantity)::integer as max_buildable, m.id as material_id, m.material_name
    from public.bom_items i
    join public.raw_materials m on m.id = i.material_id and m.user_id = i.user_id
    where i.product_id = p.id and i.user_id = p.user_id
    order by floor(m.stock_level / i.quantity), m.material_name, m.id
    limit 1
  ) b on true
  where p.user_id = (select auth.uid())
$$;
comment on function public.product_costing is
  'Per product of the caller: unit_cost (BOM at current material costs), margin and margin_percent against the selling price, max_buildable from current material stock and the bottleneck material (all null for an empty BOM).';

revoke all on public.product_unit_costs from public, anon, authenticated, service_role;
grant select on public.product_unit_costs to authenticated;
revoke all on function public.product_costing() from public, anon, authenticated, service_role;
grant execute on function public.product_costing() to authenticated;

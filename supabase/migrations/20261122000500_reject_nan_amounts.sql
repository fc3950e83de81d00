-- Reject NaN in the numeric columns clients can edit directly.
--
-- Postgres' numeric accepts 'NaN' and orders it above every number, so `check (x >= 0)` lets it
-- through: a PATCH of selling_price = 'NaN' was accepted and broke every revenue figure. The
-- operations already refuse NaN (private.require_number); these constraints close the direct
-- edit path.

alter table public.products
  add constraint products_selling_price_is_number check (selling_price <> 'NaN'::numeric);

alter table public.raw_materials
  add constraint raw_materials_cost_per_unit_is_number check (cost_per_unit <> 'NaN'::numeric),
  add constraint raw_materials_reorder_point_is_number check (reorder_point <> 'NaN'::numeric);

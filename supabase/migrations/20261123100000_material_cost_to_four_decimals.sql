-- Material costs to four decimal places.
--
-- A shop buys buttons at ₹0.125 each, beads at ₹0.0625: numeric(12, 2) kept paise only, so the
-- first became ₹0.13 (or ₹0.12) and every stock valuation built on it was wrong. numeric(14, 4)
-- keeps a hundredth of a paisa with the same ceiling the operations enforce (1,000,000,000).
-- Selling prices stay numeric(12, 2): a customer pays in paise. BOM quantities and material stock
-- stay numeric(14, 3) (a gram of a kilogram, a millimetre of a metre): what production consumes is
-- BOM quantity x a whole number of units, which must fit the stock and ledger columns exactly, so
-- the operations now refuse a fourth decimal rather than round it (next migrations).
--
-- Two owner reports read the column, and Postgres cannot change the type under a view: they are
-- dropped and recreated unchanged.

drop view reports.stock_valuation;
drop view reports.material_consumption_by_month;

alter table public.raw_materials alter column cost_per_unit type numeric(14, 4);

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

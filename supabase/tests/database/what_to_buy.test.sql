-- what_to_buy: every material below its reorder point (20 when none is set), with a suggested
-- quantity up to twice its reorder point, its supplier and the estimated cost; the caller's only.
begin;
set local client_min_messages = warning;
select plan(6);

select tests.create_user('owner');
select tests.create_user('other');

select tests.authenticate_as('owner');
select from public.create_raw_material('Cotton Fabric', 'Arvind Mills', 120.50, 12.5, 'm', 50);  -- buy 87.5
select from public.create_raw_material('Thread', 'Arvind Mills', 0.75, 0, 'spools', 10);          -- buy 20
select from public.create_raw_material('Buttons', 'Button House', 0.35, 5, 'units', 10);           -- buy 15
select from public.create_raw_material('Labels', null, 1.1, 19.999, 'units', null);                -- 20 by default: buy 20.001
select from public.create_raw_material('Zips', 'Button House', 4, 10, 'units', 10);                -- at its point: not low
select from public.create_raw_material('Dye', 'Colour Co', 50, 0, 'l', 0);                         -- 0 < 0: not low

select results_eq(
  $$ select material_name, supplier, unit_of_measure, stock_level, reorder_point, suggested_quantity,
            cost_per_unit, estimated_cost
     from public.what_to_buy() $$,
  $$ values ('Cotton Fabric', 'Arvind Mills', 'm', 12.500::numeric, 50.000::numeric, 87.500::numeric, 120.50::numeric, 10543.75::numeric),
            ('Thread', 'Arvind Mills', 'spools', 0.000::numeric, 10.000::numeric, 20.000::numeric, 0.75::numeric, 15.00::numeric),
            ('Buttons', 'Button House', 'units', 5.000::numeric, 10.000::numeric, 15.000::numeric, 0.35::numeric, 5.25::numeric),
            ('Labels', null, 'units', 19.999::numeric, 20.000::numeric, 20.001::numeric, 1.10::numeric, 22.00::numeric) $$,
  'Below their reorder point, by supplier (none last): quantity to reach twice the point, cost at current cost per unit'
);
select is((select count(*) from public.what_to_buy() where material_name in ('Zips', 'Dye')), 0::bigint,
  'A material at its reorder point is not listed');

reset role;
update public.raw_materials set cost_per_unit = 100 where material_name = 'Cotton Fabric';
select tests.authenticate_as('owner');
select is((select estimated_cost from public.what_to_buy() where material_name = 'Cotton Fabric'), 8750.00::numeric,
  'The estimate follows the current cost per unit');

select tests.authenticate_as('other');
select is_empty($$ select 1 from public.what_to_buy() $$, 'Another user sees none of the owner''s materials');
select from public.create_raw_material('Felt', null, 3, 1, 'sheets', 2);
select results_eq($$ select material_name, suggested_quantity from public.what_to_buy() $$,
  $$ values ('Felt', 3.000::numeric) $$, 'Another user sees their own list only');

select tests.authenticate_as_anon();
select throws_ok($$ select * from public.what_to_buy() $$, '42501',
  'permission denied for function what_to_buy', 'anon cannot read the list');

select * from finish();
rollback;

-- create_raw_material: a material with its defaults, opening stock in the ledger; bad inputs
-- refused with a clear message and nothing created.
begin;
set local client_min_messages = warning;
select plan(18);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');

-- Owner: the happy path ------------------------------------------------------------------------
insert into tests.ids select 'cotton', id
from public.create_raw_material(' Cotton ', ' Mill & Co ', 120.5, 42.75, ' metres ', 15.5);
select results_eq(
  $$ select user_id, material_name, supplier, cost_per_unit, stock_level, unit_of_measure, reorder_point
     from public.raw_materials where id = tests.id('cotton') $$,
  $$ values (tests.id('owner'), 'Cotton', 'Mill & Co', 120.50::numeric(12,2), 42.750::numeric(14,3),
             'metres', 15.500::numeric(14,3)) $$,
  'The material is stored for its owner, text trimmed, with fractional stock and reorder point'
);
select results_eq(
  $$ select quantity, balance_after, reason::text, product_id, sales_order_id, manufacturing_order_id
     from public.stock_movements where material_id = tests.id('cotton') $$,
  $$ values (42.750::numeric(14,3), 42.750::numeric(14,3), 'opening_stock', null::uuid, null::uuid, null::uuid) $$,
  'Opening stock of 42.75 is recorded as one opening_stock ledger row with that balance'
);

insert into tests.ids select 'buttons', id from public.create_raw_material('Buttons');
select results_eq(
  $$ select supplier, cost_per_unit, stock_level, unit_of_measure, reorder_point
     from public.raw_materials where id = tests.id('buttons') $$,
  $$ values (null::text, 0.00::numeric(12,2), 0.000::numeric(14,3), 'units', 20.000::numeric(14,3)) $$,
  'Defaults of spec section 9: no supplier, cost 0, stock 0, unit ''units'', reorder point 20'
);
select is_empty($$ select 1 from public.stock_movements where material_id = tests.id('buttons') $$,
  'A material created with no stock has no ledger row');

insert into tests.ids select 'zips', id from public.create_raw_material('Zips', '', null, null, '  ', null);
select results_eq(
  $$ select supplier, cost_per_unit, stock_level, unit_of_measure, reorder_point
     from public.raw_materials where id = tests.id('zips') $$,
  $$ values (null::text, 0.00::numeric(12,2), 0.000::numeric(14,3), 'units', 20.000::numeric(14,3)) $$,
  'Blank or null optional inputs fall back to the same defaults'
);

-- Owner: refusals --------------------------------------------------------------------------------
create temp table counts_before on commit drop as
select (select count(*) from public.raw_materials) as materials,
       (select count(*) from public.stock_movements) as movements;
grant select on counts_before to authenticated;

select throws_ok($$ select public.create_raw_material('   ') $$,
  'P0001', 'Material name is required.', 'A blank material name is refused');
select throws_ok($$ select public.create_raw_material(null) $$,
  'P0001', 'Material name is required.', 'A missing material name is refused');
select throws_ok($$ select public.create_raw_material(repeat('m', 201)) $$,
  'P0001', 'Material name must be at most 200 characters.', 'A material name over 200 characters is refused');
select throws_ok($$ select public.create_raw_material('Wool', null, -1) $$,
  'P0001', 'Cost per unit must be at least 0.', 'A negative cost per unit is refused');
select throws_ok($$ select public.create_raw_material('Wool', null, 'NaN') $$,
  'P0001', 'Cost per unit must be a number.', 'A NaN cost per unit is refused');
select throws_ok($$ select public.create_raw_material('Wool', null, 1, -0.5) $$,
  'P0001', 'Stock level must be at least 0.', 'A negative stock level is refused');
select throws_ok($$ select public.create_raw_material('Wool', null, 1, 'NaN') $$,
  'P0001', 'Stock level must be a number.', 'A NaN stock level is refused');
select throws_ok($$ select public.create_raw_material('Wool', null, 1, 1, 'kg', -1) $$,
  'P0001', 'Reorder point must be at least 0.', 'A negative reorder point is refused');
select results_eq(
  $$ select (select count(*) from public.raw_materials), (select count(*) from public.stock_movements) $$,
  $$ select materials, movements from counts_before $$,
  'No refused material left a material or ledger row behind'
);

-- Another user, not signed in, anon --------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.raw_materials $$,
  'Another user sees none of the owner''s materials');

set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select throws_ok($$ select public.create_raw_material('Ghost') $$,
  '42501', 'Not signed in.', 'Creating a material without a user id is refused');
select tests.authenticate_as_anon();
select throws_ok($$ select public.create_raw_material('Ghost') $$,
  '42501', 'permission denied for function create_raw_material', 'anon cannot create a material');
reset role;
select is((select count(*) from public.raw_materials where material_name = 'Ghost'), 0::bigint,
  'No material was created without a signed-in user');

select * from finish();
rollback;

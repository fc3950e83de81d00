-- update_raw_material: edits a material's details with create_raw_material's checks and messages;
-- stock is never edited here.
begin;
set local client_min_messages = warning;
select plan(13);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'denim', id from public.create_raw_material('Denim', 'Arvind', 180, 40, 'metres', 15);

-- Owner ----------------------------------------------------------------------------------------
select results_eq(
  $$ select material_name, supplier, cost_per_unit, unit_of_measure, reorder_point, stock_level
     from public.update_raw_material(tests.id('denim'), ' Raw Denim ', '', 185.5, ' m ', 12.5) $$,
  $$ values ('Raw Denim', null::text, 185.50::numeric(12,2), 'm', 12.500::numeric(14,3), 40.000::numeric(14,3)) $$,
  'Details are trimmed and saved, an empty supplier becomes none, stock stays 40');
select results_eq(
  $$ select cost_per_unit, unit_of_measure, reorder_point
     from public.update_raw_material(tests.id('denim'), 'Raw Denim', 'Arvind', null, null, null) $$,
  $$ values (0.00::numeric(12,2), 'units', 20.000::numeric(14,3)) $$,
  'Missing cost, unit and reorder point take create_raw_material''s defaults (0, units, 20)');
select is((select count(*) from public.stock_movements where material_id = tests.id('denim')), 1::bigint,
  'Editing writes no ledger row');

-- Refusals -------------------------------------------------------------------------------------
create temp table before on commit drop as
select (select to_jsonb(m) from public.raw_materials m where id = tests.id('denim')) as material;
grant select on before to authenticated;

select throws_ok($$ select public.update_raw_material(tests.id('denim'), '  ', null, 1, 'm', 1) $$,
  'P0001', 'Material name is required.', 'A blank name is refused');
select throws_ok($$ select public.update_raw_material(tests.id('denim'), 'Denim', null, -1, 'm', 1) $$,
  'P0001', 'Cost per unit must be at least 0.', 'A negative cost is refused');
select throws_ok($$ select public.update_raw_material(tests.id('denim'), 'Denim', null, 1, 'm', -1) $$,
  'P0001', 'Reorder point must be at least 0.', 'A negative reorder point is refused');
select throws_ok($$ select public.update_raw_material(tests.id('denim'), 'Denim', repeat('s', 201), 1, 'm', 1) $$,
  'P0001', 'Supplier must be at most 200 characters.', 'An overlong supplier is refused');
select throws_ok($$ select public.update_raw_material(tests.id('denim'), 'Denim', null, 1, repeat('u', 33), 1) $$,
  'P0001', 'Unit of measure must be at most 32 characters.', 'An overlong unit is refused');
select throws_ok($$ select public.update_raw_material(tests.id('denim'), 'Denim', null, 'Infinity', 'm', 1) $$,
  'P0001', 'Cost per unit must be a number.', 'An infinite cost is refused');
select throws_ok($$ select public.update_raw_material(gen_random_uuid(), 'Denim', null, 1, 'm', 1) $$,
  'P0001', 'Material not found.', 'An unknown material is refused');

-- Another user and anon --------------------------------------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.update_raw_material(tests.id('denim'), 'Mine', null, 0, 'm', 0) $$,
  'P0001', 'Material not found.', 'Another user cannot edit the owner''s material: it is not found');
select tests.authenticate_as_anon();
select throws_ok($$ select public.update_raw_material(tests.id('denim'), 'Mine', null, 0, 'm', 0) $$,
  '42501', 'permission denied for function update_raw_material', 'anon cannot edit materials');

reset role;
select is((select to_jsonb(m) from public.raw_materials m where id = tests.id('denim')), (select material from before),
  'The material is unchanged after every refused edit');

select * from finish();
rollback;

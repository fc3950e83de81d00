-- receive_material: a purchase receipt adds stock and a purchase_receipt ledger row; with a unit
-- cost, cost_per_unit becomes the moving average rounded to the cost column's 4 decimal places. Bad input writes nothing.
begin;
set local client_min_messages = warning;
select plan(22);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'cotton', id from public.create_raw_material('Cotton', 'Surat Mills', 100, 10, 'metres', 5);

-- Owner: the happy path --------------------------------------------------------------------------
select results_eq(
  $$ select stock_level, cost_per_unit from public.receive_material(tests.id('cotton'), 5) $$,
  $$ values (15.000::numeric(14,3), 100.00::numeric(12,2)) $$,
  'Receiving 5 without a unit cost adds 5 and keeps the cost');
select results_eq(
  $$ select quantity, balance_after, reason::text, note from public.stock_movements
     where material_id = tests.id('cotton') order by id desc limit 1 $$,
  $$ values (5.000::numeric(14,3), 15.000::numeric(14,3), 'purchase_receipt', null::text) $$,
  'The receipt is a purchase_receipt ledger row of +5 with the balance after');
select results_eq(
  $$ select stock_level, cost_per_unit
     from public.receive_material(tests.id('cotton'), 2.5, 121, '  Invoice 42  ') $$,
  $$ values (17.500::numeric(14,3), 103.00::numeric(12,2)) $$,
  'With a unit cost the cost becomes the moving average: (15 x 100 + 2.5 x 121) / 17.5 = 103');
select is((select note from public.stock_movements where material_id = tests.id('cotton') order by id desc limit 1),
  'Invoice 42', 'The note is kept, trimmed');
select is((select cost_per_unit from public.receive_material(tests.id('cotton'), 0.001, 0)),
  102.9941::numeric, 'The average is rounded to 4 decimal places (17.5 x 103 / 17.501 = 102.99411…)');
select is((select cost_per_unit from public.raw_materials where id = tests.id('cotton')), 102.9941::numeric,
  'The stored cost is the rounded average');

-- Refusals: each writes nothing ------------------------------------------------------------------
create temp table before on commit drop as
select (select stock_level from public.raw_materials where id = tests.id('cotton')) as stock,
       (select count(*) from public.stock_movements) as movements;
grant select on before to authenticated;

select throws_ok($$ select public.receive_material(tests.id('cotton'), 0) $$,
  'P0001', 'Quantity must be greater than 0.', 'A quantity of 0 is refused');
select throws_ok($$ select public.receive_material(tests.id('cotton'), -3) $$,
  'P0001', 'Quantity must be greater than 0.', 'A negative quantity is refused');
select throws_ok($$ select public.receive_material(tests.id('cotton'), null) $$,
  'P0001', 'Quantity is required.', 'A missing quantity is refused');
select throws_ok($$ select public.receive_material(tests.id('cotton'), 'NaN') $$,
  'P0001', 'Quantity must be a number.', 'A quantity of NaN is refused');
select throws_ok($$ select public.receive_material(tests.id('cotton'), 1.0001) $$,
  'P0001', 'Quantity can have at most 3 decimal places.', 'A quantity with 4 decimals is refused');
select throws_ok($$ select public.receive_material(tests.id('cotton'), 1000000001) $$,
  'P0001', 'Quantity must be at most 1000000000.', 'A huge quantity is refused');
select throws_ok($$ select public.receive_material(tests.id('cotton'), 1, -1) $$,
  'P0001', 'Unit cost must be at least 0.', 'A negative unit cost is refused');
select throws_ok($$ select public.receive_material(tests.id('cotton'), 1, 'Infinity') $$,
  'P0001', 'Unit cost must be a number.', 'An infinite unit cost is refused');
select throws_ok($$ select public.receive_material(tests.id('cotton'), 1, null, repeat('x', 501)) $$,
  'P0001', 'Note must be at most 500 characters.', 'An overlong note is refused');
select throws_ok($$ select public.receive_material(gen_random_uuid(), 1) $$,
  'P0001', 'Material not found.', 'An unknown material is refused');

-- Another user and anon --------------------------------------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.receive_material(tests.id('cotton'), 1) $$,
  'P0001', 'Material not found.', 'Another user cannot receive into the owner''s material: it is not found');
select tests.authenticate_as_anon();
select throws_ok($$ select public.receive_material(tests.id('cotton'), 1) $$,
  '42501', 'permission denied for function receive_material', 'anon cannot receive stock');
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select throws_ok($$ select public.receive_material(tests.id('cotton'), 1) $$,
  '42501', 'Not signed in.', 'A signed-in role without a user id is refused');

reset role;
select is((select stock_level from public.raw_materials where id = tests.id('cotton')), (select stock from before),
  'Stock is unchanged after every refused receipt');
select is((select count(*) from public.stock_movements), (select movements from before),
  'No ledger row was written by a refused receipt');
select is((select sum(quantity) from public.stock_movements where material_id = tests.id('cotton')),
  (select stock_level from public.raw_materials where id = tests.id('cotton')),
  'Stock equals the sum of the material''s movements');

select * from finish();
rollback;

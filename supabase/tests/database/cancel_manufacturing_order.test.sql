-- cancel_manufacturing_order: In Progress -> Cancelled, once, by the owner; every material the run
-- consumed goes back exactly as consumed (even after the BOM changed), with production_cancelled
-- ledger rows naming the run.
begin;
set local client_min_messages = warning;
select plan(14);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'cloth', id from public.create_raw_material('Cloth', null, 90, 20, 'metres');
insert into tests.ids select 'dye', id from public.create_raw_material('Dye', null, 10, 5, 'litres');
insert into tests.ids select 'shirt', id from public.create_product('SHT-1', 'Shirt', null, 799, 0, 10,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('cloth'), 'quantity', 1.75),
                    jsonb_build_object('material_id', tests.id('dye'), 'quantity', 0.125)));
insert into tests.ids select 'run', id from public.start_production(tests.id('shirt'), 8);
insert into tests.ids select 'done', id from public.start_production(tests.id('shirt'), 1);
select public.complete_production(tests.id('done'));
-- The BOM changes after the run started: the cancellation must put back what the run took.
select public.update_product(tests.id('shirt'), 'SHT-1', 'Shirt', null, 799, 10,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('cloth'), 'quantity', 3)));

-- Another user and anon first -------------------------------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.cancel_manufacturing_order(tests.id('run')) $$,
  'P0001', 'Manufacturing order not found.', 'Another user cannot cancel the owner''s run: it is not found');
select tests.authenticate_as_anon();
select throws_ok($$ select public.cancel_manufacturing_order(tests.id('run')) $$,
  '42501', 'permission denied for function cancel_manufacturing_order', 'anon cannot cancel a run');
reset role;
select is((select status::text from public.manufacturing_orders where id = tests.id('run')), 'In Progress',
  'The run is still In Progress after the refused attempts');

-- Owner: the happy path ------------------------------------------------------------------------
select tests.authenticate_as('owner');
select results_eq($$ select status::text, completion_date from public.cancel_manufacturing_order(tests.id('run')) $$,
  $$ values ('Cancelled', null::timestamptz) $$, 'Cancelling gives status Cancelled and no completion date');
select results_eq(
  $$ select material_name, stock_level from public.raw_materials where user_id = tests.id('owner') order by material_name $$,
  $$ values ('Cloth', 18.250::numeric(14,3)), ('Dye', 4.875::numeric(14,3)) $$,
  'Cloth 14 and dye 1 are back: only the completed run''s 1.75 and 0.125 stay consumed');
select results_eq(
  $$ select material_id, quantity, balance_after from public.stock_movements
     where manufacturing_order_id = tests.id('run') and reason = 'production_cancelled' order by quantity desc $$,
  $$ values (tests.id('cloth'), 14.000::numeric(14,3), 18.250::numeric(14,3)),
            (tests.id('dye'), 1.000::numeric(14,3), 4.875::numeric(14,3)) $$,
  'One production_cancelled row per material, naming the run, with the balance after');
select is((select stock_on_hand from public.products where id = tests.id('shirt')), 1::numeric,
  'Product stock is untouched: a cancelled run produced nothing');

-- Refusals ---------------------------------------------------------------------------------------
select throws_ok($$ select public.cancel_manufacturing_order(tests.id('run')) $$,
  'P0001', 'Only orders in progress can be cancelled.', 'Cancelling twice is refused');
select throws_ok($$ select public.complete_production(tests.id('run')) $$,
  'P0001', 'This manufacturing order is already cancelled.', 'A cancelled run cannot be completed');
select throws_ok($$ select public.cancel_manufacturing_order(tests.id('done')) $$,
  'P0001', 'Only orders in progress can be cancelled.', 'A completed run cannot be cancelled');
select throws_ok($$ select public.cancel_manufacturing_order(null) $$,
  'P0001', 'Manufacturing order not found.', 'No order id is refused');
select is((select count(*) from public.stock_movements where reason = 'production_cancelled'), 2::bigint,
  'The refused cancellations wrote nothing');
select is((select sum(quantity) from public.stock_movements where material_id = tests.id('cloth')),
  (select stock_level from public.raw_materials where id = tests.id('cloth')),
  'Cloth stock equals the sum of its movements');
select is((select sum(quantity) from public.stock_movements where material_id = tests.id('dye')),
  (select stock_level from public.raw_materials where id = tests.id('dye')),
  'Dye stock equals the sum of its movements');

select * from finish();
rollback;

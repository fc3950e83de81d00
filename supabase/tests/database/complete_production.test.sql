-- complete_production: In Progress -> Completed only, once, by the owner; sets the completion date
-- and adds the quantity to product stock with one ledger row.
begin;
set local client_min_messages = warning;
select plan(20);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'wood', id from public.create_raw_material('Wood', null, 10, 100);
insert into tests.ids select 'chair', id from public.create_product('CHAIR-1', 'Chair', null, 900, 4, 10,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('wood'), 'quantity', 2.5)));
insert into tests.ids select 'run', id from public.start_production(tests.id('chair'), 6);

-- Another user and anon first: cannot complete the owner's order --------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.complete_production(tests.id('run')) $$,
  'P0001', 'Manufacturing order not found.', 'Another user cannot complete the owner''s order: it is not found');
select tests.authenticate_as_anon();
select throws_ok($$ select public.complete_production(tests.id('run')) $$,
  '42501', 'permission denied for function complete_production', 'anon cannot complete an order');
reset role;
select results_eq(
  $$ select o.status::text, p.stock_on_hand from public.manufacturing_orders o
     join public.products p on p.id = o.product_id where o.id = tests.id('run') $$,
  $$ values ('In Progress', 4::numeric) $$,
  'After the refused attempts the order is still In Progress and stock is unchanged'
);

-- Owner: the happy path ------------------------------------------------------------------------
select tests.authenticate_as('owner');
select results_eq(
  $$ select status::text, completion_date = now() from public.complete_production(tests.id('run')) $$,
  $$ values ('Completed', true) $$,
  'Completing returns the order with status Completed and the completion date set to now'
);
select is((select status::text from public.manufacturing_orders where id = tests.id('run')), 'Completed',
  'The stored order is Completed');
select ok((select completion_date is not null from public.manufacturing_orders where id = tests.id('run')),
  'The stored order has a completion date');
select is((select stock_on_hand from public.products where id = tests.id('chair')), 10::numeric,
  'Completion adds the 6 produced to stock on hand (4 -> 10)');
select is((select stock_level from public.raw_materials where id = tests.id('wood')), 85.000::numeric(14,3),
  'Completion consumes no further material (100 - 2.5 x 6 = 85, taken at start)');
select results_eq(
  $$ select product_id, material_id, quantity, balance_after, reason::text
     from public.stock_movements where manufacturing_order_id = tests.id('run') and reason = 'production_output' $$,
  $$ values (tests.id('chair'), null::uuid, 6.000::numeric(14,3), 10.000::numeric(14,3), 'production_output') $$,
  'Completion writes one production_output ledger row: +6 of the product, balance 10, the order as source'
);

-- Only forward, only once ------------------------------------------------------------------------
select throws_ok($$ select public.complete_production(tests.id('run')) $$,
  'P0001', 'This manufacturing order is already completed.', 'Completing an order twice is refused');
select is((select stock_on_hand from public.products where id = tests.id('chair')), 10::numeric,
  'The repeated completion added no stock');
select is((select count(*) from public.stock_movements where manufacturing_order_id = tests.id('run')
           and reason = 'production_output'), 1::bigint,
  'The repeated completion wrote no second output row');
select throws_ok($$ update public.manufacturing_orders set status = 'In Progress', completion_date = null
                   where id = tests.id('run') $$,
  '42501', 'permission denied for table manufacturing_orders', 'The owner cannot move an order back to In Progress');

-- Bad ids ----------------------------------------------------------------------------------------
select throws_ok($$ select public.complete_production(null) $$,
  'P0001', 'Manufacturing order not found.', 'Completing with no order id is refused');
select throws_ok($$ select public.complete_production(gen_random_uuid()) $$,
  'P0001', 'Manufacturing order not found.', 'Completing an order that does not exist is refused');
select throws_ok($$ select public.complete_production(tests.id('chair')) $$,
  'P0001', 'Manufacturing order not found.', 'A product id is not a manufacturing order id');
-- Stock beyond the integer range is refused clearly, and the order stays In Progress to retry.
insert into tests.ids select 'bulk', id from public.create_product('BULK-1', 'Bulk', null, 1, 1000000000);
insert into tests.ids select 'bulk run 1', id from public.start_production(tests.id('bulk'), 1000000000);
insert into tests.ids select 'bulk run 2', id from public.start_production(tests.id('bulk'), 1000000000);
select lives_ok($$ select public.complete_production(tests.id('bulk run 1')) $$,
  'Completing up to 2000000000 in stock is allowed');
select throws_ok($$ select public.complete_production(tests.id('bulk run 2')) $$,
  'P0001', 'Completing this order would take stock on hand above 2147483647.',
  'A completion that would overflow stock on hand is refused with a clear message');
select results_eq(
  $$ select o.status::text, p.stock_on_hand from public.manufacturing_orders o
     join public.products p on p.id = o.product_id where o.id = tests.id('bulk run 2') $$,
  $$ values ('In Progress', 2000000000::numeric) $$,
  'The refused completion left the order In Progress and the stock as it was'
);

set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select throws_ok($$ select public.complete_production(tests.id('run')) $$,
  '42501', 'Not signed in.', 'Completing without a user id is refused');

select * from finish();
rollback;

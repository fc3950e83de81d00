-- fulfil_sales_order: Unfulfilled -> Fulfilled only, once, by the owner; nothing else changes.
begin;
set local client_min_messages = warning;
select plan(14);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'lamp', id from public.create_product('LAMP-1', 'Lamp', null, 80, 10);
insert into tests.ids select 'order', id from public.log_sale(tests.id('lamp'), 3, 'Myntra');

create temp table before on commit drop as
select (select stock_on_hand from public.products where id = tests.id('lamp')) as stock,
       (select count(*) from public.stock_movements) as movements,
       (select to_jsonb(o) - 'status' from public.sales_orders o where id = tests.id('order')) as order_fields;
grant select on before to authenticated;

-- Another user first: cannot fulfil the owner's order ------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.fulfil_sales_order(tests.id('order')) $$,
  'P0001', 'Sales order not found.', 'Another user cannot fulfil the owner''s order: it is not found');
select tests.authenticate_as_anon();
select throws_ok($$ select public.fulfil_sales_order(tests.id('order')) $$,
  '42501', 'permission denied for function fulfil_sales_order', 'anon cannot fulfil an order');
reset role;
select is((select status::text from public.sales_orders where id = tests.id('order')), 'Unfulfilled',
  'The order is still Unfulfilled after the refused attempts');

-- Owner: the happy path ------------------------------------------------------------------------
select tests.authenticate_as('owner');
select is((select status::text from public.fulfil_sales_order(tests.id('order'))), 'Fulfilled',
  'Fulfilling returns the order with status Fulfilled');
select is((select status::text from public.sales_orders where id = tests.id('order')), 'Fulfilled',
  'The stored order is Fulfilled');
select is((select stock_on_hand from public.products where id = tests.id('lamp')), (select stock from before),
  'Fulfilling does not change stock (it left when the sale was logged)');
select is((select count(*) from public.stock_movements), (select movements from before),
  'Fulfilling writes no ledger row');
select is((select to_jsonb(o) - 'status' from public.sales_orders o where id = tests.id('order')),
  (select order_fields from before), 'Fulfilling changes no field of the order but its status');

-- Only forward, only once ------------------------------------------------------------------------
select throws_ok($$ select public.fulfil_sales_order(tests.id('order')) $$,
  'P0001', 'This order is already fulfilled.', 'Fulfilling an order twice is refused');
select is((select status::text from public.sales_orders where id = tests.id('order')), 'Fulfilled',
  'The order stays Fulfilled after the repeated attempt');
select throws_ok($$ update public.sales_orders set status = 'Unfulfilled' where id = tests.id('order') $$,
  '42501', 'permission denied for table sales_orders', 'The owner cannot move an order back to Unfulfilled');

-- Bad ids ----------------------------------------------------------------------------------------
select throws_ok($$ select public.fulfil_sales_order(null) $$,
  'P0001', 'Sales order not found.', 'Fulfilling with no order id is refused');
select throws_ok($$ select public.fulfil_sales_order(gen_random_uuid()) $$,
  'P0001', 'Sales order not found.', 'Fulfilling an order that does not exist is refused');
select throws_ok($$ select public.fulfil_sales_order(tests.id('lamp')) $$,
  'P0001', 'Sales order not found.', 'A product id is not an order id');

select * from finish();
rollback;

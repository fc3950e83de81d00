-- fulfil_sales_orders: the orders ticked in Sales Orders, all or nothing. Every id must be one of
-- the caller's Unfulfilled orders, or nothing changes and the refusal says why; at most 1,000 ids;
-- only their status changes (no stock, no ledger).
begin;
set local client_min_messages = warning;
select plan(22);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'lamp', id from public.create_product('LAMP-1', 'Lamp', null, 80, 2000);
insert into tests.ids select 'a', id from public.log_sale(tests.id('lamp'), 1, 'Amazon');
insert into tests.ids select 'b', id from public.log_sale(tests.id('lamp'), 2, 'Flipkart');
insert into tests.ids select 'c', id from public.log_sale(tests.id('lamp'), 3, 'Myntra');
insert into tests.ids select 'done', id from public.log_sale(tests.id('lamp'), 1, 'Amazon');
select from public.fulfil_sales_order(tests.id('done'));
insert into tests.ids select 'cancelled', id from public.log_sale(tests.id('lamp'), 1, 'Amazon');
select from public.cancel_sales_order(tests.id('cancelled'));
select tests.authenticate_as('other');
insert into tests.ids select 'their_lamp', id from public.create_product('LAMP-1', 'Their Lamp', null, 80, 10);
insert into tests.ids select 'theirs', id from public.log_sale(tests.id('their_lamp'), 1, 'Amazon');
reset role;

create function pg_temp.statuses() returns text language sql as $$
  select string_agg(n.name || '=' || o.status, ' ' order by n.name)
  from tests.ids n join public.sales_orders o on o.id = n.id and o.user_id = tests.id('owner')
$$;
create temp table before on commit drop as
select (select sum(stock_on_hand) from public.products) as stock,
       (select count(*) from public.stock_movements) as movements,
       (select jsonb_agg(to_jsonb(o) - 'status' order by o.id) from public.sales_orders o) as order_fields,
       pg_temp.statuses() as statuses;
grant select on before to authenticated;
grant execute on function pg_temp.statuses() to authenticated;

-- Refusals: nothing changes ----------------------------------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.fulfil_sales_orders(array[tests.id('a')]) $$,
  'P0001', '1 of the 1 orders was not found. Nothing was fulfilled.',
  'Another user cannot fulfil the owner''s order: it is not found');
select tests.authenticate_as('owner');
select throws_ok($$ select public.fulfil_sales_orders(array[tests.id('a'), tests.id('theirs')]) $$,
  'P0001', '1 of the 2 orders was not found. Nothing was fulfilled.',
  'One of another user''s ids among the owner''s refuses the whole call');
select throws_ok($$ select public.fulfil_sales_orders(array[tests.id('a'), gen_random_uuid(), tests.id('lamp')]) $$,
  'P0001', '2 of the 3 orders were not found. Nothing was fulfilled.',
  'Ids of no order (a random id, a product''s id) refuse the whole call');
select throws_ok($$ select public.fulfil_sales_orders(array[tests.id('a'), tests.id('b'), tests.id('done')]) $$,
  'P0001', '1 of the 3 orders is no longer Unfulfilled (fulfilled, cancelled or returned). Nothing was fulfilled.',
  'An order already Fulfilled among them refuses the whole call');
select throws_ok($$ select public.fulfil_sales_orders(array[tests.id('cancelled'), tests.id('done'), tests.id('c')]) $$,
  'P0001', '2 of the 3 orders are no longer Unfulfilled (fulfilled, cancelled or returned). Nothing was fulfilled.',
  'A cancelled order among them refuses the whole call too');
select throws_ok($$ select public.fulfil_sales_orders(array[]::uuid[]) $$,
  'P0001', 'Choose at least one order to fulfil.', 'An empty list is refused');
select throws_ok($$ select public.fulfil_sales_orders(null) $$,
  'P0001', 'Choose at least one order to fulfil.', 'No list is refused');
select throws_ok($$ select public.fulfil_sales_orders(array[tests.id('a'), null]) $$,
  'P0001', 'Sales order not found.', 'A null id is refused');
select throws_ok($$ select public.fulfil_sales_orders(array(select tests.id('a') from generate_series(1, 1001))) $$,
  'P0001', 'At most 1000 orders can be fulfilled at once; this has 1001.',
  'More than 1,000 ids are refused before anything is read');
select tests.authenticate_as_anon();
select throws_ok($$ select public.fulfil_sales_orders(array[tests.id('a')]) $$,
  '42501', 'permission denied for function fulfil_sales_orders', 'anon cannot fulfil orders');
select tests.authenticate_as('owner');
select is(pg_temp.statuses(), (select statuses from before), 'After every refusal, no order''s status changed');

-- The happy path: only the given orders, only their status ------------------------------------------
select is(public.fulfil_sales_orders(array[tests.id('a'), tests.id('b'), tests.id('a')]), 2,
  'Fulfilling a and b (a given twice) fulfils two orders and says so');
select is((select string_agg(status::text, ' ' order by id = tests.id('b')) from public.sales_orders
  where id in (tests.id('a'), tests.id('b'))), 'Fulfilled Fulfilled', 'Both are Fulfilled');
select is((select status::text from public.sales_orders where id = tests.id('c')), 'Unfulfilled',
  'An order not given stays Unfulfilled');
reset role;
select is((select status::text from public.sales_orders where id = tests.id('theirs')), 'Unfulfilled',
  'Another user''s order is untouched');
select is((select sum(stock_on_hand) from public.products), (select stock from before),
  'Fulfilling does not change stock (it left when the sales were logged)');
select is((select count(*) from public.stock_movements), (select movements from before),
  'Fulfilling writes no ledger row');
select is((select jsonb_agg(to_jsonb(o) - 'status' order by o.id) from public.sales_orders o),
  (select order_fields from before), 'Fulfilling changes no field of any order but the status');
select tests.authenticate_as('owner');
select throws_ok($$ select public.fulfil_sales_orders(array[tests.id('a')]) $$,
  'P0001', '1 of the 1 orders is no longer Unfulfilled (fulfilled, cancelled or returned). Nothing was fulfilled.',
  'Fulfilling them again is refused: there is no way back and no repeat');

-- The bound: exactly 1,000 go in one call ----------------------------------------------------------
reset role;
insert into public.sales_orders (user_id, platform, product_id, product_name, quantity, unit_price, total_amount)
select tests.id('owner'), 'Amazon', tests.id('lamp'), 'Lamp', 1, 80, 80 from generate_series(1, 999);
select tests.authenticate_as('owner');
select is(public.fulfil_sales_orders(array(
    select id from public.sales_orders where status = 'Unfulfilled' and user_id = tests.id('owner'))), 1000,
  'The 1,000 open orders (999 + c) are fulfilled in one call');
select is((select count(*)::int from public.sales_orders where status = 'Unfulfilled'), 0,
  'None of the owner''s orders is left Unfulfilled');
select is((select provolatile from pg_proc where oid = 'public.fulfil_sales_orders(uuid[])'::regprocedure),
  'v', 'fulfil_sales_orders is a volatile (writing) function');

select * from finish();
rollback;

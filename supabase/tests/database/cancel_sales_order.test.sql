-- cancel_sales_order: Unfulfilled -> Cancelled, once, by the owner; the quantity goes back to
-- stock with a sale_cancelled ledger row naming the order.
begin;
set local client_min_messages = warning;
select plan(14);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'tee', id from public.create_product('TEE-1', 'Tee', null, 299, 10);
insert into tests.ids select 'order', id from public.log_sale(tests.id('tee'), 4, 'Flipkart');
insert into tests.ids select 'shipped', id from public.log_sale(tests.id('tee'), 1, 'Amazon');
select public.fulfil_sales_order(tests.id('shipped'));

-- Another user and anon first: refused, nothing changes ---------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.cancel_sales_order(tests.id('order')) $$,
  'P0001', 'Sales order not found.', 'Another user cannot cancel the owner''s order: it is not found');
select tests.authenticate_as_anon();
select throws_ok($$ select public.cancel_sales_order(tests.id('order')) $$,
  '42501', 'permission denied for function cancel_sales_order', 'anon cannot cancel an order');
reset role;
select is((select (status::text, stock_on_hand) from public.sales_orders o join public.products p on p.id = o.product_id
           where o.id = tests.id('order')), ('Unfulfilled'::text, 5::numeric),
  'After the refused attempts the order is Unfulfilled and stock is 5');

-- Owner: the happy path ------------------------------------------------------------------------
select tests.authenticate_as('owner');
select is((select status::text from public.cancel_sales_order(tests.id('order'))), 'Cancelled',
  'Cancelling returns the order with status Cancelled');
select is((select stock_on_hand from public.products where id = tests.id('tee')), 9::numeric,
  'The 4 units are back in stock (5 + 4)');
select results_eq(
  $$ select quantity, balance_after, reason::text, sales_order_id from public.stock_movements
     where product_id = tests.id('tee') order by id desc limit 1 $$,
  $$ values (4.000::numeric(14,3), 9.000::numeric(14,3), 'sale_cancelled', tests.id('order')) $$,
  'A sale_cancelled ledger row of +4 names the order');

-- Refusals ---------------------------------------------------------------------------------------
select throws_ok($$ select public.cancel_sales_order(tests.id('order')) $$,
  'P0001', 'Only unfulfilled orders can be cancelled.', 'Cancelling twice is refused');
select throws_ok($$ select public.fulfil_sales_order(tests.id('order')) $$,
  'P0001', 'This order is already cancelled.', 'A cancelled order cannot be fulfilled');
select throws_ok($$ select public.cancel_sales_order(tests.id('shipped')) $$,
  'P0001', 'Only unfulfilled orders can be cancelled.', 'A fulfilled order cannot be cancelled');
select throws_ok($$ select public.cancel_sales_order(null) $$,
  'P0001', 'Sales order not found.', 'No order id is refused');
select throws_ok($$ select public.cancel_sales_order(tests.id('tee')) $$,
  'P0001', 'Sales order not found.', 'A product id is not an order id');
select is((select stock_on_hand from public.products where id = tests.id('tee')), 9::numeric,
  'Stock is unchanged by the refused cancellations');
select is((select status::text from public.sales_orders where id = tests.id('shipped')), 'Fulfilled',
  'The fulfilled order stays Fulfilled');
select is((select sum(quantity) from public.stock_movements where product_id = tests.id('tee')), 9.000::numeric,
  'Stock equals the sum of the product''s movements (10 - 4 - 1 + 4)');

select * from finish();
rollback;

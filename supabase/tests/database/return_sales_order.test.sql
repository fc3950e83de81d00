-- return_sales_order: Fulfilled -> Returned, once, by the owner; with restock (the default) the
-- quantity goes back with a sale_return ledger row, without it (damaged) stock stays and a claim
-- opens. Either way it is one return of every unit (returns.sql).
begin;
set local client_min_messages = warning;
select plan(17);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'bag', id from public.create_product('BAG-1', 'Tote Bag', null, 350, 10);
insert into tests.ids select 'rto', id from public.log_sale(tests.id('bag'), 3, 'Myntra');
insert into tests.ids select 'damaged', id from public.log_sale(tests.id('bag'), 2, 'Amazon');
insert into tests.ids select 'open', id from public.log_sale(tests.id('bag'), 1, 'Flipkart');
select public.fulfil_sales_order(tests.id('rto'));
select public.fulfil_sales_order(tests.id('damaged'));

-- Another user and anon first -------------------------------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.return_sales_order(tests.id('rto')) $$,
  'P0001', 'Sales order not found.', 'Another user cannot return the owner''s order: it is not found');
select tests.authenticate_as_anon();
select throws_ok($$ select public.return_sales_order(tests.id('rto')) $$,
  '42501', 'permission denied for function return_sales_order', 'anon cannot return an order');

-- Owner: a return to stock -------------------------------------------------------------------------
select tests.authenticate_as('owner');
select results_eq($$ select status::text, return_note from public.return_sales_order(tests.id('rto'), note => 'RTO') $$,
  $$ values ('Returned', 'RTO') $$, 'Returning gives status Returned and keeps the note');
select is((select stock_on_hand from public.products where id = tests.id('bag')), 7::numeric,
  'With restock the 3 units are back (4 + 3)');
select results_eq(
  $$ select quantity, balance_after, reason::text, sales_order_id, note from public.stock_movements
     where product_id = tests.id('bag') order by id desc limit 1 $$,
  $$ values (3.000::numeric(14,3), 7.000::numeric(14,3), 'sale_return', tests.id('rto'), 'RTO') $$,
  'A sale_return ledger row of +3 names the order and the note');

-- Owner: a damaged return ---------------------------------------------------------------------------
select is((select status::text from public.return_sales_order(tests.id('damaged'), false, 'Torn')), 'Returned',
  'A damaged return is Returned too');
select is((select stock_on_hand from public.products where id = tests.id('bag')), 7::numeric,
  'Without restock stock stays 7');
select is_empty($$ select 1 from public.stock_movements where sales_order_id = tests.id('damaged') and reason = 'sale_return' $$,
  'Without restock no ledger row is written');
select is((select return_note from public.sales_orders where id = tests.id('damaged')), 'Torn',
  'The damaged return keeps its note on the order');
-- One way to return (issue 29): each whole-order return is one customer return of every unit.
select results_eq(
  $$ select sales_order_id, kind::text, sellable, damaged, note from public.sales_returns order by sellable desc $$,
  $$ values (tests.id('rto'), 'customer_return', 3, 0, 'RTO'), (tests.id('damaged'), 'customer_return', 0, 2, 'Torn') $$,
  'Each whole-order return is recorded as a return of every unit: sellable with restock, damaged without');
select results_eq(
  $$ select sales_order_id, reason::text, units, status::text from public.return_claims $$,
  $$ values (tests.id('damaged'), 'damaged', 2, 'Open') $$,
  'The damaged units open a claim; the restocked ones none');

-- Refusals ---------------------------------------------------------------------------------------
select throws_ok($$ select public.return_sales_order(tests.id('rto')) $$,
  'P0001', 'Only fulfilled orders can be returned.', 'Returning twice is refused');
select throws_ok($$ select public.return_sales_order(tests.id('open')) $$,
  'P0001', 'Only fulfilled orders can be returned.', 'An unfulfilled order cannot be returned');
select throws_ok($$ select public.return_sales_order(tests.id('open'), true, repeat('n', 501)) $$,
  'P0001', 'Note must be at most 500 characters.', 'An overlong note is refused');
select throws_ok($$ select public.return_sales_order(gen_random_uuid()) $$,
  'P0001', 'Sales order not found.', 'An unknown order is refused');
select is((select (stock_on_hand, (select status::text from public.sales_orders where id = tests.id('open'))) from public.products where id = tests.id('bag')),
  (7::numeric, 'Unfulfilled'::text), 'The refused returns changed neither stock nor the open order');
select is((select sum(quantity) from public.stock_movements where product_id = tests.id('bag')), 7.000::numeric,
  'Stock equals the sum of the product''s movements (10 - 3 - 2 - 1 + 3)');

select * from finish();
rollback;

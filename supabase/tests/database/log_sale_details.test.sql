-- log_sale's optional details, as a sale logged by hand from a marketplace's order page: the price
-- it sold at, the day it was ordered and the marketplace's order id. Each bad one is refused on its
-- field and writes nothing.
begin;
set local client_min_messages = warning;
select plan(16);

select tests.create_user('owner');
select tests.authenticate_as('owner');
insert into tests.ids select 'kurta', id
from public.create_product('KUR-M', 'Kurta M', null, 1299, 20, 2, '[]');

-- An offer price, a past day and an order id ---------------------------------------------------
insert into tests.ids select 'offer', id
from public.log_sale(tests.id('kurta'), 2, 'Myntra', null, 999.5, '2026-03-05', ' MYN-1001 ');

select results_eq(
  $$ select unit_price, total_amount, external_order_id,
            (order_date at time zone 'Asia/Kolkata')::text
     from public.sales_orders where id = tests.id('offer') $$,
  $$ values (999.50::numeric(12,2), 1999.00::numeric(14,2), 'MYN-1001', '2026-03-05 00:00:00') $$,
  'An offer price sets the unit price and the total; a past day is midnight in India; the order id is trimmed'
);
select is((select stock_on_hand from public.products where id = tests.id('kurta')), 18::numeric,
  'The sale takes its quantity from stock as any other');

-- Defaults: the list price and now -----------------------------------------------------------
insert into tests.ids select 'today', id
from public.log_sale(tests.id('kurta'), 1, 'Amazon', null, null, (now() at time zone 'Asia/Kolkata')::date, null);
select results_eq(
  $$ select unit_price, total_amount, order_date = now(), external_order_id
     from public.sales_orders where id = tests.id('today') $$,
  $$ values (1299.00::numeric(12,2), 1299.00::numeric(14,2), true, null::text) $$,
  'Without a price the list price is taken; today is now, not midnight; no order id is none'
);

-- Refusals, each on its field, nothing written --------------------------------------------------
create temp table counts_before on commit drop as
select (select count(*) from public.sales_orders) as orders,
       (select stock_on_hand from public.products where id = tests.id('kurta')) as stock;
grant select on counts_before to authenticated;

select is(tests.refusal($$ select public.log_sale(tests.id('kurta'), 1, 'Myntra', null, 0) $$),
  'P0001 | Sale price must be at least 0.01. | field:unit_price', 'A zero sale price is refused on its field');
select is(tests.refusal($$ select public.log_sale(tests.id('kurta'), 1, 'Myntra', null, 99.999) $$),
  'P0001 | Sale price can have at most 2 decimal places. | field:unit_price', 'A price in fractions of a paisa is refused');
select is(tests.refusal($$ select public.log_sale(tests.id('kurta'), 1, 'Myntra', null, 'NaN') $$),
  'P0001 | Sale price must be a number. | field:unit_price', 'NaN is not a price');
select is(tests.refusal(
  $$ select public.log_sale(tests.id('kurta'), 1, 'Myntra', null, null, (now() at time zone 'Asia/Kolkata')::date + 1) $$),
  'P0001 | Order date must be between 2000-01-01 and today. | field:order_date', 'Tomorrow (in India) is refused');
select is(tests.refusal($$ select public.log_sale(tests.id('kurta'), 1, 'Myntra', null, null, '1999-12-31') $$),
  'P0001 | Order date must be between 2000-01-01 and today. | field:order_date', 'A day before 2000 is refused, as in imports');
select is(tests.refusal($$ select public.log_sale(tests.id('kurta'), 1, 'Myntra', null, null, null, repeat('x', 101)) $$),
  'P0001 | Order ID must be at most 100 characters. | field:order_id', 'An order id longer than the column keeps is refused');
select is(tests.refusal($$ select public.log_sale(tests.id('kurta'), 1, 'Myntra', null, null, null, 'MYN-1001') $$),
  'P0001 | Myntra order MYN-1001 already has a sale of Kurta M. | field:order_id',
  'The same order line twice is refused, as an import would skip it');
select is((select count(*) from public.sales_orders), (select orders from counts_before),
  'No refused sale wrote an order');
select is((select stock_on_hand from public.products where id = tests.id('kurta')), (select stock from counts_before),
  'No refused sale took stock');

-- The same order id on another platform or for another product is another line -----------------
select lives_ok($$ select public.log_sale(tests.id('kurta'), 1, 'Flipkart', null, null, null, 'MYN-1001') $$,
  'The same id on another platform is another order');
select is((select count(*)::int from public.sales_orders where external_order_id = 'MYN-1001'), 2,
  'Both lines are recorded');

-- The total's bound holds for an offer price too -----------------------------------------------
select is(tests.refusal($$ select public.log_sale(tests.id('kurta'), 2, 'Other', null, 999999999999) $$),
  'P0001 | Sale price must be at most 1000000000. | field:unit_price', 'A price above the limit is refused');
select is((select order_date from public.log_sale(tests.id('kurta'), 1, 'Other', null, null, '2000-01-01')),
  '2000-01-01 00:00:00+05:30'::timestamptz, 'The first day imports accept is accepted');

select * from finish();
rollback;

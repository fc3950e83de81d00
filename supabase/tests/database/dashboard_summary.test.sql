-- dashboard_summary: the four figures (with the spec's reorder-point fallbacks) and the five most
-- recent sales, newest first, from the caller's rows only. Revenue leaves out cancelled and
-- returned sales, open orders are the Unfulfilled ones, archived items are never low stock.
begin;
set local client_min_messages = warning;
select plan(20);

select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('newcomer');

-- Owner's data: one well-stocked product with 7 sales, and items on either side of each threshold.
select tests.authenticate_as('owner');
insert into tests.ids select 'mug', id from public.create_product('MUG-1', 'Mug', null, 50, 100, 10);
select from public.create_product('LOW-1', 'Low', null, 5, 5, 10);                  -- 5 < 10: low
select from public.create_product('FBL-1', 'Fallback low', null, 5, 9, null);       -- 9 < 10 (fallback): low
insert into tests.ids select 'fallback ok', id
from public.create_product('FBO-1', 'Fallback ok', null, 5, 10, null);         -- 10 < 10: not low
select from public.create_product('ZERO-1', 'Zero point', null, 5, 0, 0);           -- 0 < 0: not low
select from public.create_raw_material('Fallback low', null, 1, 19.999, 'kg', null); -- < 20 (fallback): low
select from public.create_raw_material('Fallback ok', null, 1, 20, 'kg', null);      -- 20 < 20: not low
select from public.create_raw_material('Fraction low', null, 1, 0.5, 'kg', 1);       -- 0.5 < 1: low
select from public.create_raw_material('Zero point', null, 1, 0, 'kg', 0);          -- 0 < 0: not low

select from generate_series(1, 7) as q,
  lateral public.log_sale(tests.id('mug'), q, (array['Flipkart', 'Myntra', 'Amazon', 'Brand Website', 'Other'])[1 + q % 5]);
-- All seven sales share now() inside this transaction; spread them an hour apart, sale q newest at q = 7.
reset role;
update public.sales_orders set order_date = now() - make_interval(hours => 8 - quantity)
where user_id = tests.id('owner');
select tests.authenticate_as('owner');
select from (select public.fulfil_sales_order(id) from public.sales_orders where quantity in (2, 6)) as fulfilled;

create temp table owner_summary on commit drop as select public.dashboard_summary() as s;
grant select on owner_summary to authenticated;

select is((select (s ->> 'total_revenue')::numeric from owner_summary), 1400::numeric,
  'Total revenue is the sum of all order totals: (1+2+...+7) x 50 = 1400, fulfilled or not');
select is((select (s ->> 'open_sales_orders')::int from owner_summary), 5,
  'Open sales orders counts the 5 Unfulfilled of 7');
select is((select (s ->> 'low_stock_products')::int from owner_summary), 2,
  'Low-stock products: below the reorder point, 10 where none was given; at the point is not low');
select is((select (s ->> 'low_stock_materials')::int from owner_summary), 2,
  'Low-stock materials: below the reorder point, 20 where none was given; fractions count');
select is((select jsonb_path_query_array(s, '$.recent_sales[*].quantity') from owner_summary),
  '[7, 6, 5, 4, 3]'::jsonb, 'Recent sales are the 5 newest, newest first');
select set_eq(
  $$ select jsonb_object_keys(s -> 'recent_sales' -> 0) from owner_summary $$,
  array['id', 'platform', 'product_name', 'quantity', 'total_amount', 'status', 'order_date'],
  'Each recent sale carries id, platform, product name, quantity, total, status and date'
);
select is((select (s -> 'recent_sales' -> 0) - 'id' - 'order_date' from owner_summary),
  '{"platform": "Amazon", "product_name": "Mug", "quantity": 7, "total_amount": 350.00, "status": "Unfulfilled"}'::jsonb,
  'The newest sale reads platform, product, quantity, total and status as stored');
select is((select s -> 'recent_sales' -> 1 ->> 'status' from owner_summary), 'Fulfilled',
  'A fulfilled order shows as Fulfilled in the recent list');
select set_eq($$ select jsonb_object_keys(s) from owner_summary $$,
  array['total_revenue', 'total_revenue_including_gst', 'open_sales_orders', 'low_stock_products',
    'low_stock_materials', 'recent_sales'],
  'The summary is one small object with exactly the five dashboard entries and the revenue including GST');

select from public.log_sale(tests.id('fallback ok'), 1);
select is((public.dashboard_summary() ->> 'low_stock_products')::int, 3,
  'Selling one unit of the product sitting at its fallback point makes it low (9 < 10)');

-- Another user: their own figures only ----------------------------------------------------------
select tests.authenticate_as('other');
insert into tests.ids select 'cup', id from public.create_product('CUP-1', 'Cup', null, 30, 2);
select from public.log_sale(tests.id('cup'), 2, 'Myntra');
select is((public.dashboard_summary() - 'recent_sales'),
  '{"total_revenue": 60.00, "total_revenue_including_gst": 60.00, "open_sales_orders": 1, "low_stock_products": 1,
    "low_stock_materials": 0}'::jsonb,
  'Another user''s figures count only their own sale and product');
select is((select jsonb_path_query_array(public.dashboard_summary(), '$.recent_sales[*].product_name')),
  '["Cup"]'::jsonb, 'Another user''s recent sales list only their own order');

select tests.authenticate_as('owner');
select is(((public.dashboard_summary() ->> 'total_revenue')::numeric, (public.dashboard_summary() ->> 'open_sales_orders')::int),
  (1405::numeric, 6), 'The owner''s figures exclude the other user''s sale (1400 + their own 5)');

-- Cancelled and returned sales earned nothing; archived items are not low stock --------------
select from public.cancel_sales_order((select id from public.sales_orders where quantity = 7));
select is(((public.dashboard_summary() ->> 'total_revenue')::numeric, (public.dashboard_summary() ->> 'open_sales_orders')::int),
  (1055::numeric, 5), 'A cancelled order leaves revenue (1405 - 350) and the open count (Unfulfilled only)');
select from public.return_sales_order((select id from public.sales_orders where quantity = 6), false);
select is(((public.dashboard_summary() ->> 'total_revenue')::numeric, (public.dashboard_summary() ->> 'open_sales_orders')::int),
  (755::numeric, 5), 'A returned order leaves revenue (1055 - 300); it was not open');
select is((select jsonb_path_query_array(public.dashboard_summary(), '$.recent_sales[*].status')),
  '["Unfulfilled", "Cancelled", "Returned", "Unfulfilled", "Unfulfilled"]'::jsonb,
  'Recent sales still list cancelled and returned orders, with their status');
select from public.archive_item(product_id => (select id from public.products where sku = 'LOW-1'));
select is((public.dashboard_summary() ->> 'low_stock_products')::int, 2,
  'An archived low-stock product no longer counts as low stock (3 - 1)');

select tests.authenticate_as('newcomer');
select is(public.dashboard_summary(),
  '{"total_revenue": 0, "total_revenue_including_gst": 0, "open_sales_orders": 0, "low_stock_products": 0,
    "low_stock_materials": 0, "recent_sales": []}'::jsonb,
  'A user with no data gets zeros and an empty recent list');

set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select is((public.dashboard_summary() ->> 'total_revenue')::numeric, 0::numeric,
  'Without a user id the dashboard sees nobody''s data');
select tests.authenticate_as_anon();
select throws_ok($$ select public.dashboard_summary() $$, '42501',
  'permission denied for function dashboard_summary', 'anon cannot read the dashboard');

select * from finish();
rollback;

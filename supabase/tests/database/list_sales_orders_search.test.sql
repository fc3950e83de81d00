-- list_sales_orders' search: product name (contains), SKU (prefix) and, since the list shows it,
-- the marketplace order id (contains), in any case, taken literally, only among the caller's orders.
begin;
set local client_min_messages = warning;
select plan(9);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'kurta', id from public.create_product('KUR-01', 'Cotton Kurta', null, 500, 50);
insert into tests.ids select 'shirt', id from public.create_product('SHI-01', 'Linen Shirt', null, 700, 50);
select public.import_sales_orders('Amazon', $$[
  {"external_order_id": "408-1234567-7654321", "order_date": "2026-01-05", "sku": "KUR-01", "quantity": 1, "total_amount": 500},
  {"external_order_id": "171-9999999-0000001", "order_date": "2026-01-06", "sku": "SHI-01", "quantity": 1, "total_amount": 700}
]$$);
select public.import_sales_orders('Flipkart', $$[
  {"external_order_id": "OD4321_50%", "order_date": "2026-01-07", "sku": "SHI-01", "quantity": 2, "total_amount": 1400}
]$$);
select from public.log_sale(tests.id('kurta'), 1, 'Myntra');
select tests.authenticate_as('other');
insert into tests.ids select 'their', id from public.create_product('OTH-01', 'Other Kurta', null, 500, 50);
select public.import_sales_orders('Amazon', $$[
  {"external_order_id": "408-1234567-0000009", "order_date": "2026-01-05", "sku": "OTH-01", "quantity": 1, "total_amount": 500}
]$$);
select tests.authenticate_as('owner');

create function pg_temp.found(search text) returns text[] language sql as $$
  select coalesce(array_agg(r ->> 'external_order_id' order by r ->> 'external_order_id'), '{}')
  from jsonb_array_elements(public.list_sales_orders(search => search) -> 'rows') r
$$;

select is(pg_temp.found('408-1234567-7654321'), array['408-1234567-7654321'],
  'The whole marketplace order id finds its order');
select is(pg_temp.found('1234567'), array['408-1234567-7654321'],
  'Part of an order id finds it (contains), and only the caller''s: the other user''s 408-1234567-… is not listed');
select is(pg_temp.found('  od4321 '), array['OD4321_50%'], 'An order id matches in any case, trimmed');
select is(pg_temp.found('_50%'), array['OD4321_50%'], 'An order id''s _ and % are searched for literally');
select is(pg_temp.found('4321_'), array['OD4321_50%'], 'and _ matches only an underscore (not 7654321 followed by any character)');
select is(pg_temp.found('kurta'), array['408-1234567-7654321', null],
  'A product name search still finds every order of the product, imported or logged by hand');
select is(pg_temp.found('shi-'), array['171-9999999-0000001', 'OD4321_50%'], 'A SKU prefix still finds its orders');
select is(public.list_sales_orders(search => '408-1234567', platform => 'Flipkart') ->> 'total', '0',
  'The search combines with the filters');
select is(pg_temp.found('999-nothing'), '{}'::text[], 'An id no order has finds nothing');

select * from finish();
rollback;

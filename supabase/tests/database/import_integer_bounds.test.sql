-- Every integer of an import line at its bound (issue 44): the largest accepted number is taken
-- (or refused for stock, with the stock message, never "integer out of range"), and one more is
-- refused naming its line and its field, as every other refusal of a line is. Order, return and
-- settlement imports and the catalogue import.
begin;
set local client_min_messages = warning;
select plan(14);

select tests.create_user('owner');
select tests.authenticate_as('owner');
insert into tests.ids select 'big', id from public.create_product('BIG-1', 'Big', null, 1, 1000000000);
insert into tests.ids select 'part', id from public.create_product('PART-1', 'Part', null, 1, 5);
insert into tests.ids select 'box', id from public.create_combo('BOX-1', 'Box', null, 10,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('part'), 'quantity', 1000)));

create function pg_temp.order_line(line_number bigint, order_id text, sku text, quantity numeric) returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object('line', line_number, 'external_order_id', order_id, 'order_date', '2026-11-01',
    'sku', sku, 'quantity', quantity, 'total_amount', 1000000000, 'status', 'Fulfilled')
$$;
grant execute on function pg_temp.order_line(bigint, text, text, numeric) to authenticated;

-- Orders ------------------------------------------------------------------------------------------
-- 1000000000 combo boxes of 1000 parts each ask for 10^12 parts: counted without overflow.
select results_eq(
  $$ select c ->> 'outcome', c ->> 'message' from jsonb_array_elements(public.preview_sales_orders_import('Amazon',
       jsonb_build_array(pg_temp.order_line(1, 'B1', 'BOX-1', 1000000000),
         pg_temp.order_line(2, 'B2', 'BOX-1', 1000000000), pg_temp.order_line(3, 'B3', 'BIG-1', 1000000000),
         pg_temp.order_line(4, 'B4', 'BIG-1', 1000000000)))) c $$,
  $$ values ('not_enough_stock', 'Not enough stock for Box. Only 0 available.'),
            ('not_enough_stock', 'Not enough stock for Box. Only 0 available.'),
            ('new', null), ('not_enough_stock', 'Not enough stock for Big. Only 0 available.') $$,
  'A preview of 1000000000 combo boxes, twice, and of 1000000000 units twice says which lines lack stock'
);
select throws_ok(
  $$ select public.import_sales_orders('Amazon', jsonb_build_array(pg_temp.order_line(7, 'B1', 'BOX-1', 1000000000))) $$,
  'P0001', 'Line 7: Not enough stock for Box. Only 0 available.',
  'Importing 1000000000 combo boxes is refused for stock, naming the line'
);
select is(
  public.import_sales_orders('Amazon', jsonb_build_array(pg_temp.order_line(1000000000, 'BIG', 'BIG-1', 1000000000))),
  '{"created": 1, "skipped": 0}'::jsonb,
  'A line numbered 1000000000 selling 1000000000 units, the stock, is imported'
);
select is((select stock_on_hand from public.products where id = tests.id('big')), 0::numeric, 'and takes the whole stock');
select throws_ok(
  $$ select public.import_sales_orders('Amazon', jsonb_build_array(pg_temp.order_line(1, 'N1', 'PART-1', 1),
       pg_temp.order_line(2, 'N2', 'PART-1', 1000000001))) $$,
  'P0001', 'Line 2: Quantity must be at most 1000000000.', 'One unit more is refused naming its line and field'
);
select throws_ok(
  $$ select public.import_sales_orders('Amazon', jsonb_build_array(pg_temp.order_line(1, 'N1', 'PART-1', 1e30))) $$,
  'P0001', 'Line 1: Quantity must be at most 1000000000.', 'as is a quantity of 10^30'
);
select throws_ok(
  $$ select public.import_sales_orders('Amazon', jsonb_build_array(pg_temp.order_line(1000000001, 'N1', 'PART-1', 1))) $$,
  'P0001', 'Line 1: Line number must be at most 1000000000.',
  'A line number over 1000000000 is refused, the line named by its position'
);

-- Returns -----------------------------------------------------------------------------------------
select throws_ok(
  $$ select public.import_returns('Amazon', '[{"external_order_id": "BIG", "sku": "BIG-1", "quantity": 1000000001,
       "kind": "rto", "return_date": "2026-11-02"}]') $$,
  'P0001', 'Line 1: Quantity must be at most 1000000000.', 'A return of 1000000001 units is refused naming its line and field'
);
select is(
  public.import_returns('Amazon', '[{"line": 1000000000, "external_order_id": "BIG", "sku": "BIG-1",
    "quantity": 1000000000, "kind": "rto", "return_date": "2026-11-02"}]') ->> 'created',
  '1', 'A return of all 1000000000 units on line 1000000000 is imported'
);
select is((select stock_on_hand from public.products where id = tests.id('big')), 1000000000::numeric,
  'and brings the stock back');

-- Settlements -------------------------------------------------------------------------------------
select is(
  (public.import_settlement('Amazon', '[{"line": 1000000000, "settlement_id": "S1", "external_order_id": "BIG",
    "sku": "BIG-1", "posted_date": "2026-11-03", "category": "sale", "amount": 1000000000}]')) ->> 'created',
  '1', 'A settlement line numbered 1000000000 of 1000000000 is imported'
);
select throws_ok(
  $$ select public.import_settlement('Amazon', '[{"line": 1000000001, "settlement_id": "S2", "posted_date": "2026-11-03",
       "category": "other", "amount": 1}]') $$,
  'P0001', 'Line 1: Line number must be at most 1000000000.', 'A settlement line numbered 1000000001 is refused'
);

-- Catalogue ---------------------------------------------------------------------------------------
select results_eq(
  $$ select row_number, message from public.import_products('[
       {"sku": "C-1", "product_name": "C1", "selling_price": "1000000000", "stock_on_hand": "1000000000", "reorder_point": "1000000000"},
       {"sku": "C-2", "product_name": "C2", "selling_price": "1", "stock_on_hand": "1000000001"}]', true) $$,
  $$ values (2, null::text), (3, 'Stock on hand must be at most 1000000000.') $$,
  'The catalogue import takes 1000000000 and refuses 1000000001 on its row, naming the field'
);
select throws_ok(
  $$ select * from public.import_products('[{"sku": "C-2", "product_name": "C2", "selling_price": "1", "reorder_point": "1000000001"}]') $$,
  'P0001', 'Row 2: Reorder point must be at most 1000000000.', 'and its commit names the row and field'
);

select * from finish();
rollback;

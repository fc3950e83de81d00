-- import_sales_orders and preview_sales_orders_import: marketplace order lines become sales in one
-- transaction, each with its order id and date, stock and ledger as log_sale moves them; a line
-- already imported is skipped; any refused line (named) writes nothing; the preview writes nothing.
begin;
set local client_min_messages = warning;
select plan(43);

select tests.create_user('owner');
select tests.create_user('other');

select tests.authenticate_as('owner');
insert into tests.ids select 'felt', id from public.create_raw_material('Felt', null, 12.5, 100, 'm', 5);
insert into tests.ids select 'widget', id from public.create_product('WID-1', 'Widget', null, 250, 5, 2, '[]');
insert into tests.ids select 'hat', id from public.create_product('HAT-1', 'Hat', null, 300, 10, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('felt'), 'quantity', 2)));
insert into tests.ids select 'old', id from public.create_product('OLD-1', 'Old Stock', null, 10, 10, 2, '[]');
select from public.archive_item(tests.id('old'));
select from public.set_platform_fees('Amazon', 10, 20, 30);

-- The preview as rows.
create function pg_temp.preview(platform text, lines jsonb)
returns table (line_number integer, outcome text, message text, product_name text) language sql as $$
  select * from jsonb_to_recordset(public.preview_sales_orders_import(platform, lines))
    as p (line_number integer, outcome text, message text, product_name text)
$$;

-- Counts of everything an import writes, to show that refusals and the preview write nothing.
create function pg_temp.snapshot() returns text language sql as $$
  select format('%s orders, %s movements, %s in stock',
    (select count(*) from public.sales_orders), (select count(*) from public.stock_movements),
    (select trim_scale(sum(stock_on_hand)) from public.products))
$$;

-- A report: order 111 with two products, order 222 for the widget again (2 + 4 > 5 in stock), a
-- SKU the owner does not sell, an archived product, a fractional quantity, and a repeated line.
create temp table report on commit drop as select $json$[
  {"line": 2, "external_order_id": "111-0000001-0000001", "order_date": "2026-01-05T10:30:00+05:30", "sku": "wid-1 ", "quantity": 2, "total_amount": 480},
  {"line": 3, "external_order_id": "111-0000001-0000001", "order_date": "2026-01-05T10:30:00+05:30", "sku": "HAT-1", "quantity": 1, "total_amount": 299.5},
  {"line": 4, "external_order_id": "222-0000002-0000002", "order_date": "2026-01-06", "sku": "WID-1", "quantity": 4, "total_amount": 1000},
  {"line": 5, "external_order_id": "333-0000003-0000003", "order_date": "2026-01-06", "sku": "NOPE-9", "quantity": 1, "total_amount": 10},
  {"line": 6, "external_order_id": "444-0000004-0000004", "order_date": "2026-01-06", "sku": "OLD-1", "quantity": 1, "total_amount": 10},
  {"line": 7, "external_order_id": "555-0000005-0000005", "order_date": "2026-01-06", "sku": "HAT-1", "quantity": 2.5, "total_amount": 10},
  {"line": 8, "external_order_id": "111-0000001-0000001", "order_date": "2026-01-05T10:30:00+05:30", "sku": "HAT-1", "quantity": 1, "total_amount": 299.5}
]$json$::jsonb as lines;
grant select on report to authenticated;
select tests.authenticate_as('owner');

-- Owner: the preview -----------------------------------------------------------------------------
select results_eq(
  $$ select line_number, outcome, message, product_name
     from pg_temp.preview('Amazon', (select lines from report)) $$,
  $$ values (2, 'new', null::text, 'Widget'),
            (3, 'new', null, 'Hat'),
            (4, 'not_enough_stock', 'Not enough stock for Widget. Only 3 available.', 'Widget'),
            (5, 'unknown_sku', 'No product has SKU NOPE-9.', null),
            (6, 'archived', 'Old Stock is archived.', 'Old Stock'),
            (7, 'invalid', 'Quantity must be a whole number.', null),
            (8, 'duplicate', 'Same order and SKU as line 3.', 'Hat') $$,
  'The preview gives every line its outcome: new, the cumulative stock refusal in the spec''s words (5 - 2 = 3 left), unknown SKU, archived, invalid, a repeat'
);
select is(pg_temp.snapshot(), '0 orders, 4 movements, 25 in stock', 'The preview wrote nothing');
select is((select provolatile from pg_proc where oid = 'public.preview_sales_orders_import(text, jsonb)'::regprocedure),
  's', 'The preview is a stable function: Postgres refuses any write inside it');

-- Owner: a refused import writes nothing and names the line --------------------------------------
select throws_ok($$ select public.import_sales_orders('Amazon', (select lines from report)) $$,
  'P0001', 'Line 4: Not enough stock for Widget. Only 3 available.',
  'An import with a line that would oversell is refused, naming the line in the spec''s words');
select is(pg_temp.snapshot(), '0 orders, 4 movements, 25 in stock',
  'The refused import wrote nothing, not even the lines before the refused one');

-- Owner: the import ------------------------------------------------------------------------------
select is(public.import_sales_orders('Amazon',
    (select jsonb_agg(l) from report, jsonb_array_elements(lines) l where (l ->> 'line')::int in (2, 3, 8))),
  '{"created": 2, "skipped": 1}'::jsonb,
  'Importing the new lines creates two sales and skips the repeated line');
select results_eq(
  $$ select external_order_id, platform::text, product_name, quantity, unit_price, total_amount, status::text,
            order_date
     from public.sales_orders order by product_name $$,
  $$ values ('111-0000001-0000001', 'Amazon', 'Hat', 1, 299.50::numeric(12,2), 299.50::numeric(14,2), 'Unfulfilled',
             '2026-01-05 05:00:00+00'::timestamptz),
            ('111-0000001-0000001', 'Amazon', 'Widget', 2, 240.00::numeric(12,2), 480.00::numeric(14,2), 'Unfulfilled',
             '2026-01-05 05:00:00+00'::timestamptz) $$,
  'Each line is a sale with its marketplace order id, the marketplace''s order date, its total as charged and unit price = total / quantity'
);
select results_eq(
  $$ select o.product_name, o.unit_cost, o.fees, o.profit from public.sales_orders o order by o.fees desc $$,
  $$ values ('Widget', null::numeric, 98.00::numeric(16,2), null::numeric),
            ('Hat', 25.000::numeric, 29.95::numeric(16,2), 244.55::numeric) $$,
  'Profit snapshot as log_sale records it; the per-order fee and shipping (20 + 30) once for the order, commission on each line; the widget, with neither BOM nor purchase cost, has its cost and profit unknown (issue 33)'
);
select results_eq(
  $$ select m.product_id, m.quantity, m.balance_after, m.reason::text
     from public.stock_movements m join public.sales_orders o on o.id = m.sales_order_id
     order by o.product_name $$,
  $$ values (tests.id('hat'), -1.000::numeric(14,3), 9.000::numeric(14,3), 'sale'),
            (tests.id('widget'), -2.000::numeric(14,3), 3.000::numeric(14,3), 'sale') $$,
  'Each sale writes its ledger row as log_sale does: minus the quantity, the balance after, reason sale, the order as source'
);
select results_eq(
  $$ select stock_on_hand from public.products where id in (tests.id('widget'), tests.id('hat')) order by sku $$,
  $$ values (9::numeric), (3) $$,
  'Stock on hand went down by the quantities sold'
);

-- Owner: idempotency -----------------------------------------------------------------------------
select is(public.import_sales_orders('Amazon',
    (select jsonb_agg(l) from report, jsonb_array_elements(lines) l where (l ->> 'line')::int in (2, 3, 8))),
  '{"created": 0, "skipped": 3}'::jsonb, 'Importing the same lines again skips every one');
select is(pg_temp.snapshot(), '2 orders, 6 movements, 22 in stock', 'The second import wrote nothing');
select results_eq(
  $$ select outcome, message from pg_temp.preview('Amazon', (select lines from report))
     where line_number in (2, 3) $$,
  $$ values ('already_imported', null::text), ('already_imported', null) $$,
  'The preview now calls those lines already imported'
);
select is((public.import_sales_orders('Flipkart', '[{"external_order_id": "111-0000001-0000001",
    "order_date": "2026-01-07", "sku": "WID-1", "quantity": 1, "total_amount": 250}]') ->> 'created')::int, 1,
  'The same order id on another platform is another order');
select is((select order_date from public.sales_orders where platform = 'Flipkart'),
  '2026-01-06 18:30:00+00'::timestamptz, 'A date without a time is midnight in India');
select is((select count(*)::int from public.stock_movements m join public.sales_orders o on o.id = m.sales_order_id
           where o.platform = 'Flipkart' and m.balance_after = 2), 1, 'and its ledger row follows the stock');

-- Owner: cumulative stock within one call ----------------------------------------------------------
select throws_ok($$ select public.import_sales_orders('Myntra', '[
    {"external_order_id": "M-1", "order_date": "2026-01-08", "sku": "WID-1", "quantity": 1, "total_amount": 250},
    {"external_order_id": "M-2", "order_date": "2026-01-08", "sku": "WID-1", "quantity": 2, "total_amount": 500}]') $$,
  'P0001', 'Line 2: Not enough stock for Widget. Only 1 available.',
  'Two lines of one SKU that fit alone but not together: the second is refused (no line number given: its position)');

-- Owner: bad lines -------------------------------------------------------------------------------
select throws_ok(format($$ select public.import_sales_orders('Amazon', '[%s]') $$, l), 'P0001', m, d)
from (values
  ('{"external_order_id": "X", "order_date": "2026-01-08", "sku": "HAT-1", "quantity": 2.5, "total_amount": 1}',
   'Line 1: Quantity must be a whole number.', 'A fractional quantity is refused'),
  ('{"external_order_id": "X", "order_date": "2026-01-08", "sku": "HAT-1", "quantity": "2", "total_amount": 1}',
   'Line 1: Quantity must be a number.', 'A quantity that is text is refused, not guessed at'),
  ('{"external_order_id": "X", "order_date": "2026-01-08", "sku": "HAT-1", "quantity": 0, "total_amount": 1}',
   'Line 1: Quantity must be at least 1.', 'A quantity of 0 is refused'),
  ('{"external_order_id": "X", "order_date": "2026-01-08", "sku": "HAT-1", "quantity": 1, "total_amount": -1}',
   'Line 1: Amount must be at least 0.', 'A negative amount is refused'),
  ('{"external_order_id": "X", "order_date": "2026-01-08", "sku": "HAT-1", "quantity": 1, "total_amount": 1.005}',
   'Line 1: Amount can have at most 2 decimal places.', 'An amount finer than the paisa is refused'),
  ('{"external_order_id": "X", "order_date": "2026-01-08", "sku": "HAT-1", "quantity": 1}',
   'Line 1: Amount is required.', 'A missing amount is refused'),
  ('{"order_date": "2026-01-08", "sku": "HAT-1", "quantity": 1, "total_amount": 1}',
   'Line 1: Order id is required.', 'A missing order id is refused'),
  ('{"external_order_id": "X", "sku": "HAT-1", "quantity": 1, "total_amount": 1}',
   'Line 1: Order date is required.', 'A missing date is refused'),
  ('{"external_order_id": "X", "order_date": "2026-02-30", "sku": "HAT-1", "quantity": 1, "total_amount": 1}',
   'Line 1: Order date must be a date (YYYY-MM-DD).', 'An impossible date is refused'),
  ('{"external_order_id": "X", "order_date": "05/01/2026", "sku": "HAT-1", "quantity": 1, "total_amount": 1}',
   'Line 1: Order date must be a date (YYYY-MM-DD).', 'A date in another format is refused, not guessed at'),
  ('{"external_order_id": "X", "order_date": "2099-01-01", "sku": "HAT-1", "quantity": 1, "total_amount": 1}',
   'Line 1: Order date must be between 2000-01-01 and today.', 'A date in the future is refused'),
  ('{"external_order_id": "X", "order_date": "2026-01-08", "quantity": 1, "total_amount": 1}',
   'Line 1: SKU is required.', 'A missing SKU is refused'),
  ('{"external_order_id": "X", "order_date": "2026-01-08", "sku": "OLD-1", "quantity": 1, "total_amount": 1}',
   'Line 1: Old Stock is archived.', 'An archived product is refused as log_sale refuses it'),
  ('{"line": 14, "external_order_id": "X", "order_date": "2026-01-08", "sku": "NOPE-9", "quantity": 1, "total_amount": 1}',
   'Line 14: No product has SKU NOPE-9.', 'An unknown SKU is refused, named by the file''s line number'),
  ('"just text"', 'Line 1: Each line must be an object.', 'A line that is not an object is refused')
) as t (l, m, d);
select throws_ok($$ select public.import_sales_orders('Amazon', '{"lines": []}') $$, 'P0001',
  'Lines must be a list of order lines.', 'Lines that are not a list are refused');
select throws_ok($$ select public.import_sales_orders('Amazon',
    (select jsonb_agg(jsonb_build_object('external_order_id', 'B-' || g, 'order_date', '2026-01-08',
       'sku', 'HAT-1', 'quantity', 1, 'total_amount', 1)) from generate_series(1, 5001) g)) $$, 'P0001',
  'At most 5000 lines can be imported at once; this has 5001.', 'More than 5000 lines in one call are refused');
select throws_ok($$ select public.import_sales_orders('Nykaa', '[]') $$, 'P0001',
  'Platform must be one of: Flipkart, Myntra, Amazon, Meesho, Ajio, Brand Website, Other.', 'An unknown platform is refused');
select is(pg_temp.snapshot(), '3 orders, 7 movements, 21 in stock', 'No refused line wrote anything');
select is_empty(
  $$ select p.sku from public.products p
     where p.stock_on_hand <> (select sum(m.quantity) from public.stock_movements m where m.product_id = p.id) $$,
  'For every product, stock on hand = the sum of its ledger rows after the imports'
);

-- Another user: the owner's SKUs are unknown, the owner's orders untouched -------------------------
select tests.authenticate_as('other');
select results_eq(
  $$ select outcome, message from pg_temp.preview('Amazon', (select lines from report))
     where line_number = 2 $$,
  $$ values ('unknown_sku', 'No product has SKU wid-1.') $$,
  'Another user''s preview does not know the owner''s SKU'
);
select throws_ok($$ select public.import_sales_orders('Amazon', (select lines from report)) $$, 'P0001',
  'Line 2: No product has SKU wid-1.', 'Another user cannot import against the owner''s products');
select is((select count(*)::int from public.sales_orders), 0, 'The other user has no orders');
select tests.authenticate_as('owner');
select is(pg_temp.snapshot(), '3 orders, 7 movements, 21 in stock', 'The owner''s orders, ledger and stock are as they were');

-- Anon: nothing ----------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select public.import_sales_orders('Amazon', '[]') $$, '42501',
  'permission denied for function import_sales_orders', 'anon cannot import');
select throws_ok($$ select public.preview_sales_orders_import('Amazon', '[]') $$, '42501',
  'permission denied for function preview_sales_orders_import', 'anon cannot preview');

select * from finish();
rollback;

-- import_sales_orders with a status per line: a line the report says has shipped or been delivered
-- comes in as 'Fulfilled' and is recorded Fulfilled, its stock taken and its ledger row written as
-- for any sale; no status (or null) is Unfulfilled; any other value is refused by the server, naming
-- the line, and writes nothing. The preview says which status each line would be recorded with.
begin;
set local client_min_messages = warning;
select plan(15);

select tests.create_user('owner');
select tests.authenticate_as('owner');
insert into tests.ids select 'widget', id from public.create_product('WID-1', 'Widget', null, 250, 10, 2, '[]');

create function pg_temp.preview(lines jsonb)
returns table (line_number integer, outcome text, message text, status text) language sql as $$
  select * from jsonb_to_recordset(public.preview_sales_orders_import('Amazon', lines))
    as p (line_number integer, outcome text, message text, status text)
$$;
create function pg_temp.snapshot() returns text language sql as $$
  select format('%s orders, %s movements, %s in stock',
    (select count(*) from public.sales_orders), (select count(*) from public.stock_movements),
    (select trim_scale(sum(stock_on_hand)) from public.products))
$$;
create function pg_temp.line(line integer, order_id text, quantity integer, status jsonb) returns jsonb
language sql as $$
  select jsonb_build_object('line', line, 'external_order_id', order_id, 'order_date', '2026-01-05',
    'sku', 'WID-1', 'quantity', quantity, 'total_amount', 250 * quantity)
    || case when status is null then '{}'::jsonb else jsonb_build_object('status', status) end
$$;

create temp table report on commit drop as select jsonb_build_array(
  pg_temp.line(2, '171-0000001-0000001', 2, '"Fulfilled"'),
  pg_temp.line(3, '171-0000002-0000002', 1, null),
  pg_temp.line(4, '171-0000003-0000003', 1, '"Unfulfilled"'),
  pg_temp.line(5, '171-0000004-0000004', 1, 'null')
) as lines;
grant select on report to authenticated;

-- The preview ------------------------------------------------------------------------------------
select results_eq(
  $$ select line_number, outcome, status from pg_temp.preview((select lines from report)) $$,
  $$ values (2, 'new', 'Fulfilled'), (3, 'new', 'Unfulfilled'), (4, 'new', 'Unfulfilled'), (5, 'new', 'Unfulfilled') $$,
  'The preview gives each line the status it would be recorded with: Fulfilled as sent, Unfulfilled when absent or null'
);
select results_eq(
  $$ select line_number, outcome, message from pg_temp.preview(jsonb_build_array(
       pg_temp.line(6, 'X-6', 1, '"Shipped"'), pg_temp.line(7, 'X-7', 1, '"Cancelled"'),
       pg_temp.line(8, 'X-8', 1, '"Returned"'), pg_temp.line(9, 'X-9', 1, '1'),
       pg_temp.line(10, 'X-10', 1, '"fulfilled"'))) $$,
  $$ values (6, 'invalid', 'Status must be Unfulfilled or Fulfilled.'),
            (7, 'invalid', 'Status must be Unfulfilled or Fulfilled.'),
            (8, 'invalid', 'Status must be Unfulfilled or Fulfilled.'),
            (9, 'invalid', 'Status must be Unfulfilled or Fulfilled.'),
            (10, 'invalid', 'Status must be Unfulfilled or Fulfilled.') $$,
  'The server accepts only Unfulfilled or Fulfilled: a report''s own word, Cancelled, Returned, a number or another case are refused'
);
select is(pg_temp.snapshot(), '0 orders, 1 movements, 10 in stock', 'The preview wrote nothing');

-- A refused status refuses the whole import -------------------------------------------------------
select throws_ok(
  $$ select public.import_sales_orders('Amazon', (select lines from report) || jsonb_build_array(
       pg_temp.line(6, 'X-6', 1, '"Cancelled"'))) $$,
  'P0001', 'Line 6: Status must be Unfulfilled or Fulfilled.',
  'An import with a line whose status is neither is refused, naming the line');
select is(pg_temp.snapshot(), '0 orders, 1 movements, 10 in stock', 'The refused import wrote nothing');

-- The import -------------------------------------------------------------------------------------
select is(public.import_sales_orders('Amazon', (select lines from report)), '{"created": 4, "skipped": 0}'::jsonb,
  'The four lines become four sales');
select results_eq(
  $$ select external_order_id, quantity, status::text from public.sales_orders order by external_order_id $$,
  $$ values ('171-0000001-0000001', 2, 'Fulfilled'), ('171-0000002-0000002', 1, 'Unfulfilled'),
            ('171-0000003-0000003', 1, 'Unfulfilled'), ('171-0000004-0000004', 1, 'Unfulfilled') $$,
  'The shipped line is recorded Fulfilled; the others Unfulfilled'
);
select is((select stock_on_hand from public.products where id = tests.id('widget')), 5::numeric,
  'Stock went down by every line''s quantity, the Fulfilled one included (10 - 5)');
select results_eq(
  $$ select o.external_order_id, m.quantity, m.balance_after, m.reason::text
     from public.stock_movements m join public.sales_orders o on o.id = m.sales_order_id
     order by o.external_order_id $$,
  $$ values ('171-0000001-0000001', -2.000::numeric(14,3), 8.000::numeric(14,3), 'sale'),
            ('171-0000002-0000002', -1.000::numeric(14,3), 7.000::numeric(14,3), 'sale'),
            ('171-0000003-0000003', -1.000::numeric(14,3), 6.000::numeric(14,3), 'sale'),
            ('171-0000004-0000004', -1.000::numeric(14,3), 5.000::numeric(14,3), 'sale') $$,
  'Each line, Fulfilled or not, writes its sale ledger row with its running balance'
);
select is((select total_amount from public.sales_orders where external_order_id = '171-0000001-0000001'),
  500.00::numeric(14,2), 'The Fulfilled sale keeps its amount as charged');

-- What a Fulfilled import can do next, as any Fulfilled order ---------------------------------------
select throws_ok(
  $$ select public.fulfil_sales_order((select id from public.sales_orders where external_order_id = '171-0000001-0000001')) $$,
  'P0001', 'This order is already fulfilled.', 'An imported Fulfilled order is not fulfilled again');
select throws_ok(
  $$ select public.cancel_sales_order((select id from public.sales_orders where external_order_id = '171-0000001-0000001')) $$,
  'P0001', 'Only unfulfilled orders can be cancelled.', 'nor cancelled');
select is((select status::text from public.return_sales_order(
    (select id from public.sales_orders where external_order_id = '171-0000001-0000001'), true)),
  'Returned', 'but it can be returned, as any Fulfilled order');
select is((select stock_on_hand from public.products where id = tests.id('widget')), 7::numeric,
  'and the return puts its units back');

-- Importing again skips the lines whatever their status now -----------------------------------------
select is(public.import_sales_orders('Amazon', jsonb_build_array(
    pg_temp.line(3, '171-0000002-0000002', 1, '"Fulfilled"'))), '{"created": 0, "skipped": 1}'::jsonb,
  'A line already imported is skipped even when the report now says it shipped (Fulfil changes it in the app)');

select * from finish();
rollback;

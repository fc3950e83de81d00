-- Settlements (issue 30): preview_settlement_import, import_settlement, list_reconciliation,
-- reconciliation_summary, profit_leaks and list_unmatched_settlement_lines, for the owner, another
-- user and anon: matching by order id, each payment status (partial payments over two
-- settlements, a refund after a return), unmatched lines that match once their order arrives,
-- importing twice, another user's orders never matched, and every refusal writing nothing.
begin;
set local client_min_messages = warning;
select plan(71);

select tests.create_user('owner');
select tests.create_user('other');

create function pg_temp.fingerprint() returns text
language sql security definer set search_path = '' as $$
  select md5(concat_ws('|',
    (select string_agg(t::text, ',' order by t::text) from public.settlement_lines t),
    (select string_agg(t::text, ',' order by t::text) from public.sales_orders t)))
$$;
grant execute on function pg_temp.fingerprint() to authenticated;

-- The caller's reconciliation row of one order.
create function pg_temp.order_row(order_id text) returns jsonb
language sql set search_path = '' as $$
  select r from jsonb_array_elements(public.list_reconciliation(page_size => 1000) -> 'rows') r
  where r ->> 'external_order_id' = order_id
$$;
grant execute on function pg_temp.order_row(text) to authenticated;

-- A line of a Flipkart settlement.
create function pg_temp.line(settlement text, order_id text, category text, amount numeric, posted text default '2026-01-20')
returns jsonb language sql immutable set search_path = '' as $$
  select jsonb_build_object('settlement_id', settlement, 'external_order_id', order_id, 'sku', 'TEE-1',
    'posted_date', posted, 'category', category, 'amount', amount, 'description', category)
$$;
grant execute on function pg_temp.line(text, text, text, numeric, text) to authenticated;

-- A T-shirt costs 2 m of cotton at 50 = 100 and sells at 500; Flipkart charges 10% plus 20 and 30
-- per order: one unit's order expects 500 - 100 = 400.
select tests.authenticate_as('owner');
insert into tests.ids select 'cotton', id from public.create_raw_material('Cotton', null, 50, 100, 'm', 5);
insert into tests.ids select 'tee', id from public.create_product('TEE-1', 'T-shirt', null, 500, 50, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 2)));
select from public.set_platform_fees('Flipkart', 10, 20, 30);
select is(public.import_sales_orders('Flipkart', jsonb_build_array(
  jsonb_build_object('external_order_id', 'FK-SETTLED', 'order_date', '2026-01-10', 'sku', 'TEE-1', 'quantity', 1, 'total_amount', 500),
  jsonb_build_object('external_order_id', 'FK-SHORT', 'order_date', '2026-01-10', 'sku', 'TEE-1', 'quantity', 1, 'total_amount', 500),
  jsonb_build_object('external_order_id', 'FK-PARTIAL', 'order_date', '2026-01-11', 'sku', 'TEE-1', 'quantity', 2, 'total_amount', 1000),
  jsonb_build_object('external_order_id', 'FK-OVERDUE', 'order_date', '2026-01-11', 'sku', 'TEE-1', 'quantity', 1, 'total_amount', 500),
  jsonb_build_object('external_order_id', 'FK-OVER', 'order_date', '2026-01-12', 'sku', 'TEE-1', 'quantity', 1, 'total_amount', 500),
  jsonb_build_object('external_order_id', 'FK-RETURN', 'order_date', '2026-01-12', 'sku', 'TEE-1', 'quantity', 2, 'total_amount', 1000,
    'status', 'Fulfilled'),
  jsonb_build_object('external_order_id', 'FK-CANCELLED', 'order_date', '2026-01-12', 'sku', 'TEE-1', 'quantity', 1, 'total_amount', 500)
)), '{"created": 7, "skipped": 0}'::jsonb, 'The owner imports seven Flipkart orders');
select from public.cancel_sales_order((select id from public.sales_orders where external_order_id = 'FK-CANCELLED'));
-- One of the two returned sellable with a 40 return fee: refunded 500, expected 1000 - 500 - 150 - 40 = 310.
select from public.record_return((select id from public.sales_orders where external_order_id = 'FK-RETURN'),
  'customer_return', 1, 0, 0, 0, 40, null, '2026-01-15');
-- Ordered today (India): not yet due.
select from public.log_sale(tests.id('tee'), 1, 'Flipkart', null, null, (now() at time zone 'Asia/Kolkata')::date, 'FK-AWAIT');

-- Another user has an order with an id the owner's settlement also names.
select tests.authenticate_as('other');
insert into tests.ids select 'other-tee', id from public.create_product('OT-1', 'Other tee', null, 300, 5, 2);
select from public.import_sales_orders('Flipkart', jsonb_build_array(jsonb_build_object('external_order_id', 'FK-OTHER',
  'order_date', '2026-01-10', 'sku', 'OT-1', 'quantity', 1, 'total_amount', 300)));

-- Owner: preview -----------------------------------------------------------------------------------
select tests.authenticate_as('owner');
create temp table settlement_one on commit drop as select jsonb_build_array(
  pg_temp.line('S1', 'FK-SETTLED', 'sale', 500), pg_temp.line('S1', 'FK-SETTLED', 'commission', -50),
  pg_temp.line('S1', 'FK-SETTLED', 'fixed_fee', -20), pg_temp.line('S1', 'FK-SETTLED', 'shipping_fee', -30),
  pg_temp.line('S1', 'FK-SETTLED', 'tcs', -5), pg_temp.line('S1', 'FK-SETTLED', 'tds', -5),
  pg_temp.line('S1', 'FK-SHORT', 'sale', 500), pg_temp.line('S1', 'FK-SHORT', 'commission', -60),
  pg_temp.line('S1', 'FK-SHORT', 'fixed_fee', -20), pg_temp.line('S1', 'FK-SHORT', 'shipping_fee', -30),
  pg_temp.line('S1', 'FK-PARTIAL', 'sale', 600),
  pg_temp.line('S1', 'FK-OVER', 'sale', 500), pg_temp.line('S1', 'FK-OVER', 'commission', -50),
  pg_temp.line('S1', 'FK-RETURN', 'sale', 1000), pg_temp.line('S1', 'FK-RETURN', 'commission', -100),
  pg_temp.line('S1', 'FK-RETURN', 'fixed_fee', -20), pg_temp.line('S1', 'FK-RETURN', 'shipping_fee', -30),
  pg_temp.line('S1', 'FK-RETURN', 'refund', -500), pg_temp.line('S1', 'FK-RETURN', 'return_fee', -40),
  pg_temp.line('S1', 'FK-LATER', 'sale', 400),
  pg_temp.line('S1', 'FK-OTHER', 'sale', 300),
  -- Two identical lines are two lines (a fee charged twice).
  pg_temp.line('S1', null, 'other', -10), pg_temp.line('S1', null, 'other', -10)
) as lines;

create temp table preview on commit drop as
  select p.* from jsonb_to_recordset(public.preview_settlement_import('Flipkart', (select lines from settlement_one)))
    as p (line_number integer, outcome text, message text, external_order_id text, matched boolean);
select is((select count(*) from preview), 23::bigint, 'The preview has one entry per line');
select is((select array_agg(distinct outcome order by outcome) from preview where external_order_id like 'FK-%'
  and external_order_id not in ('FK-LATER', 'FK-OTHER')), array['new'], 'Lines of the owner''s orders are new and matched');
select is((select outcome || ': ' || message from preview where external_order_id = 'FK-LATER'),
  'unmatched: No Flipkart order FK-LATER yet: kept, and matched once the order is imported.',
  'A line of an order not imported yet is kept as unmatched');
select is((select outcome || ' ' || matched from preview where external_order_id = 'FK-OTHER'), 'unmatched false',
  'A line naming another user''s order id is never matched to it');
select is((select count(*) from preview where external_order_id is null and outcome = 'unmatched'), 2::bigint,
  'Two identical lines of no order are two lines, both kept');
select is((select count(*) from public.settlement_lines), 0::bigint, 'The preview writes nothing');

-- Owner: import, importing twice, refusals --------------------------------------------------------
select is(public.import_settlement('Flipkart', (select lines from settlement_one)),
  '{"created": 23, "skipped": 0, "unmatched": 4}'::jsonb,
  'The import keeps every line: 23 created, 4 of them unmatched (FK-LATER, FK-OTHER and two of no order)');
select is(public.import_settlement('Flipkart', (select lines from settlement_one)),
  '{"created": 0, "skipped": 23, "unmatched": 0}'::jsonb, 'Importing the same file again skips every line');
select is((select array_agg(distinct outcome) from jsonb_to_recordset(
    public.preview_settlement_import('Flipkart', (select lines from settlement_one))) as p (outcome text)),
  array['already_imported'], 'and a preview of it says every line is already imported');
select is(public.import_settlement('Flipkart', jsonb_build_array(pg_temp.line('S1', null, 'other', -10),
    pg_temp.line('S1', null, 'other', -10), pg_temp.line('S1', null, 'other', -10))),
  '{"created": 1, "skipped": 2, "unmatched": 1}'::jsonb,
  'A third identical line in a later copy of the file is a new line; the first two are the ones already imported');

create temp table owner_before on commit drop as select pg_temp.fingerprint() as digest;
select throws_ok($$ select public.import_settlement('Flipkart', jsonb_build_array(pg_temp.line('S9', 'FK-SHORT', 'sale', 1),
    jsonb_build_object('settlement_id', 'S9', 'external_order_id', 'FK-SHORT', 'posted_date', '2026-01-20',
      'category', 'sale', 'amount', 2.555, 'line', 7))) $$,
  'P0001', 'Line 7: Amount can have at most 2 decimal places.', 'A refused line is named by its line number');
select throws_ok($$ select public.import_settlement('Flipkart', jsonb_build_array(jsonb_build_object('settlement_id', 'S9',
    'posted_date', '2026-01-20', 'category', 'bonus', 'amount', 1))) $$,
  'P0001', 'Line 1: Category must be one of: sale, commission, fixed_fee, collection_fee, shipping_fee, return_fee, tcs, tds, refund, reimbursement, other.',
  'A category outside the list is refused');
select throws_ok($$ select public.import_settlement('Flipkart', jsonb_build_array(jsonb_build_object('settlement_id', 'S9',
    'posted_date', '20/01/2026', 'category', 'sale', 'amount', 1))) $$,
  'P0001', 'Line 1: Posted date must be a date (YYYY-MM-DD).', 'A posted date not in ISO form is refused');
select throws_ok($$ select public.import_settlement('Flipkart', jsonb_build_array(jsonb_build_object('settlement_id', 'S9',
    'posted_date', '2026-01-20', 'category', 'sale', 'amount', 'NaN'))) $$,
  'P0001', 'Line 1: Amount must be a number.', 'A NaN amount is refused');
select throws_ok($$ select public.import_settlement('Flipkart', jsonb_build_array(jsonb_build_object('settlement_id', 'S9',
    'posted_date', '2026-01-20', 'category', 'sale', 'amount', 1, 'description', repeat('x', 501)))) $$,
  'P0001', 'Line 1: Description must be at most 500 characters.', 'A huge description is refused');
select throws_ok($$ select public.import_settlement('Flipkart', jsonb_build_array(jsonb_build_object('settlement_id', 'S9',
    'posted_date', '2026-01-20', 'category', 'sale', 'amount', 1, 'line', 2.5))) $$,
  'P0001', 'Line 1: Line number must be a whole number.', 'A line number of 2.5 is refused');
select throws_ok($$ select public.import_settlement('Flipkart', (select jsonb_agg(pg_temp.line('S9', 'FK-SHORT', 'sale', 1))
    from generate_series(1, 10001))) $$,
  'P0001', 'At most 10000 lines can be imported at once; this has 10001.', 'More than 10,000 lines are refused');
select throws_ok($$ select public.import_settlement('Flipkart', '{}') $$,
  'P0001', 'Lines must be a list of settlement lines.', 'Lines that are not a list are refused');
select throws_ok($$ select public.import_settlement('eBay', '[]') $$,
  'P0001', null, 'An unknown platform is refused');
select is(pg_temp.fingerprint(), (select digest from owner_before), 'and the refusals wrote nothing');

-- A repeated request id returns the first answer and writes nothing.
select is(public.import_settlement('Flipkart', jsonb_build_array(pg_temp.line('S2', 'FK-PARTIAL', 'sale', 400)),
  '00000000-0000-4000-8000-000000000030'), '{"created": 1, "skipped": 0, "unmatched": 0}'::jsonb,
  'The second settlement pays FK-PARTIAL 400 more');
select is(public.import_settlement('Flipkart', jsonb_build_array(pg_temp.line('S2', 'FK-PARTIAL', 'sale', 999)),
  '00000000-0000-4000-8000-000000000030'), '{"created": 1, "skipped": 0, "unmatched": 0}'::jsonb,
  'The same request id returns the first answer');
select is((select count(*) from public.settlement_lines where settlement_id = 'S2'), 1::bigint, 'and writes nothing');

-- Owner: reconciliation ---------------------------------------------------------------------------
select is((select jsonb_build_object('expected', r -> 'expected', 'settled', r -> 'settled', 'difference', r -> 'difference',
    'status', r -> 'status') from pg_temp.order_row('FK-SETTLED') r),
  '{"expected": 400, "settled": 400, "difference": 0, "status": "Settled"}'::jsonb,
  'Paid its total less its fees: Settled (TCS and TDS withheld count as paid)');
select is((select jsonb_build_object('tcs', r -> 'tcs', 'tds', r -> 'tds', 'actual_profit', r -> 'actual_profit',
    'estimated_profit', r -> 'estimated_profit') from pg_temp.order_row('FK-SETTLED') r),
  '{"tcs": 5, "tds": 5, "actual_profit": 300, "estimated_profit": 300}'::jsonb,
  'Its TCS and TDS are shown; actual profit 400 - 100 equals the estimate');
select is((select jsonb_build_object('difference', r -> 'difference', 'status', r -> 'status', 'fees_charged', r -> 'fees_charged',
    'recorded_fees', r -> 'recorded_fees') from pg_temp.order_row('FK-SHORT') r),
  '{"difference": -10, "status": "Short paid", "fees_charged": 110, "recorded_fees": 100}'::jsonb,
  'A commission 10 over the rate leaves the order Short paid by 10');
select is((select jsonb_build_object('settled', r -> 'settled', 'status', r -> 'status', 'settlement_lines', r -> 'settlement_lines')
    from pg_temp.order_row('FK-PARTIAL') r),
  '{"settled": 1000, "status": "Over paid", "settlement_lines": 2}'::jsonb,
  'Two settlements sum: 600 + 400 = 1000 for a two-unit order expecting 850 (its fees not yet deducted): Over paid');
select is(public.import_settlement('Flipkart', jsonb_build_array(pg_temp.line('S3', 'FK-PARTIAL', 'commission', -100),
    pg_temp.line('S3', 'FK-PARTIAL', 'fixed_fee', -20), pg_temp.line('S3', 'FK-PARTIAL', 'shipping_fee', -30))) ->> 'created',
  '3', 'A third settlement deducts its fees');
select is((select r ->> 'status' from pg_temp.order_row('FK-PARTIAL') r), 'Settled',
  'and the order paid over three settlements is Settled');
select is((select jsonb_build_object('difference', r -> 'difference', 'status', r -> 'status') from pg_temp.order_row('FK-OVER') r),
  '{"difference": 50, "status": "Over paid"}'::jsonb, 'Paid 50 more than expected: Over paid');
select is((select jsonb_build_object('expected', r -> 'expected', 'settled', r -> 'settled', 'status', r -> 'status',
    'actual_profit', r -> 'actual_profit', 'estimated_profit', r -> 'estimated_profit') from pg_temp.order_row('FK-RETURN') r),
  '{"expected": 310, "settled": 310, "status": "Settled", "actual_profit": 210, "estimated_profit": 210}'::jsonb,
  'A refund after a return: expected 1000 - 500 refunded - 150 fees - 40 return fee = 310, settled; actual profit 310 - 100');
select is((select jsonb_build_object('expected', r -> 'expected', 'settled', r -> 'settled', 'status', r -> 'status',
    'actual_profit', r -> 'actual_profit') from pg_temp.order_row('FK-OVERDUE') r),
  '{"expected": 400, "settled": 0, "status": "Overdue", "actual_profit": null}'::jsonb,
  'An order of January with no settlement line is Overdue, with no actual profit yet');
select is((select r ->> 'status' from pg_temp.order_row('FK-AWAIT') r), 'Awaiting payment',
  'An order of today is Awaiting payment');
select is(pg_temp.order_row('FK-CANCELLED'), null, 'A cancelled order with no settlement line is not listed');
select is(public.list_reconciliation() -> 'total', '7'::jsonb, 'Seven orders are listed');
select is((select array_agg(r ->> 'external_order_id') from jsonb_array_elements(
    public.list_reconciliation(status => 'Short paid') -> 'rows') r), array['FK-SHORT'], 'Filtered by Short paid: FK-SHORT');
select is(public.list_reconciliation(status => 'Overdue') -> 'total', '1'::jsonb, 'One order is Overdue');
select is((select array_agg(r ->> 'external_order_id') from jsonb_array_elements(
    public.list_reconciliation(sort_by => 'difference', ascending => true, page_size => 3) -> 'rows') r),
  array['FK-OVERDUE', 'FK-AWAIT', 'FK-SHORT'],
  'Sorted by difference, the largest shortfalls come first (unpaid orders by their whole payout, older first)');
select is(public.list_reconciliation(date_from => '2026-01-12 00:00+05:30', date_to => '2026-01-13 00:00+05:30') -> 'total', '2'::jsonb,
  'A date range lists the orders of those days');
select is(public.list_reconciliation(platform => 'Amazon') -> 'total', '0'::jsonb, 'No Amazon orders');
select is(tests.refusal($$ select public.list_reconciliation(status => 'Paid') $$),
  'P0001 | Status must be one of: Settled, Short paid, Over paid, Awaiting payment, Overdue. | field:status',
  'An unknown status is refused, naming the field');
select throws_ok($$ select public.list_reconciliation(sort_by => 'settled; drop table x') $$, '22023',
  'This list can be sorted by order_date, difference.', 'Sorting is whitelisted');
select throws_ok($$ select public.list_reconciliation(page_size => 1001) $$, '22023', 'A page holds 1 to 1000 rows.',
  'Pages are bounded');

select is(public.order_payment_statuses(array(select id from public.sales_orders
    where external_order_id in ('FK-SHORT', 'FK-CANCELLED') or external_order_id is null)),
  jsonb_build_object((select id from public.sales_orders where external_order_id = 'FK-SHORT'), 'Short paid'),
  'A page''s payment statuses: the short-paid order''s line; none for the cancelled order');
select throws_ok($$ select public.order_payment_statuses(array(select gen_random_uuid() from generate_series(1, 1001))) $$,
  '22023', 'At most 1000 orders at once.', 'At most 1000 order ids at once');

-- Unmatched lines, then their order arrives.
select is((select array_agg(r ->> 'external_order_id' order by r ->> 'external_order_id') from jsonb_array_elements(
    public.list_unmatched_settlement_lines() -> 'rows') r where r ->> 'external_order_id' is not null),
  array['FK-LATER', 'FK-OTHER'], 'The unmatched lines are listed');
select from public.import_sales_orders('Flipkart', jsonb_build_array(jsonb_build_object('external_order_id', 'FK-LATER',
  'order_date', '2026-01-13', 'sku', 'TEE-1', 'quantity', 1, 'total_amount', 500)));
select is((select jsonb_build_object('settled', r -> 'settled', 'difference', r -> 'difference', 'status', r -> 'status')
    from pg_temp.order_row('FK-LATER') r),
  '{"settled": 400, "difference": 0, "status": "Settled"}'::jsonb,
  'Once its order is imported, the earlier line matches it: Settled');
select is(public.list_unmatched_settlement_lines() -> 'total', '4'::jsonb,
  'and FK-OTHER and the three lines of no order remain unmatched');

-- Summary and leaks.
select is((select s - 'platform' from jsonb_array_elements(public.reconciliation_summary('all_time')) s
    where s ->> 'platform' = 'Flipkart'),
  jsonb_build_object('orders', 8, 'expected', 400 + 400 + 850 + 400 + 400 + 310 + 400 + 400,
    'settled', 400 + 390 + 850 + 0 + 450 + 310 + 0 + 400,
    'short_paid', 10, 'short_paid_orders', 1, 'overdue', 400, 'overdue_orders', 1, 'awaiting_orders', 1,
    'paid_orders', 6, 'fees_charged', 100 + 110 + 150 + 50 + 190 + 0, 'fees_at_rates', 100 + 100 + 150 + 100 + 190 + 100,
    'tcs', 5, 'tds', 5, 'estimated_profit', 300 + 300 + 650 + 300 + 300 + 210 + 300 + 300,
    'estimated_profit_paid', 300 + 300 + 650 + 300 + 210 + 300, 'actual_profit', 300 + 290 + 650 + 350 + 210 + 300,
    'orders_without_cost', 0, 'unmatched_lines', 4, 'unmatched_amount', 300 - 30),
  'The Flipkart summary adds up every order exactly');
select is((select jsonb_agg(jsonb_build_object('kind', l -> 'kind', 'order', l -> 'external_order_id', 'amount', l -> 'amount')
    order by l ->> 'kind', l ->> 'external_order_id') from jsonb_array_elements(public.profit_leaks('all_time')) l),
  '[{"kind": "fees_over_rates", "order": "FK-SHORT", "amount": 10}, {"kind": "overdue", "order": "FK-OVERDUE", "amount": 400},
    {"kind": "return_cost", "order": "FK-RETURN", "amount": 40}]'::jsonb,
  'The profit leaks: the fees over the rates, the overdue payment and the return''s cost');

-- Settings: the payment cycle.
select is(tests.refusal($$ select public.set_platform_fees('Flipkart', 10, 20, 30, null, 366) $$),
  'P0001 | Payment cycle must be at most 365 days. | field:payment_cycle_days', 'A payment cycle over a year is refused');
select is(tests.refusal($$ select public.set_platform_fees('Flipkart', 10, 20, 30, null, 2.5) $$),
  'P0001 | Payment cycle must be a whole number. | field:payment_cycle_days', 'A payment cycle of 2.5 days is refused');
select is((public.set_platform_fees('Flipkart', 10, 20, 30, null, 365)).payment_cycle_days, 365,
  'The owner sets a payment cycle of 365 days');
select is((select r ->> 'status' from pg_temp.order_row('FK-OVERDUE') r), 'Awaiting payment',
  'and an order of January is no longer due');
select is((public.set_platform_fees('Flipkart', 10, 20, 30)).payment_cycle_days, 365,
  'Setting the fees alone keeps the payment cycle');

-- Another user --------------------------------------------------------------------------------------
select tests.authenticate_as('other');
create temp table other_before on commit drop as select pg_temp.fingerprint() as digest;
select is((select r ->> 'status' from pg_temp.order_row('FK-OTHER') r), 'Overdue',
  'Another user''s order is not paid by the owner''s line naming its id');
select is(public.list_unmatched_settlement_lines() -> 'total', '0'::jsonb, 'Another user sees none of the owner''s lines');
select is((select count(*) from public.settlement_lines), 0::bigint, 'nor reads them through the table');
select is(public.list_reconciliation() -> 'total', '1'::jsonb, 'Another user''s list has only their own order');
select is(public.order_payment_statuses((select array_agg(id) from public.sales_orders)),
  jsonb_build_object((select id from public.sales_orders where external_order_id = 'FK-OTHER'), 'Overdue'),
  'Another user sees only their own order''s payment status');
select is((select s ->> 'settled' from jsonb_array_elements(public.reconciliation_summary('all_time')) s), '0',
  'and their summary counts nothing settled');
select is(pg_temp.fingerprint(), (select digest from other_before), 'and another user wrote nothing');

-- A product with neither BOM nor purchase cost (issue 33) -----------------------------------------------
-- Its order's cost of goods is unknown, so are its estimated and actual profit (never the whole
-- payout); the summary leaves it out of both profits and counts it.
reset role;
select tests.create_user('bought');
select tests.authenticate_as('bought');
insert into tests.ids select 'scarf', id from public.create_product('SCARF-1', 'Scarf', null, 500, 5);
select from public.import_sales_orders('Flipkart', jsonb_build_array(jsonb_build_object('external_order_id', 'FK-SCARF',
  'order_date', '2026-01-10', 'sku', 'SCARF-1', 'quantity', 1, 'total_amount', 500)));
select from public.import_settlement('Flipkart', jsonb_build_array(
  jsonb_build_object('settlement_id', 'SC1', 'external_order_id', 'FK-SCARF', 'posted_date', '2026-01-20',
    'category', 'sale', 'amount', 500)));
select is((select jsonb_build_array(r -> 'estimated_profit', r -> 'actual_profit', r ->> 'status')
           from pg_temp.order_row('FK-SCARF') r),
  '[null, null, "Settled"]'::jsonb,
  'An order of unknown cost is paid and Settled, but its estimated and actual profit are unknown, not 500');
select is((select jsonb_build_array(s -> 'estimated_profit', s -> 'actual_profit', s -> 'orders_without_cost')
           from jsonb_array_elements(public.reconciliation_summary('all_time')) s),
  '[0, 0, 1]'::jsonb,
  'The summary leaves it out of both profits and counts it as an order without cost');

-- Anon ----------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select public.import_settlement('Flipkart', '[]') $$, '42501',
  'permission denied for function import_settlement', 'anon cannot import a settlement');
select throws_ok($$ select public.preview_settlement_import('Flipkart', '[]') $$, '42501',
  'permission denied for function preview_settlement_import', 'anon cannot preview a settlement import');
select throws_ok($$ select public.list_reconciliation() $$, '42501',
  'permission denied for function list_reconciliation', 'anon cannot list the reconciliation');
select throws_ok($$ select public.reconciliation_summary('all_time') $$, '42501',
  'permission denied for function reconciliation_summary', 'anon cannot read the summary');
select throws_ok($$ select public.profit_leaks('all_time') $$, '42501',
  'permission denied for function profit_leaks', 'anon cannot read the profit leaks');
select throws_ok($$ select public.list_unmatched_settlement_lines() $$, '42501',
  'permission denied for function list_unmatched_settlement_lines', 'anon cannot list unmatched lines');

select * from finish();
rollback;

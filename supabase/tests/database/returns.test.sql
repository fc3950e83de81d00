-- Returns (issue 29): record_return, update_claim, the claim windows, preview_returns_import and
-- import_returns, dashboard_returns, for the owner, another user and anon. Every refusal writes
-- nothing; the order's figures and profit after returns follow each return and approved claim.
begin;
set local client_min_messages = warning;
select plan(72);

select tests.create_user('owner');
select tests.create_user('other');

-- Everything a return writes, every user's: equal digests before and after mean nothing written.
create function pg_temp.fingerprint() returns text
language sql security definer set search_path = '' as $$
  select md5(concat_ws('|',
    (select string_agg(t::text, ',' order by t::text) from public.products t),
    (select string_agg(t::text, ',' order by t::text) from public.sales_orders t),
    (select string_agg(t::text, ',' order by t::text) from public.stock_movements t),
    (select string_agg(t::text, ',' order by t::text) from public.sales_returns t),
    (select string_agg(t::text, ',' order by t::text) from public.return_claims t),
    (select string_agg(t::text, ',' order by t::text) from public.sales_day_totals t),
    (select string_agg(t::text, ',' order by t::text) from public.sales_figure_changes t)))
$$;
grant execute on function pg_temp.fingerprint() to authenticated;

-- A T-shirt costs 2 m of cotton at 50 = 100 to make and sells at 500; Flipkart charges 10% plus
-- 20 and 30 per order. Three sold in one order: 1500, fees 150 + 20 + 30 = 200, profit
-- 1500 - 300 - 200 = 1000.
select tests.authenticate_as('owner');
insert into tests.ids select 'cotton', id from public.create_raw_material('Cotton', null, 50, 100, 'm', 5);
insert into tests.ids select 'tee', id from public.create_product('TEE-1', 'T-shirt', null, 500, 20, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 2)));
select from public.set_platform_fees('Flipkart', 10, 20, 30);
insert into tests.ids select 'three', id from public.log_sale(tests.id('tee'), 3, 'Flipkart', null, null, '2026-01-10');
insert into tests.ids select 'one', id from public.log_sale(tests.id('tee'), 1, 'Amazon', null, null, '2026-01-10');
insert into tests.ids select 'open', id from public.log_sale(tests.id('tee'), 1, 'Flipkart');
insert into tests.ids select 'cancelled', id from public.log_sale(tests.id('tee'), 1, 'Flipkart');
select from public.cancel_sales_order(tests.id('cancelled'));
select from public.fulfil_sales_orders(array[tests.id('three'), tests.id('one')]);
select is((select profit_after_returns from public.sales_orders where id = tests.id('three')), 1000.00::numeric,
  'With nothing returned, profit after returns is the recorded profit');

-- Another user and anon first ---------------------------------------------------------------------
select tests.authenticate_as('other');
create temp table other_before on commit drop as select pg_temp.fingerprint() as digest;
select throws_ok($$ select public.record_return(tests.id('three'), 'rto', 1) $$, 'P0001', 'Sales order not found.',
  'Another user cannot return the owner''s order: it is not found');
select is((public.preview_returns_import('Flipkart', '[{"external_order_id": "x", "sku": "TEE-1", "quantity": 1,
  "kind": "rto", "return_date": "2026-01-12"}]') -> 0 ->> 'outcome'), 'unknown_order',
  'Another user''s returns report finds none of the owner''s orders');
select is(public.dashboard_returns('all_time') -> 'by_platform', '[]'::jsonb, 'Another user''s returns panel is empty');
select is((select digest from other_before), pg_temp.fingerprint(), 'and another user wrote nothing');
select tests.authenticate_as_anon();
select throws_ok($$ select public.record_return(tests.id('three'), 'rto', 1) $$, '42501',
  'permission denied for function record_return', 'anon cannot record a return');
select throws_ok($$ select public.update_claim(gen_random_uuid(), 'Filed') $$, '42501',
  'permission denied for function update_claim', 'anon cannot update a claim');
select throws_ok($$ select public.import_returns('Flipkart', '[]') $$, '42501',
  'permission denied for function import_returns', 'anon cannot import returns');
select throws_ok($$ select public.preview_returns_import('Flipkart', '[]') $$, '42501',
  'permission denied for function preview_returns_import', 'anon cannot preview a returns import');
select throws_ok($$ select public.dashboard_returns('all_time') $$, '42501',
  'permission denied for function dashboard_returns', 'anon cannot read the returns panel');
select throws_ok($$ select * from public.platform_claim_windows() $$, '42501',
  'permission denied for function platform_claim_windows', 'anon cannot read the claim windows');

-- Owner: refusals, each writing nothing -------------------------------------------------------------
select tests.authenticate_as('owner');
create temp table owner_before on commit drop as select pg_temp.fingerprint() as digest;
select is(tests.refusal(format($$ select public.record_return('%s', 'customer_return', 4) $$, tests.id('three'))),
  'P0001 | Only 3 units of this order can still be returned. | field:sellable', 'More units than the order has are refused');
select is(tests.refusal(format($$ select public.record_return('%s', 'customer_return', 2.5) $$, tests.id('three'))),
  'P0001 | Sellable units must be a whole number. | field:sellable', '2.5 units are refused');
select is(tests.refusal(format($$ select public.record_return('%s', 'customer_return', 0, damaged => -1) $$, tests.id('three'))),
  'P0001 | Damaged units must be at least 0. | field:damaged', 'A negative count is refused');
select is(tests.refusal(format($$ select public.record_return('%s', 'customer_return', 0, wrong_item => 'NaN') $$, tests.id('three'))),
  'P0001 | Wrong item units must be a number. | field:wrong_item', 'NaN units are refused');
select is(tests.refusal(format($$ select public.record_return('%s', 'customer_return', 0) $$, tests.id('three'))),
  'P0001 | Enter the units that came back. | field:sellable', 'A return of no units is refused');
select is(tests.refusal(format($$ select public.record_return('%s', 'refund', 1) $$, tests.id('three'))),
  'P0001 | Kind must be rto or customer_return. | field:kind', 'An unknown kind is refused');
select is(tests.refusal(format($$ select public.record_return('%s', 'rto', 1, return_fees => 1.005) $$, tests.id('three'))),
  'P0001 | Return fees can have at most 2 decimal places. | field:return_fees', 'Fees below a paisa are refused');
select is(tests.refusal(format($$ select public.record_return('%s', 'rto', 1, note => repeat('n', 501)) $$, tests.id('three'))),
  'P0001 | Note must be at most 500 characters. | field:note', 'A note over 500 characters is refused');
select is(tests.refusal(format($$ select public.record_return('%s', 'rto', 1, return_date => '2026-01-09') $$, tests.id('three'))),
  'P0001 | Return date must be between the order date and today. | field:return_date', 'A return before the order is refused');
select is(tests.refusal(format($$ select public.record_return('%s', 'rto', 1, return_date => current_date + 2) $$, tests.id('three'))),
  'P0001 | Return date must be between the order date and today. | field:return_date', 'A return in the future is refused');
select is(tests.refusal(format($$ select public.record_return('%s', 'rto', 1) $$, tests.id('open'))),
  'P0001 | Only shipped orders (Fulfilled or Partially returned) can be returned; this one is Unfulfilled. | no hint',
  'An order never shipped cannot be returned');
select is(tests.refusal(format($$ select public.record_return('%s', 'rto', 1) $$, tests.id('cancelled'))),
  'P0001 | Only shipped orders (Fulfilled or Partially returned) can be returned; this one is Cancelled. | no hint',
  'A cancelled order cannot be returned');
select is(tests.refusal($$ select public.record_return(gen_random_uuid(), 'rto', 1) $$),
  'P0001 | Sales order not found. | no hint', 'An unknown order is not found');
select is((select digest from owner_before), pg_temp.fingerprint(), 'None of the refused returns wrote anything');

-- Owner: a customer return of 1 of 3, sellable, with 60 of reverse shipping ----------------------
select results_eq(
  $$ select kind::text, sellable, damaged, return_fees, note, return_date
     from public.record_return(tests.id('three'), 'customer_return', 1, return_fees => 60, note => 'Size',
       return_date => '2026-01-15') $$,
  $$ values ('customer_return', 1, 0, 60.00::numeric(12,2), 'Size', '2026-01-15'::date) $$,
  'record_return answers the return it wrote');
select results_eq(
  $$ select status::text, returned_quantity, restocked_quantity, return_fees, refunded_amount, profit, profit_after_returns
     from public.sales_orders where id = tests.id('three') $$,
  $$ values ('Partially returned', 1, 1, 60.00::numeric(14,2), 500.00::numeric, 1000.00::numeric, 540.00::numeric) $$,
  'The order is Partially returned: 500 refunded, profit after returns 1000 kept revenue - 200 cost of 2 kept - 200 fees - 60 = 540; the recorded profit stays 1000');
select is((select stock_on_hand from public.products where id = tests.id('tee')), 16::numeric,
  'The sellable unit is back in stock (20 - 6 sold + 1 cancelled + 1)');
select results_eq(
  $$ select quantity, balance_after, reason::text, sales_order_id, note from public.stock_movements
     where product_id = tests.id('tee') order by id desc limit 1 $$,
  $$ values (1.000::numeric(14,3), 16.000::numeric(14,3), 'sale_return', tests.id('three'), 'Size') $$,
  'A sale_return ledger row of +1 names the order and the return''s note');
select is((select count(*)::int from public.return_claims), 0, 'A sellable unit opens no claim');

-- A damaged RTO unit: no restock, a claim with Flipkart's default window of 14 days -----------------
select is((select damaged from public.record_return(tests.id('three'), 'rto', 0, damaged => 1, return_fees => 40,
  return_date => '2026-01-16')), 1, 'A damaged unit is recorded');
select results_eq(
  $$ select reason::text, units, deadline, status::text, amount_reimbursed from public.return_claims $$,
  $$ values ('damaged', 1, '2026-01-30'::date, 'Open', null::numeric(12,2)) $$,
  'It opens an Open claim for 1 damaged unit, due 14 days after the return (Flipkart''s default window)');
select results_eq(
  $$ select returned_quantity, restocked_quantity, profit_after_returns from public.sales_orders where id = tests.id('three') $$,
  $$ values (2, 1, 0.00::numeric) $$,
  'Profit after returns: 500 kept - 200 (the kept unit and the damaged one) - 200 fees - 100 return fees = 0');
select is((select stock_on_hand from public.products where id = tests.id('tee')), 16::numeric, 'A damaged unit is not restocked');
select is(tests.refusal(format($$ select public.record_return('%s', 'rto', 2) $$, tests.id('three'))),
  'P0001 | Only 1 units of this order can still be returned. | field:sellable', 'Only the units not yet back can come back');

-- The claim: Open -> Filed -> Approved, bounded by the lost unit's sale value ---------------------
insert into tests.ids select 'claim', id from public.return_claims;
select is(tests.refusal(format($$ select public.update_claim('%s', 'Open') $$, tests.id('claim'))),
  'P0001 | Status must be Filed, Approved or Rejected. | field:status', 'A claim cannot be moved back to Open');
select is(tests.refusal(format($$ select public.update_claim('%s', 'Approved') $$, tests.id('claim'))),
  'P0001 | Amount reimbursed is required. | field:amount_reimbursed', 'Approving needs the amount reimbursed');
select is(tests.refusal(format($$ select public.update_claim('%s', 'Rejected', 10) $$, tests.id('claim'))),
  'P0001 | Only an approved claim has an amount reimbursed. | field:amount_reimbursed', 'A rejection carries no amount');
select is((select status::text from public.update_claim(tests.id('claim'), 'Filed')), 'Filed', 'The claim is filed');
select is(tests.refusal(format($$ select public.update_claim('%s', 'Filed') $$, tests.id('claim'))),
  'P0001 | This claim is already filed. | no hint', 'Filing twice is refused');
select is(tests.refusal(format($$ select public.update_claim('%s', 'Approved', 500.01) $$, tests.id('claim'))),
  'P0001 | Amount reimbursed can be at most 500.00, the sale value of the claim''s units. | field:amount_reimbursed',
  'A reimbursement above the lost unit''s sale value is refused');
select is(tests.refusal(format($$ select public.update_claim('%s', 'Approved', -1) $$, tests.id('claim'))),
  'P0001 | Amount reimbursed must be at least 0. | field:amount_reimbursed', 'A negative reimbursement is refused');
select results_eq(
  $$ select status::text, amount_reimbursed from public.update_claim(tests.id('claim'), 'Approved', 450) $$,
  $$ values ('Approved', 450.00::numeric(12,2)) $$, 'The claim is approved with 450 reimbursed');
select results_eq(
  $$ select reimbursed, profit_after_returns from public.sales_orders where id = tests.id('three') $$,
  $$ values (450.00::numeric(14,2), 450.00::numeric) $$, 'The reimbursement counts back into profit after returns');
select is(tests.refusal(format($$ select public.update_claim('%s', 'Rejected') $$, tests.id('claim'))),
  'P0001 | This claim is already approved. | no hint', 'An approved claim is final');

-- The last unit: the order becomes Returned and takes no more --------------------------------------
select is((select wrong_item from public.record_return(tests.id('three'), 'customer_return', 0, wrong_item => 1,
  return_date => '2026-01-17')), 1, 'A wrong item is recorded');
select is((select status::text from public.sales_orders where id = tests.id('three')), 'Returned',
  'With every unit back the order is Returned');
select is(tests.refusal(format($$ select public.record_return('%s', 'rto', 1) $$, tests.id('three'))),
  'P0001 | Every unit of this order has already been returned. | no hint', 'A Returned order takes no more returns');
select is((select status::text from public.update_claim((select id from public.return_claims where reason = 'wrong_item'),
  'Rejected')), 'Rejected', 'An Open claim can be rejected at once');
select is((public.dashboard_summary() ->> 'open_sales_orders')::int, 1,
  'Neither a partly nor a fully returned order is an open sales order');

-- Claim windows: set per platform beside the fees; the old four-argument call keeps them ------------
select results_eq(
  $$ select platform::text, claim_window_days, is_default from public.platform_claim_windows()
     where platform in ('Flipkart', 'Amazon') order by platform $$,
  $$ values ('Amazon', 7, true), ('Flipkart', 14, true) $$,
  'Until set, Flipkart''s window is 14 days and Amazon''s (SAFE-T) 7');
select is((select claim_window_days from public.set_platform_fees('Amazon', 5, 0, 0, 10)), 10,
  'set_platform_fees takes a claim window');
select is((select claim_window_days from public.set_platform_fees('Amazon', 6, 0, 0)), 10,
  'The four-argument call still works and keeps the window');
select is(tests.refusal($$ select public.set_platform_fees('Amazon', 6, 0, 0, 366) $$),
  'P0001 | Claim window must be at most 365 days. | field:claim_window_days', 'A window over a year is refused');
select is(tests.refusal($$ select public.set_platform_fees('Amazon', 6, 0, 0, 1.5) $$),
  'P0001 | Claim window must be a whole number. | field:claim_window_days', 'A fractional window is refused');
select from public.record_return(tests.id('one'), 'customer_return', 0, missing => 1, return_date => '2026-01-20');
select is((select deadline from public.return_claims where sales_order_id = tests.id('one')), '2026-01-30'::date,
  'A missing unit''s claim is due after the window set: 20 January + 10 days');

-- Returns reports: preview and import ---------------------------------------------------------------
select from public.import_sales_orders('Flipkart', '[
  {"external_order_id": "OD-1", "order_date": "2026-02-01", "sku": "TEE-1", "quantity": 2, "total_amount": 900, "status": "Fulfilled"},
  {"external_order_id": "OD-2", "order_date": "2026-02-01", "sku": "TEE-1", "quantity": 1, "total_amount": 450}]');
create temp table report on commit drop as select '[
  {"external_order_id": "OD-1", "sku": "TEE-1", "quantity": 1, "kind": "rto", "return_date": "2026-02-05"},
  {"external_order_id": "OD-1", "sku": "tee-1", "quantity": 1, "kind": "rto", "return_date": "2026-02-05", "condition": "damaged", "return_fees": 35.5, "line": 7},
  {"external_order_id": "OD-1", "sku": "TEE-1", "quantity": 1, "kind": "rto", "return_date": "2026-02-05"},
  {"external_order_id": "OD-404", "sku": "TEE-1", "quantity": 1, "kind": "rto", "return_date": "2026-02-05"},
  {"external_order_id": "OD-2", "sku": "TEE-1", "quantity": 1, "kind": "customer_return", "return_date": "2026-02-05"},
  {"external_order_id": "OD-1", "sku": "TEE-1", "quantity": 1, "kind": "customer_return", "return_date": "2026-02-06"},
  {"external_order_id": "OD-1", "sku": "TEE-1", "quantity": 1.5, "kind": "rto", "return_date": "2026-02-05"}
]'::jsonb as lines;
create temp table preview_before on commit drop as select pg_temp.fingerprint() as digest;
select results_eq(
  $$ select l ->> 'line_number', l ->> 'outcome', l ->> 'message'
     from jsonb_array_elements(public.preview_returns_import('Flipkart', (select lines from report))) l $$,
  $$ values ('1', 'new', null), ('7', 'new', null), ('3', 'duplicate', 'Same order, SKU, kind, date and condition as line 1.'),
            ('4', 'unknown_order', 'No Flipkart order OD-404 has SKU TEE-1.'),
            ('5', 'not_returnable', 'Only shipped orders (Fulfilled or Partially returned) can be returned; this one is Unfulfilled.'),
            ('6', 'too_many', 'Only 0 units of this order can still be returned.'),
            ('7', 'invalid', 'Quantity must be a whole number.') $$,
  'The preview says what each line would do, counting the order''s earlier new lines');
select is((select digest from preview_before), pg_temp.fingerprint(), 'A preview writes nothing');
select throws_ok($$ select public.import_returns('Flipkart', (select lines from report)) $$, 'P0001',
  'Line 4: No Flipkart order OD-404 has SKU TEE-1.', 'A refused line refuses the whole import, naming its line');
select is((select digest from preview_before), pg_temp.fingerprint(), 'and writes nothing');
select is(public.import_returns('Flipkart', (select jsonb_agg(l) from jsonb_array_elements((select lines from report)) with ordinality e (l, n)
  where n in (1, 2, 3))), '{"created": 2, "skipped": 1}'::jsonb, 'The good lines import: two returns, the repeated line skipped');
select results_eq(
  $$ select status::text, returned_quantity, restocked_quantity, return_fees from public.sales_orders where external_order_id = 'OD-1' $$,
  $$ values ('Returned', 2, 1, 35.50::numeric(14,2)) $$, 'OD-1 is Returned: one unit restocked, one damaged with its fees');
select is((select count(*)::int from public.return_claims c join public.sales_orders o on o.id = c.sales_order_id
  where o.external_order_id = 'OD-1' and c.reason = 'damaged' and c.deadline = '2026-02-19'), 1,
  'The damaged line opens its claim');
select is(public.import_returns('Flipkart', (select jsonb_agg(l) from jsonb_array_elements((select lines from report)) with ordinality e (l, n)
  where n in (1, 2))), '{"created": 0, "skipped": 2}'::jsonb, 'Importing the same lines again skips them all');
select is((select l ->> 'outcome' from jsonb_array_elements(public.preview_returns_import('Flipkart',
  (select lines from report))) l limit 1), 'already_imported', 'and the preview says they were imported');
select throws_ok($$ select public.import_returns('Flipkart', (select jsonb_agg('{}'::jsonb) from generate_series(1, 5001))) $$,
  'P0001', 'At most 5000 lines can be imported at once; this has 5001.', 'More than 5,000 lines are refused');
select throws_ok($$ select public.import_returns('Flipkart', '{"lines": []}') $$,
  'P0001', 'Lines must be a list of order lines.', 'Lines that are not a list are refused');
select throws_ok($$ select public.import_returns('eBay', '[]') $$,
  'P0001', 'Platform must be one of: Flipkart, Myntra, Amazon, Meesho, Ajio, Brand Website, Other.', 'An unknown platform is refused');

-- The returns panel -----------------------------------------------------------------------------
-- One more Amazon order of 2, one unit back damaged today: its claim is due in 10 days.
insert into tests.ids select 'today', id from public.log_sale(tests.id('tee'), 2, 'Amazon');
select from public.fulfil_sales_order(tests.id('today'));
select from public.record_return(tests.id('today'), 'rto', 0, damaged => 1);
-- Flipkart sold 3 + 1 (open) + 2 (OD-1) + 1 (OD-2) = 7 units, the cancelled one aside; 5 came back
-- (3 + 2), 3 of them by RTO (the damaged unit of the 3, the 2 imported). Amazon sold 1 + 2, 2 back,
-- 1 by RTO.
select results_eq(
  $$ select r ->> 'platform', (r ->> 'units_sold')::int, (r ->> 'returned_units')::int, (r ->> 'rto_units')::int,
       (r ->> 'return_rate_percent')::numeric, (r ->> 'rto_rate_percent')::numeric
     from jsonb_array_elements(public.dashboard_returns('all_time') -> 'by_platform') r $$,
  $$ values ('Flipkart', 7, 5, 3, 71.4, 42.9), ('Amazon', 3, 2, 1, 66.7, 33.3) $$,
  'The return and RTO rates by platform: units back of units sold');
select is(public.dashboard_returns('this_month') -> 'by_platform',
  '[{"platform": "Flipkart", "units_sold": 1, "returned_units": 0, "rto_units": 0, "return_rate_percent": 0.0, "rto_rate_percent": 0.0},
    {"platform": "Amazon", "units_sold": 2, "returned_units": 1, "rto_units": 1, "return_rate_percent": 50.0, "rto_rate_percent": 50.0}]'::jsonb,
  'A period counts the orders of its days: this month, the open Flipkart sale and today''s Amazon order');
select is(public.dashboard_returns('all_time') -> 'most_returned',
  jsonb_build_array(jsonb_build_object('product_id', tests.id('tee'), 'product_name', 'T-shirt', 'returned_units', 7)),
  'The products returned most: the T-shirt, 7 units (3 + 1 + 2 + 1)');
select results_eq(
  $$ select c ->> 'reason', c ->> 'status', (c ->> 'days_left')::int < 0
     from jsonb_array_elements(public.dashboard_returns('all_time') -> 'claims_due') c $$,
  $$ values ('missing', 'Open', true), ('damaged', 'Open', true) $$,
  'Claims due in 3 days lists the Open and Filed claims past or near their deadline, earliest first: not the approved or rejected ones, nor today''s (due in 10 days)');

select * from finish();
rollback;

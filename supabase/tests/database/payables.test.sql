-- Payables (issue 46): a purchase order's receipts are the supplier's bills; record_supplier_payment
-- settles the oldest bills first and never more than is owed; supplier_dues() gives what is owed
-- by age (rules.ageing_bucket). For the owner, another user and anon; every refusal writes nothing.
begin;
set local client_min_messages = warning;
select plan(30);

select tests.create_user('owner');
select tests.create_user('other');

-- One rule for the payment modes of customers' and suppliers' payments: the codes stored and their labels.
select is((select array_agg(rules.payment_mode_label(m)) from unnest(rules.payment_modes()) m),
  array['Cash', 'Bank transfer', 'UPI', 'Cheque'], 'Each payment mode has its label');
select is(rules.payment_mode_label('Bank transfer'), null, 'A label is not a stored code');

-- The ageing buckets, at their edges.
select is(array[rules.ageing_bucket(0), rules.ageing_bucket(30), rules.ageing_bucket(31), rules.ageing_bucket(60),
    rules.ageing_bucket(61), rules.ageing_bucket(90), rules.ageing_bucket(91)],
  array['0-30', '0-30', '31-60', '31-60', '61-90', '61-90', 'over 90'],
  'Ages 0 and 30 are 0-30, 31 and 60 are 31-60, 61 and 90 are 61-90, 91 is over 90');

select tests.authenticate_as('owner');
insert into tests.ids select 'arvind', id from public.create_supplier('Arvind Mills', gstin => '27AAPFU0939F1ZV');
insert into tests.ids select 'cotton', id from public.create_raw_material('Cotton', 'Arvind Mills', 50, 0, 'm', 10);
select from public.set_purchase_unit(tests.id('cotton'), tests.id('arvind'), 'roll', 50, 2500);
insert into tests.ids select 'po', (o ->> 'purchase_order_id')::uuid
from public.create_purchase_order(tests.id('arvind'), jsonb_build_array(jsonb_build_object(
  'material_id', tests.id('cotton'), 'quantity', 4))) o;
insert into tests.ids select 'line', id from public.purchase_order_lines where purchase_order_id = tests.id('po');
select from public.place_purchase_order(tests.id('po'));

select is((select count(*)::int from public.supplier_dues()), 0, 'Before any receipt nothing is owed to anyone');

-- Three receipts, three bills: 2 rolls (Rs 5,000 + 5% GST = 5,250) billed 100 days ago, 1 roll
-- (2,500 + 125 = 2,625) 45 days ago and 1 roll (2,625) 10 days ago.
select from public.receive_purchase_order(tests.id('po'), jsonb_build_array(jsonb_build_object(
  'line_id', tests.id('line'), 'quantity', 2, 'gst_rate', 5)), supplier_invoice_number => 'A-101',
  supplier_invoice_date => rules.india_day(now()) - 100);
select from public.receive_purchase_order(tests.id('po'), jsonb_build_array(jsonb_build_object(
  'line_id', tests.id('line'), 'quantity', 1, 'gst_rate', 5)), supplier_invoice_number => 'A-102',
  supplier_invoice_date => rules.india_day(now()) - 45);
select from public.receive_purchase_order(tests.id('po'), jsonb_build_array(jsonb_build_object(
  'line_id', tests.id('line'), 'quantity', 1, 'gst_rate', 5)), supplier_invoice_number => 'A-103',
  supplier_invoice_date => rules.india_day(now()) - 10);

reset role;
select results_eq(
  $$ select supplier_invoice_number, bill_date = rules.india_day(now()) - 100 or bill_date = rules.india_day(now()) - 45
       or bill_date = rules.india_day(now()) - 10, purchase_value, gst_paid, amount
     from private.supplier_bills(tests.id('owner')) order by bill_date $$,
  $$ values ('A-101', true, 5000.00, 250.00, 5250.00), ('A-102', true, 2500.00, 125.00, 2625.00),
            ('A-103', true, 2500.00, 125.00, 2625.00) $$,
  'Each receipt is a bill on the supplier''s invoice and date: value before tax + GST paid');
select tests.authenticate_as('owner');
select results_eq(
  $$ select supplier_name, billed, paid, due, days_0_30, days_31_60, days_61_90, over_90,
       oldest_due_date = rules.india_day(now()) - 100 from public.supplier_dues() $$,
  $$ values ('Arvind Mills', 10500.00, 0.00, 10500.00, 2625.00, 2625.00, 0.00, 5250.00, true) $$,
  'Owed Rs 10,500: 2,625 aged 0-30, 2,625 aged 31-60, 5,250 over 90 days (by the bill date)');

-- Refusals, each on its field, writing nothing.
select is(tests.refusal($$ select public.record_supplier_payment(tests.id('arvind'), 10500.01, rules.india_day(now()), 'UPI') $$),
  'P0001 | Only Rs 10500.00 is owed to Arvind Mills. | field:amount', 'Paying a paisa more than is owed is refused on amount');
select is(tests.refusal($$ select public.record_supplier_payment(tests.id('arvind'), 0, rules.india_day(now()), 'UPI') $$),
  'P0001 | Amount must be at least 0.01. | field:amount', 'A payment of nothing is refused');
select is(tests.refusal($$ select public.record_supplier_payment(tests.id('arvind'), -5, rules.india_day(now()), 'UPI') $$),
  'P0001 | Amount must be at least 0.01. | field:amount', 'A negative payment is refused');
select is(tests.refusal($$ select public.record_supplier_payment(tests.id('arvind'), 10.005, rules.india_day(now()), 'UPI') $$),
  'P0001 | Amount can have at most 2 decimal places. | field:amount', 'A fraction of a paisa is refused');
select is(tests.refusal($$ select public.record_supplier_payment(tests.id('arvind'), 'NaN', rules.india_day(now()), 'UPI') $$),
  'P0001 | Amount must be a number. | field:amount', 'NaN is refused');
select is(tests.refusal($$ select public.record_supplier_payment(tests.id('arvind'), 100, rules.india_day(now()) + 1, 'UPI') $$),
  'P0001 | Payment date must be between 2000-01-01 and today. | field:paid_on', 'A payment dated tomorrow is refused');
select is(tests.refusal($$ select public.record_supplier_payment(tests.id('arvind'), 100, null, 'UPI') $$),
  'P0001 | Payment date is required. | field:paid_on', 'A payment without a date is refused');
select is(tests.refusal($$ select public.record_supplier_payment(tests.id('arvind'), 100, rules.india_day(now()), 'Crypto') $$),
  'P0001 | Mode must be Cash, Bank transfer, UPI or Cheque. | field:mode', 'An unknown mode is refused on mode');
select is(tests.refusal($$ select public.record_supplier_payment(tests.id('arvind'), 100, rules.india_day(now()), 'UPI', repeat('x', 101)) $$),
  'P0001 | Reference must be at most 100 characters. | field:reference', 'A reference past 100 characters is refused');
select is(tests.refusal($$ select public.record_supplier_payment(gen_random_uuid(), 100, rules.india_day(now()), 'UPI') $$),
  'P0001 | Supplier not found. | field:supplier_id', 'An unknown supplier is refused on supplier_id');
select is((select count(*)::int from public.supplier_payments), 0, 'The refusals wrote no payment');

-- Rs 6,000 by UPI settles the oldest bill (5,250) and 750 of the next: 1,875 of it is still owed.
select is(public.record_supplier_payment(tests.id('arvind'), 6000, rules.india_day(now()) - 1, ' upi ', ' UTR 4411 ',
    '00000000-0000-4000-8000-000000000046') - 'payment_id' - 'supplier_id' - 'paid_on',
  '{"amount": 6000.00, "mode": "upi", "reference": "UTR 4411", "owed": 4500.00}'::jsonb,
  'A payment is recorded with its mode''s code (as customers'' payments are) and the reference trimmed; Rs 4,500 is still owed');
select is(public.record_supplier_payment(tests.id('arvind'), 6000, rules.india_day(now()) - 1, 'UPI', 'UTR 4411',
    '00000000-0000-4000-8000-000000000046') ->> 'owed', '4500.00',
  'The same request again returns the first answer');
select is((select count(*)::int from public.supplier_payments), 1, '... and writes no second payment');
select results_eq(
  $$ select billed, paid, due, days_0_30, days_31_60, days_61_90, over_90, oldest_due_date = rules.india_day(now()) - 45
     from public.supplier_dues() $$,
  $$ values (10500.00, 6000.00, 4500.00, 2625.00, 1875.00, 0.00, 0.00, true) $$,
  'Paid oldest first: the 100-day bill is settled, 1,875 of the 45-day bill and all of the 10-day bill are owed');
reset role;
select results_eq(
  $$ select owed from private.open_supplier_bills(tests.id('owner')) order by bill_date $$,
  $$ values (0.00), (1875.00), (2625.00) $$, 'Each bill''s open amount, oldest first');
select tests.authenticate_as('owner');

select is(tests.refusal($$ select public.record_supplier_payment(tests.id('arvind'), 4500.01, rules.india_day(now()), 'Cash') $$),
  'P0001 | Only Rs 4500.00 is owed to Arvind Mills. | field:amount', 'The second payment may not pass what is still owed');
select is(public.record_supplier_payment(tests.id('arvind'), 4500, rules.india_day(now()), 'bank TRANSFER') ->> 'owed',
  '0.00', 'Paying the rest by bank transfer leaves nothing owed');
select is(tests.refusal($$ select public.record_supplier_payment(tests.id('arvind'), 1, rules.india_day(now()), 'Cash') $$),
  'P0001 | Nothing is owed to Arvind Mills. | field:amount', 'Nothing more can be paid');
select is((select array_agg(mode order by paid_on) from public.supplier_payments), array['upi', 'bank_transfer'],
  'Stored as codes: '' upi '' and ''bank TRANSFER'' are upi and bank_transfer');
select results_eq($$ select due, days_0_30 + days_31_60 + days_61_90 + over_90, oldest_due_date from public.supplier_dues() $$,
  $$ values (0.00, 0.00, null::date) $$, 'The supplier is listed as fully paid');

-- Another user sees none of it and cannot pay the owner's supplier; anon cannot call at all.
select tests.authenticate_as('other');
select is((select count(*)::int from public.supplier_payments) + (select count(*)::int from public.supplier_dues()), 0,
  'Another user reads no payment and no dues of the owner');
select is(tests.refusal($$ select public.record_supplier_payment(tests.id('arvind'), 1, rules.india_day(now()), 'Cash') $$),
  'P0001 | Supplier not found. | field:supplier_id', 'Another user cannot pay the owner''s supplier');
select tests.authenticate_as_anon();
select throws_ok($$ select public.record_supplier_payment(gen_random_uuid(), 1, current_date, 'Cash') $$, '42501',
  'permission denied for function record_supplier_payment', 'anon cannot record a payment');

select * from finish();
rollback;

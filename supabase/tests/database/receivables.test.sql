-- Customers and receivables (issue 46): customers checked as elsewhere; an invoice to a customer
-- takes its buyer from it; payments in part and in full, never more than is due (refused on the
-- allocation's field, writing nothing), a repeated request_id writing once; a direct order's
-- status and its place in Profit leaks; dues with their ageing; the statement; isolation.
begin;
set local client_min_messages = warning;
select plan(48);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');

-- The rules --------------------------------------------------------------------------------------
select is(array[rules.ageing_bucket(0), rules.ageing_bucket(30), rules.ageing_bucket(31), rules.ageing_bucket(60),
    rules.ageing_bucket(61), rules.ageing_bucket(90), rules.ageing_bucket(91)],
  array['0-30', '0-30', '31-60', '31-60', '61-90', '61-90', 'over 90'], 'Ageing buckets end on days 30, 60 and 90');
select is(array[rules.receivable_status(100, 100, current_date, current_date),
    rules.receivable_status(100, 40, current_date, current_date),
    rules.receivable_status(100, 0, current_date, current_date),
    rules.receivable_status(100, 40, current_date - 1, current_date)],
  array['Paid', 'Part paid', 'Due', 'Overdue'], 'Paid, part paid, due, and overdue after the due day');

-- Customers --------------------------------------------------------------------------------------
select lives_ok($$ select public.set_business_profile('Asha Textiles', 'Pune', '27AAPFU0939F1ZV', '27', 'AT') $$,
  'The business profile');
insert into tests.ids select 'boutique', id from public.create_customer('Meera Boutique', ' 27aapfu0939f1zv ',
  'Shop 4, FC Road, Pune', 'Maharashtra', null, '+91 98200 00000', 'meera@example.com', 30,
  '00000000-0000-0000-0000-0000000000c1');
select is((select row(name, gstin, state_code, credit_days)::text from public.customers where id = tests.id('boutique')),
  '("Meera Boutique",27AAPFU0939F1ZV,27,30)', 'A customer: GSTIN in capitals, the state named becomes its code');
select is((public.create_customer('Meera Boutique', request_id => '00000000-0000-0000-0000-0000000000c1')).id,
  tests.id('boutique'), 'The same request again answers the first customer');
select is((select count(*)::int from public.customers), 1, 'and writes nothing');
select is(tests.refusal($$ select public.create_customer('X', '27AAPFU0939F1ZA', state_code => '27') $$),
  'P0001 | GSTIN 27AAPFU0939F1ZA is not valid. | field:gstin', 'A GSTIN with a wrong check character is refused on gstin');
select is(tests.refusal($$ select public.create_customer('X', '27AAPFU0939F1ZV', state_code => '29') $$),
  'P0001 | GSTIN 27AAPFU0939F1ZV is Maharashtra (27) but place of supply is 29 Karnataka: a registered buyer''s place of supply is its GSTIN''s state. | field:state_code',
  'A GSTIN of another state than the billing state is refused on state_code');
select is(tests.refusal($$ select public.create_customer('X', state_code => 'Atlantis') $$),
  'P0001 | Unknown state Atlantis. | field:state_code', 'An unknown state is refused');
select is(tests.refusal($$ select public.create_customer(' meera boutique ', state_code => '27') $$),
  '23505 | A customer named meera boutique already exists. | field:name', 'A second customer of the same name is refused');
select is(tests.refusal($$ select public.create_customer('X', state_code => '27', credit_days => 400) $$),
  'P0001 | Credit days must be at most 365. | field:credit_days', 'Credit days above a year are refused');
select is(tests.refusal($$ select public.create_customer('  ', state_code => '27') $$),
  'P0001 | Customer name is required. | field:name', 'A blank name is refused');
insert into tests.ids select 'walkin', id from public.create_customer('Walk-in Traders', state_code => '29');
select is((public.update_customer(tests.id('walkin'), 'Walk-in Traders', state_code => '29', credit_days => 15)).credit_days,
  15, 'A customer is edited');

-- A sale to the boutique, invoiced: 10 at Rs 1,180 at 18% is Rs 11,800.00 (Rs 10,000 + CGST 900 + SGST 900)
insert into tests.ids select 'dress', id from public.create_product('DRESS-1', 'Silk dress', 'Apparel', 1180, 50);
select from public.set_item_tax(tests.id('dress'), hsn_code => '6204', gst_rate => 18);
insert into tests.ids select 'sale', id from public.log_sale(tests.id('dress'), 10, 'Other', customer_id => tests.id('boutique'));
select is(tests.refusal($$ select public.log_sale(tests.id('dress'), 1, 'Amazon', customer_id => tests.id('boutique')) $$),
  'P0001 | A Amazon sale is the marketplace''s customer''s: only a direct (Other) order names a customer. | field:customer_id',
  'A marketplace sale names no customer');
select is(tests.refusal($$ select public.create_invoice(array[tests.id('sale')], 'Someone', null, '27') $$),
  'P0001 | The order of Silk dress is Meera Boutique''s: invoice it to that customer. | field:customer_id',
  'The boutique''s order is not invoiced to another buyer');
insert into tests.ids select 'invoice', (public.create_invoice(array[tests.id('sale')],
  customer_id => tests.id('boutique')) ->> 'invoice_id')::uuid;
select is((select row(buyer_name, buyer_gstin, buyer_address, buyer_state_code, taxable_value, cgst, sgst, total)::text
    from public.invoices where id = tests.id('invoice')),
  '("Meera Boutique",27AAPFU0939F1ZV,"Shop 4, FC Road, Pune",27,10000.00,900.00,900.00,11800.00)',
  'The invoice''s buyer is the customer: name, GSTIN, address and place of supply');

-- Payments ---------------------------------------------------------------------------------------
select is(tests.refusal($$ select public.record_payment(tests.id('boutique'), 5000, rules.india_day(now()), 'upi', null,
    '[{"invoice_id": "not-an-id", "amount": 5000}]') $$),
  'P0001 | Invoice or order not found. | field:allocations', 'An allocation naming no document is refused');
select is(tests.refusal($$ select public.record_payment(tests.id('boutique'), 5000, rules.india_day(now()), 'upi', null,
    jsonb_build_array(jsonb_build_object('invoice_id', tests.id('invoice'), 'amount', 4000))) $$),
  'P0001 | The allocations add up to Rs 4000.00, not the payment''s Rs 5000.00. | field:amount',
  'Allocations that do not add up to the amount are refused on the amount');
select is(tests.refusal($$ select public.record_payment(tests.id('boutique'), 5000.001, rules.india_day(now()), 'upi',
    null, jsonb_build_array(jsonb_build_object('invoice_id', tests.id('invoice'), 'amount', 5000.001))) $$),
  'P0001 | Amount can have at most 2 decimal places. | field:amount', 'An amount below the paisa is refused');
select is(tests.refusal($$ select public.record_payment(tests.id('boutique'), 5000, rules.india_day(now()), 'barter',
    null, jsonb_build_array(jsonb_build_object('invoice_id', tests.id('invoice'), 'amount', 5000))) $$),
  'P0001 | Mode must be Cash, Bank transfer, UPI or Cheque. | field:mode', 'An unknown mode is refused (the message record_supplier_payment gives)');
select is(tests.refusal($$ select public.record_payment(tests.id('boutique'), 5000, rules.india_day(now()) + 1, 'upi',
    null, jsonb_build_array(jsonb_build_object('invoice_id', tests.id('invoice'), 'amount', 5000))) $$),
  'P0001 | Payment date must be between 2000-01-01 and today. | field:paid_on', 'A payment dated tomorrow is refused');
select is(tests.refusal($$ select public.record_payment(tests.id('boutique'), 100, rules.india_day(now()), 'cash',
    null, jsonb_build_array(jsonb_build_object('order_id', tests.id('sale'), 'amount', 100))) $$),
  format('P0001 | The order of Silk dress is on invoice %s: record the payment against the invoice. | field:allocations',
    (select invoice_number from public.invoices where id = tests.id('invoice'))),
  'An invoiced order is paid through its invoice');

select is(public.record_payment(tests.id('boutique'), 5000, rules.india_day(now()) - 2, 'UPI', 'UPI-4411',
    jsonb_build_array(jsonb_build_object('invoice_id', tests.id('invoice'), 'amount', 5000)),
    '00000000-0000-0000-0000-0000000000d1') ->> 'due', '6800.00', 'Rs 5,000 by UPI leaves Rs 6,800.00 due');
select is(public.record_payment(tests.id('boutique'), 5000, rules.india_day(now()) - 2, 'UPI', 'UPI-4411',
    jsonb_build_array(jsonb_build_object('invoice_id', tests.id('invoice'), 'amount', 5000)),
    '00000000-0000-0000-0000-0000000000d1') ->> 'due', '6800.00', 'The same request again answers the same');
select is((select count(*)::int from public.customer_payments), 1, 'and writes once');
select is(public.order_payment_statuses(array[tests.id('sale')]) ->> tests.id('sale')::text, 'Part paid',
  'The order follows its invoice: part paid');
select is(tests.refusal($$ select public.record_payment(tests.id('boutique'), 6800.01, rules.india_day(now()), 'bank_transfer',
    null, jsonb_build_array(jsonb_build_object('invoice_id', tests.id('invoice'), 'amount', 6800.01))) $$),
  format('P0001 | Only Rs 6800.00 is due on invoice %s: Rs 6800.01 is more than that. | field:allocations.0.amount',
    (select invoice_number from public.invoices where id = tests.id('invoice'))),
  'A paisa more than is due is refused on that allocation''s amount');
select is((select count(*)::int from public.customer_payments), 1, 'and writes nothing');
select is(public.record_payment(tests.id('boutique'), 6800, rules.india_day(now()), 'bank transfer', 'UTR 889',
    jsonb_build_array(jsonb_build_object('invoice_id', tests.id('invoice'), 'amount', 6800))) ->> 'due', '0.00',
  'The rest by bank transfer: nothing due');
select is(public.order_payment_statuses(array[tests.id('sale')]) ->> tests.id('sale')::text, 'Paid', 'and the order is paid');

-- A direct order not invoiced, 45 days old with 30 days' credit: overdue, in Profit leaks until paid
insert into tests.ids select 'old', id from public.log_sale(tests.id('dress'), 2, 'Other', unit_price => 1000,
  order_date => rules.india_day(now()) - 45, order_id => 'D-17');
insert into tests.ids select 'amazon', id from public.log_sale(tests.id('dress'), 1, 'Amazon', order_id => '408-1');
select is(tests.refusal($$ select public.record_payment(tests.id('boutique'), 100, rules.india_day(now()), 'cash',
    null, jsonb_build_array(jsonb_build_object('order_id', tests.id('amazon'), 'amount', 100))) $$),
  'P0001 | The order of Silk dress is a Amazon sale: it is paid through its settlement. | field:allocations',
  'A marketplace order is not paid here');
select is((select count(*)::int from jsonb_array_elements(public.profit_leaks('all_time')) l
    where l ->> 'kind' = 'overdue' and l ->> 'external_order_id' = 'D-17'), 1,
  'A direct order naming no customer is overdue in Profit leaks as before');
select is(public.record_payment(tests.id('walkin'), 500, rules.india_day(now()), 'cash', null,
    jsonb_build_array(jsonb_build_object('order_id', tests.id('old'), 'amount', 500))) ->> 'due', '1500.00',
  'Rs 500 of its Rs 2,000 paid by Walk-in Traders, whose order it becomes');
select is((select customer_id from public.sales_orders where id = tests.id('old')), tests.id('walkin'),
  'The order names its customer');
select is((select l ->> 'amount' from jsonb_array_elements(public.profit_leaks('all_time')) l
    where l ->> 'kind' = 'overdue' and l ->> 'external_order_id' = 'D-17'), '1500.00',
  'Overdue (45 days, 15 days'' credit) for the Rs 1,500.00 still due');
select is((select d -> 'ageing' from jsonb_array_elements(public.customer_dues()) d where d ->> 'name' = 'Walk-in Traders'),
  '{"0-30": 0, "31-60": 1500.00, "61-90": 0, "over 90": 0}'::jsonb, 'Its due is in the 31-60 days bucket');
select is((select (d ->> 'due')::numeric from jsonb_array_elements(public.customer_dues()) d
    where d ->> 'name' = 'Meera Boutique'), 0.00, 'The boutique owes nothing');
select is(public.record_payment(tests.id('walkin'), 1500, rules.india_day(now()), 'cheque', '000123',
    jsonb_build_array(jsonb_build_object('order_id', tests.id('old'), 'amount', 1500))) ->> 'due', '0.00',
  'The rest by cheque');
select is((select count(*)::int from jsonb_array_elements(public.profit_leaks('all_time')) l
    where l ->> 'external_order_id' = 'D-17'), 0, 'Paid, the order leaves Profit leaks');

-- The statement --------------------------------------------------------------------------------
select is((select jsonb_build_object('opening', s -> 'opening_balance', 'closing', s -> 'closing_balance',
      'kinds', (select jsonb_agg(e ->> 'kind') from jsonb_array_elements(s -> 'entries') e),
      'balances', (select jsonb_agg(e -> 'balance') from jsonb_array_elements(s -> 'entries') e))
    from public.customer_statement(tests.id('boutique'), rules.india_day(now()) - 1, rules.india_day(now())) s),
  '{"opening": -5000.00, "closing": 0.00, "kinds": ["invoice", "payment"], "balances": [6800.00, 0.00]}'::jsonb,
  'From yesterday: opening Rs 5,000 paid ahead, the invoice, the bank transfer, closing 0');
select is((select array_agg(e ->> 'description' order by e ->> 'description')
    from public.customer_statement(tests.id('boutique'), rules.india_day(now()) - 2, rules.india_day(now())) s,
      jsonb_array_elements(s -> 'entries') e where e ->> 'kind' = 'payment'),
  array['Payment by Bank transfer', 'Payment by UPI'], 'The statement names each payment''s mode by its label');
select is((select array_agg(mode order by mode) from public.customer_payments where customer_id = tests.id('boutique')),
  array['bank_transfer', 'upi'],
  'The modes are stored as their codes, however they were typed (UPI, bank transfer)');
select is(tests.refusal($$ select public.customer_statement(tests.id('boutique'), rules.india_day(now()), rules.india_day(now()) - 1) $$),
  'P0001 | To date cannot be before the from date. | field:date_to', 'A range that ends before it starts is refused');

-- Isolation ------------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is((select count(*)::int from public.customers), 0, 'Another user reads none of the customers');
select is((select count(*)::int from public.customer_payments) + (select count(*)::int from public.customer_payment_allocations),
  0, 'nor their payments');
select is(tests.refusal($$ select public.record_payment(tests.id('boutique'), 1, rules.india_day(now()), 'cash', null,
    jsonb_build_array(jsonb_build_object('invoice_id', tests.id('invoice'), 'amount', 1))) $$),
  'P0001 | Customer not found. | field:customer_id', 'nor pays for them');
select is(tests.refusal($$ select public.customer_statement(tests.id('boutique'), '2026-01-01', '2026-12-31') $$),
  'P0001 | Customer not found. | field:customer_id', 'nor reads their statement');
select is(public.customer_dues(), '[]'::jsonb, 'and owes nothing to them');

select * from finish();
rollback;

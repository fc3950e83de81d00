-- The Tally export (issue 46): last month's books (an invoice, a day's Amazon sales, two supplier
-- bills, a credit note, two supplier payments) as TallyPrime's import file: every voucher of the
-- month with its totals, Tally's dates and signs, names escaped; the same range again gives the
-- same file; a voucher is never exported twice unless asked; each export recorded.
begin;
set local client_min_messages = warning;
select plan(33);

select tests.create_user('owner');
select tests.create_user('other');
select tests.create_user('returner');
select tests.create_user('jobber');
select tests.authenticate_as('owner');

-- Last month, and its 10th.
create temp table month as
select m.first, (m.first + interval '1 month' - interval '1 day')::date as last, m.first + 9 as d
from (select (date_trunc('month', rules.india_day(now())) - interval '1 month')::date as first) m;
grant select on month to authenticated;

select from public.set_business_profile('Asha Textiles', 'Bengaluru', '29AAOFB8607N1ZP', '29', 'AT');
insert into tests.ids select 'kurta', id from public.create_product('KUR-1', 'Kurta <Blue> & Co', 'Apparel', 1050, 50, 2, '[]');
select from public.set_item_tax(tests.id('kurta'), hsn_code => '6211', gst_rate => 5);

-- Sales: one invoiced to Maharashtra (Rs 1,050: taxable 1,000 + IGST 50), three units on Amazon
-- that day (Rs 3,150: taxable 3,000 + CGST 75 + SGST 75), one cancelled (left out).
insert into tests.ids select 'sale', id from public.log_sale(tests.id('kurta'), 1, 'Other', order_date => (select d from month));
select from public.create_invoice(array[tests.id('sale')], 'Ravi & Sons', '27AAPFU0939F1ZV', '27', 'Pune',
  invoice_date => (select d from month));
insert into tests.ids select 'invoice', id from public.invoices;
select from public.log_sale(tests.id('kurta'), 2, 'Amazon', order_date => (select d from month));
select from public.log_sale(tests.id('kurta'), 1, 'Amazon', order_date => (select d from month));
insert into tests.ids select 'cancelled', id from public.log_sale(tests.id('kurta'), 1, 'Amazon', order_date => (select d from month));
select from public.cancel_sales_order(tests.id('cancelled'));

-- Purchases: 2 rolls of cotton from Maharashtra (5,000 + IGST 250), 100 buttons from an
-- unregistered supplier in no other state (125 + 12% = 15: CGST 7.50 + SGST 7.50).
insert into tests.ids select 'arvind', id from public.create_supplier('Arvind Mills', gstin => '27AAPFU0939F1ZV');
insert into tests.ids select 'buttons_co', id from public.create_supplier('Button & Co');
insert into tests.ids select 'cotton', id from public.create_raw_material('Cotton', 'Arvind Mills', 50, 0, 'm', 10);
insert into tests.ids select 'buttons', id from public.create_raw_material('Buttons', 'Button & Co', 1.25, 0, 'pcs', 10);
select from public.set_purchase_unit(tests.id('cotton'), tests.id('arvind'), 'roll', 50, 2500);
insert into tests.ids select 'po1', (public.create_purchase_order(tests.id('arvind'), jsonb_build_array(jsonb_build_object(
  'material_id', tests.id('cotton'), 'quantity', 2))) ->> 'purchase_order_id')::uuid;
insert into tests.ids select 'po2', (public.create_purchase_order(tests.id('buttons_co'), jsonb_build_array(jsonb_build_object(
  'material_id', tests.id('buttons'), 'quantity', 100))) ->> 'purchase_order_id')::uuid;
select from public.place_purchase_order(tests.id('po1'));
select from public.place_purchase_order(tests.id('po2'));
select from public.receive_purchase_order(tests.id('po1'), jsonb_build_array(jsonb_build_object(
  'line_id', (select id from public.purchase_order_lines where purchase_order_id = tests.id('po1')), 'quantity', 2,
  'gst_rate', 5)), supplier_invoice_number => 'AM/77', supplier_invoice_date => (select d + 1 from month));
select from public.receive_purchase_order(tests.id('po2'), jsonb_build_array(jsonb_build_object(
  'line_id', (select id from public.purchase_order_lines where purchase_order_id = tests.id('po2')), 'quantity', 100,
  'gst_rate', 12)), supplier_invoice_number => 'BC-9', supplier_invoice_date => (select d + 1 from month));

-- Payments: 3,000 to Arvind by bank, 140 to Button & Co in cash.
select from public.record_supplier_payment(tests.id('arvind'), 3000, (select d + 2 from month), 'Bank transfer', 'UTR 1');
select from public.record_supplier_payment(tests.id('buttons_co'), 140, (select d + 3 from month), 'Cash');

-- A credit note of Rs 105 on the invoice five days later: taxable 100 + IGST 5.
reset role;
select from private.create_credit_note(tests.id('owner'), tests.id('invoice'), jsonb_build_array(jsonb_build_object(
  'invoice_line_id', (select id from public.invoice_lines where invoice_id = tests.id('invoice')), 'amount', 105)),
  'Late delivery', rules.india_day_start((select d + 5 from month)) + interval '10 hours');
select tests.authenticate_as('owner');

create temp table export1 as select public.tally_export((select first from month), (select last from month))::xml as x;
grant select on export1 to authenticated;

select is((select (xpath('/ENVELOPE/HEADER/TALLYREQUEST/text()', x))[1]::text
    || ' / ' || (xpath('/ENVELOPE/BODY/IMPORTDATA/REQUESTDESC/STATICVARIABLES/SVCURRENTCOMPANY/text()', x))[1]::text
    from export1),
  'Import Data / Asha Textiles', 'TallyPrime''s import envelope, for the business''s company');
select results_eq(
  $$ select (xpath('/*/@VCHTYPE', v))[1]::text, (xpath('/*/VOUCHERNUMBER/text()', v))[1]::text,
       (xpath('/*/DATE/text()', v))[1]::text
     from export1, unnest(xpath('//VOUCHER', x)) v $$,
  $$ select * from (values
       ('Sales', (select invoice_number from public.invoices), to_char((select d from month), 'YYYYMMDD')),
       ('Sales', 'Amazon/' || to_char((select d from month), 'YYYYMMDD'), to_char((select d from month), 'YYYYMMDD')),
       ('Purchase', 'AM/77', to_char((select d + 1 from month), 'YYYYMMDD')),
       ('Purchase', 'BC-9', to_char((select d + 1 from month), 'YYYYMMDD')),
       ('Payment', (select 'SP/' || to_char(created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') from public.supplier_payments where amount = 3000),
         to_char((select d + 2 from month), 'YYYYMMDD')),
       ('Payment', (select 'SP/' || to_char(created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') from public.supplier_payments where amount = 140),
         to_char((select d + 3 from month), 'YYYYMMDD')),
       ('Credit Note', (select note_number from public.credit_notes), to_char((select d + 5 from month), 'YYYYMMDD'))
     ) v $$,
  'The month''s seven vouchers in date order, dated YYYYMMDD: the invoice, Amazon''s day, two bills, two payments, the credit note');

-- The party's side of each voucher, as Tally signs it: a debit negative (ISDEEMEDPOSITIVE Yes).
select results_eq(
  $$ select (xpath('/*/@VCHTYPE', v))[1]::text, (xpath('/*/*[ISPARTYLEDGER="Yes"]/AMOUNT/text()', v))[1]::text,
       (xpath('/*/*[ISPARTYLEDGER="Yes"]/ISDEEMEDPOSITIVE/text()', v))[1]::text
     from export1, unnest(xpath('//VOUCHER', x)) v $$,
  $$ values ('Sales', '-1050.00', 'Yes'), ('Sales', '-3150.00', 'Yes'), ('Purchase', '5250.00', 'No'),
            ('Purchase', '140.00', 'No'), ('Payment', '-3000.00', 'Yes'), ('Payment', '-140.00', 'Yes'),
            ('Credit Note', '105.00', 'No') $$,
  'Sales debit the buyer with the total, bills credit the supplier, payments debit it, the credit note credits the buyer');
select is((select array_agg((select sum(a::text::numeric) from unnest(xpath('/*//AMOUNT[not(ancestor::BILLALLOCATIONS.LIST)][not(ancestor::ACCOUNTINGALLOCATIONS.LIST)]/text()', v)) a))
    from export1, unnest(xpath('//VOUCHER', x)) v),
  array[0, 0, 0, 0, 0, 0, 0]::numeric[], 'Every voucher balances: its debits and credits sum to zero');
select results_eq(
  $$ select (xpath('/*/LEDGERNAME/text()', e))[1]::text, (xpath('/*/AMOUNT/text()', e))[1]::text
     from export1, unnest(xpath('//VOUCHER', x)) with ordinality v (v, n), unnest(xpath('/*/*[ISPARTYLEDGER="No"]', v)) e
     order by n $$,
  $$ values ('Output IGST', '50.00'), ('Output CGST', '75.00'), ('Output SGST', '75.00'),
            ('Input IGST', '-250.00'), ('Input CGST', '-7.50'), ('Input SGST', '-7.50'),
            ('Bank', '3000.00'), ('Cash', '140.00'),
            ('Sales GST 5%', '-100.00'), ('Output IGST', '-5.00') $$,
  'The tax of each voucher: IGST across states, CGST and SGST halves within; payments from Bank or Cash; the credit note takes back sales and IGST');
select is((select array_agg((xpath('/*/NARRATION/text()', v))[1]::text order by n)
    from export1, unnest(xpath('//VOUCHER[@VCHTYPE="Payment"]', x)) with ordinality v (v, n)),
  array['Bank transfer UTR 1', 'Cash'], 'A payment''s narration is its mode''s label and its reference');
select results_eq(
  $$ select (xpath('/*/STOCKITEMNAME/text()', i))[1]::text, (xpath('/*/ACTUALQTY/text()', i))[1]::text,
       (xpath('/*/RATE/text()', i))[1]::text, (xpath('/*/AMOUNT/text()', i))[1]::text,
       (xpath('/*/ACCOUNTINGALLOCATIONS.LIST/LEDGERNAME/text()', i))[1]::text
     from export1, unnest(xpath('//ALLINVENTORYENTRIES.LIST', x)) i $$,
  $$ values ('Kurta &lt;Blue&gt; &amp; Co', ' 1 NOS', '1000.00/NOS', '1000.00', 'Sales GST 5%'),
            ('Kurta &lt;Blue&gt; &amp; Co', ' 3 NOS', '1000.00/NOS', '3000.00', 'Sales GST 5%'),
            ('Cotton', ' 100.000 m', '50.00/m', '-5000.00', 'Purchase GST 5%'),
            ('Buttons', ' 100.000 pcs', '1.25/pcs', '-125.00', 'Purchase GST 12%') $$,
  'Stock items (names escaped) with their quantities and units, rate and value before tax, into the ledger of their GST rate');
select results_eq(
  $$ select (xpath('/*/@NAME', l))[1]::text, (xpath('/*/PARENT/text()', l))[1]::text
     from export1, unnest(xpath('//LEDGER', x)) l $$,
  $$ values ('Amazon', 'Sundry Debtors'), ('Arvind Mills', 'Sundry Creditors'), ('Bank', 'Bank Accounts'),
            ('Button &amp; Co', 'Sundry Creditors'), ('Input CGST', 'Duties &amp; Taxes'), ('Input IGST', 'Duties &amp; Taxes'),
            ('Input SGST', 'Duties &amp; Taxes'), ('Output CGST', 'Duties &amp; Taxes'), ('Output IGST', 'Duties &amp; Taxes'),
            ('Output SGST', 'Duties &amp; Taxes'), ('Purchase GST 12%', 'Purchase Accounts'),
            ('Purchase GST 5%', 'Purchase Accounts'), ('Ravi &amp; Sons', 'Sundry Debtors'), ('Sales GST 5%', 'Sales Accounts') $$,
  'The ledgers the vouchers name, once each, in their Tally groups (Cash is every company''s own)');
select results_eq(
  $$ select (xpath('/*/@NAME', u))[1]::text, (xpath('/*/GSTREPUOM/text()', u))[1]::text from export1, unnest(xpath('//UNIT', x)) u $$,
  $$ values ('NOS', 'NOS-NUMBERS'), ('m', 'MTR-METERS'), ('pcs', 'NOS-NUMBERS') $$, 'The units, with their UQC');
select is((select count(*)::int from export1, unnest(xpath('//STOCKITEM', x))), 3, 'Three stock items');
select ok((select x::text like '%<PARTYNAME>Button &amp; Co</PARTYNAME>%' and x::text like '%<STOCKITEMNAME>Kurta &lt;Blue&gt; &amp; Co</STOCKITEMNAME>%'
  from export1), 'Names are XML-escaped');
select results_eq($$ select from_date, to_date, include_exported, vouchers from public.tally_exports $$,
  $$ select first, last, false, 7 from month $$, 'The export is recorded with its range and seven vouchers');

-- The same range again: the same file. Another range: the vouchers already exported are left out,
-- unless asked for.
select is((select public.tally_export((select first from month), (select last from month))), (select x::text from export1),
  'Exporting the same range again gives the same file');
select is((select count(*)::int from unnest(xpath('//VOUCHER',
    public.tally_export((select d from month), (select last from month))::xml))), 0,
  'An overlapping range leaves out every voucher already exported');
select is((select count(*)::int from unnest(xpath('//VOUCHER',
    public.tally_export((select d from month), (select last from month), include_exported => true)::xml))), 7,
  '... and includes them when asked');
select is((select count(*)::int from public.tally_exports), 4, 'Each export is recorded');

-- Refusals.
select is(tests.refusal($$ select public.tally_export((select last from month), (select first from month)) $$),
  'P0001 | To date must be on or after the from date. | field:to_date', 'A range ending before it starts is refused');
select is(tests.refusal($$ select public.tally_export(rules.india_day(now()), rules.india_day(now()) + 1) $$),
  'P0001 | To date cannot be after today. | field:to_date', 'A range ending tomorrow is refused');
select is(tests.refusal($$ select public.tally_export(null, rules.india_day(now())) $$),
  'P0001 | From date is required. | field:from_date', 'A range without a start is refused');
select is(tests.refusal($$ select public.tally_export(rules.india_day(now()) - 400, rules.india_day(now())) $$),
  'P0001 | Export at most a year at a time. | field:to_date', 'More than a year is refused');

-- A customer's payment (issue 46): a boutique invoiced Rs 11,800 this month pays Rs 5,000 by UPI;
-- the month's file has it as a Receipt crediting the boutique and debiting Bank.
select tests.authenticate_as('owner');
insert into tests.ids select 'boutique', (public.create_customer('Meera Boutique', '27AAPFU0939F1ZV', 'Pune', '27')).id;
insert into tests.ids select 'order', id from public.log_sale(tests.id('kurta'), 1, 'Other', unit_price => 11800,
  customer_id => tests.id('boutique'));
insert into tests.ids select 'invoice2', (public.create_invoice(array[tests.id('order')], customer_id => tests.id('boutique'))
  ->> 'invoice_id')::uuid;
select from public.record_payment(tests.id('boutique'), 5000, rules.india_day(now()), 'UPI', 'UPI 4411',
  jsonb_build_array(jsonb_build_object('invoice_id', tests.id('invoice2'), 'amount', 5000)));
create temp table export3 as select public.tally_export(rules.india_day(now()), rules.india_day(now()))::xml as x;
grant select on export3 to authenticated;
select results_eq(
  $$ select (xpath('/*/@VCHTYPE', v))[1]::text, (xpath('/*/*[ISPARTYLEDGER="Yes"]/LEDGERNAME/text()', v))[1]::text,
       (xpath('/*/*[ISPARTYLEDGER="Yes"]/AMOUNT/text()', v))[1]::text,
       (xpath('/*/*[ISPARTYLEDGER="Yes"]/ISDEEMEDPOSITIVE/text()', v))[1]::text
     from export3, unnest(xpath('//VOUCHER', x)) v where (xpath('/*/@VCHTYPE', v))[1]::text = 'Receipt' $$,
  $$ values ('Receipt', 'Meera Boutique', '5000.00', 'No') $$,
  'The payment received is a Receipt crediting the customer with Rs 5,000');
select results_eq(
  $$ select (xpath('/*/LEDGERNAME/text()', e))[1]::text, (xpath('/*/AMOUNT/text()', e))[1]::text
     from export3, unnest(xpath('//VOUCHER', x)) v, unnest(xpath('/*/*[ISPARTYLEDGER="No"]', v)) e
     where (xpath('/*/@VCHTYPE', v))[1]::text = 'Receipt' $$,
  $$ values ('Bank', '-5000.00') $$,
  'and debiting Bank for UPI');
select is((select (xpath('/*/NARRATION/text()', v))[1]::text from export3, unnest(xpath('//VOUCHER', x)) v
    where (xpath('/*/@VCHTYPE', v))[1]::text = 'Receipt'), 'UPI UPI 4411', 'Its narration is the mode and the reference');

-- Marketplace returns: Credit Note vouchers per day and platform, GST reversed. A shop in Karnataka
-- sells shirts at Rs 1,050 (5%) on the 10th of last month: Flipkart 3, and 2 at Rs 999.99 (Rs
-- 1,999.98); Amazon 1; and 1 invoiced (its return is its invoice's credit note, not here).
-- Back on the 12th: 1 of Flipkart's 3 (round(3,150 x 1/3) = 1,050.00), 1 of the 2 (round(1,999.98 x
-- 1/2) = 999.99), Amazon's 1 (1,050.00), the invoiced 1. Back on the 14th: another of Flipkart's 3
-- (round(3,150 x 2/3) - 1,050 = 1,050.00).
-- Flipkart, 12th: 2,049.99 = taxable round(2,049.99 / 1.05) = 1,952.37 + tax 97.62 (CGST 48.81, SGST 48.81).
-- Amazon, 12th, and Flipkart, 14th: 1,050.00 = 1,000.00 + CGST 25.00 + SGST 25.00.
select tests.authenticate_as('returner');
select from public.set_business_profile('Ruchi Fashions', 'Mysuru', '29AAOFB8607N1ZP', '29', 'RF');
insert into tests.ids select 'shirt', id from public.create_product('SHR-1', 'Shirt', 'Apparel', 1050, 50, 2, '[]');
select from public.set_item_tax(tests.id('shirt'), hsn_code => '6205', gst_rate => 5);
insert into tests.ids select 'fk3', id from public.log_sale(tests.id('shirt'), 3, 'Flipkart', order_date => (select d from month));
insert into tests.ids select 'fk2', id from public.log_sale(tests.id('shirt'), 2, 'Flipkart', unit_price => 999.99,
  order_date => (select d from month));
insert into tests.ids select 'amz', id from public.log_sale(tests.id('shirt'), 1, 'Amazon', order_date => (select d from month));
insert into tests.ids select 'billed', id from public.log_sale(tests.id('shirt'), 1, 'Other', order_date => (select d from month));
select from public.create_invoice(array[tests.id('billed')], 'Walk-in', null, '29', invoice_date => (select d from month));
select from unnest(array[tests.id('fk3'), tests.id('fk2'), tests.id('amz'), tests.id('billed')]) o,
  public.fulfil_sales_order(o) f,
  public.record_return(o, 'customer_return', 1, return_date => (select d + 2 from month)) r;
select from public.record_return(tests.id('fk3'), 'rto', 0, damaged => 1, return_date => (select d + 4 from month));
create temp table export4 as select public.tally_export((select first from month), (select last from month))::xml as x;
grant select on export4 to authenticated;
select results_eq(
  $$ select (xpath('/*/VOUCHERNUMBER/text()', v))[1]::text, (xpath('/*/DATE/text()', v))[1]::text,
       (xpath('/*/PARTYLEDGERNAME/text()', v))[1]::text, (xpath('/*/*[ISPARTYLEDGER="Yes"]/AMOUNT/text()', v))[1]::text,
       (xpath('/*/*[ISPARTYLEDGER="Yes"]/ISDEEMEDPOSITIVE/text()', v))[1]::text
     from export4, unnest(xpath('//VOUCHER[@VCHTYPE="Credit Note"]', x)) v $$,
  $$ select * from (values
       ('Amazon/R/' || to_char((select d + 2 from month), 'YYYYMMDD'), to_char((select d + 2 from month), 'YYYYMMDD'),
         'Amazon', '1050.00', 'No'),
       ('Flipkart/R/' || to_char((select d + 2 from month), 'YYYYMMDD'), to_char((select d + 2 from month), 'YYYYMMDD'),
         'Flipkart', '2049.99', 'No'),
       ('Flipkart/R/' || to_char((select d + 4 from month), 'YYYYMMDD'), to_char((select d + 4 from month), 'YYYYMMDD'),
         'Flipkart', '1050.00', 'No')) v $$,
  'Returns not invoiced are Credit Notes per day and platform crediting it with the refund (the invoiced return is not)');
select results_eq(
  $$ select (xpath('/*/VOUCHERNUMBER/text()', v))[1]::text, (xpath('/*/STOCKITEMNAME/text()', i))[1]::text,
       (xpath('/*/ACTUALQTY/text()', i))[1]::text, (xpath('/*/AMOUNT/text()', i))[1]::text,
       (xpath('/*/ACCOUNTINGALLOCATIONS.LIST/LEDGERNAME/text()', i))[1]::text
     from export4, unnest(xpath('//VOUCHER[@VCHTYPE="Credit Note"]', x)) with ordinality v (v, n),
       unnest(xpath('/*/ALLINVENTORYENTRIES.LIST', v)) i order by n $$,
  $$ values ('Amazon/R/' || to_char((select d + 2 from month), 'YYYYMMDD'), 'Shirt', ' 1 NOS', '-1000.00', 'Sales GST 5%'),
            ('Flipkart/R/' || to_char((select d + 2 from month), 'YYYYMMDD'), 'Shirt', ' 2 NOS', '-1952.37', 'Sales GST 5%'),
            ('Flipkart/R/' || to_char((select d + 4 from month), 'YYYYMMDD'), 'Shirt', ' 1 NOS', '-1000.00', 'Sales GST 5%') $$,
  'The goods come back at their taxable value, debiting sales');
select results_eq(
  $$ select (xpath('/*/LEDGERNAME/text()', e))[1]::text, (xpath('/*/AMOUNT/text()', e))[1]::text
     from export4, unnest(xpath('//VOUCHER[@VCHTYPE="Credit Note"]', x)) with ordinality v (v, n),
       unnest(xpath('/*/LEDGERENTRIES.LIST[ISPARTYLEDGER="No"]', v)) with ordinality e (e, m) order by n, m $$,
  $$ values ('Output CGST', '-25.00'), ('Output SGST', '-25.00'), ('Output CGST', '-48.81'), ('Output SGST', '-48.81'),
            ('Output CGST', '-25.00'), ('Output SGST', '-25.00') $$,
  'Their GST is reversed: CGST and SGST debited, in equal halves');
select is((select sum((xpath('/*/*[ISPARTYLEDGER="Yes"]/AMOUNT/text()', v))[1]::text::numeric)
    from export4, unnest(xpath('//VOUCHER[@VCHTYPE="Credit Note"]', x)) v),
  (select sum(o.refunded_amount) from public.sales_orders o
   where not exists (select 1 from public.invoice_lines l where l.sales_order_id = o.id)),
  'The credit notes add up to what the orders not invoiced refunded: Rs 4,149.99');

-- A job worker's charge (issue 45) is a Purchase of a service, with no stock: Job Work Charges
-- debited with the charge, the input tax as on any supplier's bill, the job worker credited with
-- both. 40 m of 50 dyed at Rs 12 a metre: Rs 480; GST 5% from Gujarat to Maharashtra, IGST Rs 24.
select tests.authenticate_as('jobber');
select from public.set_business_profile('Asha Textiles', '12 MG Road, Pune', '27AAPFU0939F1ZV', '27', 'AT');
insert into tests.ids select 'greige', id from public.create_raw_material('Greige fabric', null, 80, 100, 'm');
insert into tests.ids select 'dyed', id from public.create_raw_material('Dyed fabric', null, 0, 0, 'm');
insert into tests.ids select 'dyer supplier', id from public.create_supplier('Rang Dyers', gstin => '24AAPFU0939F1Z1');
insert into tests.ids select 'dyer', id from public.create_location('Rang Dyers', 'job_worker', tests.id('dyer supplier'));
insert into tests.ids
select 'dyeing', (public.send_job_work(tests.id('dyer'), (select id from public.locations where is_main),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 50)),
  jsonb_build_object('material_id', tests.id('dyed'), 'quantity', 50), 12, 'metre') ->> 'job_work_order_id')::uuid;
select from public.receive_job_work(tests.id('dyeing'), 40, 2, null, 5, 'RD/101', rules.india_day(now()));
create temp table export5 as select public.tally_export(rules.india_day(now()), rules.india_day(now()))::xml as x;
select results_eq(
  $$ select (xpath('/*/LEDGERNAME/text()', e))[1]::text, (xpath('/*/AMOUNT/text()', e))[1]::text
     from export5, unnest(xpath('//VOUCHER[@VCHTYPE="Purchase"]', x)) v,
       unnest(xpath('/*/ALLLEDGERENTRIES.LIST', v)) with ordinality e (e, m) order by m $$,
  $$ values ('Rang Dyers', '504.00'), ('Job Work Charges', '-480.00'), ('Input IGST', '-24.00') $$,
  'A job worker''s charge: Rs 480 to Job Work Charges and IGST Rs 24 debited, Rs 504 to the job worker');
select is((select (xpath('//VOUCHER[@VCHTYPE="Purchase"]/VOUCHERNUMBER/text()', x))[1]::text from export5), 'RD/101',
  'numbered by the job worker''s invoice');
select is((select count(*)::int from export5,
    unnest(xpath('//LEDGER[@NAME="Job Work Charges"][PARENT="Purchase Accounts"]', x))), 1,
  'Job Work Charges is a ledger under Purchase Accounts');

-- Isolation: another user's export of the same month has none of it.
select tests.authenticate_as('other');
select is((select count(*)::int from unnest(xpath('//VOUCHER',
    public.tally_export((select first from month), (select last from month))::xml))), 0,
  'Another user''s export holds none of the owner''s vouchers');
select is((select count(*)::int from public.tally_exports) + (select count(*)::int from public.tally_exported_vouchers), 1,
  'Another user reads only its own export record');
select tests.authenticate_as_anon();
select throws_ok($$ select public.tally_export(current_date, current_date) $$, '42501',
  'permission denied for function tally_export', 'anon cannot export');

select * from finish();
rollback;

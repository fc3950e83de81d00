-- GST a seller can file (issue 42, items 3 and 6): input tax on purchase-order receipts against the
-- supplier's invoice and the month's input tax by invoice; an invoice's date and a place of supply
-- that agrees with the buyer's GSTIN; credit notes listed, printed and refused after their time limit
-- (section 34); the HSN summary's description from the HSN; a purchase order closed short totals
-- what arrived. Every refusal writes nothing (tests.refusal rolls it back).
begin;
set local client_min_messages = warning;
select plan(36);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');

-- The rules --------------------------------------------------------------------------------------
select is(rules.credit_note_last_day('2026-03-31'), date '2026-11-30',
  'An invoice of 31 March 2026 (financial year 25-26) can be credited until 30 November 2026');
select is(rules.credit_note_last_day('2026-04-01'), date '2027-11-30',
  'one of 1 April 2026 (26-27) until 30 November 2027');
select is(rules.place_of_supply_problem('27AAPFU0939F1ZV', '29'),
  'GSTIN 27AAPFU0939F1ZV is Maharashtra (27) but place of supply is 29 Karnataka: a registered buyer''s place of supply is its GSTIN''s state.',
  'A GSTIN of Maharashtra with place of supply Karnataka: the problem names both');
select is(rules.place_of_supply_problem('27AAPFU0939F1ZV', '27'), null, 'The GSTIN''s own state is no problem');
select is(rules.place_of_supply_problem(null, '29'), null, 'nor any state for a buyer without a GSTIN');
select is(rules.hsn_description('62114290'), 'Track suits other garments', 'An HSN''s description is its heading''s (6211)');
select is(rules.hsn_description('9999'), null, 'A heading not listed has none, for the portal to fill');
select is((select count(*)::int from (values ('6103'), ('6104'), ('6105'), ('6106'), ('6107'), ('6108'), ('6109'),
    ('6110'), ('6111'), ('6114'), ('6201'), ('6202'), ('6203'), ('6204'), ('6205'), ('6206'), ('6207'), ('6208'),
    ('6209'), ('6211'), ('6214'), ('6217'), ('6302'), ('6304'), ('6403'), ('6404')) h (code)
  where rules.hsn_description(h.code) ~ '^[ A-Za-z0-9_@./&-]{1,30}$'), 26,
  'Every description listed fits the offline tool: at most 30 of letters, digits, spaces and _ @ . / & -');
select is((select count(*)::int from public.purchase_orders), 0, 'Nothing yet');

-- Input tax on a purchase order's receipts ---------------------------------------------------------
insert into tests.ids select 'arvind', id from public.create_supplier('Arvind Mills', gstin => '27AAPFU0939F1ZV');
insert into tests.ids select 'kmills', id from public.create_supplier('Karnataka Mills', gstin => '29AAOFB8607N1ZP');
insert into tests.ids select 'fabric', id from public.create_raw_material('Fabric', 'Arvind Mills', 100, 0, 'm', 10);
insert into tests.ids select 'buttons', id from public.create_raw_material('Buttons', 'Karnataka Mills', 300, 0, 'pcs', 1);
-- The issue's Rs 10,000 fabric order: 100 m at Rs 100.
insert into tests.ids select 'po1', (public.create_purchase_order(tests.id('arvind'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 100, 'unit_price', 100)))
  ->> 'purchase_order_id')::uuid;
insert into tests.ids select 'po1line', id from public.purchase_order_lines where purchase_order_id = tests.id('po1');
select from public.place_purchase_order(tests.id('po1'));

select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1line'), 'quantity', 60, 'gst_rate', 5))) $$),
  'P0001 | Enter the supplier''s invoice number: the GST paid is claimed against it. | field:supplier_invoice_number',
  'GST without the supplier''s invoice number is refused on that field');
select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1line'), 'quantity', 60, 'gst_rate', 5)),
    supplier_invoice_number => 'AM/2627/118') $$),
  'P0001 | Enter the supplier''s invoice date: the GST paid is claimed against it. | field:supplier_invoice_date',
  'and without its date on the date');
select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1line'), 'quantity', 60)),
    supplier_invoice_number => 'AM/2627/118', supplier_invoice_date => rules.india_day(now()) + 1) $$),
  'P0001 | Supplier invoice date must be between 2000-01-01 and today. | field:supplier_invoice_date',
  'An invoice dated tomorrow (India time) is refused');
select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1line'), 'quantity', 60)),
    supplier_invoice_number => 'AM 118', supplier_invoice_date => rules.india_day(now())) $$),
  'P0001 | Supplier invoice number can have only letters, digits, - and /. | field:supplier_invoice_number',
  'An invoice number with a space is refused (Rule 46: letters, digits, - and /)');
select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1line'), 'quantity', 60)),
    supplier_invoice_number => 'AM/2627/118000000', supplier_invoice_date => rules.india_day(now())) $$),
  'P0001 | Supplier invoice number must be at most 16 characters. | field:supplier_invoice_number',
  'and one of 17 characters');
select is((select count(*)::int from public.stock_movements where purchase_order_id = tests.id('po1')), 0,
  'The refusals received nothing');

-- 60 m on the invoice at 5%: 60 x Rs 100 = Rs 6,000.00, GST 6,000 x 5 / 100 = Rs 300.00; then the
-- other 40 m on the same invoice with its GST given as an amount: Rs 4,000.00 and Rs 200.00.
select is(public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1line'), 'quantity', 60, 'gst_rate', 5)),
    supplier_invoice_number => ' AM/2627/118 ', supplier_invoice_date => rules.india_day(now())) ->> 'status',
  'Partially received', 'Part of the order received on the supplier''s invoice');
select is(public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1line'), 'quantity', 40, 'gst_paid', 200)),
    supplier_invoice_number => 'AM/2627/118', supplier_invoice_date => rules.india_day(now())) ->> 'status',
  'Received', 'and the rest on the same invoice');
select is((select jsonb_agg(jsonb_build_array(purchase_value, gst_rate, gst_paid, supplier_invoice_number,
    supplier_invoice_date = rules.india_day(now())) order by id)
  from public.stock_movements where purchase_order_id = tests.id('po1')),
  '[[6000.00, 5.00, 300.00, "AM/2627/118", true], [4000.00, null, 200.00, "AM/2627/118", true]]'::jsonb,
  'Each receipt keeps its value before tax, its GST and the invoice (number trimmed)');

-- A second order closed short: 3 packets of buttons at Rs 333.33 (Rs 999.99), one arrives at 18%
-- (333.33 x 18 / 100 = 59.9994, Rs 60.00 to the paisa) on invoice KM-77 of yesterday, then it is
-- cancelled.
insert into tests.ids select 'po2', (public.create_purchase_order(tests.id('kmills'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('buttons'), 'quantity', 3, 'unit_price', 333.33)))
  ->> 'purchase_order_id')::uuid;
insert into tests.ids select 'po2line', id from public.purchase_order_lines where purchase_order_id = tests.id('po2');
select from public.place_purchase_order(tests.id('po2'));
select is((select (r ->> 'total')::numeric from jsonb_array_elements(public.list_purchase_orders() -> 'rows') r
    where r ->> 'po_number' = '2'), 999.99, 'While open, the order totals what was ordered: 3 x 333.33 = 999.99');
select from public.receive_purchase_order(tests.id('po2'),
  jsonb_build_array(jsonb_build_object('line_id', tests.id('po2line'), 'quantity', 1, 'gst_rate', 18)),
  supplier_invoice_number => 'KM-77', supplier_invoice_date => rules.india_day(now()) - 1);
select from public.cancel_purchase_order(tests.id('po2'));
select is((select jsonb_agg(jsonb_build_array(r ->> 'po_number', r ->> 'status', (r ->> 'total')::numeric)
    order by r ->> 'po_number') from jsonb_array_elements(public.list_purchase_orders() -> 'rows') r),
  '[["1", "Received", 10000.00], ["2", "Cancelled", 333.33]]'::jsonb,
  'Closed short after 1 of 3 arrived, the order totals what arrived: 1 x 333.33 = 333.33, not 999.99');

select is(public.input_tax(to_char(now() at time zone 'Asia/Kolkata', 'YYYY-MM')) - 'month',
  jsonb_build_object(
    'rows', '[{"gst_rate": 5.00, "receipts": 1, "purchase_value": 6000.00, "gst_paid": 300.00},
      {"gst_rate": 18.00, "receipts": 1, "purchase_value": 333.33, "gst_paid": 60.00},
      {"gst_rate": null, "receipts": 1, "purchase_value": 4000.00, "gst_paid": 200.00}]'::jsonb,
    'invoices', jsonb_build_array(
      jsonb_build_object('supplier_gstin', '27AAPFU0939F1ZV', 'supplier_name', 'Arvind Mills',
        'supplier_invoice_number', 'AM/2627/118', 'supplier_invoice_date', rules.india_day(now()), 'po_number', 1,
        'receipts', 2, 'purchase_value', 10000.00, 'gst_paid', 500.00),
      jsonb_build_object('supplier_gstin', '29AAOFB8607N1ZP', 'supplier_name', 'Karnataka Mills',
        'supplier_invoice_number', 'KM-77', 'supplier_invoice_date', rules.india_day(now()) - 1, 'po_number', 2,
        'receipts', 1, 'purchase_value', 333.33, 'gst_paid', 60.00)),
    'purchase_value', 10333.33, 'gst_paid', 560.00),
  'The month''s input tax: the Rs 10,000 fabric order''s Rs 500.00 (300 + 200) on one invoice by the supplier''s GSTIN, and KM-77''s Rs 60.00; Rs 560.00 in all on Rs 10,333.33');

-- Invoices: date and place of supply --------------------------------------------------------------
select from public.set_business_profile('Asha Textiles', 'Bengaluru', '29AAOFB8607N1ZP', '29', 'AT');
insert into tests.ids select 'kurta', id from public.create_product('KUR-L-BLUE', 'Cotton Kurta - L / Blue', 'Apparel', 1050, 50, 2, '[]');
select from public.set_item_tax(tests.id('kurta'), hsn_code => '6211', gst_rate => 5);
-- A sale of 17 days ago (the issue's 10 Nov invoiced on 27 Nov) and one of today.
insert into tests.ids select 'sale', id from public.log_sale(tests.id('kurta'), 1, 'Other', order_date => rules.india_day(now()) - 17);
insert into tests.ids select 'today', id from public.log_sale(tests.id('kurta'), 1, 'Other');

select is(tests.refusal($$ select public.create_invoice(array[tests.id('sale')], 'Ravi Stores', '27AAPFU0939F1ZV', '29') $$),
  'P0001 | GSTIN 27AAPFU0939F1ZV is Maharashtra (27) but place of supply is 29 Karnataka: a registered buyer''s place of supply is its GSTIN''s state. | field:buyer_state_code',
  'A Maharashtra GSTIN with place of supply Karnataka is refused on the place of supply, naming both');
select is(tests.refusal($$ select public.create_invoice(array[tests.id('sale')], 'Ravi Stores', '27AAPFU0939F1ZV', '27',
    invoice_date => rules.india_day(now()) + 1) $$),
  'P0001 | Invoice date cannot be in the future. | field:invoice_date', 'An invoice dated tomorrow is refused');
select is(tests.refusal(format($$ select public.create_invoice(array[%L::uuid, %L::uuid], 'Ravi Stores', null, '27',
    invoice_date => rules.india_day(now()) - 18) $$, tests.id('sale'), tests.id('today'))),
  format('P0001 | Invoice date cannot be before the sale it invoices: Cotton Kurta - L / Blue was sold on %s. | field:invoice_date',
    to_char(rules.india_day(now()), 'FMDD Mon YYYY')),
  'An invoice dated before its latest sale is refused, naming the sale and its day');
select is((select count(*)::int from public.invoices), 0, 'The refusals wrote no invoice');

-- To Maharashtra from Karnataka: Rs 1,050 at 5% is taxable 1,050 / 1.05 = 1,000.00 and IGST 50.00.
create temp table invoice1 as
select public.create_invoice(array[tests.id('sale')], 'Ravi Stores', '27AAPFU0939F1ZV', '27', 'Pune',
  invoice_date => rules.india_day(now()) - 17) as answer;
grant select on invoice1 to authenticated;
insert into tests.ids select 'invoice1', (answer ->> 'invoice_id')::uuid from invoice1;
select is((select jsonb_build_array(invoice_date = rules.india_day(now()) - 17, financial_year, taxable_value, igst, total)
    from public.invoices where id = tests.id('invoice1')),
  jsonb_build_array(true, rules.financial_year(now() - interval '17 days'), 1000.00, 50.00, 1050.00),
  'Invoiced today, dated the sale''s own day (its financial year numbers it): taxable 1,000.00, IGST 50.00');
reset role;
select alike(private.create_invoice(tests.id('owner'), array[tests.id('today')], 'A', null, '29', null,
    '2027-04-02 10:00+05:30', '2027-03-31') ->> 'invoice_number', 'AT/26-27/%',
  'Issued on 2 April 2027 but dated 31 March 2027, the invoice takes the 26-27 series');
select tests.authenticate_as('owner');

-- The HSN summary: the heading's description, not the product's name.
select is(public.gstr1_summary(to_char(rules.india_day(now()) - 17, 'YYYY-MM')) -> 'hsn' -> 0 ->> 'description',
  'Track suits other garments', 'HSN 6211 is described as its heading, not as "Cotton Kurta - L / Blue"');

-- Credit notes: on their own, printed, and within section 34 --------------------------------------
-- A price correction of Rs 50 at 5% to another state: taxable 50 / 1.05 = 47.62, IGST 2.38.
insert into tests.ids select 'note1', (public.create_credit_note(tests.id('invoice1'), jsonb_build_array(jsonb_build_object(
  'invoice_line_id', (select id from public.invoice_lines where invoice_id = tests.id('invoice1')), 'amount', 50)),
  'Late delivery') ->> 'credit_note_id')::uuid;
select is((select jsonb_agg(jsonb_build_array(r ->> 'invoice_number', r ->> 'buyer_name', r ->> 'reason',
    (r ->> 'taxable_value')::numeric, (r ->> 'igst')::numeric, (r ->> 'total')::numeric))
  from jsonb_array_elements(public.list_credit_notes(search => 'ravi') -> 'rows') r),
  jsonb_build_array(jsonb_build_array((select invoice_number from public.invoices where id = tests.id('invoice1')),
    'Ravi Stores', 'Late delivery', 47.62, 2.38, 50.00)),
  'Credit notes are listed on their own, found by the buyer, with their invoice and tax');
select is((public.list_credit_notes(search => 'nobody')) -> 'total', '0'::jsonb, 'A search that matches none lists none');
select is((select jsonb_build_object('title', g ->> 'document_title', 'invoice', g ->> 'invoice_number' = (
      select invoice_number from public.invoices where id = tests.id('invoice1')),
    'supplier', g -> 'supplier' ->> 'gstin', 'buyer', g -> 'buyer' ->> 'gstin', 'pos', g -> 'place_of_supply',
    'line', (g -> 'lines' -> 0) - 'description' - 'uqc', 'words', g ->> 'total_in_words')
  from public.get_credit_note(tests.id('note1')) g),
  '{"title": "Credit Note", "invoice": true, "supplier": "29AAOFB8607N1ZP", "buyer": "27AAPFU0939F1ZV",
    "pos": {"state_code": "27", "state_name": "Maharashtra"},
    "line": {"line_number": 1, "hsn_code": "6211", "quantity": null, "gst_rate": 5.00, "cgst_rate": 0, "sgst_rate": 0,
      "igst_rate": 5.00, "taxable_value": 47.62, "cgst": 0.00, "sgst": 0.00, "igst": 2.38, "total": 50.00},
    "words": "Rupees Fifty Only"}'::jsonb,
  'The printed credit note names the supplier, the buyer, the invoice it corrects, the place of supply and each line''s tax');

reset role;
-- On the last day (30 November after the invoice's financial year) a further Rs 100: cumulative
-- Rs 150 is taxable 150 / 1.05 = 142.86 and IGST 7.14, so this note 142.86 - 47.62 = 95.24 and
-- 7.14 - 2.38 = 4.76.
select is(private.create_credit_note(tests.id('owner'), tests.id('invoice1'), jsonb_build_array(jsonb_build_object(
    'invoice_line_id', (select id from public.invoice_lines where invoice_id = tests.id('invoice1')), 'amount', 100)),
    null, rules.india_day_start(rules.credit_note_last_day(rules.india_day(now()) - 17)) + interval '23 hours 59 minutes')
    - 'credit_note_id' - 'invoice_id' - 'note_number',
  '{"taxable_value": 95.24, "cgst": 0.00, "sgst": 0.00, "igst": 4.76, "total": 100.00}'::jsonb,
  'A credit note on the last day allowed is issued');
select is(tests.refusal(format($$ select private.create_credit_note(%L, %L, jsonb_build_array(jsonb_build_object(
    'invoice_line_id', (select id from public.invoice_lines where invoice_id = %L), 'amount', 1)), null,
    rules.india_day_start(rules.credit_note_last_day(rules.india_day(now()) - 17) + 1)) $$,
    tests.id('owner'), tests.id('invoice1'), tests.id('invoice1'))),
  format('P0001 | Invoice %s (financial year %s) could be credited until %s: section 34 of the CGST Act allows no credit note after 30 November following its financial year. | no hint',
    (select invoice_number from public.invoices where id = tests.id('invoice1')), rules.financial_year(now() - interval '17 days'),
    to_char(rules.credit_note_last_day(rules.india_day(now()) - 17), 'FMDD Mon YYYY')),
  'The day after, in India time, it is refused');

-- Another user -------------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is(tests.refusal(format($$ select public.get_credit_note(%L) $$, tests.id('note1'))),
  'P0001 | Credit note not found. | no hint', 'Another user cannot read the credit note');
select is(public.list_credit_notes() -> 'total', '0'::jsonb, 'nor list it');
select is(public.input_tax(to_char(now() at time zone 'Asia/Kolkata', 'YYYY-MM')) -> 'invoices', '[]'::jsonb,
  'nor see the owner''s purchase invoices');

select * from finish();
rollback;

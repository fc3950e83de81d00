-- GST (issue 31): the tax arithmetic (inclusive prices, rounding to the paisa, within the state or
-- to another, the garment rule at Rs 2,500.00 and Rs 2,500.01 before tax), GSTINs, the business
-- profile, item tax and its backfill, the GST snapshot of every sale, invoices (numbering across the
-- financial-year boundary in India time, refusals), credit notes, input tax and GSTR-1 reconciling.
-- Then another user and anon.
begin;
set local client_min_messages = warning;
select plan(94);

-- The arithmetic ---------------------------------------------------------------------------------
select is((select to_jsonb(x) from rules.gst_split(1050, 5, true) x),
  '{"taxable_value": 1000.00, "cgst": 25.00, "sgst": 25.00, "igst": 0}'::jsonb,
  'Rs 1,050 at 5% within the state: 1,000 taxable, 25 CGST and 25 SGST');
select is((select to_jsonb(x) from rules.gst_split(1050, 5, false) x),
  '{"taxable_value": 1000.00, "cgst": 0, "sgst": 0, "igst": 50.00}'::jsonb,
  'The same to another state: 50 IGST');
select is((select to_jsonb(x) from rules.gst_split(100, 18, true) x),
  '{"taxable_value": 84.75, "cgst": 7.63, "sgst": 7.62, "igst": 0}'::jsonb,
  'Rs 100 at 18%: taxable 84.75 (84.7457... to the paisa), tax 15.25; CGST 7.63 (half, rounded), SGST the rest 7.62');
select is((select to_jsonb(x) from rules.gst_split(0.01, 18, true) x),
  '{"taxable_value": 0.01, "cgst": 0.00, "sgst": 0.00, "igst": 0}'::jsonb,
  'One paisa at 18% is all taxable: the tax rounds to nothing');
select is((select to_jsonb(x) from rules.gst_split(100, null, false) x),
  '{"taxable_value": 100, "cgst": 0, "sgst": 0, "igst": 0}'::jsonb,
  'Tax unknown (no rate): the whole amount taxable, no tax');
select is(rules.gst_rate_for(null, '{"up_to": 2500, "rate": 5, "above": 18}', 2625.00, '2025-10-01'), 5::numeric,
  'The garment rule: Rs 2,625.00 with GST is Rs 2,500.00 before 5%: 5%');
select is(rules.gst_rate_for(null, '{"up_to": 2500, "rate": 5, "above": 18}', 2625.01, '2025-10-01'), 18::numeric,
  'Rs 2,625.01 is Rs 2,500.01 before 5%: above the limit, 18%');
select is(rules.gst_rate_for(12, null, 500, '2025-09-21'), 12::numeric, '12% applies to a sale on 21 September 2025');
select is(rules.gst_rate_for(12, null, 500, '2025-09-22'), null, '12% was not in force on 22 September 2025: tax unknown');
select is(rules.gst_rate_for(40, null, 500, '2025-09-21'), null, '40% did not exist before 22 September 2025');
select is(rules.gst_rate_for(null, null, 500, '2025-10-01'), null, 'No rate, no rule: tax unknown');
select is(rules.financial_year('2027-03-31 23:59:59+05:30'), '26-27', '31 March 23:59:59 in India is the old year');
select is(rules.financial_year('2027-04-01 00:00:00+05:30'), '27-28', '1 April 00:00 in India is the new year');
select is(rules.financial_year('2027-03-31 18:30:00+00'), '27-28', '18:30 UTC on 31 March is already 1 April in India');
select is(rules.amount_in_words(112000.50), 'Rupees One Lakh Twelve Thousand and Fifty Paise Only',
  'Amounts in words use lakhs and paise');
select is(rules.amount_in_words(12345678), 'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Only',
  'and crores');
select is(rules.amount_in_words(12345000000), 'Rupees One Thousand Two Hundred Thirty Four Crore Fifty Lakh Only',
  'A count of crores above 99 in the same system');
select is(rules.amount_in_words(0.50), 'Rupees Zero and Fifty Paise Only', 'Paise alone');
select is(rules.amount_in_words(0), 'Rupees Zero Only', 'Zero');
select is(rules.amount_in_words(-118.05), 'Minus Rupees One Hundred Eighteen and Five Paise Only', 'A credit');
select is(rules.amount_in_words(10.005), 'Rupees Ten and One Paise Only', 'Rounded to the paisa, half up, before it is said');
select is(rules.amount_in_words(99.999), 'Rupees One Hundred Only', 'A rounding that carries into the rupees');
select is(rules.amount_in_words(1019), 'Rupees One Thousand Nineteen Only', 'Nineteen, not Ten Nine');

-- GSTINs -----------------------------------------------------------------------------------------
select ok(rules.is_valid_gstin('27AAPFU0939F1ZV'), '27AAPFU0939F1ZV is valid (its check character is V)');
select ok(rules.is_valid_gstin('29AAOFB8607N1ZP'), '29AAOFB8607N1ZP is valid');
select ok(not rules.is_valid_gstin('27AAPFU0939F1ZW'), 'A wrong check character is invalid');
select ok(not rules.is_valid_gstin('27AAPFU0939F2ZV'), 'One changed character changes the check character');
select ok(not rules.is_valid_gstin('40AAPFU0939F1ZV'), 'State code 40 is no state');
select ok(not rules.is_valid_gstin('27AAPFU0939F1Z'), '14 characters is not a GSTIN');
select is((select count(*)::int from public.gst_states()), 39, 'The state list has codes 01 to 38 and 97');

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');

-- Business profile -------------------------------------------------------------------------------
select is(tests.refusal($$ select public.set_business_profile('Asha', 'Pune', '27AAPFU0939F1ZW', '27', 'AT') $$),
  'P0001 | GSTIN 27AAPFU0939F1ZW is not valid. | field:gstin', 'A GSTIN failing its checksum is refused with its value');
select is(tests.refusal($$ select public.set_business_profile('Asha', 'Pune', '27AAPFU0939F1ZV', '29', 'AT') $$),
  'P0001 | State must be the GSTIN''s state, Maharashtra (27). | field:state_code', 'The state must be the GSTIN''s');
select is(tests.refusal($$ select public.set_business_profile('Asha', 'Pune', '27AAPFU0939F1ZV', '27', 'ASHAT1') $$),
  'P0001 | Invoice prefix can have at most 5 characters: invoice numbers like ASHAT1/25-26/9999 must fit in 16. | field:invoice_prefix',
  'A prefix that would make numbers longer than 16 characters is refused');
select is(tests.refusal($$ select public.set_business_profile('Asha', 'Pune', '27AAPFU0939F1ZV', '27', 'A/T') $$),
  'P0001 | Invoice prefix can have only letters, digits and hyphens. | field:invoice_prefix', 'A slash in the prefix is refused');
select is((select gstin || ' ' || state_code || ' ' || invoice_prefix
  from public.set_business_profile(' Asha Textiles ', '12 MG Road, Pune', '27aapfu0939f1zv', 'Maharashtra', 'at')),
  '27AAPFU0939F1ZV 27 AT', 'A valid profile is kept in capitals; the state may be given by name');

-- Item tax ---------------------------------------------------------------------------------------
insert into tests.ids select 'kurta', id from public.create_product('KUR-1', 'Kurta', 'Apparel', 2625.01, 50, 2, '[]');
insert into tests.ids select 'shirt', id from public.create_product('SHI-1', 'Shirt', 'Apparel', 1050, 50, 2, '[]');
insert into tests.ids select 'mug', id from public.create_product('MUG-1', 'Mug', null, 300, 50, 2, '[]');
-- Each bought in at 100, so that profit is known (issue 33) and shows what it counts.
select count(public.set_product_costs(id, 0, purchase_cost => 100)) from public.products where sku in ('KUR-1', 'SHI-1', 'MUG-1');
insert into tests.ids select 'early', id from public.log_sale(tests.id('shirt'), 1, 'Brand Website');
select is(tests.refusal($$ select public.set_item_tax(tests.id('shirt'), hsn_code => '62052', gst_rate => 5) $$),
  'P0001 | HSN code must be 4, 6 or 8 digits. | field:hsn_code', 'A 5-digit HSN code is refused');
select is(tests.refusal($$ select public.set_item_tax(tests.id('shirt'), hsn_code => '6205', gst_rate => 12) $$),
  'P0001 | GST rate must be one of 0, 0.25, 3, 5, 18 or 40 (12 and 28 ended on 21 September 2025). | field:gst_rate',
  '12% is no longer in force');
select is(tests.refusal($$ select public.set_item_tax(tests.id('shirt'), hsn_code => '6205', gst_rate => 'NaN') $$),
  'P0001 | GST rate must be a number. | field:gst_rate', 'NaN is not a rate');
select is(tests.refusal($$ select public.set_item_tax(tests.id('shirt'), hsn_code => '6205',
    rate_rule => '{"up_to": 2500, "rate": 12, "above": 18}') $$),
  'P0001 | Rate rule rates must be GST rates in force: 0, 0.25, 3, 5, 18 or 40. | field:rate_rule',
  'A rule with a rate no longer in force is refused');
select is(tests.refusal($$ select public.set_item_tax(tests.id('shirt'), hsn_code => '6205', gst_rate => 5,
    rate_rule => '{"up_to": 2500, "rate": 5, "above": 18}') $$),
  'P0001 | Give a GST rate or a rate rule, not both. | field:rate_rule', 'A rate and a rule at once are refused');
select is(public.set_item_tax(tests.id('shirt'), hsn_code => '620520', gst_rate => 5), 1, 'The shirt is 5%');
select is((select to_jsonb(o) - 'id' from (select gst_rate, taxable_value, cgst, sgst, igst, place_of_supply, hsn_code, profit
    from public.sales_orders where id = tests.id('early')) o),
  '{"gst_rate": 5.00, "taxable_value": 1000.00, "cgst": 25.00, "sgst": 25.00, "igst": 0.00, "place_of_supply": "27",
    "hsn_code": "620520", "profit": 900.00}'::jsonb,
  'Its sale recorded before it had a rate is backfilled at its price: 1,000 taxable and the profit counts only that (less its cost of 100)');
select is(public.set_item_tax(tests.id('kurta'), hsn_code => '6211', rate_rule => '{"up_to": 2500, "rate": 5, "above": 18}'), 1,
  'The kurta takes the garment rule');
select is((select count(*)::int from public.create_style('Tunic', 'Apparel', 'TUN', 999, '[{"name": "Size", "values": ["S", "M"]}]')), 1,
  'A style with two variants');
select is(public.set_item_tax(style_id => (select id from public.styles where style_name = 'Tunic'), hsn_code => '6206',
  gst_rate => 5), 2, 'A style''s tax is set on each of its variants');
select public.add_style_variants((select id from public.styles where style_name = 'Tunic'),
  '[{"name": "Size", "values": ["L"]}]');
select is((select jsonb_build_array(hsn_code, gst_rate) from public.products where product_name = 'Tunic - L'),
  '["6206", 5.00]'::jsonb, 'A variant added later takes the style''s HSN code and rate');

-- The sale snapshot ------------------------------------------------------------------------------
insert into tests.ids select 'web1', id from public.log_sale(tests.id('kurta'), 1, 'Brand Website', unit_price => 2625.00);
insert into tests.ids select 'web2', id from public.log_sale(tests.id('kurta'), 1, 'Other');
insert into tests.ids select 'flip', id from public.log_sale(tests.id('kurta'), 2, 'Flipkart');
insert into tests.ids select 'mugsale', id from public.log_sale(tests.id('mug'), 1, 'Myntra');
select is((select jsonb_agg(jsonb_build_array(gst_rate, taxable_value, cgst, sgst, profit) order by unit_price)
    from public.sales_orders where id in (tests.id('web1'), tests.id('web2'))),
  '[[5.00, 2500.00, 62.50, 62.50, 2400.00], [18.00, 2224.58, 200.22, 200.21, 2124.58]]'::jsonb,
  'The garment rule per unit at the moment of sale: 2,625.00 is 5%, 2,625.01 is 18%; profit counts the taxable value');
select is((select jsonb_build_array(gst_rate, taxable_value, profit) from public.sales_orders where id = tests.id('mugsale')),
  '[null, 300.00, 200.00]'::jsonb, 'A product without a rate: tax unknown, its total taxable, profit as before (300 less its cost of 100)');
select is(public.import_sales_orders('Amazon', '[{"external_order_id": "A1", "order_date": "2025-11-02", "sku": "SHI-1",
    "quantity": 2, "total_amount": 2100, "buyer_state": "Karnataka", "operator_gstin": "29AAOFB8607N1ZP"},
  {"external_order_id": "A2", "order_date": "2025-11-03", "sku": "SHI-1", "quantity": 1, "total_amount": 1050,
    "buyer_state": "27"}]') ->> 'created', '2', 'An import reads the buyer''s state by name or code');
select is((select jsonb_agg(jsonb_build_array(place_of_supply, cgst, sgst, igst, operator_gstin) order by external_order_id)
    from public.sales_orders where platform = 'Amazon'),
  '[["29", 0.00, 0.00, 100.00, "29AAOFB8607N1ZP"], ["27", 25.00, 25.00, 0.00, null]]'::jsonb,
  'To Karnataka: IGST, with the operator''s GSTIN; within Maharashtra: CGST and SGST');
select is((select jsonb_agg(jsonb_build_array(p ->> 'outcome', p -> 'place_of_supply'))
    from jsonb_array_elements(public.preview_sales_orders_import('Amazon', '[{"external_order_id": "A3",
      "order_date": "2025-11-02", "sku": "SHI-1", "quantity": 1, "total_amount": 1050, "buyer_state": "Atlantis"}]')) p),
  '[["new", null]]'::jsonb,
  'A buyer state that names no state is no refusal: the sale''s place of supply is unknown (issue 42, gst_place_of_supply.test.sql)');
select is((select jsonb_build_array(sum(revenue), sum(revenue_including_gst)) from public.sales_by_product
    where product_id = tests.id('kurta')),
  '[9173.75, 10500.03]'::jsonb, 'The kept totals hold the taxable revenue and, beside it, the revenue including GST');

-- Invoices ---------------------------------------------------------------------------------------
create temp table invoice1 as
select public.create_invoice(array[tests.id('web1'), tests.id('web2')], 'Ravi Stores', '29aaofb8607n1zp', '29',
  'Bengaluru') as answer;
grant select on invoice1 to authenticated;
insert into tests.ids select 'invoice1', (answer ->> 'invoice_id')::uuid from invoice1;
select is((select answer - 'invoice_id' from invoice1),
  jsonb_build_object('invoice_number', 'AT/' || rules.financial_year(now()) || '/1', 'taxable_value', 4724.58,
    'cgst', 0.00, 'sgst', 0.00, 'igst', 525.43, 'total', 5250.01),
  'The first invoice of the year is AT/yy-yy/1; to Karnataka its tax is IGST');
select is((select jsonb_agg(jsonb_build_array(place_of_supply, igst, cgst) order by unit_price) from public.sales_orders
    where id in (tests.id('web1'), tests.id('web2'))),
  '[["29", 125.00, 0.00], ["29", 400.43, 0.00]]'::jsonb, 'The orders'' snapshots follow the invoice''s place of supply');
select is((select jsonb_build_object('reverse_charge', g -> 'reverse_charge', 'pos', g -> 'place_of_supply',
    'words', g -> 'total_in_words', 'tax_words', g -> 'tax_in_words', 'lines', jsonb_array_length(g -> 'lines'), 'hsn', g -> 'lines' -> 0 -> 'hsn_code',
    'supplier', g -> 'supplier' ->> 'gstin')
  from public.get_invoice(tests.id('invoice1')) g),
  '{"reverse_charge": "No", "pos": {"state_code": "29", "state_name": "Karnataka"},
    "words": "Rupees Five Thousand Two Hundred Fifty and One Paise Only",
    "tax_words": "Rupees Five Hundred Twenty Five and Forty Three Paise Only", "lines": 2, "hsn": "6211",
    "supplier": "27AAPFU0939F1ZV"}'::jsonb,
  'The printed invoice has what Rule 46 asks: place of supply by name and code, HSN, reverse charge, the total and the tax in words');
select is(tests.refusal($$ select public.create_invoice(array[tests.id('web1')], 'Ravi', null, '27') $$),
  'P0001 | The order of Kurta is already on invoice AT/' || rules.financial_year(now()) || '/1. | no hint',
  'An order already invoiced is refused');
select is(tests.refusal($$ select public.create_invoice(array[tests.id('flip')], 'Ravi', null, '27') $$),
  'P0001 | The order of Kurta is a Flipkart sale: the marketplace invoices its buyer. Only Brand Website, Ajio and Other orders are invoiced here. | no hint',
  'A marketplace order is refused');
select is(tests.refusal($$ select public.create_invoice(array[tests.id('early')], 'Ravi', null, '99') $$),
  'P0001 | Unknown state code 99. | field:buyer_state_code', 'An unknown state code is refused');
select is(tests.refusal($$ select public.create_invoice(array[tests.id('early')], 'Ravi', '27AAPFU0939F1ZW', '27') $$),
  'P0001 | GSTIN 27AAPFU0939F1ZW is not valid. | field:buyer_gstin', 'An invalid buyer GSTIN is refused');
select is(tests.refusal($$ select public.create_invoice(array(select gen_random_uuid() from generate_series(1, 101)),
    'Ravi', null, '27') $$),
  'P0001 | An invoice can list at most 100 orders; this has 101. | field:order_ids', 'At most 100 orders an invoice');
select is(tests.refusal($$ select public.create_invoice(array[tests.id('early'), gen_random_uuid()], 'Ravi', null, '27') $$),
  'P0001 | Sales order not found. | no hint', 'An order that is not the caller''s is not found, and nothing is invoiced');
select is((select answer ->> 'invoice_number' from (select public.create_invoice(array[tests.id('early')], 'Walk-in', null, '27')
  as answer) a), 'AT/' || rules.financial_year(now()) || '/2', 'The next invoice takes the next number');

-- The financial-year boundary, in India time (private.create_invoice takes the moment of issue).
insert into tests.ids select 'march', id from public.log_sale(tests.id('shirt'), 1, 'Other');
insert into tests.ids select 'april', id from public.log_sale(tests.id('shirt'), 1, 'Other');
insert into tests.ids select 'april2', id from public.log_sale(tests.id('shirt'), 1, 'Other');
reset role;
select is(private.create_invoice(tests.id('owner'), array[tests.id('march')], 'A', null, '27', null,
  '2027-03-31 23:59:00+05:30') ->> 'invoice_number', 'AT/26-27/3', '31 March 23:59 India time continues 26-27');
select is(private.create_invoice(tests.id('owner'), array[tests.id('april')], 'A', null, '27', null,
  '2027-04-01 00:00:00+05:30') ->> 'invoice_number', 'AT/27-28/1', '1 April 00:00 India time starts 27-28 at 1');
select is(private.create_invoice(tests.id('owner'), array[tests.id('april2')], 'A', null, '27', null,
  '2027-04-01 09:00:00+05:30') ->> 'invoice_number', 'AT/27-28/2', 'and the new year''s series goes on from there');
select tests.authenticate_as('owner');

-- Credit notes -----------------------------------------------------------------------------------
create temp table lines1 as
select id, unit_price from public.invoice_lines where invoice_id = tests.id('invoice1');
grant select on lines1 to authenticated;
select is((select public.create_credit_note(tests.id('invoice1'), jsonb_build_array(jsonb_build_object(
    'invoice_line_id', (select id from lines1 where unit_price = 2625.00), 'amount', 100)), 'Price correction')
  - 'credit_note_id' - 'invoice_id'),
  jsonb_build_object('note_number', 'CN/' || rules.financial_year(now()) || '/1', 'taxable_value', 95.24, 'cgst', 0.00,
    'sgst', 0.00, 'igst', 4.76, 'total', 100.00),
  'A price correction of Rs 100 at 5% to another state: 95.24 and 4.76 IGST, in the credit notes'' own series');
select is(tests.refusal($$ select public.create_credit_note(tests.id('invoice1'), jsonb_build_array(jsonb_build_object(
    'invoice_line_id', (select id from lines1 where unit_price = 2625.00), 'quantity', 2))) $$),
  'P0001 | Only 1 of Kurta can still be credited. | field:lines', 'Never more units than invoiced');
select is(tests.refusal($$ select public.create_credit_note(tests.id('invoice1'), jsonb_build_array(jsonb_build_object(
    'invoice_line_id', (select id from lines1 where unit_price = 2625.00), 'amount', 2525.01))) $$),
  'P0001 | At most 2525.00 of Kurta can still be credited. | field:lines', 'Never more than is left of the line''s total');
select is(tests.refusal($$ select public.create_credit_note(tests.id('invoice1'), jsonb_build_array(jsonb_build_object(
    'invoice_line_id', (select id from lines1 where unit_price = 2625.00), 'quantity', 1.5))) $$),
  'P0001 | Quantity must be a whole number. | field:lines', 'A returned quantity is whole');
select is((public.create_credit_note(tests.id('invoice1'), jsonb_build_array(jsonb_build_object(
    'invoice_line_id', (select id from lines1 where unit_price = 2625.00), 'quantity', 1))) ->> 'total')::numeric,
  2525.00, 'Returning the unit credits what is left of the line');
select is((select jsonb_build_array(sum(n.taxable_value), sum(n.igst), sum(n.total)) from public.credit_note_lines n
    join lines1 l on l.id = n.invoice_line_id where l.unit_price = 2625.00),
  '[2500.00, 125.00, 2625.00]'::jsonb, 'A line credited in full cancels to the paisa');

-- A large invoice to another state without a GSTIN (B2C large) and one with a mug (no rate).
select from public.update_product(tests.id('shirt'), 'SHI-1', 'Shirt', 'Apparel', 120000, 2);
insert into tests.ids select 'big', id from public.log_sale(tests.id('shirt'), 1, 'Brand Website');
select public.create_invoice(array[tests.id('big')], 'Walk-in buyer', null, '07');
select is(tests.refusal($$ select public.create_invoice(array[tests.id('mugsale')], 'X', null, '27') $$),
  'P0001 | The order of Mug is a Myntra sale: the marketplace invoices its buyer. Only Brand Website, Ajio and Other orders are invoiced here. | no hint',
  'The mug''s sale is a marketplace sale');
select from public.cancel_sales_order(tests.id('flip'));

-- GSTR-1 -------------------------------------------------------------------------------------------
create temp table gstr1 as select public.gstr1_summary(to_char(now() at time zone 'Asia/Kolkata', 'YYYY-MM')) as g;
grant select on gstr1 to authenticated;
create temp table table_sums as
select t.name, coalesce(sum((r ->> 'taxable_value')::numeric), 0) as taxable,
  coalesce(sum((r ->> 'igst')::numeric), 0) as igst, coalesce(sum((r ->> 'cgst')::numeric), 0) as cgst,
  coalesce(sum((r ->> 'sgst')::numeric), 0) as sgst
from gstr1, unnest(array['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'hsn_b2b', 'hsn_b2c']) t (name)
left join lateral jsonb_array_elements(g -> t.name) r on true
group by t.name;
grant select on table_sums to authenticated;
select is(
  (select jsonb_build_array(sum(taxable * case name when 'cdnr' then -1 when 'cdnur' then -1 else 1 end),
     sum(igst * case name when 'cdnr' then -1 when 'cdnur' then -1 else 1 end))
   from table_sums where name in ('b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur')),
  (select jsonb_build_array(taxable, igst) from table_sums where name = 'hsn'),
  'GSTR-1 reconciles: the HSN summary''s taxable value and IGST equal b2b + b2cl + b2cs - cdnr - cdnur');
select is(
  (select jsonb_build_array(sum(cgst), sum(sgst)) from table_sums where name in ('b2b', 'b2cl', 'b2cs')),
  (select jsonb_build_array(cgst, sgst) from table_sums where name = 'hsn'),
  'and so do CGST and SGST (the credited invoice was inter-state)');
select is(
  (select jsonb_build_array(sum(taxable), sum(igst), sum(cgst), sum(sgst)) from table_sums where name in ('hsn_b2b', 'hsn_b2c')),
  (select jsonb_build_array(taxable, igst, cgst, sgst) from table_sums where name = 'hsn'),
  'The HSN summary''s B2B and B2C tabs add up to it');
select is((select jsonb_build_array(g -> 'totals' -> 'taxable_value', g -> 'totals' -> 'igst') from gstr1),
  (select jsonb_build_array(taxable, igst) from table_sums where name = 'hsn'), 'The totals are the HSN summary''s');
select is((select jsonb_agg(r ->> 'invoice_number' order by r ->> 'rate') from gstr1, jsonb_array_elements(g -> 'b2b') r),
  jsonb_build_array('AT/' || rules.financial_year(now()) || '/1', 'AT/' || rules.financial_year(now()) || '/1'),
  'b2b: the invoice to a GSTIN, one row per rate');
select is((select jsonb_agg(jsonb_build_array(r -> 'place_of_supply', r -> 'invoice_value')) from gstr1,
    jsonb_array_elements(g -> 'b2cl') r),
  '[["07-Delhi", 120000.00]]'::jsonb, 'b2cl: the inter-state invoice above Rs 1 lakh without a GSTIN');
select is((select jsonb_agg(jsonb_build_array(r -> 'note_number', r -> 'note_value') order by r ->> 'note_number') from gstr1,
    jsonb_array_elements(g -> 'cdnr') r),
  jsonb_build_array(jsonb_build_array('CN/' || rules.financial_year(now()) || '/1', 100.00),
    jsonb_build_array('CN/' || rules.financial_year(now()) || '/2', 2525.00)),
  'cdnr: the credit notes on the invoice to a GSTIN');
select ok((select not exists (select 1 from jsonb_array_elements(g -> 'b2cs') r where (r ->> 'rate')::numeric = 18
    and r ->> 'place_of_supply_code' = '27') from gstr1),
  'The cancelled Flipkart order (the only 18% sale within the state) is in no table');
select is((select g -> 'tax_unknown' -> 'count' from gstr1), '1'::jsonb,
  'The mug''s sale (no rate) is listed as tax unknown, in no table');
select is((select jsonb_agg(jsonb_build_array(r -> 'nature_of_document', r -> 'total_number', r -> 'cancelled')) from gstr1,
    jsonb_array_elements(g -> 'docs') r),
  '[["Invoices for outward supply", 3, 0], ["Credit Note", 2, 0]]'::jsonb,
  'Documents issued: this month''s three invoices and two credit notes');
select is((select jsonb_agg(jsonb_build_array(r -> 'type', r -> 'ecommerce_gstin', r -> 'place_of_supply'))
    from jsonb_array_elements(public.gstr1_summary('2025-11') -> 'b2cs') r),
  '[["OE", null, "27-Maharashtra"], ["E", "29AAOFB8607N1ZP", "29-Karnataka"]]'::jsonb,
  'b2cs: marketplace sales by place of supply and rate, type E with the operator''s GSTIN where the report gave it');
select is(public.gstr1_summary('2025-11') -> 'eco',
  '[{"nature_of_supply": "Liable to collect tax u/s 52(TCS)", "ecommerce_gstin": "29AAOFB8607N1ZP",
     "net_value_of_supplies": 2000.00, "igst": 100.00, "cgst": 0.00, "sgst": 0.00, "cess": 0}]'::jsonb,
  'Table 14(a): the sales through the operator whose GSTIN the report gave, by that GSTIN');
select is(tests.refusal($$ select public.gstr1_summary('2025-13') $$),
  'P0001 | Month must be YYYY-MM, for example 2025-10. | field:month', 'A month that is not YYYY-MM is refused');

-- Input tax --------------------------------------------------------------------------------------
insert into tests.ids select 'cloth', id from public.create_raw_material('Cloth', 'Mill', 100, 10, 'm', 5);
select from public.receive_material(tests.id('cloth'), 10, 100, gst_rate => 5, supplier_invoice_number => 'M-1',
  supplier_invoice_date => rules.india_day(now()));
select from public.receive_material(tests.id('cloth'), 5, gst_paid => 12.5, supplier_invoice_number => 'M-2',
  supplier_invoice_date => rules.india_day(now()));
select is(public.input_tax(to_char(now() at time zone 'Asia/Kolkata', 'YYYY-MM')) - 'month' - 'invoices',
  '{"rows": [{"gst_rate": 5.00, "receipts": 1, "purchase_value": 1000.00, "gst_paid": 50.00},
    {"gst_rate": null, "receipts": 1, "purchase_value": 0, "gst_paid": 12.50}], "purchase_value": 1000.00,
    "gst_paid": 62.50}'::jsonb,
  'Input tax by rate: 5% on Rs 1,000 is Rs 50; an amount given without a rate is listed apart');
select is(tests.refusal($$ select public.receive_material(tests.id('cloth'), 1, 100, gst_rate => 7) $$),
  'P0001 | GST rate must be one of 0, 0.25, 3, 5, 12, 18, 28 or 40. | field:gst_rate', 'A rate that is none is refused');

-- Another user ------------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is(tests.refusal($$ select public.create_invoice(array[tests.id('early')], 'X', null, '27') $$),
  'P0001 | Set up your business profile (legal name, address, GSTIN) before creating invoices. | no hint',
  'Without a business profile there are no invoices');
select public.set_business_profile('Other Co', 'Delhi', '07AAPFU0939F1ZX', '07', 'OC');
select is(tests.refusal($$ select public.create_invoice(array[tests.id('march')], 'X', null, '27') $$),
  'P0001 | Sales order not found. | no hint', 'Another user cannot invoice the owner''s order');
select is(tests.refusal($$ select public.get_invoice(tests.id('invoice1')) $$),
  'P0001 | Invoice not found. | no hint', 'nor read the owner''s invoice');
select is(tests.refusal($$ select public.create_credit_note(tests.id('invoice1'), '[]') $$),
  'P0001 | Invoice not found. | no hint', 'nor credit it');
select is(public.list_invoices() -> 'total', '0'::jsonb, 'nor list it');
select is(public.gstr1_summary(to_char(now() at time zone 'Asia/Kolkata', 'YYYY-MM')) -> 'totals',
  '{"taxable_value": 0, "igst": 0, "cgst": 0, "sgst": 0}'::jsonb, 'and their GSTR-1 has none of the owner''s figures');

-- anon ---------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select public.create_invoice(array[gen_random_uuid()], 'X', null, '27') $$, '42501',
  'permission denied for function create_invoice', 'anon cannot create invoices');

select * from finish();
rollback;

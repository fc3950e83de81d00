-- E-commerce operators (issue 42, item 4): each marketplace's operator GSTIN (set_operator_gstin),
-- the sales that take it (recorded before it was entered, after, on a correction; not after it is
-- cleared), and GSTR-1's b2cs type E and Table 14(a) per operator, with the arithmetic written out.
-- The business is in Maharashtra (27); the month is this one in India.
begin;
set local client_min_messages = warning;
select plan(26);

-- The rules ----------------------------------------------------------------------------------------
select ok(rules.is_operator_gstin('27AAICA3918J1CT'), 'A valid GSTIN with C as its 14th character is an operator''s (TCS)');
select ok(rules.is_operator_gstin('20ALYPD6528PQC5'), 'India-Compliance''s sample operator GSTIN passes');
select ok(rules.is_operator_gstin('33AAICA3918J1C0') and rules.is_operator_gstin('07AARCM9332R1CQ'),
  'The operator GSTINs public marketplace GSTR-1 tools write (iam-arunfiddler/gstr1-converter, a Meesho exporter) pass');
select ok(not rules.is_operator_gstin('27AAPFU0939F1ZV'), 'A normal taxpayer''s GSTIN (Z) is not an operator''s');
select ok(not rules.is_operator_gstin('27AAICA3918J1CU'), 'A wrong check character is not an operator''s GSTIN');
select ok(rules.is_marketplace('Amazon') and rules.is_marketplace('Flipkart') and rules.is_marketplace('Myntra')
  and not rules.is_marketplace('Brand Website') and not rules.is_marketplace('Other'),
  'Flipkart, Myntra and Amazon are marketplaces; the brand''s website and Other are the business''s own');

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
select from public.set_business_profile('Asha Textiles', '12 MG Road, Pune', '27AAPFU0939F1ZV', '27', 'AT');
insert into tests.ids select 'shirt', id from public.create_product('SHI-1', 'Shirt', 'Apparel', 1050, 50, 2, '[]');
insert into tests.ids select 'cap', id from public.create_product('CAP-1', 'Cap', 'Apparel', 100, 50, 2, '[]');
select from public.set_item_tax(tests.id('shirt'), hsn_code => '6205', gst_rate => 5);
select from public.set_item_tax(tests.id('cap'), hsn_code => '6505', gst_rate => 18);
create temp table month_of_test as
  select to_char(now() at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
    date_trunc('month', now() at time zone 'Asia/Kolkata')::date as first_day;
grant select on month_of_test to authenticated;

-- Refusals, each on its field ----------------------------------------------------------------------
select is(tests.refusal($$ select public.set_operator_gstin('Brand Website', '27AAICA3918J1CT') $$),
  'P0001 | Brand Website sales are not made through an e-commerce operator: only Flipkart, Myntra, Amazon and Meesho take an operator GSTIN. | field:platform',
  'The brand''s website has no operator');
select is(tests.refusal($$ select public.set_operator_gstin('Nykaa', '27AAICA3918J1CT') $$),
  'P0001 | Platform must be one of: Flipkart, Myntra, Amazon, Meesho, Ajio, Brand Website, Other. | no hint',
  'A platform FactoryFlow does not have is refused as every operation refuses it');
select is(tests.refusal($$ select public.set_operator_gstin('Amazon', '27AAICA3918J1CU') $$),
  'P0001 | GSTIN 27AAICA3918J1CU is not valid. | field:gstin', 'A GSTIN failing its checksum is refused with its value');
select is(tests.refusal($$ select public.set_operator_gstin('Amazon', '27AAPFU0939F1ZV') $$),
  'P0001 | GSTIN 27AAPFU0939F1ZV is not an e-commerce operator''s: an operator''s GSTIN for TCS has C as its 14th character. | field:gstin',
  'A normal taxpayer''s GSTIN is refused as an operator''s');
select is((select count(*)::int from public.platform_fees where operator_gstin is not null), 0, 'A refusal writes nothing');

-- Which sales take it ------------------------------------------------------------------------------
-- a: an Amazon shirt sold before any GSTIN was entered: 1,050 within the state (5%): 1,000 taxable,
-- 25 CGST, 25 SGST.
insert into tests.ids select 'a', id from public.log_sale(tests.id('shirt'), 1, 'Amazon');
select is((select operator_gstin from public.sales_orders where id = tests.id('a')), null,
  'A sale recorded before the GSTIN is entered carries none yet');
-- The owner first enters a wrong (Rajasthan) registration of the operator.
select is(public.set_operator_gstin('Amazon', ' 08aaica3918j1ct ') - 'platform',
  '{"operator_gstin": "08AAICA3918J1CT", "sales_updated": 1}'::jsonb,
  'Entering it (trimmed, in capitals) gives it to the sale recorded before');
-- b: imported after it, 2 shirts for 2,100 to Karnataka: 2,000 taxable, 100 IGST.
select is(public.import_sales_orders('Amazon', format('[{"external_order_id": "AMZ-B", "order_date": "%s",
    "sku": "SHI-1", "quantity": 2, "total_amount": 2100, "buyer_state": "Karnataka"}]', (select first_day from month_of_test))::jsonb)
    ->> 'created', '1', 'An Amazon order is imported');
select is((select operator_gstin from public.sales_orders where external_order_id = 'AMZ-B'), '08AAICA3918J1CT',
  'A sale recorded after takes the platform''s GSTIN');
select is(public.set_operator_gstin('Amazon', '27AAICA3918J1CT') ->> 'sales_updated', '2',
  'Correcting it reaches the sales that carried the GSTIN it replaces');
-- c: 3 caps at 100 on Amazon within the state (18%), one returned: it keeps 300 - 100 = 200.
insert into tests.ids select 'c', id from public.log_sale(tests.id('cap'), 3, 'Amazon');
select from public.fulfil_sales_order(tests.id('c'));
select from public.record_return(tests.id('c'), 'customer_return', sellable => 1);
-- e: a Myntra order whose line names its operator's GSTIN itself (and its buyer's state, the
-- business's: a line without one has its place of supply unknown and is filed in no table).
select from public.import_sales_orders('Myntra', format('[{"external_order_id": "MYN-E", "order_date": "%s",
    "sku": "SHI-1", "quantity": 1, "total_amount": 1050, "operator_gstin": "20ALYPD6528PQC5", "buyer_state": "27"}]',
    (select first_day from month_of_test))::jsonb);
select is(public.set_operator_gstin('Myntra', '29AACCF0683K1CO') ->> 'sales_updated', '0',
  'A sale whose order line gave another operator GSTIN keeps it');
-- d: Flipkart, no GSTIN entered: 1,050 within the state.
select from public.log_sale(tests.id('shirt'), 1, 'Flipkart');
select is(public.set_operator_gstin('Amazon', null) - 'platform', '{"operator_gstin": null, "sales_updated": 0}'::jsonb,
  'Clearing it changes no recorded sale');
-- f: Amazon after the GSTIN was cleared: 1,050 within the state, no operator.
insert into tests.ids select 'f', id from public.log_sale(tests.id('shirt'), 1, 'Amazon');
select is((select jsonb_object_agg(t.sale, o.operator_gstin)
    from (values ('a', tests.id('a')), ('c', tests.id('c')), ('f', tests.id('f'))) t (sale, id)
    join public.sales_orders o on o.id = t.id),
  '{"a": "27AAICA3918J1CT", "c": "27AAICA3918J1CT", "f": null}'::jsonb,
  'a (recorded before) and c (after) carry the corrected GSTIN; f, recorded after it was cleared, none');
select is((select jsonb_object_agg(coalesce(external_order_id, platform::text), operator_gstin) from public.sales_orders
    where external_order_id is not null or platform = 'Flipkart'),
  '{"AMZ-B": "27AAICA3918J1CT", "MYN-E": "20ALYPD6528PQC5", "Flipkart": null}'::jsonb,
  'b follows the correction; e keeps its line''s GSTIN; d, on Flipkart with none entered, none');

-- GSTR-1 ---------------------------------------------------------------------------------------------
-- b2cs, per place of supply, rate and operator (type E with its GSTIN, else OE):
--   27, 5%, E 20ALYPD6528PQC5: e            taxable 1,000.00, CGST 25.00, SGST 25.00
--   27, 5%, E 27AAICA3918J1CT: a            taxable 1,000.00, CGST 25.00, SGST 25.00
--   27, 5%, OE: d + f                       taxable 2,000.00, CGST 50.00, SGST 50.00
--   27, 18%, E 27AAICA3918J1CT: c kept 200  taxable round(200 / 1.18, 2) = 169.49, tax 30.51,
--                                           CGST round(30.51 / 2, 2) = 15.26 (the odd paisa), SGST 15.25
--   29, 5%, E 27AAICA3918J1CT: b            taxable 2,000.00, IGST 100.00
select is((select jsonb_agg(jsonb_build_array(r -> 'place_of_supply_code', r -> 'rate', r -> 'type', r -> 'ecommerce_gstin',
      r -> 'taxable_value', r -> 'igst', r -> 'cgst', r -> 'sgst'))
    from jsonb_array_elements(public.gstr1_summary((select month from month_of_test)) -> 'b2cs') r),
  '[["27", 5.00, "E", "20ALYPD6528PQC5", 1000.00, 0, 25.00, 25.00],
    ["27", 5.00, "E", "27AAICA3918J1CT", 1000.00, 0, 25.00, 25.00],
    ["27", 5.00, "OE", null, 2000.00, 0, 50.00, 50.00],
    ["27", 18.00, "E", "27AAICA3918J1CT", 169.49, 0, 15.26, 15.25],
    ["29", 5.00, "E", "27AAICA3918J1CT", 2000.00, 100.00, 0, 0]]'::jsonb,
  'b2cs: type E with each operator''s GSTIN, OE for sales through none; a return''s kept 200 split by rules.gst_split');
-- Table 14(a), per operator:
--   20ALYPD6528PQC5: e                       1,000.00; CGST 25.00, SGST 25.00
--   27AAICA3918J1CT: a + b + c = 1,000.00 + 2,000.00 + 169.49 = 3,169.49; IGST 100.00;
--                    CGST 25.00 + 15.26 = 40.26; SGST 25.00 + 15.25 = 40.25
select is(public.gstr1_summary((select month from month_of_test)) -> 'eco',
  '[{"nature_of_supply": "Liable to collect tax u/s 52(TCS)", "ecommerce_gstin": "20ALYPD6528PQC5",
     "net_value_of_supplies": 1000.00, "igst": 0, "cgst": 25.00, "sgst": 25.00, "cess": 0},
    {"nature_of_supply": "Liable to collect tax u/s 52(TCS)", "ecommerce_gstin": "27AAICA3918J1CT",
     "net_value_of_supplies": 3169.49, "igst": 100.00, "cgst": 40.26, "sgst": 40.25, "cess": 0}]'::jsonb,
  'Table 14(a): the net value and tax of the sales through each operator, by its GSTIN');
select is(public.gstr1_summary((select month from month_of_test)) -> 'totals',
  '{"taxable_value": 6169.49, "igst": 100.00, "cgst": 115.26, "sgst": 115.25}'::jsonb,
  'The month''s totals: 1,000 + 1,000 + 2,000 + 169.49 + 2,000 taxable; CGST 25 + 25 + 50 + 15.26');

-- Another user -------------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is(public.set_operator_gstin('Amazon', '27AAICA3918J1CT') ->> 'sales_updated', '0',
  'Another user''s GSTIN reaches none of the owner''s sales');
select is((select count(*)::int from public.platform_fees), 1, 'and they see only their own setting');
select tests.authenticate_as('owner');
select is((select count(*)::int from public.sales_orders where platform = 'Amazon' and operator_gstin is null), 1,
  'The owner''s sale made after clearing still has none');

select * from finish();
rollback;

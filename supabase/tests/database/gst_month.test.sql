-- A seller's month for GST (issue 42, "Done when"): a combo sale, a discounted Shopify order to
-- Gujarat, a Flipkart sale to Karnataka and an Amazon sale to Maharashtra (each marketplace with its
-- operator GSTIN), a purchase order received with GST, and a return; GSTR-1's b2cs, eco and
-- hsn(b2c) and the month's input tax against the hand computation, to the paisa.
--
-- The business is in Rajasthan (08). Every item is HSN 6211 at 5%: an amount A including GST is
-- taxable round(A x 100 / 105, 2) and the tax A less that (rules.gst_split); to another state the
-- tax is IGST, within Rajasthan CGST is half the tax rounded to the paisa and SGST the rest.
begin;
set local client_min_messages = warning;
select plan(9);

select tests.create_user('owner');
select tests.authenticate_as('owner');
select from public.set_business_profile('Asha Textiles', 'Jaipur', '08AAPFU0939F1ZV', 'Rajasthan', 'AT');
create temp table month_of_test as
  select to_char(now() at time zone 'Asia/Kolkata', 'YYYY-MM') as month,
    date_trunc('month', now() at time zone 'Asia/Kolkata')::date as first_day;
grant select on month_of_test to authenticated, service_role;

insert into tests.ids select 'kurta', id from public.create_product('KUR-M', 'Kurta M', 'Apparel', 999, 50, 2, '[]');
select from public.set_item_tax(tests.id('kurta'), hsn_code => '6211', gst_rate => 5);
-- A pack of 3 kurtas at Rs 1,799: Rs 599.67 a piece, 5% by the apparel price rule, taxed as a combo.
insert into tests.ids select 'pack', id from public.create_combo('PACK-3', 'Kurta Pack of 3', 'Apparel', 1799,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 3)));
select from public.set_item_tax(tests.id('pack'), hsn_code => '6211', gst_rate => 5);
select from public.set_operator_gstin('Flipkart', '29AACCF0683K1CO');
select from public.set_operator_gstin('Amazon', '27AAICA3918J1CT');

-- The sales ------------------------------------------------------------------------------------------
-- 1. The pack sold by hand (Other): within Rajasthan. 1799 x 100 / 105 = 1,713.333 -> 1,713.33
--    taxable, tax 85.67, CGST round(42.835) = 42.84, SGST 42.83.
select from public.log_sale(tests.id('pack'), 1, 'Other', order_date => (select first_day from month_of_test));
-- 2. The issue's Shopify order: 2 kurtas at Rs 949 with Rs 100 off each, Rs 1,698 paid, to Gujarat
--    (24). 1698 x 100 / 105 = 1,617.143 -> 1,617.14 taxable, IGST 80.86.
create temporary table hook on commit drop as select endpoint_token from public.create_website_webhook();
reset role;
grant select on hook to service_role;
set local role service_role;
select is(public.receive_website_order((select endpoint_token from hook), '#1042',
    (select first_day from month_of_test) + time '10:00' - interval '5 hours 30 minutes',
    '[{"sku": "KUR-M", "quantity": 2, "amount": 1698}]', 'GJ'),
  '{"sales": 1, "skipped": 0, "refused": 0}'::jsonb, 'The Shopify order to Gujarat is recorded');
reset role;
select tests.authenticate_as('owner');
-- 3. Flipkart to Karnataka (29): 1,050 -> 1,000.00 taxable, IGST 50.00, type E 29AACCF0683K1CO.
-- 4. Amazon to Maharashtra (27): 2 at 2,100 -> 2,000.00 and IGST 100.00; one comes back (below).
select from public.import_sales_orders('Flipkart', format('[{"external_order_id": "OD1", "order_date": "%s",
    "sku": "KUR-M", "quantity": 1, "total_amount": 1050, "buyer_state": "KARNATAKA"}]',
    (select first_day from month_of_test))::jsonb);
select from public.import_sales_orders('Amazon', format('[{"external_order_id": "402-1", "order_date": "%s",
    "sku": "KUR-M", "quantity": 2, "total_amount": 2100, "buyer_state": "Maharashtra"}]',
    (select first_day from month_of_test))::jsonb);
-- 5. The return: the Amazon order shipped, 1 of its 2 kurtas comes back in good condition. The sale keeps 1,050: 1,000.00
--    taxable and IGST 50.00.
select from public.fulfil_sales_order((select id from public.sales_orders where external_order_id = '402-1'));
select from public.record_return((select id from public.sales_orders where external_order_id = '402-1'),
  'customer_return', sellable => 1);

-- A purchase order received with GST: 100 m of fabric at Rs 100 (Rs 10,000) from a supplier in
-- Maharashtra, on its invoice AM/2627/118 at 5%: GST 10,000 x 5 / 100 = Rs 500.00.
insert into tests.ids select 'arvind', id from public.create_supplier('Arvind Mills', gstin => '27AAPFU0939F1ZV');
insert into tests.ids select 'fabric', id from public.create_raw_material('Fabric', 'Arvind Mills', 100, 0, 'm', 10);
insert into tests.ids select 'po', (public.create_purchase_order(tests.id('arvind'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 100, 'unit_price', 100)))
  ->> 'purchase_order_id')::uuid;
select from public.place_purchase_order(tests.id('po'));
select is(public.receive_purchase_order(tests.id('po'),
    (select jsonb_agg(jsonb_build_object('line_id', l.id, 'quantity', 100, 'gst_rate', 5))
     from public.purchase_order_lines l where l.purchase_order_id = tests.id('po')),
    supplier_invoice_number => 'AM/2627/118', supplier_invoice_date => rules.india_day(now())) ->> 'status',
  'Received', 'The fabric order is received on the supplier''s invoice');

create temporary table gstr1 on commit drop as
  select public.gstr1_summary((select month from month_of_test)) as g;
grant select on gstr1 to authenticated;

-- GSTR-1 -----------------------------------------------------------------------------------------------
-- b2cs, per place of supply, rate and type:
--   08 Rajasthan, OE:               the pack               1,713.33; CGST 42.84, SGST 42.83
--   24 Gujarat, OE:                 the Shopify order      1,617.14; IGST 80.86
--   27 Maharashtra, E Amazon:       what the sale kept     1,000.00; IGST 50.00
--   29 Karnataka, E Flipkart:       the Flipkart sale      1,000.00; IGST 50.00
select is((select jsonb_agg(jsonb_build_array(r -> 'place_of_supply_code', r -> 'rate', r -> 'type', r -> 'ecommerce_gstin',
      r -> 'taxable_value', r -> 'igst', r -> 'cgst', r -> 'sgst'))
    from gstr1, jsonb_array_elements(g -> 'b2cs') r),
  '[["08", 5.00, "OE", null, 1713.33, 0, 42.84, 42.83],
    ["24", 5.00, "OE", null, 1617.14, 80.86, 0, 0],
    ["27", 5.00, "E", "27AAICA3918J1CT", 1000.00, 50.00, 0, 0],
    ["29", 5.00, "E", "29AACCF0683K1CO", 1000.00, 50.00, 0, 0]]'::jsonb,
  'b2cs: each sale where it went, the marketplaces'' under their operator GSTINs, the return taken off');
-- eco (Table 14(a)): one row per operator, the same figures as its b2cs rows.
select is((select g -> 'eco' from gstr1),
  '[{"nature_of_supply": "Liable to collect tax u/s 52(TCS)", "ecommerce_gstin": "27AAICA3918J1CT",
     "net_value_of_supplies": 1000.00, "igst": 50.00, "cgst": 0, "sgst": 0, "cess": 0},
    {"nature_of_supply": "Liable to collect tax u/s 52(TCS)", "ecommerce_gstin": "29AACCF0683K1CO",
     "net_value_of_supplies": 1000.00, "igst": 50.00, "cgst": 0, "sgst": 0, "cess": 0}]'::jsonb,
  'Table 14(a): Amazon''s and Flipkart''s sales by their GSTINs');
-- hsn(b2c): one row, 6211 at 5%: 1 pack + 2 + 1 + (2 - 1) kurtas = 5;
--   taxable 1,713.33 + 1,617.14 + 1,000.00 + 1,000.00 = 5,330.47; IGST 80.86 + 50 + 50 = 180.86;
--   CGST 42.84, SGST 42.83; total value 5,330.47 + 180.86 + 42.84 + 42.83 = 5,597.00
--   (= 1,799 + 1,698 + 1,050 + 1,050, what the buyers kept paying).
select is((select jsonb_agg(jsonb_build_array(r -> 'hsn', r -> 'description', r -> 'rate', r -> 'total_quantity',
      r -> 'taxable_value', r -> 'igst', r -> 'cgst', r -> 'sgst', r -> 'total_value'))
    from gstr1, jsonb_array_elements(g -> 'hsn_b2c') r),
  '[["6211", "Track suits other garments", 5.00, 5, 5330.47, 180.86, 42.84, 42.83, 5597.00]]'::jsonb,
  'hsn(b2c): the month''s supplies of 6211, its description from the HSN, never a product name');
select is((select g -> 'totals' from gstr1),
  '{"taxable_value": 5330.47, "igst": 180.86, "cgst": 42.84, "sgst": 42.83}'::jsonb,
  'The month''s totals equal the HSN summary''s');
select is((select jsonb_build_array(g -> 'tax_unknown' -> 'count', g -> 'place_unknown' -> 'count') from gstr1),
  '[0, 0]'::jsonb, 'No sale without a rate or a place of supply');

-- Input tax ----------------------------------------------------------------------------------------------
select is(public.input_tax((select month from month_of_test)) -> 'invoices',
  jsonb_build_array(jsonb_build_object('supplier_gstin', '27AAPFU0939F1ZV', 'supplier_name', 'Arvind Mills',
    'supplier_invoice_number', 'AM/2627/118', 'supplier_invoice_date', rules.india_day(now()), 'po_number', 1,
    'receipts', 1, 'purchase_value', 10000.00, 'gst_paid', 500.00)),
  'The month''s input tax: Rs 500.00 on Rs 10,000.00, by the supplier''s GSTIN and invoice');
select is((select jsonb_build_array(t -> 'purchase_value', t -> 'gst_paid') from public.input_tax((select month from month_of_test)) t),
  '[10000.00, 500.00]'::jsonb, 'and in all');

select * from finish();
rollback;

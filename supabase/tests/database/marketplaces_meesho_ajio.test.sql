-- Meesho and Ajio (issue 43, item 3): platforms the data model knows. Meesho is an e-commerce operator
-- (operator GSTIN, b2cs type E, its own fees, claim window and payment cycle, settlements matched to its
-- orders); Ajio's purchase orders are B2B sales to Reliance Retail, invoiced by the seller to its GSTIN
-- (b2b in GSTR-1). The business is in Maharashtra (27); the month is this one in India.
begin;
set local client_min_messages = warning;
select plan(16);

select is(enum_range(null::public.sales_platform)::text[],
  array['Flipkart', 'Myntra', 'Amazon', 'Meesho', 'Ajio', 'Brand Website', 'Other'],
  'Meesho and Ajio are platforms, after the first three marketplaces');
select ok(rules.is_marketplace('Meesho') and not rules.is_marketplace('Ajio'),
  'Meesho is an e-commerce operator; Ajio (a retailer buying by purchase order) is not');

select tests.create_user('owner');
select tests.authenticate_as('owner');
select from public.set_business_profile('Asha Textiles', '12 MG Road, Pune', '27AAPFU0939F1ZV', '27', 'AT');
insert into tests.ids select 'kurta', id from public.create_product('KUR-1', 'Kurta', 'Apparel', 500, 50, 2, '[]');
select from public.set_item_tax(tests.id('kurta'), hsn_code => '6211', gst_rate => 5);
create temp table today_in_india as select rules.india_day(now()) as day, to_char(rules.india_day(now()), 'YYYY-MM') as month;
grant select on today_in_india to authenticated;

-- Settings: fees, claim window, payment cycle, operator GSTIN ----------------------------------------
select is((select jsonb_object_agg(platform, jsonb_build_array(claim_window_days, is_default))
    from public.platform_claim_windows() where platform in ('Meesho', 'Ajio')),
  '{"Meesho": [7, true], "Ajio": [7, true]}'::jsonb, 'Both start with a 7-day claim window');
select is((select jsonb_build_array(commission_percent, fee_per_order, shipping_per_order, claim_window_days, payment_cycle_days)
    from public.set_platform_fees('Meesho', 0, 0, 60, 10, 7)),
  '[0.00, 0.00, 60.00, 10, 7]'::jsonb, 'Meesho takes its fees, a 10-day claim window and a 7-day payment cycle');
select is((select jsonb_build_array(payment_cycle_days) from public.set_platform_fees('Ajio', 0, 0, 0, null, 60)),
  '[60]'::jsonb, 'Ajio takes a 60-day payment cycle');
select is(public.set_operator_gstin('Meesho', '07AARCM9332R1CQ') - 'platform',
  '{"operator_gstin": "07AARCM9332R1CQ", "sales_updated": 0}'::jsonb, 'Meesho takes an operator GSTIN');
select is(tests.refusal($$ select public.set_operator_gstin('Ajio', '27AAICA3918J1CT') $$),
  'P0001 | Ajio sales are not made through an e-commerce operator: only Flipkart, Myntra, Amazon and Meesho take an operator GSTIN. | field:platform',
  'Ajio has no operator GSTIN, on the platform field');

-- Imported sales carry their platform -------------------------------------------------------------
select is(public.import_sales_orders('Meesho', format('[{"external_order_id": "248842839365313472_1",
    "order_date": "%s", "sku": "KUR-1", "quantity": 1, "total_amount": 525, "buyer_state": "Karnataka"}]',
    (select day from today_in_india))::jsonb), '{"created": 1, "skipped": 0}'::jsonb, 'A Meesho order is imported');
select is((select jsonb_build_array(platform, operator_gstin, place_of_supply, fees) from public.sales_orders
    where external_order_id = '248842839365313472_1'),
  '["Meesho", "07AARCM9332R1CQ", "29", 60.00]'::jsonb,
  'It is a Meesho sale with Meesho''s operator GSTIN, its place of supply and Meesho''s shipping per order');
select is((select jsonb_build_array(g -> 'type', g -> 'ecommerce_gstin', g -> 'taxable_value', g -> 'igst')
    from jsonb_array_elements(public.gstr1_summary((select month from today_in_india)) -> 'b2cs') g),
  '["E", "07AARCM9332R1CQ", 500.00, 25.00]'::jsonb, 'In GSTR-1 it is b2cs type E under Meesho''s GSTIN (525: 500 + 5% IGST)');
select is(public.import_sales_orders('Ajio', format('[{"external_order_id": "PO-5100012345", "order_date": "%s",
    "sku": "KUR-1", "quantity": 4, "total_amount": 2100}]', (select day from today_in_india))::jsonb),
  '{"created": 1, "skipped": 0}'::jsonb, 'An Ajio purchase order line is imported');

-- Settlements match Meesho's orders ---------------------------------------------------------------
select is(public.import_settlement('Meesho', jsonb_build_array(
    jsonb_build_object('settlement_id', 'MEESHO-UTR-1', 'external_order_id', '248842839365313472_1', 'sku', 'KUR-1',
      'posted_date', (select day from today_in_india), 'category', 'sale', 'amount', 465, 'description', 'Final Settlement Amount'))),
  '{"created": 1, "skipped": 0, "unmatched": 0}'::jsonb, 'A Meesho payment line matches its Meesho order');

-- Invoices: Ajio's order is invoiced to Reliance Retail, Meesho's is not ------------------------------
select is(tests.refusal(format($$ select public.create_invoice(array['%s'::uuid], 'Ravi', null, '27') $$,
    (select id from public.sales_orders where platform = 'Meesho'))),
  'P0001 | The order of Kurta is a Meesho sale: the marketplace invoices its buyer. Only Brand Website, Ajio and Other orders are invoiced here. | no hint',
  'A Meesho order cannot be invoiced here');
create temp table ajio_invoice as select public.create_invoice(
  array[(select id from public.sales_orders where platform = 'Ajio')], 'Reliance Retail Limited', '27AABCR1718E1ZP', '27',
  'Ajio warehouse, Bhiwandi') as answer;
grant select on ajio_invoice to authenticated;
select is((select answer - 'invoice_id' - 'invoice_number' from ajio_invoice),
  '{"taxable_value": 2000.00, "cgst": 50.00, "sgst": 50.00, "igst": 0.00, "total": 2100.00}'::jsonb,
  'The Ajio order is invoiced to Reliance Retail''s GSTIN: within Maharashtra, CGST and SGST in equal halves');
select is((select jsonb_build_array(g ->> 'receiver_gstin', g ->> 'receiver_name', g -> 'taxable_value', g -> 'ecommerce_gstin')
    from jsonb_array_elements(public.gstr1_summary((select month from today_in_india)) -> 'b2b') g),
  '["27AABCR1718E1ZP", "Reliance Retail Limited", 2000.00, null]'::jsonb,
  'and GSTR-1 lists it under b2b to the retailer, with no e-commerce operator');
select is((select count(*)::int from jsonb_array_elements(public.gstr1_summary((select month from today_in_india)) -> 'b2cs')),
  1, 'The invoiced Ajio sale is not also in b2cs');

select * from finish();
rollback;

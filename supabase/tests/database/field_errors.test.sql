-- field_errors: a refusal about one argument of create_product, update_product,
-- create_raw_material, update_raw_material, log_sale, start_production, record_return,
-- update_claim, set_platform_fees (payment_cycle_days), list_reconciliation (status), set_sku_alias,
-- create_combo, set_channel_buffer, record_stock_file or the GST operations names that argument in
-- its hint, 'field:<argument>' (PostgREST passes the hint on in its error JSON), so a form can show
-- the message beside the input it is about. SQLSTATE and message are as before. A refusal about no
-- one argument (not enough stock, not found) has no hint, and neither have the other operations'
-- refusals, which come from no form field.
begin;
set local client_min_messages = warning;
select plan(69);

select tests.create_user('owner');
select tests.authenticate_as('owner');
insert into tests.ids select 'cotton', id from public.create_raw_material('Cotton', null, 2, 10, 'm', 5);
insert into tests.ids select 'felt', id from public.create_raw_material('Old felt', null, 1, 10, 'm', 5);
select public.archive_item(material_id => tests.id('felt'));
insert into tests.ids select 'shirt', id from public.create_product('P-1', 'Shirt', null, 300, 5, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 2)));
insert into tests.ids select 'cap', id from public.create_product('C-1', 'Cap', null, 100, 0, 2);

-- create_product ---------------------------------------------------------------------------------
select is(tests.refusal($$ select public.create_product(' p-1 ', 'Another shirt', null, 10) $$),
  '23505 | A product with SKU P-1 already exists. | field:sku', 'create_product: a duplicate SKU names sku');
select is(tests.refusal($$ select public.create_product('', 'X', null, 10) $$),
  'P0001 | SKU is required. | field:sku', 'create_product: a missing SKU names sku');
select is(tests.refusal($$ select public.create_product(repeat('x', 65), 'X', null, 10) $$),
  'P0001 | SKU must be at most 64 characters. | field:sku', 'create_product: a long SKU names sku');
select is(tests.refusal($$ select public.create_product('N-1', ' ', null, 10) $$),
  'P0001 | Product name is required. | field:product_name', 'create_product: a missing name names product_name');
select is(tests.refusal($$ select public.create_product('N-1', 'X', repeat('c', 101), 10) $$),
  'P0001 | Category must be at most 100 characters. | field:category', 'create_product: a long category names category');
select is(tests.refusal($$ select public.create_product('N-1', 'X', null, null) $$),
  'P0001 | Selling price is required. | field:selling_price', 'create_product: a missing price names selling_price');
select is(tests.refusal($$ select public.create_product('N-1', 'X', null, 12.345) $$),
  'P0001 | Selling price can have at most 2 decimal places. | field:selling_price',
  'create_product: a price in fractions of a paisa names selling_price');
select is(tests.refusal($$ select public.create_product('N-1', 'X', null, 10, 1.5) $$),
  'P0001 | Stock on hand must be a whole number. | field:stock_on_hand', 'create_product: fractional stock names stock_on_hand');
select is(tests.refusal($$ select public.create_product('N-1', 'X', null, 10, 0, -1) $$),
  'P0001 | Reorder point must be at least 0. | field:reorder_point', 'create_product: a negative reorder point names reorder_point');
select is(tests.refusal($$ select public.create_product('N-1', 'X', null, 10, 0, 10, '{}') $$),
  'P0001 | BOM must be a list of materials. | field:bom', 'create_product: a BOM that is not a list names bom');
select is(tests.refusal(format($$ select public.create_product('N-1', 'X', null, 10, 0, 10, '[{"material_id": "%s", "quantity": 0.0015}]') $$,
    tests.id('cotton'))),
  'P0001 | BOM quantity can have at most 3 decimal places. | field:bom', 'create_product: a BOM quantity too fine names bom');
select is(tests.refusal(format($$ select public.create_product('N-1', 'X', null, 10, 0, 10, '[{"material_id": "%s", "quantity": 1}]') $$,
    tests.id('felt'))),
  'P0001 | Old felt is archived. | field:bom', 'create_product: an archived material in the BOM names bom');
select is(tests.refusal(format($$ select public.create_product('N-1', 'X', null, 10, 0, 10, '[{"material_id": "%s", "quantity": 1}]') $$,
    gen_random_uuid())),
  'P0001 | Material not found. | field:bom', 'create_product: an unknown BOM material names bom');
select is(tests.refusal(format($$ select public.create_product('N-1', 'X', null, 10, 0, 10, %L) $$,
    (select jsonb_agg(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1)) from generate_series(1, 201)))),
  'P0001 | A BOM can list at most 200 materials; this one lists 201. | field:bom',
  'create_product: a BOM of more than 200 lines names bom');

-- update_product ---------------------------------------------------------------------------------
select is(tests.refusal(format($$ select public.update_product('%s', 'P-1', 'Cap', null, 100, 2) $$, tests.id('cap'))),
  '23505 | A product with SKU P-1 already exists. | field:sku', 'update_product: a duplicate SKU names sku');
select is(tests.refusal(format($$ select public.update_product('%s', 'C-1', 'Cap', null, 0, 2) $$, tests.id('cap'))),
  'P0001 | Selling price must be at least 0.01. | field:selling_price', 'update_product: a zero price names selling_price');
select is(tests.refusal(format($$ select public.update_product('%s', 'C-1', 'Cap', null, 100, 2, '[{"quantity": 1}]') $$, tests.id('cap'))),
  'P0001 | Each BOM row needs a material. | field:bom', 'update_product: a BOM row without a material names bom');
select is(tests.refusal(format($$ select public.update_product('%s', 'C-1', 'Cap', null, 100, 2, %L) $$, tests.id('cap'),
    (select jsonb_agg(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1)) from generate_series(1, 10000)))),
  'P0001 | A BOM can list at most 200 materials; this one lists 10000. | field:bom',
  'update_product: a BOM of more than 200 lines names bom');
select is(tests.refusal(format($$ select public.update_product('%s', 'C-1', 'Cap', null, 100, 2) $$, gen_random_uuid())),
  'P0001 | Product not found. | no hint', 'update_product: an unknown product is about no field');

-- create_raw_material ----------------------------------------------------------------------------
select is(tests.refusal($$ select public.create_raw_material(' cotton ') $$),
  '23505 | A material named Cotton already exists. | field:material_name',
  'create_raw_material: a duplicate name names material_name');
select is(tests.refusal($$ select public.create_raw_material('Linen', repeat('s', 201)) $$),
  'P0001 | Supplier must be at most 200 characters. | field:supplier', 'create_raw_material: a long supplier names supplier');
select is(tests.refusal($$ select public.create_raw_material('Linen', null, 0.12345) $$),
  'P0001 | Cost per unit can have at most 4 decimal places. | field:cost_per_unit',
  'create_raw_material: a cost too fine names cost_per_unit');
select is(tests.refusal($$ select public.create_raw_material('Linen', null, 1, -1) $$),
  'P0001 | Stock level must be at least 0. | field:stock_level', 'create_raw_material: negative stock names stock_level');
select is(tests.refusal($$ select public.create_raw_material('Linen', null, 1, 1, repeat('u', 33)) $$),
  'P0001 | Unit of measure must be at most 32 characters. | field:unit_of_measure',
  'create_raw_material: a long unit names unit_of_measure');
select is(tests.refusal($$ select public.create_raw_material('Linen', null, 1, 1, 'm', 'NaN') $$),
  'P0001 | Reorder point must be a number. | field:reorder_point', 'create_raw_material: NaN names reorder_point');

-- update_raw_material ----------------------------------------------------------------------------
select is(tests.refusal(format($$ select public.update_raw_material('%s', 'COTTON', null, 1, 'm', 5) $$, tests.id('felt'))),
  '23505 | A material named COTTON already exists. | field:material_name',
  'update_raw_material: a duplicate name names material_name');
select is(tests.refusal(format($$ select public.update_raw_material('%s', '', null, 1, 'm', 5) $$, tests.id('felt'))),
  'P0001 | Material name is required. | field:material_name', 'update_raw_material: a missing name names material_name');
select is(tests.refusal(format($$ select public.update_raw_material('%s', 'Felt', null, 1, 'm', 0.0005) $$, tests.id('felt'))),
  'P0001 | Reorder point can have at most 3 decimal places. | field:reorder_point',
  'update_raw_material: a reorder point too fine names reorder_point');

-- log_sale and start_production: the quantity, not the stock ----------------------------------
select is(tests.refusal(format($$ select public.log_sale('%s', 1.5) $$, tests.id('shirt'))),
  'P0001 | Quantity must be a whole number. | field:quantity', 'log_sale: a fractional quantity names quantity');
select is(tests.refusal(format($$ select public.log_sale('%s', 0) $$, tests.id('shirt'))),
  'P0001 | Quantity must be at least 1. | field:quantity', 'log_sale: a zero quantity names quantity');
select is(tests.refusal(format($$ select public.log_sale('%s', 6) $$, tests.id('shirt'))),
  'P0001 | Not enough stock for Shirt. Only 5 available. | no hint', 'log_sale: not enough stock is about the form, not a field');
select is(tests.refusal(format($$ select public.start_production('%s', 0) $$, tests.id('shirt'))),
  'P0001 | Quantity to produce must be at least 1. | field:quantity_to_produce',
  'start_production: a zero quantity names quantity_to_produce');
select is(tests.refusal(format($$ select public.start_production('%s', 6) $$, tests.id('shirt'))),
  'P0001 | Not enough raw materials to start production. | no hint',
  'start_production: not enough materials is about the form, not a field');

-- The style operations and start_production_batch: each argument of the style form and the batch --
-- (every refusal of these: styles.test.sql, start_production_batch.test.sql)
select is(tests.refusal($$ select public.create_style(' ', null, 'K', 10, '[{"name": "Size", "values": ["S"]}]') $$),
  'P0001 | Style name is required. | field:style_name', 'create_style: a missing name names style_name');
select is(tests.refusal($$ select public.create_style('K', null, 'P', 10, '[{"name": "Size", "values": ["1"]}]') $$),
  '23505 | A product with SKU P-1 already exists. | field:sku_prefix', 'create_style: an existing SKU names sku_prefix');
select is(tests.refusal($$ select public.create_style('K', null, 'K', 0, '[{"name": "Size", "values": ["S"]}]') $$),
  'P0001 | Selling price must be at least 0.01. | field:selling_price', 'create_style: a zero price names selling_price');
select is(tests.refusal($$ select public.create_style('K', null, 'K', 10, '[{"name": "Size", "values": ["S", "s"]}]') $$),
  'P0001 | Size lists s twice. | field:options', 'create_style: a repeated value names options');
select is(tests.refusal(format($$ select public.create_style('K', null, 'K', 10, '[{"name": "Size", "values": ["S"]}]', '[{"material_id": "%s", "quantity": 1}]') $$,
    tests.id('felt'))),
  'P0001 | Old felt is archived. | field:bom', 'create_style: an archived material names bom');
select is(tests.refusal(format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 2.5}]') $$, tests.id('shirt'))),
  'P0001 | Quantity to produce must be a whole number. | field:runs', 'start_production_batch: a fractional quantity names runs');
select is(tests.refusal(format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 6}]') $$, tests.id('shirt'))),
  'P0001 | Not enough Cotton: 12 needed, 10 available. | no hint',
  'start_production_batch: not enough of a material is about the batch, not a field');

-- record_return and update_claim: each argument of the return form and the claim's approval -----
-- (every refusal of these: returns.test.sql)
select from public.fulfil_sales_order((select id from public.log_sale(tests.id('shirt'), 2)));
insert into tests.ids select 'shipped', id from public.sales_orders where status = 'Fulfilled';
select is(tests.refusal(format($$ select public.record_return('%s', 'rto', 3) $$, tests.id('shipped'))),
  'P0001 | Only 2 units of this order can still be returned. | field:sellable', 'record_return: too many units names sellable');
select is(tests.refusal(format($$ select public.record_return('%s', 'rto', 0, damaged => 0.5) $$, tests.id('shipped'))),
  'P0001 | Damaged units must be a whole number. | field:damaged', 'record_return: half a damaged unit names damaged');
select is(tests.refusal(format($$ select public.record_return('%s', 'lost', 1) $$, tests.id('shipped'))),
  'P0001 | Kind must be rto or customer_return. | field:kind', 'record_return: an unknown kind names kind');
select is(tests.refusal(format($$ select public.record_return('%s', 'rto', 1, return_date => '1999-12-31') $$, tests.id('shipped'))),
  'P0001 | Return date must be between the order date and today. | field:return_date',
  'record_return: a day before the order names return_date');
select is(tests.refusal($$ select public.update_claim(gen_random_uuid(), 'Approved', -1) $$),
  'P0001 | Amount reimbursed must be at least 0. | field:amount_reimbursed', 'update_claim: a negative amount names amount_reimbursed');
select is(tests.refusal($$ select public.update_claim(gen_random_uuid(), 'Filed') $$),
  'P0001 | Claim not found. | no hint', 'update_claim: an unknown claim is about the form, not a field');

-- Planning (issue 33; every refusal: planning.test.sql)
select is(tests.refusal(format($$ select public.set_product_planning('%s', -1, 0) $$, tests.id('shirt'))),
  'P0001 | Lead time must be at least 0. | field:lead_time_days', 'set_product_planning: a negative lead time names lead_time_days');
select is(tests.refusal($$ select public.plan_production('{"product_id": 1}') $$),
  'P0001 | Targets must be a list of products and quantities. | field:targets', 'plan_production: targets that are not a list name targets');
select is(tests.refusal($$ select public.commit_production_plan('{}') $$),
  'P0001 | This plan has no runs that can start now. | field:plan', 'commit_production_plan: a plan without runs names plan');

-- The other operations' refusals name no field ----------------------------------------------------
select is(tests.refusal($$ select public.set_platform_fees('Amazon', 1.234, 0, 0) $$),
  'P0001 | Commission percent can have at most 2 decimal places. | no hint', 'set_platform_fees names no field');
select is(tests.refusal(format($$ select public.receive_material('%s', 0.0001) $$, tests.id('cotton'))),
  'P0001 | Quantity can have at most 3 decimal places. | no hint', 'receive_material names no field');

-- Settlements (issue 30) ----------------------------------------------------------------------------
select is(tests.refusal($$ select public.set_platform_fees('Amazon', 10, 0, 0, null, 0) $$),
  'P0001 | Payment cycle must be at least 1. | field:payment_cycle_days',
  'set_platform_fees: a payment cycle of 0 days names payment_cycle_days');
select is(tests.refusal($$ select public.list_reconciliation(status => 'Paid') $$),
  'P0001 | Status must be one of: Settled, Short paid, Over paid, Awaiting payment, Overdue. | field:status',
  'list_reconciliation: an unknown status names status');

-- Channels (issue 34) -------------------------------------------------------------------------------
select is(tests.refusal($$ select public.set_sku_alias(tests.id('shirt'), 'Amazon', ' ') $$),
  'P0001 | Marketplace SKU is required. | field:alias', 'set_sku_alias: a blank alias names alias');
select is(tests.refusal($$ select public.create_combo('p-1', 'Pack', null, 10,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('cap'), 'quantity', 2))) $$),
  '23505 | A product with SKU P-1 already exists. | field:sku', 'create_combo: a duplicate SKU names sku, as create_product');
select is(tests.refusal($$ select public.create_combo('PK-1', 'Pack', null, 10, '[]') $$),
  'P0001 | A combo needs at least one product. | field:components', 'create_combo: no components names components');
select is(tests.refusal($$ select public.set_channel_buffer('Amazon', 2.5, 0) $$),
  'P0001 | Buffer units must be a whole number. | field:buffer_units', 'set_channel_buffer: 2.5 units names buffer_units');
select is(tests.refusal($$ select public.record_stock_file('Amazon', '[{"alias": "P-1", "quantity": 1.5}]') $$),
  'P0001 | Each quantity must be a whole number from 0. | field:rows', 'record_stock_file: a fractional quantity names rows');

-- GST (issue 31) --------------------------------------------------------------------------------
select is(tests.refusal($$ select public.set_business_profile(' ', 'Pune', '27AAPFU0939F1ZV', '27', 'AT') $$),
  'P0001 | Legal name is required. | field:legal_name', 'set_business_profile: a missing legal name names legal_name');
select is(tests.refusal($$ select public.set_business_profile('Asha', '', '27AAPFU0939F1ZV', '27', 'AT') $$),
  'P0001 | Address is required. | field:address', 'set_business_profile: a missing address names address');
select is(tests.refusal($$ select public.set_business_profile('Asha', 'Pune', '27AAPFU0939F1ZV', 'Mars', 'AT') $$),
  'P0001 | State Mars is not a state code or name. | field:state_code', 'set_business_profile: an unknown state names state_code');
select is(tests.refusal($$ select public.set_business_profile('Asha', 'Pune', '27AAPFU0939F1ZV', '27', 'CN') $$),
  'P0001 | Invoice prefix cannot be CN: credit notes are numbered CN/yy-yy/n. | field:invoice_prefix',
  'set_business_profile: the credit notes'' prefix names invoice_prefix');
select is(tests.refusal(format($$ select public.set_item_tax('%s', hsn_code => '62') $$, tests.id('cap'))),
  'P0001 | HSN code must be 4, 6 or 8 digits. | field:hsn_code', 'set_item_tax: a short HSN code names hsn_code');
select is(tests.refusal(format($$ select public.set_item_tax('%s', hsn_code => '6205') $$, tests.id('cap'))),
  'P0001 | GST rate is required. | field:gst_rate', 'set_item_tax: an HSN code without a rate names gst_rate');
select is(tests.refusal(format($$ select public.set_item_tax('%s', hsn_code => '6205', rate_rule => '{"up_to": "lots"}') $$,
    tests.id('cap'))),
  'P0001 | Rate rule price must be a number. | field:rate_rule', 'set_item_tax: a malformed rule names rate_rule');
select is(tests.refusal($$ select public.create_invoice('{}', 'Ravi', null, '27') $$),
  'P0001 | Set up your business profile (legal name, address, GSTIN) before creating invoices. | no hint',
  'create_invoice: without a profile no field is named');
select public.set_business_profile('Asha', 'Pune', '27AAPFU0939F1ZV', '27', 'AT');
select is(tests.refusal($$ select public.create_invoice('{}', 'Ravi', null, '27') $$),
  'P0001 | Choose at least one order to invoice. | field:order_ids', 'create_invoice: no orders names order_ids');
select is(tests.refusal($$ select public.create_invoice(array[gen_random_uuid()], ' ', null, '27') $$),
  'P0001 | Buyer name is required. | field:buyer_name', 'create_invoice: a missing buyer name names buyer_name');
select is(tests.refusal($$ select public.gstr1_summary('October') $$),
  'P0001 | Month must be YYYY-MM, for example 2025-10. | field:month', 'gstr1_summary: a month not YYYY-MM names month');

select * from finish();
rollback;

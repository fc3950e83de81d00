-- E-way bills for delivery challans (issue 45): the rule of when one is needed (Rule 138(1), CGST
-- Rules: above Rs 50,000; inter-state job work whatever the value), kept on each challan, and
-- eway_bill_json writing the portal's bulk JSON (version 1.0.0621) for the caller's challans only,
-- 1 to 50 at a time, with its transport fields checked on their fields.
begin;
set local client_min_messages = warning;
select plan(37);

-- The rule --------------------------------------------------------------------------------------------
select is(rules.needs_eway_bill(50000, false, false), false, 'Rs 50,000.00 needs no e-way bill (above, not at)');
select is(rules.needs_eway_bill(50000.01, false, false), true, 'Rs 50,000.01 needs one');
select is(rules.needs_eway_bill(50000.01, true, false), true, 'Rs 50,000.01 moved across states needs one');
select is(rules.needs_eway_bill(100, true, true), true, 'Inter-state job work of Rs 100 needs one (Rule 138(1) proviso)');
select is(rules.needs_eway_bill(100, false, true), false, 'Job work of Rs 100 within the state needs none');
select is(rules.needs_eway_bill(100, true, false), false, 'Rs 100 moved across states, not to a job worker, needs none');
select is(rules.needs_eway_bill(null, false, false), null::boolean, 'An unknown value: unknown');
select is(rules.needs_eway_bill(null, true, true), true, 'Inter-state job work needs one even when its value is not known');

-- Challans --------------------------------------------------------------------------------------------
select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
select from public.set_business_profile('Asha Textiles', E'12 MG Road\nPune 411001', '27AAPFU0939F1ZV', '27', 'AT');
insert into tests.ids select 'fabric', id from public.create_raw_material('Cotton fabric', null, 120, 1000, 'm');
insert into tests.ids select 'silk', id from public.create_raw_material('Silk fabric', null, 100, 500, 'm');
insert into tests.ids select 'buttons', id from public.create_raw_material('Buttons', null, 1, 100, 'units');
insert into tests.ids select 'kurta', id from public.create_product('KUR-1', 'Kurta', null, 799, 12, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 2.5)));
select from public.set_item_tax(material_id => tests.id('fabric'), hsn_code => '5208', gst_rate => 5);
select from public.set_item_tax(material_id => tests.id('silk'), hsn_code => '5007', gst_rate => 5);
select from public.set_item_tax(product_id => tests.id('kurta'), hsn_code => '62114290', gst_rate => 5);
insert into tests.ids select 'main', id from public.locations where is_main;
insert into tests.ids select 'shop', id from public.create_location('Shop', 'own', address => 'Shop 4, FC Road, Pune - 411004');
insert into tests.ids select 'loft', id from public.create_location('Loft', 'own', address => 'Back lane, Pune');

-- 400 m x Rs 120 = 48,000.00 and 7 kurtas x Rs 300 = 2,100.00: Rs 50,100.00.
insert into tests.ids select 'big', (public.transfer_stock(tests.id('main'), tests.id('shop'), jsonb_build_array(
  jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 400),
  jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 7))) ->> 'delivery_challan_id')::uuid;
-- 500 m of silk at Rs 100: exactly Rs 50,000.00.
insert into tests.ids select 'at limit', (public.transfer_stock(tests.id('main'), tests.id('shop'), jsonb_build_array(
  jsonb_build_object('material_id', tests.id('silk'), 'quantity', 500))) ->> 'delivery_challan_id')::uuid;
select results_eq(
  format($$ select taxable_value, needs_eway_bill from public.delivery_challans where id in (%L, %L) order by serial $$,
    tests.id('big'), tests.id('at limit')),
  $$ values (50100.00::numeric(14, 2), true), (50000.00::numeric(14, 2), false) $$,
  'A challan of Rs 50,100.00 needs an e-way bill, one of exactly Rs 50,000.00 does not');

-- The consignee's State on the print view.
select is(public.get_delivery_challan(tests.id('big')) -> 'consignee' ->> 'state_name', 'Maharashtra',
  'The challan''s consignee names its State');
select is(public.get_delivery_challan(tests.id('big')) -> 'consignee' ->> 'state_code', '27', 'and its code');

-- eway_bill_json: the bill for a transfer --------------------------------------------------------------
create temporary table written as
select public.eway_bill_json(array[tests.id('big')], 'road', 12, 'mh-12 ab 1234')::jsonb as file;
grant select on written to authenticated;
select is((select file ->> 'version' from written), '1.0.0621', 'The file is in the layout of version 1.0.0621');
select is((select jsonb_array_length(file -> 'billLists') from written), 1, 'with one bill for the one challan');
select results_eq(
  $$ select k from json_object_keys((select public.eway_bill_json(array[tests.id('big')], 'road', 12, 'MH12AB1234')::json
       -> 'billLists' -> 0)) k $$,
  $$ values ('userGstin'), ('supplyType'), ('subSupplyType'), ('docType'), ('docNo'), ('docDate'), ('transType'),
       ('fromGstin'), ('fromTrdName'), ('fromAddr1'), ('fromAddr2'), ('fromPlace'), ('fromPincode'),
       ('fromStateCode'), ('actualFromStateCode'), ('toGstin'), ('toTrdName'), ('toAddr1'), ('toAddr2'),
       ('toPlace'), ('toPincode'), ('toStateCode'), ('actualToStateCode'), ('totalValue'), ('cgstValue'),
       ('sgstValue'), ('igstValue'), ('cessValue'), ('TotNonAdvolVal'), ('OthValue'), ('totInvValue'),
       ('transMode'), ('transDistance'), ('transporterName'), ('transporterId'), ('transDocNo'), ('vehicleNo'),
       ('vehicleType'), ('itemList') $$,
  'A bill has the layout''s fields, in its order');
select is((select (file -> 'billLists' -> 0) - 'itemList' from written), jsonb_build_object(
    'userGstin', '27AAPFU0939F1ZV', 'supplyType', 'O', 'subSupplyType', 5, 'docType', 'CHL',
    'docNo', format('DC/%s/1', rules.financial_year(now())), 'docDate', to_char(rules.india_day(now()), 'DD/MM/YYYY'),
    'transType', 1,
    'fromGstin', '27AAPFU0939F1ZV', 'fromTrdName', 'Asha Textiles', 'fromAddr1', '12 MG Road, Pune 411001',
    'fromAddr2', '', 'fromPlace', 'Pune', 'fromPincode', 411001, 'fromStateCode', 27, 'actualFromStateCode', 27,
    'toGstin', '27AAPFU0939F1ZV', 'toTrdName', 'Asha Textiles', 'toAddr1', 'Shop 4, FC Road, Pune - 411004',
    'toAddr2', '', 'toPlace', 'Pune', 'toPincode', 411004, 'toStateCode', 27, 'actualToStateCode', 27,
    'totalValue', 50100.00, 'cgstValue', 0, 'sgstValue', 0, 'igstValue', 0, 'cessValue', 0, 'TotNonAdvolVal', 0,
    'OthValue', 0, 'totInvValue', 50100.00, 'transMode', 1, 'transDistance', 12, 'transporterName', '',
    'transporterId', '', 'transDocNo', '', 'vehicleNo', 'MH12AB1234', 'vehicleType', 'R'),
  'A transfer: outward, For Own Use (5), challan (CHL), both parties the business, no tax, by road with the vehicle');
select is((select file -> 'billLists' -> 0 -> 'itemList' from written), jsonb_build_array(
    jsonb_build_object('itemNo', 1, 'productName', 'Cotton fabric', 'productDesc', 'Cotton fabric', 'hsnCode', 5208,
      'quantity', 400, 'qtyUnit', 'MTR', 'taxableAmount', 48000.00, 'sgstRate', 0, 'cgstRate', 0, 'igstRate', 0,
      'cessRate', 0, 'cessNonAdvol', 0),
    jsonb_build_object('itemNo', 2, 'productName', 'Kurta', 'productDesc', 'Kurta', 'hsnCode', 62114290,
      'quantity', 7, 'qtyUnit', 'NOS', 'taxableAmount', 2100.00, 'sgstRate', 0, 'cgstRate', 0, 'igstRate', 0,
      'cessRate', 0, 'cessNonAdvol', 0)),
  'Its items: HSN code, quantity in its UQC and taxable value of each challan line');

-- Refusals, each on its field ---------------------------------------------------------------------------
select is(tests.refusal(format($$ select public.eway_bill_json(array[%L]::uuid[], 'road', 0, 'MH12AB1234') $$, tests.id('big'))),
  'P0001 | Distance must be between 1 and 4000 km. | field:distance_km', 'A distance of 0 km is refused');
select is(tests.refusal(format($$ select public.eway_bill_json(array[%L]::uuid[], 'road', 4001, 'MH12AB1234') $$, tests.id('big'))),
  'P0001 | Distance must be between 1 and 4000 km. | field:distance_km', 'A distance of 4001 km is refused');
select is((public.eway_bill_json(array[tests.id('big')], 'road', 1, 'MH12AB1234')::jsonb -> 'billLists' -> 0 -> 'transDistance')::integer,
  1, '1 km is taken');
select is((public.eway_bill_json(array[tests.id('big')], 'road', 4000, 'MH12AB1234')::jsonb -> 'billLists' -> 0 -> 'transDistance')::integer,
  4000, '4000 km is taken');
select is(tests.refusal(format($$ select public.eway_bill_json(array[%L]::uuid[], 'road', 12, 'PUNE') $$, tests.id('big'))),
  'P0001 | Vehicle number must look like MH12AB1234. | field:vehicle_number', 'A vehicle number that is not one is refused');
select is(tests.refusal(format($$ select public.eway_bill_json(array[%L]::uuid[], 'road', 12, null) $$, tests.id('big'))),
  'P0001 | Vehicle number must look like MH12AB1234. | field:vehicle_number', 'No vehicle number is refused');
select is((public.eway_bill_json(array[tests.id('big')], 'road', 12, '22 BH 1234 AB')::jsonb -> 'billLists' -> 0 ->> 'vehicleNo'),
  '22BH1234AB', 'A BH-series number is taken');
select is(tests.refusal(format($$ select public.eway_bill_json(array[%L]::uuid[], 'rail', 12, 'MH12AB1234') $$, tests.id('big'))),
  'P0001 | Only transport by road is supported; for rail, air or ship fill Part B on the portal. | field:transport_mode',
  'Another mode of transport is refused');
select is(tests.refusal($$ select public.eway_bill_json('{}'::uuid[], 'road', 12, 'MH12AB1234') $$),
  'P0001 | Choose at least one delivery challan. | field:delivery_challan_ids', 'No challan is refused');
select is(tests.refusal($$ select public.eway_bill_json(array['00000000-0000-4000-8000-000000000000']::uuid[], 'road', 12, 'MH12AB1234') $$),
  'P0001 | Delivery challan not found. | field:delivery_challan_ids', 'An unknown challan is refused');

-- A line without HSN, an address without PIN code.
insert into tests.ids select 'no hsn', (public.transfer_stock(tests.id('main'), tests.id('shop'), jsonb_build_array(
  jsonb_build_object('material_id', tests.id('buttons'), 'quantity', 10))) ->> 'delivery_challan_id')::uuid;
select is(tests.refusal(format($$ select public.eway_bill_json(array[%L, %L]::uuid[], 'road', 12, 'MH12AB1234') $$,
    tests.id('big'), tests.id('no hsn'))),
  format('P0001 | DC/%s/3: Buttons has no HSN code; the e-way bill needs one. | field:delivery_challan_ids', rules.financial_year(now())),
  'A line without HSN code is refused, naming the challan and the item');
insert into tests.ids select 'no pin', (public.transfer_stock(tests.id('main'), tests.id('loft'), jsonb_build_array(
  jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 1))) ->> 'delivery_challan_id')::uuid;
select is(tests.refusal(format($$ select public.eway_bill_json(array[%L]::uuid[], 'road', 12, 'MH12AB1234') $$, tests.id('no pin'))),
  format('P0001 | DC/%s/4: add the 6-digit PIN code to the address of Loft; the e-way bill needs it. | field:delivery_challan_ids',
    rules.financial_year(now())),
  'An address without PIN code is refused, naming the location');

-- The bound: 50 challans in one file, 51 refused. --------------------------------------------------------
do $$
begin
  for i in 1..46 loop
    perform public.transfer_stock(tests.id('main'), tests.id('shop'),
      jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 1)));
  end loop;
end;
$$;
create temporary table fifty as
select array_agg(id order by serial) as ids from public.delivery_challans where id <> tests.id('no hsn') and id <> tests.id('no pin');
grant select on fifty to authenticated;
select is((select cardinality(ids) from fifty), 48, 'Setup: 48 challans with HSN codes and PIN codes');
select is(jsonb_array_length(public.eway_bill_json((select ids from fifty) || array[tests.id('big'), tests.id('at limit')]
    || (select ids[1:2] from fifty), 'road', 12, 'MH12AB1234')::jsonb -> 'billLists'), 48,
  'A challan named twice is written once');
do $$
begin
  perform public.transfer_stock(tests.id('main'), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 1)));
  perform public.transfer_stock(tests.id('main'), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 1)));
end;
$$;
truncate fifty;
insert into fifty
select array_agg(id order by serial) from public.delivery_challans where id <> tests.id('no hsn') and id <> tests.id('no pin');
select is(jsonb_array_length(public.eway_bill_json((select ids from fifty), 'road', 12, 'MH12AB1234')::jsonb -> 'billLists'), 50,
  'Exactly 50 challans are written in one file, in challan order');
select is(tests.refusal(format($$ select public.eway_bill_json(%L::uuid[] || array[%L, %L]::uuid[], 'road', 12, 'MH12AB1234') $$,
    (select ids from fifty), tests.id('no hsn'), tests.id('no pin'))),
  'P0001 | An e-way bill file holds at most 50 challans; this has 52. | field:delivery_challan_ids',
  'More than 50 are refused, before anything is read');
select is(tests.refusal(format($$ select public.eway_bill_json(%L::uuid[] || array[%L]::uuid[], 'road', 12, 'MH12AB1234') $$,
    (select ids from fifty), tests.id('no hsn'))),
  'P0001 | An e-way bill file holds at most 50 challans; this has 51. | field:delivery_challan_ids', '51 are refused');

-- Another user ------------------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is(tests.refusal(format($$ select public.eway_bill_json(array[%L]::uuid[], 'road', 12, 'MH12AB1234') $$, tests.id('big'))),
  'P0001 | Delivery challan not found. | field:delivery_challan_ids', 'Another user''s challan is refused');
select from public.set_business_profile('Other Mills', 'Ring Road, Surat 395002', '24AAPFU0939F1Z1', '24', 'OM');
select is(tests.refusal(format($$ select public.eway_bill_json(array[%L]::uuid[], 'road', 12, 'MH12AB1234') $$, tests.id('big'))),
  'P0001 | Delivery challan not found. | field:delivery_challan_ids', 'even with a business profile of its own');
select is((select count(*) from public.delivery_challans where needs_eway_bill), 0::bigint,
  'and sees none of its challans in the list');
select is(public.get_delivery_challan(tests.id('big')), null, 'nor its print view');

select * from finish();
rollback;

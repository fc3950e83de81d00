-- GST place of supply (issue 42, item 1): the buyer's state as a marketplace report or a shop writes
-- it (rules.gst_state_code), IGST to another state and CGST + SGST in equal halves within it, a
-- sale whose state is not known listed apart by GSTR-1 rather than filed as the business's own
-- state, and website orders at what the buyer paid (after discounts), not the list price.
-- The business is in Rajasthan (08); every product here is 5% (HSN 6211). At 5% an amount A
-- including GST is taxable round(A x 100 / 105, 2), the tax A less that; within the state CGST is
-- half the tax rounded to the paisa, SGST the rest (rules.gst_split).
begin;
set local client_min_messages = warning;
select plan(24);

-- The spellings -----------------------------------------------------------------------------------
select is((select jsonb_agg(rules.gst_state_code(v) order by n) from unnest(array['GUJARAT', 'Gujarat', ' gujarat ', '24',
    '7', '08']) with ordinality u (v, n)),
  '["24", "24", "24", "24", "07", "08"]'::jsonb, 'A name in any case and a GST code (one digit too) are the state''s code');
select is((select jsonb_agg(rules.gst_state_code(v) order by n) from unnest(array['Orissa', 'Pondicherry',
    'Pondicherry (Puducherry)', 'Uttaranchal', 'Jammu & Kashmir', 'NEW DELHI', 'Andaman & Nicobar Islands']) with ordinality u (v, n)),
  '["21", "34", "34", "05", "01", "07", "35"]'::jsonb,
  'The portals'' older spellings and ''&'' for ''and'': Odisha 21, Puducherry 34, Uttarakhand 05, J&K 01, Delhi 07, A&N 35');
select is((select jsonb_agg(rules.gst_state_code(v) order by n) from unnest(array['Dadra and Nagar Haveli and Daman and Diu',
    'The Dadra and Nagar Haveli and Daman and Diu', 'Dadra and Nagar Haveli', 'Daman and Diu', 'DN', 'DD', 'DH', '25']) with ordinality u (v, n)),
  '["26", "26", "26", "26", "26", "26", "26", "25"]'::jsonb,
  'The merged territory is 26 by any of its names or codes; only ''25'' itself is the old Daman and Diu');
select is((select jsonb_agg(rules.gst_state_code(v) order by n) from unnest(array['GJ', 'RJ', 'IN-GJ', 'CT', 'CG', 'OR', 'OD',
    'TS', 'TG', 'UK', 'UT', 'PY', 'LA']) with ordinality u (v, n)),
  '["24", "08", "24", "22", "22", "21", "21", "36", "36", "05", "05", "34", "38"]'::jsonb,
  'The shops'' two-letter codes, WooCommerce''s and ISO 3166-2:IN''s (Shopify''s province_code), with or without IN-');
select is((select jsonb_agg(rules.gst_state_code(v) order by n) from unnest(array['Atlantis', '', '99', 'G', null]) with ordinality u (v, n)),
  '[null, null, null, null, null]'::jsonb, 'Anything naming no state, blank or null: null (unknown)');

-- A Rajasthan business ---------------------------------------------------------------------------
select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
select public.set_business_profile('Asha Textiles', 'Jaipur', '08AAPFU0939F1ZV', 'Rajasthan', 'AT');
insert into tests.ids select 'kurta', id from public.create_product('KUR-M', 'Kurta M', 'Apparel', 999, 50, 2, '[]');
insert into tests.ids select 'mug', id from public.create_product('MUG-1', 'Mug', null, 300, 50, 2, '[]');
select public.set_item_tax(tests.id('kurta'), hsn_code => '6211', gst_rate => 5);

-- Marketplace files: the buyer-state column --------------------------------------------------------
select is(public.import_sales_orders('Flipkart', '[
    {"external_order_id": "F1", "order_date": "2026-11-02", "sku": "KUR-M", "quantity": 1, "total_amount": 1050, "buyer_state": "GUJARAT"},
    {"external_order_id": "F2", "order_date": "2026-11-03", "sku": "KUR-M", "quantity": 1, "total_amount": 1049, "buyer_state": "Rajasthan"},
    {"external_order_id": "F3", "order_date": "2026-11-04", "sku": "KUR-M", "quantity": 2, "total_amount": 2100, "buyer_state": "Orissa"},
    {"external_order_id": "F4", "order_date": "2026-11-05", "sku": "KUR-M", "quantity": 1, "total_amount": 1050}]') ->> 'created',
  '4', 'A Flipkart file with the ship-to state on three lines and none on the fourth imports all four');
select is(public.import_sales_orders('Amazon', '[
    {"external_order_id": "A1", "order_date": "2026-11-06", "sku": "KUR-M", "quantity": 1, "total_amount": 1050, "buyer_state": "Atlantis"},
    {"external_order_id": "A2", "order_date": "2026-11-07", "sku": "KUR-M", "quantity": 1, "total_amount": 1050, "buyer_state": "24"}]')
    ->> 'created',
  '2', 'An Amazon file with a ship-state naming no state and one given as a code imports both');
select is((select jsonb_agg(jsonb_build_array(external_order_id, place_of_supply, taxable_value, cgst, sgst, igst)
      order by external_order_id)
    from public.sales_orders where platform in ('Flipkart', 'Amazon')),
  '[["A1", null, 1000.00, 25.00, 25.00, 0.00], ["A2", "24", 1000.00, 0.00, 0.00, 50.00],
    ["F1", "24", 1000.00, 0.00, 0.00, 50.00], ["F2", "08", 999.05, 24.98, 24.97, 0.00],
    ["F3", "21", 2000.00, 0.00, 0.00, 100.00], ["F4", null, 1000.00, 25.00, 25.00, 0.00]]'::jsonb,
  'To Gujarat (F1, A2): 1,050 is 1,000.00 taxable (1050 x 100 / 105) and 50.00 IGST. Within Rajasthan (F2): 1,049 x 100 / 105 '
  '= 999.0476 is 999.05 taxable, tax 49.95 in halves, CGST round(24.975) = 24.98 and SGST 24.97. To Odisha (F3): 2,100 is '
  '2,000.00 and 100.00 IGST. No state (F4) or none it could read (A1): the place is unknown, the tax split for now within the state');

-- Website orders: what the buyer paid, and the ship-to state ----------------------------------------
create temporary table hook on commit drop as select endpoint_token from public.create_website_webhook();
reset role;
grant select on hook to service_role;
set local role service_role;
select is(public.receive_website_order((select endpoint_token from hook), '#1042', '2026-11-20T10:00:00+05:30',
    '[{"sku": "KUR-M", "quantity": 2, "amount": 1698}]', 'GJ'),
  '{"sales": 1, "skipped": 0, "refused": 0}'::jsonb,
  'The issue''s Shopify order: 2 kurtas at 949.00 with 100.00 off each, 1,698.00 paid, shipped to Gujarat (GJ)');
select is(public.receive_website_order((select endpoint_token from hook), '#1043', '2026-11-21T10:00:00+05:30',
    '[{"sku": "KUR-M", "quantity": 1}]', 'RJ'),
  '{"sales": 1, "skipped": 0, "refused": 0}'::jsonb, 'A WooCommerce order without an amount, shipped within Rajasthan (RJ)');
select is(public.receive_website_order((select endpoint_token from hook), '#1044', '2026-11-22T10:00:00+05:30',
    '[{"sku": "KUR-M", "quantity": 1, "amount": 1050}]'),
  '{"sales": 1, "skipped": 0, "refused": 0}'::jsonb, 'An order without a ship-to state');
select is(public.receive_website_order((select endpoint_token from hook), '#1045', null,
    '[{"sku": "KUR-M", "quantity": 1, "amount": "free"}, {"sku": "MUG-1", "quantity": 1, "amount": 10.001}]', 'GJ'),
  '{"sales": 0, "skipped": 0, "refused": 2}'::jsonb, 'An amount that is not a number, or has a fraction of a paisa, is refused');
reset role;
select tests.authenticate_as('owner');
select is((select jsonb_agg(reason order by sku) from public.website_order_refusals where shop_order_id = '#1045'),
  '["Amount must be a number.", "Amount can have at most 2 decimal places."]'::jsonb, 'each with its own reason');
select is((select jsonb_agg(jsonb_build_array(external_order_id, quantity, unit_price, total_amount, place_of_supply,
      taxable_value, cgst, sgst, igst) order by external_order_id)
    from public.sales_orders where platform = 'Brand Website'),
  '[["#1042", 2, 849.00, 1698.00, "24", 1617.14, 0.00, 0.00, 80.86],
    ["#1043", 1, 999.00, 999.00, "08", 951.43, 23.79, 23.78, 0.00],
    ["#1044", 1, 1050.00, 1050.00, null, 1000.00, 25.00, 25.00, 0.00]]'::jsonb,
  'Gujarat: the 1,698.00 paid (not 2 x 999 = 1,998 at list price), 849.00 a unit; 1698 x 100 / 105 = 1,617.1429 is 1,617.14 '
  'taxable and 1,698.00 - 1,617.14 = 80.86 IGST. Rajasthan, no amount: the list price 999.00, 951.4286 is 951.43 taxable, tax '
  '47.57, CGST round(23.785) = 23.79, SGST 23.78. No state: unknown');

-- GSTR-1 -------------------------------------------------------------------------------------------
create temporary table gstr1 on commit drop as select public.gstr1_summary('2026-11') as g;
select is((select jsonb_agg(r order by r ->> 'pos') from (
    select jsonb_build_object('pos', b ->> 'place_of_supply', 'taxable', sum((b ->> 'taxable_value')::numeric),
      'igst', sum((b ->> 'igst')::numeric), 'cgst', sum((b ->> 'cgst')::numeric), 'sgst', sum((b ->> 'sgst')::numeric)) as r
    from gstr1, jsonb_array_elements(g -> 'b2cs') b group by b ->> 'place_of_supply') x),
  '[{"pos": "08-Rajasthan", "taxable": 1950.48, "igst": 0, "cgst": 48.77, "sgst": 48.75},
    {"pos": "21-Odisha", "taxable": 2000.00, "igst": 100.00, "cgst": 0, "sgst": 0},
    {"pos": "24-Gujarat", "taxable": 3617.14, "igst": 180.86, "cgst": 0, "sgst": 0}]'::jsonb,
  'b2cs by place of supply: Rajasthan F2 + #1043 = 999.05 + 951.43 = 1,950.48, CGST 24.98 + 23.79 = 48.77, SGST 24.97 + 23.78 '
  '= 48.75; Odisha 2,000.00 and 100.00 IGST; Gujarat F1 + A2 + #1042 = 1,000 + 1,000 + 1,617.14 = 3,617.14, IGST 50 + 50 + '
  '80.86 = 180.86. The three sales whose place is unknown are in none');
select is((select g -> 'totals' from gstr1),
  '{"taxable_value": 7567.62, "igst": 280.86, "cgst": 48.77, "sgst": 48.75}'::jsonb,
  'The totals: 1,950.48 + 2,000.00 + 3,617.14 = 7,567.62 taxable; IGST 100.00 + 180.86 = 280.86');
select is((select jsonb_build_object('count', g -> 'place_unknown' -> 'count', 'orders',
      (select jsonb_agg(o -> 'external_order_id' order by o ->> 'order_date') from jsonb_array_elements(g -> 'place_unknown' -> 'orders') o))
    from gstr1),
  '{"count": 3, "orders": ["F4", "A1", "#1044"]}'::jsonb,
  'place_unknown lists the three sales whose place of supply is unknown, for the owner to settle');

-- The owner settles one ------------------------------------------------------------------------------
select is(tests.refusal($$ select public.set_place_of_supply((select id from public.sales_orders where external_order_id = 'A1'),
    'Atlantis') $$),
  'P0001 | Place of supply Atlantis is not a state code or name. | field:state', 'A state that is none is refused on its field');
select is((select jsonb_build_array(place_of_supply, taxable_value, cgst, sgst, igst) from public.set_place_of_supply(
    (select id from public.sales_orders where external_order_id = 'A1'), 'Karnataka')),
  '["29", 1000.00, 0.00, 0.00, 50.00]'::jsonb,
  'Given Karnataka, A1''s 1,050 is split again for another state: 1,000.00 taxable and 50.00 IGST (no CGST + SGST left)');
select is((select jsonb_build_array(g -> 'place_unknown' -> 'count', g -> 'totals' -> 'igst') from public.gstr1_summary('2026-11') g),
  '[2, 330.86]'::jsonb, 'It leaves the unknown list for b2cs: 2 unknown, IGST 280.86 + 50.00 = 330.86');

select tests.authenticate_as('other');
select is(tests.refusal($$ select public.set_place_of_supply((select id from public.sales_orders where external_order_id = 'F4'),
    'Gujarat') $$),
  'P0001 | Sales order not found. | no hint', 'Another user cannot place the owner''s sale (nor learn that it exists)');
select tests.authenticate_as('owner');
select is((select place_of_supply from public.sales_orders where external_order_id = 'F4'), null, 'F4 is still unknown');

-- A sale logged by hand, and the backfill ------------------------------------------------------------
select is((select place_of_supply from public.log_sale(tests.id('kurta'), 1, 'Other', order_date => date '2026-10-15')),
  '08', 'A sale logged by hand names no buyer: it is the business''s state');
select public.import_sales_orders('Myntra', '[{"external_order_id": "M1", "order_date": "2026-10-16", "sku": "MUG-1",
  "quantity": 1, "total_amount": 354}]');
select public.set_item_tax(tests.id('mug'), hsn_code => '6912', gst_rate => 18);
select is((select jsonb_build_array(place_of_supply, gst_rate, taxable_value) from public.sales_orders where external_order_id = 'M1'),
  '[null, 18.00, 300.00]'::jsonb,
  'A sale recorded before its product had a rate takes the rate (354 x 100 / 118 = 300.00 taxable) and its place stays unknown');

select * from finish();
rollback;

-- Shipping on a website order (issue 42, item 1): what the buyer paid for it is its own taxable
-- line of the order, at the goods' rate (the highest when they have several) under that good's
-- HSN, with the order's place of supply, in GSTR-1's b2cs, hsn and totals; no stock moves and no
-- product is sold. The business is in Rajasthan (08). An amount A including GST at rate r is
-- taxable round(A x 100 / (100 + r), 2), the tax A less that; within the state CGST is half the
-- tax rounded to the paisa, SGST the rest (rules.gst_split).
begin;
set local client_min_messages = warning;
select plan(15);

select tests.create_user('owner');
select tests.authenticate_as('owner');
select public.set_business_profile('Asha Textiles', 'Jaipur', '08AAPFU0939F1ZV', 'Rajasthan', 'AT');
insert into tests.ids select 'kurta', id from public.create_product('KUR-M', 'Kurta M', 'Apparel', 999, 50, 2, '[]');
insert into tests.ids select 'shirt', id from public.create_product('SHI-M', 'Shirt M', 'Apparel', 2999, 50, 2, '[]');
insert into tests.ids select 'mug', id from public.create_product('MUG-1', 'Mug', null, 300, 50, 2, '[]');
select public.set_item_tax(tests.id('kurta'), hsn_code => '6211', gst_rate => 5);
select public.set_item_tax(tests.id('shirt'), hsn_code => '6205', gst_rate => 18);

create temporary table hook on commit drop as select endpoint_token from public.create_website_webhook();
reset role;
grant select on hook to service_role;
-- The refusals are read as the Edge Function gets them, as the service role.
grant usage on schema tests to service_role;
grant execute on function tests.refusal(text) to service_role;
set local role service_role;

-- Orders -------------------------------------------------------------------------------------------
select is(public.receive_website_order((select endpoint_token from hook), '#2001', '2026-11-20T10:00:00+05:30',
    '[{"sku": "KUR-M", "quantity": 2, "amount": 1698}]', 'GJ', 105),
  '{"sales": 1, "skipped": 0, "refused": 0}'::jsonb, 'To Gujarat: 2 kurtas for 1,698.00 and 105.00 shipping');
select is(public.receive_website_order((select endpoint_token from hook), '#2002', '2026-11-21T10:00:00+05:30',
    '[{"sku": "KUR-M", "quantity": 1}, {"sku": "SHI-M", "quantity": 1}]', 'RJ', 99),
  '{"sales": 2, "skipped": 0, "refused": 0}'::jsonb, 'Within Rajasthan: a kurta (5%), a shirt (18%) and 99.00 shipping');
select is(public.receive_website_order((select endpoint_token from hook), '#2003', '2026-11-22T10:00:00+05:30',
    '[{"sku": "MUG-1", "quantity": 1, "amount": 354}]', 'RJ', 50),
  '{"sales": 1, "skipped": 0, "refused": 0}'::jsonb, 'A mug whose tax is not known yet, with 50.00 shipping');
select is(public.receive_website_order((select endpoint_token from hook), '#2001', '2026-11-20T10:00:00+05:30',
    '[{"sku": "KUR-M", "quantity": 2, "amount": 1698}]', 'GJ', 200),
  '{"sales": 0, "skipped": 1, "refused": 0}'::jsonb, 'The shop sends #2001 again, with other shipping');
select is(public.receive_website_order((select endpoint_token from hook), '#2005', '2026-11-23T10:00:00+05:30',
    '[{"sku": "KUR-M", "quantity": 1}]', 'RJ', 0),
  '{"sales": 1, "skipped": 0, "refused": 0}'::jsonb, 'Free shipping (0)');

-- Refusals: on the field, nothing written ------------------------------------------------------------
select is(tests.refusal($$ select public.receive_website_order((select endpoint_token from hook), '#2009', null,
    '[{"sku": "KUR-M", "quantity": 1}]', 'RJ', -1) $$),
  'P0001 | Shipping must be at least 0. | field:shipping', 'Negative shipping is refused on its field');
select is(tests.refusal($$ select public.receive_website_order((select endpoint_token from hook), '#2009', null,
    '[{"sku": "KUR-M", "quantity": 1}]', 'RJ', 10.001) $$),
  'P0001 | Shipping can have at most 2 decimal places. | field:shipping', 'A fraction of a paisa is refused on its field');
reset role;
select tests.authenticate_as('owner');
select is((select count(*) from public.sales_orders where external_order_id = '#2009'), 0::bigint,
  'A refused order writes no sale');

-- Kept once per order, and no product sold -----------------------------------------------------------
select is((select jsonb_agg(jsonb_build_array(shop_order_id, amount) order by shop_order_id) from public.website_order_shipping),
  '[["#2001", 105.00], ["#2002", 99.00], ["#2003", 50.00]]'::jsonb,
  'One row per order with shipping: #2001 keeps the 105.00 it came with first; free shipping (#2005) has none');
select is((select jsonb_agg(jsonb_build_array(sku, stock_on_hand) order by sku) from public.products),
  '[["KUR-M", 46.000], ["MUG-1", 49.000], ["SHI-M", 49.000]]'::jsonb,
  'Stock moves only for goods: 50 - 2 - 1 - 1 = 46 kurtas, 49 shirts, 49 mugs');

-- GSTR-1 -------------------------------------------------------------------------------------------
-- Goods: #2001 1,698 x 100 / 105 = 1,617.1429 -> 1,617.14, IGST 80.86. #2002 kurta 999 -> 951.43,
-- tax 47.57, CGST round(23.785) = 23.79, SGST 23.78; shirt 2,999 x 100 / 118 = 2,541.5254 ->
-- 2,541.53, tax 457.47, CGST round(228.735) = 228.74, SGST 228.73. #2005 kurta 999 as #2002's.
-- Shipping: #2001 at the kurta's 5% to Gujarat, 105 x 100 / 105 = 100.00, IGST 5.00; #2002 at the
-- higher of 5% and 18%, 99 x 100 / 118 = 83.8983 -> 83.90, tax 15.10, CGST 7.55, SGST 7.55.
create temporary table gstr1 on commit drop as select public.gstr1_summary('2026-11') as g;
select is((select jsonb_agg(jsonb_build_array(b ->> 'place_of_supply', (b ->> 'rate')::numeric, (b ->> 'taxable_value')::numeric,
      (b ->> 'igst')::numeric, (b ->> 'cgst')::numeric, (b ->> 'sgst')::numeric) order by b ->> 'place_of_supply', (b ->> 'rate')::numeric)
    from gstr1, jsonb_array_elements(g -> 'b2cs') b),
  '[["08-Rajasthan", 5, 1902.86, 0, 47.58, 47.56], ["08-Rajasthan", 18, 2625.43, 0, 236.29, 236.28],
    ["24-Gujarat", 5, 1717.14, 85.86, 0, 0]]'::jsonb,
  'b2cs: Rajasthan 5% the two kurtas 951.43 x 2 = 1,902.86, CGST 23.79 x 2 = 47.58, SGST 47.56; Rajasthan 18% the shirt '
  '2,541.53 + its order''s shipping 83.90 = 2,625.43, CGST 228.74 + 7.55 = 236.29, SGST 228.73 + 7.55 = 236.28; Gujarat 5% '
  '1,617.14 + shipping 100.00 = 1,717.14, IGST 80.86 + 5.00 = 85.86. #2003''s shipping waits with its mug (tax unknown)');
select is((select jsonb_agg(jsonb_build_array(h ->> 'hsn', h ->> 'description', (h ->> 'total_quantity')::numeric,
      (h ->> 'taxable_value')::numeric, (h ->> 'igst')::numeric, (h ->> 'cgst')::numeric, (h ->> 'sgst')::numeric) order by h ->> 'hsn')
    from gstr1, jsonb_array_elements(g -> 'hsn_b2c') h),
  '[["6205", "Mens shirts", 1, 2625.43, 0, 236.29, 236.28],
    ["6211", "Track suits other garments", 4, 3620.00, 85.86, 47.58, 47.56]]'::jsonb,
  'hsn(b2c): shipping under its goods'' HSN and no quantity: 6205 one shirt, 2,625.43; 6211 four kurtas (2 + 1 + 1), '
  '1,617.14 + 100.00 + 951.43 x 2 = 3,620.00');
select is((select g -> 'totals' from gstr1),
  '{"taxable_value": 6245.43, "igst": 85.86, "cgst": 283.87, "sgst": 283.84}'::jsonb,
  'Totals: 1,902.86 + 2,625.43 + 1,717.14 = 6,245.43 taxable; CGST 47.58 + 236.29 = 283.87, SGST 47.56 + 236.28 = 283.84');

-- The mug's tax set: its order's shipping follows ------------------------------------------------------
-- Mug 354 x 100 / 118 = 300.00, tax 54.00, CGST 27.00, SGST 27.00; shipping 50 x 100 / 118 = 42.3729
-- -> 42.37, tax 7.63, CGST round(3.815) = 3.82, SGST 3.81.
select public.set_item_tax(tests.id('mug'), hsn_code => '6912', gst_rate => 18);
select is((select jsonb_agg(jsonb_build_array(b ->> 'place_of_supply', (b ->> 'rate')::numeric, (b ->> 'taxable_value')::numeric,
      (b ->> 'cgst')::numeric, (b ->> 'sgst')::numeric) order by b ->> 'place_of_supply', (b ->> 'rate')::numeric)
    from public.gstr1_summary('2026-11') g, jsonb_array_elements(g -> 'b2cs') b where b ->> 'place_of_supply' = '08-Rajasthan'),
  '[["08-Rajasthan", 5, 1902.86, 47.58, 47.56], ["08-Rajasthan", 18, 2967.80, 267.11, 267.09]]'::jsonb,
  'Rajasthan 18%: 2,625.43 + the mug 300.00 + its shipping 42.37 = 2,967.80; CGST 236.29 + 27.00 + 3.82 = 267.11, '
  'SGST 236.28 + 27.00 + 3.81 = 267.09');
select is((select (h ->> 'total_quantity')::numeric || ' / ' || (h ->> 'taxable_value')
    from public.gstr1_summary('2026-11') g, jsonb_array_elements(g -> 'hsn_b2c') h where h ->> 'hsn' = '6912'),
  '1 / 342.37', 'hsn(b2c) 6912: one mug, 300.00 + 42.37 shipping = 342.37');

select * from finish();
rollback;

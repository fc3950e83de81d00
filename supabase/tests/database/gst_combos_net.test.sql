-- Issue 42, items 2 and 5: a combo taxed at its own HSN and rate (the price rule per piece), its
-- sales backfilled, in GSTR-1's b2cs and hsn and counted net of tax in profit; and every margin,
-- stock value and returned amount net of GST. Each hand computation is written beside its test.
begin;
set local client_min_messages = warning;
select plan(16);

select tests.create_user('owner');
select tests.authenticate_as('owner');
select public.set_business_profile('Asha Textiles', '12 MG Road, Pune', '27AAPFU0939F1ZV', '27', 'AT');

-- The issue's kurta: Rs 999 with GST at the garment rule, bought in at Rs 209.93; a dupatta at
-- Rs 499, bought in at Rs 100, 5%.
insert into tests.ids select 'kurta', id from public.create_product('KUR-1', 'Cotton Kurta', 'Apparel', 999, 20, 2, '[]');
insert into tests.ids select 'dupatta', id from public.create_product('DUP-1', 'Dupatta', 'Apparel', 499, 10, 2, '[]');
select public.set_product_costs(tests.id('kurta'), 0, purchase_cost => 209.93);
select public.set_product_costs(tests.id('dupatta'), 0, purchase_cost => 100);
select public.set_item_tax(tests.id('kurta'), hsn_code => '6211', rate_rule => '{"up_to": 2500, "rate": 5, "above": 18}');
select public.set_item_tax(tests.id('dupatta'), hsn_code => '6214', gst_rate => 5);

-- Margins net of GST ---------------------------------------------------------------------------------
-- 999 / 1.05 = 951.4285... -> 951.43 before GST; margin 951.43 - 209.93 = 741.50;
-- 741.50 / 951.43 = 77.9353...% -> 77.94% (on the GST-inclusive price it read 789.07, 78.99%).
select is((select jsonb_build_array(price_before_gst, margin, margin_percent) from public.product_costing()
    where product_id = tests.id('kurta')),
  '[951.43, 741.50, 77.94]'::jsonb, 'The product drawer''s margin is on the price before GST: Rs 741.50 on Rs 951.43, 77.94%');
select is((select jsonb_build_array(r -> 'price_before_gst', r -> 'margin', r -> 'margin_percent')
    from public.owner_report('product_margins') r where r ->> 'sku' = 'KUR-1'),
  '[951.43, 741.50, 77.94]'::jsonb, 'and the margins report says the same');

-- A combo: 2 kurtas and a dupatta, 3 pieces, Rs 1,799 ------------------------------------------------
insert into tests.ids select 'pack', id from public.create_combo('PACK-3', 'Kurta Pack of 3', 'Apparel', 1799,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 2),
    jsonb_build_object('product_id', tests.id('dupatta'), 'quantity', 1)));
-- Sold before it has a rate: tax unknown, all taxable; cost 2 x 209.93 + 100 = 519.86, so the
-- profit 1,799 - 519.86 = 1,279.14 counts the tax as profit.
insert into tests.ids select 'early', id from public.log_sale(tests.id('pack'), 1, 'Other');
select is((select jsonb_build_array(gst_rate, taxable_value, profit) from public.sales_orders where id = tests.id('early')),
  '[null, 1799.00, 1279.14]'::jsonb, 'A combo sold before it has a rate: tax unknown, the whole price taxable');

select is(public.set_item_tax(product_id => tests.id('pack'), hsn_code => '6211',
  rate_rule => '{"up_to": 2500, "rate": 5, "above": 18}'), 1, 'set_item_tax sets a combo''s HSN code and price rule');
-- Backfill: 1,799 / 3 pieces = 599.67 a piece, 571.11 before 5% <= 2,500: 5%. Taxable
-- 1,799 / 1.05 = 1,713.3333 -> 1,713.33; tax 1,799 - 1,713.33 = 85.67; CGST 85.67 / 2 = 42.835
-- -> 42.84, SGST 85.67 - 42.84 = 42.83. Profit 1,713.33 - 519.86 = 1,193.47: the tax is not profit.
select is((select jsonb_build_array(hsn_code, gst_rate, taxable_value, cgst, sgst, igst, profit)
    from public.sales_orders where id = tests.id('early')),
  '["6211", 5.00, 1713.33, 42.84, 42.83, 0.00, 1193.47]'::jsonb,
  'Its sale recorded before takes the rate: Rs 85.67 of tax on the Rs 1,799 pack, and the profit is net of it');

-- The price rule per piece. Rs 7,875.00 a pack is 2,625.00 a piece, 2,500.00 before 5%: 5% (the
-- pack's 7,500.00 before GST, read whole, would be 18%). Taxable 7,875 / 1.05 = 7,500.00, tax 375.00,
-- CGST 187.50, SGST 187.50.
insert into tests.ids select 'at_limit', id from public.log_sale(tests.id('pack'), 1, 'Other', unit_price => 7875.00);
select is((select jsonb_build_array(gst_rate, taxable_value, cgst, sgst) from public.sales_orders where id = tests.id('at_limit')),
  '[5.00, 7500.00, 187.50, 187.50]'::jsonb, 'The garment rule applies per piece: Rs 2,625.00 a piece is 5%');
-- Rs 7,875.03 is 2,625.01 a piece, 2,500.0095 -> 2,500.01 before 5%: above the limit, 18%. Taxable
-- 7,875.03 / 1.18 = 6,673.7542 -> 6,673.75; tax 1,201.28; CGST 600.64, SGST 600.64.
insert into tests.ids select 'above', id from public.log_sale(tests.id('pack'), 1, 'Other', unit_price => 7875.03);
select is((select jsonb_build_array(gst_rate, taxable_value, cgst, sgst) from public.sales_orders where id = tests.id('above')),
  '[18.00, 6673.75, 600.64, 600.64]'::jsonb, 'and Rs 2,625.01 a piece is 18%');

-- GSTR-1 --------------------------------------------------------------------------------------------
create temp table gstr1 as select public.gstr1_summary(to_char(now() at time zone 'Asia/Kolkata', 'YYYY-MM')) as g;
grant select on gstr1 to authenticated;
-- b2cs within Maharashtra: 5% 1,713.33 + 7,500.00 = 9,213.33 taxable, CGST 42.84 + 187.50 = 230.34,
-- SGST 42.83 + 187.50 = 230.33; 18% 6,673.75, CGST 600.64, SGST 600.64.
select is((select jsonb_agg(jsonb_build_array(r -> 'type', r -> 'place_of_supply', r -> 'rate', r -> 'taxable_value',
    r -> 'cgst', r -> 'sgst') order by (r ->> 'rate')::numeric) from gstr1, jsonb_array_elements(g -> 'b2cs') r),
  '[["OE", "27-Maharashtra", 5.00, 9213.33, 230.34, 230.33], ["OE", "27-Maharashtra", 18.00, 6673.75, 600.64, 600.64]]'::jsonb,
  'The combo''s sales are in b2cs, by rate');
-- hsn: 6211 at 5%, 2 packs, value 1,799 + 7,875 = 9,674.00; at 18%, 1 pack, 7,875.03.
select is((select jsonb_agg(jsonb_build_array(r -> 'hsn', r -> 'total_quantity', r -> 'rate', r -> 'total_value',
    r -> 'taxable_value', r -> 'cgst', r -> 'sgst') order by (r ->> 'rate')::numeric) from gstr1, jsonb_array_elements(g -> 'hsn') r),
  '[["6211", 2, 5.00, 9674.00, 9213.33, 230.34, 230.33], ["6211", 1, 18.00, 7875.03, 6673.75, 600.64, 600.64]]'::jsonb,
  'and in the HSN summary under the combo''s own HSN code');
select is((select g -> 'tax_unknown' -> 'count' from gstr1), '0'::jsonb, 'No combo sale is left with its tax unknown');

-- Profit net of the combo's tax ---------------------------------------------------------------------
-- Revenue 1,713.33 + 7,500.00 + 6,673.75 = 15,887.08 (with GST 17,549.03); cost 3 x 519.86 =
-- 1,559.58; profit 15,887.08 - 1,559.58 = 14,327.50.
select is((select jsonb_build_array(r -> 'revenue', r -> 'revenue_including_gst', r -> 'cost', r -> 'profit_after_returns')
    from public.owner_report('profit_by_platform_month') r where r ->> 'platform' = 'Other'),
  '[15887.08, 17549.03, 1559.58, 14327.50]'::jsonb, 'Profit counts the combo''s sales net of their tax');

-- Returns net of GST, as revenue ----------------------------------------------------------------------
select public.fulfil_sales_order(tests.id('at_limit'));
select public.return_sales_order(tests.id('at_limit'));
-- Returned: the 7,875.00 pack's taxable value, 7,500.00 (not 7,875.00); kept revenue
-- 1,713.33 + 6,673.75 = 8,387.08.
select is((select jsonb_build_array(r -> 'revenue', r -> 'returned_amount') from public.owner_report('revenue_by_platform_month') r
    where r ->> 'platform' = 'Other'),
  '[8387.08, 7500.00]'::jsonb, 'The revenue report''s returned amount is net of GST, as its revenue');

-- Stock valuation at cost -----------------------------------------------------------------------------
-- Kurtas: 20 - 3 packs x 2 + 2 back from the return = 16 at 209.93 = 3,358.88; dupattas: 10 - 3 + 1
-- = 8 at 100 = 800.00. The combo, holding no stock of its own, is not listed.
select is((select jsonb_agg(jsonb_build_array(r -> 'item_name', r -> 'stock', r -> 'unit_value', r -> 'stock_value')
    order by r ->> 'item_name') from public.owner_report('stock_valuation') r),
  '[["Cotton Kurta", 16, 209.93, 3358.88], ["Dupatta", 8, 100.00, 800.00]]'::jsonb,
  'Stock valuation values finished goods at cost, not at the GST-inclusive selling price');
select public.set_product_costs(tests.id('dupatta'), 0, purchase_cost => null);
select is((select jsonb_build_array(r -> 'unit_value', r -> 'stock_value') from public.owner_report('stock_valuation') r
    where r ->> 'item_name' = 'Dupatta'), '[null, null]'::jsonb, 'A product whose cost is unknown has no value, never its price');

-- A product that is not a combo is one piece: a kurta at Rs 2,625.01 is 2,500.01 before 5%: 18%.
select is((select gst_rate from public.log_sale(tests.id('kurta'), 1, 'Brand Website', unit_price => 2625.01)), 18.00,
  'A product that is not a combo is one piece: a kurta at Rs 2,625.01 is 18%');

-- A combo's edit keeps its tax ---------------------------------------------------------------------------
select public.update_combo(tests.id('pack'), 'PACK-3', 'Kurta Pack of 3', 'Apparel', 1899,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 3)));
select is((select jsonb_build_array(hsn_code, gst_rate_rule) from public.products where id = tests.id('pack')),
  '["6211", {"up_to": 2500, "rate": 5, "above": 18}]'::jsonb, 'Editing a combo''s parts keeps its HSN code and rate');

select * from finish();
rollback;

-- Work a user can ask for at its documented bounds (issue 44): create_style with 100 variants and a
-- BOM of 200 lines by option, import_sales_orders with 5,000 lines, and set_item_tax with 8,000
-- earlier orders (filled a batch of 1,000 a call: item_tax_backfill.test.sql) succeed, with what they
-- should write; one more variant, BOM line or line is refused and writes nothing.
begin;
set local client_min_messages = warning;
select plan(14);

select tests.create_user('owner');
select tests.authenticate_as('owner');

-- create_style: 10 sizes x 10 colours, 200 materials each by size ---------------------------------
insert into tests.ids select 'material ' || g, m.id
from generate_series(1, 201) g
cross join lateral public.create_raw_material('Material ' || g, 'Mill', 2, 1000, 'm', 5) m;
create temp table style_input as select
  '[{"name": "Size", "values": ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]},
    {"name": "Colour", "values": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]}]'::jsonb as options,
  (select jsonb_agg(jsonb_build_object('material_id', tests.id('material ' || g), 'by_option', 'Size',
     'quantities', (select jsonb_object_agg(v::text, 1 + v / 10.0) from generate_series(1, 10) v)) order by g)
   from generate_series(1, 200) g) as bom;
grant select on style_input to authenticated;
select is(
  jsonb_array_length(public.create_style('Kurta', null, 'KUR', 499, (select options from style_input),
    (select bom from style_input)) -> 'products'),
  100, 'create_style makes 100 variants with a BOM of 200 lines by option');
select is(
  (select count(*) from public.bom_items b join public.style_variants v on v.product_id = b.product_id),
  20000::bigint, 'each with its 200 lines: 20,000 in all');
select is(
  (select b.quantity from public.bom_items b join public.products p on p.id = b.product_id
   where p.sku = 'KUR-7-C' and b.material_id = tests.id('material 200')),
  1.700::numeric(14, 3), 'a variant''s line has its size''s quantity');
select is(
  tests.refusal($$ select public.create_style('Shirt', null, 'SHI', 499,
    '[{"name": "Size", "values": ["1", "2"]}, {"name": "Colour", "values": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j",
      "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z", "aa", "ab", "ac", "ad", "ae", "af",
      "ag", "ah", "ai", "aj", "ak", "al", "am", "an", "ao", "ap", "aq", "ar", "as", "at", "au", "av", "aw", "ax", "ay"]}]',
    (select bom from style_input)) $$),
  'P0001 | A style can have at most 100 variants; these options make 102. | field:options',
  'The next number of variants options can make (2 x 51) is refused');
select is(
  tests.refusal($$ select public.create_style('Shirt', null, 'SHI', 499, (select options from style_input),
    (select bom from style_input) || jsonb_build_array(jsonb_build_object('material_id', tests.id('material 201'), 'quantity', 1))) $$),
  'P0001 | A BOM can list at most 200 materials; this one lists 201. | field:bom', 'A BOM of 201 lines is refused');
select is((select count(*) from public.styles), 1::bigint, 'and neither refused style was written');

-- import_sales_orders: 5,000 lines -------------------------------------------------------------------
insert into tests.ids select 'tee', id from public.create_product('TEE-1', 'Tee', null, 100, 100000);
create function pg_temp.lines(tag text, count integer) returns jsonb
language sql as $$
  select jsonb_agg(jsonb_build_object('line', g + 1, 'external_order_id', tag || '-' || g,
    'order_date', '2026-01-05T10:30:00+05:30', 'sku', 'TEE-1', 'quantity', 1, 'total_amount', 118))
  from generate_series(1, count) g
$$;
grant execute on function pg_temp.lines(text, integer) to authenticated;
select is(public.import_sales_orders('Amazon', pg_temp.lines('A', 5000)), '{"created": 5000, "skipped": 0}'::jsonb,
  'import_sales_orders takes 5,000 lines in one call');
select is(
  tests.refusal($$ select public.import_sales_orders('Amazon', pg_temp.lines('B', 5001)) $$),
  'P0001 | At most 5000 lines can be imported at once; this has 5001. | no hint', '5,001 lines are refused');
select is((select count(*) from public.sales_orders), 5000::bigint, 'and write nothing');

-- set_item_tax: the tax of 8,000 earlier orders, 1,000 in its call and the rest a batch a call after --
select is(public.import_sales_orders('Amazon', pg_temp.lines('C', 3000)), '{"created": 3000, "skipped": 0}'::jsonb,
  '8,000 orders of a product without tax');
select is(public.set_item_tax(product_id => tests.id('tee'), hsn_code => '6109', gst_rate => 18), 1,
  'set_item_tax sets the product''s tax');
select is((select count(*) from public.sales_orders where product_id = tests.id('tee') and gst_rate is not null),
  1000::bigint, 'and fills the first 1,000 of its earlier orders in the call');
select is(array(select public.continue_item_tax_backfill() from generate_series(1, 7)),
  array[6000, 5000, 4000, 3000, 2000, 1000, 0], 'Seven more calls fill 1,000 each, the last leaving none waiting');
select results_eq(
  $$ select count(*), min(gst_rate), max(gst_rate), sum(taxable_value), sum(cgst), sum(sgst)
     from public.sales_orders where product_id = tests.id('tee') $$,
  $$ values (8000::bigint, 18.00::numeric(5, 2), 18.00::numeric(5, 2), 800000.00::numeric, 72000.00::numeric, 72000.00::numeric) $$,
  'and fills the tax of all 8,000 earlier orders: 100 + 9 + 9 each');

select * from finish();
rollback;

-- Styles: create_style makes a style and every combination of its options as a product with its
-- BOM; update_style renames it and replaces every variant's BOM; add_style_variants adds values
-- and the variants they make; list_styles draws the grid. Every refusal writes nothing; another
-- user's style and materials are not found; anon may call nothing.
begin;
set local client_min_messages = warning;
select plan(106);

select tests.create_user('owner');
select tests.create_user('other');

-- Everything the operations write, every user's: equal digests before and after a call mean it
-- wrote nothing. Security definer, so it reads past row-level security.
create function pg_temp.fingerprint() returns text
language sql security definer set search_path = '' as $$
  select md5(concat_ws('|',
    (select string_agg(t::text, ',' order by t::text) from public.styles t),
    (select string_agg(t::text, ',' order by t::text) from public.style_variants t),
    (select string_agg(t::text, ',' order by t::text) from public.style_bom_items t),
    (select string_agg(t::text, ',' order by t::text) from public.products t),
    (select string_agg(t::text, ',' order by t::text) from public.bom_items t),
    (select string_agg(t::text, ',' order by t::text) from public.stock_movements t),
    (select string_agg(t::text, ',' order by t::text) from private.request_results t)))
$$;
-- A call that must be refused: 'SQLSTATE | message | hint', and whether it left everything as it was.
create function pg_temp.refused(statement text) returns text
language plpgsql set search_path = '' as $$
declare
  v_before text := pg_temp.fingerprint();
  v_refusal text := tests.refusal(statement);
begin
  return v_refusal || case when pg_temp.fingerprint() = v_before then '' else ' | WROTE SOMETHING' end;
end;
$$;
grant execute on all functions in schema pg_temp to authenticated, anon;

select tests.authenticate_as('other');
insert into tests.ids select 'others cloth', id from public.create_raw_material('Other cloth', null, 10, 100);

select tests.authenticate_as('owner');
insert into tests.ids select 'fabric', id from public.create_raw_material('Fabric', null, 120, 500, 'metres');
insert into tests.ids select 'button', id from public.create_raw_material('Button', null, 2, 1000, 'pieces');
insert into tests.ids select 'old', id from public.create_raw_material('Old thread', null, 1, 10);
select public.archive_item(material_id => tests.id('old'));
insert into tests.ids select 'taken', id from public.create_product('KRT-XL-RED', 'Taken', null, 10);

-- Owner: create_style ----------------------------------------------------------------------------
create temp table created on commit drop as
select public.create_style(
  style_name => ' Kurta ', category => 'Apparel', sku_prefix => 'krt', selling_price => 799.5,
  options => '[{"name": " Size ", "values": ["S", "M", " L "]}, {"name": "Colour", "values": ["Navy Blue", "Red"]}]',
  bom => jsonb_build_array(
    jsonb_build_object('material_id', tests.id('button'), 'quantity', 6),
    jsonb_build_object('material_id', upper(tests.id('fabric')::text), 'by_option', 'size',
      'quantities', jsonb_build_object('s', 1.8, 'M', 2, 'L', 2.2)))) as answer;
grant select on created to authenticated;
insert into tests.ids select 'kurta', (answer ->> 'style_id')::uuid from created;

select results_eq(
  $$ select user_id, style_name, category, sku_prefix, selling_price, options from public.styles where id = tests.id('kurta') $$,
  $$ values (tests.id('owner'), 'Kurta', 'Apparel', 'krt', 799.50::numeric(12,2),
             '[{"name": "Size", "values": ["S", "M", "L"]}, {"name": "Colour", "values": ["Navy Blue", "Red"]}]'::jsonb) $$,
  'The style is stored for its owner with trimmed name, options and values, in the order given'
);
select results_eq(
  $$ select p ->> 'sku', p ->> 'product_name', p -> 'options', p -> 'option_values'
     from created, jsonb_array_elements(answer -> 'products') with ordinality e (p, n) order by n $$,
  $$ values ('KRT-S-NAVY-BLUE', 'Kurta - S / Navy Blue', '{"Size": "S", "Colour": "Navy Blue"}'::jsonb, '["S", "Navy Blue"]'::jsonb),
            ('KRT-S-RED', 'Kurta - S / Red', '{"Size": "S", "Colour": "Red"}', '["S", "Red"]'),
            ('KRT-M-NAVY-BLUE', 'Kurta - M / Navy Blue', '{"Size": "M", "Colour": "Navy Blue"}', '["M", "Navy Blue"]'),
            ('KRT-M-RED', 'Kurta - M / Red', '{"Size": "M", "Colour": "Red"}', '["M", "Red"]'),
            ('KRT-L-NAVY-BLUE', 'Kurta - L / Navy Blue', '{"Size": "L", "Colour": "Navy Blue"}', '["L", "Navy Blue"]'),
            ('KRT-L-RED', 'Kurta - L / Red', '{"Size": "L", "Colour": "Red"}', '["L", "Red"]') $$,
  'It returns every combination in grid order: SKU {prefix}-{value}-{value} in upper case with spaces as hyphens, name {style} - {value} / {value}'
);
select results_eq(
  $$ select p.sku, p.category, p.selling_price, p.stock_on_hand, p.reorder_point, v.style_id, v.option_values
     from public.products p join public.style_variants v on v.product_id = p.id
     where p.id in (select (e ->> 'product_id')::uuid from created, jsonb_array_elements(answer -> 'products') e)
     order by p.sku $$,
  $$ values ('KRT-L-NAVY-BLUE', 'Apparel', 799.50::numeric(12,2), 0::numeric, 10, tests.id('kurta'), array['L', 'Navy Blue']),
            ('KRT-L-RED', 'Apparel', 799.50, 0, 10, tests.id('kurta'), array['L', 'Red']),
            ('KRT-M-NAVY-BLUE', 'Apparel', 799.50, 0, 10, tests.id('kurta'), array['M', 'Navy Blue']),
            ('KRT-M-RED', 'Apparel', 799.50, 0, 10, tests.id('kurta'), array['M', 'Red']),
            ('KRT-S-NAVY-BLUE', 'Apparel', 799.50, 0, 10, tests.id('kurta'), array['S', 'Navy Blue']),
            ('KRT-S-RED', 'Apparel', 799.50, 0, 10, tests.id('kurta'), array['S', 'Red']) $$,
  'Each variant is a product with the style''s category and price, stock 0 and reorder point 10, linked to the style with its values'
);
select results_eq(
  $$ select p.sku, b.quantity from public.products p join public.bom_items b on b.product_id = p.id
     where b.material_id = tests.id('fabric') order by p.sku $$,
  $$ values ('KRT-L-NAVY-BLUE', 2.200::numeric(14,3)), ('KRT-L-RED', 2.200), ('KRT-M-NAVY-BLUE', 2.000),
            ('KRT-M-RED', 2.000), ('KRT-S-NAVY-BLUE', 1.800), ('KRT-S-RED', 1.800) $$,
  'Fabric by size: each variant''s BOM has its size''s quantity (value keys matched in any case)'
);
select is((select count(*) from public.bom_items where material_id = tests.id('button') and quantity = 6), 6::bigint,
  'Buttons, one quantity for all: every variant''s BOM has 6');
select results_eq(
  $$ select material_id, position, by_option, quantity, quantities from public.style_bom_items
     where style_id = tests.id('kurta') order by position $$,
  $$ values (tests.id('button'), 1, null::text, 6.000::numeric(14,3), null::jsonb),
            (tests.id('fabric'), 2, 'Size', null, '{"S": 1.8, "M": 2, "L": 2.2}'::jsonb) $$,
  'The style BOM is stored in order, the option and value keys spelt as the style spells them'
);
select is_empty($$ select 1 from public.stock_movements s join public.style_variants v on v.product_id = s.product_id $$,
  'Variants start with no stock and no ledger row');

-- Owner: list_styles -----------------------------------------------------------------------------
select results_eq(
  $$ select (r -> 'total')::int, r -> 'rows' -> 0 ->> 'style_name', jsonb_array_length(r -> 'rows' -> 0 -> 'variants'),
            r -> 'rows' -> 0 -> 'variants' -> 0 ->> 'sku', r -> 'rows' -> 0 -> 'variants' -> 5 ->> 'sku',
            (r -> 'rows' -> 0 -> 'variants' -> 0 ->> 'low_stock')::boolean, jsonb_array_length(r -> 'rows' -> 0 -> 'bom')
     from public.list_styles() r $$,
  $$ values (1, 'Kurta', 6, 'KRT-S-NAVY-BLUE', 'KRT-L-RED', true, 2) $$,
  'list_styles returns the style with its BOM and variants in grid order, each with its stock flags'
);
select is((public.list_styles(search => 'KR%')) -> 'total', '0'::jsonb, 'A search is taken literally (% is no wildcard)');
select is((public.list_styles(search => 'kr')) -> 'total', '1'::jsonb, 'A search matches the SKU prefix in any case');
select is((public.list_styles(style_id => gen_random_uuid())) -> 'total', '0'::jsonb, 'An unknown style id lists nothing');
select is(tests.refusal($$ select public.list_styles(page_size => 101) $$),
  '22023 | A page holds 1 to 100 styles. | no hint', 'A page of more than 100 styles is refused');

select results_eq(
  $$ select r ->> 'style_id', r ->> 'style_name', r ->> 'options' from jsonb_array_elements((public.list_products(search => 'KRT-S-NAVY')) -> 'rows') r $$,
  $$ values (tests.id('kurta')::text, 'Kurta', 'Size: S; Colour: Navy Blue') $$,
  'list_products names a variant''s style and its values as the import''s options cell');
select is((public.list_products(search => 'KRT-XL-RED')) -> 'rows' -> 0 -> 'style_id', 'null'::jsonb,
  'and no style for a product without one');

-- Owner: update_style ----------------------------------------------------------------------------
select is((select style_name from public.update_style(tests.id('kurta'), 'Long Kurta', 'Ethnic',
    jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'by_option', 'Size',
      'quantities', jsonb_build_object('S', 2, 'M', 2.25, 'L', 2.5))))),
  'Long Kurta', 'update_style returns the renamed style');
select results_eq(
  $$ select p.product_name, p.category, b.quantity from public.products p join public.bom_items b on b.product_id = p.id
     join public.style_variants v on v.product_id = p.id order by p.product_name $$,
  $$ values ('Long Kurta - L / Navy Blue', 'Ethnic', 2.500::numeric(14,3)), ('Long Kurta - L / Red', 'Ethnic', 2.500),
            ('Long Kurta - M / Navy Blue', 'Ethnic', 2.250), ('Long Kurta - M / Red', 'Ethnic', 2.250),
            ('Long Kurta - S / Navy Blue', 'Ethnic', 2.000), ('Long Kurta - S / Red', 'Ethnic', 2.000) $$,
  'Every variant is renamed, recategorised and gets the new BOM (buttons gone, fabric by size) in one call'
);
select is((select count(*) from public.style_bom_items where style_id = tests.id('kurta')), 1::bigint,
  'The style BOM is replaced');
select lives_ok($$ select public.update_style(tests.id('kurta'), 'Long Kurta', 'Ethnic') $$,
  'Without a BOM, update_style keeps it');
select is((select count(*) from public.bom_items b join public.style_variants v on v.product_id = b.product_id), 6::bigint,
  'The variants'' BOMs are kept when no BOM is given');

-- Owner: add_style_variants ----------------------------------------------------------------------
select is(pg_temp.refused($$ select public.add_style_variants(tests.id('kurta'), '[{"name": "Size", "values": ["XL"]}]') $$),
  'P0001 | A BOM row by Size has no quantity for XL. | field:bom',
  'A new size the style BOM gives no quantity for is refused (pass a bom), writing nothing');
select is(pg_temp.refused(format($$ select public.add_style_variants(%L, '[{"name": "Size", "values": ["XL"]}]',
    '[{"material_id": "%s", "by_option": "Size", "quantities": {"S": 2, "M": 2.25, "L": 2.5, "XL": 2.8}}]') $$,
    tests.id('kurta'), tests.id('fabric'))),
  '23505 | A product with SKU KRT-XL-RED already exists. | field:options',
  'A new variant whose SKU exists is refused, naming the SKU, writing nothing');
select lives_ok($$ select public.update_product(tests.id('taken'), 'OLD-KRT-XL-RED', 'Taken', null, 10, 10) $$,
  'The product holding the SKU is given another one');
create temp table added on commit drop as
select public.add_style_variants(tests.id('kurta'), '[{"name": "size", "values": [" XL "]}]',
  jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'by_option', 'Size',
    'quantities', jsonb_build_object('S', 2, 'M', 2.25, 'L', 2.5, 'XL', 2.8)))) as answer;
grant select on added to authenticated;
select results_eq(
  $$ select p ->> 'sku', p -> 'option_values' from added, jsonb_array_elements(answer -> 'products') with ordinality e (p, n) order by n $$,
  $$ values ('KRT-XL-NAVY-BLUE', '["XL", "Navy Blue"]'::jsonb), ('KRT-XL-RED', '["XL", "Red"]') $$,
  'add_style_variants creates exactly the new combinations and returns them'
);
select is((select options -> 0 -> 'values' from public.styles where id = tests.id('kurta')), '["S", "M", "L", "XL"]'::jsonb,
  'The new value is appended to the option, trimmed and spelt as given');
select results_eq(
  $$ select p.sku, b.quantity from public.products p join public.bom_items b on b.product_id = p.id
     where p.sku like 'KRT-XL-%' order by p.sku $$,
  $$ values ('KRT-XL-NAVY-BLUE', 2.800::numeric(14,3)), ('KRT-XL-RED', 2.800) $$,
  'The new variants'' BOMs follow the style BOM given with them'
);
select ok((select quantities ? 'XL' from public.style_bom_items where style_id = tests.id('kurta')),
  'The style BOM now gives XL');
select is(jsonb_array_length((public.add_style_variants(tests.id('kurta'), '[{"name": "Colour", "values": ["Green"]}]')) -> 'products'),
  4, 'A new colour makes one variant per size, with the stored style BOM');
select is((select count(*) from public.style_variants where style_id = tests.id('kurta')), 12::bigint,
  'The style has 4 sizes x 3 colours');

-- Owner: the dashboard groups a style's variants ---------------------------------------------------
select tests.authenticate_as('owner');
select public.adjust_stock(product_id => p.id, counted => 10, note => 'Count') from public.products p where p.sku in ('KRT-S-RED', 'KRT-M-RED', 'OLD-KRT-XL-RED');
select public.log_sale(p.id, 2, 'Amazon') from public.products p where p.sku in ('KRT-S-RED', 'KRT-M-RED');
select public.log_sale(p.id, 1, 'Amazon', unit_price => 5000) from public.products p where p.sku = 'OLD-KRT-XL-RED';
select results_eq(
  $$ select r ->> 'name', r ->> 'style_id', (r ->> 'product_id') is not null, (r ->> 'units')::int, (r ->> 'revenue')::numeric
     from jsonb_array_elements(public.dashboard_top_styles('all_time') -> 'top_styles_by_revenue') r $$,
  $$ values ('Taken', null::text, true, 1, 5000::numeric), ('Long Kurta', tests.id('kurta')::text, false, 4, 3198) $$,
  'The dashboard''s top list by style sums a style''s variants (2 + 2 kurtas) as one item and keeps a product without a style'
);
select is(jsonb_path_query_array(public.dashboard_top_styles('this_month'), '$.top_styles_by_revenue[*].name'),
  '["Taken", "Long Kurta"]'::jsonb, 'and so does a shorter period''s, from its orders');
select is(jsonb_path_query_array(public.dashboard_top_styles('this_month'), '$.top_styles_by_profit[*].name'),
  '["Long Kurta"]'::jsonb,
  'By profit only the kurtas: the product without a style has no BOM nor purchase cost, so its profit is unknown, not its revenue (issue 33)');
select throws_ok($$ select public.dashboard_top_styles('yesterday') $$, 'P0001',
  'Period must be one of: this_month, last_30_days, this_financial_year, all_time.',
  'The grouped list refuses an unknown period as the panels do');

-- Owner: refusals, each writing nothing ----------------------------------------------------------
select is(pg_temp.refused(f.call), f.expected, f.description)
from (values
  ($$ select public.create_style('', null, 'X', 10, '[{"name": "Size", "values": ["S"]}]') $$,
   'P0001 | Style name is required. | field:style_name', 'A blank style name is refused'),
  ($$ select public.create_style(repeat('n', 101), null, 'X', 10, '[{"name": "Size", "values": ["S"]}]') $$,
   'P0001 | Style name must be at most 100 characters. | field:style_name', 'A style name over 100 characters is refused'),
  ($$ select public.create_style('T', repeat('c', 101), 'X', 10, '[{"name": "Size", "values": ["S"]}]') $$,
   'P0001 | Category must be at most 100 characters. | field:category', 'A long category is refused'),
  ($$ select public.create_style('T', null, ' ', 10, '[{"name": "Size", "values": ["S"]}]') $$,
   'P0001 | SKU prefix is required. | field:sku_prefix', 'A blank SKU prefix is refused'),
  ($$ select public.create_style('T', null, repeat('P', 21), 10, '[{"name": "Size", "values": ["S"]}]') $$,
   'P0001 | SKU prefix must be at most 20 characters. | field:sku_prefix', 'A SKU prefix over 20 characters is refused'),
  ($$ select public.create_style('T', null, 'X', 0, '[{"name": "Size", "values": ["S"]}]') $$,
   'P0001 | Selling price must be at least 0.01. | field:selling_price', 'A price of 0 is refused'),
  ($$ select public.create_style('T', null, 'X', 'NaN', '[{"name": "Size", "values": ["S"]}]') $$,
   'P0001 | Selling price must be a number. | field:selling_price', 'A NaN price is refused'),
  ($$ select public.create_style('T', null, 'X', 1.005, '[{"name": "Size", "values": ["S"]}]') $$,
   'P0001 | Selling price can have at most 2 decimal places. | field:selling_price', 'A fraction of a paisa is refused'),
  ($$ select public.create_style('T', null, 'X', 10, '{"name": "Size"}') $$,
   'P0001 | Options must be a list of options with their values. | field:options', 'Options that are not a list are refused'),
  ($$ select public.create_style('T', null, 'X', 10, '[]') $$,
   'P0001 | A style needs at least one option (for example Size). | field:options', 'No option is refused'),
  ($$ select public.create_style('T', null, 'X', 10, '[{"name": "A", "values": ["1"]}, {"name": "B", "values": ["1"]}, {"name": "C", "values": ["1"]}, {"name": "D", "values": ["1"]}]') $$,
   'P0001 | A style can have at most 3 options; this one has 4. | field:options', 'A fourth option is refused'),
  ($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": ["S"]}, {"name": " size", "values": ["M"]}]') $$,
   'P0001 | Option size is listed twice. | field:options', 'An option name repeated in another case is refused'),
  ($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": ["S", " s "]}]') $$,
   'P0001 | Size lists s twice. | field:options', 'A value repeated in another case is refused'),
  ($$ select public.create_style('T', null, 'X', 10, '[{"name": " ", "values": ["S"]}]') $$,
   'P0001 | Option name is required. | field:options', 'A blank option name is refused'),
  ($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": ["S", "  "]}]') $$,
   'P0001 | A value of Size is required. | field:options', 'A blank value is refused'),
  ($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": []}]') $$,
   'P0001 | Size needs at least one value. | field:options', 'An option without values is refused'),
  ($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": [{"v": 1}]}]') $$,
   'P0001 | Each value of Size must be text. | field:options', 'A value that is an object is refused'),
  ($$ select public.create_style('T', null, 'X', 10, format('[{"name": "Size", "values": ["%s"]}]', repeat('v', 21))::jsonb) $$,
   'P0001 | A value of Size must be at most 20 characters. | field:options', 'A value over 20 characters is refused'),
  ($$ select public.create_style('T', null, 'X', 10, format('[{"name": "%s", "values": ["S"]}]', repeat('o', 31))::jsonb) $$,
   'P0001 | Option name must be at most 30 characters. | field:options', 'An option name over 30 characters is refused'),
  ($$ select public.create_style('T', null, 'X', 10, jsonb_build_array(jsonb_build_object('name', 'Size', 'values', (select jsonb_agg(i) from generate_series(1, 10000) i)))) $$,
   'P0001 | Size can have at most 100 values; it has 10000. | field:options', '10,000 values are refused before they are read'),
  ($$ select public.create_style('T', null, 'X', 10, jsonb_build_array(jsonb_build_object('name', 'Size', 'values', (select jsonb_agg(i) from generate_series(1, 11) i)), jsonb_build_object('name', 'Colour', 'values', (select jsonb_agg(i) from generate_series(1, 10) i)))) $$,
   'P0001 | A style can have at most 100 variants; these options make 110. | field:options', '110 combinations are refused'),
  ($$ select public.create_style('T', null, 'KRT', 10, '[{"name": "Size", "values": ["S", "M"]}, {"name": "Colour", "values": ["Red"]}]') $$,
   '23505 | A product with SKU KRT-S-RED already exists. | field:sku_prefix', 'A SKU that exists (another style''s variant) is refused, naming it'),
  ($$ select public.create_style('T', null, ' krt-s ', 10, '[{"name": "Colour", "values": ["red"]}]') $$,
   '23505 | A product with SKU KRT-S-RED already exists. | field:sku_prefix', 'A SKU that exists in another case is refused'),
  ($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": ["Navy Blue", "navy-blue"]}]') $$,
   'P0001 | Two variants would have the SKU X-NAVY-BLUE; make their values differ by more than spaces and hyphens. | field:options',
   'Values that make one SKU are refused'),
  ($$ select public.create_style('T', null, repeat('P', 20), 10, format('[{"name": "A", "values": ["%1$s"]}, {"name": "B", "values": ["%1$s"]}, {"name": "C", "values": ["%1$s"]}]', repeat('v', 20))::jsonb) $$,
   format('P0001 | The SKU %s-%s-%s-%s would be longer than 64 characters; shorten the SKU prefix or the values. | field:sku_prefix',
     repeat('P', 20), repeat('V', 20), repeat('V', 20), repeat('V', 20)), 'A SKU over 64 characters is refused'),
  ($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": ["S"]}]', '{}') $$,
   'P0001 | BOM must be a list of materials. | field:bom', 'A BOM that is not a list is refused'),
  (format($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": ["S", "M"]}]', '[{"material_id": "%s", "by_option": "Colour", "quantities": {"S": 1}}]') $$, tests.id('fabric')),
   'P0001 | A BOM row is by Colour, which is not an option of this style. | field:bom', 'A by_option naming no option is refused'),
  (format($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": ["S", "M"]}]', '[{"material_id": "%s", "by_option": "Size", "quantities": {"S": 1}}]') $$, tests.id('fabric')),
   'P0001 | A BOM row by Size has no quantity for M. | field:bom', 'A by_option line missing a value is refused'),
  (format($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": ["S"]}]', '[{"material_id": "%s", "by_option": "Size", "quantities": {"S": 1, "XL": 2}}]') $$, tests.id('fabric')),
   'P0001 | Size has no value XL (BOM quantities). | field:bom', 'A quantity for a value the option lacks is refused'),
  (format($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": ["S"]}]', '[{"material_id": "%s", "by_option": "Size", "quantities": {"S": 1, "s": 2}}]') $$, tests.id('fabric')),
   'P0001 | A BOM row by Size gives S twice. | field:bom', 'A value given twice in different cases is refused'),
  (format($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": ["S"]}]', '[{"material_id": "%s", "by_option": "Size", "quantities": %s}]') $$,
     tests.id('fabric'), (select jsonb_object_agg('V' || i, 1) from generate_series(1, 101) i)),
   'P0001 | A BOM row by Size gives 101 quantities; an option has at most 100 values. | field:bom', 'More quantities than an option can have values are refused before they are compared'),
  (format($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": ["S"]}]', '[{"material_id": "%s", "by_option": "Size", "quantities": [1]}]') $$, tests.id('fabric')),
   'P0001 | A BOM row by Size needs a quantity for each Size. | field:bom', 'Quantities that are not an object are refused'),
  (format($$ select public.create_style('T', null, 'Y', 10, '[{"name": "Size", "values": ["S", "M"]}]', '[{"material_id": "%s", "by_option": "Size", "quantities": {"S": 1, "M": 0}}]') $$, tests.id('fabric')),
   'P0001 | BOM quantity must be at least 0.001. | field:bom', 'A quantity of 0 for one size is refused (create_product''s check)'),
  (format($$ select public.create_style('T', null, 'Y', 10, '[{"name": "Size", "values": ["S"]}]', '[{"material_id": "%s", "quantity": 1.0005}]') $$, tests.id('fabric')),
   'P0001 | BOM quantity can have at most 3 decimal places. | field:bom', 'A BOM quantity too fine is refused'),
  (format($$ select public.create_style('T', null, 'Y', 10, '[{"name": "Size", "values": ["S"]}]', '[{"material_id": "%s", "quantity": "2"}]') $$, tests.id('fabric')),
   'P0001 | Each BOM row needs a quantity. | field:bom', 'A quantity given as text is refused'),
  (format($$ select public.create_style('T', null, 'Y', 10, '[{"name": "Size", "values": ["S"]}]', '[{"material_id": "%1$s", "quantity": 1}, {"material_id": "%1$s", "quantity": 2}]') $$, tests.id('fabric')),
   'P0001 | A material can appear only once in a BOM. | field:bom', 'A material listed twice is refused'),
  (format($$ select public.create_style('T', null, 'Y', 10, '[{"name": "Size", "values": ["S"]}]', '[{"material_id": "%s", "quantity": 1}]') $$, tests.id('old')),
   'P0001 | Old thread is archived. | field:bom', 'An archived material is refused'),
  (format($$ select public.create_style('T', null, 'Y', 10, '[{"name": "Size", "values": ["S"]}]', '[{"material_id": "%s", "quantity": 1}]') $$, tests.id('others cloth')),
   'P0001 | Material not found. | field:bom', 'Another user''s material is not found'),
  ($$ select public.create_style('T', null, 'Y', 10, '[{"name": "Size", "values": ["S"]}]', (select jsonb_agg(jsonb_build_object('material_id', gen_random_uuid(), 'quantity', 1)) from generate_series(1, 201))) $$,
   'P0001 | A BOM can list at most 200 materials; this one lists 201. | field:bom', 'A BOM of 201 lines is refused'),
  ($$ select public.update_style(tests.id('kurta'), ' ', null) $$,
   'P0001 | Style name is required. | field:style_name', 'update_style refuses a blank name'),
  (format($$ select public.update_style(%L, 'K', null, '[{"material_id": "%s", "by_option": "Size", "quantities": {"S": 1}}]') $$, tests.id('kurta'), tests.id('fabric')),
   'P0001 | A BOM row by Size has no quantity for M. | field:bom', 'update_style refuses a by-size line missing sizes'),
  ($$ select public.update_style(gen_random_uuid(), 'K', null) $$,
   'P0001 | Style not found. | no hint', 'update_style of an unknown style is refused'),
  ($$ select public.add_style_variants(tests.id('kurta'), '[{"name": "Fit", "values": ["Slim"]}]') $$,
   'P0001 | Fit is not an option of this style. | field:options', 'A new option cannot be added to a style'),
  ($$ select public.add_style_variants(tests.id('kurta'), '[{"name": "Size", "values": ["m"]}]') $$,
   'P0001 | Size lists m twice. | field:options', 'A value the option has is refused'),
  ($$ select public.add_style_variants(tests.id('kurta'), '[{"name": "Size", "values": []}]') $$,
   'P0001 | Give at least one new value. | field:options', 'No new value is refused'),
  ($$ select public.add_style_variants(tests.id('kurta'), jsonb_build_array(jsonb_build_object('name', 'Size', 'values', (select jsonb_agg('Z' || i) from generate_series(1, 31) i)))) $$,
   'P0001 | A style can have at most 100 variants; these options make 105. | field:options', 'Values past 100 variants are refused'),
  ($$ select public.add_style_variants(tests.id('kurta'), '"Size"') $$,
   'P0001 | Options must be a list of the options with their new values. | field:options', 'Options that are not a list are refused'),
  ($$ select public.add_style_variants(gen_random_uuid(), '[{"name": "Size", "values": ["XXL"]}]') $$,
   'P0001 | Style not found. | no hint', 'add_style_variants of an unknown style is refused')
) as f (call, expected, description);

select lives_ok(format($$ select public.create_style('T', null, 'X', 10, '[{"name": "Size", "values": ["S", "M"]}]', '[{"material_id": "%s", "by_option": "Size", "quantities": {"S": 1, "M": 2.5}}]') $$, tests.id('fabric')),
  'The same style with a by-size BOM that gives every size is accepted: the refusals above left nothing in its way');

-- request_id: a repeat answers the first call's answer and writes nothing --------------------------
select is(
  public.create_style('Shirt', null, 'SHT', 500, '[{"name": "Size", "values": ["S", "M"]}]', '[]', '00000000-0000-4000-8000-000000000001'),
  public.create_style('Shirt', null, 'SHT', 500, '[{"name": "Size", "values": ["S", "M"]}]', '[]', '00000000-0000-4000-8000-000000000001'),
  'A repeated create_style request returns the first answer');
select is((select count(*) from public.styles where style_name = 'Shirt'), 1::bigint, 'and created the style once');
select is(pg_temp.refused($$ select public.create_style('Shirt', null, 'SHT2', 500, '[{"name": "Size", "values": ["S"]}]', '[]', '00000000-0000-4000-8000-000000000001') $$),
  'no error', 'A repeat with other arguments still only answers the first call');
select is(
  public.add_style_variants((select id from public.styles where style_name = 'Shirt'), '[{"name": "Size", "values": ["L"]}]', null, '00000000-0000-4000-8000-000000000002'),
  public.add_style_variants((select id from public.styles where style_name = 'Shirt'), '[{"name": "Size", "values": ["L"]}]', null, '00000000-0000-4000-8000-000000000002'),
  'A repeated add_style_variants request returns the first answer');
select is((select count(*) from public.style_variants v join public.styles s on s.id = v.style_id where s.style_name = 'Shirt'), 3::bigint,
  'and added the variant once');

-- Another user -----------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.styles $$, 'Another user sees no styles');
select is_empty($$ select 1 from public.style_variants $$, 'Another user sees no variant links');
select is_empty($$ select 1 from public.style_bom_items $$, 'Another user sees no style BOM lines');
select is(public.list_styles(), '{"rows": [], "total": 0}'::jsonb, 'list_styles lists none of the owner''s styles');
select is(public.list_styles(style_id => tests.id('kurta')), '{"rows": [], "total": 0}'::jsonb,
  'list_styles with the owner''s style id lists nothing');
select is(pg_temp.refused($$ select public.update_style(tests.id('kurta'), 'Mine', null, '[]') $$),
  'P0001 | Style not found. | no hint', 'Another user cannot edit the owner''s style');
select is(pg_temp.refused($$ select public.add_style_variants(tests.id('kurta'), '[{"name": "Size", "values": ["XXL"]}]') $$),
  'P0001 | Style not found. | no hint', 'Another user cannot add variants to the owner''s style');
select is(pg_temp.refused(format($$ select public.create_style('Mine', null, 'MINE', 10, '[{"name": "Size", "values": ["S"]}]', '[{"material_id": "%s", "quantity": 1}]') $$, tests.id('fabric'))),
  'P0001 | Material not found. | field:bom', 'Another user cannot build a style from the owner''s material');
select is(jsonb_array_length(public.create_style('Kurta', null, 'KRT', 10, '[{"name": "Size", "values": ["S"]}, {"name": "Colour", "values": ["Red"]}]') -> 'products'), 1,
  'Another user may use the same names and SKUs: SKUs are per user');

-- anon -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok(f.call, '42501', f.message, f.description)
from (values
  ($$ select public.create_style('A', null, 'A', 1, '[{"name": "Size", "values": ["S"]}]') $$,
   'permission denied for function create_style', 'anon cannot call create_style'),
  ($$ select public.update_style(tests.id('kurta'), 'A', null) $$,
   'permission denied for function update_style', 'anon cannot call update_style'),
  ($$ select public.add_style_variants(tests.id('kurta'), '[]') $$,
   'permission denied for function add_style_variants', 'anon cannot call add_style_variants'),
  ($$ select public.list_styles() $$, 'permission denied for function list_styles', 'anon cannot call list_styles'),
  ($$ select public.dashboard_top_styles('all_time') $$, 'permission denied for function dashboard_top_styles',
   'anon cannot read the top lists by style'),
  ($$ select 1 from public.styles $$, 'permission denied for table styles', 'anon cannot read styles'),
  ($$ select 1 from public.style_variants $$, 'permission denied for table style_variants', 'anon cannot read variant links'),
  ($$ select 1 from public.style_bom_items $$, 'permission denied for table style_bom_items', 'anon cannot read style BOMs')
) as f (call, message, description);

-- The owner cannot write the tables directly -----------------------------------------------------
select tests.authenticate_as('owner');
select throws_ok($$ update public.styles set options = '[]' $$, '42501', 'permission denied for table styles',
  'The owner cannot change options bypassing add_style_variants');
select throws_ok($$ delete from public.style_variants $$, '42501', 'permission denied for table style_variants',
  'The owner cannot unlink variants');
select throws_ok($$ insert into public.style_bom_items (style_id, material_id, position, quantity) values (tests.id('kurta'), tests.id('fabric'), 9, 1) $$,
  '42501', 'permission denied for table style_bom_items', 'The owner cannot write style BOM lines directly');

select * from finish();
rollback;

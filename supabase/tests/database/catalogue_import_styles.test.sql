-- import_products with style columns: rows with a `style` and an `options` cell ("Size: M;
-- Colour: Red") become the variants of one style per style name, with a style BOM read from their
-- BOMs; every problem is a row's message, and a file with one writes nothing.
begin;
set local client_min_messages = warning;
select plan(24);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
select from public.create_raw_material('Fabric', null, 100, 50, 'metres');
select from public.create_raw_material('Button', null, 1, 500, 'pcs');

create temp table kurta_file on commit drop as select '[
 {"sku": "KRT-S-RED", "product_name": "Kurta S Red", "category": "Ethnic", "selling_price": "799", "stock_on_hand": "4",
  "bom": "Fabric: 1.8; Button: 6", "style": "Kurta", "options": "Size: S; Colour: Red"},
 {"sku": "KRT-M-RED", "product_name": "Kurta M Red", "selling_price": "849", "bom": "Button: 6; Fabric: 2",
  "style": " kurta ", "options": "Colour: Red; size: M"},
 {"sku": "KRT-S-BLUE", "product_name": "Kurta S Blue", "selling_price": "799", "bom": "Fabric: 1.8; Button: 6",
  "style": "Kurta", "options": "Size: S; Colour: Blue"},
 {"sku": "KRT-M-BLUE", "product_name": "Kurta M Blue", "selling_price": "799", "bom": "Fabric: 2; Button: 6",
  "style": "Kurta", "options": "Size: M; Colour: Blue"},
 {"sku": "CAP", "product_name": "Cap", "selling_price": "99"}]'::jsonb as rows;
grant select on kurta_file to authenticated;

-- A dry run, then the commit ------------------------------------------------------------------------
select results_eq($$ select row_number, message from public.import_products((select rows from kurta_file), dry_run => true) $$,
  $$ values (2, null::text), (3, null), (4, null), (5, null), (6, null) $$, 'A dry run of a file with a style finds every row fine');
select is_empty($$ select 1 from public.styles $$, 'and writes no style');
select results_eq($$ select row_number, message from public.import_products((select rows from kurta_file), request_id => '00000000-0000-4000-8000-00000000c001') $$,
  $$ values (2, null::text), (3, null), (4, null), (5, null), (6, null) $$, 'The file imports');
select results_eq(
  $$ select style_name, category, sku_prefix, selling_price, options from public.styles $$,
  $$ values ('Kurta', 'Ethnic', 'KRT', 799.00::numeric(12,2),
             '[{"name": "Size", "values": ["S", "M"]}, {"name": "Colour", "values": ["Red", "Blue"]}]'::jsonb) $$,
  'One style of the four rows: named as its first row, its category and price, the SKUs'' common prefix, options in the first row''s order and values in file order'
);
select results_eq(
  $$ select p.sku, p.product_name, p.selling_price, p.stock_on_hand, v.option_values
     from public.style_variants v join public.products p on p.id = v.product_id order by p.sku $$,
  $$ values ('KRT-M-BLUE', 'Kurta M Blue', 799.00::numeric(12,2), 0::numeric, array['M', 'Blue']),
            ('KRT-M-RED', 'Kurta M Red', 849.00, 0, array['M', 'Red']),
            ('KRT-S-BLUE', 'Kurta S Blue', 799.00, 0, array['S', 'Blue']),
            ('KRT-S-RED', 'Kurta S Red', 799.00, 4, array['S', 'Red']) $$,
  'Each styled row is a variant with its own SKU, name, price and stock, its values in the style''s option order'
);
select results_eq(
  $$ select m.material_name, b.by_option, b.quantity, b.quantities
     from public.style_bom_items b join public.raw_materials m on m.id = b.material_id order by b.position $$,
  $$ values ('Button', null::text, 6.000::numeric(14,3), null::jsonb), ('Fabric', 'Size', null, '{"S": 1.8, "M": 2}'::jsonb) $$,
  'The style BOM is read from the rows: buttons the same in every row, fabric by size'
);
select is_empty($$ select 1 from public.style_variants v join public.products p on p.id = v.product_id where p.sku = 'CAP' $$,
  'A row without a style stays a product without one');
select is((public.list_styles()) -> 'rows' -> 0 -> 'variants' -> 0 ->> 'sku', 'KRT-S-RED', 'list_styles draws the imported style');
select is((public.list_products(search => 'KRT-M-RED')) -> 'rows' -> 0 ->> 'options', 'Size: M; Colour: Red',
  'list_products gives a variant''s values as an options cell, so an export imports again');
select results_eq($$ select row_number, message from public.import_products((select rows from kurta_file), request_id => '00000000-0000-4000-8000-00000000c001') $$,
  $$ values (2, null::text), (3, null), (4, null), (5, null), (6, null) $$, 'A repeated request answers as the first');
select is((select count(*) from public.styles), 1::bigint, 'and imports the style once');

-- Refusals: each a row's message; nothing written ------------------------------------------------------
create temp table counts_before on commit drop as
select (select count(*) from public.styles) as styles, (select count(*) from public.products) as products;
grant select on counts_before to authenticated;

select results_eq(
  $$ select row_number, message from public.import_products('[
       {"sku": "A-S", "product_name": "A", "selling_price": "1", "style": "A", "options": "Size: S"},
       {"sku": "A-M", "product_name": "A", "selling_price": "1", "style": "A", "options": "Size: M; Colour: Red"}]', dry_run => true) $$,
  $$ values (2, null::text), (3, 'Every row of style A names the options Size.') $$,
  'A row naming other options than its style''s first row is refused'
);
select results_eq(
  $$ select row_number, message from public.import_products('[
       {"sku": "C-S", "product_name": "C", "selling_price": "1", "style": "C", "options": "Size: S"},
       {"sku": "C-S2", "product_name": "C", "selling_price": "1", "style": "C", "options": "size: S"}]', dry_run => true) $$,
  $$ values (2, null::text), (3, 'Same style and options as row 2.') $$,
  'Two rows of one combination are refused'
);
select results_eq(
  $$ select row_number, message from public.import_products('[
       {"sku": "B-S", "product_name": "B", "selling_price": "1", "style": "B", "options": "Size: S; Colour: Red"},
       {"sku": "B-M", "product_name": "B", "selling_price": "1", "style": "B", "options": "Size: M; Colour: Blue"}]', dry_run => true) $$,
  $$ values (2, 'Style B has 2 rows; its options make 4 variants: give one row for each.'), (3, null::text) $$,
  'A style missing combinations is refused on its first row'
);
select results_eq(
  $$ select row_number, message from public.import_products('[
       {"sku": "D-S", "product_name": "D", "selling_price": "1", "style": "D", "options": "Size: S", "bom": "Fabric: 1; Button: 2"},
       {"sku": "D-M", "product_name": "D", "selling_price": "1", "style": "D", "options": "Size: M", "bom": "Fabric: 1"}]', dry_run => true) $$,
  $$ values (2, 'In style D, Button is in the BOM of some rows only.'), (3, null::text) $$,
  'A material in some rows'' BOMs only is refused'
);
select results_eq(
  $$ select row_number, message from public.import_products('[
       {"sku": "H-S-R", "product_name": "H", "selling_price": "1", "style": "H", "options": "Size: S; Colour: Red", "bom": "Fabric: 1"},
       {"sku": "H-M-R", "product_name": "H", "selling_price": "1", "style": "H", "options": "Size: M; Colour: Red", "bom": "Fabric: 2"},
       {"sku": "H-S-B", "product_name": "H", "selling_price": "1", "style": "H", "options": "Size: S; Colour: Blue", "bom": "Fabric: 2"},
       {"sku": "H-M-B", "product_name": "H", "selling_price": "1", "style": "H", "options": "Size: M; Colour: Blue", "bom": "Fabric: 2"}]', dry_run => true) $$,
  $$ values (2, 'In style H, the quantity of Fabric changes with more than one option.'), (3, null::text), (4, null), (5, null) $$,
  'A quantity that follows no single option is refused'
);
select results_eq(
  $$ select row_number, message from public.import_products('[
       {"sku": "E-1", "product_name": "E", "selling_price": "1", "style": "E", "options": "Size: S"},
       {"sku": "E-2", "product_name": "E", "selling_price": "1", "style": "E", "options": "Size: s"}]', dry_run => true) $$,
  $$ values (2, 'Size lists s twice.'), (3, null::text) $$,
  'Values differing only in case are refused, as create_style refuses them'
);
select results_eq(
  $$ select row_number, message from public.import_products('[
       {"sku": "F1", "product_name": "F", "selling_price": "1", "options": "Size: M"},
       {"sku": "F2", "product_name": "F", "selling_price": "1", "style": "F", "options": "Size"},
       {"sku": "F3", "product_name": "F", "selling_price": "1", "style": "F", "options": "A: 1; B: 1; C: 1; D: 1"},
       {"sku": "F4", "product_name": "F", "selling_price": "1", "style": "F", "options": "Size: S; size: M"},
       {"sku": "F5", "product_name": "F", "selling_price": "1", "style": "F", "options": " ; "}]', dry_run => true) $$,
  $$ values (2, 'A row with options needs its style.'), (3, 'Each option needs a name and a value, as in Size: M.'),
            (4, 'A style can have at most 3 options; this row has 4.'), (5, 'Option size is listed twice.'),
            (6, 'A row of a style needs its options, as in Size: M; Colour: Red.') $$,
  'Each malformed style or options cell is its row''s message'
);
select throws_ok(
  $$ select * from public.import_products('[
       {"sku": "B-S", "product_name": "B", "selling_price": "1", "style": "B", "options": "Size: S; Colour: Red"},
       {"sku": "B-M", "product_name": "B", "selling_price": "1", "style": "B", "options": "Size: M; Colour: Blue"}]') $$,
  'P0001', 'Row 2: Style B has 2 rows; its options make 4 variants: give one row for each.',
  'A commit with a style problem is refused, naming the row'
);
select results_eq($$ select (select count(*) from public.styles), (select count(*) from public.products) $$,
  $$ select styles, products from counts_before $$, 'No refused file left a style or a product behind');

-- Another user and anon ------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.styles $$, 'Another user sees none of the imported styles');
select results_eq(
  $$ select row_number, message from public.import_products('[
       {"sku": "KRT-S", "product_name": "Mine", "selling_price": "1", "style": "Kurta", "options": "Size: S", "bom": "Fabric: 1"}]', dry_run => true) $$,
  $$ values (2, 'Material Fabric not found.') $$,
  'Another user''s file cannot use the owner''s materials'
);
select lives_ok($$ select * from public.import_products('[{"sku": "KRT-S-RED", "product_name": "Mine", "selling_price": "1", "style": "Kurta", "options": "Size: S"}]') $$,
  'Another user imports a style of the same name and SKU as their own');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.import_products('[]') $$, '42501', 'permission denied for function import_products',
  'anon cannot import');

select * from finish();
rollback;

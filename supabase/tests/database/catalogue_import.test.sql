-- import_raw_materials and import_products: a whole file or nothing, one message per row with the
-- single-item forms' wording, BOMs by material name among the caller's own materials, opening
-- stock through the ledger, a dry run that writes nothing; and owner_report, the caller's report rows.
begin;
set local client_min_messages = warning;
select plan(44);

select tests.create_user('owner');
select tests.create_user('other');

select tests.authenticate_as('other');
select from public.create_raw_material('Silk');

-- Owner: materials ---------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select from public.create_raw_material('Cotton fabric', 'Mill', 120, 50, 'metres', 20);

select results_eq(
  $$ select row_number, message from public.import_raw_materials(
       '[{"material_name": "Buttons", "supplier": "Bazaar", "cost_per_unit": "0.125", "stock_level": "400",
          "unit_of_measure": "pcs", "reorder_point": "100"},
         {"material_name": "Thread", "cost_per_unit": 2, "stock_level": ""}]', dry_run => true) $$,
  $$ values (2, null::text), (3, null::text) $$,
  'A dry run of good rows reports no message for either row, numbered from 2 as under a header'
);
select is((select count(*) from public.raw_materials)::integer, 1, 'A dry run writes no material');

select results_eq(
  $$ select row_number, message from public.import_raw_materials(
       '[{"material_name": "Buttons", "cost_per_unit": "0.12345"},
         {"material_name": " cotton FABRIC "},
         {"material_name": "Zip", "stock_level": "ten"},
         {"material_name": ""},
         {"material_name": "Label"},
         {"material_name": "label"}]', dry_run => true) $$,
  $$ values (2, 'Cost per unit can have at most 4 decimal places.'),
            (3, 'A material named Cotton fabric already exists.'),
            (4, 'Stock level must be a number.'),
            (5, 'Material name is required.'),
            (6, null),
            (7, 'A material named Label already exists.') $$,
  'Every row gets its own message, the forms'' wording: decimals, a name that exists in any case, '
  'a non-number, a missing name, and a name repeated inside the file'
);

select throws_ok(
  $$ select * from public.import_raw_materials(
       '[{"material_name": "Buttons"}, {"material_name": "Cotton Fabric"}, {"material_name": "Zip"}]') $$,
  '23505', 'Row 3: A material named Cotton fabric already exists.',
  'A commit with one bad row is refused, naming the row, with the duplicate''s SQLSTATE'
);
select is((select count(*) from public.raw_materials)::integer, 1,
  'All or nothing: the good rows before and after the refused one were not imported');

select results_eq(
  $$ select row_number, message from public.import_raw_materials(
       '[{"material_name": "Buttons", "supplier": "Bazaar", "cost_per_unit": "0.125", "stock_level": "400",
          "unit_of_measure": "pcs", "reorder_point": "100"},
         {"material_name": "Thread", "cost_per_unit": 2}]') $$,
  $$ values (2, null::text), (3, null::text) $$,
  'A clean file commits'
);
select results_eq(
  $$ select material_name, supplier, cost_per_unit, stock_level, unit_of_measure, reorder_point
     from public.raw_materials where material_name in ('Buttons', 'Thread') order by material_name $$,
  $$ values ('Buttons', 'Bazaar', 0.1250::numeric(14,4), 400.000::numeric(14,3), 'pcs', 100.000::numeric(14,3)),
            ('Thread', null, 2.0000::numeric(14,4), 0.000::numeric(14,3), 'units', 20.000::numeric(14,3)) $$,
  'Imported materials carry their cells, blanks taking the form''s defaults (units, reorder point 20)'
);
select results_eq(
  $$ select s.quantity, s.balance_after, s.reason::text from public.stock_movements s
     join public.raw_materials m on m.id = s.material_id where m.material_name in ('Buttons', 'Thread') $$,
  $$ values (400.000::numeric(14,3), 400.000::numeric(14,3), 'opening_stock') $$,
  'Opening stock goes through the ledger as opening_stock; a material without stock writes no row'
);

-- Owner: products with BOMs by material name -------------------------------------------------------
select results_eq(
  $$ select row_number, message from public.import_products(
       '[{"sku": "SHIRT-1", "product_name": "Linen Shirt", "category": "Apparel", "selling_price": "1499.50",
          "stock_on_hand": "5", "reorder_point": "", "bom": "cotton fabric: 1.5; Buttons:8 ;"},
         {"sku": "BAG-1", "product_name": "Tote", "selling_price": "499", "bom": "Silk: 1"},
         {"sku": "BAG-2", "product_name": "Pouch", "selling_price": "199", "bom": "Thread"},
         {"sku": "BAG-3", "product_name": "Wallet", "selling_price": "299", "bom": ": 2"},
         {"sku": "BAG-4", "product_name": "Purse", "selling_price": "299", "bom": "Thread: 1; thread: 2"},
         {"sku": "BAG-5", "product_name": "Sling", "selling_price": "299", "bom": "Thread: 0.0001"},
         {"sku": "shirt-1", "product_name": "Twin", "selling_price": "10"},
         {"sku": "BAG-6", "product_name": "Clutch", "selling_price": "0"},
         {"sku": "BAG-7", "product_name": "Kit", "selling_price": "10", "stock_on_hand": "2.5"},
         {"sku": "BAG-8", "product_name": "Box", "selling_price": "10", "bom": "Thread: x"}]', dry_run => true) $$,
  $$ values (2, null::text),
            (3, 'Material Silk not found.'),
            (4, 'Each BOM row needs a quantity.'),
            (5, 'Each BOM row needs a material.'),
            (6, 'A material can appear only once in a BOM.'),
            (7, 'BOM quantity must be at least 0.001.'),
            (8, 'A product with SKU SHIRT-1 already exists.'),
            (9, 'Selling price must be at least 0.01.'),
            (10, 'Stock on hand must be a whole number.'),
            (11, 'BOM quantity must be a number.') $$,
  'Product rows get create_product''s messages; another user''s material is unknown; an SKU repeated in the file is refused'
);
select is((select count(*) from public.products)::integer, 0, 'A dry run of products writes nothing');

select results_eq(
  $$ select row_number, message from public.import_products(
       '[{"sku": "SHIRT-1", "product_name": "=HYPERLINK(\"http://evil.example\",\"Linen Shirt\")", "selling_price": "1499.50",
          "stock_on_hand": "5", "bom": "cotton fabric: 1.5; Buttons:8 ;"},
         {"sku": "CAP-1", "product_name": "Cap", "selling_price": 250}]') $$,
  $$ values (2, null::text), (3, null::text) $$,
  'A clean products file commits'
);
select results_eq(
  $$ select m.material_name, b.quantity from public.bom_items b
     join public.products p on p.id = b.product_id join public.raw_materials m on m.id = b.material_id
     where p.sku = 'SHIRT-1' order by m.material_name $$,
  $$ values ('Buttons', 8.000::numeric(14,3)), ('Cotton fabric', 1.500::numeric(14,3)) $$,
  'The BOM is stored by the materials its cell names, whatever their case'
);
select is((select product_name from public.products where sku = 'SHIRT-1'),
  '=HYPERLINK("http://evil.example","Linen Shirt")', 'A formula-like name is stored as text, as typed');
select results_eq(
  $$ select s.quantity, s.reason::text from public.stock_movements s
     join public.products p on p.id = s.product_id where p.sku = 'SHIRT-1' $$,
  $$ values (5.000::numeric(14,3), 'opening_stock') $$,
  'A product''s opening stock goes through the ledger'
);

select throws_ok(
  $$ select * from public.import_products('[{"sku": "X-1", "product_name": "X", "selling_price": 1, "bom": "Silk: 1"}]') $$,
  'P0001', 'Row 2: Material Silk not found.', 'A commit naming an unknown material is refused'
);
select is((select count(*) from public.products where sku = 'X-1')::integer, 0, 'and writes nothing');

-- Bounds and shapes ------------------------------------------------------------------------------------
select throws_ok($$ select * from public.import_products('[]') $$, 'P0001',
  'The file has no rows to import.', 'An empty file is refused');
select throws_ok($$ select * from public.import_products('{"sku": "A"}') $$, 'P0001',
  'Rows must be a list.', 'Rows that are not a list are refused');
select throws_ok(
  $$ select * from public.import_raw_materials(
       (select jsonb_agg(jsonb_build_object('material_name', 'M' || i)) from generate_series(1, 2001) i)) $$,
  'P0001', 'A file can have at most 2000 rows.', 'More than 2,000 rows are refused');
-- 5,000 BOM entries in a file are read (25 products of 200 materials each); one more is refused.
select lives_ok(
  $$ select * from public.import_raw_materials(
       (select jsonb_agg(jsonb_build_object('material_name', 'Bound ' || lpad(i::text, 3, '0'))) from generate_series(1, 200) i)) $$,
  'Two hundred materials to fill BOMs with');
create temporary table bom_bound_rows as
  select jsonb_agg(jsonb_build_object('sku', 'BOUND-' || p, 'product_name', 'Bound ' || p, 'selling_price', '100',
    'bom', (select string_agg('Bound ' || lpad(i::text, 3, '0') || ': 1', '; ') from generate_series(1, 200) i)) order by p) as rows
  from generate_series(1, 25) p;
select results_eq(
  $$ select count(*)::integer, count(message)::integer
     from public.import_products((select rows from bom_bound_rows), dry_run => true) $$,
  $$ values (25, 0) $$, 'A file of 5,000 BOM entries is read, every row fine');
select throws_ok(
  $$ select * from public.import_products(
       (select rows || '[{"sku": "BOUND-26", "product_name": "Bound 26", "selling_price": "100", "bom": "Bound 001: 1"}]'
        from bom_bound_rows)) $$,
  'P0001', 'A file can have at most 5000 BOM entries in all; this one has 5001. Split it into smaller files.',
  'A file of 5,001 BOM entries is refused');
select results_eq(
  $$ select message from public.import_raw_materials('[42]', dry_run => true) $$,
  $$ values ('Each row must be an object of column values.') $$, 'A row that is not an object gets a message');

-- Owner reports ---------------------------------------------------------------------------------------
select results_eq(
  $$ select r ->> 'item_name', r ->> 'item_type', (r ->> 'stock')::numeric, r ? 'user_id', r ? 'workspace'
     from public.owner_report('stock_valuation') r where r ->> 'item_name' in ('Buttons', 'Cap') order by 1 $$,
  $$ values ('Buttons', 'raw material', 400::numeric, false, false), ('Cap', 'product', 0::numeric, false, false) $$,
  'owner_report returns the caller''s report rows, without user_id or workspace'
);
select throws_ok($$ select public.owner_report('secrets') $$, 'P0001',
  'Report must be one of: revenue_by_platform_month, profit_by_platform_month, product_margins, stock_valuation, material_consumption_by_month, low_stock_items.',
  'An unknown report name is refused');

-- Another user -------------------------------------------------------------------------------------
select tests.authenticate_as('other');
select results_eq(
  $$ select message from public.import_products(
       '[{"sku": "O-1", "product_name": "Other''s", "selling_price": 1, "bom": "Buttons: 1"}]', dry_run => true) $$,
  $$ values ('Material Buttons not found.') $$,
  'Another user cannot put the owner''s materials in a BOM: they are unknown to them'
);
select results_eq(
  $$ select message from public.import_raw_materials('[{"material_name": "Buttons"}]') $$,
  $$ values (null::text) $$,
  'Another user may import a material named like one of the owner''s: names are unique per user'
);
select results_eq(
  $$ select message from public.import_products('[{"sku": "SHIRT-1", "product_name": "Mine", "selling_price": 1, "bom": "Silk: 2"}]') $$,
  $$ values (null::text) $$,
  'Another user imports an SKU the owner has, with a BOM of their own material'
);
select is((select count(*) from public.products)::integer, 1, 'Another user sees only their own product');
select is_empty($$ select 1 from public.owner_report('stock_valuation') r where r ->> 'item_name' = 'Cap' $$,
  'Another user''s report has none of the owner''s rows');
reset role;
select is((select count(*) from public.products where user_id = tests.id('owner'))::integer, 2,
  'The owner still has exactly the two products they imported');

-- BOM cells: read in one pass, at most 200 entries -------------------------------------------------
select tests.create_user('maker');
select tests.authenticate_as('maker');
select from public.import_raw_materials(
  (select jsonb_agg(jsonb_build_object('material_name', 'Part ' || i)) from generate_series(1, 200) i));
select from public.create_raw_material('Ratio 1:2');
-- A cell naming Part 1 .. Part n, with quantities 0.001 .. n/1000.
create function pg_temp.parts_cell(n integer) returns text language sql as $$
  select string_agg(format('Part %s: %s', i, i / 1000.0), '; ' order by i) from generate_series(1, n) i
$$;

select results_eq(
  format($$ select row_number, message from public.import_products(
       jsonb_build_array(jsonb_build_object('sku', 'BIG-1', 'product_name', 'Big', 'selling_price', '10',
         'bom', %L)), dry_run => true) $$, pg_temp.parts_cell(200) || ' ;  ; '),
  $$ values (2, null::text) $$,
  'A cell of exactly 200 materials is accepted; blank entries do not count'
);
select results_eq(
  format($$ select row_number, message from public.import_products(
       jsonb_build_array(jsonb_build_object('sku', 'BIG-1', 'product_name', 'Big', 'selling_price', '10',
         'bom', %L))) $$, pg_temp.parts_cell(200)),
  $$ values (2, null::text) $$,
  'A product with a 200-material BOM cell imports'
);
select results_eq(
  $$ select count(*)::integer, sum(b.quantity), min(b.quantity), max(b.quantity)
     from public.bom_items b join public.products p on p.id = b.product_id where p.sku = 'BIG-1' $$,
  $$ values (200, 20.100::numeric, 0.001::numeric(14,3), 0.200::numeric(14,3)) $$,
  'Its BOM has the 200 lines of the cell, each material with its own quantity'
);
select results_eq(
  format($$ select row_number, message from public.import_products(
       jsonb_build_array(jsonb_build_object('sku', 'BIG-2', 'product_name', 'Big', 'selling_price', '10',
         'bom', %L)), dry_run => true) $$, pg_temp.parts_cell(200) || '; Ratio 1:2: 1'),
  $$ values (2, 'A BOM can list at most 200 materials; this one lists 201.') $$,
  'A cell of 201 materials gets the bound''s message on its row'
);
select throws_ok(
  format($$ select * from public.import_products(
       jsonb_build_array(jsonb_build_object('sku', 'BIG-3', 'product_name', 'Big', 'selling_price', '10',
         'bom', %L))) $$, repeat('Part 1: 1; ', 10000)),
  'P0001', 'Row 2: A BOM can list at most 200 materials; this one lists 10000.',
  'A commit of a 10,000-entry cell is refused at once, naming its row'
);
select is((select count(*) from public.products where sku in ('BIG-2', 'BIG-3'))::integer, 0,
  'and writes nothing');
select results_eq(
  format($$ select row_number, message from public.import_products(jsonb_build_array(
       jsonb_build_object('sku', 'D-1', 'product_name', 'D', 'selling_price', '10', 'bom', 'Part 1: 1; part 1 : 2'),
       jsonb_build_object('sku', 'D-2', 'product_name', 'D', 'selling_price', '10', 'bom', %L)), dry_run => true) $$,
    rtrim(repeat('Part 1: 1; ', 200), '; ')),
  $$ values (2, 'A material can appear only once in a BOM.'), (3, 'A material can appear only once in a BOM.') $$,
  'A material repeated in a cell is refused as before, also in a cell of 200 entries'
);
select results_eq(
  $$ select row_number, message from public.import_products('[
       {"sku": "E-1", "product_name": "E", "selling_price": "10", "bom": "Nope: 1; Part 1: x"},
       {"sku": "E-2", "product_name": "E", "selling_price": "10", "bom": "Part 1: x; Nope: 1"},
       {"sku": "E-3", "product_name": "E", "selling_price": "10", "bom": "Part 2: 1; Part 1; Nope: 1"},
       {"sku": "E-4", "product_name": "E", "selling_price": "10", "bom": "Part 2: 1; : 1; Part 1: x"}]', dry_run => true) $$,
  $$ values (2, 'Material Nope not found.'), (3, 'BOM quantity must be a number.'),
            (4, 'Each BOM row needs a quantity.'), (5, 'Each BOM row needs a material.') $$,
  'The first bad entry of a cell, in cell order, is the one its message describes'
);
reset role;
select is(
  private.bom_from_text(' part 2 : 1.5 ;; ratio 1:2: 3 ; Part 1:', tests.id('maker')),
  (select jsonb_build_array(
     jsonb_build_object('material_id', (select id from public.raw_materials where user_id = tests.id('maker') and material_name = 'Part 2'), 'quantity', 1.5),
     jsonb_build_object('material_id', (select id from public.raw_materials where user_id = tests.id('maker') and material_name = 'Ratio 1:2'), 'quantity', 3),
     jsonb_build_object('material_id', (select id from public.raw_materials where user_id = tests.id('maker') and material_name = 'Part 1'), 'quantity', null))),
  'bom_from_text keeps the cell''s order, splits each entry at its last colon and leaves a blank quantity for create_product to refuse'
);
select is(private.bom_from_text(' ; ', tests.id('maker')) || private.bom_from_text(null, tests.id('maker')), '[]'::jsonb,
  'A blank or missing cell is an empty BOM');

-- anon ---------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.import_raw_materials('[{"material_name": "A"}]') $$, '42501',
  'permission denied for function import_raw_materials', 'anon cannot import materials');
select throws_ok($$ select * from public.import_products('[{"sku": "A"}]') $$, '42501',
  'permission denied for function import_products', 'anon cannot import products');
select throws_ok($$ select * from public.owner_report('stock_valuation') $$, '42501',
  'permission denied for function owner_report', 'anon cannot read owner reports');

select * from finish();
rollback;

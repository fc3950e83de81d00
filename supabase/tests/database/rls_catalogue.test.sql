-- Row-level security of the catalogue and its stock: products, materials, BOMs, sub-assemblies,
-- the ledger and styles. The owner sees their rows and edits them through update_product and
-- update_raw_material, another anonymous user sees and changes nothing, anon is refused.
begin;
set local client_min_messages = warning;
select plan(38);

select policies_are('public', 'products', array['Owners can read their products'],
  'products has only the owner read policy (edits go through update_product)');
select policies_are('public', 'raw_materials', array['Owners can read their raw materials'],
  'raw_materials has only the owner read policy (edits go through update_raw_material)');
select policies_are('public', 'bom_items', array['Owners can read their bills of materials'],
  'bom_items has only the owner read policy');
select policies_are('public', 'bom_subassemblies', array['Owners can read their sub-assemblies'],
  'bom_subassemblies has only the owner read policy (create_product and update_product write it)');
select policies_are('public', 'stock_movements', array['Owners can read their stock movements'],
  'stock_movements has only the owner read policy');
select policies_are('public', 'styles', array['Owners can read their styles'],
  'styles has only the owner read policy (the style operations write it)');
select policies_are('public', 'style_variants', array['Owners can read their style variants'],
  'style_variants has only the owner read policy (create_style and add_style_variants write it)');
select policies_are('public', 'style_bom_items', array['Owners can read their style BOMs'],
  'style_bom_items has only the owner read policy (the style operations write it)');

-- Owner ------------------------------------------------------------------------------------------
select tests.seed_owner_rows();
select is((select count(*) from public.products), 1::bigint, 'The owner sees their product');
select is((select count(*) from public.raw_materials), 1::bigint, 'The owner sees their material');
select is((select count(*) from public.bom_items), 1::bigint, 'The owner sees their BOM row');
select is((select count(*) from public.stock_movements), 6::bigint,
  'The owner sees their ledger (2 opening stocks, two sales, a consumption, a return)');
select results_eq(
  $$ select sku, product_name, category, selling_price, reorder_point
     from public.update_product(tests.id('hat'), 'HAT-2', 'Felt Hat', 'Hats', 350, 3) $$,
  $$ values ('HAT-2', 'Felt Hat', 'Hats', 350.00::numeric(12,2), 3) $$,
  'The owner can edit every descriptive column of their product through update_product'
);
select results_eq(
  $$ select material_name, supplier, cost_per_unit, unit_of_measure, reorder_point
     from public.update_raw_material(tests.id('felt'), 'Wool Felt', 'Other Mill', 4.5, 'm2', 6.5) $$,
  $$ values ('Wool Felt', 'Other Mill', 4.50::numeric(12,2), 'm2', 6.500::numeric(14,3)) $$,
  'The owner can edit every descriptive column of their material through update_raw_material'
);
select throws_ok($$ update public.products set product_name = 'Direct' where id = tests.id('hat') $$,
  '42501', 'permission denied for table products', 'The owner cannot edit a product directly');
select throws_ok($$ update public.raw_materials set supplier = 'Direct' where id = tests.id('felt') $$,
  '42501', 'permission denied for table raw_materials', 'The owner cannot edit a material directly');
-- NaN sorts above every number, so a plain `> 0` check would let it through.
select throws_ok($$ select public.update_product(tests.id('hat'), 'HAT-2', 'Felt Hat', 'Hats', 'NaN', 3) $$,
  'P0001', 'Selling price must be a number.', 'An edit to a selling price of NaN is refused');
select throws_ok($$ select public.update_raw_material(tests.id('felt'), 'Wool Felt', null, 'NaN', 'm2', 6) $$,
  'P0001', 'Cost per unit must be a number.', 'An edit to a cost of NaN is refused');
select throws_ok($$ select public.update_raw_material(tests.id('felt'), 'Wool Felt', null, 4, 'm2', 'NaN') $$,
  'P0001', 'Reorder point must be a number.', 'An edit to a material reorder point of NaN is refused');
select throws_ok($$ update public.products set user_id = tests.id('other') where id = tests.id('hat') $$,
  '42501', 'permission denied for table products', 'The owner cannot hand their product to another user');

-- Another anonymous user -----------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.products $$, 'Another user sees no products');
select is_empty($$ select 1 from public.raw_materials $$, 'Another user sees no materials');
select is_empty($$ select 1 from public.bom_items $$, 'Another user sees no BOM rows');
select is_empty($$ select 1 from public.stock_movements $$, 'Another user sees no ledger rows');
select is_empty($$ select 1 from public.products where id = tests.id('hat') $$,
  'Another user cannot read the owner''s product even by its id');
select throws_ok(
  $$ select public.update_product(tests.id('hat'), 'HIJACK', 'Hijacked', null, 1, 0) $$,
  'P0001', 'Product not found.', 'Another user cannot edit the owner''s product: it is not found');
select throws_ok(
  $$ select public.update_raw_material(tests.id('felt'), 'Hijacked', 'Hijacked', 0, 'units', 0) $$,
  'P0001', 'Material not found.', 'Another user cannot edit the owner''s material: it is not found');
select throws_ok($$ update public.products set product_name = 'Hijacked' $$,
  '42501', 'permission denied for table products', 'Another user cannot update products directly');
select throws_ok($$ update public.raw_materials set material_name = 'Hijacked' $$,
  '42501', 'permission denied for table raw_materials', 'Another user cannot update materials directly');
reset role;
select results_eq(
  $$ select product_name, selling_price from public.products where id = tests.id('hat') $$,
  $$ values ('Felt Hat', 350.00::numeric(12,2)) $$,
  'The owner''s product is unchanged by the other user');
select results_eq(
  $$ select material_name, supplier, cost_per_unit from public.raw_materials where id = tests.id('felt') $$,
  $$ values ('Wool Felt', 'Other Mill', 4.50::numeric(12,2)) $$,
  'The owner''s material is unchanged by the other user');

-- anon -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.products $$, '42501', 'permission denied for table products',
  'anon cannot read products');
select throws_ok($$ select 1 from public.raw_materials $$, '42501', 'permission denied for table raw_materials',
  'anon cannot read raw materials');
select throws_ok($$ select 1 from public.bom_items $$, '42501', 'permission denied for table bom_items',
  'anon cannot read BOM rows');
select throws_ok($$ select 1 from public.stock_movements $$, '42501', 'permission denied for table stock_movements',
  'anon cannot read the ledger');
select throws_ok($$ update public.products set product_name = 'anon' $$, '42501',
  'permission denied for table products', 'anon cannot edit products');
select throws_ok($$ update public.raw_materials set material_name = 'anon' $$, '42501',
  'permission denied for table raw_materials', 'anon cannot edit raw materials');
select throws_ok($$ insert into public.products (sku, product_name, selling_price) values ('A', 'A', 1) $$, '42501',
  'permission denied for table products', 'anon cannot insert products');

select * from finish();
rollback;

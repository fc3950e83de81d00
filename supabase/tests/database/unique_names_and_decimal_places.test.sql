-- SKUs and material names unique per user whatever their case and surrounding spaces, and numbers
-- with more decimal places than their column keeps refused instead of rounded (migrations
-- 20261123100000..100200). Each refusal names the field and writes nothing.
begin;
set local client_min_messages = warning;
select plan(24);

select tests.create_user('owner');
select tests.create_user('other');

-- Owner --------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
insert into tests.ids select 'p-1', id from public.create_product('P-1', 'Plain tee', null, 499);
insert into tests.ids select 'cotton', id from public.create_raw_material('Cotton fabric');
insert into tests.ids select 'button', id from public.create_raw_material('Shirt button', null, 0.125, 1000.5, null, 0.25);

create temp table counts_before on commit drop as
select (select count(*) from public.products) as products,
       (select count(*) from public.raw_materials) as materials,
       (select count(*) from public.bom_items) as bom_items,
       (select count(*) from public.stock_movements) as movements;
grant select on counts_before to authenticated;

select throws_ok($$ select public.create_product(' p-1 ', 'Another tee', null, 10) $$,
  '23505', 'A product with SKU P-1 already exists.',
  'A SKU differing only in case and surrounding spaces is refused, naming the existing SKU');
select throws_ok($$ select public.create_product('P-1', 'Another tee', null, 10) $$,
  '23505', 'A product with SKU P-1 already exists.', 'The same SKU is refused as before');
select throws_ok($$ select public.create_raw_material('  COTTON FABRIC ') $$,
  '23505', 'A material named Cotton fabric already exists.',
  'A material name differing only in case and surrounding spaces is refused, naming the existing one');
select throws_ok($$ select public.create_raw_material('Cotton fabric') $$,
  '23505', 'A material named Cotton fabric already exists.', 'The same material name is refused');

select results_eq(
  $$ select cost_per_unit, stock_level, reorder_point from public.raw_materials where id = tests.id('button') $$,
  $$ values (0.125::numeric, 1000.5::numeric, 0.25::numeric) $$,
  'A cost of ₹0.125 per button is kept exactly'
);
select lives_ok($$ select public.create_raw_material('Glass bead', null, 0.0625) $$,
  'A cost with four decimal places is accepted');
select is((select cost_per_unit from public.raw_materials where material_name = 'Glass bead'), 0.0625::numeric,
  'and kept exactly');
delete from counts_before;
insert into counts_before
select (select count(*) from public.products), (select count(*) from public.raw_materials),
       (select count(*) from public.bom_items), (select count(*) from public.stock_movements);

select throws_ok($$ select public.create_raw_material('Sequin', null, 0.12345) $$,
  'P0001', 'Cost per unit can have at most 4 decimal places.', 'A fifth decimal of a cost is refused, not rounded');
select throws_ok($$ select public.create_raw_material('Sequin', null, 1, 2.0005) $$,
  'P0001', 'Stock level can have at most 3 decimal places.', 'A fourth decimal of material stock is refused');
select throws_ok($$ select public.create_raw_material('Sequin', null, 1, 2, null, 1.0001) $$,
  'P0001', 'Reorder point can have at most 3 decimal places.', 'A fourth decimal of a material reorder point is refused');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, 12.345) $$,
  'P0001', 'Selling price can have at most 2 decimal places.', 'A selling price below a paisa is refused, not rounded');
select throws_ok(format($$ select public.create_product('NEW-1', 'New', null, 10, 0, 10, '[{"material_id": %s, "quantity": 0.0015}]') $$,
    to_json(tests.id('cotton'))),
  'P0001', 'BOM quantity can have at most 3 decimal places.', 'A fourth decimal of a BOM quantity is refused, not rounded');
select throws_ok(format($$ select public.create_product('NEW-1', 'New', null, 10, 0, 10, '[{"material_id": %s, "quantity": 0.0001}]') $$,
    to_json(tests.id('cotton'))),
  'P0001', 'BOM quantity must be at least 0.001.', 'A BOM quantity of 0.0001 is refused, not saved as 0');
select results_eq(
  $$ select (select count(*) from public.products), (select count(*) from public.raw_materials),
            (select count(*) from public.bom_items), (select count(*) from public.stock_movements) $$,
  $$ select products, materials, bom_items, movements from counts_before $$,
  'The refusals wrote nothing: no product, material, BOM row or ledger row'
);

select lives_ok(format($$ select public.create_product('NEW-1', 'New', null, 0.01, 0, 10, '[{"material_id": %s, "quantity": 0.001}]') $$,
    to_json(tests.id('button'))),
  'The smallest price (one paisa) and BOM quantity (0.001) are accepted');

-- Edits (update_raw_material, update_product) meet the same keys, with the same messages.
select throws_ok($$ select public.update_raw_material(tests.id('button'), 'cotton FABRIC', null, 0.125, 'pcs', 20) $$,
  '23505', 'A material named cotton FABRIC already exists.', 'Renaming a material to an existing name in another case is refused');
select throws_ok($$ select public.update_product(tests.id('p-1'), 'new-1 ', 'P', null, 10, 10) $$,
  '23505', 'A product with SKU new-1 already exists.', 'Changing a SKU to an existing one in another case is refused');

-- Other user: the same names are theirs to use ----------------------------------------------------
select tests.authenticate_as('other');
select lives_ok($$ select public.create_product('p-1', 'Their tee', null, 10) $$,
  'Another user may use a SKU the owner has');
select lives_ok($$ select public.create_raw_material('COTTON FABRIC') $$,
  'Another user may use a material name the owner has');
select throws_ok($$ select public.create_raw_material('cotton fabric ') $$,
  '23505', 'A material named COTTON FABRIC already exists.', 'but not twice themselves');

-- Anon ---------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select public.create_raw_material('Cotton fabric') $$,
  '42501', 'permission denied for function create_raw_material', 'anon cannot create a material');
select throws_ok($$ select private.require_decimals(1.5, 'x', 0) $$,
  '42501', 'permission denied for schema private', 'anon cannot reach the decimals helper');

-- The helper is reachable only from the operations -------------------------------------------------
reset role;
select function_privs_are('private', 'require_decimals', array['numeric', 'text', 'integer'], 'authenticated',
  array[]::text[], 'authenticated cannot execute private.require_decimals');
select is((select count(*)::int from public.products where user_id = tests.id('owner')), 2,
  'The owner has exactly the two products that were accepted');

select * from finish();
rollback;

-- update_product: edits a product's details with create_product's checks and messages; a non-null
-- bom replaces the BOM in the same transaction; stock is never edited here.
begin;
set local client_min_messages = warning;
select plan(25);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'silk', id from public.create_raw_material('Silk', null, 400, 30, 'metres');
insert into tests.ids select 'zari', id from public.create_raw_material('Zari', null, 50, 100, 'grams');
insert into tests.ids select 'old lace', id from public.create_raw_material('Old Lace', null, 5, 10, 'metres');
insert into tests.ids select 'saree', id from public.create_product('SAR-1', 'Saree', 'Ethnic', 2999, 7, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('silk'), 'quantity', 5.5)));
insert into tests.ids select 'scarf', id from public.create_product('SCF-1', 'Scarf', null, 499, 3);

-- Owner: details without touching the BOM ----------------------------------------------------------
select results_eq(
  $$ select sku, product_name, category, selling_price, reorder_point, stock_on_hand
     from public.update_product(tests.id('saree'), ' SAR-2 ', ' Silk Saree ', '', 3199.5, 4) $$,
  $$ values ('SAR-2', 'Silk Saree', null::text, 3199.50::numeric(12,2), 4, 7::numeric) $$,
  'Details are trimmed and saved, an empty category becomes none, stock stays 7');
select results_eq(
  $$ select material_id, quantity from public.bom_items where product_id = tests.id('saree') $$,
  $$ values (tests.id('silk'), 5.500::numeric(14,3)) $$,
  'Without a bom the BOM is left as it was');

-- Owner: replacing the BOM --------------------------------------------------------------------------
select lives_ok(
  $$ select public.update_product(tests.id('saree'), 'SAR-2', 'Silk Saree', 'Ethnic', 3199.5, 4,
       jsonb_build_array(jsonb_build_object('material_id', tests.id('silk'), 'quantity', 6),
                         jsonb_build_object('material_id', upper(tests.id('zari')::text), 'quantity', 0.25))) $$,
  'A new BOM with two materials is accepted');
select results_eq(
  $$ select material_id, quantity from public.bom_items where product_id = tests.id('saree') order by quantity $$,
  $$ values (tests.id('zari'), 0.250::numeric(14,3)), (tests.id('silk'), 6.000::numeric(14,3)) $$,
  'The BOM is replaced: silk 6, zari 0.25');
select lives_ok(
  $$ select public.update_product(tests.id('saree'), 'SAR-2', 'Silk Saree', 'Ethnic', 3199.5, 4, '[]') $$,
  'An empty bom clears the BOM');
select is_empty($$ select 1 from public.bom_items where product_id = tests.id('saree') $$, 'The BOM is empty');
select lives_ok(
  $$ select public.update_product(tests.id('scarf'), 'SCF-1', 'Scarf', null, 499, 3) $$,
  'Saving a product under its own SKU is not a duplicate');

-- Refusals: the same messages as create_product, and nothing written ------------------------------
select public.update_product(tests.id('saree'), 'SAR-2', 'Silk Saree', 'Ethnic', 3199.5, 4,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('silk'), 'quantity', 6)));
create temp table before on commit drop as
select (select to_jsonb(p) from public.products p where id = tests.id('saree')) as product,
       (select jsonb_agg(to_jsonb(b)) from public.bom_items b where product_id = tests.id('saree')) as bom;
grant select on before to authenticated;

select throws_ok($$ select public.update_product(tests.id('saree'), 'SCF-1', 'Saree', null, 10, 1) $$,
  '23505', 'A product with SKU SCF-1 already exists.', 'Another product''s SKU is refused');
select throws_ok($$ select public.update_product(tests.id('saree'), ' ', 'Saree', null, 10, 1) $$,
  'P0001', 'SKU is required.', 'A blank SKU is refused');
select throws_ok($$ select public.update_product(tests.id('saree'), 'SAR-2', null, null, 10, 1) $$,
  'P0001', 'Product name is required.', 'A missing name is refused');
select throws_ok($$ select public.update_product(tests.id('saree'), 'SAR-2', 'Saree', null, 0, 1) $$,
  'P0001', 'Selling price must be at least 0.01.', 'A price of 0 is refused');
select throws_ok($$ select public.update_product(tests.id('saree'), 'SAR-2', 'Saree', null, 10, 1.5) $$,
  'P0001', 'Reorder point must be a whole number.', 'A fractional reorder point is refused');
select throws_ok($$ select public.update_product(tests.id('saree'), 'SAR-2', 'Saree', repeat('c', 101), 10, 1) $$,
  'P0001', 'Category must be at most 100 characters.', 'An overlong category is refused');
select throws_ok(
  $$ select public.update_product(tests.id('saree'), 'SAR-2', 'Saree', null, 10, 1,
       jsonb_build_array(jsonb_build_object('material_id', tests.id('zari'), 'quantity', 1),
                         jsonb_build_object('material_id', tests.id('zari'), 'quantity', 2))) $$,
  'P0001', 'A material can appear only once in a BOM.', 'A material twice in the new BOM is refused');
select throws_ok(
  $$ select public.update_product(tests.id('saree'), 'SAR-2', 'Saree', null, 10, 1,
       jsonb_build_array(jsonb_build_object('material_id', tests.id('zari'), 'quantity', 0))) $$,
  'P0001', 'BOM quantity must be at least 0.001.', 'A BOM quantity of 0 is refused');
select throws_ok(
  $$ select public.update_product(tests.id('saree'), 'SAR-2', 'Saree', null, 10, 1, '{"material_id": 1}') $$,
  'P0001', 'BOM must be a list of materials.', 'A bom that is not a list is refused');
select throws_ok(
  $$ select public.update_product(tests.id('saree'), 'SAR-2', 'Saree', null, 10, 1,
       jsonb_build_array(jsonb_build_object('material_id', gen_random_uuid(), 'quantity', 1))) $$,
  'P0001', 'Material not found.', 'An unknown material in the BOM is refused');
select public.archive_item(material_id => tests.id('old lace'));
select throws_ok(
  $$ select public.update_product(tests.id('saree'), 'SAR-2', 'Saree', null, 10, 1,
       jsonb_build_array(jsonb_build_object('material_id', tests.id('old lace'), 'quantity', 1))) $$,
  'P0001', 'Old Lace is archived.', 'An archived material cannot be added to a BOM');

-- Another user and anon --------------------------------------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.update_product(tests.id('saree'), 'MINE', 'Mine', null, 1, 0, '[]') $$,
  'P0001', 'Product not found.', 'Another user cannot edit the owner''s product: it is not found');
select tests.authenticate_as_anon();
select throws_ok($$ select public.update_product(tests.id('saree'), 'MINE', 'Mine', null, 1, 0) $$,
  '42501', 'permission denied for function update_product', 'anon cannot edit products');

reset role;
select results_eq(
  $$ select (select to_jsonb(p) from public.products p where id = tests.id('saree')),
            (select jsonb_agg(to_jsonb(b)) from public.bom_items b where product_id = tests.id('saree')) $$,
  $$ select product, bom from before $$,
  'The product and its BOM are unchanged after every refused edit');

select tests.authenticate_as('owner');
-- Its costs, in the same call (issue 33: the form's one write): all four at once when given, left
-- alone when not; a refused cost leaves the details unchanged too.
select is((select jsonb_build_array(p.labour_per_unit, p.overhead_per_run, p.run_size, p.purchase_cost)
           from public.update_product(tests.id('saree'), 'SAR-2', 'Saree', null, 10, 1,
             costs => '{"labour_per_unit": 60, "overhead_per_run": 300, "run_size": 10}') p),
  '[60.00, 300.00, 10, null]'::jsonb, 'An edit sets the costs it is given, the purchase cost not known');
select is((select jsonb_build_array(p.product_name, p.labour_per_unit, p.run_size)
           from public.update_product(tests.id('saree'), 'SAR-2', 'Silk Saree', null, 10, 1) p),
  '["Silk Saree", 60.00, 10]'::jsonb, 'An edit without costs leaves them as they were');
select is(tests.refusal($$ select public.update_product(tests.id('saree'), 'SAR-2', 'Renamed', null, 10, 1,
    costs => '{"overhead_per_run": 0.001}') $$),
  'P0001 | Overhead per run can have at most 2 decimal places. | field:overhead_per_run',
  'An overhead with a tenth of a paisa is refused');
select is((select jsonb_build_array(product_name, overhead_per_run) from public.products where id = tests.id('saree')),
  '["Silk Saree", 300.00]'::jsonb, 'and the refused edit changed neither the name nor the costs');

select * from finish();
rollback;

-- create_product: a product and its bill of materials in one transaction, opening stock in the
-- ledger; every bad input refused with a clear message and nothing created.
begin;
set local client_min_messages = warning;
select plan(50);

select tests.create_user('owner');
select tests.create_user('other');

select tests.authenticate_as('other');
insert into tests.ids select 'others cloth', id from public.create_raw_material('Other''s cloth');

select tests.authenticate_as('owner');
insert into tests.ids select 'cotton', id from public.create_raw_material('Cotton', 'Mill', 120, 50, 'metres', 20);
insert into tests.ids select 'thread', id from public.create_raw_material('Thread', null, 2, 500, 'spools', 20);

-- Owner: the happy path ------------------------------------------------------------------------
insert into tests.ids select 'shirt', id from public.create_product(
  sku => '  SHIRT-1  ', product_name => ' Linen Shirt ', category => 'Apparel', selling_price => 1499.5,
  stock_on_hand => 12, reorder_point => 5,
  bom => jsonb_build_array(
    jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1.25),
    jsonb_build_object('material_id', upper(tests.id('thread')::text), 'quantity', 2)));

select results_eq(
  $$ select user_id, sku, product_name, category, selling_price, stock_on_hand, reorder_point
     from public.products where id = tests.id('shirt') $$,
  $$ values (tests.id('owner'), 'SHIRT-1', 'Linen Shirt', 'Apparel', 1499.50::numeric(12,2), 12::numeric, 5) $$,
  'The product is stored for its owner with trimmed SKU and name and the given figures'
);
select results_eq(
  $$ select material_id, quantity from public.bom_items where product_id = tests.id('shirt') order by quantity $$,
  $$ values (tests.id('cotton'), 1.250::numeric(14,3)), (tests.id('thread'), 2.000::numeric(14,3)) $$,
  'The BOM rows are stored with fractional quantities (an upper-case material id is accepted)'
);
select results_eq(
  $$ select quantity, balance_after, reason::text, sales_order_id, manufacturing_order_id
     from public.stock_movements where product_id = tests.id('shirt') $$,
  $$ values (12.000::numeric(14,3), 12.000::numeric(14,3), 'opening_stock', null::uuid, null::uuid) $$,
  'Opening stock of 12 is recorded as one opening_stock ledger row with balance 12'
);
select ok((select created_at is not null from public.products where id = tests.id('shirt')),
  'The creation time is set by the server');

insert into tests.ids select 'plain', id from public.create_product('PLAIN-1', 'Plain', selling_price => 10);
select results_eq(
  $$ select category, stock_on_hand, reorder_point from public.products where id = tests.id('plain') $$,
  $$ values (null::text, 0::numeric, 10) $$,
  'Defaults: no category, stock 0, reorder point 10'
);
select is_empty($$ select 1 from public.stock_movements where product_id = tests.id('plain') $$,
  'A product created with no stock has no ledger row');
select is_empty($$ select 1 from public.bom_items where product_id = tests.id('plain') $$,
  'A product may have an empty BOM');

insert into tests.ids select 'nulls', id
from public.create_product('NULLS-1', 'Nulls', '', 10, null, null, null);
select results_eq(
  $$ select category, stock_on_hand, reorder_point from public.products where id = tests.id('nulls') $$,
  $$ values (null::text, 0::numeric, 10) $$,
  'Null stock, reorder point and BOM fall back to 0, 10 and none; a blank category is stored as null'
);

-- Owner: refusals, each with its message -------------------------------------------------------
create temp table counts_before on commit drop as
select (select count(*) from public.products) as products,
       (select count(*) from public.bom_items) as bom_items,
       (select count(*) from public.stock_movements) as movements;
grant select on counts_before to authenticated;

select throws_ok($$ select public.create_product('  ', 'Blank SKU', null, 10) $$,
  'P0001', 'SKU is required.', 'A blank SKU is refused');
select throws_ok($$ select public.create_product(null, 'No SKU', null, 10) $$,
  'P0001', 'SKU is required.', 'A missing SKU is refused');
select throws_ok($$ select public.create_product(repeat('S', 65), 'Long SKU', null, 10) $$,
  'P0001', 'SKU must be at most 64 characters.', 'A SKU over 64 characters is refused');
select throws_ok($$ select public.create_product('NEW-1', '   ', null, 10) $$,
  'P0001', 'Product name is required.', 'A blank product name is refused');
select throws_ok($$ select public.create_product('NEW-1', null, null, 10) $$,
  'P0001', 'Product name is required.', 'A missing product name is refused');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, 0) $$,
  'P0001', 'Selling price must be at least 0.01.', 'A selling price of 0 is refused');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, -5) $$,
  'P0001', 'Selling price must be at least 0.01.', 'A negative selling price is refused');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, null) $$,
  'P0001', 'Selling price is required.', 'A missing selling price is refused');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, 'NaN') $$,
  'P0001', 'Selling price must be a number.', 'A NaN selling price is refused');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, 10, 2.5) $$,
  'P0001', 'Stock on hand must be a whole number.', 'Fractional product stock is refused');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, 10, -1) $$,
  'P0001', 'Stock on hand must be at least 0.', 'Negative product stock is refused');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, 10, 0, -1) $$,
  'P0001', 'Reorder point must be at least 0.', 'A negative reorder point is refused');
select throws_ok($$ select public.create_product('SHIRT-1', 'Second shirt', null, 10) $$,
  '23505', 'A product with SKU SHIRT-1 already exists.', 'A duplicate SKU is refused');
select throws_ok($$ select public.create_product(' SHIRT-1 ', 'Second shirt', null, 10) $$,
  '23505', 'A product with SKU SHIRT-1 already exists.',
  'A duplicate SKU is refused even with surrounding spaces');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, '{"material_id": "x"}') $$,
  'P0001', 'BOM must be a list of materials.', 'A BOM that is not a JSON array is refused');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, 'null') $$,
  'P0001', 'BOM must be a list of materials.', 'A JSON null BOM is refused');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, '[{"quantity": 1}]') $$,
  'P0001', 'Each BOM row needs a material.', 'A BOM row without a material is refused');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, '["cotton"]') $$,
  'P0001', 'Each BOM row needs a material.', 'A BOM row that is not an object is refused');
select throws_ok(format($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, '[{"material_id": %s}]') $$,
    to_json(tests.id('cotton'))),
  'P0001', 'Each BOM row needs a quantity.', 'A BOM row without a quantity is refused');
select throws_ok(format($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, '[{"material_id": %s, "quantity": "2"}]') $$,
    to_json(tests.id('cotton'))),
  'P0001', 'Each BOM row needs a quantity.', 'A BOM quantity given as text is refused');
select throws_ok(format($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, '[{"material_id": %s, "quantity": 0}]') $$,
    to_json(tests.id('cotton'))),
  'P0001', 'BOM quantity must be at least 0.001.', 'A BOM quantity of 0 is refused');
select throws_ok(format($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, '[{"material_id": %s, "quantity": -1}]') $$,
    to_json(tests.id('cotton'))),
  'P0001', 'BOM quantity must be at least 0.001.', 'A negative BOM quantity is refused');
select throws_ok(format($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, '[{"material_id": %s, "quantity": 1}]') $$,
    to_json(gen_random_uuid())),
  'P0001', 'Material not found.', 'A BOM naming an unknown material is refused');
select throws_ok($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, '[{"material_id": "not-a-uuid", "quantity": 1}]') $$,
  'P0001', 'Material not found.', 'A BOM naming a malformed material id is refused');
select throws_ok(format($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, '[{"material_id": %s, "quantity": 1}]') $$,
    to_json(tests.id('others cloth'))),
  'P0001', 'Material not found.', 'A BOM naming another user''s material is refused as not found');
select throws_ok(format($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10,
    '[{"material_id": %s, "quantity": 1}, {"material_id": %s, "quantity": 2}]') $$,
    to_json(tests.id('cotton')), to_json(upper(tests.id('cotton')::text))),
  'P0001', 'A material can appear only once in a BOM.', 'A material listed twice in one BOM is refused');
select throws_ok(format($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, %L) $$,
    (select jsonb_agg(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1)) from generate_series(1, 201))),
  'P0001', 'A BOM can list at most 200 materials; this one lists 201.',
  'A BOM of more than 200 lines is refused before any line is read');
select throws_ok(format($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, %L) $$,
    (select jsonb_agg(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1)) from generate_series(1, 200))),
  'P0001', 'A material can appear only once in a BOM.',
  'A BOM of 200 lines is read line by line as before (here a material repeated)');

-- Its costs beyond the BOM, in the same call (issue 33: the form's one write), checked as
-- set_product_costs checks them; a refusal writes nothing, not even the product.
select is(tests.refusal($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, costs => '{"labour_per_unit": "60"}') $$),
  'P0001 | Labour per unit must be a number. | field:labour_per_unit', 'A labour cost given as text is refused, naming it');
select is(tests.refusal($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, costs => '{"labour": 60}') $$),
  'P0001 | Costs have no labour: give labour_per_unit, overhead_per_run, run_size and purchase_cost. | field:costs',
  'A cost the product does not have is refused');
select is(tests.refusal($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, costs => '[60]') $$),
  'P0001 | Costs must be an object of labour_per_unit, overhead_per_run, run_size and purchase_cost. | field:costs',
  'Costs that are not an object are refused');
select is(tests.refusal($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, costs => '{"purchase_cost": -1}') $$),
  'P0001 | Purchase cost must be at least 0. | field:purchase_cost', 'A negative purchase cost is refused');
select is(tests.refusal($$ select public.create_product('NEW-1', 'New', null, 10, 3, 10, costs => '{"run_size": 2.5}') $$),
  'P0001 | Run size must be a whole number. | field:run_size', 'A run size of 2.5 is refused');

select results_eq(
  $$ select (select count(*) from public.products), (select count(*) from public.bom_items),
            (select count(*) from public.stock_movements) $$,
  $$ select products, bom_items, movements from counts_before $$,
  'No refused product left a product, BOM row or ledger row behind (not even the opening stock of a product refused for its BOM)'
);

select is((select to_jsonb(p) from (select labour_per_unit, overhead_per_run, run_size, purchase_cost
           from public.create_product('DUP-1', 'Dupatta', null, 800, 0, 10, '[]', '6f0c1f1e-33a1-4a0e-9d4e-0c3c33f0d001',
             '{"labour_per_unit": 20, "overhead_per_run": 300, "run_size": 10, "purchase_cost": 450.5}')) p),
  '{"labour_per_unit": 20.00, "overhead_per_run": 300.00, "run_size": 10, "purchase_cost": 450.50}'::jsonb,
  'A product is created with its costs in one call, and returned with them');
select is((select to_jsonb(p) - 'id' - 'created_at' - 'updated_at' from public.create_product('DUP-1', 'Dupatta', null, 800, 0, 10, '[]',
             '6f0c1f1e-33a1-4a0e-9d4e-0c3c33f0d001', '{"purchase_cost": 1}') p),
  (select to_jsonb(p) - 'id' - 'created_at' - 'updated_at' from public.products p where p.sku = 'DUP-1'),
  'Repeating the request returns the first call''s product with its costs');
select is((select jsonb_build_array(count(*), min(purchase_cost)) from public.products where sku = 'DUP-1'), '[1, 450.50]'::jsonb,
  'and writes nothing: one dupatta, its purchase cost as first given');

-- Another user ---------------------------------------------------------------------------------
select tests.authenticate_as('other');
insert into tests.ids select 'other shirt', id from public.create_product('SHIRT-1', 'Their shirt', null, 20);
select is((select user_id from public.products where id = tests.id('other shirt')), tests.id('other'),
  'SKUs are unique per user: another user may use SHIRT-1 too, and owns that product');
select is_empty($$ select 1 from public.products where id = tests.id('shirt') $$,
  'Another user does not see the owner''s product');

-- Not signed in and anon -------------------------------------------------------------------------
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select throws_ok($$ select public.create_product('ANON-1', 'Anon', null, 10) $$,
  '42501', 'Not signed in.', 'Creating a product without a user id is refused');
select tests.authenticate_as_anon();
select throws_ok($$ select public.create_product('ANON-1', 'Anon', null, 10) $$,
  '42501', 'permission denied for function create_product', 'anon cannot create a product');

reset role;
select is((select count(*) from public.products where sku = 'ANON-1'), 0::bigint,
  'No product was created without a signed-in user');

select * from finish();
rollback;

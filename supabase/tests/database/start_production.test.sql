-- start_production: consumes BOM quantity x quantity to produce of every material with one ledger
-- row each, or refuses with the spec's message and commits nothing.
begin;
set local client_min_messages = warning;
select plan(30);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'cotton', id from public.create_raw_material('Cotton', null, 100, 10.5, 'metres');
insert into tests.ids select 'thread', id from public.create_raw_material('Thread', null, 5, 40, 'spools');
insert into tests.ids select 'spare', id from public.create_raw_material('Spare', null, 1, 7);
insert into tests.ids select 'shirt', id from public.create_product('SHIRT-1', 'Shirt', null, 500, 0, 10,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1.5),
                    jsonb_build_object('material_id', tests.id('thread'), 'quantity', 4)));
insert into tests.ids select 'sticker', id from public.create_product('STICK-1', 'Sticker', null, 5);

-- Owner: the happy path ------------------------------------------------------------------------
insert into tests.ids select 'run', id from public.start_production(tests.id('shirt'), 3);
select results_eq(
  $$ select user_id, product_id, product_name, quantity_to_produce, status::text, completion_date
     from public.manufacturing_orders where id = tests.id('run') $$,
  $$ values (tests.id('owner'), tests.id('shirt'), 'Shirt', 3::numeric, 'In Progress', null::timestamptz) $$,
  'Starting production records the product, its name, the quantity, status In Progress and no completion date'
);
select ok((select creation_date is not null from public.manufacturing_orders where id = tests.id('run')),
  'The creation date is set by the server');
select is((select stock_level from public.raw_materials where id = tests.id('cotton')), 6.000::numeric(14,3),
  'Cotton drops by 1.5 x 3 = 4.5 (10.5 -> 6)');
select is((select stock_level from public.raw_materials where id = tests.id('thread')), 28.000::numeric(14,3),
  'Thread drops by 4 x 3 = 12 (40 -> 28)');
select is((select stock_level from public.raw_materials where id = tests.id('spare')), 7.000::numeric(14,3),
  'A material outside the BOM is untouched');
select is((select stock_on_hand from public.products where id = tests.id('shirt')), 0::numeric,
  'Starting production adds no finished stock yet');
select results_eq(
  $$ select material_id, product_id, quantity, balance_after, reason::text, manufacturing_order_id, sales_order_id
     from public.stock_movements where manufacturing_order_id = tests.id('run') order by quantity $$,
  $$ values (tests.id('thread'), null::uuid, -12.000::numeric(14,3), 28.000::numeric(14,3), 'production_consumption', tests.id('run'), null::uuid),
            (tests.id('cotton'), null::uuid, -4.500::numeric(14,3), 6.000::numeric(14,3), 'production_consumption', tests.id('run'), null::uuid) $$,
  'One production_consumption ledger row per material: signed quantity, balance after, the order as source'
);

insert into tests.ids select 'run 2', id from public.start_production(tests.id('shirt'), 4);
select is((select stock_level from public.raw_materials where id = tests.id('cotton')), 0.000::numeric(14,3),
  'A run needing exactly the remaining cotton (1.5 x 4 = 6) is allowed and leaves 0');

insert into tests.ids select 'sticker run', id from public.start_production(tests.id('sticker'), 10);
select is((select status::text from public.manufacturing_orders where id = tests.id('sticker run')), 'In Progress',
  'A product with an empty BOM can be produced');
select is_empty($$ select 1 from public.stock_movements where manufacturing_order_id = tests.id('sticker run') $$,
  'A run with an empty BOM consumes nothing and writes no ledger row');

-- Owner: refusals, nothing committed -------------------------------------------------------------
create temp table before on commit drop as
select (select count(*) from public.manufacturing_orders) as orders,
       (select count(*) from public.stock_movements) as movements,
       (select jsonb_object_agg(id, stock_level) from public.raw_materials) as stock;
grant select on before to authenticated;

select throws_ok($$ select public.start_production(tests.id('shirt'), 1) $$,
  'P0001', 'Not enough raw materials to start production.',
  'A run needing more of one material than is in stock is refused with the spec''s message');
-- Restock cotton as the database owner (there is no receipt operation yet), keeping the ledger whole.
reset role;
update public.raw_materials set stock_level = 1000 where id = tests.id('cotton');
insert into public.stock_movements (user_id, material_id, quantity, balance_after, reason)
values (tests.id('owner'), tests.id('cotton'), 1000, 1000, 'opening_stock');
update before set movements = movements + 1,
  stock = stock || jsonb_build_object(tests.id('cotton'), 1000.000);
select tests.authenticate_as('owner');
select throws_ok($$ select public.start_production(tests.id('shirt'), 5) $$,
  'P0001', 'Not enough raw materials to start production.',
  'Enough cotton but too little thread (4 x 5 = 20 > 12) is refused: every material must suffice');
select is((select stock_level from public.raw_materials where id = tests.id('cotton')), 1000.000::numeric(14,3),
  'The refused run consumed none of the material that was sufficient');
select lives_ok($$ select public.start_production(tests.id('shirt'), 3) $$,
  'A run of 3 needing exactly the 12 thread left is allowed');
select throws_ok($$ select public.start_production(tests.id('shirt'), 1) $$,
  'P0001', 'Not enough raw materials to start production.', 'With thread at 0 even one shirt is refused');
-- Account for the allowed run of 3 in the expected state.
reset role;
update before set orders = orders + 1, movements = movements + 2,
  stock = stock || jsonb_build_object(tests.id('cotton'), 995.500, tests.id('thread'), 0.000);
select tests.authenticate_as('owner');

select throws_ok($$ select public.start_production(tests.id('shirt'), 0) $$,
  'P0001', 'Quantity to produce must be at least 1.', 'Producing 0 is refused');
select throws_ok($$ select public.start_production(tests.id('shirt'), -2) $$,
  'P0001', 'Quantity to produce must be at least 1.', 'Producing a negative quantity is refused');
select throws_ok($$ select public.start_production(tests.id('shirt'), 2.5) $$,
  'P0001', 'Quantity to produce must be a whole number.', 'Producing a fractional quantity is refused');
select throws_ok($$ select public.start_production(tests.id('shirt'), null) $$,
  'P0001', 'Quantity to produce is required.', 'Producing without a quantity is refused');
select throws_ok($$ select public.start_production(tests.id('shirt'), 'NaN') $$,
  'P0001', 'Quantity to produce must be a number.', 'Producing NaN is refused');
select throws_ok($$ select public.start_production(null, 1) $$,
  'P0001', 'Product is required.', 'Producing without a product is refused');
select throws_ok($$ select public.start_production(gen_random_uuid(), 1) $$,
  'P0001', 'Product not found.', 'Producing a product that does not exist is refused');
select throws_ok($$ select public.start_production(tests.id('cotton'), 1) $$,
  'P0001', 'Product not found.', 'A material id is not a product id');

select results_eq(
  $$ select (select count(*) from public.manufacturing_orders), (select count(*) from public.stock_movements),
            (select jsonb_object_agg(id, stock_level) from public.raw_materials) $$,
  $$ select orders, movements, stock from before $$,
  'No refused run created an order, wrote a ledger row or changed any material''s stock'
);

-- Another user, not signed in, anon --------------------------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.start_production(tests.id('shirt'), 1) $$,
  'P0001', 'Product not found.', 'Another user cannot produce the owner''s product: it is not found');
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select throws_ok($$ select public.start_production(tests.id('shirt'), 1) $$,
  '42501', 'Not signed in.', 'Producing without a user id is refused');
select tests.authenticate_as_anon();
select throws_ok($$ select public.start_production(tests.id('shirt'), 1) $$,
  '42501', 'permission denied for function start_production', 'anon cannot start production');

select tests.authenticate_as('owner');
select results_eq(
  $$ select (select count(*) from public.manufacturing_orders), (select count(*) from public.stock_movements),
            (select jsonb_object_agg(id, stock_level) from public.raw_materials) $$,
  $$ select orders, movements, stock from before $$,
  'Nothing changed after the other user''s, the unsigned and anon''s attempts'
);
reset role;
select is((select count(*) from public.manufacturing_orders where user_id = tests.id('other')), 0::bigint,
  'The other user has no manufacturing order');
select results_eq(
  $$ select stock_level from public.raw_materials where user_id = tests.id('owner') order by material_name $$,
  $$ values (995.500::numeric(14,3)), (7.000::numeric(14,3)), (0.000::numeric(14,3)) $$,
  'Final stock: cotton 995.5, spare 7, thread 0 — never below zero'
);

select * from finish();
rollback;

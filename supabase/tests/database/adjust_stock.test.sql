-- adjust_stock: a physical count sets one item's stock and records the signed difference with its
-- reason; no reason, no change or a fractional product count is refused and writes nothing.
begin;
set local client_min_messages = warning;
select plan(23);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'thread', id from public.create_raw_material('Thread', null, 2, 10.5, 'spools');
insert into tests.ids select 'kurta', id from public.create_product('KUR-1', 'Kurta', null, 499, 12);

-- Owner: counts of a product and a material --------------------------------------------------------
select results_eq(
  $$ select quantity, balance_after, reason::text, note, product_id, material_id
     from public.adjust_stock(product_id => tests.id('kurta'), counted => 9, note => 'Shelf count') $$,
  $$ values (-3.000::numeric(14,3), 9.000::numeric(14,3), 'adjustment', 'Shelf count', tests.id('kurta'), null::uuid) $$,
  'Counting 9 kurtas where 12 were recorded writes an adjustment of -3 with the balance 9 and the reason');
select is((select stock_on_hand from public.products where id = tests.id('kurta')), 9::numeric, 'The kurta stock is now 9');
select results_eq(
  $$ select quantity, balance_after from public.adjust_stock(null, tests.id('thread'), 11.25, 'Found a box') $$,
  $$ values (0.750::numeric(14,3), 11.250::numeric(14,3)) $$,
  'Counting 11.25 spools of thread where 10.5 were recorded adds 0.75');
select is((select stock_level from public.raw_materials where id = tests.id('thread')), 11.250::numeric(14,3),
  'The thread stock is now 11.25');
select results_eq(
  $$ select quantity, balance_after from public.adjust_stock(null, tests.id('thread'), 0, 'Water damage') $$,
  $$ values (-11.250::numeric(14,3), 0.000::numeric(14,3)) $$,
  'A count of 0 writes off everything');

-- Refusals -------------------------------------------------------------------------------------
create temp table before on commit drop as
select (select stock_on_hand from public.products where id = tests.id('kurta')) as product_stock,
       (select stock_level from public.raw_materials where id = tests.id('thread')) as material_stock,
       (select count(*) from public.stock_movements) as movements;
grant select on before to authenticated;

select throws_ok($$ select public.adjust_stock(tests.id('kurta'), null, 5, '   ') $$,
  'P0001', 'A reason is required.', 'A blank reason is refused');
select throws_ok($$ select public.adjust_stock(tests.id('kurta'), null, 5, null) $$,
  'P0001', 'A reason is required.', 'A missing reason is refused');
select throws_ok($$ select public.adjust_stock(tests.id('kurta'), null, 9, 'Recount') $$,
  'P0001', 'Stock is already 9.', 'A count equal to the stock is refused');
select throws_ok($$ select public.adjust_stock(null, tests.id('thread'), 0.000, 'Recount') $$,
  'P0001', 'Stock is already 0.', 'A material count equal to the stock is refused, without trailing zeros');
select throws_ok($$ select public.adjust_stock(tests.id('kurta'), null, 2.5, 'Half a kurta') $$,
  'P0001', 'Counted stock must be a whole number.', 'Products are counted in whole numbers');
select throws_ok($$ select public.adjust_stock(null, tests.id('thread'), 1.0005, 'Too precise') $$,
  'P0001', 'Counted stock can have at most 3 decimal places.', 'Materials are counted to 3 decimals');
select throws_ok($$ select public.adjust_stock(tests.id('kurta'), null, -1, 'Negative') $$,
  'P0001', 'Counted stock must be at least 0.', 'A negative count is refused');
select throws_ok($$ select public.adjust_stock(tests.id('kurta'), null, 'NaN', 'NaN') $$,
  'P0001', 'Counted stock must be a number.', 'A count of NaN is refused');
select throws_ok($$ select public.adjust_stock(tests.id('kurta'), null, null, 'No count') $$,
  'P0001', 'Counted stock is required.', 'A missing count is refused');
select throws_ok($$ select public.adjust_stock(tests.id('kurta'), tests.id('thread'), 1, 'Both') $$,
  'P0001', 'Choose exactly one product or material.', 'Naming a product and a material is refused');
select throws_ok($$ select public.adjust_stock(null, null, 1, 'Neither') $$,
  'P0001', 'Choose exactly one product or material.', 'Naming no item is refused');
select throws_ok($$ select public.adjust_stock(gen_random_uuid(), null, 1, 'Unknown') $$,
  'P0001', 'Product not found.', 'An unknown product is refused');
select throws_ok($$ select public.adjust_stock(null, tests.id('kurta'), 1, 'Wrong kind') $$,
  'P0001', 'Material not found.', 'A product id is not a material id');

-- Another user and anon --------------------------------------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.adjust_stock(tests.id('kurta'), null, 100, 'Mine now') $$,
  'P0001', 'Product not found.', 'Another user cannot count the owner''s product: it is not found');
select tests.authenticate_as_anon();
select throws_ok($$ select public.adjust_stock(tests.id('kurta'), null, 100, 'anon') $$,
  '42501', 'permission denied for function adjust_stock', 'anon cannot count stock');

reset role;
select results_eq(
  $$ select (select stock_on_hand from public.products where id = tests.id('kurta'))::numeric,
            (select stock_level from public.raw_materials where id = tests.id('thread')),
            (select count(*) from public.stock_movements)::numeric $$,
  $$ select product_stock::numeric, material_stock, movements::numeric from before $$,
  'Stock and ledger are unchanged after every refused count');
select is((select sum(quantity) from public.stock_movements where product_id = tests.id('kurta')), 9.000::numeric,
  'Product stock equals the sum of its movements (12 opening - 3 counted)');
select is((select sum(quantity) from public.stock_movements where material_id = tests.id('thread')), 0.000::numeric,
  'Material stock equals the sum of its movements');

select * from finish();
rollback;

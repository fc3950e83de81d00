-- log_sale: a sale takes its quantity from product stock and writes one ledger row, or is refused
-- with a clear message and commits nothing.
begin;
set local client_min_messages = warning;
select plan(40);

select tests.create_user('owner');
select tests.create_user('other');

select tests.authenticate_as('owner');
insert into tests.ids select 'widget', id
from public.create_product('WID-1', 'Widget', 'Toys', 250, 5, 2, '[]');
insert into tests.ids select 'empty', id
from public.create_product('EMP-1', 'Empty Shelf', null, 99.5, 0, 10, '[]');

-- Owner: the happy path ------------------------------------------------------------------------
insert into tests.ids select 'sale', id from public.log_sale(tests.id('widget'), 2, 'Amazon');

select results_eq(
  $$ select platform::text, product_id, product_name, quantity, unit_price, total_amount, status::text
     from public.sales_orders where id = tests.id('sale') $$,
  $$ values ('Amazon', tests.id('widget'), 'Widget', 2, 250.00::numeric(12,2), 500.00::numeric(14,2), 'Unfulfilled') $$,
  'A sale records platform, product, its name, quantity, unit price, total = quantity x price and status Unfulfilled'
);
select is((select stock_on_hand from public.products where id = tests.id('widget')), 3::numeric,
  'A sale of 2 takes 2 from stock on hand (5 -> 3)');
select results_eq(
  $$ select product_id, material_id, quantity, balance_after, reason::text, sales_order_id, manufacturing_order_id
     from public.stock_movements where sales_order_id = tests.id('sale') $$,
  $$ values (tests.id('widget'), null::uuid, -2.000::numeric(14,3), 3.000::numeric(14,3), 'sale', tests.id('sale'), null::uuid) $$,
  'The sale writes one ledger row: -2 of the product, balance 3, reason sale, the order as source'
);
select ok((select order_date is not null from public.sales_orders where id = tests.id('sale')),
  'The order date is set by the server');

select is((select platform::text from public.log_sale(tests.id('widget'), 1)), 'Flipkart',
  'The platform defaults to Flipkart');
select is((select status::text from public.log_sale(tests.id('widget'), 2, 'Brand Website')), 'Unfulfilled',
  'Selling exactly the remaining stock is allowed');
select is((select stock_on_hand from public.products where id = tests.id('widget')), 0::numeric,
  'Selling the last units leaves stock at 0');

-- Owner: refused sales, each with its message and nothing committed --------------------------
create temp table counts_before on commit drop as
select (select count(*) from public.sales_orders) as orders,
       (select count(*) from public.stock_movements) as movements;
grant select on counts_before to authenticated;

select throws_ok($$ select public.log_sale(tests.id('widget'), 1, 'Myntra') $$,
  'P0001', 'Not enough stock for Widget. Only 0 available.',
  'A sale beyond stock is refused with the spec''s message, naming the product and its stock');
select throws_ok($$ select public.log_sale(tests.id('empty'), 3) $$,
  'P0001', 'Not enough stock for Empty Shelf. Only 0 available.',
  'A sale of a product never stocked is refused with the same message');

-- Restock to 4 as the database owner (there is no receipt operation yet), keeping the ledger whole.
reset role;
update public.products set stock_on_hand = 4 where id = tests.id('widget');
insert into public.stock_movements (user_id, product_id, quantity, balance_after, reason)
values (tests.id('owner'), tests.id('widget'), 4, 4, 'opening_stock');
update counts_before set movements = movements + 1;
select tests.authenticate_as('owner');

select throws_ok($$ select public.log_sale(tests.id('widget'), 5) $$,
  'P0001', 'Not enough stock for Widget. Only 4 available.',
  'A sale of 5 with 4 in stock is refused and reports the 4 available');
select is((select stock_on_hand from public.products where id = tests.id('widget')), 4::numeric,
  'A refused sale leaves stock unchanged');

select throws_ok($$ select public.log_sale(tests.id('widget'), 0) $$,
  'P0001', 'Quantity must be at least 1.', 'A sale of 0 units is refused');
select throws_ok($$ select public.log_sale(tests.id('widget'), -1) $$,
  'P0001', 'Quantity must be at least 1.', 'A negative sale quantity is refused');
select throws_ok($$ select public.log_sale(tests.id('widget'), 1.5) $$,
  'P0001', 'Quantity must be a whole number.', 'A fractional sale quantity is refused');
select throws_ok($$ select public.log_sale(tests.id('widget'), null) $$,
  'P0001', 'Quantity is required.', 'A missing sale quantity is refused');
select throws_ok($$ select public.log_sale(tests.id('widget'), 'NaN') $$,
  'P0001', 'Quantity must be a number.', 'A NaN sale quantity is refused');
select throws_ok($$ select public.log_sale(tests.id('widget'), 'Infinity') $$,
  'P0001', 'Quantity must be a number.', 'An infinite sale quantity is refused');
select throws_ok($$ select public.log_sale(tests.id('widget'), 1000000001) $$,
  'P0001', 'Quantity must be at most 1000000000.', 'An absurdly large sale quantity is refused');
select throws_ok($$ select public.log_sale(null, 1) $$,
  'P0001', 'Product is required.', 'A sale without a product is refused');
select throws_ok($$ select public.log_sale(gen_random_uuid(), 1) $$,
  'P0001', 'Product not found.', 'A sale of a product that does not exist is refused');
select throws_ok($$ select public.log_sale(tests.id('widget'), 1, 'eBay') $$,
  'P0001', 'Platform must be one of: Flipkart, Myntra, Amazon, Meesho, Ajio, Brand Website, Other.',
  'A platform outside the spec''s list is refused');
select throws_ok($$ select public.log_sale(tests.id('widget'), 1, 'amazon') $$,
  'P0001', 'Platform must be one of: Flipkart, Myntra, Amazon, Meesho, Ajio, Brand Website, Other.',
  'Platform names are exact: lower-case amazon is refused');
select throws_ok($$ select public.log_sale(tests.id('widget'), 1, null) $$,
  'P0001', 'Platform must be one of: Flipkart, Myntra, Amazon, Meesho, Ajio, Brand Website, Other.',
  'A null platform is refused');

select is((select count(*) from public.sales_orders), (select orders from counts_before),
  'No refused sale created an order');
select is((select count(*) from public.stock_movements), (select movements from counts_before),
  'No refused sale wrote a ledger row');
select is((select stock_on_hand from public.products where id = tests.id('widget')), 4::numeric,
  'No refused sale changed stock');

-- Another user: cannot sell the owner's product ------------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.log_sale(tests.id('widget'), 1) $$,
  'P0001', 'Product not found.', 'Another user cannot sell the owner''s product: it is not found');
select throws_ok($$ select public.log_sale(tests.id('widget'), 100) $$,
  'P0001', 'Product not found.',
  'Another user over-selling the owner''s product learns nothing about its stock');

reset role;
select is((select stock_on_hand from public.products where id = tests.id('widget')), 4::numeric,
  'Another user''s attempts leave the owner''s stock unchanged');
select is((select count(*) from public.sales_orders where user_id = tests.id('other')), 0::bigint,
  'Another user''s attempts created no order');

-- Not signed in ----------------------------------------------------------------------------------
set local role authenticated;
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select throws_ok($$ select public.log_sale(tests.id('widget'), 1) $$,
  '42501', 'Not signed in.', 'A signed-in role without a user id is refused');

-- anon -----------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select public.log_sale(tests.id('widget'), 1) $$,
  '42501', 'permission denied for function log_sale', 'anon cannot log a sale');

reset role;
select is((select stock_on_hand from public.products where id = tests.id('widget')), 4::numeric,
  'Stock is unchanged after every refused call');

-- The order row copies the name at sale time: renaming the product later leaves it intact.
select tests.authenticate_as('owner');
select public.update_product(tests.id('widget'), sku, 'Widget Deluxe', category, selling_price, reorder_point)
from public.products where id = tests.id('widget');
select is((select product_name from public.sales_orders where id = tests.id('sale')), 'Widget',
  'An order keeps the product name it was sold under after the product is renamed');
select throws_ok($$ select public.log_sale(tests.id('widget'), 9) $$,
  'P0001', 'Not enough stock for Widget Deluxe. Only 4 available.',
  'The refusal names the product as it is called now');
select is((select total_amount from public.log_sale(tests.id('widget'), 3, 'Other')), 750.00::numeric(14,2),
  'The total is quantity x selling price (3 x 250)');
select results_eq(
  $$ select quantity, balance_after from public.stock_movements
     where product_id = tests.id('widget') and reason = 'sale' order by id desc limit 1 $$,
  $$ values (-3.000::numeric(14,3), 1.000::numeric(14,3)) $$,
  'The latest sale''s ledger row carries -3 and the balance 1');

-- A total beyond what an order can hold is refused clearly, not with a numeric overflow.
insert into tests.ids select 'jet', id from public.create_product('JET-1', 'Jet', null, 1000000000, 2000);
select throws_ok($$ select public.log_sale(tests.id('jet'), 1000) $$,
  'P0001', 'Sale total must be at most 999999999999.99.', 'A sale whose total exceeds an order''s capacity is refused');
select is((select stock_on_hand from public.products where id = tests.id('jet')), 2000::numeric,
  'The refused oversized sale took no stock');
select is((select total_amount from public.log_sale(tests.id('jet'), 999)), 999000000000.00::numeric(14,2),
  'A sale just within the capacity is recorded');

select * from finish();
rollback;

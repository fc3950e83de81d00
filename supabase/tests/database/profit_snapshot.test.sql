-- Profit per sales order, fixed at the moment of sale: log_sale records the product's unit cost and
-- the platform's fees then; profit = total - round(unit cost x quantity, 2) - fees. Later changes to
-- costs, BOMs, prices or fees leave recorded orders alone.
begin;
set local client_min_messages = warning;
select plan(11);

select tests.create_user('owner');
select tests.create_user('other');

select tests.authenticate_as('owner');
insert into tests.ids select 'cotton', id from public.create_raw_material('Cotton Fabric', null, 100, 100, 'm', 5);
insert into tests.ids select 'dye', id from public.create_raw_material('Dye', null, 2.55, 100, 'l', 5);
insert into tests.ids select 'tshirt', id from public.create_product('TS-1', 'T-shirt', null, 500, 50, 5,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1.5)));
insert into tests.ids select 'tint', id from public.create_product('TINT-1', 'Tint', null, 9.99, 50, 5,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('dye'), 'quantity', 0.333)));
select from public.set_platform_fees('Flipkart', 10, 20, 50);
select from public.set_platform_fees('Amazon', 12.5, 0, 0);

insert into tests.ids select 'flipkart sale', id from public.log_sale(tests.id('tshirt'), 2, 'Flipkart');
insert into tests.ids select 'myntra sale', id from public.log_sale(tests.id('tshirt'), 1, 'Myntra');
insert into tests.ids select 'amazon sale', id from public.log_sale(tests.id('tshirt'), 1, 'Amazon');
insert into tests.ids select 'tint sale', id from public.log_sale(tests.id('tint'), 3, 'Amazon');

select results_eq(
  $$ select total_amount, unit_cost, fees, profit from public.sales_orders where id = tests.id('flipkart sale') $$,
  $$ values (1000.00::numeric(14,2), 150.000::numeric, 170.00::numeric(16,2), 530.00::numeric) $$,
  'Flipkart: unit cost 1.5 x 100 = 150, fees 10% of 1000 + 20 + 50 = 170, profit 1000 - 300 - 170 = 530'
);
select results_eq(
  $$ select unit_cost, fees, profit from public.sales_orders where id = tests.id('myntra sale') $$,
  $$ values (150.000::numeric, 0.00::numeric(16,2), 350.000::numeric) $$,
  'A platform whose fees were never set charges nothing: profit 500 - 150 = 350'
);
select results_eq(
  $$ select fees, profit from public.sales_orders where id = tests.id('amazon sale') $$,
  $$ values (62.50::numeric(16,2), 287.50::numeric) $$,
  'Amazon: 12.5% of 500 = 62.50, profit 500 - 150 - 62.50 = 287.50'
);
select results_eq(
  $$ select total_amount, unit_cost, fees, profit from public.sales_orders where id = tests.id('tint sale') $$,
  $$ values (29.97::numeric(14,2), 0.84915::numeric, 3.75::numeric(16,2), 23.67::numeric) $$,
  'Fractions: unit cost 0.333 x 2.55 = 0.84915 kept exact; cost of 3 rounds to 2.55, commission 12.5% of 29.97 = 3.74625 to 3.75, profit 23.67'
);

-- Later changes: a material's cost, the selling price and the fees (the edits made as the table
-- owner: how an owner edits them is not the subject here).
reset role;
update public.raw_materials set cost_per_unit = 200 where id = tests.id('cotton');
update public.products set selling_price = 800 where id = tests.id('tshirt');
select tests.authenticate_as('owner');
select from public.set_platform_fees('Flipkart', 20, 30, 60);
select results_eq(
  $$ select total_amount, unit_cost, fees, profit from public.sales_orders where id = tests.id('flipkart sale') $$,
  $$ values (1000.00::numeric(14,2), 150.000::numeric, 170.00::numeric(16,2), 530.00::numeric) $$,
  'After cotton, the selling price and Flipkart''s fees all change, the recorded order reads as at its sale'
);
insert into tests.ids select 'later sale', id from public.log_sale(tests.id('tshirt'), 1, 'Flipkart');
select results_eq(
  $$ select total_amount, unit_cost, fees, profit from public.sales_orders where id = tests.id('later sale') $$,
  $$ values (800.00::numeric(14,2), 300.000::numeric, 250.00::numeric(16,2), 250.00::numeric) $$,
  'A new sale records the new figures: unit cost 300, fees 20% of 800 + 30 + 60 = 250, profit 250'
);
select throws_ok($$ update public.sales_orders set unit_cost = 0, fees = 0 $$, '42501',
  'permission denied for table sales_orders', 'The owner cannot rewrite a recorded cost or fee');

-- Another user: their own fees apply, not the owner's.
select tests.authenticate_as('other');
insert into tests.ids select 'mask', id from public.create_product('MASK-1', 'Mask', null, 100, 5);
insert into tests.ids select 'other sale', id from public.log_sale(tests.id('mask'), 1, 'Flipkart');
select results_eq(
  $$ select unit_cost, fees, profit from public.sales_orders where id = tests.id('other sale') $$,
  $$ values (null::numeric, 0.00::numeric(16,2), null::numeric) $$,
  'Another user''s Flipkart sale pays none of the owner''s Flipkart fees; with neither BOM nor purchase cost, its cost and profit are unknown (null), never 0 and 100 (issue 33)'
);
select is_empty($$ select 1 from public.sales_orders where user_id = tests.id('owner') $$,
  'Another user sees none of the owner''s orders or their profit');

-- A refused sale records nothing.
select tests.authenticate_as('owner');
select throws_ok($$ select public.log_sale(tests.id('tshirt'), 1000, 'Flipkart') $$, 'P0001',
  'Not enough stock for T-shirt. Only 45 available.', 'A sale beyond stock is still refused');
select is((select count(*) from public.sales_orders), 5::bigint, 'and records no order');

select * from finish();
rollback;

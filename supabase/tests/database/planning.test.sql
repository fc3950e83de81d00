-- Planning (issue 33): sales velocity over a known history (cancelled and returned units out), days
-- of stock left, the suggested reorder point and accepting it, Running out soon, plan_production
-- netting stock, runs In Progress, open orders and open purchase orders level by level, and
-- commit_production_plan starting the runs or refusing when stock changed; for the owner, another
-- user and anon.
begin;
set local client_min_messages = warning;
select plan(34);

select tests.create_user('owner');
select tests.create_user('other');

-- Owner ------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
insert into tests.ids select 'fabric', id from public.create_raw_material('Dyed Fabric', 'Mill', 200, 150, 'm', 5);
insert into tests.ids select 'thread', id from public.create_raw_material('Thread', 'Mill', 1, 1000, 'm', 5);
-- Cut panels: 1.2 m of fabric with 5% wastage (1.26 m); kurta: 2 sets of panels and 10 m thread.
insert into tests.ids select 'panels', id from public.create_product('CP-1', 'Cut Panels', null, 300, 0, 0,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 1.2, 'wastage_percent', 5)));
insert into tests.ids select 'kurta', id from public.create_product('KUR-1', 'Kurta', null, 1499, 300, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 2),
                    jsonb_build_object('material_id', tests.id('thread'), 'quantity', 10)));

-- A known history, India days back from today: 10 two days ago, 5 cancelled three days ago, 6 four
-- days ago of which 2 came back, 30 twenty days ago, 60 sixty days ago, 90 a hundred days ago.
select public.log_sale(tests.id('kurta'), 10, order_date => (now() at time zone 'Asia/Kolkata')::date - 2);
select public.cancel_sales_order((public.log_sale(tests.id('kurta'), 5, order_date => (now() at time zone 'Asia/Kolkata')::date - 3)).id);
insert into tests.ids select 'returned', id from public.log_sale(tests.id('kurta'), 6, order_date => (now() at time zone 'Asia/Kolkata')::date - 4);
select public.fulfil_sales_order(tests.id('returned'));
select public.record_return(tests.id('returned'), 'customer_return', 2);
select public.log_sale(tests.id('kurta'), 30, order_date => (now() at time zone 'Asia/Kolkata')::date - 20);
select public.log_sale(tests.id('kurta'), 60, order_date => (now() at time zone 'Asia/Kolkata')::date - 60);
select public.log_sale(tests.id('kurta'), 90, order_date => (now() at time zone 'Asia/Kolkata')::date - 100);

select results_eq(
  $$ select units_7, units_30, units_90, per_day_7, per_day_30, per_day_90
     from public.product_planning() where product_id = tests.id('kurta') $$,
  $$ values (14::bigint, 44::bigint, 104::bigint, 2.000::numeric, 1.467::numeric, 1.156::numeric) $$,
  'Velocity keeps 10 + (6 - 2) units in 7 days, 44 in 30 and 104 in 90, leaving out the cancelled 5, the 2 returned and the sale 100 days ago'
);
select is((select stock_on_hand from public.products where id = tests.id('kurta')), 106::numeric,
  'The kurta has 300 - 10 - 6 + 2 - 30 - 60 - 90 = 106 in stock (the cancelled sale put its 5 back)');
select results_eq(
  $$ select days_left, runs_out_on from public.product_planning() where product_id = tests.id('kurta') $$,
  $$ values (72.3::numeric, (now() at time zone 'Asia/Kolkata')::date + 72) $$,
  'Days of stock left = 106 / (44 / 30) = 72.3, so it runs out in 72 whole days'
);
select results_eq(
  $$ select units_30, days_left, runs_out_on, suggested_reorder_point
     from public.product_planning() where product_id = tests.id('panels') $$,
  $$ values (0::bigint, null::numeric, null::date, null::integer) $$,
  'A product that sold nothing has no days left, no run-out day and no suggested reorder point'
);
select results_eq(
  $$ select lead_time_days, safety_days, suggested_reorder_point
     from public.product_planning() where product_id = tests.id('kurta') $$,
  $$ values (7, 7, 21) $$,
  'With the default 7 days of lead time and 7 safety days: ceil(44/30 x 7 + 7 x 44/30) = 21'
);
select results_eq(
  $$ select lead_time_days, safety_days from public.set_product_planning(tests.id('kurta'), 10, 5) $$,
  $$ values (10, 5) $$, 'The owner sets 10 days of production lead time and 5 safety days');
select is((select suggested_reorder_point from public.product_planning() where product_id = tests.id('kurta')), 22,
  'The suggestion follows: ceil(44/30 x 10 + 5 x 44/30) = ceil(22.0) = 22');
select is(tests.refusal($$ select public.set_product_planning(tests.id('kurta'), 2.5, 5) $$),
  'P0001 | Lead time must be a whole number. | field:lead_time_days', 'A lead time of 2.5 days is refused, naming the field');
select is(tests.refusal($$ select public.set_product_planning(tests.id('kurta'), 10, 366) $$),
  'P0001 | Safety days must be at most 365. | field:safety_days', 'More than a year of safety days is refused');

select is((select reorder_point from public.accept_reorder_point(tests.id('kurta'), '00000000-0000-0000-0000-0000000000a1')), 22,
  'Accepting the suggestion writes 22 as the kurta''s reorder point');
select public.set_product_planning(tests.id('kurta'), 20, 5);
select is((select reorder_point from public.accept_reorder_point(tests.id('kurta'), '00000000-0000-0000-0000-0000000000a1')), 22,
  'The same request again returns the first answer and writes nothing');
select is((select reorder_point from public.products where id = tests.id('kurta')), 22, 'The reorder point is still 22');
select is(tests.refusal($$ select public.accept_reorder_point(tests.id('panels')) $$),
  'P0001 | Nothing sold in the last 30 days: there is no reorder point to suggest. | field:product_id',
  'A product that sold nothing has no suggestion to accept');
select public.set_product_planning(tests.id('kurta'), null, null);

select results_eq(
  $$ select product_id, days_left from public.running_out_soon() $$,
  $$ values (tests.id('kurta'), 72.3::numeric) $$,
  'Running out soon lists the products that sell, fewest days left first; the panels, which do not sell, are not in it'
);
select is(tests.refusal($$ select * from public.running_out_soon(51) $$),
  'P0001 | Rows must be a whole number from 1 to 50. | field:max_rows', 'Running out soon takes at most 50 rows');

-- The plan. The orders so far are fulfilled; 50 kurtas are counted in stock and a new order for 50
-- takes them, leaving it open; 20 sets of panels are in stock and 10 more In Progress.
select public.fulfil_sales_orders(array(select id from public.sales_orders where status = 'Unfulfilled'));
select public.adjust_stock(tests.id('kurta'), null, 50, 'Counted');
insert into tests.ids select 'open', id from public.log_sale(tests.id('kurta'), 50);
select public.adjust_stock(tests.id('panels'), null, 20, 'Counted');
select public.start_production(tests.id('panels'), 10);
select is(
  (select jsonb_path_query_array(public.plan_production(null), '$.make[*] ? (@.level == 1) .make')),
  '[50]'::jsonb,
  'From open orders: 50 kurtas ordered, none left in stock (the sale took them), 50 to make'
);
select results_eq(
  $$ select (l ->> 'level')::int, l ->> 'product_name', (l ->> 'required')::numeric, (l ->> 'stock')::numeric,
            (l ->> 'in_progress')::numeric, (l ->> 'make')::numeric
     from jsonb_array_elements(public.plan_production(null) -> 'make') l $$,
  $$ values (1, 'Kurta', 50::numeric, 0::numeric, 0::numeric, 50::numeric), (2, 'Cut Panels', 100::numeric, 20, 10, 70::numeric) $$,
  'Level 2: 50 kurtas need 100 sets of panels, less 20 in stock and 10 In Progress: 70 to make'
);
select results_eq(
  $$ select l ->> 'material_name', (l ->> 'required')::numeric, (l ->> 'stock')::numeric, (l ->> 'on_order')::numeric,
            (l ->> 'short')::numeric, (l ->> 'buy')::numeric
     from jsonb_array_elements(public.plan_production(null) -> 'buy') l $$,
  $$ values ('Dyed Fabric', 88.200::numeric, 137.400::numeric, 0::numeric, 0::numeric, 0::numeric),
            ('Thread', 500::numeric, 1000::numeric, 0::numeric, 0::numeric, 0::numeric) $$,
  'Materials: 70 sets x 1.26 m = 88.2 m of fabric (137.4 m left after the 10 in progress) and 50 x 10 m thread'
);
select results_eq(
  $$ select l ->> 'product_name', (l ->> 'start_on')::date, (l ->> 'ready_on')::date, (l ->> 'needed_by')::date,
            (l ->> 'can_start')::boolean
     from jsonb_array_elements(public.plan_production(null) -> 'make') l $$,
  $$ values ('Kurta', (now() at time zone 'Asia/Kolkata')::date + 7, (now() at time zone 'Asia/Kolkata')::date + 14, (now() at time zone 'Asia/Kolkata')::date + 14, false),
            ('Cut Panels', (now() at time zone 'Asia/Kolkata')::date, (now() at time zone 'Asia/Kolkata')::date + 7, (now() at time zone 'Asia/Kolkata')::date + 7, true) $$,
  'Dates: the panels start today and are ready in 7 days, when the kurtas start; the kurtas waiting for panels cannot start yet'
);
select is(public.plan_production(null) -> 'runs',
  jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity_to_produce', 70)),
  'The runs that can start now: the 70 panels');
select is(public.plan_production('[]', 30) #> '{make,0,required}', '144'::jsonb,
  'With a 30-day horizon the forecast adds 30 days at the 30-day velocity (94 kept, today''s 50 included) to the 50 open: 144 kurtas');

-- Targets and open purchase orders: 200 panels need 252 m; 137.4 in stock, 50 m on a Draft order.
insert into tests.ids select 'supplier', id from public.suppliers where supplier_name = 'Mill';
select public.create_purchase_order(tests.id('supplier'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 50, 'unit_price', 200)));
select results_eq(
  $$ select (l ->> 'make')::numeric, (b ->> 'required')::numeric, (b ->> 'on_order')::numeric,
            (b ->> 'short')::numeric, (b ->> 'buy')::numeric
     from public.plan_production(jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 210))) p,
          jsonb_array_elements(p -> 'make') l, jsonb_array_elements(p -> 'buy') b $$,
  $$ values (180::numeric, 226.800::numeric, 50.000::numeric, 89.400::numeric, 39.400::numeric) $$,
  'A target of 210 panels less 20 in stock and 10 In Progress is 180 to make: 226.8 m, 89.4 short, 39.4 to buy after the 50 on order'
);
select is(public.plan_production(jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 210))) -> 'runs',
  '[]'::jsonb, 'A run whose fabric is short cannot start');
select is(tests.refusal($$ select public.plan_production((select jsonb_agg(jsonb_build_object('product_id', gen_random_uuid(), 'quantity', 1)) from generate_series(1, 201))) $$),
  'P0001 | A plan can have at most 200 targets; this one has 201. | field:targets', '201 targets are refused');
select is(tests.refusal($$ select public.plan_production(jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 2.5))) $$),
  'P0001 | Quantity must be a whole number. | field:targets', '2.5 kurtas are refused');
select is(tests.refusal($$ select public.plan_production(null, 366) $$),
  'P0001 | Horizon must be a whole number of days from 0 to 365. | field:horizon_days', 'A horizon above a year is refused');

-- Commit: the 70 panels start; then, stock changed, a stale plan is refused and starts nothing.
create temporary table saved_plan on commit drop as select public.plan_production(null) as plan;
select is(cardinality(public.commit_production_plan((select plan from saved_plan), '00000000-0000-0000-0000-0000000000b1')), 1,
  'Starting the plan starts one run, the panels');
select results_eq(
  $$ select (select stock_level from public.raw_materials where id = tests.id('fabric')),
            (select sum(quantity_to_produce) from public.manufacturing_orders
             where product_id = tests.id('panels') and status = 'In Progress') $$,
  $$ values (49.200::numeric, 80::numeric) $$,
  'The fabric moved: 137.4 - 88.2 = 49.2 m left, and 80 sets of panels are In Progress'
);
select is(tests.refusal($$ select public.commit_production_plan((select plan from saved_plan)) $$),
  'P0001 | Not enough Dyed Fabric: 88.2 needed, 49.2 available. | no hint',
  'The same plan again, stock having changed, is refused with the usual alert and starts nothing');
select is(cardinality(public.commit_production_plan((select plan from saved_plan), '00000000-0000-0000-0000-0000000000b1')), 1,
  'The first request repeated returns its answer and writes nothing');

-- Another user -----------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is((select count(*) from public.product_planning()), 0::bigint, 'Another user sees none of the owner''s products');
select is(tests.refusal($$ select public.plan_production(jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 5))) $$),
  'P0001 | Product not found. | field:targets', 'Another user cannot plan the owner''s kurta');
select is(tests.refusal($$ select public.commit_production_plan((select plan from saved_plan)) $$),
  'P0001 | Product not found. | no hint', 'Another user cannot start the owner''s plan');

-- Anon -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select public.plan_production(null) $$, '42501',
  'permission denied for function plan_production', 'anon cannot plan');

select * from finish();
rollback;

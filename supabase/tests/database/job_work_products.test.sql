-- The outsourced kurta (issue 45): greige fabric (a material, metres) to a dyer, dyed fabric (a
-- PRODUCT in metres, BOM 1 m of greige) back in two fractional parts with loss; panels cut in-house
-- (1.2 m of dyed fabric each); the panels (a product) sent to a stitcher, kurtas (a product) back at
-- a piece rate. Metres go and come in fractions, in job work and in transfer_stock; pieces stay whole.
--
-- By hand, to the paisa:
--   receipt 1: 20.5 m back, nothing lost: charge 20.5 x Rs 12 = 246.00; job work Rs 12.0000/m.
--   receipt 2: 19.5 m back, 2 m lost: 21.5 m of greige used x Rs 80 = 1720.00, the lost 2 m's share
--     1720 x 2 / 21.5 = 160.00, charge 19.5 x 12 = 234.00; (160 + 234) / 19.5 = Rs 20.2051/m.
--   dyed fabric's job work averaged over 40 m: (20.5 x 12 + 19.5 x 20.2051) / 40 = Rs 16.0000/m;
--   one metre costs 1 m x Rs 80 (BOM) + 16.00 = Rs 96.00 (what the 42 m used plus the 480.00 charge
--   over the 40 m that came: (3360 + 480) / 40 = 96.00).
--   a panel: 1.2 m x Rs 96 = Rs 115.20; a kurta: one panel set 115.20 + stitching Rs 45 = Rs 160.20,
--   of which job work (both job workers) 1.2 x 16.00 + 45.00 = Rs 64.20.
begin;
set local client_min_messages = warning;
select plan(24);

select tests.create_user('owner');
select tests.authenticate_as('owner');

select from public.set_business_profile('Asha Textiles', '12 MG Road, Pune', '27AAPFU0939F1ZV', '27', 'AT');
insert into tests.ids select 'greige', id from public.create_raw_material('Greige fabric', null, 80, 100, 'metres');
insert into tests.ids select 'dyed', id from public.create_product('DF-1', 'Dyed fabric', selling_price => 150,
  stock_on_hand => 0, bom => jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 1)),
  unit_of_measure => 'm');
insert into tests.ids select 'panels', id from public.create_product('KP-1', 'Kurta panels', selling_price => 200,
  stock_on_hand => 0, bom => jsonb_build_array(jsonb_build_object('product_id', tests.id('dyed'), 'quantity', 1.2)));
insert into tests.ids select 'kurta', id from public.create_product('KUR-1', 'Kurta', selling_price => 799,
  stock_on_hand => 0, bom => jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 1)));
insert into tests.ids select 'main', id from public.locations where is_main;
insert into tests.ids select 'shop', id from public.create_location('Shop', 'own');
insert into tests.ids select 'dyer', id
from public.create_location('Rang Dyers', 'job_worker', (select id from public.create_supplier('Rang Dyers')));
insert into tests.ids select 'stitcher', id
from public.create_location('Silai Works', 'job_worker', (select id from public.create_supplier('Silai Works')));

-- Greige to the dyer, dyed fabric (a product in metres) back -----------------------------------------
insert into tests.ids select 'dyeing', (public.send_job_work(tests.id('dyer'), tests.id('main'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 50)),
  jsonb_build_object('product_id', tests.id('dyed'), 'quantity', 49.5), 12) ->> 'job_work_order_id')::uuid;
select results_eq($$ select return_item, return_unit, return_in_pieces, return_quantity, charge_unit
                     from public.job_work_orders_list() $$,
  $$ values ('Dyed fabric', 'm', false, 49.500::numeric, 'm') $$,
  'A product in metres is due back in fractions, charged per metre by default');
select is(tests.refusal(format('select public.receive_job_work(%L, 20.0005)', tests.id('dyeing'))),
  'P0001 | Quantity received can have at most 3 decimal places. | field:quantity_received',
  'A metre keeps 3 decimals on receipt');
select is((public.receive_job_work(tests.id('dyeing'), 20.5) -> 'charge'), '246.00'::jsonb,
  'The first part: 20.5 m, charge 20.5 x 12');
select is((select job_work_per_unit from public.products where id = tests.id('dyed')), 12.0000::numeric,
  'Nothing lost: the job work per metre is the charge, Rs 12');
select is(tests.refusal(format('select public.receive_job_work(%L, 28, 1.5)', tests.id('dyeing'))),
  'P0001 | Only 29 m of Dyed fabric is still due back from Rang Dyers. | field:quantity_received',
  'What is due is written in the product''s metres');
select is((public.receive_job_work(tests.id('dyeing'), 19.5, 2) - 'receipt_id' - 'job_work_order_id' - 'unit_cost'),
  '{"received": 19.5, "lost": 2, "due": 7.5, "inputs_value": 1720.00, "charge": 234.00, "gst_paid": 0}'::jsonb,
  'The second part: 19.5 m back, 2 m lost, 21.5 m of greige used');
select results_eq($$ select stock_on_hand, job_work_per_unit from public.products where id = tests.id('dyed') $$,
  $$ values (40.000::numeric, 16.0000::numeric) $$,
  '40 m of dyed fabric, job work averaged to Rs 16/m: the lost 2 m''s greige is borne by the 40');
select is((select unit_cost from public.product_unit_costs where product_id = tests.id('dyed')), 96.00::numeric,
  'One metre of dyed fabric: Rs 80 of greige + Rs 16 = Rs 96, as (3360 + 480) / 40');
select results_eq($$ select item_name, unit, quantity from public.stock_by_location()
                     where location_name = 'Rang Dyers' $$,
  $$ values ('Greige fabric', 'metres', 8::numeric) $$, 'The dyer holds the 8 m of greige the 42 m did not use');

-- Fractions of metres in transfer_stock; pieces stay whole ---------------------------------------------
insert into tests.ids select 'transfer', (public.transfer_stock(tests.id('main'), tests.id('shop'),
  jsonb_build_array(jsonb_build_object('product_id', tests.id('dyed'), 'quantity', 1.25))) ->> 'delivery_challan_id')::uuid;
select is((select unit || ' ' || quantity from public.delivery_challan_lines where delivery_challan_id = tests.id('transfer')),
  'm 1.250', 'A transfer moves 1.25 m of dyed fabric, its challan line in metres');
select results_eq($$ select location_name, quantity from public.stock_by_location() where item_name = 'Dyed fabric' $$,
  $$ values ('Main godown', 38.75::numeric), ('Shop', 1.25::numeric) $$, '38.75 m stay in the godown, 1.25 m at the shop');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('shop'), tests.id('main'),
    jsonb_build_array(jsonb_build_object('product_id', tests.id('dyed'), 'quantity', 0.0005)))),
  'P0001 | Quantity of Dyed fabric can have at most 3 decimal places. | field:lines', 'A millimetre is the finest step');
select from public.transfer_stock(tests.id('shop'), tests.id('main'),
  jsonb_build_array(jsonb_build_object('product_id', tests.id('dyed'), 'quantity', 1.25)));

-- Panels cut in-house, sent to the stitcher ----------------------------------------------------------
select from public.complete_production((public.start_production(tests.id('panels'), 20)).id);
select results_eq($$ select p.stock_on_hand, (select stock_on_hand from public.products where id = tests.id('dyed'))
                     from public.products p where p.id = tests.id('panels') $$,
  $$ values (20::numeric, 16.000::numeric) $$, '20 panels cut from 24 m: 40 - 24 = 16 m of dyed fabric left');
select is((select unit_cost from public.product_unit_costs where product_id = tests.id('panels')), 115.20::numeric,
  'A panel costs 1.2 m x Rs 96 = Rs 115.20');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 1.5)))),
  'P0001 | Quantity of Kurta panels must be a whole number. | field:lines', 'A transfer of half a panel is refused');
select is(tests.refusal(format('select public.send_job_work(%L, %L, %L, %L, 45)', tests.id('stitcher'), tests.id('main'),
    jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 20.5)),
    jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 20))),
  'P0001 | Quantity of Kurta panels must be a whole number. | field:lines', 'Panels go out whole');
select is(tests.refusal(format('select public.send_job_work(%L, %L, %L, %L, 45)', tests.id('stitcher'), tests.id('main'),
    jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 20)),
    jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 19.5))),
  'P0001 | Quantity of Kurta must be a whole number. | field:returns', 'Kurtas are due back whole');
insert into tests.ids select 'stitching', (public.send_job_work(tests.id('stitcher'), tests.id('main'),
  jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 20)),
  jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 20), 45, 'piece') ->> 'job_work_order_id')::uuid;
select results_eq($$ select item_name, unit, quantity from public.stock_by_location()
                     where location_name = 'Silai Works' $$,
  $$ values ('Kurta panels', 'units', 20::numeric) $$, 'The stitcher holds the 20 panels');
select is(tests.refusal(format('select public.receive_job_work(%L, 1.5)', tests.id('stitching'))),
  'P0001 | Quantity received must be a whole number. | field:quantity_received', 'Kurtas come back whole');
select is(tests.refusal(format('select public.receive_job_work(%L, 1, 0.5)', tests.id('stitching'))),
  'P0001 | Loss must be a whole number. | field:loss', 'and are lost whole');
select is((public.receive_job_work(tests.id('stitching'), 18) -> 'charge'), '810.00'::jsonb,
  '18 kurtas back at Rs 45 a piece');
select results_eq($$ select item_name, quantity from public.stock_by_location() where location_name = 'Silai Works' $$,
  $$ values ('Kurta panels', 2::numeric) $$, '18 panels used, 2 still with the stitcher');
select results_eq($$ select unit_cost, job_work_cost from public.product_costing() where product_id = tests.id('kurta') $$,
  $$ values (160.20::numeric, 64.20::numeric) $$,
  'A kurta: the panels'' 115.20 + the stitcher''s 45 = Rs 160.20, job work 1.2 x 16 + 45 = 64.20 of it');
select is((select stock_on_hand from public.products where id = tests.id('kurta')), 18::numeric, '18 kurtas in stock');

select * from finish();
rollback;

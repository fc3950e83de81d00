-- Products counted in metres or kilograms (issue 45, item 5): dyed fabric in metres, made from
-- greige fabric, is a part of a cut panel at 1.2 m a panel; its production, its BOM quantity as a
-- part, its counts and what stock can build take 3 decimals, while pieces stay whole with the
-- messages they always had; the unit is fixed once the product has a history.
begin;
set local client_min_messages = warning;
select plan(43);

select tests.create_user('owner');
select tests.authenticate_as('owner');

insert into tests.ids select 'greige', id from public.create_raw_material('Greige Fabric', 'Mill', 80, 20, 'm', 5);
insert into tests.ids select 'tag', id from public.create_raw_material('Size Tag', 'Shop', 1, 100, 'units', 5);

-- Units ------------------------------------------------------------------------------------------
insert into tests.ids select 'plain', id from public.create_product('PLAIN-1', 'Plain Kurta', selling_price => 500);
select is((select unit_of_measure from public.products where id = tests.id('plain')), 'pcs',
  'A product created without a unit is counted in pieces, as every product was');
select is((select column_default from information_schema.columns
           where table_schema = 'public' and table_name = 'products' and column_name = 'unit_of_measure'),
  '''pcs''::text', 'The column''s default made every existing product pcs');
select is(rules.product_units(), array['pcs', 'm', 'kg'], 'The units are pcs, m and kg, listed in one rule');
select is(tests.refusal($$ select public.create_product('L-1', 'Lining', selling_price => 10, unit_of_measure => 'litre') $$),
  'P0001 | Unit must be one of pcs, m, kg. | field:unit_of_measure', 'Another unit is refused on its field');

-- Dyed fabric, in metres: 1.1 m of greige a metre (10% shrinks in the dye bath).
insert into tests.ids select 'dyed', id from public.create_product('DF-1', 'Dyed Fabric', null, 150, 2.5, 0,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 1.1)),
  unit_of_measure => 'm');
select results_eq($$ select unit_of_measure, stock_on_hand from public.products where id = tests.id('dyed') $$,
  $$ values ('m', 2.500::numeric(14,3)) $$, 'Dyed fabric is in metres, with an opening stock of 2.5 m');
select is(tests.refusal($$ select public.create_product('P-2', 'Half', selling_price => 10, stock_on_hand => 2.5) $$),
  'P0001 | Stock on hand must be a whole number. | field:stock_on_hand', 'A product in pieces still opens with whole pieces');
select is(tests.refusal($$ select public.create_product('P-3', 'Fine', selling_price => 10, stock_on_hand => 0.0001,
    unit_of_measure => 'kg') $$),
  'P0001 | Stock on hand can have at most 3 decimal places. | field:stock_on_hand', 'A kilogram keeps 3 decimals');

-- Production in metres --------------------------------------------------------------------------
insert into tests.ids select 'dye run', id from public.start_production(tests.id('dyed'), 7.5);
select is((select quantity_to_produce from public.manufacturing_orders where id = tests.id('dye run')), 7.500::numeric(14,3),
  'A run of 7.5 m of dyed fabric starts');
select is((select stock_level from public.raw_materials where id = tests.id('greige')), 11.750::numeric(14,3),
  'and takes 7.5 x 1.1 = 8.25 m of greige (20 - 8.25 = 11.75)');
select from public.complete_production(tests.id('dye run'));
select is((select stock_on_hand from public.products where id = tests.id('dyed')), 10.000::numeric(14,3),
  'Completed, it adds 7.5 m: 2.5 + 7.5 = 10 m of dyed fabric');
select is(tests.refusal($$ select public.start_production(tests.id('dyed'), 0.0001) $$),
  'P0001 | Quantity to produce must be at least 0.001. | field:quantity_to_produce',
  'A run of 0.0001 m is refused on its field');
select is(tests.refusal($$ select public.start_production(tests.id('dyed'), 1.0005) $$),
  'P0001 | Quantity to produce can have at most 3 decimal places. | field:quantity_to_produce',
  'A millimetre is the finest step of a run');
select is(tests.refusal($$ select public.start_production(tests.id('dyed'), 0) $$),
  'P0001 | Quantity to produce must be at least 0.001. | field:quantity_to_produce',
  'A run of nothing is refused on its field');

-- The panel takes 1.2 m of dyed fabric ------------------------------------------------------------
insert into tests.ids select 'panel', id from public.create_product('CP-1', 'Cut Panel', null, 300, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('dyed'), 'quantity', 1.2),
                    jsonb_build_object('material_id', tests.id('tag'), 'quantity', 1)));
select is((select quantity from public.bom_subassemblies where product_id = tests.id('panel')), 1.200::numeric(14,3),
  'A panel takes 1.2 m of dyed fabric as a sub-assembly');
select results_eq(
  $$ select product_id, max_buildable, bottleneck_material_name, bottleneck_product_name from public.product_costing()
     where product_id in (tests.id('dyed'), tests.id('panel')) order by max_buildable desc $$,
  $$ values (tests.id('panel'), 17::numeric, 'Greige Fabric', null::text),
            (tests.id('dyed'), 10.681::numeric, 'Greige Fabric', null::text) $$,
  'Can build: dyed fabric 11.75 / 1.1 = 10.681 m (rounded down to the millimetre); panels whole: (10 + 10.681) / 1.2 = 17.2, so 17');
select is(tests.refusal($$ select public.start_production(tests.id('panel'), 2.5) $$),
  'P0001 | Quantity to produce must be a whole number. | field:quantity_to_produce',
  'Panels are pieces: a run of 2.5 is refused with the message pieces always had');
select is(tests.refusal($$ select public.start_production(tests.id('panel'), 10) $$),
  'P0001 | Not enough raw materials to start production. | no hint', '10 panels need 12 m; 10 m are there');
insert into tests.ids select 'dye run 2', id from public.start_production(tests.id('dyed'), 2);
select from public.complete_production(tests.id('dye run 2'));
insert into tests.ids select 'panel run', id from public.start_production(tests.id('panel'), 10);
select is((select stock_on_hand from public.products where id = tests.id('dyed')), 0.000::numeric(14,3),
  'Producing 10 panels consumed 10 x 1.2 = 12 m of dyed fabric (10 + 2 - 12 = 0)');
select results_eq(
  $$ select quantity, balance_after, reason::text from public.stock_movements
     where product_id = tests.id('dyed') and manufacturing_order_id = tests.id('panel run') $$,
  $$ values (-12.000::numeric(14,3), 0.000::numeric(14,3), 'production_consumption') $$,
  'Its ledger row says -12 m, leaving 0');
select lives_ok($$ select public.cancel_manufacturing_order(tests.id('panel run')) $$, 'The panel run can be cancelled');
select is((select stock_on_hand from public.products where id = tests.id('dyed')), 12.000::numeric(14,3),
  'and puts the 12 m back');

-- Sub-assembly quantities follow the part's unit -------------------------------------------------
select is(tests.refusal($$ select public.update_product(tests.id('panel'), 'CP-1', 'Cut Panel', null, 300, 0,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('dyed'), 'quantity', 0.0001))) $$),
  'P0001 | Sub-assembly quantity must be at least 0.001. | field:bom', '0.0001 m of a part is refused');
insert into tests.ids select 'set', id from public.create_product('SET-1', 'Panel Set', null, 900, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('panel'), 'quantity', 2)));
select is(tests.refusal($$ select public.update_product(tests.id('set'), 'SET-1', 'Panel Set', null, 900, 0,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('panel'), 'quantity', 2.5))) $$),
  'P0001 | Sub-assembly quantity must be a whole number. | field:bom', 'A part in pieces still takes whole pieces');
select is((select quantity from public.bom_subassemblies where product_id = tests.id('set')), 2.000::numeric(14,3),
  'and the refused edit left the BOM as it was');

-- A product in metres made with a part in pieces: a run must use whole pieces of it.
insert into tests.ids select 'trim', id from public.create_product('TRIM-1', 'Lace Trim', null, 40, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('plain'), 'quantity', 1)), unit_of_measure => 'm');
select is(tests.refusal($$ select public.start_production(tests.id('trim'), 2.5) $$),
  'P0001 | 2.5 m of Lace Trim would use 2.5 pieces of Plain Kurta; choose a quantity that uses whole pieces. | field:quantity_to_produce',
  'A run that would use half a piece is refused');
select is(tests.refusal($$ select public.start_production_batch(jsonb_build_array(
    jsonb_build_object('product_id', tests.id('dyed'), 'quantity_to_produce', 1.5),
    jsonb_build_object('product_id', tests.id('panel'), 'quantity_to_produce', 1.5))) $$),
  'P0001 | Quantity to produce must be a whole number. | field:runs', 'A batch checks each run in its product''s unit');
select is(cardinality(public.start_production_batch(jsonb_build_array(
    jsonb_build_object('product_id', tests.id('dyed'), 'quantity_to_produce', 1.5),
    jsonb_build_object('product_id', tests.id('panel'), 'quantity_to_produce', 1)))), 2,
  'and starts 1.5 m of dyed fabric with 1 panel');

-- Planning works in the part's unit.
select is((select (l ->> 'required')::numeric from jsonb_array_elements(public.plan_production(
    jsonb_build_array(jsonb_build_object('product_id', tests.id('panel'), 'quantity', 10))) -> 'make') l
  where l ->> 'product_id' = tests.id('dyed')::text), 10.8::numeric,
  'A plan for 10 panels, 1 In Progress, makes 9 and needs 9 x 1.2 = 10.8 m');

-- Counts and sales -------------------------------------------------------------------------------
select lives_ok($$ select public.adjust_stock(product_id => tests.id('dyed'), counted => 12.345, note => 'Measured') $$,
  'Dyed fabric is counted to the millimetre');
select is(tests.refusal($$ select public.adjust_stock(product_id => tests.id('plain'), counted => 2.5, note => 'Half') $$),
  'P0001 | Counted stock must be a whole number. | no hint', 'Pieces are counted whole');
select is(tests.refusal($$ select public.adjust_stock(product_id => tests.id('dyed'), counted => 1.0001, note => 'x') $$),
  'P0001 | Counted stock can have at most 3 decimal places. | no hint', 'A metre keeps 3 decimals');
select lives_ok($$ select public.log_sale(tests.id('dyed'), 5) $$, 'Dyed fabric sells by the whole metre');
select is((select stock_on_hand from public.products where id = tests.id('dyed')), 7.345::numeric(14,3),
  'leaving 12.345 - 5 = 7.345 m');
select is(tests.refusal($$ select public.log_sale(tests.id('dyed'), 2.5) $$),
  'P0001 | Quantity must be a whole number. | field:quantity', 'A sale is of whole units, metres too');
select is(tests.refusal($$ select public.log_sale(tests.id('dyed'), 8) $$),
  'P0001 | Not enough stock for Dyed Fabric. Only 7.345 available. | no hint',
  'A short sale names what is there as it is counted');
select is((select (a ->> 'quantity')::integer from jsonb_array_elements(public.available_to_sell('Amazon')) a
           where a ->> 'product_id' = tests.id('dyed')::text), 7,
  'A marketplace is told the whole metres: 7');

-- The unit is fixed once the product has a history ------------------------------------------------
select is(tests.refusal($$ select public.update_product(tests.id('dyed'), 'DF-1', 'Dyed Fabric', null, 150, 0,
    unit_of_measure => 'kg') $$),
  'P0001 | The unit of Dyed Fabric cannot change: it has stock, production or is part of another product''s BOM. | field:unit_of_measure',
  'Dyed fabric has stock and runs: its unit stays');
insert into tests.ids select 'new', id from public.create_product('NEW-1', 'New Yarn', selling_price => 10);
select is((select unit_of_measure from public.update_product(tests.id('new'), 'NEW-1', 'New Yarn', null, 10, 0,
    unit_of_measure => 'kg')), 'kg', 'A product without a history can change its unit');
select is((select unit_of_measure from public.update_product(tests.id('new'), 'NEW-1', 'New Yarn', null, 10, 0)), 'kg',
  'An edit that names no unit keeps it');
select is(tests.refusal($$ update public.products set stock_on_hand = 1.5 where id = tests.id('plain') $$),
  '42501 | permission denied for table products | no hint', 'Clients cannot write stock directly');
reset role;
select is(tests.refusal($$ update public.products set stock_on_hand = 1.5 where id = tests.id('plain') $$),
  '23514 | new row for relation "products" violates check constraint "products_stock_in_unit_check" | no hint',
  'and even a direct write cannot leave half a piece');
select results_eq(
  $$ select unit from reports.stock_valuation where item_id in (tests.id('dyed'), tests.id('plain')) order by item_name $$,
  $$ values ('m'), ('units') $$, 'The owner''s stock valuation names metres for dyed fabric, units for pieces');
select tests.authenticate_as('owner');
select ok(not exists (
  select from public.products p
  where p.user_id = tests.id('owner')
    and p.stock_on_hand <> coalesce((select sum(s.quantity) from public.stock_movements s where s.product_id = p.id), 0)),
  'Through every run, count, cancel and sale, each product''s stock is the sum of its ledger');

select * from finish();
rollback;

-- Sub-assemblies and full unit cost (issue 33): a three-level BOM (gift box -> kurta -> cut panels ->
-- dyed fabric), its cost through every level with wastage, labour and overhead, what its stock can
-- build and what runs out first at whatever level, production consuming sub-assembly stock,
-- cycles and depth refused, cost unknown, and set_product_costs for the owner, another user and anon.
begin;
set local client_min_messages = warning;
select plan(44);

select tests.create_user('owner');
select tests.create_user('other');

-- Owner ------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
insert into tests.ids select 'fabric', id from public.create_raw_material('Dyed Fabric', 'Mill', 200, 10, 'm', 5);
insert into tests.ids select 'thread', id from public.create_raw_material('Thread', 'Mill', 0.50, 100, 'm', 5);
insert into tests.ids select 'buttons', id from public.create_raw_material('Buttons', 'Shop', 2, 40, 'units', 5);
insert into tests.ids select 'box', id from public.create_raw_material('Gift Box Card', 'Shop', 30, 5, 'units', 5);

-- Cut panels: 1.2 m of fabric with 5% cutting wastage (1.26 m consumed per set).
insert into tests.ids select 'panels', id from public.create_product('CP-1', 'Cut Panels', null, 300, 0, 0,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 1.2, 'wastage_percent', 5)));
select is((select consumption from public.bom_items where product_id = tests.id('panels')), 1.260::numeric(14,3),
  'A BOM line with 5% wastage consumes 1.2 x 1.05 = 1.26 m per unit');
select results_eq(
  $$ select labour_per_unit, overhead_per_run, run_size, purchase_cost
     from public.set_product_costs(tests.id('panels'), 20, 100, 50) $$,
  $$ values (20.00::numeric(12,2), 100.00::numeric(12,2), 50, null::numeric(12,2)) $$,
  'The owner sets labour 20 per set and overhead 100 per run of 50');

-- Kurta: 2 sets of cut panels (a sub-assembly), 10 m thread, 4 buttons; labour 80, overhead 500 per 20.
insert into tests.ids select 'kurta', id from public.create_product('KUR-1', 'Kurta', null, 1499, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 2),
                    jsonb_build_object('material_id', tests.id('thread'), 'quantity', 10),
                    jsonb_build_object('material_id', tests.id('buttons'), 'quantity', 4)));
select from public.set_product_costs(tests.id('kurta'), 80, 500, 20);
-- Gift box: one kurta and a box card.
insert into tests.ids select 'giftbox', id from public.create_product('GB-1', 'Gift Box', null, 2999, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 1),
                    jsonb_build_object('material_id', tests.id('box'), 'quantity', 1)));
select is((select quantity from public.bom_subassemblies where product_id = tests.id('kurta')), 2::numeric,
  'The kurta''s sub-assembly line keeps 2 sets of cut panels');

-- Costs through every level.
select results_eq(
  $$ select unit_cost, materials_cost, wastage_cost, labour_cost, overhead_cost, cost_known
     from public.product_costing() where product_id = tests.id('panels') $$,
  $$ values (274.00::numeric, 240.0::numeric, 12.0::numeric, 20.00::numeric, 2.00::numeric, true) $$,
  'Cut panels: 1.2 x 200 + wastage 0.06 x 200 + labour 20 + overhead 100 / 50 = 274'
);
select results_eq(
  $$ select unit_cost, materials_cost, wastage_cost, labour_cost, overhead_cost, margin, margin_percent
     from public.product_costing() where product_id = tests.id('kurta') $$,
  $$ values (666.00::numeric, 493.0::numeric, 24.0::numeric, 120.00::numeric, 29.00::numeric, 833.00::numeric, 55.57::numeric) $$,
  'Kurta: 2 x 274 + 10 x 0.50 + 4 x 2 + 80 + 500 / 20 = 666 (materials 493, wastage 24, labour 120, overhead 29), margin 833'
);
select is((select unit_cost from public.product_costing() where product_id = tests.id('giftbox')), 696.00::numeric,
  'Gift box, three levels up: 666 + 30 = 696');
select is((select unit_cost from public.product_unit_costs where product_id = tests.id('giftbox')), 696.00::numeric,
  'product_unit_costs, the one definition, agrees');

-- Max buildable and the bottleneck at whatever level.
select results_eq(
  $$ select max_buildable, bottleneck_material_name from public.product_costing() where product_id = tests.id('panels') $$,
  $$ values (7::numeric, 'Dyed Fabric') $$,
  'Cut panels: 10 m / 1.26 m builds 7 (wastage counted); Dyed Fabric runs out first'
);
select results_eq(
  $$ select max_buildable, bottleneck_material_name, bottleneck_product_name
     from public.product_costing() where product_id = tests.id('kurta') $$,
  $$ values (3::numeric, 'Dyed Fabric', null::text) $$,
  'Kurta: no panels in stock, but the fabric can make 7 sets: 3 kurtas; the bottleneck is the fabric a level down'
);
select results_eq(
  $$ select max_buildable, bottleneck_material_name from public.product_costing() where product_id = tests.id('giftbox') $$,
  $$ values (3::numeric, 'Dyed Fabric') $$,
  'Gift box: 3, limited by the fabric two levels down (the box cards allow 5)'
);

-- Production consumes sub-assembly stock.
insert into tests.ids select 'panel_run', id from public.start_production(tests.id('panels'), 6);
select is((select stock_level from public.raw_materials where id = tests.id('fabric')), 2.440::numeric(14,3),
  'Producing 6 sets of panels consumes 6 x 1.26 = 7.56 m of fabric (wastage included)');
select throws_ok($$ select public.start_production(tests.id('panels'), 2) $$, 'P0001',
  'Not enough raw materials to start production.',
  '2 more sets need 2.52 m with wastage: 2.44 m is not enough, though 2.4 m without wastage would be');
select from public.complete_production(tests.id('panel_run'));
select results_eq(
  $$ select max_buildable, bottleneck_material_name from public.product_costing() where product_id = tests.id('kurta') $$,
  $$ values (3::numeric, 'Dyed Fabric') $$,
  'Kurta: 6 sets in stock and 1 more from the fabric: (6 + 1) / 2 = 3'
);
insert into tests.ids select 'kurta_run', id from public.start_production(tests.id('kurta'), 3);
select is((select stock_on_hand from public.products where id = tests.id('panels')), 0::numeric,
  'Starting 3 kurtas takes 6 sets of cut panels from stock');
select results_eq(
  $$ select quantity, balance_after, reason::text, manufacturing_order_id from public.stock_movements
     where product_id = tests.id('panels') and reason = 'production_consumption' $$,
  $$ values (-6.000::numeric(14,3), 0.000::numeric(14,3), 'production_consumption', tests.id('kurta_run')) $$,
  'The ledger records the panels consumed, naming the kurta run'
);
select is((select stock_level from public.raw_materials where id = tests.id('thread')), 70.000::numeric(14,3),
  'and the kurta''s own materials: 30 m of thread');
select throws_ok($$ select public.start_production(tests.id('kurta'), 1) $$, 'P0001',
  'Not enough raw materials to start production.',
  'A kurta needs 2 sets of panels and none are left: refused with the spec''s alert');
select throws_ok(
  $$ select public.start_production_batch(jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity_to_produce', 1))) $$,
  'P0001', 'Not enough Cut Panels: 2 needed, 0 available.',
  'A batch names the short sub-assembly with what is needed and available');
select from public.cancel_manufacturing_order(tests.id('kurta_run'));
select is((select stock_on_hand from public.products where id = tests.id('panels')), 6::numeric,
  'Cancelling the kurta run puts the 6 sets of panels back');
select is((select quantity from public.stock_movements where product_id = tests.id('panels') and reason = 'production_cancelled'),
  6.000::numeric(14,3), 'and records them as production_cancelled');
select is((select sum(quantity) from public.stock_movements where product_id = tests.id('panels')), 6.000::numeric,
  'The panels'' ledger still sums to their stock');

-- The profit snapshot records the full cost.
select is((select unit_cost from public.log_sale(tests.id('panels'), 1)), 274.00::numeric,
  'A sale of cut panels records their full unit cost 274 as its profit snapshot');

-- Cycles and depth.
select is(tests.refusal($$ select public.update_product(tests.id('panels'), 'CP-1', 'Cut Panels', null, 300, 0,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 1))) $$),
  'P0001 | Cut Panels cannot contain itself. | field:bom', 'A product in its own BOM (depth 1) is refused');
select is(tests.refusal($$ select public.update_product(tests.id('panels'), 'CP-1', 'Cut Panels', null, 300, 0,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('giftbox'), 'quantity', 1))) $$),
  'P0001 | Cut Panels cannot contain itself. | field:bom',
  'Panels containing the gift box that contains a kurta that contains the panels (depth 3) is refused');
select is((select count(*) from public.bom_subassemblies where product_id = tests.id('panels')), 0::bigint,
  'and the panels'' BOM is as it was');
select is((select count(*) from public.bom_items where product_id = tests.id('panels')), 1::bigint,
  'its material line kept');

insert into tests.ids select 'l6', id from public.create_product('L6', 'Level 6', null, 10, 0, 0,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('thread'), 'quantity', 1)));
insert into tests.ids select 'l5', id from public.create_product('L5', 'Level 5', null, 10, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('l6'), 'quantity', 1)));
insert into tests.ids select 'l4', id from public.create_product('L4', 'Level 4', null, 10, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('l5'), 'quantity', 1)));
insert into tests.ids select 'l3', id from public.create_product('L3', 'Level 3', null, 10, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('l4'), 'quantity', 1)));
insert into tests.ids select 'l2', id from public.create_product('L2', 'Level 2', null, 10, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('l3'), 'quantity', 1)));
insert into tests.ids select 'l1', id from public.create_product('L1', 'Level 1', null, 10, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('l2'), 'quantity', 1)));
select is((select unit_cost from public.product_unit_costs where product_id = tests.id('l1')), 0.50::numeric,
  'Six levels are allowed, and cost through all of them');
select is(tests.refusal($$ select public.create_product('L0', 'Level 0', null, 10, 0, 0,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('l1'), 'quantity', 1))) $$),
  'P0001 | Sub-assemblies can go at most 6 levels deep; this BOM would make 7. | field:bom',
  'A seventh level is refused');
select is(tests.refusal($$ select public.update_product(tests.id('l6'), 'L6', 'Level 6', null, 10, 0,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 1))) $$),
  'P0001 | Sub-assemblies can go at most 6 levels deep; this BOM would make 7. | field:bom',
  'So is a seventh level added at the bottom of a six-level tree');

-- Hostile lines.
select is(tests.refusal($$ select public.update_product(tests.id('kurta'), 'KUR-1', 'Kurta', null, 1499, 0,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 2.5))) $$),
  'P0001 | Sub-assembly quantity must be a whole number. | field:bom', '2.5 sets of panels are refused');
select is(tests.refusal($$ select public.update_product(tests.id('panels'), 'CP-1', 'Cut Panels', null, 300, 0,
    jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 1.2, 'wastage_percent', 51))) $$),
  'P0001 | Wastage can be at most 50%. | field:bom', 'Wastage of 51% is refused');
select is(tests.refusal($$ select public.update_product(tests.id('panels'), 'CP-1', 'Cut Panels', null, 300, 0,
    jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 1.2, 'wastage_percent', 'NaN'))) $$),
  'P0001 | Wastage must be a number. | field:bom', 'Wastage as text is refused');
select is(tests.refusal($$ select public.update_product(tests.id('kurta'), 'KUR-1', 'Kurta', null, 1499, 0,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 2, 'wastage_percent', 5))) $$),
  'P0001 | Wastage applies to materials: a sub-assembly is counted in whole pieces. | field:bom',
  'Wastage on a sub-assembly line is refused');

-- Cost unknown: neither BOM nor purchase cost, at any level.
insert into tests.ids select 'belt', id from public.create_product('BELT-1', 'Belt', null, 250, 10, 0);
insert into tests.ids select 'set', id from public.create_product('SET-1', 'Kurta Set', null, 1999, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('belt'), 'quantity', 1),
                    jsonb_build_object('material_id', tests.id('thread'), 'quantity', 1)));
select results_eq(
  $$ select unit_cost, margin, margin_percent, cost_known from public.product_costing()
     where product_id in (tests.id('belt'), tests.id('set')) order by unit_cost nulls first $$,
  $$ values (null::numeric, null::numeric, null::numeric, false), (null, null, null, false) $$,
  'A bought-in belt without a purchase cost, and the set containing it, have no cost and no margin'
);
select from public.set_product_costs(tests.id('belt'), 0, 0, 1, 45);
select results_eq(
  $$ select unit_cost, cost_known from public.product_costing() where product_id = tests.id('set') $$,
  $$ values (45.50::numeric, true) $$,
  'With a purchase cost of 45 the belt is known, and the set costs 45 + 0.50'
);

-- Archived sub-assembly.
select from public.archive_item(product_id => tests.id('belt'));
select is(tests.refusal($$ select public.update_product(tests.id('kurta'), 'KUR-1', 'Kurta', null, 1499, 0,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('belt'), 'quantity', 1))) $$),
  'P0001 | Belt is archived. | field:bom', 'An archived product cannot join a BOM');

-- set_product_costs' checks.
select is(tests.refusal($$ select public.set_product_costs(tests.id('kurta'), 80, 500, 2.5) $$),
  'P0001 | Run size must be a whole number. | field:run_size', 'A run size of 2.5 is refused');
select is(tests.refusal($$ select public.set_product_costs(tests.id('kurta'), 'NaN') $$),
  'P0001 | Labour per unit must be a number. | field:labour_per_unit', 'Labour of NaN is refused');
select is(tests.refusal($$ select public.set_product_costs(tests.id('kurta'), 1.234) $$),
  'P0001 | Labour per unit can have at most 2 decimal places. | field:labour_per_unit', 'Labour in fractions of a paisa is refused');

-- Another user -----------------------------------------------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.set_product_costs(tests.id('kurta'), 1) $$, 'P0001', 'Product not found.',
  'Another user cannot set the owner''s costs: not found');
select is(tests.refusal($$ select public.create_product('MINE-1', 'Mine', null, 10, 0, 0,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('panels'), 'quantity', 1))) $$),
  'P0001 | Product not found. | field:bom', 'Another user''s product cannot be a sub-assembly: not found');
select is_empty($$ select 1 from public.bom_subassemblies $$, 'Another user sees no sub-assembly lines');

-- anon -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select public.set_product_costs(tests.id('kurta'), 1) $$, '42501',
  'permission denied for function set_product_costs', 'anon cannot call set_product_costs');

reset role;
select is((select labour_per_unit from public.products where id = tests.id('kurta')), 80.00::numeric(12,2),
  'The kurta''s labour is unchanged by the refusals');

select * from finish();
rollback;

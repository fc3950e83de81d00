-- Sub-assembly graphs walked by product, not by path (issue 44): on a diamond (a part reached by two
-- paths) costing, what stock can build, available to sell, planning and a sale give the figures the
-- path-by-path walks gave; a tree at the bound of 500 products and of 2000 sub-assembly lines is
-- accepted and one more refused, naming its top product; and the 6-level, 10-wide graph (100,000
-- paths from its top) is costed, offered and sold with the right numbers.
begin;
set local client_min_messages = warning;
select plan(23);

select tests.create_user('owner');
select tests.authenticate_as('owner');

-- The diamond ------------------------------------------------------------------------------------
-- Top = 2 x A + 3 x B; A = 1 x Part + 1 Lining; B = 2 x Part; Part = 1.5 Cloth. The part is reached
-- by two paths: 2 x 1 + 3 x 2 = 8 parts per top.
insert into tests.ids select 'cloth', id from public.create_raw_material('Cloth', 'Mill', 10, 30, 'm', 5);
insert into tests.ids select 'lining', id from public.create_raw_material('Lining', 'Mill', 4, 100, 'm', 5);
insert into tests.ids select 'part', id from public.create_product('PART', 'Part', null, 50, 5, 0,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('cloth'), 'quantity', 1.5)));
select from public.set_product_costs(tests.id('part'), 2);
insert into tests.ids select 'a', id from public.create_product('A', 'Assembly A', null, 80, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('part'), 'quantity', 1),
                    jsonb_build_object('material_id', tests.id('lining'), 'quantity', 1)));
insert into tests.ids select 'b', id from public.create_product('B', 'Assembly B', null, 90, 1, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('part'), 'quantity', 2)));
insert into tests.ids select 'top', id from public.create_product('TOP', 'Top', null, 500, 0, 0,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('a'), 'quantity', 2),
                    jsonb_build_object('product_id', tests.id('b'), 'quantity', 3)));

select results_eq(
  $$ select unit_cost, materials_cost, labour_cost, cost_known from public.product_costing()
     where product_id = tests.id('top') $$,
  $$ values (144.00::numeric, 128.0::numeric, 16.00::numeric, true) $$,
  'The top costs 8 parts x (1.5 x 10 + labour 2) + 2 linings x 4 = 144: the shared part counted once per path');
select is((select unit_cost from public.product_unit_costs where product_id = tests.id('top')), 144.00::numeric,
  'product_unit_costs agrees');
select results_eq(
  $$ select product_id, max_buildable, bottleneck_material_name from public.product_costing()
     where product_id in (tests.id('part'), tests.id('a'), tests.id('b'), tests.id('top')) order by max_buildable desc $$,
  $$ values (tests.id('a'), 25::numeric, 'Cloth'), (tests.id('part'), 20, 'Cloth'), (tests.id('b'), 12, 'Cloth'), (tests.id('top'), 4, 'Cloth') $$,
  'Can build, as path by path: part 30 / 1.5 = 20; A (5 + 20) / 1 = 25; B (5 + 20) / 2 = 12; top min((0 + 25) / 2, (1 + 12) / 3) = 4; Cloth runs out first');
select from public.set_sell_what_i_can_make(tests.id('top'), true);
select is(
  (select (a ->> 'quantity')::integer from jsonb_array_elements(public.available_to_sell('Amazon')) a
   where a ->> 'product_id' = tests.id('top')::text),
  4, 'Available to sell: no tops in stock, 4 that the stock can build');
select results_eq(
  $$ select l ->> 'product_id', (l ->> 'level')::integer, (l ->> 'required')::integer, (l ->> 'make')::integer
     from jsonb_array_elements(public.plan_production(
       jsonb_build_array(jsonb_build_object('product_id', tests.id('top'), 'quantity', 10))) -> 'make') l
     order by (l ->> 'level')::integer, l ->> 'product_name' $$,
  $$ values (tests.id('top')::text, 1, 10, 10), (tests.id('a')::text, 2, 20, 20), (tests.id('b')::text, 2, 30, 29),
            (tests.id('part')::text, 3, 78, 73) $$,
  'A plan for 10 tops: 20 A, 29 B (1 in stock), and 20 + 29 x 2 = 78 parts less 5 in stock, the part planned once');
select is((select unit_cost from public.log_sale(tests.id('b'), 1)), 34.00::numeric,
  'A sale records the full unit cost (B: 2 parts x 17)');

-- The bound on products ----------------------------------------------------------------------------
-- Big = Mid 1 (200 leaves) + Mid 2 (200 leaves) + Mid 3 (95 leaves): 499 products with itself.
insert into tests.ids select 'leaf ' || g, p.id
from generate_series(1, 497) g
cross join lateral public.create_product('LEAF-' || g, 'Leaf ' || g, null, 10) p;
insert into tests.ids select 'mid 1', id from public.create_product('MID-1', 'Mid 1', null, 10, 0, 0,
  (select jsonb_agg(jsonb_build_object('product_id', tests.id('leaf ' || g), 'quantity', 1)) from generate_series(1, 200) g));
insert into tests.ids select 'mid 2', id from public.create_product('MID-2', 'Mid 2', null, 10, 0, 0,
  (select jsonb_agg(jsonb_build_object('product_id', tests.id('leaf ' || g), 'quantity', 1)) from generate_series(201, 400) g));
insert into tests.ids select 'mid 3', id from public.create_product('MID-3', 'Mid 3', null, 10, 0, 0,
  (select jsonb_agg(jsonb_build_object('product_id', tests.id('leaf ' || g), 'quantity', 1)) from generate_series(401, 495) g));
create temp table big_bom as select jsonb_build_array(
  jsonb_build_object('product_id', tests.id('mid 1'), 'quantity', 1),
  jsonb_build_object('product_id', tests.id('mid 2'), 'quantity', 1),
  jsonb_build_object('product_id', tests.id('mid 3'), 'quantity', 1)) as bom;
grant select on big_bom to authenticated;
insert into tests.ids select 'big', id from public.create_product('BIG', 'Big', null, 10, 0, 0, (select bom from big_bom));
select is(
  tests.refusal($$ select public.update_product(tests.id('big'), 'BIG', 'Big', null, 10, 0, (select bom from big_bom)
    || jsonb_build_array(jsonb_build_object('product_id', tests.id('leaf 496'), 'quantity', 1))) $$),
  'no error', 'A tree of exactly 500 products is accepted');
select is((select count(*) from public.bom_subassemblies where product_id = tests.id('big')), 4::bigint,
  'and its line is kept');
select is(
  tests.refusal($$ select public.update_product(tests.id('big'), 'BIG', 'Big', null, 10, 0, (select bom from big_bom)
    || jsonb_build_array(jsonb_build_object('product_id', tests.id('leaf 496'), 'quantity', 1),
                         jsonb_build_object('product_id', tests.id('leaf 497'), 'quantity', 1))) $$),
  'P0001 | A tree of sub-assemblies can hold at most 500 products; this BOM would make 501 under Big. | field:bom',
  'One product more is refused, on the BOM field, naming the top product');
select is(
  tests.refusal($$ select public.update_product(tests.id('mid 3'), 'MID-3', 'Mid 3', null, 10, 0,
    (select jsonb_agg(jsonb_build_object('product_id', tests.id('leaf ' || g), 'quantity', 1)) from generate_series(401, 497) g)) $$),
  'P0001 | A tree of sub-assemblies can hold at most 500 products; this BOM would make 501 under Big. | field:bom',
  'So is the product added lower down, in a sub-assembly of the top');
select is((select count(*) from public.bom_subassemblies where product_id = tests.id('mid 3')), 95::bigint,
  'and the refused BOM is left as it was');

-- The bound on sub-assembly lines -------------------------------------------------------------------
-- Wide = Row 1 .. Row 10 (10 lines), rows 1 to 9 each of the 200 leaves (1,800 lines), row 10 of 190:
-- 2,000 lines among 211 products.
insert into tests.ids select 'row ' || r, p.id
from generate_series(1, 9) r
cross join lateral public.create_product('ROW-' || r, 'Row ' || r, null, 10, 0, 0,
  (select jsonb_agg(jsonb_build_object('product_id', tests.id('leaf ' || g), 'quantity', 1)) from generate_series(1, 200) g)) p;
insert into tests.ids select 'row 10', id from public.create_product('ROW-10', 'Row 10', null, 10, 0, 0,
  (select jsonb_agg(jsonb_build_object('product_id', tests.id('leaf ' || g), 'quantity', 1)) from generate_series(1, 189) g));
insert into tests.ids select 'wide', id from public.create_product('WIDE', 'Wide', null, 10, 0, 0,
  (select jsonb_agg(jsonb_build_object('product_id', tests.id('row ' || r), 'quantity', 1)) from generate_series(1, 10) r));
select is(
  tests.refusal($$ select public.update_product(tests.id('row 10'), 'ROW-10', 'Row 10', null, 10, 0,
    (select jsonb_agg(jsonb_build_object('product_id', tests.id('leaf ' || g), 'quantity', 1)) from generate_series(1, 190) g)) $$),
  'no error', 'A tree of exactly 2000 sub-assembly lines is accepted');
select is(
  (select count(*) from public.bom_subassemblies s
   where s.product_id = tests.id('wide') or s.product_id in (select id from tests.ids where name like 'row %')),
  2000::bigint, 'and holds 2000 lines');
select is(
  tests.refusal($$ select public.update_product(tests.id('row 10'), 'ROW-10', 'Row 10', null, 10, 0,
    (select jsonb_agg(jsonb_build_object('product_id', tests.id('leaf ' || g), 'quantity', 1)) from generate_series(1, 191) g)) $$),
  'P0001 | A tree of sub-assemblies can have at most 2000 sub-assembly lines; this BOM would make 2001 under Wide. | field:bom',
  'One line more is refused, naming the top product');
select is((select count(*) from public.bom_subassemblies where product_id = tests.id('row 10')), 190::bigint,
  'and the refused BOM is left as it was');

-- The 6-level, 10-wide graph --------------------------------------------------------------------------
-- Level 6: 10 products of 1 m of Yarn (cost 2) each; every product of levels 5 to 2 uses the 10 of
-- the level below, the top the 10 of level 2. Each level-6 product is reached by 10^4 paths.
insert into tests.ids select 'yarn', id from public.create_raw_material('Yarn', 'Mill', 2, 100000, 'm', 5);
insert into tests.ids select 'g6 ' || i, p.id
from generate_series(1, 10) i
cross join lateral public.create_product('G6-' || i, 'G6 ' || i, null, 10, 0, 0,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('yarn'), 'quantity', 1))) p;
do $$
begin
  for v_level in reverse 5 .. 2 loop
    insert into tests.ids select 'g' || v_level || ' ' || i, p.id
    from generate_series(1, 10) i
    cross join lateral public.create_product('G' || v_level || '-' || i, 'G' || v_level || ' ' || i, null, 10, 0, 0,
      (select jsonb_agg(jsonb_build_object('product_id', tests.id('g' || (v_level + 1) || ' ' || j), 'quantity', 1))
       from generate_series(1, 10) j)) p;
  end loop;
end;
$$;
insert into tests.ids select 'graph top', id from public.create_product('G1', 'Graph top', null, 10, 5, 0,
  (select jsonb_agg(jsonb_build_object('product_id', tests.id('g2 ' || j), 'quantity', 1)) from generate_series(1, 10) j));
-- As autovacuum would after such a load: the plans then find lines by their keys.
reset role;
analyze public.products, public.bom_subassemblies, public.bom_items;
select tests.authenticate_as('owner');
select is((select count(*) from tests.ids where name ~ '^g[2-6] |^graph top$'), 51::bigint, 'The graph has 51 products');
select results_eq(
  $$ select unit_cost, max_buildable, bottleneck_material_name from public.product_costing()
     where product_id = tests.id('graph top') $$,
  $$ values (200000::numeric, 100000::numeric, 'Yarn') $$,
  'product_costing: the top costs 10 x 10^4 paths x 1 m x 2 = 200000, and the yarn can build 100000 of it');
select is((select count(*) from public.product_costing() where product_id in (select id from tests.ids where name ~ '^g[2-6] ')),
  50::bigint, 'and every product below it is costed');
select is((select unit_cost from public.product_unit_costs where product_id = tests.id('g2 1')), 20000::numeric,
  'A level-2 product costs 10^3 paths x 10 x 2 = 20000');
select from public.set_sell_what_i_can_make(tests.id('graph top'), true);
select is(
  (select (a ->> 'quantity')::integer from jsonb_array_elements(public.available_to_sell('Amazon')) a
   where a ->> 'product_id' = tests.id('graph top')::text),
  100005, 'available_to_sell: 5 in stock and 100000 the yarn can build');
select is(
  (select (s ->> 'quantity')::integer from jsonb_array_elements(public.stock_sync('Amazon') -> 'rows') s
   where s ->> 'product_id' = tests.id('graph top')::text),
  100005, 'stock_sync says the same');
select results_eq(
  $$ select unit_cost, quantity from public.log_sale(tests.id('graph top'), 2) $$,
  $$ values (200000::numeric, 2) $$,
  'log_sale of the top records its unit cost 200000');
select is(
  jsonb_array_length(public.plan_production(
    jsonb_build_array(jsonb_build_object('product_id', tests.id('graph top'), 'quantity', 10))) -> 'make'),
  51, 'plan_production lists each of the 51 products once');

select * from finish();
rollback;

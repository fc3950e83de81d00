-- Locations (issue 45): every ledger row names its location, stock per location is the sum of its
-- movements, and after every operation the stock at own locations adds up to the spec's figures.
-- transfer_stock moves stock in one write or refuses it whole (on its field), issues a delivery
-- challan, and never writes twice for one request_id; another user sees and moves nothing.
begin;
set local client_min_messages = warning;
select plan(64);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');

-- Items whose stock at own locations does not add up to the spec's figure (none, always).
create function pg_temp.own_total_mismatches() returns bigint
language sql as $$
  select count(*) from (
    select p.stock_on_hand::numeric as figure,
      coalesce((select sum(s.quantity) from public.location_stock s join public.locations l on l.id = s.location_id
                where s.product_id = p.id and l.kind = 'own'), 0) as own_total
    from public.products p
    union all
    select m.stock_level,
      coalesce((select sum(s.quantity) from public.location_stock s join public.locations l on l.id = s.location_id
                where s.material_id = m.id and l.kind = 'own'), 0)
    from public.raw_materials m
  ) t where t.figure <> t.own_total
$$;
grant execute on function pg_temp.own_total_mismatches() to authenticated;

insert into tests.ids select 'fabric', id from public.create_raw_material('Cotton fabric', null, 120, 100, 'm');
insert into tests.ids select 'kurta', id from public.create_product('KUR-1', 'Kurta', null, 799, 12, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 2.5)));
insert into tests.ids select 'main', id from public.locations where is_main;

-- The main godown ------------------------------------------------------------------------------------
select results_eq($$ select location_name, kind::text, is_main from public.locations $$,
  $$ values ('Main godown', 'own', true) $$, 'The first stock creates the main godown, the only location');
select is((select count(*) from public.stock_movements where location_id <> tests.id('main')), 0::bigint,
  'Both opening stocks happened at the main godown');
select results_eq(
  $$ select location_name, item_name, quantity from public.stock_by_location() order by item_name $$,
  $$ values ('Main godown', 'Cotton fabric', 100::numeric), ('Main godown', 'Kurta', 12::numeric) $$,
  'stock_by_location: each item at the main godown with its stock');
select is(pg_temp.own_total_mismatches(), 0::bigint, 'Own stock adds up to the spec''s figures after opening stock');

-- create_location ------------------------------------------------------------------------------------
insert into tests.ids select 'shop', id from public.create_location('Shop', 'own', request_id => '00000000-0000-4000-8000-0000000000a1');
select is((select id from public.create_location('Shop', 'own', request_id => '00000000-0000-4000-8000-0000000000a1')),
  tests.id('shop'), 'A repeated request_id answers the same location');
select is((select count(*) from public.locations), 2::bigint, 'and creates nothing more');
select is(tests.refusal($$ select public.create_location(' shop ', 'own') $$),
  'P0001 | A location named shop already exists. | field:name', 'A name taken, whatever the case, is refused on name');
select is(tests.refusal($$ select public.create_location('  ', 'own') $$),
  'P0001 | Name is required. | field:name', 'A blank name is refused on name');
select is(tests.refusal($$ select public.create_location('Loft', 'warehouse') $$),
  'P0001 | Kind must be own or job_worker. | field:kind', 'An unknown kind is refused on kind');
select is(tests.refusal($$ select public.create_location('Dyer', 'job_worker') $$),
  'P0001 | A job worker location names its supplier. | field:supplier_id', 'A job worker without its supplier is refused');
select is(tests.refusal($$ select public.create_location('Loft', 'own', gstin => '27AAPFU0939F1ZX') $$),
  'P0001 | GSTIN 27AAPFU0939F1ZX is not valid. | field:gstin', 'An invalid GSTIN is refused on gstin');
insert into tests.ids select 'dyer supplier', id from public.create_supplier('Rang Dyers');
insert into tests.ids select 'dyer', id from public.create_location('Rang Dyers', 'job_worker', tests.id('dyer supplier'));
select is((select kind::text from public.locations where id = tests.id('dyer')), 'job_worker',
  'A job worker location names its supplier');
select is(tests.refusal(format('select public.create_location(%L, %L, %L)', 'Loft', 'own', tests.id('dyer supplier'))),
  'P0001 | Only a job worker location names a supplier. | field:supplier_id', 'An own location names no supplier');

-- transfer_stock ---------------------------------------------------------------------------------------
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 1)))),
  'P0001 | Set up your business profile (legal name, address, GSTIN) before transferring stock: its delivery challan names them. | no hint',
  'Without a business profile there is no challan, so no transfer');
select from public.set_business_profile('Asha Textiles', '12 MG Road, Pune', '27AAPFU0939F1ZV', '27', 'AT');
create temporary table first_transfer as
select public.transfer_stock(tests.id('main'), tests.id('shop'), jsonb_build_array(
  jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 30.5),
  jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 5)), '00000000-0000-4000-8000-0000000000b1') as answer;
select is((select answer ->> 'challan_number' from first_transfer), format('DC/%s/1', rules.financial_year(now())),
  'The first transfer issues challan DC/{yy-yy}/1');
select results_eq(
  $$ select location_name, item_name, quantity from public.stock_by_location() order by location_name, item_name $$,
  $$ values ('Main godown', 'Cotton fabric', 69.5::numeric), ('Main godown', 'Kurta', 7::numeric),
            ('Shop', 'Cotton fabric', 30.5::numeric), ('Shop', 'Kurta', 5::numeric) $$,
  'Stock leaves the main godown and arrives at the shop');
select results_eq(
  $$ select (select stock_level from public.raw_materials), (select stock_on_hand from public.products) $$,
  $$ values (100::numeric(14,3), 12::numeric(14,3)) $$, 'The spec''s figures stay the totals');
select is(pg_temp.own_total_mismatches(), 0::bigint, 'Own stock adds up after the transfer');
select results_eq(
  $$ select l.location_name, m.quantity, m.balance_after
     from public.stock_movements m join public.locations l on l.id = m.location_id
     where m.reason = 'transfer' and m.material_id is not null order by m.id $$,
  $$ values ('Main godown', -30.5::numeric(14,3), 69.5::numeric(14,3)), ('Shop', 30.5::numeric(14,3), 100::numeric(14,3)) $$,
  'The ledger names both locations, out then in, the balance back at the item''s total after both');
select is((select count(distinct delivery_challan_id) from public.stock_movements where reason = 'transfer'), 1::bigint,
  'Every transfer row names the challan');
select is(public.transfer_stock(tests.id('main'), tests.id('shop'), jsonb_build_array(
    jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 30.5),
    jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 5)), '00000000-0000-4000-8000-0000000000b1'),
  (select answer from first_transfer), 'A repeated request_id answers the first transfer');
select is((select count(*) from public.stock_movements where reason = 'transfer'), 4::bigint, 'and writes nothing');

-- The challan (Rule 55).
select results_eq(
  $$ select c ->> 'challan_number', c -> 'consignor' ->> 'gstin', c -> 'consignee' ->> 'gstin',
       c -> 'consignee' ->> 'location', c -> 'place_of_supply' ->> 'state_name', jsonb_array_length(c -> 'lines'),
       c -> 'lines' -> 0 ->> 'description', (c -> 'lines' -> 0 ->> 'taxable_value')::numeric, (c ->> 'taxable_value')::numeric
     from (select public.get_delivery_challan((select (answer ->> 'delivery_challan_id')::uuid from first_transfer)) c) x $$,
  $$ values (format('DC/%s/1', rules.financial_year(now())), '27AAPFU0939F1ZV', '27AAPFU0939F1ZV', 'Shop', 'Maharashtra',
             2, 'Cotton fabric', 3660.00::numeric, 3660.00 + 5 * 300::numeric) $$,
  'The challan: number, both GSTINs, the consignee''s place, place of supply, lines and taxable value at cost');

-- Refusals, each on its field and writing nothing.
create temporary table before_refusals as
select (select count(*) from public.stock_movements) as movements, (select count(*) from public.delivery_challans) as challans;
grant select on before_refusals to authenticated;
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 10),
                      jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 8)))),
  'P0001 | Not enough Kurta at Main godown: 7 there, 8 to transfer. | field:lines',
  'Too little at the source: the refusal names the item and what is there');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('main'),
    jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 1)))),
  'P0001 | Stock goes to another location than the one it leaves. | field:to_location_id', 'A location to itself is refused');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('dyer'),
    jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 1)))),
  'P0001 | A transfer goes to one of your own locations; stock goes to a job worker with a job work order. | field:to_location_id',
  'A transfer to a job worker is refused');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 1.5)))),
  'P0001 | Quantity of Kurta must be a whole number. | field:lines', 'Part of a piece is refused');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 0)))),
  'P0001 | Quantity of Cotton fabric must be greater than 0. | field:lines', 'A zero quantity is refused');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 1.0005)))),
  'P0001 | Quantity of Cotton fabric can have at most 3 decimal places. | field:lines', 'A fourth decimal is refused');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('shop'), '[]')),
  'P0001 | Add at least one item to transfer. | field:lines', 'No lines is refused');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'material_id', tests.id('fabric'), 'quantity', 1)))),
  'P0001 | Each line names one product or one material, and its quantity. | field:lines', 'A line naming two items is refused');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 1),
                      jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 2)))),
  'P0001 | Each item can be listed once per transfer. | field:lines', 'An item listed twice is refused');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 'many')))),
  'P0001 | Quantity must be a number. | no hint', 'A quantity that is not a number is refused');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', gen_random_uuid(), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 1)))),
  'P0001 | Choose the location the stock leaves. | field:from_location_id', 'An unknown source is refused');
select results_eq($$ select count(*), (select count(*) from public.delivery_challans) from public.stock_movements $$,
  $$ select movements, challans from before_refusals $$, 'No refusal wrote a ledger row or a challan');
select is(pg_temp.own_total_mismatches(), 0::bigint, 'Own stock still adds up');

-- Sales, production and counts happen at the main godown -------------------------------------------------
select from public.log_sale(tests.id('kurta'), 7, 'Amazon');
select is((select quantity from public.location_stock where location_id = tests.id('main') and product_id = tests.id('kurta')),
  0::numeric(14,3), 'A sale takes its units from the main godown');
select is(pg_temp.own_total_mismatches(), 0::bigint, 'Own stock adds up after the sale');
select is(tests.refusal(format('select public.log_sale(%L, 1, %L)', tests.id('kurta'), 'Amazon')),
  'P0001 | Not enough Kurta at Main godown: 0 there. | no hint',
  'A sale of the units at the shop, from the main godown, is refused and names what is there');
select is((select stock_on_hand from public.products), 5::numeric, 'and takes nothing');
insert into tests.ids select 'run', id from public.start_production(tests.id('kurta'), 4);
select is((select quantity from public.location_stock where location_id = tests.id('main') and material_id = tests.id('fabric')),
  59.5::numeric(14,3), 'A run consumes its fabric at the main godown');
select is(pg_temp.own_total_mismatches(), 0::bigint, 'Own stock adds up after starting a run');
select from public.complete_production(tests.id('run'));
select is((select quantity from public.location_stock where location_id = tests.id('main') and product_id = tests.id('kurta')),
  4::numeric(14,3), 'Its kurtas arrive at the main godown');
select is(pg_temp.own_total_mismatches(), 0::bigint, 'Own stock adds up after completing it');
select from public.receive_material(tests.id('fabric'), 20);
select is(pg_temp.own_total_mismatches(), 0::bigint, 'Own stock adds up after a receipt');
select from public.adjust_stock(material_id => tests.id('fabric'), counted => 75, note => 'Count');
select is(pg_temp.own_total_mismatches(), 0::bigint, 'Own stock adds up after a count');
select is((select count(*) from public.stock_movements where location_id is null), 0::bigint, 'Every ledger row names its location');

-- ... or at the own location they name ------------------------------------------------------------------
select from public.log_sale(tests.id('kurta'), 2, 'Amazon', location_id => tests.id('shop'));
select is((select quantity from public.location_stock where location_id = tests.id('shop') and product_id = tests.id('kurta')),
  3::numeric(14,3), 'A sale at the shop takes its units there');
select from public.receive_material(tests.id('fabric'), 10, location_id => tests.id('shop'));
select is((select quantity from public.location_stock where location_id = tests.id('shop') and material_id = tests.id('fabric')),
  40.5::numeric(14,3), 'A receipt at the shop arrives there');
insert into tests.ids select 'shop run', id from public.start_production(tests.id('kurta'), 2, location_id => tests.id('shop'));
select is((select quantity from public.location_stock where location_id = tests.id('shop') and material_id = tests.id('fabric')),
  35.5::numeric(14,3), 'A run at the shop consumes its fabric there');
select from public.complete_production(tests.id('shop run'));
select is((select quantity from public.location_stock where location_id = tests.id('shop') and product_id = tests.id('kurta')),
  5::numeric(14,3), 'and its kurtas arrive there');
insert into tests.ids select 'cancelled run', id from public.start_production(tests.id('kurta'), 1, location_id => tests.id('shop'));
select from public.cancel_manufacturing_order(tests.id('cancelled run'));
select is((select quantity from public.location_stock where location_id = tests.id('shop') and material_id = tests.id('fabric')),
  35.5::numeric(14,3), 'A cancelled run at the shop puts its fabric back there');
select is(pg_temp.own_total_mismatches(), 0::bigint, 'Own stock adds up after operations at the shop');
select is(tests.refusal(format('select public.log_sale(%L, 1, %L, location_id => %L)', tests.id('kurta'), 'Amazon', tests.id('dyer'))),
  'P0001 | Choose one of your own locations. | field:location_id', 'A sale at a job worker is refused on location_id');
select is(tests.refusal(format('select public.start_production(%L, 1, location_id => %L)', tests.id('kurta'), gen_random_uuid())),
  'P0001 | Choose one of your own locations. | field:location_id', 'A run at an unknown location is refused on location_id');
select is(tests.refusal(format('select public.receive_material(%L, 1, location_id => %L)', tests.id('fabric'), tests.id('dyer'))),
  'P0001 | Choose one of your own locations. | field:location_id', 'A receipt at a job worker is refused on location_id');

-- Another user -----------------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.locations $$, 'Another user sees no locations');
select is_empty($$ select 1 from public.location_stock $$, 'nor stock per location');
select is_empty($$ select 1 from public.stock_by_location() $$, 'nor anything from stock_by_location');
select is_empty($$ select 1 from public.delivery_challans $$, 'nor challans');
select is(public.get_delivery_challan((select (answer ->> 'delivery_challan_id')::uuid from first_transfer)), null,
  'get_delivery_challan answers nothing for another''s challan');
select is(tests.refusal(format('select public.transfer_stock(%L, %L, %L)', tests.id('main'), tests.id('shop'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('fabric'), 'quantity', 1)))),
  'P0001 | Choose the location the stock leaves. | field:from_location_id', 'and cannot move the owner''s stock');
select is(tests.refusal(format('select public.receive_material(%L, 1, location_id => %L)', tests.id('fabric'), tests.id('shop'))),
  'P0001 | Choose one of your own locations. | field:location_id', 'nor receive at the owner''s location');

-- The bound: a transfer of exactly 100 lines is taken (101 is refused: hostile-input/locations.ts).
select tests.authenticate_as('owner');
select from generate_series(1, 100) g, lateral public.create_raw_material('Bound ' || g, null, 10, 5, 'pcs', 0) m;
select from public.transfer_stock(tests.id('main'), tests.id('shop'), (
  select jsonb_agg(jsonb_build_object('material_id', m.id, 'quantity', 1))
  from public.raw_materials m where m.material_name like 'Bound %'));
select is((select count(*) from public.delivery_challan_lines l join public.raw_materials m on m.id = l.material_id
    where m.material_name like 'Bound %'), 100::bigint,
  'A transfer of exactly 100 lines is taken, one challan line each');

select * from finish();
rollback;

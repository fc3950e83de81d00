-- The stock ledger: after a mixed history of operations by two users, for every product and
-- material the current stock equals the sum of its movements, every balance_after is the running
-- sum, and every order has exactly the movements its operation implies.
begin;
set local client_min_messages = warning;
select plan(15);

select tests.create_user('owner');
select tests.create_user('other');

-- A history: opening stock, sales, refused sales, runs started and completed, refused runs.
select tests.authenticate_as('owner');
insert into tests.ids select 'oak', id from public.create_raw_material('Oak', null, 40, 100.5, 'kg');
insert into tests.ids select 'glue', id from public.create_raw_material('Glue', null, 3, 12.25, 'l');
insert into tests.ids select 'nails', id from public.create_raw_material('Nails', null, 0.1, 0);
insert into tests.ids select 'table', id from public.create_product('TBL-1', 'Table', null, 4000, 3, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('oak'), 'quantity', 12.5),
                    jsonb_build_object('material_id', tests.id('glue'), 'quantity', 0.75)));
insert into tests.ids select 'stool', id from public.create_product('STL-1', 'Stool', null, 900, 0, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('oak'), 'quantity', 3)));
insert into tests.ids select 'run 1', id from public.start_production(tests.id('table'), 4);
insert into tests.ids select 'run 2', id from public.start_production(tests.id('stool'), 5);
insert into tests.ids select 'run 3', id from public.start_production(tests.id('table'), 2);
select from public.log_sale(tests.id('table'), 2, 'Amazon');
select from public.complete_production(tests.id('run 1'));
select from public.complete_production(tests.id('run 2'));
select from public.log_sale(tests.id('table'), 5, 'Other');
select from public.log_sale(tests.id('stool'), 1);
select throws_ok($$ select public.log_sale(tests.id('stool'), 10) $$,
  'P0001', 'Not enough stock for Stool. Only 4 available.', 'An over-sale in the history is refused');
select throws_ok($$ select public.start_production(tests.id('table'), 1) $$,
  'P0001', 'Not enough raw materials to start production.', 'An over-consuming run in the history is refused');

select tests.authenticate_as('other');
insert into tests.ids select 'pine', id from public.create_raw_material('Pine', null, 10, 30);
insert into tests.ids select 'shelf', id from public.create_product('SHF-1', 'Shelf', null, 700, 1, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('pine'), 'quantity', 7.5)));
insert into tests.ids select 'run 4', id from public.start_production(tests.id('shelf'), 4);
select from public.complete_production(tests.id('run 4'));
select from public.log_sale(tests.id('shelf'), 5, 'Myntra');

-- Invariants, checked over every row as the database owner --------------------------------------
reset role;
select is((select count(*) from public.stock_movements where user_id in (select id from tests.ids)), 18::bigint,
  'The history wrote 18 ledger rows: 5 opening stocks, 6 consumptions, 3 outputs, 4 sales, none for refusals');
select is_empty(
  $$ select p.sku from public.products p
     where p.user_id in (select id from tests.ids)
       and p.stock_on_hand <> coalesce((select sum(s.quantity) from public.stock_movements s where s.product_id = p.id), 0) $$,
  'For every product, stock on hand = sum of its movements');
select is_empty(
  $$ select m.material_name from public.raw_materials m
     where m.user_id in (select id from tests.ids)
       and m.stock_level <> coalesce((select sum(s.quantity) from public.stock_movements s where s.material_id = m.id), 0) $$,
  'For every material, stock level = sum of its movements');
select is_empty(
  $$ select id from (
       select s.id, s.balance_after,
              sum(s.quantity) over (partition by coalesce(s.product_id, s.material_id) order by s.id) as running
       from public.stock_movements s where s.user_id in (select id from tests.ids)) r
     where r.balance_after <> r.running $$,
  'Every movement''s balance_after is the running sum of its item''s movements');
select is_empty(
  $$ select s.id from public.stock_movements s
     left join public.products p on p.id = s.product_id
     left join public.raw_materials m on m.id = s.material_id
     where s.user_id in (select id from tests.ids) and s.user_id <> coalesce(p.user_id, m.user_id) $$,
  'Every movement belongs to the owner of its item');
select is_empty(
  $$ select o.id from public.sales_orders o
     where o.user_id in (select id from tests.ids)
       and ((select array_agg(s.quantity) from public.stock_movements s where s.sales_order_id = o.id)
            is distinct from array[-o.quantity::numeric]
            or exists (select 1 from public.stock_movements s where s.sales_order_id = o.id
                       and (s.reason <> 'sale' or s.product_id <> o.product_id))) $$,
  'Every sale has exactly one sale movement of minus its quantity, on its product');
select is_empty(
  $$ select o.id, b.material_id from public.manufacturing_orders o
     join public.bom_items b on b.product_id = o.product_id
     where o.user_id in (select id from tests.ids)
       and (select array_agg(s.quantity) from public.stock_movements s
            where s.manufacturing_order_id = o.id and s.material_id = b.material_id)
       is distinct from array[-(b.quantity * o.quantity_to_produce)] $$,
  'Every run has exactly one consumption movement per BOM material of minus BOM quantity x quantity');
select is_empty(
  $$ select o.id from public.manufacturing_orders o
     where o.user_id in (select id from tests.ids)
       and (select coalesce(array_agg(s.quantity), '{}') from public.stock_movements s
            where s.manufacturing_order_id = o.id and s.reason = 'production_output')
       is distinct from case o.status when 'Completed' then array[o.quantity_to_produce::numeric] else '{}' end $$,
  'Every completed run has exactly one output movement of its quantity; a run in progress has none');
select is_empty(
  $$ select id from public.stock_movements
     where user_id in (select id from tests.ids)
       and ((reason = 'sale' or reason = 'production_consumption') and quantity > 0
            or (reason = 'opening_stock' or reason = 'production_output') and quantity < 0) $$,
  'Sales and consumption are negative movements; opening stock and output are positive');
select results_eq(
  $$ select sku, stock_on_hand from public.products where user_id in (select id from tests.ids) order by sku $$,
  $$ values ('SHF-1', 0::numeric), ('STL-1', 4), ('TBL-1', 0) $$,
  'The history leaves the stock it should: tables 3+4-2-5 = 0, stools 5-1 = 4, shelves 1+4-5 = 0'
);
select results_eq(
  $$ select material_name, stock_level from public.raw_materials where user_id in (select id from tests.ids) order by material_name $$,
  $$ values ('Glue', 7.750::numeric(14,3)), ('Nails', 0.000::numeric(14,3)), ('Oak', 10.500::numeric(14,3)),
            ('Pine', 0.000::numeric(14,3)) $$,
  'Materials: oak 100.5 - 12.5x6 - 3x5 = 10.5, glue 12.25 - 0.75x6 = 7.75, pine 30 - 7.5x4 = 0'
);

-- Deleting a user takes their whole history with them: the ledger goes through its item and
-- order keys, which cascade (it has no key of its own to auth.users).
delete from auth.users where id = tests.id('owner');
select is(
  (select count(*) from public.stock_movements where user_id = tests.id('owner'))
    + (select count(*) from public.sales_orders where user_id = tests.id('owner'))
    + (select count(*) from public.manufacturing_orders where user_id = tests.id('owner'))
    + (select count(*) from public.products where user_id = tests.id('owner'))
    + (select count(*) from public.raw_materials where user_id = tests.id('owner')),
  0::bigint,
  'Deleting a user deletes their items, orders and ledger rows');
select is((select count(*) from public.stock_movements where user_id = tests.id('other')), 5::bigint,
  'Deleting a user leaves another user''s ledger whole');

select * from finish();
rollback;

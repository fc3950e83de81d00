-- Privileges of the inventory: the six inventory tables and the sub-assembly lines are read-only to
-- clients, their columns not writable, and every direct write by the owner is refused: items, their
-- stock and archiving, orders, BOM rows and the ledger change only through the operations, which
-- signed-in users (not anon) may call.
begin;
set local client_min_messages = warning;
select plan(121);

-- Table privileges, as granted ------------------------------------------------------------------
select table_privs_are('public', t, 'anon', array[]::text[], format('anon has no privilege on %s', t))
from unnest(array['products', 'raw_materials', 'bom_items', 'bom_subassemblies', 'sales_orders', 'manufacturing_orders', 'stock_movements']) as t;
select table_privs_are('public', t, 'authenticated', array['SELECT'],
  format('authenticated may only read %s as a whole', t))
from unnest(array['products', 'raw_materials', 'bom_items', 'bom_subassemblies', 'sales_orders', 'manufacturing_orders', 'stock_movements']) as t;
select table_privs_are('public', t, 'service_role',
  array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'],
  format('service_role holds every privilege on %s', t))
from unnest(array['products', 'raw_materials', 'bom_items', 'bom_subassemblies', 'sales_orders', 'manufacturing_orders', 'stock_movements']) as t;

select column_privs_are('public', 'products', c, 'authenticated', array['SELECT'],
  format('authenticated may not write products.%s (update_product, archive_item and the stock operations do)', c))
from unnest(array['id', 'user_id', 'sku', 'product_name', 'category', 'selling_price', 'stock_on_hand',
  'reorder_point', 'created_at', 'archived_at']) as c;
select column_privs_are('public', 'raw_materials', c, 'authenticated', array['SELECT'],
  format('authenticated may not write raw_materials.%s (update_raw_material, archive_item and the stock operations do)', c))
from unnest(array['id', 'user_id', 'material_name', 'supplier', 'cost_per_unit', 'stock_level',
  'unit_of_measure', 'reorder_point', 'created_at', 'archived_at']) as c;

-- Direct writes by the owner are refused --------------------------------------------------------
select tests.create_user('owner');
select tests.authenticate_as('owner');
insert into tests.ids select 'felt', id from public.create_raw_material('Felt', null, 3, 50);
insert into tests.ids select 'hat', id from public.create_product('HAT-1', 'Hat', null, 300, 8, 10,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('felt'), 'quantity', 2)));
insert into tests.ids select 'sale', id from public.log_sale(tests.id('hat'), 1);
insert into tests.ids select 'run', id from public.start_production(tests.id('hat'), 1);

select throws_ok($$ update public.products set stock_on_hand = 1000 where id = tests.id('hat') $$,
  '42501', 'permission denied for table products', 'The owner cannot set product stock directly');
select throws_ok($$ update public.raw_materials set stock_level = 1000 where id = tests.id('felt') $$,
  '42501', 'permission denied for table raw_materials', 'The owner cannot set material stock directly');
select throws_ok($$ update public.products set selling_price = 1 where id = tests.id('hat') $$,
  '42501', 'permission denied for table products', 'The owner cannot edit a price bypassing update_product');
select throws_ok($$ update public.raw_materials set archived_at = now() where id = tests.id('felt') $$,
  '42501', 'permission denied for table raw_materials', 'The owner cannot archive bypassing archive_item');
select throws_ok($$ insert into public.products (sku, product_name, selling_price, stock_on_hand) values ('X', 'X', 1, 5) $$,
  '42501', 'permission denied for table products', 'The owner cannot insert a product bypassing create_product');
select throws_ok($$ insert into public.raw_materials (material_name, stock_level) values ('X', 5) $$,
  '42501', 'permission denied for table raw_materials', 'The owner cannot insert a material bypassing create_raw_material');
select throws_ok($$ delete from public.products where id = tests.id('hat') $$,
  '42501', 'permission denied for table products', 'The owner cannot delete a product (its ledger would be lost)');
select throws_ok($$ delete from public.raw_materials where id = tests.id('felt') $$,
  '42501', 'permission denied for table raw_materials', 'The owner cannot delete a material');
select throws_ok($$ insert into public.bom_items (product_id, material_id, quantity) values (tests.id('hat'), tests.id('felt'), 1) $$,
  '42501', 'permission denied for table bom_items', 'The owner cannot insert BOM rows directly');
select throws_ok($$ update public.bom_items set quantity = 0.001 $$,
  '42501', 'permission denied for table bom_items', 'The owner cannot change BOM quantities directly');
select throws_ok($$ delete from public.bom_items $$,
  '42501', 'permission denied for table bom_items', 'The owner cannot delete BOM rows directly');
select throws_ok($$ insert into public.bom_subassemblies (product_id, subassembly_id, quantity) values (tests.id('hat'), tests.id('hat'), 1) $$,
  '42501', 'permission denied for table bom_subassemblies', 'The owner cannot insert sub-assembly lines directly');
select throws_ok($$ insert into public.sales_orders (product_id, product_name, quantity, unit_price, total_amount)
                    values (tests.id('hat'), 'Hat', 1, 300, 300) $$,
  '42501', 'permission denied for table sales_orders', 'The owner cannot insert a sales order bypassing log_sale');
select throws_ok($$ update public.sales_orders set status = 'Fulfilled' $$,
  '42501', 'permission denied for table sales_orders', 'The owner cannot change an order''s status directly');
select throws_ok($$ update public.sales_orders set quantity = 100, total_amount = 0 $$,
  '42501', 'permission denied for table sales_orders', 'The owner cannot rewrite a sale''s figures');
select throws_ok($$ delete from public.sales_orders $$,
  '42501', 'permission denied for table sales_orders', 'The owner cannot delete a sales order');
select throws_ok($$ insert into public.manufacturing_orders (product_id, product_name, quantity_to_produce)
                    values (tests.id('hat'), 'Hat', 1) $$,
  '42501', 'permission denied for table manufacturing_orders',
  'The owner cannot insert a manufacturing order bypassing start_production');
select throws_ok($$ update public.manufacturing_orders set status = 'Completed', completion_date = now() $$,
  '42501', 'permission denied for table manufacturing_orders',
  'The owner cannot complete an order without adding its stock');
select throws_ok($$ delete from public.manufacturing_orders $$,
  '42501', 'permission denied for table manufacturing_orders', 'The owner cannot delete a manufacturing order');
select throws_ok($$ insert into public.stock_movements (product_id, quantity, balance_after, reason)
                    values (tests.id('hat'), 100, 107, 'opening_stock') $$,
  '42501', 'permission denied for table stock_movements', 'The owner cannot write the ledger');
select throws_ok($$ update public.stock_movements set quantity = 1 $$,
  '42501', 'permission denied for table stock_movements', 'The owner cannot rewrite the ledger');
select throws_ok($$ delete from public.stock_movements $$,
  '42501', 'permission denied for table stock_movements', 'The owner cannot erase the ledger');
select throws_ok($$ truncate public.stock_movements $$,
  '42501', 'permission denied for table stock_movements', 'The owner cannot truncate the ledger');
reset role;
select results_eq(
  $$ select (select stock_on_hand from public.products where id = tests.id('hat'))::numeric,
            (select stock_level from public.raw_materials where id = tests.id('felt')),
            (select count(*) from public.stock_movements where user_id = tests.id('owner'))::numeric,
            (select count(*) from public.sales_orders where user_id = tests.id('owner'))::numeric,
            (select count(*) from public.manufacturing_orders where user_id = tests.id('owner'))::numeric,
            (select count(*) from public.bom_items where user_id = tests.id('owner'))::numeric $$,
  $$ values (7::numeric, 48.000::numeric, 4::numeric, 1::numeric, 1::numeric, 1::numeric) $$,
  'After every refused direct write, stock, ledger, orders and BOM are as the operations left them'
);

-- Functions: signed-in users only (two assertions each) ------------------------------------------
select tests.for_signed_in_users_only(f, args)
from (values ('create_product', array['text', 'text', 'text', 'numeric', 'numeric', 'numeric', 'jsonb', 'uuid', 'jsonb', 'text']),
             ('create_raw_material', array['text', 'text', 'numeric', 'numeric', 'text', 'numeric', 'uuid']),
             ('log_sale', array['uuid', 'numeric', 'text', 'uuid', 'numeric', 'date', 'text', 'uuid', 'uuid']),
             ('fulfil_sales_order', array['uuid']),
             ('fulfil_sales_orders', array['uuid[]']),
             ('start_production', array['uuid', 'numeric', 'uuid', 'uuid']),
             ('complete_production', array['uuid']),
             ('receive_material', array['uuid', 'numeric', 'numeric', 'text', 'uuid', 'numeric', 'numeric', 'text', 'date', 'uuid']),
             ('adjust_stock', array['uuid', 'uuid', 'numeric', 'text', 'uuid']),
             ('update_product', array['uuid', 'text', 'text', 'text', 'numeric', 'numeric', 'jsonb', 'jsonb', 'text']),
             ('update_raw_material', array['uuid', 'text', 'text', 'numeric', 'text', 'numeric']),
             ('archive_item', array['uuid', 'uuid', 'boolean']),
             ('cancel_sales_order', array['uuid']),
             ('return_sales_order', array['uuid', 'boolean', 'text', 'uuid']),
             ('cancel_manufacturing_order', array['uuid']),
             ('dashboard_summary', array[]::text[]),
             ('product_costing', array[]::text[]),
             ('dashboard_panels', array['text']),
             ('dashboard_top_styles', array['text']),
             ('import_raw_materials', array['jsonb', 'boolean', 'uuid']),
             ('import_products', array['jsonb', 'boolean', 'uuid']),
             ('owner_report', array['text']),
             ('preview_sales_orders_import', array['text', 'jsonb']),
             ('import_sales_orders', array['text', 'jsonb', 'uuid']),
             ('list_sales_orders', array['text', 'sales_platform', 'sales_order_status', 'timestamp with time zone',
                                         'timestamp with time zone', 'text', 'boolean', 'integer', 'integer']),
             ('list_products', array['text', 'boolean', 'boolean', 'text', 'boolean', 'integer', 'integer']),
             ('list_raw_materials', array['text', 'boolean', 'boolean', 'text', 'boolean', 'integer', 'integer']),
             ('set_product_costs', array['uuid', 'numeric', 'numeric', 'numeric', 'numeric'])) as f (f, args);

select * from finish();
rollback;

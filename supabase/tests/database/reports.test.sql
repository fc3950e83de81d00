-- Owner reports: the views in the unexposed `reports` schema, read as the database owner, return
-- each user's rows labelled with user_id (and its workspace: workspaces.test.sql).
begin;
set local client_min_messages = warning;
select plan(11);

select tests.create_user('owner');
select tests.create_user('other');

select tests.authenticate_as('owner');
insert into tests.ids select 'leather', id from public.create_raw_material('Leather', null, 250, 40, 'sqft', 10);
insert into tests.ids select 'wax', id from public.create_raw_material('Wax', null, 12.5, 3, 'kg');
insert into tests.ids select 'belt', id from public.create_product('BELT-1', 'Belt', null, 799, 20, 5,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('leather'), 'quantity', 1.5),
                    jsonb_build_object('material_id', tests.id('wax'), 'quantity', 0.1)));
insert into tests.ids select 'sale 1', id from public.log_sale(tests.id('belt'), 2, 'Amazon');
insert into tests.ids select 'sale 2', id from public.log_sale(tests.id('belt'), 3, 'Amazon');
insert into tests.ids select 'sale 3', id from public.log_sale(tests.id('belt'), 1, 'Myntra');
insert into tests.ids select 'run 1', id from public.start_production(tests.id('belt'), 10);
insert into tests.ids select 'run 2', id from public.start_production(tests.id('belt'), 4);

select tests.authenticate_as('other');
insert into tests.ids select 'mask', id from public.create_product('MASK-1', 'Mask', null, 100, 12);
select from public.log_sale(tests.id('mask'), 4, 'Amazon');

-- Spread the owner's history over two months (inside one transaction it all happened at now()).
reset role;
update public.sales_orders set order_date = '2026-09-15' where id = tests.id('sale 1');
update public.sales_orders set order_date = '2026-10-01' where id in (tests.id('sale 2'), tests.id('sale 3'));
update public.stock_movements set created_at = '2026-09-20' where manufacturing_order_id = tests.id('run 1');
update public.stock_movements set created_at = '2026-10-02' where manufacturing_order_id = tests.id('run 2');

select results_eq(
  $$ select month, platform::text, orders, units_sold, revenue from reports.revenue_by_platform_month
     where user_id = tests.id('owner') order by month, platform $$,
  $$ values ('2026-09-01'::date, 'Amazon', 1::bigint, 2::bigint, 1598.00::numeric),
            ('2026-10-01'::date, 'Amazon', 1::bigint, 3::bigint, 2397.00::numeric),
            ('2026-10-01'::date, 'Myntra', 1::bigint, 1::bigint, 799.00::numeric) $$,
  'Revenue by platform by month: orders, units and revenue per platform and month'
);
select results_eq(
  $$ select platform::text, units_sold, revenue from reports.revenue_by_platform_month
     where user_id = tests.id('other') $$,
  $$ values ('Amazon', 4::bigint, 400.00::numeric) $$,
  'Another user''s revenue is reported on its own rows, labelled with their user_id'
);
select results_eq(
  $$ select item_type, item_name, stock, unit, unit_value, stock_value from reports.stock_valuation
     where user_id = tests.id('owner') order by item_type, item_name $$,
  $$ values ('product', 'Belt', 14.000::numeric, 'units', 376.25::numeric, 5267.50::numeric),
            ('raw material', 'Leather', 19.000::numeric, 'sqft', 250.00::numeric, 4750.00::numeric),
            ('raw material', 'Wax', 1.600::numeric, 'kg', 12.50::numeric, 20.00::numeric) $$,
  'Stock valuation at cost (issue 42): the belt at its unit cost 1.5 x 250 + 0.1 x 12.5 = 376.25, 14 x 376.25 = 5,267.50 (not its GST-inclusive price 799); materials at cost (leather 40 - 1.5x14 = 19, wax 3 - 0.1x14 = 1.6)'
);
select results_eq(
  $$ select month, material_name, unit, consumed, consumed_value_at_current_cost
     from reports.material_consumption_by_month where user_id = tests.id('owner') order by month, material_name $$,
  $$ values ('2026-09-01'::date, 'Leather', 'sqft', 15.000::numeric, 3750.00::numeric),
            ('2026-09-01'::date, 'Wax', 'kg', 1.000::numeric, 12.50::numeric),
            ('2026-10-01'::date, 'Leather', 'sqft', 6.000::numeric, 1500.00::numeric),
            ('2026-10-01'::date, 'Wax', 'kg', 0.400::numeric, 5.00::numeric) $$,
  'Material consumption by month: quantity consumed by production and its value at current cost'
);
select is_empty(
  $$ select 1 from reports.material_consumption_by_month where user_id = tests.id('other') $$,
  'A user who produced nothing has no consumption rows');
select results_eq(
  $$ select item_type, item_name, stock, reorder_point from reports.low_stock_items
     where user_id = tests.id('owner') order by item_type, item_name $$,
  $$ values ('raw material', 'Wax', 1.600::numeric, 20.000::numeric) $$,
  'Low-stock items: only wax (1.6 < 20); belt (14 >= 5) and leather (19 >= 10) are not low'
);
select results_eq(
  $$ select item_type, item_name, stock from reports.low_stock_items where user_id = tests.id('other') $$,
  $$ values ('product', 'Mask', 8::numeric) $$,
  'Another user''s low-stock product (12 - 4 = 8 < 10) is listed on their own row'
);
-- Cancellations and returns: out of revenue, counted per platform; cancelled runs are not consumed
select tests.authenticate_as('owner');
insert into tests.ids select 'sale 4', id from public.log_sale(tests.id('belt'), 2, 'Amazon');
select from public.cancel_sales_order(tests.id('sale 4'));
insert into tests.ids select 'sale 5', id from public.log_sale(tests.id('belt'), 1, 'Myntra');
select from public.fulfil_sales_order(tests.id('sale 5'));
select from public.return_sales_order(tests.id('sale 5'));
select from public.cancel_manufacturing_order(tests.id('run 2'));
select from public.archive_item(material_id => tests.id('wax'));
reset role;
update public.sales_orders set order_date = '2026-10-05' where id in (tests.id('sale 4'), tests.id('sale 5'));
update public.stock_movements set created_at = '2026-10-03'
where manufacturing_order_id = tests.id('run 2') and reason = 'production_cancelled';

select results_eq(
  $$ select month, platform::text, orders, units_sold, revenue, cancelled_orders, returned_orders,
            units_returned, returned_amount
     from reports.revenue_by_platform_month where user_id = tests.id('owner') order by month, platform $$,
  $$ values ('2026-09-01'::date, 'Amazon', 1::bigint, 2::bigint, 1598.00::numeric, 0::bigint, 0::bigint, 0::bigint, 0::numeric),
            ('2026-10-01'::date, 'Amazon', 1::bigint, 3::bigint, 2397.00::numeric, 1::bigint, 0::bigint, 0::bigint, 0::numeric),
            ('2026-10-01'::date, 'Myntra', 1::bigint, 1::bigint, 799.00::numeric, 0::bigint, 1::bigint, 1::bigint, 799.00::numeric) $$,
  'Revenue leaves out the cancelled Amazon and the returned Myntra sale, which are counted per platform'
);
select results_eq(
  $$ select month, material_name, consumed from reports.material_consumption_by_month
     where user_id = tests.id('owner') order by month, material_name $$,
  $$ values ('2026-09-01'::date, 'Leather', 15.000::numeric), ('2026-09-01'::date, 'Wax', 1.000::numeric),
            ('2026-10-01'::date, 'Leather', 0.000::numeric), ('2026-10-01'::date, 'Wax', 0.000::numeric) $$,
  'Consumption is net of the cancelled run: October''s run consumed nothing in the end'
);
select is_empty(
  $$ select 1 from reports.low_stock_items where user_id = tests.id('owner') $$,
  'Archived wax is no longer listed as low stock');

-- Were a signed-in role ever granted a report, it still could not read it: each row's workspace
-- label comes from auth.users (through reports.workspaces), which no API role may read.
grant usage on schema reports to authenticated;
grant select on reports.stock_valuation to authenticated;
select tests.authenticate_as('other');
select throws_ok(
  $$ select user_id, item_name from reports.stock_valuation $$,
  '42501', 'permission denied for view workspaces',
  'Read by a signed-in user granted the view, a report is refused, not widened'
);

select * from finish();
rollback;

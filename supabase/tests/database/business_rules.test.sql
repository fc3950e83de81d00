-- business_rules: each rule of supabase/schemas/02_rules.sql answers as the shop means it, every
-- status of a sales order is decided (a status added later fails here until someone says whether
-- it counts as a sale), no function or view spells a rule out again instead of calling it, and the
-- dashboard, its panels, the lists and the reports agree because they share the rules.
begin;
set local client_min_messages = warning;
select plan(43);

-- Which sales orders count as sales -------------------------------------------------------------
select is(rules.counted_sale_statuses(), array['Unfulfilled', 'Fulfilled', 'Partially returned']::public.sales_order_status[],
  'Unfulfilled, Fulfilled and Partially returned orders count as sales (the last with its kept units)');
select ok(not ('Cancelled' = any (rules.counted_sale_statuses())), 'A cancelled order does not count as a sale');
select ok(not ('Returned' = any (rules.counted_sale_statuses())), 'A fully returned order does not count as a sale');
-- What an order keeps after its returns (rules.kept_sale): 3 units sold for 300 with 30 fees.
select is((select to_jsonb(k) from rules.kept_sale('Partially returned', 3, 1, 300, 100, 30, 50) k),
  '{"kept": true, "orders": 1, "units": 2, "revenue": 200, "fees": 30, "profit": 50, "orders_without_cost": 0, "revenue_without_cost": 0}'::jsonb,
  'A partly returned order is one order with its kept units, kept revenue, recorded fees and profit after returns');
select is((select to_jsonb(k) from rules.kept_sale('Fulfilled', 3, 0, 300, 0, 30, 120) k),
  '{"kept": true, "orders": 1, "units": 3, "revenue": 300, "fees": 30, "profit": 120, "orders_without_cost": 0, "revenue_without_cost": 0}'::jsonb,
  'With nothing returned, an order keeps its recorded figures');
select is((select to_jsonb(k) from rules.kept_sale('Returned', 3, 3, 300, 300, 30, -75) k),
  '{"kept": true, "orders": 0, "units": 0, "revenue": 0, "fees": 30, "profit": -75, "orders_without_cost": 0, "revenue_without_cost": 0}'::jsonb,
  'A fully returned order is no order, units or revenue, but its fees and loss stay in profit');
select is((select to_jsonb(k) from rules.kept_sale('Cancelled', 3, 0, 300, 0, 30, 120) k),
  '{"kept": false, "orders": 0, "units": 0, "revenue": 0, "fees": 0, "profit": 0, "orders_without_cost": 0, "revenue_without_cost": 0}'::jsonb,
  'A cancelled order keeps nothing');
-- An order whose cost was unknown at sale (issue 33: profit after returns null).
select is((select to_jsonb(k) from rules.kept_sale('Partially returned', 3, 1, 300, 100, 30, null) k),
  '{"kept": true, "orders": 1, "units": 2, "revenue": 200, "fees": 30, "profit": null, "orders_without_cost": 1, "revenue_without_cost": 200}'::jsonb,
  'An order whose cost is unknown keeps a null profit and says so: one order without cost, its kept revenue as revenue without cost');
select is((select to_jsonb(k) from rules.kept_sale('Cancelled', 3, 0, 300, 0, 30, null) k),
  '{"kept": false, "orders": 0, "units": 0, "revenue": 0, "fees": 0, "profit": 0, "orders_without_cost": 0, "revenue_without_cost": 0}'::jsonb,
  'A cancelled order whose cost is unknown still keeps nothing, and is no order without cost');
-- The list is an allow-list: a status it does not name, such as one not (yet) in the enum, never
-- counts. (Postgres cannot use an enum value added in the same transaction, so a future status is
-- named here as text.)
select ok(not ('Refunded' = any (rules.counted_sale_statuses()::text[])),
  'A status the rule does not name (say, a future Refunded) does not count as a sale');
select set_eq(
  $$ select unnest(enum_range(null::public.sales_order_status))::text $$,
  array['Unfulfilled', 'Fulfilled', 'Cancelled', 'Returned', 'Partially returned'],
  'Every sales order status is decided: a new one must be added to rules.counted_sale_statuses() or '
    'deliberately left out of it, and then to this list'
);
select volatility_is('rules', 'counted_sale_statuses', array[]::text[], 'immutable',
  'counted_sale_statuses() is immutable, so a query evaluates it once, when it is planned');

-- Low stock ---------------------------------------------------------------------------------------
select is(rules.is_low_stock(9, 10), true, 'Below the reorder point is low stock');
select is(rules.is_low_stock(10, 10), false, 'At the reorder point is not low stock');
select is(rules.is_low_stock(11, 10), false, 'Above the reorder point is not low stock');
select is(rules.is_low_stock(0, 0), false, 'Nothing in stock with a reorder point of 0 is not low stock');
select is(rules.is_low_stock(19.999, 20), true, 'Fractions count: 19.999 of 20 is low');
select is(rules.is_low_stock(0.5, 1), true, '0.5 of 1 is low');
select is(rules.is_low_stock(null, 10), null, 'An unknown stock is not judged (null: a filter leaves it out)');
select volatility_is('rules', 'is_low_stock', array['numeric', 'numeric'], 'immutable', 'is_low_stock is immutable');

-- The rules' schema: callable by signed-in users (security invoker reads run as them), by no one
-- else, and not served by the API.
select function_privs_are('rules', f, args, 'authenticated', array['EXECUTE'], format('authenticated can execute rules.%s', f))
from (values ('counted_sale_statuses', array[]::text[]), ('is_low_stock', array['numeric', 'numeric'])) as r (f, args);
select is_empty(
  $$ select p.oid::regprocedure::text
     from pg_proc p
     where p.pronamespace = 'rules'::regnamespace
       and (has_function_privilege('anon', p.oid, 'EXECUTE')
         or exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a where a.grantee = 0)
         or not coalesce('search_path=""' = any (p.proconfig), false)
         or p.provolatile <> 'i') $$,
  'Every rule is immutable, pins an empty search_path and is executable neither by anon nor by PUBLIC'
);
select ok(not exists (
    select 1 from pg_db_role_setting s, unnest(s.setconfig) as c
    where s.setrole = 'authenticator'::regrole and c like 'pgrst.db_schemas=%' and c ~ '\mrules\M'),
  'The API does not serve the rules schema');
select schema_privs_are('rules', 'anon', array[]::text[], 'anon may not use the rules schema');

-- Spelled once: no function or view of ours restates a rule instead of calling it ---------------
select is_empty(
  $$ select format('%s.%s', n.nspname, p.proname)
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private', 'reports', 'rules') and p.proname <> 'counted_sale_statuses'
       and (p.prosrc ~* '''Unfulfilled''(::[a-z_.]+)?,\s*''Fulfilled'''
         or p.prosrc ~* '''Cancelled''(::[a-z_.]+)?,\s*''Returned''') $$,
  'No function lists the statuses that count as a sale (or those that do not) itself'
);
select is_empty(
  $$ select format('%s.%s', n.nspname, c.relname)
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'private', 'reports') and c.relkind in ('v', 'm')
       and (pg_get_viewdef(c.oid) ~* '''Unfulfilled''(::[a-z_.]+)?,\s*''Fulfilled'''
         or pg_get_viewdef(c.oid) ~* '''Cancelled''(::[a-z_.]+)?,\s*''Returned''') $$,
  'No view lists the statuses that count as a sale (or those that do not) itself'
);
select is_empty(
  $$ select format('%s.%s', n.nspname, p.proname)
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private', 'reports', 'rules')
       and (p.prosrc ~* '(stock_on_hand|stock_level)\)*\s*<\s*\(*([a-z_]+\.)?reorder_point'
         -- a table alias's column, not an operation's parameter (coalesce(create_product.reorder_point, 10)
         -- defaults an argument left null)
         or p.prosrc ~* 'coalesce\([a-z]\.reorder_point') $$,
  'No function compares stock with a reorder point itself (nor falls back where a reorder point cannot be missing)'
);
select is_empty(
  $$ select format('%s.%s', n.nspname, c.relname)
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'private', 'reports') and c.relkind in ('v', 'm')
       and (pg_get_viewdef(c.oid) ~* '(stock_on_hand|stock_level)\)*\s*<\s*\(*([a-z_]+\.)?reorder_point'
         or pg_get_viewdef(c.oid) ~* 'COALESCE\(([a-z_]+\.)?reorder_point') $$,
  'No view compares stock with a reorder point itself'
);

-- Every reader agrees ----------------------------------------------------------------------------
select tests.create_user('owner');
select tests.authenticate_as('owner');
insert into tests.ids select 'mug', id from public.create_product('MUG-1', 'Mug', null, 50, 100, 10);
select from public.create_product('LOW-1', 'Low', null, 5, 9, 10);
select from public.create_product('EDGE-1', 'Edge', null, 5, 10, 10);
insert into tests.ids select 'retired', id from public.create_product('OLD-1', 'Retired', null, 5, 1, 10);
select public.archive_item(product_id => tests.id('retired'));
select from public.create_raw_material('Thread', null, 1, 19.999, 'm', 20);
select from public.create_raw_material('Felt', null, 1, 20, 'm', 20);

-- One order of each status: 1 x 50 stays unfulfilled, 2 x 50 is fulfilled, 3 x 50 cancelled,
-- 4 x 50 fulfilled then returned.
insert into tests.ids select format('sale %s', q), id from generate_series(1, 4) as q, lateral public.log_sale(tests.id('mug'), q);
select public.fulfil_sales_order(tests.id('sale 2'));
select public.cancel_sales_order(tests.id('sale 3'));
select public.fulfil_sales_order(tests.id('sale 4'));
select public.return_sales_order(tests.id('sale 4'));

select is((public.dashboard_summary() ->> 'total_revenue')::numeric, 150.00,
  'The dashboard''s revenue counts the unfulfilled and the fulfilled sale: 50 + 100');
select is((public.dashboard_panels('all_time') -> 'totals' ->> 'revenue')::numeric, 150.00,
  'The profit panels count the same sales');
select is((select count(*) from public.sales_orders o where o.status = any (rules.counted_sale_statuses()))::int, 2,
  'Two of the four orders count as sales');
select is((public.dashboard_summary() ->> 'low_stock_products')::int, 1,
  'The dashboard counts one low product (below its point, not archived)');
select is((public.list_products(low_stock_only => true, include_archived => false) ->> 'total')::int, 1,
  'The product list''s low stock filter finds the same one');
select is_empty($$ select sku from public.products
                   where low_stock is distinct from rules.is_low_stock(stock_on_hand, reorder_point) $$,
  'products.low_stock, which the dashboard counts, is the rule for every product, after every stock change');
select is((public.dashboard_summary() ->> 'low_stock_materials')::int, 1,
  'The dashboard counts one low material (19.999 of 20)');
select is((public.list_raw_materials(low_stock_only => true) ->> 'total')::int, 1,
  'The material list''s low stock filter finds the same one');
select is((select count(*) from public.what_to_buy())::int, 1, 'What to buy lists the same material');

reset role;
select results_eq(
  $$ select (select sum(revenue) from reports.revenue_by_platform_month where user_id = tests.id('owner')),
            (select sum(revenue) from reports.profit_by_platform_month where user_id = tests.id('owner')),
            (select count(*) from reports.low_stock_items where user_id = tests.id('owner'))::numeric $$,
  $$ values (150.00::numeric, 150.00::numeric, 2::numeric) $$,
  'The owner reports count the same revenue and the same two low items'
);

-- Dashboard periods, in the Indian calendar: one rule for the panels and the top lists by style.
select results_eq($$ select p.from_day, p.bucket from rules.dashboard_period('this_financial_year', '2026-02-10') p $$,
  $$ values ('2025-04-01'::date, 'month') $$, 'Before April, the financial year began on 1 April of the year before');
select results_eq($$ select p.from_day, p.bucket from rules.dashboard_period('this_financial_year', '2026-04-01') p $$,
  $$ values ('2026-04-01'::date, 'month') $$, 'From 1 April, on 1 April of this year');
select results_eq($$ select p.from_day, p.bucket from rules.dashboard_period('last_30_days', '2026-03-01') p $$,
  $$ values ('2026-01-31'::date, 'day') $$, 'The last 30 days are the day and the 29 before it');
select throws_ok($$ select rules.dashboard_period('yesterday', '2026-03-01') $$, 'P0001',
  'Period must be one of: this_month, last_30_days, this_financial_year, all_time.', 'Any other period is refused');

select * from finish();
rollback;

-- Privileges: clients can read their rows, nothing else; anon can use nothing; helpers and reports
-- are out of the API's reach. Checked on a database shaped like Supabase's (first section), whose
-- default privileges grant every new table and function in public to anon: the exact lists below
-- catch a migration that forgets to revoke, and the last section shows why. Each area's tables and
-- functions have their cases in privileges_<area>.test.sql.
begin;
set local client_min_messages = warning;
select plan(61);

-- The platform, as on Supabase (stack/sql/platform.sql) -----------------------------------------
select is(session_user::text, 'postgres',
  'pgTAP runs as postgres, as `supabase test db` does, so what postgres may not do fails here too');
select results_eq(
  $$ select rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls, rolcanlogin
     from pg_roles where rolname = 'postgres' $$,
  $$ values (false, true, true, true, true, true) $$,
  'postgres is not a superuser; it creates roles and databases, replicates, bypasses RLS and logs in'
);
select ok((select rolsuper from pg_roles where rolname = 'supabase_admin'),
  'supabase_admin is the superuser that owns the platform');
select throws_ok($$ set local role supabase_admin $$, '42501',
  'permission denied to set role "supabase_admin"', 'postgres cannot become the superuser');
select results_eq(
  $$ select rolsuper, rolinherit, rolcanlogin, rolcreaterole, rolbypassrls
     from pg_roles where rolname = 'authenticator' $$,
  $$ values (false, false, true, false, false) $$,
  'authenticator, the API''s login role, is not a superuser and inherits nothing'
);
select set_eq(
  $$ select roleid::regrole::text from pg_auth_members where member = 'authenticator'::regrole $$,
  array['anon', 'authenticated', 'service_role'],
  'authenticator can switch to anon, authenticated and service_role, and to nothing else'
);
select schema_owner_is('auth', 'supabase_admin', 'The auth schema belongs to supabase_admin');
select table_owner_is('auth', t, 'supabase_auth_admin', format('auth.%s belongs to supabase_auth_admin', t))
from unnest(array['users', 'sessions', 'refresh_tokens']) as t;
select schema_privs_are('auth', 'postgres', array['USAGE'], 'postgres may use the auth schema, not create in it');
select throws_ok($$ create table auth.probe (id integer) $$, '42501', 'permission denied for schema auth',
  'Creating an object in auth as postgres is refused, as on Supabase');
select table_privs_are('auth', 'users', 'postgres',
  array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'],
  'postgres may read and write auth.users, as Supabase grants');
select table_privs_are('auth', 'users', r, array[]::text[], format('%s has no privilege on auth.users', r))
from unnest(array['anon', 'authenticated']) as r;

-- Table and column privileges, as granted ------------------------------------------------------
-- Every table, view and sequence of ours: the client roles hold exactly these privileges (through
-- PUBLIC too), so a new one that keeps Supabase's default grants fails here.
select set_eq(
  $$ select format('%s %s on %I.%I', case a.grantee when 0 then 'public' else a.grantee::regrole::text end,
                   a.privilege_type, n.nspname, c.relname)
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     cross join aclexplode(coalesce(c.relacl,
       acldefault(case c.relkind when 'S' then 's'::"char" else 'r'::"char" end, c.relowner))) a
     where n.nspname in ('public', 'private', 'reports') and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
       and (a.grantee = 0 or a.grantee in ('anon'::regrole, 'authenticated'::regrole)) $$,
  array['authenticated SELECT on public.products', 'authenticated SELECT on public.raw_materials',
        'authenticated SELECT on public.bom_items', 'authenticated SELECT on public.bom_subassemblies',
        'authenticated SELECT on public.sales_orders',
        'authenticated SELECT on public.manufacturing_orders', 'authenticated SELECT on public.stock_movements',
        'authenticated SELECT on public.platform_fees', 'authenticated SELECT on public.product_unit_costs', 'authenticated INSERT on public.product_unit_costs', 'authenticated UPDATE on public.product_unit_costs',
        'authenticated DELETE on public.product_unit_costs',
        'authenticated SELECT on public.website_order_refusals',
        'authenticated SELECT on public.website_order_shipping',
        'authenticated SELECT on public.sales_day_totals', 'authenticated SELECT on public.product_sales_totals',
        'authenticated SELECT on public.sales_order_counts', 'authenticated SELECT on public.sales_figure_changes',
        'authenticated SELECT on public.pending_sales_figures', 'authenticated INSERT on public.pending_sales_figures', 'authenticated UPDATE on public.pending_sales_figures',
        'authenticated DELETE on public.pending_sales_figures',
        'authenticated SELECT on public.sales_by_day', 'authenticated INSERT on public.sales_by_day', 'authenticated UPDATE on public.sales_by_day',
        'authenticated DELETE on public.sales_by_day', 'authenticated SELECT on public.sales_by_product', 'authenticated INSERT on public.sales_by_product', 'authenticated UPDATE on public.sales_by_product',
        'authenticated DELETE on public.sales_by_product',
        'authenticated SELECT on public.sales_orders_by_status', 'authenticated INSERT on public.sales_orders_by_status', 'authenticated UPDATE on public.sales_orders_by_status',
        'authenticated DELETE on public.sales_orders_by_status',
        'authenticated SELECT on public.product_day_totals', 'authenticated SELECT on public.product_period_starts',
        'authenticated SELECT on public.product_period_totals',
        'authenticated SELECT on public.product_period_sales', 'authenticated INSERT on public.product_period_sales', 'authenticated UPDATE on public.product_period_sales',
        'authenticated DELETE on public.product_period_sales',
        'authenticated SELECT on public.styles', 'authenticated SELECT on public.style_variants',
        'authenticated SELECT on public.style_bom_items',
        'authenticated SELECT on public.sales_returns', 'authenticated SELECT on public.return_claims',
        'authenticated SELECT on public.suppliers', 'authenticated SELECT on public.purchase_units',
        'authenticated SELECT on public.purchase_orders', 'authenticated SELECT on public.purchase_order_lines',
        'authenticated SELECT on public.settlement_lines', 'authenticated SELECT on public.materials_on_order', 'authenticated INSERT on public.materials_on_order', 'authenticated UPDATE on public.materials_on_order',
        'authenticated DELETE on public.materials_on_order',
        'authenticated SELECT on public.sku_aliases', 'authenticated SELECT on public.combo_components',
        'authenticated SELECT on public.channel_settings', 'authenticated SELECT on public.channel_stock_files',
        'authenticated SELECT on public.business_profiles', 'authenticated SELECT on public.invoices',
        'authenticated SELECT on public.invoice_lines', 'authenticated SELECT on public.credit_notes',
        'authenticated SELECT on public.credit_note_lines', 'authenticated SELECT on public.supplier_payments',
        'authenticated SELECT on public.tally_exports', 'authenticated SELECT on public.tally_exported_vouchers',
        'authenticated SELECT on public.customers', 'authenticated SELECT on public.customer_payments',
        'authenticated SELECT on public.customer_payment_allocations', 'authenticated SELECT on public.locations',
        'authenticated SELECT on public.location_stock', 'authenticated SELECT on public.delivery_challans',
        'authenticated SELECT on public.delivery_challan_lines', 'authenticated SELECT on public.job_work_orders',
        'authenticated SELECT on public.job_work_order_lines', 'authenticated SELECT on public.job_work_receipts',
        'authenticated SELECT on public.item_tax_backfills'],
  'On our tables, views and sequences the client roles hold exactly authenticated''s read of the six tables, the sub-assembly lines, the platform fees, the unit costs, the refused website order lines and their shipping, the kept sales totals and order counts with their pending changes and the four views that read them, the three style tables, the returns with their claims, the four purchasing tables, the settlement lines, what is on order and the four channel tables (aliases, combo components, buffers, stock files), the business profile, the four invoice tables, the supplier payments and the two Tally export records, the customers with their payments and allocations, the locations with their stock and the delivery challans, the job work orders with their lines and receipts, the item tax backfills; and writes to the six views, which only reach private.refuse_view_write (405)'
);
select set_eq(
  $$ select format('%s %s on %I.%I.%I', case a.grantee when 0 then 'public' else a.grantee::regrole::text end,
                   a.privilege_type, n.nspname, c.relname, t.attname)
     from pg_attribute t
     join pg_class c on c.oid = t.attrelid
     join pg_namespace n on n.oid = c.relnamespace
     cross join aclexplode(t.attacl) a
     where n.nspname in ('public', 'private', 'reports') and t.attacl is not null
       and (a.grantee = 0 or a.grantee in ('anon'::regrole, 'authenticated'::regrole)) $$,
  array['authenticated SELECT on public.website_webhooks.user_id',
        'authenticated SELECT on public.website_webhooks.endpoint_token',
        'authenticated SELECT on public.website_webhooks.secret_source',
        'authenticated SELECT on public.website_webhooks.created_at',
        'authenticated SELECT on public.website_webhooks.secret_changed_at',
        'authenticated SELECT on public.shopify_connections.user_id',
        'authenticated SELECT on public.shopify_connections.shop_domain',
        'authenticated SELECT on public.shopify_connections.token_last4',
        'authenticated SELECT on public.shopify_connections.location_id',
        'authenticated SELECT on public.shopify_connections.token_set_at',
        'authenticated SELECT on public.shopify_connections.updated_at'],
  'The only column grants to the client roles: the owner reads their webhook without its signing secret and their Shopify connection without its token (edits go through update_product and update_raw_material)'
);

-- Views ----------------------------------------------------------------------------------------
select tests.create_user('owner');
select tests.authenticate_as('owner');
-- The seven views refuse every write with PT405 (HTTP 405), whether or not a row matches.
select throws_ok(format(w, v), 'PT405',
  format('%s is a read-only view: it is computed from other tables and cannot be written.', v),
  format('A write to %s is refused with PT405: %s', v, w))
from unnest(array['product_unit_costs', 'pending_sales_figures', 'sales_by_day', 'sales_by_product',
  'sales_orders_by_status', 'materials_on_order', 'product_period_sales']) as v
cross join unnest(array['delete from public.%I', 'delete from public.%I where false',
  'update public.%I set user_id = user_id', 'insert into public.%I (user_id) values (auth.uid())']) as w;

reset role;
-- Exactly who may execute which of our functions, counting grants to PUBLIC and to the role
-- itself (Supabase's default privileges grant anon every new function in public).
select is_empty(
  $$ select p.oid::regprocedure::text
     from pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
     where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
       and a.grantee = 0 and a.privilege_type = 'EXECUTE' $$,
  'No function in public or private is executable by PUBLIC'
);
select is_empty(
  $$ select p.oid::regprocedure::text from pg_proc p
     where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace, 'reports'::regnamespace)
       and has_function_privilege('anon', p.oid, 'EXECUTE') $$,
  'anon can execute none of our functions'
);
select set_eq(
  $$ select format('%I.%I(%s)', n.nspname, p.proname, oidvectortypes(p.proargtypes))
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private', 'reports')
       and has_function_privilege('authenticated', p.oid, 'EXECUTE') $$,
  array['public.create_product(text, text, text, numeric, numeric, numeric, jsonb, uuid, jsonb, text)',
        'public.create_raw_material(text, text, numeric, numeric, text, numeric, uuid)',
        'public.log_sale(uuid, numeric, text, uuid, numeric, date, text, uuid, uuid)', 'public.fulfil_sales_order(uuid)',
        'public.fulfil_sales_orders(uuid[])',
        'public.start_production(uuid, numeric, uuid, uuid)', 'public.complete_production(uuid)',
        'public.receive_material(uuid, numeric, numeric, text, uuid, numeric, numeric, text, date, uuid)',
        'public.adjust_stock(uuid, uuid, numeric, text, uuid)',
        'public.update_product(uuid, text, text, text, numeric, numeric, jsonb, jsonb, text)',
        'public.update_raw_material(uuid, text, text, numeric, text, numeric)',
        'public.archive_item(uuid, uuid, boolean)', 'public.cancel_sales_order(uuid)',
        'public.return_sales_order(uuid, boolean, text, uuid)', 'public.cancel_manufacturing_order(uuid)',
        'public.dashboard_summary()', 'public.product_costing()',
        'public.set_platform_fees(text, numeric, numeric, numeric, numeric, numeric)', 'public.dashboard_panels(text)',
        'public.dashboard_top_styles(text)',
        'public.what_to_buy()', 'public.import_raw_materials(jsonb, boolean, uuid)',
        'public.import_products(jsonb, boolean, uuid)', 'public.owner_report(text)',
        'public.create_website_webhook()', 'public.set_website_webhook_secret(text)',
        'public.dismiss_website_order_refusal(uuid)', 'public.preview_sales_orders_import(text, jsonb)',
        'public.import_sales_orders(text, jsonb, uuid)',
        'public.list_sales_orders(text, sales_platform, sales_order_status, timestamp with time zone, timestamp with time zone, text, boolean, integer, integer)',
        'public.list_products(text, boolean, boolean, text, boolean, integer, integer)',
        'public.list_raw_materials(text, boolean, boolean, text, boolean, integer, integer)',
        'public.create_style(text, text, text, numeric, jsonb, jsonb, uuid)',
        'public.update_style(uuid, text, text, jsonb)', 'public.add_style_variants(uuid, jsonb, jsonb, uuid)',
        'public.list_styles(text, integer, integer, uuid)', 'public.start_production_batch(jsonb, uuid)',
        'public.set_product_costs(uuid, numeric, numeric, numeric, numeric)',
        'public.record_return(uuid, text, numeric, numeric, numeric, numeric, numeric, text, date, uuid)',
        'public.update_claim(uuid, text, numeric)', 'public.preview_returns_import(text, jsonb)',
        'public.import_returns(text, jsonb, uuid)', 'public.dashboard_returns(text)',
        'public.platform_claim_windows()',
        'public.create_supplier(text, text, text, text, text, integer, text, text, uuid)',
        'public.update_supplier(uuid, text, text, text, text, text, integer, text, text)',
        'public.set_purchase_unit(uuid, uuid, text, numeric, numeric, numeric)',
        'public.create_purchase_order(uuid, jsonb, date, text, uuid)',
        'public.update_purchase_order(uuid, uuid, jsonb, date, text)', 'public.place_purchase_order(uuid)',
        'public.receive_purchase_order(uuid, jsonb, text, uuid, text, date)', 'public.cancel_purchase_order(uuid)',
        'public.list_purchase_orders(text, text, boolean, integer, integer)',
        'public.create_suggested_purchase_orders(uuid)',
        'public.preview_settlement_import(text, jsonb)', 'public.import_settlement(text, jsonb, uuid)',
        'public.list_reconciliation(text, sales_platform, timestamp with time zone, timestamp with time zone, text, boolean, integer, integer)',
        'public.reconciliation_summary(text)', 'public.profit_leaks(text)',
        'public.list_unmatched_settlement_lines(sales_platform, integer, integer)',
        'public.order_payment_statuses(uuid[])',
        'public.product_planning(uuid[])', 'public.running_out_soon(integer)',
        'public.set_product_planning(uuid, numeric, numeric)', 'public.accept_reorder_point(uuid, uuid)',
        'public.plan_production(jsonb, integer)', 'public.commit_production_plan(jsonb, uuid)',
        'public.set_sku_alias(uuid, text, text, text)', 'public.remove_sku_alias(uuid)',
        'public.create_combo(text, text, text, numeric, jsonb, uuid)',
        'public.update_combo(uuid, text, text, text, numeric, jsonb)', 'public.set_channel_buffer(text, numeric, numeric)',
        'public.set_sell_what_i_can_make(uuid, boolean)', 'public.available_to_sell(text)',
        'public.record_stock_file(text, jsonb, uuid)', 'public.stock_sync(text)',
        'public.set_shopify_connection(text, text, text)', 'public.remove_shopify_connection()',
        'public.shopify_connection_status()',
        'public.gst_states()', 'public.set_business_profile(text, text, text, text, text)',
        'public.set_item_tax(uuid, uuid, text, numeric, jsonb, uuid)', 'public.continue_item_tax_backfill()',
        'public.set_place_of_supply(uuid, text)',
        'public.create_invoice(uuid[], text, text, text, text, uuid, date, uuid)', 'public.create_credit_note(uuid, jsonb, text, uuid)',
        'public.get_invoice(uuid)', 'public.list_invoices(text, date, date, integer, integer)', 'public.input_tax(text)',
        'public.get_credit_note(uuid)', 'public.list_credit_notes(text, date, date, integer, integer)',
        'public.gstr1_summary(text)', 'public.set_operator_gstin(text, text)', 'public.export_workspace()', 'public.restore_workspace(integer, integer, text, uuid)',
        'public.record_supplier_payment(uuid, numeric, date, text, text, uuid)', 'public.supplier_dues()',
        'public.tally_export(date, date, boolean)',
        'public.create_customer(text, text, text, text, text, text, text, integer, uuid)',
        'public.update_customer(uuid, text, text, text, text, text, text, text, integer)',
        'public.archive_customer(uuid, boolean)', 'public.record_payment(uuid, numeric, date, text, text, jsonb, uuid)',
        'public.customer_dues()', 'public.customer_statement(uuid, date, date)',
        'public.create_location(text, text, uuid, text, text, uuid)', 'public.stock_by_location()',
        'public.transfer_stock(uuid, uuid, jsonb, uuid)', 'public.get_delivery_challan(uuid)',
        'public.send_job_work(uuid, uuid, jsonb, jsonb, numeric, text, date, uuid)',
        'public.receive_job_work(uuid, numeric, numeric, uuid, numeric, text, date, uuid)',
        'public.job_work_orders_list()', 'public.job_work_pending()',
        'public.eway_bill_json(uuid[], text, integer, text)', 'public.itc04(date, date)'],
  'authenticated can execute exactly the fourteen stock operations, the bulk fulfil, set_platform_fees, the two catalogue imports, the seven read functions, the three website webhook settings, the order import with its preview, the three lists, the three style operations with their list, the production batch, set_product_costs, the returns (record_return, update_claim, the returns import with its preview, dashboard_returns and the claim windows), the ten purchasing operations, the settlements (the import with its preview, the reconciliation list, its summary, the profit leaks, the unmatched lines and the payment statuses), the six planning functions, the nine channel functions (aliases, combos, buffers, sell what I can make, available to sell, stock sync), the three Shopify connection calls and the ten GST functions (the states, the profile, item tax, invoices, credit notes, the invoice and its list, input tax, GSTR-1 and the operator GSTINs), the backup with its restore, the payables (record_supplier_payment, supplier_dues) with the Tally export, the receivables (the three customer operations, record_payment, customer_dues, customer_statement) and the locations (create_location, stock_by_location, transfer_stock, get_delivery_challan, eway_bill_json) with job work (send_job_work, receive_job_work, job_work_orders_list, job_work_pending, itc04)'
);
select set_eq(
  $$ select format('%I.%I(%s)', n.nspname, p.proname, oidvectortypes(p.proargtypes))
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private', 'reports')
       and has_function_privilege('service_role', p.oid, 'EXECUTE') $$,
  array['public.website_webhook_secret(text)',
        'public.receive_website_order(text, text, timestamp with time zone, jsonb, text, numeric)',
        'public.available_to_sell_for_user(uuid, text)', 'public.shopify_push_plan(uuid)'],
  'service_role can execute only the website-orders Edge Function''s two calls, available_to_sell_for_user and the shopify-inventory function''s plan (every other function works on a signed-in user)'
);
select is_empty(
  $$ select p.oid::regprocedure::text from pg_proc p
     where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
       and not coalesce('search_path=""' = any (p.proconfig), false) $$,
  'Every function in public and private pins an empty search_path'
);
select set_eq(
  $$ select proname::text from pg_proc where pronamespace = 'public'::regnamespace and prosecdef $$,
  array['create_product', 'create_raw_material', 'log_sale', 'fulfil_sales_order', 'fulfil_sales_orders',
        'start_production',
        'complete_production', 'receive_material', 'adjust_stock', 'update_product',
        'update_raw_material', 'archive_item', 'cancel_sales_order', 'return_sales_order',
        'cancel_manufacturing_order', 'set_platform_fees', 'import_raw_materials', 'import_products',
        'owner_report', 'create_website_webhook', 'set_website_webhook_secret',
        'dismiss_website_order_refusal', 'receive_website_order', 'import_sales_orders',
        'preview_sales_orders_import', 'list_sales_orders', 'list_products', 'list_raw_materials',
        'create_style', 'update_style', 'add_style_variants', 'list_styles', 'start_production_batch',
        'set_product_costs', 'product_costing',
        'record_return', 'update_claim', 'preview_returns_import', 'import_returns', 'platform_claim_windows',
        'create_supplier', 'update_supplier', 'set_purchase_unit', 'create_purchase_order', 'update_purchase_order',
        'place_purchase_order', 'receive_purchase_order', 'cancel_purchase_order', 'list_purchase_orders',
        'create_suggested_purchase_orders',
        'preview_settlement_import', 'import_settlement', 'list_reconciliation', 'reconciliation_summary',
        'profit_leaks', 'list_unmatched_settlement_lines', 'order_payment_statuses', 'product_planning', 'running_out_soon', 'set_product_planning',
        'accept_reorder_point', 'plan_production', 'commit_production_plan',
        'set_sku_alias', 'remove_sku_alias', 'create_combo', 'update_combo', 'set_channel_buffer',
        'set_sell_what_i_can_make', 'available_to_sell', 'available_to_sell_for_user', 'record_stock_file', 'stock_sync',
        'set_shopify_connection', 'remove_shopify_connection', 'shopify_push_plan',
        'set_business_profile', 'set_item_tax', 'continue_item_tax_backfill', 'set_place_of_supply', 'create_invoice', 'create_credit_note', 'get_invoice', 'list_invoices',
        'get_credit_note', 'list_credit_notes', 'input_tax', 'gstr1_summary', 'set_operator_gstin', 'restore_workspace',
        'record_supplier_payment', 'supplier_dues', 'tally_export',
        'create_customer', 'update_customer', 'archive_customer', 'record_payment', 'customer_dues', 'customer_statement',
        'create_location', 'transfer_stock', 'send_job_work', 'receive_job_work', 'eway_bill_json', 'itc04'],
  'Exactly the fourteen operations, record_return, update_claim, the returns import with its preview and the claim windows (they call private helpers), the settlement import with its preview and the five settlement reads (they read the private reconciliation view and filter on auth.uid() themselves), the bulk fulfil, set_platform_fees, the two catalogue imports (they call private helpers), owner_report (its views read auth.users), the webhook settings, receive_website_order, the order import with its preview (it shares the import''s private helpers), the four lists (they filter on auth.uid() themselves so their searches can use indexes), the three style operations, the production batch, set_product_costs and product_costing (it calls the private max_buildable; it filters on auth.uid() itself) the purchasing operations (their list included), the planning functions (they call the private velocity), the channel functions (they call the private resolution, combo and availability helpers) the Shopify connection writes with the function''s plan (it reads the token and the private availability for a user the function names), and the GST operations and reads (they call private helpers and filter on auth.uid() themselves; gst_states reads no table) and restore_workspace (it writes tables no client may write, for the caller only), record_supplier_payment, supplier_dues and tally_export, the receivables, create_location, transfer_stock, send_job_work, receive_job_work, eway_bill_json and itc04 (they call private helpers and filter on auth.uid() themselves) run as security definer; the other read functions, the backup among them, read through RLS'
);
select tests.authenticate_as_anon();
select throws_ok($$ select public.dashboard_summary() $$, '42501',
  'permission denied for function dashboard_summary', 'anon cannot read the dashboard');
select throws_ok($$ select public.create_product('A', 'A', null, 1) $$, '42501',
  'permission denied for function create_product', 'anon cannot call create_product');
select throws_ok($$ select public.receive_material(gen_random_uuid(), 1) $$, '42501',
  'permission denied for function receive_material', 'anon cannot call receive_material');
-- Helpers and reports are out of reach -----------------------------------------------------------
select tests.authenticate_as('owner');
select throws_ok($$ select private.require_user_id() $$, '42501', 'permission denied for schema private',
  'A signed-in user cannot call the private helpers');
select throws_ok($$ select * from reports.stock_valuation $$, '42501', 'permission denied for schema reports',
  'A signed-in user cannot read the owner reports');
select tests.authenticate_as_anon();
select throws_ok($$ select * from reports.low_stock_items $$, '42501', 'permission denied for schema reports',
  'anon cannot read the owner reports');
-- Why the exact lists: what a migration that forgets to revoke leaves open on Supabase -------------
reset role;
create function public.privileges_probe() returns integer language sql set search_path = '' as $$ select 1 $$;
create table public.privileges_probe_table (id integer primary key);
select ok(has_function_privilege('anon', 'public.privileges_probe()', 'EXECUTE'),
  'A new function in public is callable by anon until its migration revokes that (default privileges)');
select table_privs_are('public', 'privileges_probe_table', 'anon',
  array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'],
  'A new table in public is open to anon until its migration revokes that (default privileges)');
revoke execute on function public.privileges_probe() from public;
select ok(has_function_privilege('anon', 'public.privileges_probe()', 'EXECUTE'),
  'Revoking execute from public alone leaves a new function callable by anon');
revoke execute on function public.privileges_probe() from anon;
select ok(not has_function_privilege('anon', 'public.privileges_probe()', 'EXECUTE'),
  'Revoking execute from anon as well closes it');

select * from finish();
rollback;

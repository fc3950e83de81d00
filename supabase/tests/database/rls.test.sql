-- Row-level security: every table has it, each with exactly its owner-only read policy, for
-- authenticated only; the realtime publication. Each area's policies and what the owner, another
-- anonymous user and anon see of its tables are in rls_<area>.test.sql.
-- Only the project's own schemas are checked: the platform's (auth, storage...) are Supabase's to
-- secure, and differ between Supabase versions.
begin;
set local client_min_messages = warning;
select plan(56);

-- Every table ------------------------------------------------------------------------------------
select tables_are('public', array['products', 'raw_materials', 'bom_items', 'bom_subassemblies', 'sales_orders',
  'manufacturing_orders', 'stock_movements', 'platform_fees', 'website_webhooks', 'website_order_refusals',
  'website_order_shipping',
  'sales_day_totals', 'product_sales_totals', 'sales_order_counts', 'sales_figure_changes',
  'product_day_totals', 'product_period_starts', 'product_period_totals', 'styles', 'style_variants', 'style_bom_items',
  'sales_returns', 'return_claims', 'suppliers', 'purchase_units', 'purchase_orders', 'purchase_order_lines',
  'settlement_lines', 'sku_aliases', 'combo_components', 'channel_settings', 'channel_stock_files',
  'shopify_connections', 'business_profiles', 'invoices', 'invoice_lines', 'credit_notes', 'credit_note_lines',
  'supplier_payments', 'tally_exports', 'tally_exported_vouchers', 'customers', 'customer_payments',
  'customer_payment_allocations', 'locations', 'location_stock', 'delivery_challans', 'delivery_challan_lines',
  'job_work_orders', 'job_work_order_lines', 'job_work_receipts', 'item_tax_backfills'],
  'The API exposes exactly the six inventory tables, the sub-assembly lines, the platform fees, the website webhook''s two tables, the two kept sales totals, the kept order counts, their pending changes, the kept sales per product by day and period with the periods'' first days, the three style tables, the returns with their claims, the four purchasing tables, the settlement lines, the four channel tables and the Shopify connection, the business profile, the four invoice tables, the supplier payments and the two Tally export records, the customers with their payments and allocations, the locations with their stock and the delivery challans, the job work orders with their lines and receipts, and the item tax backfills');
select ok(relrowsecurity, format('RLS is enabled on public.%s', relname))
from pg_class
where relnamespace = 'public'::regnamespace and relkind = 'r'
order by relname;
-- private's tables (request_results) have no RLS: no API role may use the schema at all.
select is_empty(
  $$ select n.nspname || '.' || c.relname
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'private', 'reports', 'rules') and c.relkind in ('r', 'p')
       and not c.relrowsecurity
       and (has_schema_privilege('anon', n.oid, 'usage') or has_schema_privilege('authenticated', n.oid, 'usage')) $$,
  'Every table of the project''s schemas that an API role could reach has RLS enabled'
);
select is_empty(
  $$ select tablename || ': ' || policyname from pg_policies
     where schemaname = 'public' and (roles <> '{authenticated}' or cmd = 'ALL') $$,
  'Every policy is for authenticated only and none is FOR ALL');
select set_eq(
  $$ select tablename::text from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' $$,
  array['products', 'raw_materials', 'sales_orders', 'manufacturing_orders', 'platform_fees', 'styles',
    'sales_returns', 'return_claims', 'suppliers', 'purchase_units', 'purchase_orders'],
  'The app''s tables stream through the supabase_realtime publication (not the ledger; not BOM rows, style BOM lines nor purchase order lines, whose deletions would reach every subscriber; returns and claims are never deleted but with their user)'
);

select * from finish();
rollback;

-- Row-level security: every table has it, each with exactly its owner-only read policy; the owner
-- sees their rows and edits them through update_product/update_raw_material, another anonymous
-- user sees and changes nothing, anon is refused.
-- Only the project's own schemas are checked: the platform's (auth, storage...) are Supabase's to
-- secure, and differ between Supabase versions.
begin;
set local client_min_messages = warning;
select plan(144);

-- Every table ------------------------------------------------------------------------------------
select tables_are('public', array['products', 'raw_materials', 'bom_items', 'bom_subassemblies', 'sales_orders',
  'manufacturing_orders', 'stock_movements', 'platform_fees', 'website_webhooks', 'website_order_refusals',
  'sales_day_totals', 'product_sales_totals', 'sales_order_counts', 'sales_figure_changes', 'styles', 'style_variants', 'style_bom_items',
  'sales_returns', 'return_claims', 'suppliers', 'purchase_units', 'purchase_orders', 'purchase_order_lines',
  'settlement_lines', 'sku_aliases', 'combo_components', 'channel_settings', 'channel_stock_files',
  'shopify_connections', 'business_profiles', 'invoices', 'invoice_lines', 'credit_notes', 'credit_note_lines',
  'locations', 'location_stock', 'delivery_challans', 'delivery_challan_lines'],
  'The API exposes exactly the six inventory tables, the sub-assembly lines, the platform fees, the website webhook''s two tables, the two kept sales totals, the kept order counts, their pending changes, the three style tables, the returns with their claims, the four purchasing tables, the settlement lines, the four channel tables and the Shopify connection, the business profile, the four invoice tables and the four location tables');

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

select policies_are('public', 'products', array['Owners can read their products'],
  'products has only the owner read policy (edits go through update_product)');
select policies_are('public', 'raw_materials', array['Owners can read their raw materials'],
  'raw_materials has only the owner read policy (edits go through update_raw_material)');
select policies_are('public', 'bom_items', array['Owners can read their bills of materials'],
  'bom_items has only the owner read policy');
select policies_are('public', 'bom_subassemblies', array['Owners can read their sub-assemblies'],
  'bom_subassemblies has only the owner read policy (create_product and update_product write it)');
select policies_are('public', 'sales_orders', array['Owners can read their sales orders'],
  'sales_orders has only the owner read policy');
select policies_are('public', 'manufacturing_orders', array['Owners can read their manufacturing orders'],
  'manufacturing_orders has only the owner read policy');
select policies_are('public', 'stock_movements', array['Owners can read their stock movements'],
  'stock_movements has only the owner read policy');
select policies_are('public', 'platform_fees', array['Owners can read their platform fees'],
  'platform_fees has only the owner read policy (set_platform_fees writes it)');
select policies_are('public', 'website_webhooks', array['Owners can read their website webhook'],
  'website_webhooks has only the owner read policy (its secret column is not granted; the webhook settings write it)');
select policies_are('public', 'shopify_connections', array['Owners can read their Shopify connection'],
  'shopify_connections has only the owner read policy (its token column is not granted; set_shopify_connection writes it)');
select policies_are('public', 'website_order_refusals', array['Owners can read their refused website order lines'],
  'website_order_refusals has only the owner read policy (receive_website_order writes it)');
select policies_are('public', 'sales_day_totals', array['Owners can read their sales day totals'],
  'sales_day_totals has only the owner read policy (triggers on sales_orders keep it)');
select policies_are('public', 'product_sales_totals', array['Owners can read their product sales totals'],
  'product_sales_totals has only the owner read policy (triggers on sales_orders keep it)');
select policies_are('public', 'sales_order_counts', array['Owners can read their sales order counts'],
  'sales_order_counts has only the owner read policy (triggers on sales_orders keep it)');
select policies_are('public', 'sales_figure_changes', array['Owners can read their sales figure changes'],
  'sales_figure_changes has only the owner read policy (triggers on sales_orders write it)');
select policies_are('public', 'styles', array['Owners can read their styles'],
  'styles has only the owner read policy (the style operations write it)');
select policies_are('public', 'style_variants', array['Owners can read their style variants'],
  'style_variants has only the owner read policy (create_style and add_style_variants write it)');
select policies_are('public', 'style_bom_items', array['Owners can read their style BOMs'],
  'style_bom_items has only the owner read policy (the style operations write it)');
select policies_are('public', 'sales_returns', array['Owners can read their sales returns'],
  'sales_returns has only the owner read policy (the return operations write it)');
select policies_are('public', 'return_claims', array['Owners can read their return claims'],
  'return_claims has only the owner read policy (the return operations and update_claim write it)');
select policies_are('public', 'suppliers', array['Owners can read their suppliers'],
  'suppliers has only the owner read policy (create_supplier and update_supplier write it)');
select policies_are('public', 'purchase_units', array['Owners can read their purchase units'],
  'purchase_units has only the owner read policy (set_purchase_unit writes it)');
select policies_are('public', 'purchase_orders', array['Owners can read their purchase orders'],
  'purchase_orders has only the owner read policy (the purchase order operations write it)');
select policies_are('public', 'purchase_order_lines', array['Owners can read their purchase order lines'],
  'purchase_order_lines has only the owner read policy (the purchase order operations write it)');
select policies_are('public', 'settlement_lines', array['Owners can read their settlement lines'],
  'settlement_lines has only the owner read policy (import_settlement writes it)');
select policies_are('public', 'sku_aliases', array['Owners can read their SKU aliases'],
  'sku_aliases has only the owner read policy (set_sku_alias and remove_sku_alias write it)');
select policies_are('public', 'combo_components', array['Owners can read their combo components'],
  'combo_components has only the owner read policy (create_combo and update_combo write it)');
select policies_are('public', 'channel_settings', array['Owners can read their channel settings'],
  'channel_settings has only the owner read policy (set_channel_buffer writes it)');
select policies_are('public', 'channel_stock_files', array['Owners can read their stock files'],
  'channel_stock_files has only the owner read policy (record_stock_file writes it)');
select policies_are('public', 'business_profiles', array['Owners can read their business profile'],
  'business_profiles has only the owner read policy (set_business_profile writes it)');
select policies_are('public', 'invoices', array['Owners can read their invoices'],
  'invoices has only the owner read policy (create_invoice writes it; nothing edits or deletes it)');
select policies_are('public', 'invoice_lines', array['Owners can read their invoice lines'],
  'invoice_lines has only the owner read policy');
select policies_are('public', 'credit_notes', array['Owners can read their credit notes'],
  'credit_notes has only the owner read policy (create_credit_note writes it)');
select policies_are('public', 'credit_note_lines', array['Owners can read their credit note lines'],
  'credit_note_lines has only the owner read policy');
select policies_are('public', t, array[p], format('%s has only the owner read policy', t))
from (values ('locations', 'Owners can read their locations'),
             ('location_stock', 'Owners can read their stock per location'),
             ('delivery_challans', 'Owners can read their delivery challans'),
             ('delivery_challan_lines', 'Owners can read their delivery challan lines')) as x (t, p);
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

-- Data: the owner has a row in every table ------------------------------------------------------
select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'felt', id from public.create_raw_material('Felt', 'Mill', 3, 50, 'sheets', 5);
insert into tests.ids select 'hat', id from public.create_product('HAT-1', 'Hat', 'Wear', 300, 8, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('felt'), 'quantity', 2)));
insert into tests.ids select 'sale', id from public.log_sale(tests.id('hat'), 1);
insert into tests.ids select 'run', id from public.start_production(tests.id('hat'), 1);
insert into tests.ids select 'shipped', id from public.log_sale(tests.id('hat'), 2);
select public.fulfil_sales_order(tests.id('shipped'));
insert into tests.ids select 'return', id from public.record_return(tests.id('shipped'), 'rto', 1, damaged => 1);
select public.import_settlement('Flipkart', '[{"settlement_id": "S1", "external_order_id": "X-1", "posted_date": "2026-01-20",
  "category": "sale", "amount": 100}]');

-- Owner ------------------------------------------------------------------------------------------
select is((select count(*) from public.products), 1::bigint, 'The owner sees their product');
select is((select count(*) from public.raw_materials), 1::bigint, 'The owner sees their material');
select is((select count(*) from public.bom_items), 1::bigint, 'The owner sees their BOM row');
select is((select count(*) from public.sales_orders), 2::bigint, 'The owner sees their sales orders');
select is((select count(*) from public.manufacturing_orders), 1::bigint, 'The owner sees their manufacturing order');
select is((select count(*) from public.stock_movements), 6::bigint,
  'The owner sees their ledger (2 opening stocks, two sales, a consumption, a return)');
select is((select count(*) from public.sales_returns), 1::bigint, 'The owner sees their return');
select is((select count(*) from public.return_claims), 1::bigint, 'The owner sees their claim');
select is((select count(*) from public.settlement_lines), 1::bigint, 'The owner sees their settlement line');
select throws_ok($$ update public.settlement_lines set amount = 1000 $$,
  '42501', 'permission denied for table settlement_lines', 'The owner cannot edit a settlement line directly');

-- GST (issue 31): a profile, an invoiced website sale and a credit note.
select public.set_business_profile('Hat Co', '1 Road, Pune', '27AAPFU0939F1ZV', '27', 'HC');
select public.set_item_tax(product_id => tests.id('hat'), hsn_code => '6505', gst_rate => 5);
insert into tests.ids select 'web', id from public.log_sale(tests.id('hat'), 1, 'Brand Website');
insert into tests.ids
select 'invoice', (public.create_invoice(array[tests.id('web')], 'Ravi', buyer_state_code => '27') ->> 'invoice_id')::uuid;
select public.create_credit_note(tests.id('invoice'),
  jsonb_build_array(jsonb_build_object('invoice_line_id', (select id from public.invoice_lines), 'amount', 10)));
select is((select count(*) from public.business_profiles), 1::bigint, 'The owner sees their business profile');
select is((select count(*) from public.invoices), 1::bigint, 'The owner sees their invoice');
select is((select count(*) from public.invoice_lines), 1::bigint, 'The owner sees their invoice line');
select is((select count(*) from public.credit_notes), 1::bigint, 'The owner sees their credit note');
select is((select count(*) from public.credit_note_lines), 1::bigint, 'The owner sees their credit note line');
select throws_ok($$ update public.invoices set total = 1 $$,
  '42501', 'permission denied for table invoices', 'The owner cannot edit an invoice directly');

select results_eq(
  $$ select sku, product_name, category, selling_price, reorder_point
     from public.update_product(tests.id('hat'), 'HAT-2', 'Felt Hat', 'Hats', 350, 3) $$,
  $$ values ('HAT-2', 'Felt Hat', 'Hats', 350.00::numeric(12,2), 3) $$,
  'The owner can edit every descriptive column of their product through update_product'
);
select results_eq(
  $$ select material_name, supplier, cost_per_unit, unit_of_measure, reorder_point
     from public.update_raw_material(tests.id('felt'), 'Wool Felt', 'Other Mill', 4.5, 'm2', 6.5) $$,
  $$ values ('Wool Felt', 'Other Mill', 4.50::numeric(12,2), 'm2', 6.500::numeric(14,3)) $$,
  'The owner can edit every descriptive column of their material through update_raw_material'
);
select throws_ok($$ update public.products set product_name = 'Direct' where id = tests.id('hat') $$,
  '42501', 'permission denied for table products', 'The owner cannot edit a product directly');
select throws_ok($$ update public.raw_materials set supplier = 'Direct' where id = tests.id('felt') $$,
  '42501', 'permission denied for table raw_materials', 'The owner cannot edit a material directly');
-- NaN sorts above every number, so a plain `> 0` check would let it through.
select throws_ok($$ select public.update_product(tests.id('hat'), 'HAT-2', 'Felt Hat', 'Hats', 'NaN', 3) $$,
  'P0001', 'Selling price must be a number.', 'An edit to a selling price of NaN is refused');
select throws_ok($$ select public.update_raw_material(tests.id('felt'), 'Wool Felt', null, 'NaN', 'm2', 6) $$,
  'P0001', 'Cost per unit must be a number.', 'An edit to a cost of NaN is refused');
select throws_ok($$ select public.update_raw_material(tests.id('felt'), 'Wool Felt', null, 4, 'm2', 'NaN') $$,
  'P0001', 'Reorder point must be a number.', 'An edit to a material reorder point of NaN is refused');
select throws_ok($$ update public.products set user_id = tests.id('other') where id = tests.id('hat') $$,
  '42501', 'permission denied for table products', 'The owner cannot hand their product to another user');

-- Another anonymous user -----------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.products $$, 'Another user sees no products');
select is_empty($$ select 1 from public.raw_materials $$, 'Another user sees no materials');
select is_empty($$ select 1 from public.bom_items $$, 'Another user sees no BOM rows');
select is_empty($$ select 1 from public.sales_orders $$, 'Another user sees no sales orders');
select is_empty($$ select 1 from public.manufacturing_orders $$, 'Another user sees no manufacturing orders');
select is_empty($$ select 1 from public.stock_movements $$, 'Another user sees no ledger rows');
select is_empty($$ select 1 from public.sales_returns $$, 'Another user sees no returns');
select is_empty($$ select 1 from public.return_claims $$, 'Another user sees no claims');
select is_empty($$ select 1 from public.settlement_lines $$, 'Another user sees no settlement lines');
select is_empty($$ select 1 from public.business_profiles $$, 'Another user sees no business profile');
select is_empty($$ select 1 from public.invoices $$, 'Another user sees no invoices');
select is_empty($$ select 1 from public.invoice_lines $$, 'Another user sees no invoice lines');
select is_empty($$ select 1 from public.credit_notes $$, 'Another user sees no credit notes');
select is_empty($$ select 1 from public.credit_note_lines $$, 'Another user sees no credit note lines');
select throws_ok($$ insert into public.settlement_lines (user_id, platform, settlement_id, posted_date, category, amount, line_key)
                    values (tests.id('other'), 'Flipkart', 'S1', current_date, 'sale', 1, 'k') $$,
  '42501', 'permission denied for table settlement_lines', 'Another user cannot write a settlement line directly');
select throws_ok($$ insert into public.sales_returns (user_id, sales_order_id, kind, sellable, return_date)
                    values (tests.id('other'), tests.id('shipped'), 'rto', 1, current_date) $$,
  '42501', 'permission denied for table sales_returns', 'Another user cannot write a return directly');
select is_empty($$ select 1 from public.products where id = tests.id('hat') $$,
  'Another user cannot read the owner''s product even by its id');

select throws_ok(
  $$ select public.update_product(tests.id('hat'), 'HIJACK', 'Hijacked', null, 1, 0) $$,
  'P0001', 'Product not found.', 'Another user cannot edit the owner''s product: it is not found');
select throws_ok(
  $$ select public.update_raw_material(tests.id('felt'), 'Hijacked', 'Hijacked', 0, 'units', 0) $$,
  'P0001', 'Material not found.', 'Another user cannot edit the owner''s material: it is not found');
select throws_ok($$ update public.products set product_name = 'Hijacked' $$,
  '42501', 'permission denied for table products', 'Another user cannot update products directly');
select throws_ok($$ update public.raw_materials set material_name = 'Hijacked' $$,
  '42501', 'permission denied for table raw_materials', 'Another user cannot update materials directly');

reset role;
select results_eq(
  $$ select product_name, selling_price from public.products where id = tests.id('hat') $$,
  $$ values ('Felt Hat', 350.00::numeric(12,2)) $$,
  'The owner''s product is unchanged by the other user');
select results_eq(
  $$ select material_name, supplier, cost_per_unit from public.raw_materials where id = tests.id('felt') $$,
  $$ values ('Wool Felt', 'Other Mill', 4.50::numeric(12,2)) $$,
  'The owner''s material is unchanged by the other user');

-- anon -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.products $$, '42501', 'permission denied for table products',
  'anon cannot read products');
select throws_ok($$ select 1 from public.raw_materials $$, '42501', 'permission denied for table raw_materials',
  'anon cannot read raw materials');
select throws_ok($$ select 1 from public.bom_items $$, '42501', 'permission denied for table bom_items',
  'anon cannot read BOM rows');
select throws_ok($$ select 1 from public.sales_orders $$, '42501', 'permission denied for table sales_orders',
  'anon cannot read sales orders');
select throws_ok($$ select 1 from public.manufacturing_orders $$, '42501',
  'permission denied for table manufacturing_orders', 'anon cannot read manufacturing orders');
select throws_ok($$ select 1 from public.stock_movements $$, '42501', 'permission denied for table stock_movements',
  'anon cannot read the ledger');
select throws_ok($$ select 1 from public.sales_returns $$, '42501', 'permission denied for table sales_returns',
  'anon cannot read returns');
select throws_ok($$ select 1 from public.return_claims $$, '42501', 'permission denied for table return_claims',
  'anon cannot read claims');
select throws_ok($$ select 1 from public.settlement_lines $$, '42501', 'permission denied for table settlement_lines',
  'anon cannot read settlement lines');
select throws_ok($$ select 1 from public.business_profiles $$, '42501',
  'permission denied for table business_profiles', 'anon cannot read business profiles');
select throws_ok($$ select 1 from public.invoices $$, '42501', 'permission denied for table invoices',
  'anon cannot read invoices');
select throws_ok($$ select 1 from public.invoice_lines $$, '42501', 'permission denied for table invoice_lines',
  'anon cannot read invoice lines');
select throws_ok($$ select 1 from public.credit_notes $$, '42501', 'permission denied for table credit_notes',
  'anon cannot read credit notes');
select throws_ok($$ select 1 from public.credit_note_lines $$, '42501', 'permission denied for table credit_note_lines',
  'anon cannot read credit note lines');
select throws_ok($$ update public.products set product_name = 'anon' $$, '42501',
  'permission denied for table products', 'anon cannot edit products');
select throws_ok($$ update public.raw_materials set material_name = 'anon' $$, '42501',
  'permission denied for table raw_materials', 'anon cannot edit raw materials');
select throws_ok($$ insert into public.products (sku, product_name, selling_price) values ('A', 'A', 1) $$, '42501',
  'permission denied for table products', 'anon cannot insert products');

select * from finish();
rollback;

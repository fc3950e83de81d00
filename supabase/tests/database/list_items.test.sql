-- list_products and list_raw_materials: one page of the caller's items, searched literally, low
-- stock only or not, archived or not, sorted by a whitelisted column, with the total that matches.
-- (Their query plans: list_query_plans.test.sql.)
begin;
set local client_min_messages = warning;
select plan(24);

select tests.create_user('owner');
select tests.create_user('other');

select tests.authenticate_as('owner');
select public.create_product(sku => 'KUR-01', product_name => 'Cotton Kurta', category => 'Apparel',
  selling_price => 899, stock_on_hand => 5, reorder_point => 10);
select public.create_product(sku => 'KUR-02', product_name => 'Silk Kurta', category => 'Apparel',
  selling_price => 2499, stock_on_hand => 20, reorder_point => 10);
select public.create_product(sku => 'TOT-01', product_name => 'Canvas Tote', selling_price => 350,
  stock_on_hand => 0, reorder_point => 0);
select public.create_product(sku => '50%-OFF', product_name => 'Sale bin', selling_price => 100,
  stock_on_hand => 1, reorder_point => 2);
insert into tests.ids select 'old kurta', id from public.create_product(sku => 'OLD-01', product_name => 'Old Kurta',
  selling_price => 500, stock_on_hand => 3, reorder_point => 10);
select public.archive_item(product_id => tests.id('old kurta'));
select public.create_raw_material(material_name => 'Cotton fabric', supplier => 'Surat Mills', stock_level => 2,
  reorder_point => 10, unit_of_measure => 'metres');
select public.create_raw_material(material_name => 'Silk', supplier => 'Surat Mills', stock_level => 100,
  reorder_point => 10, unit_of_measure => 'metres');
select public.create_raw_material(material_name => 'Zari', stock_level => 50, reorder_point => 5,
  unit_of_measure => 'grams');

select tests.authenticate_as('other');
select public.create_product(sku => 'KUR-99', product_name => 'Other Kurta', selling_price => 999);
select public.create_raw_material(material_name => 'Other silk', supplier => 'Surat Mills', stock_level => 1,
  reorder_point => 10);

-- The SKUs (or material names) of a page, in its order.
create function pg_temp.listed(page jsonb, field text) returns text[]
language sql immutable as $$
  select coalesce(array_agg(r.row ->> field order by r.n), '{}') from jsonb_array_elements(page -> 'rows') with ordinality r(row, n)
$$;

-- Products -----------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select is((public.list_products() ->> 'total')::int, 4, 'By default the four active products count');
select set_eq(
  $$ select unnest(pg_temp.listed(public.list_products(), 'sku')) $$,
  array['KUR-01', 'KUR-02', 'TOT-01', '50%-OFF'],
  'and are listed, the archived one and the other user''s left out');
select is(pg_temp.listed(public.list_products(search => 'kurta', sort_by => 'sku'), 'sku'),
  array['KUR-01', 'KUR-02'], 'A name search matches in any case');
select is(pg_temp.listed(public.list_products(search => '  kur-0 ', sort_by => 'sku'), 'sku'),
  array['KUR-01', 'KUR-02'], 'A SKU search matches in any case, trimmed');
select is(pg_temp.listed(public.list_products(search => '%'), 'sku'), array['50%-OFF'],
  'A % is searched for literally');
select is(pg_temp.listed(public.list_products(search => '_'), 'sku'), array[]::text[],
  'and so is _');
select is(pg_temp.listed(public.list_products(low_stock_only => true, sort_by => 'sku'), 'sku'),
  array['50%-OFF', 'KUR-01'], 'Low stock only: below the reorder point (0 of 0 is not)');
select is(pg_temp.listed(public.list_products(search => 'kurta', include_archived => true, sort_by => 'sku'), 'sku'),
  array['KUR-01', 'KUR-02', 'OLD-01'], 'Archived products on request');
select isnt((public.list_products(search => 'old', include_archived => true) -> 'rows' -> 0 ->> 'archived_at'), null,
  'with the date they were archived');
select is(pg_temp.listed(public.list_products(sort_by => 'selling_price', ascending => false), 'sku'),
  array['KUR-02', 'KUR-01', 'TOT-01', '50%-OFF'], 'Sorted by price, highest first');
select is((pg_temp.listed(public.list_products(sort_by => 'category'), 'sku'))[3:4] @> array['TOT-01', '50%-OFF'], true,
  'Products without a category come last');
select is(pg_temp.listed(public.list_products(sort_by => 'sku', page_size => 2, page_offset => 2), 'sku'),
  array['KUR-02', 'TOT-01'], 'A page is page_size rows from page_offset');
select is((public.list_products(sort_by => 'sku', page_size => 2, page_offset => 2) ->> 'total')::int, 4,
  'with the total of every page');
select is(public.list_products(page_offset => 40), '{"rows": [], "total": 4}'::jsonb, 'Past the end: no rows, the total');
select throws_ok($$ select public.list_products(sort_by => 'user_id') $$, '22023',
  'This list can be sorted by created_at, sku, product_name, category, selling_price, stock_on_hand.',
  'Only the whitelisted columns sort');
select throws_ok($$ select public.list_products(page_size => 1001) $$, '22023', 'A page holds 1 to 1000 rows.',
  'A page holds at most 1,000 rows');
select throws_ok($$ select public.list_products(page_offset => -1) $$, '22023', 'The page offset cannot be negative.',
  'The offset cannot be negative');

-- Raw materials --------------------------------------------------------------------------------------
select is(pg_temp.listed(public.list_raw_materials(search => 'SURAT', sort_by => 'material_name'), 'material_name'),
  array['Cotton fabric', 'Silk'], 'Materials match their supplier too, in any case');
select is(pg_temp.listed(public.list_raw_materials(low_stock_only => true), 'material_name'), array['Cotton fabric'],
  'Low stock materials only');
select is(pg_temp.listed(public.list_raw_materials(sort_by => 'stock_level', ascending => false), 'material_name'),
  array['Silk', 'Zari', 'Cotton fabric'], 'Sorted by stock level, highest first');
select is((pg_temp.listed(public.list_raw_materials(sort_by => 'supplier'), 'material_name'))[3], 'Zari',
  'A material without a supplier comes last');

-- Another user, and anon -----------------------------------------------------------------------------
select tests.authenticate_as('other');
select is(pg_temp.listed(public.list_products(search => 'kurta'), 'sku'), array['KUR-99'],
  'Another user lists only their own products');
select is(public.list_raw_materials(search => 'surat') ->> 'total', '1', 'and only their own materials');

select tests.authenticate_as_anon();
select throws_ok($$ select public.list_products() $$, '42501', null, 'anon cannot list products');

select * from finish();
rollback;

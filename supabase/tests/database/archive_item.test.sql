-- archive_item: archives or restores one product or material; archived products cannot be sold or
-- produced, archived materials cannot join a BOM; orders and ledger stay.
begin;
set local client_min_messages = warning;
select plan(22);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'button', id from public.create_raw_material('Brass Button', null, 3, 500);
insert into tests.ids select 'coat', id from public.create_product('COAT-1', 'Winter Coat', null, 2500, 10, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('button'), 'quantity', 6)));
insert into tests.ids select 'sale', id from public.log_sale(tests.id('coat'), 1);

-- Owner: archive a product -------------------------------------------------------------------------
select lives_ok($$ select public.archive_item(product_id => tests.id('coat')) $$, 'The owner archives a product');
select isnt((select archived_at from public.products where id = tests.id('coat')), null,
  'The product carries the date it was archived');
create temp table first_archive on commit drop as
select archived_at from public.products where id = tests.id('coat');
grant select on first_archive to authenticated;
select lives_ok($$ select public.archive_item(tests.id('coat'), null, true) $$, 'Archiving again is accepted');
select is((select archived_at from public.products where id = tests.id('coat')), (select archived_at from first_archive),
  'Archiving again keeps the first date');
select throws_ok($$ select public.log_sale(tests.id('coat'), 1) $$,
  'P0001', 'Winter Coat is archived.', 'An archived product cannot be sold');
select throws_ok($$ select public.start_production(tests.id('coat'), 1) $$,
  'P0001', 'Winter Coat is archived.', 'An archived product cannot be produced');
select is((select count(*) from public.sales_orders where product_id = tests.id('coat')), 1::bigint,
  'Its past sale stays');
select is((select count(*) from public.stock_movements where product_id = tests.id('coat')), 2::bigint,
  'Its ledger stays');
select lives_ok($$ select public.cancel_sales_order(tests.id('sale')) $$,
  'An order of an archived product can still be cancelled');
select lives_ok($$ select public.archive_item(product_id => tests.id('coat'), archived => false) $$,
  'The owner restores the product');
select is((select archived_at from public.products where id = tests.id('coat')), null, 'The product is active again');
select lives_ok($$ select public.log_sale(tests.id('coat'), 1) $$, 'A restored product can be sold again');

-- Owner: archive a material --------------------------------------------------------------------------
select lives_ok($$ select public.archive_item(material_id => tests.id('button')) $$, 'The owner archives a material');
select throws_ok(
  $$ select public.create_product('COAT-2', 'Rain Coat', null, 1800, 0, 10,
       jsonb_build_array(jsonb_build_object('material_id', tests.id('button'), 'quantity', 4))) $$,
  'P0001', 'Brass Button is archived.', 'An archived material cannot be added to a new product''s BOM');
select is_empty($$ select 1 from public.products where sku = 'COAT-2' $$, 'The refused product was not created');
select lives_ok($$ select public.start_production(tests.id('coat'), 1) $$,
  'A product whose BOM already names an archived material can still be produced');
select lives_ok($$ select public.archive_item(null, tests.id('button'), false) $$, 'The owner restores the material');

-- Refusals ---------------------------------------------------------------------------------------
select throws_ok($$ select public.archive_item(tests.id('coat'), tests.id('button')) $$,
  'P0001', 'Choose exactly one product or material.', 'Naming both is refused');
select throws_ok($$ select public.archive_item() $$,
  'P0001', 'Choose exactly one product or material.', 'Naming neither is refused');

-- Another user and anon --------------------------------------------------------------------------
select tests.authenticate_as('other');
select throws_ok($$ select public.archive_item(product_id => tests.id('coat')) $$,
  'P0001', 'Product not found.', 'Another user cannot archive the owner''s product: it is not found');
select tests.authenticate_as_anon();
select throws_ok($$ select public.archive_item(material_id => tests.id('button')) $$,
  '42501', 'permission denied for function archive_item', 'anon cannot archive');

reset role;
select is((select count(*) from public.products where archived_at is not null)
        + (select count(*) from public.raw_materials where archived_at is not null), 0::bigint,
  'Nothing is archived after the refused attempts');

select * from finish();
rollback;

-- Demo data for the owner's reports (`npm run stack -- --seed` on a new database, or `supabase db
-- reset`): one demo user with materials, products with their BOM, production and sales, all made
-- through the stock operations so the ledger explains every stock level. App visitors are their own
-- anonymous users and never see these rows; the SQL console (`npm run sql`) does.

begin;

insert into auth.users (id, aud, role, is_anonymous, raw_app_meta_data, raw_user_meta_data)
values ('00000000-0000-4000-8000-00000000d3e0', 'authenticated', 'authenticated', true, '{}', '{"demo": true}');

-- The stock operations act for auth.uid(): be the demo user for the rest of this transaction.
select set_config('request.jwt.claims', '{"sub":"00000000-0000-4000-8000-00000000d3e0","role":"authenticated"}', true);

with cotton as (
  select id from public.create_raw_material('Cotton fabric', 'Surat Textiles', 120, 500, 'metres', 50)
), thread as (
  select id from public.create_raw_material('Thread spool', 'Coats India', 15, 300, 'units', 40)
), buttons as (
  select id from public.create_raw_material('Buttons (pack of 10)', null, 8, 200, 'packs', 30)
)
select
  public.create_product('SHIRT-M', 'Cotton shirt, M', 'Shirts', 899, 20, 10, jsonb_build_array(
    jsonb_build_object('material_id', cotton.id, 'quantity', 1.6),
    jsonb_build_object('material_id', thread.id, 'quantity', 0.2),
    jsonb_build_object('material_id', buttons.id, 'quantity', 1))),
  public.create_product('KURTA-L', 'Cotton kurta, L', 'Kurtas', 1299, 5, 8, jsonb_build_array(
    jsonb_build_object('material_id', cotton.id, 'quantity', 2.4),
    jsonb_build_object('material_id', thread.id, 'quantity', 0.3)))
from cotton, thread, buttons;

select public.complete_production(
  (public.start_production((select id from public.products where sku = 'KURTA-L'), 12)).id
);

select public.log_sale((select id from public.products where sku = 'SHIRT-M'), 3, 'Flipkart');
select public.log_sale((select id from public.products where sku = 'SHIRT-M'), 2, 'Myntra');
select public.log_sale((select id from public.products where sku = 'SHIRT-M'), 1, 'Amazon');
select public.log_sale((select id from public.products where sku = 'KURTA-L'), 4, 'Brand Website');
select public.fulfil_sales_order(
  (public.log_sale((select id from public.products where sku = 'KURTA-L'), 2, 'Amazon')).id
);

commit;

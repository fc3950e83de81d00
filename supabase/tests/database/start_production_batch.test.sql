-- start_production_batch: several runs in one transaction, every material checked against the sum
-- over all runs; a short material is named; every refusal writes nothing; another user's products
-- are not found; anon may not call it.
begin;
set local client_min_messages = warning;
select plan(36);

select tests.create_user('owner');
select tests.create_user('other');

create function pg_temp.fingerprint() returns text
language sql security definer set search_path = '' as $$
  select md5(concat_ws('|',
    (select string_agg(t::text, ',' order by t::text) from public.raw_materials t),
    (select string_agg(t::text, ',' order by t::text) from public.manufacturing_orders t),
    (select string_agg(t::text, ',' order by t::text) from public.stock_movements t),
    (select string_agg(t::text, ',' order by t::text) from private.request_results t)))
$$;
create function pg_temp.refused(statement text) returns text
language plpgsql set search_path = '' as $$
declare
  v_before text := pg_temp.fingerprint();
  v_refusal text := tests.refusal(statement);
begin
  return v_refusal || case when pg_temp.fingerprint() = v_before then '' else ' | WROTE SOMETHING' end;
end;
$$;
grant execute on all functions in schema pg_temp to authenticated, anon;

select tests.authenticate_as('other');
insert into tests.ids select 'other cloth', id from public.create_raw_material('Cloth', null, 1, 100);
insert into tests.ids select 'other bag', id from public.create_product('BAG', 'Their bag', null, 10, 0, 0,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('other cloth'), 'quantity', 1)));

select tests.authenticate_as('owner');
insert into tests.ids select 'fabric', id from public.create_raw_material('Fabric', null, 100, 40, 'metres');
insert into tests.ids select 'button', id from public.create_raw_material('Button', null, 1, 100, 'pieces');
insert into tests.ids select 'zip', id from public.create_raw_material('Zip', null, 5, 3, 'pieces');
select public.create_style('Kurta', null, 'K', 500, '[{"name": "Size", "values": ["S", "M", "L"]}]',
  jsonb_build_array(jsonb_build_object('material_id', tests.id('button'), 'quantity', 4),
    jsonb_build_object('material_id', tests.id('fabric'), 'by_option', 'Size', 'quantities', '{"S": 1.5, "M": 2, "L": 2.5}'::jsonb)));
insert into tests.ids select lower(sku), id from public.products where sku like 'K-%';
insert into tests.ids select 'sticker', id from public.create_product('ST', 'Sticker', null, 5);
insert into tests.ids select 'jacket', id from public.create_product('JK', 'Jacket', null, 900, 0, 0,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('zip'), 'quantity', 1)));

-- Owner: a batch across sizes --------------------------------------------------------------------
create temp table batch on commit drop as
select public.start_production_batch(jsonb_build_array(
  jsonb_build_object('product_id', tests.id('k-m'), 'quantity_to_produce', 4),
  jsonb_build_object('product_id', upper(tests.id('k-s')::text), 'quantity_to_produce', 2),
  jsonb_build_object('product_id', tests.id('sticker'), 'quantity_to_produce', 10))) as ids;
grant select on batch to authenticated;

select is((select cardinality(ids) from batch), 3, 'The batch returns one order id per run');
select results_eq(
  $$ select o.product_id, o.product_name, o.quantity_to_produce, o.status::text
     from batch, unnest(ids) with ordinality i (id, n) join public.manufacturing_orders o on o.id = i.id order by i.n $$,
  $$ values (tests.id('k-m'), 'Kurta - M', 4::numeric, 'In Progress'), (tests.id('k-s'), 'Kurta - S', 2, 'In Progress'),
            (tests.id('sticker'), 'Sticker', 10, 'In Progress') $$,
  'The ids are the new orders, in the order of the runs (an upper-case product id is accepted)'
);
select results_eq(
  $$ select material_name, stock_level from public.raw_materials order by material_name $$,
  $$ values ('Button', 76.000::numeric(14,3)), ('Fabric', 29.000), ('Zip', 3.000) $$,
  'Materials drop by the sum over runs: fabric 2 x 4 + 1.5 x 2 = 11, buttons 4 x 6 = 24'
);
select results_eq(
  $$ select o.product_name, m.material_name, s.quantity, s.balance_after
     from public.stock_movements s join public.manufacturing_orders o on o.id = s.manufacturing_order_id
     join public.raw_materials m on m.id = s.material_id
     where s.reason = 'production_consumption' order by o.product_name, m.material_name $$,
  $$ values ('Kurta - M', 'Button', -16.000::numeric(14,3), 84.000::numeric(14,3)), ('Kurta - M', 'Fabric', -8.000, 32.000),
            ('Kurta - S', 'Button', -8.000, 76.000), ('Kurta - S', 'Fabric', -3.000, 29.000) $$,
  'One ledger row per run and material, each with its running balance and its own order'
);

select is(cardinality(public.start_production_batch(jsonb_build_array(
    jsonb_build_object('product_id', tests.id('k-l'), 'quantity_to_produce', 6),
    jsonb_build_object('product_id', tests.id('k-s'), 'quantity_to_produce', 9.0)))), 2,
  'A batch needing exactly the fabric left (2.5 x 6 + 1.5 x 9 = 28.5 of 29) runs; 9.0 is a whole number');
select is((select stock_level from public.raw_materials where id = tests.id('fabric')), 0.500::numeric(14,3),
  'Fabric is down to 0.5');

-- Owner: refusals, each writing nothing ----------------------------------------------------------
select is(pg_temp.refused(f.call), f.expected, f.description)
from (values
  (format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 1}, {"product_id": "%s", "quantity_to_produce": 1}]') $$,
     tests.id('k-s'), tests.id('jacket')),
   'P0001 | Not enough Fabric: 1.5 needed, 0.5 available. | no hint', 'A short material is named with what the batch needs and what there is'),
  (format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 2}, {"product_id": "%s", "quantity_to_produce": 2}]') $$,
     tests.id('jacket'), tests.id('sticker')),
   'no error | WROTE SOMETHING', 'A batch that fits runs (2 zips of 3)'),
  (format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 1}, {"product_id": "%s", "quantity_to_produce": 1}]') $$,
     tests.id('jacket'), tests.id('sticker')),
   'no error | WROTE SOMETHING', 'and one more jacket takes the last zip'),
  (format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 1}]') $$, tests.id('jacket')),
   'P0001 | Not enough Zip: 1 needed, 0 available. | no hint', 'With no zip left, even one jacket is refused'),
  (format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 2.5}]') $$, tests.id('sticker')),
   'P0001 | Quantity to produce must be a whole number. | field:runs', '2.5 is refused'),
  (format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 0}]') $$, tests.id('sticker')),
   'P0001 | Quantity to produce must be at least 1. | field:runs', '0 is refused'),
  (format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": -3}]') $$, tests.id('sticker')),
   'P0001 | Quantity to produce must be at least 1. | field:runs', 'A negative quantity is refused'),
  (format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 1e12}]') $$, tests.id('sticker')),
   'P0001 | Quantity to produce must be at most 1000000000. | field:runs', 'A huge quantity is refused'),
  (format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": "NaN"}]') $$, tests.id('sticker')),
   'P0001 | Quantity to produce must be a number. | field:runs', 'NaN as text is refused'),
  (format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": "2"}]') $$, tests.id('sticker')),
   'P0001 | Quantity to produce must be a number. | field:runs', 'A quantity as text is refused'),
  (format($$ select public.start_production_batch('[{"product_id": "%s"}]') $$, tests.id('sticker')),
   'P0001 | Quantity to produce is required. | field:runs', 'A run without a quantity is refused'),
  ($$ select public.start_production_batch('[{"quantity_to_produce": 1}]') $$,
   'P0001 | Each run needs a product. | field:runs', 'A run without a product is refused'),
  ($$ select public.start_production_batch('[[1]]') $$,
   'P0001 | Each run needs a product. | field:runs', 'A run that is not an object is refused'),
  ($$ select public.start_production_batch('[]') $$,
   'P0001 | A batch needs a list of runs, each a product and a quantity to produce. | field:runs', 'An empty batch is refused'),
  ($$ select public.start_production_batch('{"runs": []}') $$,
   'P0001 | A batch needs a list of runs, each a product and a quantity to produce. | field:runs', 'A batch that is not a list is refused'),
  ($$ select public.start_production_batch(null) $$,
   'P0001 | A batch needs a list of runs, each a product and a quantity to produce. | field:runs', 'A null batch is refused'),
  ($$ select public.start_production_batch((select jsonb_agg(jsonb_build_object('product_id', gen_random_uuid(), 'quantity_to_produce', 1)) from generate_series(1, 101))) $$,
   'P0001 | A batch can have at most 100 runs; this one has 101. | field:runs', '101 runs are refused'),
  (format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 1}, {"product_id": "%s", "quantity_to_produce": 2}]') $$,
     tests.id('sticker'), upper(tests.id('sticker')::text)),
   'P0001 | A product can appear only once in a batch. | field:runs', 'A product repeated in the batch is refused'),
  ($$ select public.start_production_batch(format('[{"product_id": "%s", "quantity_to_produce": 1}]', gen_random_uuid())::jsonb) $$,
   'P0001 | Product not found. | no hint', 'An unknown product is refused'),
  ($$ select public.start_production_batch('[{"product_id": "not-a-uuid", "quantity_to_produce": 1}]') $$,
   'P0001 | Product not found. | no hint', 'A malformed product id is refused as not found'),
  (format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 1}, {"product_id": "%s", "quantity_to_produce": 1}]') $$,
     tests.id('sticker'), tests.id('other bag')),
   'P0001 | Product not found. | no hint', 'Another user''s product in the batch is refused as not found')
) as f (call, expected, description);

select public.archive_item(product_id => tests.id('sticker'));
select is(pg_temp.refused(format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 1}]') $$, tests.id('sticker'))),
  'P0001 | Sticker is archived. | no hint', 'An archived product is refused');
select is(tests.refusal(format($$ select public.start_production(%L, 1) $$, tests.id('jacket'))),
  'P0001 | Not enough raw materials to start production. | no hint',
  'start_production keeps the spec''s message');

-- request_id -------------------------------------------------------------------------------------
select public.archive_item(product_id => tests.id('sticker'), archived => false);
select is(
  public.start_production_batch(format('[{"product_id": "%s", "quantity_to_produce": 3}]', tests.id('sticker'))::jsonb,
    '00000000-0000-4000-8000-0000000000b1'),
  public.start_production_batch(format('[{"product_id": "%s", "quantity_to_produce": 3}]', tests.id('sticker'))::jsonb,
    '00000000-0000-4000-8000-0000000000b1'),
  'A repeated batch request returns the first call''s ids');
select is((select count(*) from public.manufacturing_orders where product_id = tests.id('sticker') and quantity_to_produce = 3),
  1::bigint, 'and started the run once');
select is(pg_temp.refused(format($$ select public.start_production(%L, 1, '00000000-0000-4000-8000-0000000000b1') $$, tests.id('sticker'))),
  '22023 | This request_id was already used for start_production_batch. | no hint',
  'The batch''s request id cannot be reused for another operation');

-- Another user -----------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is(pg_temp.refused(format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 1}]') $$, tests.id('k-m'))),
  'P0001 | Product not found. | no hint', 'Another user cannot produce the owner''s variant');
select is(pg_temp.refused($$ select public.start_production_batch(format('[{"product_id": "%s", "quantity_to_produce": 3}]', tests.id('sticker'))::jsonb,
    '00000000-0000-4000-8000-0000000000b1') $$),
  'P0001 | Product not found. | no hint', 'The owner''s request id replays nothing for another user');
select is(cardinality(public.start_production_batch(format('[{"product_id": "%s", "quantity_to_produce": 5}]', tests.id('other bag'))::jsonb)), 1,
  'Another user produces their own products');

-- anon -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok(format($$ select public.start_production_batch('[{"product_id": "%s", "quantity_to_produce": 1}]') $$, tests.id('k-m')),
  '42501', 'permission denied for function start_production_batch', 'anon cannot start a batch');

select * from finish();
rollback;

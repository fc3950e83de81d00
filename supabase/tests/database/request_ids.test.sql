-- One request, one write: every operation that creates something (the style operations and the
-- production batch too) takes an optional request_id; a
-- repeat with the same id by the same user (a double click, a retry after a lost answer) returns
-- the first call's result and writes nothing. Another user's same id is theirs; an id used for one
-- operation is refused by another; a refused call is not remembered, so its retry runs again; keys
-- older than a day are removed as new ones are taken. (Two concurrent calls with one id:
-- tests/db/request-id-race.test.ts.)
begin;
set local client_min_messages = warning;
select plan(89);

select tests.create_user('owner');
select tests.create_user('other');

-- Everything the operations write, every user's, the request keys included: equal digests before
-- and after a call mean it wrote nothing. Security definer, so it reads past row-level security.
create function pg_temp.fingerprint() returns text
language sql security definer set search_path = '' as $$
  select md5(concat_ws('|',
    (select string_agg(t::text, ',' order by t::text) from public.products t),
    (select string_agg(t::text, ',' order by t::text) from public.raw_materials t),
    (select string_agg(t::text, ',' order by t::text) from public.bom_items t),
    (select string_agg(t::text, ',' order by t::text) from public.sales_orders t),
    (select string_agg(t::text, ',' order by t::text) from public.manufacturing_orders t),
    (select string_agg(t::text, ',' order by t::text) from public.stock_movements t),
    (select string_agg(t::text, ',' order by t::text) from public.sales_returns t),
    (select string_agg(t::text, ',' order by t::text) from public.return_claims t),
    (select string_agg(t::text, ',' order by t::text) from public.settlement_lines t),
    (select string_agg(t::text, ',' order by t::text) from public.combo_components t),
    (select string_agg(t::text, ',' order by t::text) from public.channel_stock_files t),
    (select string_agg(t::text, ',' order by t::text) from public.invoices t),
    (select string_agg(t::text, ',' order by t::text) from public.invoice_lines t),
    (select string_agg(t::text, ',' order by t::text) from public.credit_notes t),
    (select string_agg(t::text, ',' order by t::text) from public.credit_note_lines t),
    (select string_agg(t::text, ',' order by t::text) from private.document_series t),
    (select string_agg(t::text, ',' order by t::text) from private.request_results t)))
$$;

-- A call's answer as JSON (a list of its rows, so operations returning one row and those returning
-- a set compare alike), run as the signed-in user.
create function pg_temp.answer(call text) returns jsonb
language plpgsql set search_path = '' as $$
declare
  v_answer jsonb;
begin
  execute format('select jsonb_agg(to_jsonb(r)) from %s r', call) into v_answer;
  return v_answer;
end;
$$;

-- The first call of each operation: its answer and the digests before and after it.
create temp table firsts (name text primary key, answer jsonb, before text, after text);
create function pg_temp.first(name text, call text) returns void
language plpgsql set search_path = '' as $$
declare
  v_before text := pg_temp.fingerprint();
  v_answer jsonb := pg_temp.answer(call);
begin
  insert into pg_temp.firsts values (first.name, v_answer, v_before, pg_temp.fingerprint());
end;
$$;
create function pg_temp.firsts(name text) returns pg_temp.firsts
language sql set search_path = '' as $$ select * from pg_temp.firsts f where f.name = firsts.name $$;

-- A repeated call: its answer, and whether everything is as it was before it.
create function pg_temp.again(call text, out answer jsonb, out wrote_nothing boolean)
language plpgsql set search_path = '' as $$
declare
  v_before text := pg_temp.fingerprint();
begin
  answer := pg_temp.answer(call);
  wrote_nothing := pg_temp.fingerprint() = v_before;
end;
$$;

grant select, insert on firsts to authenticated;
grant execute on function pg_temp.fingerprint(), pg_temp.answer(text), pg_temp.first(text, text),
  pg_temp.firsts(text), pg_temp.again(text) to authenticated;

select tests.authenticate_as('owner');
insert into tests.ids select 'felt', id from public.create_raw_material('Felt', null, 3, 100, 'm');
insert into tests.ids select 'hat', id from public.create_product('HAT-1', 'Hat', null, 300, 10, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('felt'), 'quantity', 2)));
insert into tests.ids select 'shipped', id from public.log_sale(tests.id('hat'), 1);
select from public.fulfil_sales_order(tests.id('shipped'));
-- Two shipped mug orders for the returns: one returned by hand, one by a returns report.
insert into tests.ids select 'mug', id from public.create_product('MUG-1', 'Mug', null, 100, 10);
insert into tests.ids select 'mugs', id from public.log_sale(tests.id('mug'), 3);
select from public.fulfil_sales_order(tests.id('mugs'));
select from public.import_sales_orders('Flipkart',
  '[{"external_order_id": "OD-9", "order_date": "2026-01-05", "sku": "MUG-1", "quantity": 2, "total_amount": 190, "status": "Fulfilled"}]');
insert into tests.ids select 'beret', (public.create_style('Beret', null, 'BRT', 200, '[{"name": "Size", "values": ["S"]}]') ->> 'style_id')::uuid;
-- GST (issue 31): two website sales of a taxed cup, one already invoiced (for the credit note).
select public.set_business_profile('Hat Co', 'Pune', '27AAPFU0939F1ZV', '27', 'HC');
insert into tests.ids select 'cup', id from public.create_product('CUP-1', 'Cup', null, 105, 10);
select public.set_item_tax(tests.id('cup'), hsn_code => '6912', gst_rate => 5);
insert into tests.ids select 'web', id from public.log_sale(tests.id('cup'), 1, 'Brand Website');
insert into tests.ids select 'web0', id from public.log_sale(tests.id('cup'), 1, 'Brand Website');
insert into tests.ids
select 'invoice0', (public.create_invoice(array[tests.id('web0')], 'Ravi', null, '27') ->> 'invoice_id')::uuid;

-- Each operation: the first call writes; its repeat returns the same answer and writes nothing ----
create temp table calls (name text primary key, call text not null);
grant select on calls to authenticated;
insert into calls values
  ('log_sale', $$ public.log_sale(tests.id('hat'), 2, 'Amazon',
     request_id => 'a0000000-0000-4000-8000-000000000001') $$),
  ('start_production', $$ public.start_production(tests.id('hat'), 3,
     request_id => 'a0000000-0000-4000-8000-000000000002') $$),
  ('create_product', $$ public.create_product('CAP-1', 'Cap', null, 150, 4, 2,
     jsonb_build_array(jsonb_build_object('material_id', tests.id('felt'), 'quantity', 1)),
     request_id => 'a0000000-0000-4000-8000-000000000003') $$),
  ('create_raw_material', $$ public.create_raw_material('Thread', 'Mill', 0.5, 40, 'spools',
     request_id => 'a0000000-0000-4000-8000-000000000004') $$),
  ('receive_material', $$ public.receive_material(tests.id('felt'), 25, 4, 'Invoice 7',
     request_id => 'a0000000-0000-4000-8000-000000000005') $$),
  ('adjust_stock', $$ public.adjust_stock(material_id => tests.id('felt'), counted => 77, note => 'Count',
     request_id => 'a0000000-0000-4000-8000-000000000006') $$),
  ('return_sales_order', $$ public.return_sales_order(tests.id('shipped'), note => 'RTO',
     request_id => 'a0000000-0000-4000-8000-000000000007') $$),
  ('import_products', $$ public.import_products(
     '[{"sku": "BAG-1", "product_name": "Bag", "selling_price": "99", "stock_on_hand": "6", "bom": "Felt: 1"}]',
     request_id => 'a0000000-0000-4000-8000-000000000008') $$),
  ('import_raw_materials', $$ public.import_raw_materials(
     '[{"material_name": "Buttons", "cost_per_unit": "0.125", "stock_level": "400"}, {"material_name": "Zips"}]',
     request_id => 'a0000000-0000-4000-8000-000000000009') $$),
  ('create_style', $$ public.create_style('Scarf', null, 'SCF', 250, '[{"name": "Size", "values": ["S", "M"]}]',
     jsonb_build_array(jsonb_build_object('material_id', tests.id('felt'), 'quantity', 1)),
     request_id => 'a0000000-0000-4000-8000-000000000011') $$),
  ('add_style_variants', $$ public.add_style_variants(tests.id('beret'), '[{"name": "Size", "values": ["M"]}]',
     request_id => 'a0000000-0000-4000-8000-000000000012') $$),
  ('start_production_batch', $$ public.start_production_batch(jsonb_build_array(
     jsonb_build_object('product_id', tests.id('hat'), 'quantity_to_produce', 1)),
     request_id => 'a0000000-0000-4000-8000-000000000013') $$),
  ('record_return', $$ public.record_return(tests.id('mugs'), 'customer_return', 1, damaged => 1, return_fees => 40,
     request_id => 'a0000000-0000-4000-8000-000000000014') $$),
  ('import_returns', $$ public.import_returns('Flipkart',
     '[{"external_order_id": "OD-9", "sku": "MUG-1", "quantity": 2, "kind": "rto", "return_date": "2026-01-09"}]',
     request_id => 'a0000000-0000-4000-8000-000000000015') $$),
  ('import_settlement', $$ public.import_settlement('Amazon',
     '[{"settlement_id": "S-1", "external_order_id": "408-1", "posted_date": "2026-01-20", "category": "sale", "amount": 290}]',
     request_id => 'a0000000-0000-4000-8000-000000000016') $$),
  ('create_invoice', $$ public.create_invoice(array[tests.id('web')], 'Asha', null, '29',
     request_id => 'a0000000-0000-4000-8000-000000000019') $$),
  ('create_credit_note', $$ public.create_credit_note(tests.id('invoice0'), jsonb_build_array(jsonb_build_object(
     'invoice_line_id', (select l.id from public.invoice_lines l where l.invoice_id = tests.id('invoice0')), 'quantity', 1)),
     request_id => 'a0000000-0000-4000-8000-000000000020') $$),
  ('import_sales_orders', $$ public.import_sales_orders('Amazon',
     '[{"external_order_id": "408-1", "order_date": "2026-01-05", "sku": "HAT-1", "quantity": 1, "total_amount": 290}]',
     request_id => 'a0000000-0000-4000-8000-000000000010') $$),
  ('create_combo', $$ public.create_combo('PAIR-1', 'Pair of mugs', null, 180,
     jsonb_build_array(jsonb_build_object('product_id', tests.id('mug'), 'quantity', 2)),
     request_id => 'a0000000-0000-4000-8000-000000000017') $$),
  ('record_stock_file', $$ (select public.record_stock_file('Amazon', '[{"alias": "HAT-1", "quantity": 3}]',
     request_id => 'a0000000-0000-4000-8000-000000000018') ->> 'rows') $$);

-- In name order: adjust_stock counts Felt (100 -> 77) before receive_material adds 25 and
-- start_production takes 6 and start_production_batch 2; the hat sells 1 (imported) and 2, and 1
-- comes back.
do $$
declare
  v_call record;
begin
  for v_call in select * from pg_temp.calls order by name loop
    perform pg_temp.first(v_call.name, v_call.call);
  end loop;
end;
$$;
select isnt((pg_temp.firsts(name)).after, (pg_temp.firsts(name)).before, format('The first %s writes', name))
from calls order by name;

create temp table repeats as select c.name, a.* from calls c cross join lateral pg_temp.again(c.call) a;
select is(r.answer, (pg_temp.firsts(r.name)).answer,
  format('A repeated %s with the same request_id returns the first call''s answer', r.name))
from repeats r order by r.name;
select ok(r.wrote_nothing, format('A repeated %s with the same request_id writes nothing', r.name))
from repeats r order by r.name;

-- Without the replay the repeats would be refused or write twice; the state is the first calls'.
select results_eq(
  $$ select (select stock_on_hand from public.products where id = tests.id('mug')),
            (select count(*) from public.sales_returns)::integer,
            (select count(*) from public.return_claims)::integer $$,
  $$ values (8::numeric, 3, 1) $$,
  'Each return wrote once: mug 10 - 3 - 2 + 1 (sellable) + 2 (the report''s RTO) = 8, three returns (the hat''s whole-order one too), one claim (the damaged mug)'
);
select results_eq(
  $$ select (select stock_on_hand from public.products where id = tests.id('hat')),
            (select stock_level from public.raw_materials where id = tests.id('felt')),
            (select count(*) from public.sales_orders)::integer,
            (select count(*) from public.manufacturing_orders)::integer,
            (select count(*) from public.products)::integer,
            (select count(*) from public.raw_materials)::integer $$,
  $$ values (7::numeric, 94.000::numeric(14,3), 7, 2, 10, 4) $$,
  'Each operation wrote once: hat 10 - 1 - 1 - 2 + 1 = 7, felt 77 + 25 - 6 - 2 = 94, three sales, two of mugs and two of cups, two runs, ten products (the mug, the cup, two berets, two scarves, the pair of mugs combo), four materials'
);
select is((select status::text from public.log_sale(tests.id('hat'), 2, 'Amazon',
    request_id => 'a0000000-0000-4000-8000-000000000001')), 'Unfulfilled',
  'A replayed answer comes back as the function''s row type');
select is(
  (select to_jsonb(m) from public.adjust_stock(material_id => tests.id('felt'), counted => 77, note => 'Count',
    request_id => 'a0000000-0000-4000-8000-000000000006') m),
  (select to_jsonb(m) from public.stock_movements m where m.reason = 'adjustment'),
  'A replayed ledger row equals the row written, column for column'
);

-- The id decides: a repeat with other arguments still returns the first call's answer.
select is(pg_temp.answer($$ public.log_sale(tests.id('hat'), 5, 'Myntra',
    request_id => 'a0000000-0000-4000-8000-000000000001') $$),
  (pg_temp.firsts('log_sale')).answer,
  'A repeat of a request with other arguments returns the first answer (one request, one write)');

-- Without a request_id nothing changes: two calls are two sales.
select is((select count(*) from (
    select public.log_sale(tests.id('hat'), 1) union all select public.log_sale(tests.id('hat'), 1)) s)::integer,
  2, 'Two calls without a request_id still make two sales');
select is((select stock_on_hand from public.products where id = tests.id('hat')), 5::numeric,
  'and take stock twice (7 -> 5)');

-- An id used for one operation is refused by another, which writes nothing ------------------------
select pg_temp.first('reuse', $$ (select 1) $$);
select throws_ok($$ select public.create_raw_material('Lace',
    request_id => 'a0000000-0000-4000-8000-000000000001') $$,
  '22023', 'This request_id was already used for log_sale.',
  'A request_id of log_sale sent to create_raw_material is refused, naming its operation');
select throws_ok($$ select * from public.import_products('[{"sku": "X-1", "product_name": "X", "selling_price": 1}]',
    request_id => 'a0000000-0000-4000-8000-000000000003') $$,
  '22023', 'This request_id was already used for create_product.',
  'A request_id of create_product sent to import_products is refused');
select throws_ok($$ select public.log_sale(tests.id('hat'), 1,
    request_id => 'a0000000-0000-4000-8000-000000000002') $$,
  '22023', 'This request_id was already used for start_production.',
  'A request_id of start_production sent to log_sale is refused');
select throws_ok($$ select public.commit_production_plan(jsonb_build_object('runs', '[]'::jsonb),
    request_id => 'a0000000-0000-4000-8000-000000000002') $$,
  '22023', 'This request_id was already used for start_production.',
  'A request_id of start_production sent to commit_production_plan (issue 33) is refused');
select throws_ok($$ select public.accept_reorder_point(tests.id('hat'),
    request_id => 'a0000000-0000-4000-8000-000000000001') $$,
  '22023', 'This request_id was already used for log_sale.',
  'A request_id of log_sale sent to accept_reorder_point (issue 33) is refused');
select is(pg_temp.fingerprint(), (pg_temp.firsts('reuse')).after, 'The refused calls wrote nothing');

-- Another user's same request_id is theirs ---------------------------------------------------------
select tests.authenticate_as('other');
insert into tests.ids select 'bobs_hat', id from public.create_product('HAT-1', 'Bob''s Hat', null, 100, 5);
insert into tests.ids select 'bobs_sale', id from public.log_sale(tests.id('bobs_hat'), 1,
  request_id => 'a0000000-0000-4000-8000-000000000001');
select results_eq(
  $$ select product_id, quantity, user_id from public.sales_orders where id = tests.id('bobs_sale') $$,
  $$ values (tests.id('bobs_hat'), 1, tests.id('other')) $$,
  'Another user sending the owner''s request_id makes their own sale, not a replay of the owner''s'
);
select is((select stock_on_hand from public.products where id = tests.id('bobs_hat')), 4::numeric,
  'and it takes their stock (5 -> 4)');
select isnt(tests.id('bobs_sale'), ((pg_temp.firsts('log_sale')).answer -> 0 ->> 'id')::uuid,
  'The owner''s stored sale is never returned to another user');
select is((select material_name from public.create_raw_material('Felt',
    request_id => 'a0000000-0000-4000-8000-000000000004')), 'Felt',
  'Another user can use the owner''s create_raw_material id for a material of their own');

-- A refused call is not remembered: its retry runs again -------------------------------------------
select tests.authenticate_as('owner');
select throws_ok($$ select public.log_sale(tests.id('hat'), 50,
    request_id => 'b0000000-0000-4000-8000-000000000001') $$,
  'P0001', 'Not enough stock for Hat. Only 5 available.', 'A sale beyond stock with a request_id is refused');
select results_eq(
  $$ select quantity, status::text from public.log_sale(tests.id('hat'), 1,
       request_id => 'b0000000-0000-4000-8000-000000000001') $$,
  $$ values (1, 'Unfulfilled') $$,
  'The retry with the same request_id runs afresh and sells'
);
select is((select stock_on_hand from public.products where id = tests.id('hat')), 4::numeric,
  'and takes its stock (5 -> 4)');
select throws_ok($$ select * from public.import_raw_materials(
    '[{"material_name": "Lining"}, {"material_name": "Felt"}]',
    request_id => 'b0000000-0000-4000-8000-000000000002') $$,
  '23505', 'Row 3: A material named Felt already exists.', 'An import with a refused row is refused');
select results_eq(
  $$ select row_number, message from public.import_raw_materials('[{"material_name": "Lining"}]',
       request_id => 'b0000000-0000-4000-8000-000000000002') $$,
  $$ values (2, null::text) $$,
  'Its corrected retry with the same request_id imports'
);
select is((select count(*) from public.raw_materials where material_name = 'Lining')::integer, 1,
  'once: one Lining');

-- A dry run neither takes nor remembers the id -------------------------------------------------------
select results_eq(
  $$ select row_number, message from public.import_raw_materials('[{"material_name": "Elastic"}]', true,
       request_id => 'b0000000-0000-4000-8000-000000000003') $$,
  $$ values (2, null::text) $$, 'A dry run with a request_id checks the rows');
select results_eq(
  $$ select row_number, message from public.import_raw_materials('[{"material_name": "Elastic"}]', false,
       request_id => 'b0000000-0000-4000-8000-000000000003') $$,
  $$ values (2, null::text) $$, 'The commit with the same request_id then imports');
select is((select count(*) from public.raw_materials where material_name = 'Elastic')::integer, 1,
  'One Elastic: the dry run wrote nothing');

-- What is kept, and for how long ------------------------------------------------------------------
reset role;
select results_eq(
  $$ select request_id::text, operation from private.request_results
     where user_id = tests.id('owner') order by request_id $$,
  $$ values ('a0000000-0000-4000-8000-000000000001', 'log_sale'),
            ('a0000000-0000-4000-8000-000000000002', 'start_production'),
            ('a0000000-0000-4000-8000-000000000003', 'create_product'),
            ('a0000000-0000-4000-8000-000000000004', 'create_raw_material'),
            ('a0000000-0000-4000-8000-000000000005', 'receive_material'),
            ('a0000000-0000-4000-8000-000000000006', 'adjust_stock'),
            ('a0000000-0000-4000-8000-000000000007', 'return_sales_order'),
            ('a0000000-0000-4000-8000-000000000008', 'import_products'),
            ('a0000000-0000-4000-8000-000000000009', 'import_raw_materials'),
            ('a0000000-0000-4000-8000-000000000010', 'import_sales_orders'),
            ('a0000000-0000-4000-8000-000000000011', 'create_style'),
            ('a0000000-0000-4000-8000-000000000012', 'add_style_variants'),
            ('a0000000-0000-4000-8000-000000000013', 'start_production_batch'),
            ('a0000000-0000-4000-8000-000000000014', 'record_return'),
            ('a0000000-0000-4000-8000-000000000015', 'import_returns'),
            ('a0000000-0000-4000-8000-000000000016', 'import_settlement'),
            ('a0000000-0000-4000-8000-000000000017', 'create_combo'),
            ('a0000000-0000-4000-8000-000000000018', 'record_stock_file'),
            ('a0000000-0000-4000-8000-000000000019', 'create_invoice'),
            ('a0000000-0000-4000-8000-000000000020', 'create_credit_note'),
            ('b0000000-0000-4000-8000-000000000001', 'log_sale'),
            ('b0000000-0000-4000-8000-000000000002', 'import_raw_materials'),
            ('b0000000-0000-4000-8000-000000000003', 'import_raw_materials') $$,
  'One key per request the owner committed, with its operation: none for refused calls, dry runs or calls without an id'
);
update private.request_results set created_at = '2000-01-01'
where user_id = tests.id('owner') and request_id = 'a0000000-0000-4000-8000-000000000001';
select tests.authenticate_as('owner');
select from public.receive_material(tests.id('felt'), 1, request_id => 'c0000000-0000-4000-8000-000000000001');
reset role;
select is_empty(
  $$ select 1 from private.request_results where created_at < now() - interval '1 day' $$,
  'Taking a new key removes the keys older than a day'
);
select tests.authenticate_as('owner');
select isnt((select id from public.log_sale(tests.id('hat'), 1,
    request_id => 'a0000000-0000-4000-8000-000000000001')),
  ((pg_temp.firsts('log_sale')).answer -> 0 ->> 'id')::uuid,
  'After that its request_id is new again: the sale is logged afresh');

select * from finish();
rollback;

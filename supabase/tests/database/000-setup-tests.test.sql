-- Shared helpers for every pgTAP file, committed once before the others run: pg_prove and
-- `supabase test db` run the files in name order, and this one sorts first. Idempotent, so it
-- can run again on a database that has them.
set client_min_messages = warning;

create extension if not exists pgtap with schema extensions;

-- Test identities, basejump-style: users are rows in auth.users; tests.authenticate_as switches
-- the role and JWT claims for the rest of the transaction, `reset role` returns to the session's
-- role: postgres, as `supabase test db` connects, which is not a superuser but bypasses RLS.
-- Ids of rows created through the API are kept in tests.ids so any identity can name them; each
-- test file rolls back, so the registry starts empty in every file.
create schema if not exists tests;
create table if not exists tests.ids (name text primary key, id uuid not null);
grant usage on schema tests to anon, authenticated;
grant select, insert on tests.ids to anon, authenticated;

create or replace function tests.create_user(name text) returns void
language sql set search_path = '' as $$
  with u as (insert into auth.users (id, is_anonymous) values (gen_random_uuid(), true) returning id)
  insert into tests.ids select create_user.name, u.id from u
$$;

create or replace function tests.id(name text) returns uuid
language sql set search_path = '' stable as $$ select i.id from tests.ids i where i.name = id.name $$;

create or replace function tests.authenticate_as(name text) returns void
language plpgsql set search_path = '' as $$
begin
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims',
    json_build_object('sub', tests.id(name), 'role', 'authenticated')::text, true);
end
$$;

create or replace function tests.authenticate_as_anon() returns void
language plpgsql set search_path = '' as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', json_build_object('role', 'anon')::text, true);
end
$$;

-- 'SQLSTATE | message | hint' of the error a statement raises (its writes are rolled back): a
-- refusal about one form field names it in the hint, 'field:<argument>'.
create or replace function tests.refusal(statement text) returns text
language plpgsql
set search_path = ''
as $$
declare
  v_state text;
  v_message text;
  v_hint text;
begin
  execute statement;
  return 'no error';
exception when others then
  get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_hint = pg_exception_hint;
  return format('%s | %s | %s', v_state, v_message, coalesce(nullif(v_hint, ''), 'no hint'));
end;
$$;

-- The rows every rls_<area> file checks: an owner with a material, a product with its BOM, a sale,
-- a started run, a shipped order with its return (and the claim it opens) and a settlement line;
-- and another user with none. Leaves the session acting as the owner.
create or replace function tests.seed_owner_rows() returns void
language plpgsql
set search_path = ''
as $$
begin
  perform tests.create_user('owner');
  perform tests.create_user('other');
  perform tests.authenticate_as('owner');
  insert into tests.ids select 'felt', id from public.create_raw_material('Felt', 'Mill', 3, 50, 'sheets', 5);
  insert into tests.ids select 'hat', id from public.create_product('HAT-1', 'Hat', 'Wear', 300, 8, 2,
    jsonb_build_array(jsonb_build_object('material_id', tests.id('felt'), 'quantity', 2)));
  insert into tests.ids select 'sale', id from public.log_sale(tests.id('hat'), 1);
  insert into tests.ids select 'run', id from public.start_production(tests.id('hat'), 1);
  insert into tests.ids select 'shipped', id from public.log_sale(tests.id('hat'), 2);
  perform public.fulfil_sales_order(tests.id('shipped'));
  insert into tests.ids select 'return', id from public.record_return(tests.id('shipped'), 'rto', 1, damaged => 1);
  perform public.import_settlement('Flipkart', '[{"settlement_id": "S1", "external_order_id": "X-1", "posted_date": "2026-01-20",
    "category": "sale", "amount": 100}]');
end;
$$;

-- A function the app calls (privileges_<area> files): signed-in users may execute it, anon may not.
-- Two assertions. pgTAP's functions call one another unqualified, and the arguments name public's
-- types (sales_platform) unqualified: both schemas are on the path.
create or replace function tests.for_signed_in_users_only(name text, args text[]) returns setof text
language plpgsql
set search_path = extensions, public
as $$
begin
  return next function_privs_are('public', name, args, 'anon', array[]::text[],
    format('anon cannot execute %s', name));
  return next function_privs_are('public', name, args, 'authenticated', array['EXECUTE'],
    format('authenticated can execute %s', name));
end;
$$;

grant execute on all functions in schema tests to anon, authenticated;
-- pgTAP's functions must be callable while acting as a user.
grant execute on all functions in schema extensions to anon, authenticated;

begin;
select plan(6);
select has_function('tests', 'create_user', array['text'], 'tests.create_user(name) exists');
select has_function('tests', 'authenticate_as', array['text'], 'tests.authenticate_as(name) exists');
select has_function('tests', 'authenticate_as_anon', 'tests.authenticate_as_anon() exists');
select has_function('tests', 'refusal', array['text'], 'tests.refusal(statement) exists');
select has_function('tests', 'seed_owner_rows', 'tests.seed_owner_rows() exists');
select has_function('tests', 'for_signed_in_users_only', array['text', 'text[]'],
  'tests.for_signed_in_users_only(name, args) exists');
select * from finish();
rollback;

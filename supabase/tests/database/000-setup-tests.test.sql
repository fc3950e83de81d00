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

grant execute on all functions in schema tests to anon, authenticated;
-- pgTAP's functions must be callable while acting as a user.
grant execute on all functions in schema extensions to anon, authenticated;

begin;
select plan(4);
select has_function('tests', 'create_user', array['text'], 'tests.create_user(name) exists');
select has_function('tests', 'authenticate_as', array['text'], 'tests.authenticate_as(name) exists');
select has_function('tests', 'authenticate_as_anon', 'tests.authenticate_as_anon() exists');
select has_function('tests', 'refusal', array['text'], 'tests.refusal(statement) exists');
select * from finish();
rollback;

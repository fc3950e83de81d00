-- Platform SQL: what a Supabase project provides and a plain Postgres 15 (or PGlite) lacks.
--
-- Hosted Supabase and `supabase start` create all of this themselves, so it is kept out of
-- supabase/migrations. The test script loads it into a throwaway cluster and the local stack loads
-- it into its database before applying the migrations. It reproduces the parts of a Supabase
-- database that decide what the migrations may do and what the API roles may reach, after
-- supabase/postgres (migrations/db/init-scripts and migrations/db/migrations) and GoTrue's auth
-- schema (supabase/auth migrations), so that a mistake that would show on Supabase shows here:
--   - `supabase_admin` is the superuser that owns the platform; `postgres`, the role migrations
--     and the SQL console run as, is not a superuser (CREATEROLE, CREATEDB, REPLICATION,
--     BYPASSRLS), and is a member of the API roles;
--   - default privileges grant every new table, function and sequence in `public` created by
--     postgres or supabase_admin to anon, authenticated and service_role: a new public function
--     is callable by anon unless its migration revokes that;
--   - the `auth` schema belongs to supabase_admin, its tables and functions to
--     `supabase_auth_admin`; postgres may use them but not create objects in `auth`;
--     row-level security is on for the auth tables;
--   - `authenticator` is a LOGIN NOINHERIT role, not a superuser, that can only switch to anon,
--     authenticated and service_role. It has no password here: whoever starts the database sets
--     one (`alter role authenticator password ...`), as the local stack does.
--
-- Run it as a superuser other than postgres: the cluster's bootstrap superuser supabase_admin
-- (`initdb -U supabase_admin`, as scripts/pg-cluster.sh does). Where postgres is itself the
-- bootstrap superuser (PGlite, or a cluster made with `initdb -U postgres`), Postgres forbids
-- demoting it; everything else is still set up and a warning says so. Idempotent: the stack runs
-- it on every start, on new and existing databases.

-- Roles ---------------------------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_admin') then
    -- Only where another role bootstrapped the cluster; Supabase's supabase_admin logs in.
    create role supabase_admin nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres login;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit;
  end if;
end
$$;

-- Attributes as on Supabase (supabase/postgres initial schema, 20230529180330 for inherit,
-- 20260821154147 for supabase_auth_admin's nocreaterole), set on existing roles too.
alter role supabase_admin superuser createdb createrole replication bypassrls;
alter role anon nosuperuser inherit nologin nobypassrls;
alter role authenticated nosuperuser inherit nologin nobypassrls;
alter role service_role nosuperuser inherit nologin bypassrls;
alter role authenticator nosuperuser noinherit login nocreaterole nocreatedb nobypassrls;
alter role supabase_auth_admin nosuperuser noinherit login nocreaterole nocreatedb nobypassrls;

-- PostgREST logs in as authenticator and switches to the request's role; postgres may switch to
-- them too (tests and the SQL editor do `set role authenticated`), and gets Supabase's monitoring
-- roles.
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant pg_read_all_data, pg_monitor, pg_signal_backend to postgres;

-- Supabase's per-role limits (supabase/postgres init scripts and migrations 20221028101028,
-- 20231130133139).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
alter role postgres set search_path = "$user", public, extensions;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_auth_admin set idle_in_transaction_session_timeout = '60s';

-- PostgREST reads its exposed schemas from here, and so does `supabase db advisors`: without this
-- setting the advisors silently check nothing.
alter role authenticator set pgrst.db_schemas = 'public';

-- The database: postgres owns it (and so, through pg_database_owner, the public schema), as on
-- Supabase; GoTrue may create its schema objects. Supabase's default search path, so unqualified
-- extension objects (pgTAP) resolve.
do $$
begin
  execute format('alter database %I owner to postgres', current_database());
  execute format('grant create on database %I to supabase_auth_admin', current_database());
  execute format('alter database %I set search_path = "$user", public, extensions', current_database());
end
$$;

-- Schemas and default privileges ------------------------------------------------------------------
grant usage on schema public to postgres, anon, authenticated, service_role;

-- What makes Supabase's public schema "open by default": whatever postgres or supabase_admin
-- creates there is granted to every API role. Migrations revoke what a role must not have.
alter default privileges for role postgres in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;

create schema if not exists extensions;
alter schema extensions owner to postgres;
grant usage on schema extensions to anon, authenticated, service_role;
-- Extensions are installed by supabase_admin; postgres may use and pass on their objects.
alter default privileges for role supabase_admin in schema extensions
  grant all on tables to postgres with grant option;
alter default privileges for role supabase_admin in schema extensions
  grant all on functions to postgres with grant option;
alter default privileges for role supabase_admin in schema extensions
  grant all on sequences to postgres with grant option;

create schema if not exists auth;
alter schema auth owner to supabase_admin;
grant all on schema auth to supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;
-- supabase/postgres 20240627101908: postgres may use auth, not create objects in it.
revoke create on schema auth from postgres;

-- Auth: the parts of GoTrue's schema the app and the local stack use --------------------------
create table if not exists auth.users (
  id uuid primary key,
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text,
  phone text,
  is_anonymous boolean not null default false,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigint generated always as identity primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- Email and password accounts (GoTrue's columns of the same names): a bcrypt hash, the confirmation
-- time, and the hash of a pending password-recovery token. Added separately so that databases
-- created before accounts existed gain them on the next start.
alter table auth.users add column if not exists encrypted_password text;
alter table auth.users add column if not exists email_confirmed_at timestamptz;
alter table auth.users add column if not exists recovery_token text;
alter table auth.users add column if not exists recovery_sent_at timestamptz;
-- One account per email, as GoTrue's users_email_partial_key (emails are stored lower-cased).
create unique index if not exists users_email_partial_key on auth.users (email) where email is not null;

-- How a user signs in (GoTrue's auth.identities): an `email` identity once an email is added.
create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

-- GoTrue owns its tables (its identity sequence follows) and turns row-level security on for
-- them (supabase/auth 20240612123726) without policies: the API roles hold no privilege on them
-- anyway, and only roles that bypass RLS read them.
alter table auth.users owner to supabase_auth_admin;
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter table auth.identities owner to supabase_auth_admin;
alter table auth.users enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.identities enable row level security;

-- The claim readers exactly as GoTrue defines them (migrations/20220224000811): the legacy
-- per-claim setting first, then PostgREST 12+'s request.jwt.claims. Like GoTrue's, they set no
-- search_path (they name only pg_catalog objects), so Postgres can inline them into RLS policies.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

alter function auth.jwt() owner to supabase_auth_admin;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;

-- What postgres may do with GoTrue's objects (supabase/postgres 20211115181400 and Supabase's
-- default privileges for supabase_auth_admin): read and write them, as the SQL editor does.
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on functions to postgres;

-- Realtime: the publication that decides which tables stream changes ---------------------------
-- postgres owns it, so its migrations can add their tables.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
alter publication supabase_realtime owner to postgres;

-- Last, postgres stops being a superuser (supabase/postgres 10000000000000_demote-postgres) -------
do $$
begin
  if (select oid from pg_roles where rolname = 'postgres') = 10 then
    raise warning 'postgres is this cluster''s bootstrap superuser and stays one: bootstrap it as '
      'supabase_admin (initdb -U supabase_admin) for the Supabase shape';
  elsif current_user = 'postgres' then
    raise warning 'platform.sql runs as postgres, which it cannot demote: run it as supabase_admin';
  else
    alter role postgres nosuperuser inherit createrole createdb login replication bypassrls;
  end if;
end
$$;

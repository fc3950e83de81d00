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
--     row-level security is on for the auth tables, whose columns have GoTrue's types
--     (`auth.users.email` is varchar(255), so a view over it has that type on Supabase too);
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
-- Each column as GoTrue's migrations leave it on a Supabase project (supabase/auth migrations:
-- 00_init_auth_schema and the later ones named below), type and nullability included, so that a
-- view or function over auth.users gets the same column types here as there: email is
-- varchar(255), not text. The columns GoTrue has and neither the app nor the stack uses are left
-- out. GoTrue's Go code, not the database, fills aud, role, the metadata and the timestamps on
-- every insert; the defaults below stand in for it, for the stack and for tests that insert users
-- themselves.
create table if not exists auth.users (
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  created_at timestamptz,
  updated_at timestamptz,
  -- 20230116124310_alter_phone_type
  phone text default null,
  -- 20221215195500_modify_users_email_unique_index (SSO accounts may share an email)
  is_sso_user boolean not null default false,
  -- 20240214120130_add_is_anonymous_column
  is_anonymous boolean not null default false
);

-- 20220811173540_add_sessions_table
create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz
);

-- 00_init_auth_schema, 20210927181326_add_refresh_token_parent, 20220811173540_add_sessions_table:
-- user_id is GoTrue's varchar(255), with no key to auth.users; a user's tokens go with their
-- sessions.
create table if not exists auth.refresh_tokens (
  id bigserial not null primary key,
  token varchar(255) constraint refresh_tokens_token_unique unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);

-- How a user signs in: an `email` identity once an email is added (20210909172000, then
-- 20221215195800_add_identities_email_column and 20231117164230_add_id_pkey_identities).
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);

-- Databases created before email accounts existed gain their columns on the next start.
alter table auth.users add column if not exists encrypted_password varchar(255);
alter table auth.users add column if not exists email_confirmed_at timestamptz;
alter table auth.users add column if not exists recovery_token varchar(255);
alter table auth.users add column if not exists recovery_sent_at timestamptz;
alter table auth.users add column if not exists is_sso_user boolean not null default false;

-- Databases created by earlier versions of this file, whose columns were text (user_id a uuid with
-- a key to auth.users) and whose refresh token ids an identity, are brought to GoTrue's
-- definitions. A view over a changed column (the project's reports read auth.users.email) would
-- refuse the change: each such view, and the views over it, is dropped and created again as it
-- was (definition, options, owner, privileges, comments), in the same DO block as the type
-- changes, so either all of it happens or none. Nothing to do on a database that has GoTrue's
-- types already.
alter table auth.refresh_tokens drop constraint if exists refresh_tokens_user_id_fkey;
do $$
declare
  wanted constant text[][] := array[
    ['auth.users', 'aud', 'character varying(255)'],
    ['auth.users', 'role', 'character varying(255)'],
    ['auth.users', 'email', 'character varying(255)'],
    ['auth.users', 'encrypted_password', 'character varying(255)'],
    ['auth.users', 'recovery_token', 'character varying(255)'],
    ['auth.users', 'phone', 'text'],
    ['auth.refresh_tokens', 'token', 'character varying(255)'],
    ['auth.refresh_tokens', 'user_id', 'character varying(255)'],
    ['auth.refresh_tokens', 'parent', 'character varying(255)']];
  changes jsonb := '[]'::jsonb;
  change jsonb;
  saved jsonb := '[]'::jsonb;
  view_row record;
  view_def jsonb;
  grant_row record;
  new_oid oid;
  i integer;
begin
  for i in 1 .. array_length(wanted, 1) loop
    select jsonb_build_object('table', a.attrelid::regclass::text, 'relid', a.attrelid, 'attnum', a.attnum,
             'column', a.attname, 'type', wanted[i][3])
      into change
    from pg_attribute a
    where a.attrelid = wanted[i][1]::regclass and a.attname = wanted[i][2] and not a.attisdropped
      and format_type(a.atttypid, a.atttypmod) <> wanted[i][3];
    if change is not null then
      changes := changes || change;
    end if;
  end loop;
  if jsonb_array_length(changes) = 0 then
    return;
  end if;

  -- The views over the changed columns and, recursively, the views over those; `depth` orders them
  -- (a view always comes after the views it reads).
  for view_row in
    with recursive dependents (view_oid, depth) as (
      select distinct r.ev_class, 1
      from pg_depend d
      join pg_rewrite r on r.oid = d.objid
      join jsonb_array_elements(changes) c
        on d.refobjid = (c ->> 'relid')::oid and d.refobjsubid = (c ->> 'attnum')::integer
      where d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass
        and r.ev_class <> d.refobjid
      union all
      select r.ev_class, dependents.depth + 1
      from dependents
      join pg_depend d on d.refobjid = dependents.view_oid
        and d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass
      join pg_rewrite r on r.oid = d.objid and r.ev_class <> dependents.view_oid
    )
    select c.oid, max(dependents.depth) as depth
    from dependents join pg_class c on c.oid = dependents.view_oid
    group by c.oid
    order by max(dependents.depth), c.oid
  loop
    saved := saved || jsonb_build_object(
      'name', (select format('%I.%I', n.nspname, c.relname)
               from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = view_row.oid),
      'depth', view_row.depth,
      'definition', regexp_replace(pg_get_viewdef(view_row.oid), ';\s*$', ''),
      'options', (select array_to_string(c.reloptions, ', ') from pg_class c where c.oid = view_row.oid),
      'owner', (select c.relowner::regrole::text from pg_class c where c.oid = view_row.oid),
      'has_acl', (select c.relacl is not null from pg_class c where c.oid = view_row.oid),
      'grants', coalesce((
        select jsonb_agg(jsonb_build_object('column', null, 'privilege', g.privilege_type,
                 'grantee', case when g.grantee = 0 then 'public' else g.grantee::regrole::text end,
                 'grantable', g.is_grantable))
        from pg_class c, aclexplode(c.relacl) g where c.oid = view_row.oid), '[]'::jsonb)
        || coalesce((
        select jsonb_agg(jsonb_build_object('column', a.attname, 'privilege', g.privilege_type,
                 'grantee', case when g.grantee = 0 then 'public' else g.grantee::regrole::text end,
                 'grantable', g.is_grantable))
        from pg_attribute a, aclexplode(a.attacl) g where a.attrelid = view_row.oid and a.attacl is not null), '[]'::jsonb),
      'comment', obj_description(view_row.oid, 'pg_class'),
      'column_comments', coalesce((
        select jsonb_object_agg(a.attname, d.description)
        from pg_description d join pg_attribute a on a.attrelid = d.objoid and a.attnum = d.objsubid
        where d.classoid = 'pg_class'::regclass and d.objoid = view_row.oid and d.objsubid > 0), '{}'::jsonb));
  end loop;

  for view_def in select v from jsonb_array_elements(saved) v order by (v ->> 'depth')::integer desc loop
    execute format('drop view %s', view_def ->> 'name');
  end loop;

  for change in select jsonb_array_elements(changes) loop
    -- No USING: the assignment cast refuses a value too long for varchar(255) instead of cutting it.
    execute format('alter table %s alter column %I type %s', change ->> 'table', change ->> 'column',
      change ->> 'type');
  end loop;

  for view_def in select v from jsonb_array_elements(saved) v order by (v ->> 'depth')::integer loop
    execute format('create view %s%s as %s', view_def ->> 'name',
      coalesce(' with (' || nullif(view_def ->> 'options', '') || ')', ''), view_def ->> 'definition');
    new_oid := (view_def ->> 'name')::regclass;
    execute format('alter view %s owner to %s', view_def ->> 'name', view_def ->> 'owner');
    -- The view's privileges exactly as they were: none but the owner's (default privileges may
    -- have granted more to the new view), or the saved list.
    for grant_row in
      select distinct case when g.grantee = 0 then 'public' else g.grantee::regrole::text end as grantee
      from pg_class c, aclexplode(c.relacl) g where c.oid = new_oid
    loop
      if grant_row.grantee <> view_def ->> 'owner' or (view_def ->> 'has_acl')::boolean then
        execute format('revoke all on %s from %s', view_def ->> 'name', grant_row.grantee);
      end if;
    end loop;
    for grant_row in select * from jsonb_to_recordset(view_def -> 'grants')
        as g("column" text, privilege text, grantee text, grantable boolean) loop
      execute format('grant %s%s on %s to %s%s', grant_row.privilege,
        coalesce(' (' || quote_ident(grant_row."column") || ')', ''), view_def ->> 'name', grant_row.grantee,
        case when grant_row.grantable then ' with grant option' else '' end);
    end loop;
    if view_def ->> 'comment' is not null then
      execute format('comment on view %s is %L', view_def ->> 'name', view_def ->> 'comment');
    end if;
    for grant_row in select * from jsonb_each_text(view_def -> 'column_comments') loop
      execute format('comment on column %s.%I is %L', view_def ->> 'name', grant_row.key, grant_row.value);
    end loop;
  end loop;
end
$$;

-- Nullability as GoTrue has it, and the defaults that stand in for GoTrue's Go code.
alter table auth.users
  alter column aud drop not null, alter column aud set default 'authenticated',
  alter column role drop not null, alter column role set default 'authenticated',
  alter column raw_app_meta_data drop not null, alter column raw_app_meta_data set default '{}'::jsonb,
  alter column raw_user_meta_data drop not null, alter column raw_user_meta_data set default '{}'::jsonb,
  alter column created_at drop not null, alter column created_at set default now(),
  alter column updated_at drop not null, alter column updated_at set default now();
alter table auth.sessions
  alter column created_at drop not null, alter column created_at set default now(),
  alter column updated_at drop not null, alter column updated_at set default now();
alter table auth.refresh_tokens
  alter column token drop not null,
  alter column user_id drop not null,
  alter column session_id drop not null,
  alter column revoked drop not null, alter column revoked set default false,
  alter column created_at drop not null, alter column created_at set default now(),
  alter column updated_at drop not null, alter column updated_at set default now();
alter table auth.identities
  alter column created_at drop not null, alter column created_at set default now(),
  alter column updated_at drop not null, alter column updated_at set default now();

-- GoTrue's names for the constraints earlier versions of this file let Postgres name, and a
-- bigserial id where they had an identity.
do $$
declare
  next_id bigint;
begin
  if exists (select 1 from pg_constraint where conrelid = 'auth.refresh_tokens'::regclass
             and conname = 'refresh_tokens_token_key') then
    alter table auth.refresh_tokens rename constraint refresh_tokens_token_key to refresh_tokens_token_unique;
  end if;
  if exists (select 1 from pg_constraint where conrelid = 'auth.identities'::regclass
             and conname = 'identities_provider_id_provider_key') then
    alter table auth.identities
      rename constraint identities_provider_id_provider_key to identities_provider_id_provider_unique;
  end if;
  if exists (select 1 from pg_attribute where attrelid = 'auth.refresh_tokens'::regclass and attname = 'id'
             and attidentity <> '') then
    select coalesce(max(id), 0) + 1 into next_id from auth.refresh_tokens;
    alter table auth.refresh_tokens alter column id drop identity;
    create sequence auth.refresh_tokens_id_seq;
    execute format('alter sequence auth.refresh_tokens_id_seq owner to %s',
      (select relowner::regrole from pg_class where oid = 'auth.refresh_tokens'::regclass));
    alter sequence auth.refresh_tokens_id_seq owned by auth.refresh_tokens.id;
    perform setval('auth.refresh_tokens_id_seq', next_id, false);
    alter table auth.refresh_tokens alter column id set default nextval('auth.refresh_tokens_id_seq');
  end if;
end
$$;

-- GoTrue's indexes on what the app and the stack look up. One account per email
-- (users_email_partial_key; the stack stores emails lower-cased), as GoTrue's since 20221215195500.
do $$
begin
  if (select pg_get_expr(i.indpred, i.indrelid) from pg_index i
      where i.indexrelid = to_regclass('auth.users_email_partial_key')) is distinct from '(is_sso_user = false)' then
    drop index if exists auth.users_email_partial_key;
  end if;
end
$$;
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
drop index if exists auth.refresh_tokens_session_id_idx;
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

-- GoTrue owns its tables (their id sequence follows) and turns row-level security on for
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

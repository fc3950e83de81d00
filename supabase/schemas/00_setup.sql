-- The database's source of truth: every table, index, policy, grant, function, view and comment of
-- FactoryFlow is defined once in supabase/schemas, in its final state, one file per concern. The
-- files apply in the order supabase/config.toml lists them ([db.migrations] schema_paths), as the
-- `postgres` role, after the platform (stack/sql/platform.sql: roles, auth, the realtime
-- publication), which they do not define.
--
-- To change the database: edit these files, then `npm run db:diff -- <name>` writes the migration
-- that takes a database built from supabase/migrations to the one these files build; commit both.
-- supabase/migrations stays the history hosted databases upgrade through; CI fails when the two
-- differ (scripts/db-diff.sh --check).
--
-- This file: what every other file builds on.

-- Functions are created unexecutable; each one grants execute to exactly who may call it. (On
-- Supabase, default privileges still grant every new function in public to anon, authenticated and
-- service_role: each file revokes those explicitly.)
alter default privileges for role postgres revoke execute on functions from public;

-- Trigram indexes for the sales order search by product name (sales_orders.sql).
create extension if not exists pg_trgm with schema extensions;

-- The operations' helpers: reachable only from the security definer functions that call them.
create schema private;
comment on schema private is 'Helpers for the stock operations; not exposed through the API.';

-- The spec's fixed lists, kept once here (the API and generated types read them from here).
-- Meesho and Ajio (issue 43) come last among the marketplaces: Meesho an e-commerce operator like the
-- first three, Ajio a retailer (Reliance Retail) buying by purchase order (rules.is_marketplace).
create type public.sales_platform as enum ('Flipkart', 'Myntra', 'Amazon', 'Meesho', 'Ajio', 'Brand Website', 'Other');
create type public.sales_order_status as enum ('Unfulfilled', 'Fulfilled', 'Cancelled', 'Returned', 'Partially returned');
create type public.manufacturing_order_status as enum ('In Progress', 'Completed', 'Cancelled');
-- What a line of a marketplace settlement is (issue 30; settlements.sql): each report's own amount
-- types map to these (docs/imports.md, "Importing settlements"). Credits are positive, fees and withholdings negative.
create type public.settlement_category as enum (
  'sale', 'commission', 'fixed_fee', 'collection_fee', 'shipping_fee', 'return_fee', 'tcs', 'tds', 'refund',
  'reimbursement', 'other'
);
-- Why an item's stock changed: opening stock, purchase receipts and counts come from no order; the
-- others name the sales or manufacturing order they record or undo, a transfer between locations
-- its delivery challan (ledger.sql checks which).
create type public.stock_movement_reason as enum (
  'opening_stock', 'sale', 'production_consumption', 'production_output', 'purchase_receipt', 'adjustment',
  'sale_cancelled', 'sale_return', 'production_cancelled', 'transfer', 'job_work_sent', 'job_work_consumption',
  'job_work_received'
);

-- One request, one write -------------------------------------------------------------------------
-- Every operation that creates something (log_sale, start_production, start_production_batch,
-- create_product, create_raw_material, create_style, add_style_variants, receive_material,
-- adjust_stock, return_sales_order and the three imports) takes an optional request_id, one per submitted form: a call repeating an id its user already
-- used for it (a double click, a retry after an answer lost on the way) returns the first call's
-- result and writes nothing. Status changes (fulfil, complete, cancel) need none: their status
-- conditions make a repeat a refusal that changes nothing.
--
-- private.replayed_result takes the key (user, request id) first: a concurrent second call with the
-- same key waits on the unique index until the first commits, then finds the first call's result.
-- A refused call rolls back, key and all, so nothing is remembered and a retry runs again. Keys are
-- kept a day, far longer than a browser retries, and rows older than that are removed as new keys
-- are taken, so the table holds about a day of writes. No key to auth.users, as for the ledger:
-- it would cost every write a lock on the user's one auth.users row; a deleted user's rows expire.
create table private.request_results (
  user_id uuid not null,
  request_id uuid not null,
  -- The operation that took the key: the same id sent to another one is refused.
  operation text not null,
  -- The first call's result, set as it finishes (null only inside the transaction that took it).
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, request_id)
);
comment on table private.request_results is
  'Per user and request id, the operation that took it and its result: a repeated request returns it instead of writing again. Kept about a day.';
create index request_results_created_at_idx on private.request_results (created_at);
-- Only the operations (as their owner) read and write it; no API role can use `private` anyway.
revoke all on private.request_results from public, anon, authenticated, service_role;

-- The first result of this user's request for `operation`, or null when the request is new (it
-- then belongs to this transaction, for private.remember_result). Without a request id: null.
create function private.replayed_result(user_id uuid, request_id uuid, operation text) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_taken private.request_results;
begin
  if replayed_result.request_id is null then
    return null;
  end if;
  loop
    insert into private.request_results as r (user_id, request_id, operation)
    values (replayed_result.user_id, replayed_result.request_id, replayed_result.operation)
    on conflict do nothing;
    if found then
      -- A few keys older than a day go with each new one (skipping any another call is removing).
      delete from private.request_results r
      where (r.user_id, r.request_id) in (
        select e.user_id, e.request_id
        from private.request_results e
        where e.created_at < now() - interval '1 day'
        order by e.created_at
        limit 10
        for update skip locked
      );
      return null;
    end if;
    -- Taken by a call that committed (the insert waited for it): read what it answered.
    select * into v_taken
    from private.request_results r
    where r.user_id = replayed_result.user_id and r.request_id = replayed_result.request_id;
    exit when found;
    -- Expired and removed in between: take it afresh.
  end loop;
  if v_taken.operation <> replayed_result.operation then
    raise exception 'This request_id was already used for %.', v_taken.operation using errcode = '22023';
  end if;
  if v_taken.result is null then
    raise exception 'This request_id is in use by this transaction.' using errcode = '22023';
  end if;
  return v_taken.result;
end;
$$;
comment on function private.replayed_result is
  'The stored result of this user''s request for operation (refused if the id was used for another one), or null after taking the request id for this transaction. Null without a request id.';

-- Stores the result of the request private.replayed_result took in this transaction.
create function private.remember_result(user_id uuid, request_id uuid, result jsonb) returns void
-- PL/pgSQL, to skip the update for a call without a request id and to keep its plan: a SQL function
-- with a pinned search_path is planned again at every call, and every sale calls it.
language plpgsql
set search_path = ''
as $$
begin
  if remember_result.request_id is null then
    return;
  end if;
  update private.request_results r
  set result = remember_result.result
  where r.user_id = remember_result.user_id and r.request_id = remember_result.request_id;
end;
$$;
comment on function private.remember_result is
  'Stores the result a repeat of the request taken by private.replayed_result returns. Nothing without a request id.';

-- Read-only views ---------------------------------------------------------------------------------
-- The API's views (sales_by_day and the others) are computed and cannot take a write. Postgres
-- refuses one itself with 55000 ("cannot delete from view"), which PostgREST answers 500 (its
-- Error.hs maps class 55 to 500), as the local stack does. So each such view has this function as
-- an INSTEAD OF row trigger (which lets a write reach the view at all) and a BEFORE statement
-- trigger (which fires whether or not any row matches), and grants the writes to authenticated:
-- every POST, PATCH or DELETE then gets SQLSTATE PT405, which PostgREST answers 405.
create function private.refuse_view_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% is a read-only view: it is computed from other tables and cannot be written.', tg_table_name
    using errcode = 'PT405';
end;
$$;
comment on function private.refuse_view_write is
  'Refuses any write to a read-only view with SQLSTATE PT405 (HTTP 405 through PostgREST).';
revoke all on function private.refuse_view_write from public, anon, authenticated, service_role;

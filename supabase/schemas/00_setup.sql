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
create type public.sales_platform as enum ('Flipkart', 'Myntra', 'Amazon', 'Brand Website', 'Other');
create type public.sales_order_status as enum ('Unfulfilled', 'Fulfilled', 'Cancelled', 'Returned');
create type public.manufacturing_order_status as enum ('In Progress', 'Completed', 'Cancelled');
-- Why an item's stock changed: opening stock, purchase receipts and counts come from no order; the
-- others name the sales or manufacturing order they record or undo (ledger.sql checks which).
create type public.stock_movement_reason as enum (
  'opening_stock', 'sale', 'production_consumption', 'production_output', 'purchase_receipt', 'adjustment',
  'sale_cancelled', 'sale_return', 'production_cancelled'
);

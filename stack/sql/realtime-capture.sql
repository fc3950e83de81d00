-- Change capture for the local stack's Realtime (stack/src/realtime).
--
-- Supabase Realtime reads committed changes from the WAL through logical decoding. The stack
-- instead puts a row trigger on every table in publication supabase_realtime that NOTIFYs a small
-- message: table, operation, primary-key values, the row as written (when small) and a timestamp. Postgres
-- delivers NOTIFY only when the transaction commits, in commit order, and never for a rolled-back
-- one, so listeners see exactly the committed changes. The server then reads each row as every
-- subscriber, so RLS decides who sees it. Stack-only: it never goes into supabase/migrations.
-- Idempotent; the stack runs it on every start.

create schema if not exists stack_realtime;
revoke all on schema stack_realtime from public;

create sequence if not exists stack_realtime.change_sequence;

-- Trigger arguments are the table's primary-key column names. Security definer: the writing role
-- (e.g. authenticated) holds no privilege on this schema or its sequence.
create or replace function stack_realtime.notify_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_keys jsonb;
  v_old_keys jsonb;
  v_record jsonb;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) into v_keys
    from jsonb_each(to_jsonb(new)) where key = any (tg_argv);
    -- The row as this change wrote it, as the WAL carries it, when it fits in a notification
    -- (8000 bytes at most); a larger row is read again when delivered.
    v_record := to_jsonb(new);
    if octet_length(v_record::text) > 6000 then
      v_record := null;
    end if;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) into v_old_keys
    from jsonb_each(to_jsonb(old)) where key = any (tg_argv);
  end if;
  perform pg_notify('stack_realtime_changes', jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'keys', v_keys,
    'old_keys', v_old_keys,
    'record', v_record,
    -- The commit time is not known inside the transaction; the change's own time is the closest.
    'commit_timestamp', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    -- Postgres folds identical notifications of one transaction into one, and clocks can be too
    -- coarse to tell two changes of a row apart (PGlite's is): a sequence number keeps each one.
    'sequence', nextval('stack_realtime.change_sequence')
  )::text);
  return null;
end;
$$;

-- Puts the trigger on every table in the publication (refreshing its key columns) and takes it
-- off tables that have left it.
create or replace function stack_realtime.install_capture() returns void
language plpgsql
set search_path = ''
as $$
declare
  v_table record;
begin
  for v_table in
    select c.oid::regclass as relation
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
    where t.tgname = 'stack_realtime_capture'
      and not exists (
        select 1 from pg_catalog.pg_publication_tables p
        join pg_catalog.pg_namespace n on n.nspname = p.schemaname
        where p.pubname = 'supabase_realtime' and n.oid = c.relnamespace and p.tablename = c.relname
      )
  loop
    execute format('drop trigger stack_realtime_capture on %s', v_table.relation);
  end loop;

  for v_table in
    select format('%I.%I', p.schemaname, p.tablename)::regclass as relation,
      coalesce((
        select string_agg(quote_literal(a.attname), ', ' order by k.ordinality)
        from pg_catalog.pg_index i
        cross join lateral unnest(i.indkey) with ordinality k (attnum, ordinality)
        join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid = format('%I.%I', p.schemaname, p.tablename)::regclass and i.indisprimary
      ), '') as key_arguments
    from pg_catalog.pg_publication_tables p
    where p.pubname = 'supabase_realtime'
  loop
    execute format('drop trigger if exists stack_realtime_capture on %s', v_table.relation);
    execute format(
      'create trigger stack_realtime_capture after insert or update or delete on %s '
      'for each row execute function stack_realtime.notify_change(%s)',
      v_table.relation, v_table.key_arguments
    );
  end loop;
end;
$$;

select stack_realtime.install_capture();

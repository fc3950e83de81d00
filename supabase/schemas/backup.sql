-- A backup that restores (issue 44): "Download all my data" is export_workspace(), every row of
-- every table the user owns; Restore is restore_workspace(), that file taken into an empty
-- workspace in one transaction with new ids. Which tables, in which order, and how their ids map
-- is rules.backup_tables(), the one list both read.

-- Every table a backup holds, in the order a restore writes them (a table after those it refers
-- to): `ordered_by`, the columns that order its rows totally in the file; `new_id`, whether each row
-- gets a new uuid `id` (mapped from the file's) or, for the ledger, a new number from its identity;
-- `refers_to`, each column holding another table's id, with that table.
--
-- Left out, and checked by supabase/tests/database/backup.test.sql:
--   product_sales_totals, sales_day_totals, sales_order_counts, sales_figure_changes, product_day_totals,
--     product_period_starts, product_period_totals: kept totals and their pending changes, derived
--     from sales_orders; the triggers on sales_orders rebuild them as a restore inserts the orders;
--   location_stock: each item's stock per location, the sum of the ledger's rows there, which the
--     ledger's trigger rebuilds as a restore inserts them;
--   shopify_connections, website_webhooks: credentials (an access token, a signing secret and the
--     webhook's address), which no client may read; the owner connects the restored workspace again.
create function rules.backup_tables()
returns table (restore_order integer, table_name text, ordered_by text[], new_id text, refers_to jsonb)
language sql immutable
set search_path = ''
as $$
  select t.restore_order::integer, t.table_name, t.ordered_by, t.new_id, t.refers_to
  from (values
    (1, 'business_profiles', '{user_id}'::text[], null, '{}'::jsonb),
    (2, 'platform_fees', '{platform}', null, '{}'),
    (3, 'channel_settings', '{platform}', null, '{}'),
    (4, 'suppliers', '{id}', 'uuid', '{}'),
    (5, 'customers', '{id}', 'uuid', '{}'),
    (6, 'locations', '{id}', 'uuid', '{"supplier_id": "suppliers"}'),
    (7, 'raw_materials', '{id}', 'uuid', '{"supplier_id": "suppliers"}'),
    (8, 'products', '{id}', 'uuid', '{}'),
    (9, 'bom_items', '{product_id,material_id}', null, '{"product_id": "products", "material_id": "raw_materials"}'),
    (10, 'bom_subassemblies', '{product_id,subassembly_id}', null,
      '{"product_id": "products", "subassembly_id": "products"}'),
    (11, 'combo_components', '{combo_id,component_id}', null, '{"combo_id": "products", "component_id": "products"}'),
    (12, 'sku_aliases', '{id}', 'uuid', '{"product_id": "products"}'),
    (13, 'styles', '{id}', 'uuid', '{}'),
    (14, 'style_variants', '{product_id}', null, '{"product_id": "products", "style_id": "styles"}'),
    (15, 'style_bom_items', '{style_id,material_id}', null, '{"style_id": "styles", "material_id": "raw_materials"}'),
    (16, 'purchase_units', '{id}', 'uuid', '{"material_id": "raw_materials", "supplier_id": "suppliers"}'),
    (17, 'purchase_orders', '{id}', 'uuid', '{"supplier_id": "suppliers"}'),
    (18, 'purchase_order_lines', '{id}', 'uuid', '{"purchase_order_id": "purchase_orders", "material_id": "raw_materials"}'),
    (19, 'sales_orders', '{id}', 'uuid', '{"product_id": "products", "customer_id": "customers"}'),
    (20, 'manufacturing_orders', '{id}', 'uuid', '{"product_id": "products", "location_id": "locations"}'),
    (21, 'sales_returns', '{id}', 'uuid', '{"sales_order_id": "sales_orders"}'),
    (22, 'return_claims', '{id}', 'uuid', '{"sales_return_id": "sales_returns", "sales_order_id": "sales_orders"}'),
    (23, 'delivery_challans', '{id}', 'uuid', '{"from_location_id": "locations", "to_location_id": "locations"}'),
    (24, 'delivery_challan_lines', '{id}', 'uuid',
      '{"delivery_challan_id": "delivery_challans", "product_id": "products", "material_id": "raw_materials"}'),
    (25, 'job_work_orders', '{id}', 'uuid',
      '{"job_worker_location_id": "locations", "from_location_id": "locations",
        "delivery_challan_id": "delivery_challans", "product_id": "products", "material_id": "raw_materials"}'),
    (26, 'job_work_order_lines', '{id}', 'uuid',
      '{"job_work_order_id": "job_work_orders", "product_id": "products", "material_id": "raw_materials"}'),
    (27, 'job_work_receipts', '{id}', 'uuid', '{"job_work_order_id": "job_work_orders", "location_id": "locations"}'),
    -- The ledger as it was, in its order: new numbers, the same sequence. Its trigger rebuilds
    -- location_stock as the rows arrive (a file without locations puts them at the main godown).
    (28, 'stock_movements', '{id}', 'identity',
      '{"product_id": "products", "material_id": "raw_materials", "sales_order_id": "sales_orders",
        "manufacturing_order_id": "manufacturing_orders", "purchase_order_id": "purchase_orders",
        "location_id": "locations", "delivery_challan_id": "delivery_challans",
        "job_work_order_id": "job_work_orders"}'),
    (29, 'invoices', '{id}', 'uuid', '{"customer_id": "customers"}'),
    (30, 'invoice_lines', '{id}', 'uuid',
      '{"invoice_id": "invoices", "sales_order_id": "sales_orders", "product_id": "products"}'),
    (31, 'credit_notes', '{id}', 'uuid', '{"invoice_id": "invoices"}'),
    (32, 'credit_note_lines', '{id}', 'uuid', '{"credit_note_id": "credit_notes", "invoice_line_id": "invoice_lines"}'),
    (33, 'settlement_lines', '{id}', 'uuid', '{}'),
    (34, 'channel_stock_files', '{platform,alias}', null, '{}'),
    (35, 'website_order_refusals', '{id}', 'uuid', '{}'),
    (36, 'website_order_shipping', '{shop_order_id}', null, '{}'),
    (37, 'supplier_payments', '{id}', 'uuid', '{"supplier_id": "suppliers"}'),
    (38, 'tally_exports', '{id}', 'uuid', '{}'),
    (39, 'tally_exported_vouchers', '{voucher_key}', null, '{"export_id": "tally_exports"}'),
    (40, 'customer_payments', '{id}', 'uuid', '{"customer_id": "customers"}'),
    (41, 'customer_payment_allocations', '{id}', 'uuid',
      '{"payment_id": "customer_payments", "invoice_id": "invoices", "sales_order_id": "sales_orders"}'),
    -- An unfinished tax backfill goes on in the restored workspace (the app continues it).
    (42, 'item_tax_backfills', '{product_id}', null, '{"product_id": "products"}')
  ) as t (restore_order, table_name, ordered_by, new_id, refers_to)
$$;
comment on function rules.backup_tables is
  'The tables a backup holds, in restore order, with their row order, new ids and references.';
revoke all on function rules.backup_tables() from public, anon, authenticated, service_role;
grant execute on function rules.backup_tables() to authenticated;

-- The format of the file; a restore takes only this version. Raised whenever rules.backup_tables
-- changes: 2 when customers, their payments, supplier payments, the Tally exports and the locations
-- (issues 45, 46) joined it, so a version 1 file, which has none of them, is refused rather than
-- restored without them.
create function rules.backup_format_version() returns integer
language sql immutable
set search_path = ''
as $$ select 2 $$;
comment on function rules.backup_format_version is 'The version of the backup file format export_workspace writes.';
revoke all on function rules.backup_format_version() from public, anon, authenticated, service_role;
grant execute on function rules.backup_format_version() to authenticated;

-- The signed-in user's whole workspace as one JSON document; row-level security picks the rows, so
-- it runs as the caller. Each row is the table's row without its user_id.
create function public.export_workspace() returns jsonb
language plpgsql stable
security invoker
set search_path = ''
as $$
declare
  v_table record;
  v_rows jsonb;
  v_tables jsonb := '{}'::jsonb;
begin
  if auth.uid() is null then
    raise exception 'Not signed in.' using errcode = '42501';
  end if;
  for v_table in select b.table_name, b.ordered_by from rules.backup_tables() b order by b.restore_order loop
    execute format(
      'select coalesce(jsonb_agg(to_jsonb(t) - ''user_id'' order by %s), ''[]'') from public.%I t',
      (select string_agg(format('t.%I', c), ', ') from unnest(v_table.ordered_by) c), v_table.table_name
    ) into v_rows;
    v_tables := v_tables || jsonb_build_object(v_table.table_name, v_rows);
  end loop;
  return jsonb_build_object(
    'format', 'factoryflow-backup',
    'version', rules.backup_format_version(),
    'exported_at', now(),
    'tables', v_tables
  );
end;
$$;
comment on function public.export_workspace is
  'Download all my data: every row of every table of the caller''s workspace (rules.backup_tables), with the file format and version.';
revoke all on function public.export_workspace() from public, anon, authenticated, service_role;
grant execute on function public.export_workspace() to authenticated;

-- A backup arrives in parts (the API takes request bodies of at most 2 MB): each part waits here
-- until the last one comes, then the file is restored and its parts removed.
create table private.backup_uploads (
  user_id uuid not null references auth.users (id) on delete cascade,
  part integer not null check (part >= 0),
  content text not null,
  uploaded_at timestamptz not null default now(),
  primary key (user_id, part)
);
comment on table private.backup_uploads is 'The parts of a backup file sent so far to restore_workspace, until its last part.';
revoke all on private.backup_uploads from public, anon, authenticated, service_role;

-- The new id of each row a restore writes, by its table and its id in the file, while the restore
-- runs: a map in a table, not a jsonb value, since a lookup in a jsonb of 100,000 keys per row reads
-- the whole value each time.
create table private.backup_id_map (
  user_id uuid not null references auth.users (id) on delete cascade,
  table_name text not null,
  old_id uuid not null,
  new_id uuid not null default gen_random_uuid(),
  primary key (user_id, table_name, old_id)
);
comment on table private.backup_id_map is
  'During restore_workspace, the new id of each row of the backup by its table and its id in the file; emptied as the restore ends.';
revoke all on private.backup_id_map from public, anon, authenticated, service_role;

-- Raises for a reference to a row the backup does not hold; the null it returns otherwise is the
-- reference's own (an empty column).
create function private.refuse_missing_backup_row(table_name text, old_id uuid) returns uuid
language plpgsql immutable
set search_path = ''
as $$
begin
  if old_id is not null then
    raise exception 'This backup is damaged: it refers to % % that it does not hold.', table_name, old_id;
  end if;
  return null;
end;
$$;
comment on function private.refuse_missing_backup_row is
  'Refuses a backup''s reference to a row it does not hold; null for an empty reference.';
revoke all on function private.refuse_missing_backup_row(text, uuid) from public, anon, authenticated, service_role;

-- Writes a checked backup's tables into user_id's empty workspace: each table in restore order, new
-- uuids mapped from the file's and every reference following the map; invoice, credit note
-- and delivery challan numbers kept, and the series counters set past them.
create function private.restore_backup(user_id uuid, tables jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_table record;
  v_rows jsonb;
  v_columns text;
  v_values text;
  v_joins text;
  v_duplicate text;
  v_counts jsonb := '{}'::jsonb;
begin
  for v_table in select b.table_name, b.new_id, b.refers_to from rules.backup_tables() b order by b.restore_order loop
    v_rows := tables -> v_table.table_name;
    if v_table.new_id = 'uuid' then
      if exists (select from jsonb_array_elements(v_rows) r where r ->> 'id' is null) then
        raise exception 'This backup is damaged: a row of % has no id.', v_table.table_name;
      end if;
      select r ->> 'id' into v_duplicate from jsonb_array_elements(v_rows) r group by r ->> 'id' having count(*) > 1 limit 1;
      if found then
        raise exception 'This backup is damaged: % holds the row % twice.', v_table.table_name, v_duplicate;
      end if;
      insert into private.backup_id_map (user_id, table_name, old_id)
      select restore_backup.user_id, v_table.table_name, (r ->> 'id')::uuid from jsonb_array_elements(v_rows) r;
    end if;
    -- Each stored column but generated ones (the file's figures are recomputed) and the ledger's
    -- number: the owner is the caller, ids and references through the map (one join each, so a
    -- large table is one hash join, not a lookup per row), the rest as written; a required column
    -- the file lacks (a backup older than the column, such as products.unit_of_measure) takes its
    -- default.
    select string_agg(format('%I', a.attname), ', ' order by a.attnum),
      string_agg(case
          when a.attname = 'user_id' then '$1'
          when a.attname = 'id' and v_table.new_id = 'uuid' then 'm_id.new_id'
          when v_table.refers_to ? a.attname
            then format('coalesce(%1$I.new_id, private.refuse_missing_backup_row(%2$L, r.%3$I))',
              'm_' || a.attname, v_table.refers_to ->> a.attname, a.attname)
          when a.attnotnull and d.adbin is not null
            then format('coalesce(r.%I, %s)', a.attname, pg_catalog.pg_get_expr(d.adbin, d.adrelid))
          else format('r.%I', a.attname)
        end, ', ' order by a.attnum),
      string_agg(case
          when a.attname = 'id' and v_table.new_id = 'uuid' then format(
            'join private.backup_id_map m_id on m_id.user_id = $1 and m_id.table_name = %L and m_id.old_id = r.id',
            v_table.table_name)
          when v_table.refers_to ? a.attname then format(
            'left join private.backup_id_map %1$I on %1$I.user_id = $1 and %1$I.table_name = %2$L and %1$I.old_id = r.%3$I',
            'm_' || a.attname, v_table.refers_to ->> a.attname, a.attname)
        end, ' ' order by a.attnum)
    into v_columns, v_values, v_joins
    from pg_catalog.pg_attribute a
    left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = format('public.%I', v_table.table_name)::regclass and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = '' and a.attidentity = '';
    execute format(
      'insert into public.%I (%s) select %s from jsonb_populate_recordset(null::public.%I, $2) r %s %s',
      v_table.table_name, v_columns, v_values, v_table.table_name, coalesce(v_joins, ''),
      case when v_table.new_id = 'identity' then 'order by r.id' else '' end
    ) using restore_backup.user_id, v_rows;
    v_counts := v_counts || jsonb_build_object(v_table.table_name, jsonb_array_length(v_rows));
  end loop;
  delete from private.backup_id_map m where m.user_id = restore_backup.user_id;

  insert into private.document_series (user_id, series, financial_year, last_serial)
  select restore_backup.user_id, 'invoice', i.financial_year, max(i.serial)
  from public.invoices i where i.user_id = restore_backup.user_id group by i.financial_year
  union all
  select restore_backup.user_id, 'credit_note', n.financial_year, max(n.serial)
  from public.credit_notes n where n.user_id = restore_backup.user_id group by n.financial_year
  union all
  select restore_backup.user_id, 'delivery_challan', c.financial_year, max(c.serial)
  from public.delivery_challans c where c.user_id = restore_backup.user_id group by c.financial_year;
  return v_counts;
end;
$$;
comment on function private.restore_backup is
  'Writes a checked backup''s tables into a user''s empty workspace with new ids, references mapped, document numbers kept.';
revoke all on function private.restore_backup(uuid, jsonb) from public, anon, authenticated, service_role;

-- Refuses a restore into a workspace that has any row in a table of the backup.
create function private.require_empty_workspace(user_id uuid) returns void
language plpgsql stable
set search_path = ''
as $$
declare
  v_table text;
  v_found boolean;
begin
  for v_table in select b.table_name from rules.backup_tables() b order by b.restore_order loop
    execute format('select exists (select from public.%I t where t.user_id = $1)', v_table)
    into v_found using require_empty_workspace.user_id;
    if v_found then
      raise exception 'Restore needs an empty workspace, and this one already has data. Open a new workspace (sign out, then start again) and restore there.';
    end if;
  end loop;
end;
$$;
comment on function private.require_empty_workspace is 'Refuses a restore into a workspace with any row in a table a backup holds.';
revoke all on function private.require_empty_workspace(uuid) from public, anon, authenticated, service_role;

-- Restore (Settings, Your data): part `part` of `parts` of a backup file's text. Parts before the
-- last wait in private.backup_uploads (part 0 clears any earlier upload); the last part restores
-- the whole file into the caller's workspace, which must be empty, all or nothing, and answers the
-- rows restored per table. A file of another format or version, or one that does not fit the
-- tables (a wrong type, a reference to a row it does not hold, a value the constraints refuse, a
-- table FactoryFlow does not have, more than the bounds) is refused with a message and writes
-- nothing. A request_id makes a repeat harmless: once its restore has committed, its parts are
-- acknowledged without a write and its last part answers what the restore did (an answer lost on
-- the way, then sent again, would otherwise find the workspace no longer empty).
create function public.restore_workspace(part integer, parts integer, content text, request_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- At most 40 parts of 500,000 characters: a 20 MB file, as the browser bounds it before reading.
  -- At most 30,000 rows, all written within the 8 s statement timeout of the last part's call: 25,000
  -- orders with their 25,000 ledger rows took 5.6 s on the 2-core test machine under load.
  c_max_parts constant integer := 40;
  c_max_part_length constant integer := 500000;
  c_max_rows constant integer := 30000;
  v_user_id uuid := private.require_user_id();
  v_text text;
  v_backup jsonb;
  v_tables jsonb;
  v_unknown text;
  v_table text;
  v_rows integer := 0;
  v_restored jsonb;
begin
  if parts is null or parts not between 1 and c_max_parts then
    raise exception 'This backup is too large: a backup file can be at most 20 MB.';
  end if;
  if part is null or part not between 0 and parts - 1 then
    raise exception 'Part % of a backup of % parts does not exist.', part, parts;
  end if;
  if content is null or length(content) > c_max_part_length then
    raise exception 'Each part of a backup must be at most % characters.', c_max_part_length;
  end if;
  if part < parts - 1 and exists (
    select from private.request_results r
    where r.user_id = v_user_id and r.request_id = restore_workspace.request_id
      and r.operation = 'restore_workspace' and r.result is not null
  ) then
    return jsonb_build_object('received', part + 1, 'parts', parts);
  end if;
  if part = parts - 1 then
    v_restored := private.replayed_result(v_user_id, restore_workspace.request_id, 'restore_workspace');
    if v_restored is not null then
      return v_restored;
    end if;
  end if;
  -- A busy workspace is refused at the first part, before the rest of the file is sent.
  if part = 0 then
    perform private.require_empty_workspace(v_user_id);
    delete from private.backup_uploads u where u.user_id = v_user_id;
  end if;
  insert into private.backup_uploads as u (user_id, part, content) values (v_user_id, part, content)
  on conflict on constraint backup_uploads_pkey do update set content = excluded.content, uploaded_at = now();
  if part < parts - 1 then
    return jsonb_build_object('received', part + 1, 'parts', parts);
  end if;

  select string_agg(u.content, '' order by u.part), count(*) filter (where u.part < parts) into v_text, v_rows
  from private.backup_uploads u where u.user_id = v_user_id;
  if v_rows <> parts then
    raise exception 'Some parts of this backup did not arrive: choose the file again.';
  end if;
  delete from private.backup_uploads u where u.user_id = v_user_id;

  begin
    v_backup := v_text::jsonb;
  exception when data_exception then
    raise exception 'This file is not a FactoryFlow backup: it is not JSON.';
  end;
  if jsonb_typeof(v_backup) <> 'object' or v_backup ->> 'format' is distinct from 'factoryflow-backup' then
    raise exception 'This file is not a FactoryFlow backup.';
  end if;
  if v_backup -> 'version' is distinct from to_jsonb(rules.backup_format_version()) then
    raise exception 'This backup is of format version %; this version of FactoryFlow restores version %.',
      coalesce(v_backup ->> 'version', 'unknown'), rules.backup_format_version();
  end if;
  v_tables := v_backup -> 'tables';
  if jsonb_typeof(v_tables) is distinct from 'object' then
    raise exception 'This backup is damaged: it has no tables.';
  end if;
  select string_agg(k, ', ' order by k) into v_unknown
  from jsonb_object_keys(v_tables) k where k not in (select b.table_name from rules.backup_tables() b);
  if v_unknown is not null then
    raise exception 'This backup is damaged: FactoryFlow has no table %.', v_unknown;
  end if;
  v_rows := 0;
  for v_table in select b.table_name from rules.backup_tables() b order by b.restore_order loop
    if jsonb_typeof(v_tables -> v_table) is distinct from 'array'
      or exists (select from jsonb_array_elements(v_tables -> v_table) r where jsonb_typeof(r) <> 'object') then
      raise exception 'This backup is damaged: % is not a list of rows.', v_table;
    end if;
    v_rows := v_rows + jsonb_array_length(v_tables -> v_table);
  end loop;
  if v_rows > c_max_rows then
    raise exception 'This backup is too large: it has % rows; a restore takes at most %.',
      to_char(v_rows, 'FM999,999,999'), to_char(c_max_rows, 'FM999,999,999');
  end if;

  -- A second restore of the same user at once waits here, then finds the workspace taken.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('restore_workspace ' || v_user_id::text, 0));
  perform private.require_empty_workspace(v_user_id);

  begin
    v_restored := private.restore_backup(v_user_id, v_tables);
  exception when data_exception or integrity_constraint_violation then
    raise exception 'This backup is damaged: %', sqlerrm;
  end;
  perform private.remember_result(v_user_id, restore_workspace.request_id, v_restored);
  return v_restored;
end;
$$;
comment on function public.restore_workspace is
  'Restore: takes a backup file, in parts, into the caller''s empty workspace in one transaction with new ids; refuses another format version or a damaged file. A repeated request_id (the same for every part) answers the first restore''s rows and writes nothing.';
revoke all on function public.restore_workspace(integer, integer, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.restore_workspace(integer, integer, text, uuid) to authenticated;

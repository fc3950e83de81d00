-- Raw materials: what production consumes, with their supplier, cost and stock.
--
-- Every row belongs to one (anonymous) user; row-level security keyed on auth.uid() is the only way
-- in. Clients may only read their rows: creating, editing and every change of stock go through the
-- security definer operations below, each filtering on the caller's auth.uid() itself and writing a
-- stock_movements row (ledger.sql) for every change of stock, or raising a clear message and
-- committing nothing.

create table public.raw_materials (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  material_name text not null check (btrim(material_name) <> '' and length(material_name) <= 200),
  -- The supplier's name as the material shows it (the spec's Supplier column), and its record
  -- (suppliers.sql): the foreign key below keeps the two equal, a rename cascading here.
  supplier text check (length(supplier) <= 200),
  supplier_id uuid,
  -- Four decimal places: a shop buys buttons at ₹0.125 each, beads at ₹0.0625.
  cost_per_unit numeric(14, 4) not null default 0 check (cost_per_unit >= 0),
  -- Fractional: materials come in metres and kilograms.
  stock_level numeric(14, 3) not null default 0 check (stock_level >= 0),
  unit_of_measure text not null default 'units'
    check (btrim(unit_of_measure) <> '' and length(unit_of_measure) <= 32),
  reorder_point numeric(14, 3) not null default 20 check (reorder_point >= 0),
  created_at timestamptz not null default now(),
  -- Archived items leave the lists and pickers but keep their orders and ledger.
  archived_at timestamptz,
  -- GST (issue 31; set by set_item_tax, gst_item_tax.sql), as for products: HSN code and rate or
  -- rule, the rate a receipt's input tax is usually paid at. Null: not known.
  hsn_code text constraint raw_materials_hsn_code_check check (hsn_code ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'),
  gst_rate numeric(5, 2) constraint raw_materials_gst_rate_check check (gst_rate between 0 and 100),
  gst_rate_rule jsonb constraint raw_materials_gst_rate_rule_check check (jsonb_typeof(gst_rate_rule) = 'object'),
  -- Target of the same-owner foreign keys: a BOM or ledger row can only name a material of the
  -- user who owns it.
  constraint raw_materials_id_user_id_key unique (id, user_id),
  -- Postgres' numeric accepts 'NaN' and orders it above every number, so `check (x >= 0)` lets it
  -- through; the operations refuse it too (private.require_number).
  constraint raw_materials_cost_per_unit_is_number check (cost_per_unit <> 'NaN'::numeric),
  constraint raw_materials_reorder_point_is_number check (reorder_point <> 'NaN'::numeric),
  constraint raw_materials_supplier_fkey foreign key (supplier_id, user_id, supplier)
    references public.suppliers (id, user_id, supplier_name) on update cascade
);
comment on table public.raw_materials is
  'Raw materials consumed by production. stock_level changes only through the stock operations, each recorded in stock_movements.';
comment on column public.raw_materials.archived_at is
  'When the material was retired (null: active). Archived materials cannot be added to a BOM.';

create index raw_materials_user_id_idx on public.raw_materials (user_id);
create index raw_materials_supplier_id_idx on public.raw_materials (supplier_id) where supplier_id is not null;
create unique index raw_materials_user_id_material_name_normalized_key
  on public.raw_materials (user_id, lower(btrim(material_name)));
comment on index public.raw_materials_user_id_material_name_normalized_key is
  'One material name per user, compared without case and surrounding spaces.';

alter table public.raw_materials enable row level security;
create policy "Owners can read their raw materials" on public.raw_materials
  for select to authenticated using (user_id = (select auth.uid()));

-- Reads only; anon gets nothing. Revoke first: the local stack and older projects grant every new
-- table in public to the API roles by default.
revoke all on public.raw_materials from public, anon, authenticated, service_role;
grant all on public.raw_materials to service_role;
grant select on public.raw_materials to authenticated;

-- Realtime: the app listens to this table, filtered to its user.
alter publication supabase_realtime add table public.raw_materials;

-- create_raw_material ---------------------------------------------------------------------------
-- Refuses what its columns would round or its key would refuse, naming the field: a name that
-- differs from an existing one of the same user only in case or surrounding spaces is refused by
-- name ('A material named Cotton already exists.'). A refusal about one argument names it in its
-- hint ('field:material_name'; private.raise_input_error). With a request_id (00_setup.sql), a
-- repeat returns the first call's material and writes nothing. The supplier is typed: its name
-- becomes the caller's supplier record of that name (any case), created when new.
create function public.create_raw_material(
  material_name text,
  supplier text default null,
  cost_per_unit numeric default 0,
  stock_level numeric default 0,
  unit_of_measure text default 'units',
  reorder_point numeric default 20,
  request_id uuid default null
) returns public.raw_materials
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_material public.raw_materials;
  v_existing_name text;
  v_supplier public.suppliers;
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, create_raw_material.request_id, 'create_raw_material');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.raw_materials, v_replayed);
  end if;
  select m.material_name into v_existing_name
  from public.raw_materials m
  where m.user_id = v_user_id
    and lower(btrim(m.material_name)) = lower(btrim(create_raw_material.material_name));
  if found then
    raise exception 'A material named % already exists.', v_existing_name
      using errcode = '23505', hint = 'field:material_name';
  end if;
  v_supplier := private.supplier_for_name(v_user_id, create_raw_material.supplier);

  -- As in create_product: a twin committed meanwhile is caught by the unique key.
  begin
    insert into public.raw_materials
      (user_id, material_name, supplier, supplier_id, cost_per_unit, stock_level, unit_of_measure, reorder_point)
    values (
      v_user_id,
      private.require_text(create_raw_material.material_name, 'Material name', 200, 'material_name'),
      v_supplier.supplier_name,
      v_supplier.id,
      private.require_decimals(
        private.require_number(
          coalesce(create_raw_material.cost_per_unit, 0), 'Cost per unit', 0, field => 'cost_per_unit'),
        'Cost per unit', 4, 'cost_per_unit'
      ),
      private.require_decimals(
        private.require_number(
          coalesce(create_raw_material.stock_level, 0), 'Stock level', 0, field => 'stock_level'),
        'Stock level', 3, 'stock_level'
      ),
      coalesce(
        private.optional_text(create_raw_material.unit_of_measure, 'Unit of measure', 32, 'unit_of_measure'),
        'units'
      ),
      private.require_decimals(
        private.require_number(
          coalesce(create_raw_material.reorder_point, 20), 'Reorder point', 0, field => 'reorder_point'),
        'Reorder point', 3, 'reorder_point'
      )
    )
    returning * into v_material;
  exception when unique_violation then
    raise exception 'A material named % already exists.', btrim(create_raw_material.material_name)
      using errcode = '23505', hint = 'field:material_name';
  end;

  if v_material.stock_level > 0 then
    insert into public.stock_movements (user_id, material_id, quantity, balance_after, reason)
    values (v_user_id, v_material.id, v_material.stock_level, v_material.stock_level, 'opening_stock');
  end if;

  perform private.remember_result(v_user_id, create_raw_material.request_id, to_jsonb(v_material));
  return v_material;
end;
$$;
comment on function public.create_raw_material is
  'Creates a raw material (its name unique per user, whatever the case); opening stock is recorded in the ledger. A repeated request_id returns the first call''s material and writes nothing.';
revoke all on function public.create_raw_material(text, text, numeric, numeric, text, numeric, uuid) from public, anon, authenticated, service_role;
grant execute on function public.create_raw_material(text, text, numeric, numeric, text, numeric, uuid) to authenticated;

-- update_raw_material ---------------------------------------------------------------------------
create function public.update_raw_material(
  material_id uuid,
  material_name text,
  supplier text,
  cost_per_unit numeric,
  unit_of_measure text,
  reorder_point numeric
) returns public.raw_materials
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_material public.raw_materials;
  v_supplier public.suppliers;
begin
  if not exists (
    select 1 from public.raw_materials m
    where m.id = update_raw_material.material_id and m.user_id = v_user_id
  ) then
    raise exception 'Material not found.';
  end if;
  v_supplier := private.supplier_for_name(v_user_id, update_raw_material.supplier);
  -- As in create_raw_material: names are unique per user regardless of case and spaces.
  begin
    update public.raw_materials m
    set material_name =
          private.require_text(update_raw_material.material_name, 'Material name', 200, 'material_name'),
        supplier = v_supplier.supplier_name,
        supplier_id = v_supplier.id,
        cost_per_unit = private.require_decimals(
          private.require_number(
            coalesce(update_raw_material.cost_per_unit, 0), 'Cost per unit', 0, field => 'cost_per_unit'),
          'Cost per unit', 4, 'cost_per_unit'),
        unit_of_measure = coalesce(
          private.optional_text(update_raw_material.unit_of_measure, 'Unit of measure', 32, 'unit_of_measure'),
          'units'),
        reorder_point = private.require_decimals(
          private.require_number(
            coalesce(update_raw_material.reorder_point, 20), 'Reorder point', 0, field => 'reorder_point'),
          'Reorder point', 3, 'reorder_point')
    where m.id = update_raw_material.material_id and m.user_id = v_user_id
    returning * into v_material;
  exception when unique_violation then
    raise exception 'A material named % already exists.', btrim(update_raw_material.material_name)
      using errcode = '23505', hint = 'field:material_name';
  end;
  if not found then
    raise exception 'Material not found.';
  end if;
  return v_material;
end;
$$;
comment on function public.update_raw_material is
  'Edits a raw material''s details with the checks of create_raw_material (the supplier typed by name, its record found or created). Stock is not edited here.';
revoke all on function public.update_raw_material(uuid, text, text, numeric, text, numeric) from public, anon, authenticated, service_role;
grant execute on function public.update_raw_material(uuid, text, text, numeric, text, numeric) to authenticated;

-- The moving-average cost per stock unit after a receipt: what the stock held and what arrived,
-- each at its cost, over the new stock, rounded to the cost column's 4 places (20261123100000), so
-- a ₹0.125 button stays ₹0.125. receive_material and receive_purchase_order (purchasing.sql) both
-- apply it.
create function private.moving_average_cost(
  stock numeric, cost_per_unit numeric, received numeric, received_cost_per_unit numeric
) returns numeric
language sql
immutable
set search_path = ''
as $$
  select round((stock * cost_per_unit + received * received_cost_per_unit) / (stock + received), 4)
$$;
comment on function private.moving_average_cost is
  'Cost per unit after receiving `received` units at received_cost_per_unit onto `stock` at cost_per_unit, rounded to 4 decimal places.';

-- receive_material ------------------------------------------------------------------------------
-- With a request_id (00_setup.sql), a repeat returns the first call's material and writes nothing.
-- The supplier's invoice number and date (issue 42) are checked as receive_purchase_order checks
-- them (private.check_supplier_invoice: required once GST is given, since the GST paid is claimed
-- against that invoice) and kept on the receipt's ledger row, where input_tax lists it.
create function public.receive_material(
  material_id uuid,
  quantity numeric,
  unit_cost numeric default null,
  note text default null,
  request_id uuid default null,
  gst_rate numeric default null,
  gst_paid numeric default null,
  supplier_invoice_number text default null,
  supplier_invoice_date date default null,
  location_id uuid default null
) returns public.raw_materials
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_quantity numeric := private.require_positive_quantity(receive_material.quantity, 'Quantity');
  v_unit_cost numeric := case when receive_material.unit_cost is not null
    then private.require_decimals(private.require_number(receive_material.unit_cost, 'Unit cost', 0), 'Unit cost', 4) end;
  v_note text := private.optional_text(receive_material.note, 'Note', 500);
  v_purchase_value numeric := round(v_quantity * v_unit_cost, 2);
  v_input_tax record := private.require_input_tax(v_purchase_value, receive_material.gst_rate,
    receive_material.gst_paid, 'gst_rate', 'gst_paid');
  v_invoice_number text := private.optional_text(receive_material.supplier_invoice_number,
    'Supplier invoice number', 16, 'supplier_invoice_number');
  v_location_id uuid := private.require_own_location(v_user_id, receive_material.location_id, 'location_id');
  v_material public.raw_materials;
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, receive_material.request_id, 'receive_material');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.raw_materials, v_replayed);
  end if;
  perform private.check_supplier_invoice(v_invoice_number, receive_material.supplier_invoice_date,
    v_input_tax.paid is not null);
  -- One update: the moving average reads the stock and cost it replaces under the row lock, so
  -- a production run or another receipt in between cannot be lost. stock_level is
  -- numeric(14, 3); say so rather than fail with "numeric field overflow".
  update public.raw_materials m
  set stock_level = m.stock_level + v_quantity,
      cost_per_unit = case
        when v_unit_cost is null then m.cost_per_unit
        else private.moving_average_cost(m.stock_level, m.cost_per_unit, v_quantity, v_unit_cost)
      end
  where m.id = receive_material.material_id and m.user_id = v_user_id
    and m.stock_level <= 99999999999.999 - v_quantity
  returning * into v_material;

  if not found then
    if exists (
      select 1 from public.raw_materials m
      where m.id = receive_material.material_id and m.user_id = v_user_id
    ) then
      raise exception 'Receiving this would take stock above 99999999999.999.';
    end if;
    raise exception 'Material not found.';
  end if;

  insert into public.stock_movements
    (user_id, material_id, quantity, balance_after, reason, note, purchase_value, gst_rate, gst_paid,
     supplier_invoice_number, supplier_invoice_date, location_id)
  values (v_user_id, v_material.id, v_quantity, v_material.stock_level, 'purchase_receipt', v_note, v_purchase_value,
    v_input_tax.rate, v_input_tax.paid, v_invoice_number, receive_material.supplier_invoice_date, v_location_id);

  perform private.remember_result(v_user_id, receive_material.request_id, to_jsonb(v_material));
  return v_material;
end;
$$;
comment on function public.receive_material is
  'Adds a purchase receipt to a material''s stock; with unit_cost (before GST), cost_per_unit becomes the moving average, rounded to the column''s 4 decimal places. Optional input tax: gst_paid, or gst_rate on quantity x unit_cost, with the supplier''s invoice number and date it is claimed against (required with GST); and the own location it arrives at (default the main godown). A repeated request_id returns the first call''s material and writes nothing.';
revoke all on function public.receive_material(uuid, numeric, numeric, text, uuid, numeric, numeric, text, date, uuid) from public, anon, authenticated, service_role;
grant execute on function public.receive_material(uuid, numeric, numeric, text, uuid, numeric, numeric, text, date, uuid) to authenticated;

-- list_raw_materials ------------------------------------------------------------------------------
-- One page of the caller's raw materials and how many match ({total, rows}): searched by name or
-- supplier, every character taken literally (LIKE's metacharacters are escaped, so no PostgREST
-- filter syntax is involved), optionally only the items below their reorder point (a comparison of
-- two columns, which PostgREST filters cannot express), archived items only when asked for, sorted
-- by a whitelisted column (oldest first by default). Security definer like list_sales_orders, whose
-- unexposed helpers it shares: every statement filters on the caller's auth.uid() itself.
create function public.list_raw_materials(
  search text default '',
  low_stock_only boolean default false,
  include_archived boolean default false,
  sort_by text default 'created_at',
  ascending boolean default true,
  page_size integer default 25,
  page_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_pattern text := '%' || private.escape_like(btrim(coalesce(search, ''))) || '%';
  v_where constant text := 'm.user_id = $6'
    || ' and (m.material_name ilike $1 or coalesce(m.supplier, '''') ilike $1)'
    || ' and (not $2 or rules.is_low_stock(m.stock_level, m.reorder_point))'
    || ' and ($3 or m.archived_at is null)';
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_page(sort_by,
    array['created_at', 'material_name', 'supplier', 'cost_per_unit', 'stock_level'], page_size, page_offset);
  execute 'select count(*) from public.raw_materials m where ' || v_where
    into v_total using v_pattern, low_stock_only, include_archived, null, null, v_user_id;
  execute format(
    'select coalesce(jsonb_agg(r), ''[]'') from ('
      || 'select m.id, m.material_name, m.supplier, m.cost_per_unit, m.stock_level, m.unit_of_measure,'
      || ' m.reorder_point, m.archived_at'
      || ' from public.raw_materials m where %s order by m.%I %s nulls last, m.id %s limit $4 offset $5) r',
    v_where, sort_by, case when ascending then 'asc' else 'desc' end, case when ascending then 'asc' else 'desc' end)
    into v_rows using v_pattern, low_stock_only, include_archived, page_size, page_offset, v_user_id;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;
comment on function public.list_raw_materials is
  'One page of the caller''s raw materials ({total, rows}): search by name or supplier (taken literally), low stock only, archived or not, sorted by a whitelisted column.';
revoke all on function public.list_raw_materials(text, boolean, boolean, text, boolean, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.list_raw_materials(text, boolean, boolean, text, boolean, integer, integer) to authenticated;

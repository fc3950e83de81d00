-- Purchasing (issue 32): the unit each supplier sells a material in, purchase orders received in
-- parts, and What to buy net of what is already on order.
--
-- Quantities on an order are in the supplier's purchase unit (a roll); stock is in the material's
-- own unit (metres). Each order line keeps the conversion it was ordered with
-- (units_per_purchase_unit, copied from purchase_units when the line is written), so changing a
-- purchase unit later never changes what an order already says. A receipt adds quantity x
-- units_per_purchase_unit to stock, at unit_price / units_per_purchase_unit per stock unit into
-- the moving-average cost (private.moving_average_cost, raw_materials.sql), and records a
-- `purchase_receipt` ledger row naming the order (stock_movements.purchase_order_id).
--
-- Tables are read through RLS; every write is one of the security definer operations below.

create type public.purchase_order_status as enum ('Draft', 'Ordered', 'Partially received', 'Received', 'Cancelled');

-- What an order line is worth counting (issue 42): what was ordered, but for an order closed short
-- (cancelled after part arrived) only what arrived, so its total is what the supplier bills.
create function rules.purchase_order_line_quantity(
  status public.purchase_order_status, quantity numeric, received_quantity numeric
) returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when purchase_order_line_quantity.status = 'Cancelled'
    then purchase_order_line_quantity.received_quantity else purchase_order_line_quantity.quantity end
$$;
comment on function rules.purchase_order_line_quantity is
  'The quantity an order line counts at: ordered, or received when the order was cancelled (closed short).';
revoke all on function rules.purchase_order_line_quantity(public.purchase_order_status, numeric, numeric)
  from public, anon, authenticated, service_role;
grant execute on function rules.purchase_order_line_quantity(public.purchase_order_status, numeric, numeric)
  to authenticated;

-- Purchase units -------------------------------------------------------------------------------
create table public.purchase_units (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  material_id uuid not null,
  supplier_id uuid not null,
  purchase_unit text not null check (btrim(purchase_unit) <> '' and length(purchase_unit) <= 32),
  -- How many of the material's own units one purchase unit holds: a roll = 50 (m).
  units_per_purchase_unit numeric(14, 3) not null
    check (units_per_purchase_unit > 0 and units_per_purchase_unit <> 'NaN'::numeric),
  -- The supplier's price for one purchase unit, with the 4 places of a material's cost.
  price_per_purchase_unit numeric(14, 4)
    check (price_per_purchase_unit >= 0 and price_per_purchase_unit <> 'NaN'::numeric),
  -- The least the supplier sells, in purchase units.
  minimum_order numeric(14, 3) check (minimum_order > 0 and minimum_order <> 'NaN'::numeric),
  updated_at timestamptz not null default now(),
  constraint purchase_units_material_supplier_key unique (user_id, material_id, supplier_id),
  foreign key (material_id, user_id) references public.raw_materials (id, user_id) on delete cascade,
  foreign key (supplier_id, user_id) references public.suppliers (id, user_id) on delete cascade
);
comment on table public.purchase_units is
  'Per material and supplier: the unit it is bought in, how many stock units one holds, its price and the minimum order. Written by set_purchase_unit.';
create index purchase_units_material_id_user_id_idx on public.purchase_units (material_id, user_id);
create index purchase_units_supplier_id_user_id_idx on public.purchase_units (supplier_id, user_id);

alter table public.purchase_units enable row level security;
create policy "Owners can read their purchase units" on public.purchase_units
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.purchase_units from public, anon, authenticated, service_role;
grant all on public.purchase_units to service_role;
grant select on public.purchase_units to authenticated;
alter publication supabase_realtime add table public.purchase_units;

-- Purchase orders --------------------------------------------------------------------------------
create table public.purchase_orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- Numbered per user from 1 (shown as PO-0001), for the printed order.
  po_number integer not null check (po_number > 0),
  supplier_id uuid not null,
  status public.purchase_order_status not null default 'Draft',
  expected_date date,
  note text check (length(note) <= 500),
  created_at timestamptz not null default now(),
  placed_at timestamptz,
  -- When it was received in full or cancelled.
  closed_at timestamptz,
  constraint purchase_orders_user_id_po_number_key unique (user_id, po_number),
  constraint purchase_orders_id_user_id_key unique (id, user_id),
  foreign key (supplier_id, user_id) references public.suppliers (id, user_id) on delete cascade
);
comment on table public.purchase_orders is
  'Purchase orders: Draft, Ordered, Partially received, Received or Cancelled (a cancelled order keeps what arrived before). Written by the purchase order operations.';
create index purchase_orders_user_id_created_at_idx on public.purchase_orders (user_id, created_at desc);
create index purchase_orders_supplier_id_user_id_idx on public.purchase_orders (supplier_id, user_id);

alter table public.purchase_orders enable row level security;
create policy "Owners can read their purchase orders" on public.purchase_orders
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.purchase_orders from public, anon, authenticated, service_role;
grant all on public.purchase_orders to service_role;
grant select on public.purchase_orders to authenticated;
alter publication supabase_realtime add table public.purchase_orders;

-- Not published: update_purchase_order replaces a draft's lines, and a DELETE event carries only
-- the key, which Realtime can check neither against RLS nor a user filter (see bom_items); every
-- change of lines comes with an update of their purchase_orders row, whose event refreshes them.
create table public.purchase_order_lines (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  purchase_order_id uuid not null,
  line_number smallint not null check (line_number between 1 and 200),
  material_id uuid not null,
  purchase_unit text not null check (btrim(purchase_unit) <> '' and length(purchase_unit) <= 32),
  units_per_purchase_unit numeric(14, 3) not null check (units_per_purchase_unit > 0),
  quantity numeric(14, 3) not null check (quantity > 0),
  -- Per purchase unit.
  unit_price numeric(14, 4) not null check (unit_price >= 0 and unit_price <> 'NaN'::numeric),
  received_quantity numeric(14, 3) not null default 0
    check (received_quantity >= 0 and received_quantity <= quantity),
  constraint purchase_order_lines_order_line_number_key unique (purchase_order_id, line_number),
  constraint purchase_order_lines_order_material_key unique (purchase_order_id, material_id),
  foreign key (purchase_order_id, user_id) references public.purchase_orders (id, user_id) on delete cascade,
  foreign key (material_id, user_id) references public.raw_materials (id, user_id) on delete cascade
);
comment on table public.purchase_order_lines is
  'A purchase order''s lines in the supplier''s purchase unit, each with the conversion to stock units it was ordered with and how much has arrived.';
create index purchase_order_lines_user_id_idx on public.purchase_order_lines (user_id);
create index purchase_order_lines_material_id_user_id_idx on public.purchase_order_lines (material_id, user_id);

alter table public.purchase_order_lines enable row level security;
create policy "Owners can read their purchase order lines" on public.purchase_order_lines
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.purchase_order_lines from public, anon, authenticated, service_role;
grant all on public.purchase_order_lines to service_role;
grant select on public.purchase_order_lines to authenticated;

-- set_purchase_unit --------------------------------------------------------------------------------
-- One purchase unit per material and supplier, replaced by the next call; lines already on an order
-- keep theirs.
create function public.set_purchase_unit(
  material_id uuid,
  supplier_id uuid,
  purchase_unit text,
  units_per_purchase_unit numeric,
  price_per_purchase_unit numeric default null,
  minimum_order numeric default null
) returns public.purchase_units
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_unit text := private.require_text(set_purchase_unit.purchase_unit, 'Purchase unit', 32, 'purchase_unit');
  v_units_per numeric := private.require_decimals(private.require_number(
    set_purchase_unit.units_per_purchase_unit, 'Units per purchase unit', 0.001, field => 'units_per_purchase_unit'),
    'Units per purchase unit', 3, 'units_per_purchase_unit');
  v_price numeric := case when set_purchase_unit.price_per_purchase_unit is not null then
    private.require_decimals(private.require_number(
      set_purchase_unit.price_per_purchase_unit, 'Price per purchase unit', 0, field => 'price_per_purchase_unit'),
      'Price per purchase unit', 4, 'price_per_purchase_unit') end;
  v_minimum numeric := case when set_purchase_unit.minimum_order is not null then
    private.require_decimals(private.require_number(
      set_purchase_unit.minimum_order, 'Minimum order', 0.001, field => 'minimum_order'),
      'Minimum order', 3, 'minimum_order') end;
  v_purchase_unit public.purchase_units;
begin
  if not exists (
    select 1 from public.raw_materials m where m.id = set_purchase_unit.material_id and m.user_id = v_user_id
  ) then
    raise exception 'Material not found.' using hint = 'field:material_id';
  end if;
  if not exists (
    select 1 from public.suppliers s where s.id = set_purchase_unit.supplier_id and s.user_id = v_user_id
  ) then
    raise exception 'Supplier not found.' using hint = 'field:supplier_id';
  end if;

  insert into public.purchase_units as pu
    (user_id, material_id, supplier_id, purchase_unit, units_per_purchase_unit, price_per_purchase_unit, minimum_order)
  values (v_user_id, set_purchase_unit.material_id, set_purchase_unit.supplier_id, v_unit, v_units_per, v_price,
    v_minimum)
  on conflict on constraint purchase_units_material_supplier_key do update
  set purchase_unit = excluded.purchase_unit,
      units_per_purchase_unit = excluded.units_per_purchase_unit,
      price_per_purchase_unit = excluded.price_per_purchase_unit,
      minimum_order = excluded.minimum_order,
      updated_at = now()
  returning * into v_purchase_unit;
  return v_purchase_unit;
end;
$$;
comment on function public.set_purchase_unit is
  'Sets the unit a material is bought in from a supplier (a roll), how many stock units one holds (50 m), its price and minimum order. Lines already ordered keep theirs.';
revoke all on function public.set_purchase_unit(uuid, uuid, text, numeric, numeric, numeric) from public, anon, authenticated, service_role;
grant execute on function public.set_purchase_unit(uuid, uuid, text, numeric, numeric, numeric) to authenticated;

-- Writing an order ---------------------------------------------------------------------------------
-- Checks the order's supplier, expected date and note; refusals name their argument.
create function private.check_purchase_order_details(
  owner_id uuid, supplier_id uuid, expected_date date, note text
) returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  if check_purchase_order_details.supplier_id is null or not exists (
    select 1 from public.suppliers s
    where s.id = check_purchase_order_details.supplier_id and s.user_id = owner_id
  ) then
    raise exception 'Choose a supplier.' using hint = 'field:supplier_id';
  end if;
  if check_purchase_order_details.expected_date not between '2000-01-01' and '2100-12-31' then
    raise exception 'Expected date must be between 2000-01-01 and 2100-12-31.' using hint = 'field:expected_date';
  end if;
  return private.optional_text(check_purchase_order_details.note, 'Note', 500, 'note');
end;
$$;

-- Writes an order's lines from `lines` ([{material_id, quantity, unit_price}], quantities in the
-- supplier's purchase unit): each material the owner's and active, once per order; quantities above
-- 0 with at most 3 decimals that convert to stock units with at most 3 (the stock column's places);
-- a price per purchase unit with at most 4 decimals, or by default the purchase unit's price, else
-- the material's cost per unit times the units in one. Returns [{line_id, material_id, quantity}].
create function private.write_purchase_order_lines(
  owner_id uuid, order_id uuid, supplier_id uuid, lines jsonb
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_line jsonb;
  v_number integer := 0;
  v_id_text text;
  v_material public.raw_materials;
  v_purchase_unit public.purchase_units;
  v_quantity numeric;
  v_price numeric;
  v_units_per numeric;
  v_unit text;
  v_line_id uuid;
  v_written jsonb := '[]'::jsonb;
begin
  if jsonb_typeof(lines) is distinct from 'array' or jsonb_array_length(lines) = 0 then
    raise exception 'Add at least one material to the order.' using hint = 'field:lines';
  end if;
  if jsonb_array_length(lines) > 200 then
    perform private.raise_input_error(
      format('An order can list at most 200 lines; this one lists %s.', jsonb_array_length(lines)), 'lines');
  end if;

  for v_line in select * from jsonb_array_elements(lines) loop
    v_number := v_number + 1;
    if jsonb_typeof(v_line) <> 'object' then
      raise exception 'Each line needs a material, a quantity and a price.' using hint = 'field:lines';
    end if;
    v_id_text := lower(v_line ->> 'material_id');
    select * into v_material
    from public.raw_materials m
    where m.user_id = owner_id
      and m.id = case
        when v_id_text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then v_id_text::uuid
      end;
    if v_material.id is null then
      raise exception 'Material not found.' using hint = 'field:lines';
    end if;
    if v_material.archived_at is not null then
      perform private.raise_input_error(format('%s is archived and cannot be ordered.', v_material.material_name), 'lines');
    end if;
    if exists (
      select 1 from public.purchase_order_lines l
      where l.purchase_order_id = order_id and l.material_id = v_material.id
    ) then
      perform private.raise_input_error(format('%s is on this order twice.', v_material.material_name), 'lines');
    end if;

    select * into v_purchase_unit
    from public.purchase_units pu
    where pu.user_id = owner_id and pu.material_id = v_material.id
      and pu.supplier_id = write_purchase_order_lines.supplier_id;
    v_unit := coalesce(v_purchase_unit.purchase_unit, v_material.unit_of_measure);
    v_units_per := coalesce(v_purchase_unit.units_per_purchase_unit, 1);

    v_quantity := private.require_positive_quantity(
      private.json_number(v_line -> 'quantity', 'Quantity'), 'Quantity');
    if v_quantity * v_units_per <> round(v_quantity * v_units_per, 3) then
      perform private.raise_input_error(format(
        '%s %s of %s is %s %s: order a quantity that comes to at most 3 decimal places of %s.',
        trim_scale(v_quantity), v_unit, v_material.material_name, trim_scale(v_quantity * v_units_per),
        v_material.unit_of_measure, v_material.unit_of_measure), 'lines');
    end if;
    if v_quantity * v_units_per > 1000000000 then
      perform private.raise_input_error(format('%s on one order must be at most 1000000000 %s.',
        v_material.material_name, v_material.unit_of_measure), 'lines');
    end if;

    v_price := private.json_number(v_line -> 'unit_price', 'Unit price');
    if v_price is null then
      v_price := coalesce(v_purchase_unit.price_per_purchase_unit, round(v_material.cost_per_unit * v_units_per, 4));
    end if;
    v_price := private.require_decimals(private.require_number(v_price, 'Unit price', 0, field => 'lines'),
      'Unit price', 4, 'lines');

    insert into public.purchase_order_lines (user_id, purchase_order_id, line_number, material_id, purchase_unit,
      units_per_purchase_unit, quantity, unit_price)
    values (owner_id, order_id, v_number, v_material.id, v_unit, v_units_per, v_quantity, v_price)
    returning id into v_line_id;
    v_written := v_written || jsonb_build_array(
      jsonb_build_object('line_id', v_line_id, 'material_id', v_material.id, 'quantity', v_quantity));
  end loop;
  return v_written;
end;
$$;
comment on function private.write_purchase_order_lines is
  'Checks and writes a purchase order''s lines (in purchase units, with the conversion and price they are ordered at); returns [{line_id, material_id, quantity}].';

-- A new Draft order for the owner; shared by create_purchase_order and
-- create_suggested_purchase_orders. Order numbers are per user: the advisory lock makes two orders
-- created at once take the next two numbers instead of one failing on the key.
create function private.create_purchase_order(
  owner_id uuid, supplier_id uuid, lines jsonb, expected_date date, note text
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_note text := private.check_purchase_order_details(owner_id, supplier_id, expected_date, note);
  v_order public.purchase_orders;
begin
  perform pg_advisory_xact_lock(hashtextextended('purchase_orders:' || owner_id::text, 0));
  insert into public.purchase_orders (user_id, po_number, supplier_id, expected_date, note)
  values (
    owner_id,
    coalesce((select max(o.po_number) from public.purchase_orders o where o.user_id = owner_id), 0) + 1,
    supplier_id, expected_date, v_note)
  returning * into v_order;
  return jsonb_build_object(
    'purchase_order_id', v_order.id,
    'po_number', v_order.po_number,
    'status', v_order.status,
    'lines', private.write_purchase_order_lines(owner_id, v_order.id, supplier_id, lines));
end;
$$;

-- create_purchase_order -------------------------------------------------------------------------
-- With a request_id (00_setup.sql), a repeat returns the first call's order and writes nothing.
create function public.create_purchase_order(
  supplier_id uuid,
  lines jsonb,
  expected_date date default null,
  note text default null,
  request_id uuid default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_result jsonb;
begin
  v_result := private.replayed_result(v_user_id, create_purchase_order.request_id, 'create_purchase_order');
  if v_result is not null then
    return v_result;
  end if;
  v_result := private.create_purchase_order(v_user_id, create_purchase_order.supplier_id,
    create_purchase_order.lines, create_purchase_order.expected_date, create_purchase_order.note);
  perform private.remember_result(v_user_id, create_purchase_order.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.create_purchase_order is
  'A Draft purchase order to a supplier; lines = [{material_id, quantity, unit_price}] in purchase units. Returns {purchase_order_id, po_number, status, lines: [{line_id, material_id, quantity}]}. A repeated request_id returns the first call''s answer and writes nothing.';
revoke all on function public.create_purchase_order(uuid, jsonb, date, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.create_purchase_order(uuid, jsonb, date, text, uuid) to authenticated;

-- update_purchase_order -------------------------------------------------------------------------
-- A Draft is edited whole: supplier, date, note and its lines replaced (the same form creates and
-- edits it). Once placed, an order's lines stay as the supplier was sent them.
create function public.update_purchase_order(
  po_id uuid,
  supplier_id uuid,
  lines jsonb,
  expected_date date default null,
  note text default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_note text := private.check_purchase_order_details(v_user_id, update_purchase_order.supplier_id,
    update_purchase_order.expected_date, update_purchase_order.note);
  v_order public.purchase_orders;
begin
  update public.purchase_orders o
  set supplier_id = update_purchase_order.supplier_id, expected_date = update_purchase_order.expected_date,
      note = v_note
  where o.id = update_purchase_order.po_id and o.user_id = v_user_id and o.status = 'Draft'
  returning * into v_order;
  if v_order.id is null then
    perform private.require_purchase_order(v_user_id, update_purchase_order.po_id);
    raise exception 'Only draft orders can be edited.';
  end if;
  delete from public.purchase_order_lines l where l.purchase_order_id = v_order.id;
  return jsonb_build_object(
    'purchase_order_id', v_order.id,
    'po_number', v_order.po_number,
    'status', v_order.status,
    'lines', private.write_purchase_order_lines(v_user_id, v_order.id, v_order.supplier_id, update_purchase_order.lines));
end;
$$;
comment on function public.update_purchase_order is
  'Replaces a Draft purchase order''s supplier, lines, expected date and note, with the checks of create_purchase_order; returns the same answer.';
revoke all on function public.update_purchase_order(uuid, uuid, jsonb, date, text) from public, anon, authenticated, service_role;
grant execute on function public.update_purchase_order(uuid, uuid, jsonb, date, text) to authenticated;

-- 'Purchase order not found.' unless the owner has this order.
create function private.require_purchase_order(owner_id uuid, po_id uuid) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.purchase_orders o where o.id = require_purchase_order.po_id and o.user_id = owner_id
  ) then
    raise exception 'Purchase order not found.';
  end if;
end;
$$;

-- place_purchase_order ----------------------------------------------------------------------------
-- One update conditioned on Draft: a repeat is refused and changes nothing.
create function public.place_purchase_order(po_id uuid) returns public.purchase_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_order public.purchase_orders;
begin
  update public.purchase_orders o
  set status = 'Ordered', placed_at = now()
  where o.id = place_purchase_order.po_id and o.user_id = v_user_id and o.status = 'Draft'
  returning * into v_order;
  if v_order.id is null then
    perform private.require_purchase_order(v_user_id, place_purchase_order.po_id);
    raise exception 'Only draft orders can be placed.';
  end if;
  return v_order;
end;
$$;
comment on function public.place_purchase_order is 'Places a Draft purchase order with its supplier: Ordered.';
revoke all on function public.place_purchase_order(uuid) from public, anon, authenticated, service_role;
grant execute on function public.place_purchase_order(uuid) to authenticated;

-- cancel_purchase_order ---------------------------------------------------------------------------
-- Cancels what has not arrived: a partly received order is closed short and keeps its receipts.
-- One update conditioned on the status, so it and a receipt of the same order take turns on the
-- order's row: the receipt either lands before (and stays) or finds the order cancelled.
create function public.cancel_purchase_order(po_id uuid) returns public.purchase_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_order public.purchase_orders;
begin
  update public.purchase_orders o
  set status = 'Cancelled', closed_at = now()
  where o.id = cancel_purchase_order.po_id and o.user_id = v_user_id
    and o.status in ('Draft', 'Ordered', 'Partially received')
  returning * into v_order;
  if v_order.id is null then
    perform private.require_purchase_order(v_user_id, cancel_purchase_order.po_id);
    raise exception 'Only orders not fully received can be cancelled.';
  end if;
  return v_order;
end;
$$;
comment on function public.cancel_purchase_order is
  'Cancels a Draft, Ordered or Partially received purchase order; what already arrived stays in stock.';
revoke all on function public.cancel_purchase_order(uuid) from public, anon, authenticated, service_role;
grant execute on function public.cancel_purchase_order(uuid) to authenticated;

-- The supplier's invoice on a receipt: a number as Rule 46 allows (at most 16 letters, digits, '-'
-- and '/'), a date not in the future (India day) nor before 2000; both needed to claim input tax.
create function private.check_supplier_invoice(invoice_number text, invoice_date date, taxed boolean) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if invoice_number !~ '^[A-Za-z0-9/-]+$' then
    raise exception 'Supplier invoice number can have only letters, digits, - and /.'
      using hint = 'field:supplier_invoice_number';
  end if;
  if invoice_date not between date '2000-01-01' and rules.india_day(now()) then
    raise exception 'Supplier invoice date must be between 2000-01-01 and today.'
      using hint = 'field:supplier_invoice_date';
  end if;
  if taxed and invoice_number is null then
    raise exception 'Enter the supplier''s invoice number: the GST paid is claimed against it.'
      using hint = 'field:supplier_invoice_number';
  end if;
  if taxed and invoice_date is null then
    raise exception 'Enter the supplier''s invoice date: the GST paid is claimed against it.'
      using hint = 'field:supplier_invoice_date';
  end if;
end;
$$;

-- receive_purchase_order --------------------------------------------------------------------------
-- lines = [{line_id, quantity, gst_rate?, gst_paid?}] in purchase units, each at most what is still
-- due, with its input tax as receive_material takes it (a rate on the line's value received, or the
-- amount). The supplier's invoice number and date (issue 42) are what that tax is claimed against:
-- required when any line has GST, the date not in the future (India day). Locks the order's
-- row (a second receipt or a cancel of the same order waits), then its lines and the materials in id
-- order (as production does, so receipts and production runs queue rather than deadlock). With a
-- request_id (00_setup.sql), a repeat returns the first call's answer and writes nothing.
create function public.receive_purchase_order(
  po_id uuid,
  lines jsonb,
  note text default null,
  request_id uuid default null,
  supplier_invoice_number text default null,
  supplier_invoice_date date default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_note text := private.optional_text(receive_purchase_order.note, 'Note', 500, 'note');
  v_order public.purchase_orders;
  v_receipt record;
  v_received numeric;
  v_stock_units numeric;
  v_material public.raw_materials;
  v_input_tax record;
  v_invoice_number text := private.optional_text(receive_purchase_order.supplier_invoice_number,
    'Supplier invoice number', 16, 'supplier_invoice_number');
  v_taxed boolean := false;
  v_result jsonb;
begin
  v_result := private.replayed_result(v_user_id, receive_purchase_order.request_id, 'receive_purchase_order');
  if v_result is not null then
    return v_result;
  end if;
  if jsonb_typeof(receive_purchase_order.lines) is distinct from 'array'
     or jsonb_array_length(receive_purchase_order.lines) = 0 then
    raise exception 'Enter a quantity received for at least one line.' using hint = 'field:lines';
  end if;
  if jsonb_array_length(receive_purchase_order.lines) > 200 then
    raise exception 'An order has at most 200 lines.' using hint = 'field:lines';
  end if;
  if exists (
    select 1 from jsonb_array_elements(receive_purchase_order.lines) e
    where jsonb_typeof(e) <> 'object'
      or coalesce(lower(e ->> 'line_id'), '') !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  ) then
    raise exception 'Each receipt needs a line of this order and a quantity.' using hint = 'field:lines';
  end if;
  if (select count(distinct e ->> 'line_id') from jsonb_array_elements(receive_purchase_order.lines) e)
     <> jsonb_array_length(receive_purchase_order.lines) then
    raise exception 'A line can be received once per receipt.' using hint = 'field:lines';
  end if;

  select * into v_order
  from public.purchase_orders o
  where o.id = receive_purchase_order.po_id and o.user_id = v_user_id
  for no key update;
  if v_order.id is null then
    raise exception 'Purchase order not found.';
  end if;
  if v_order.status = 'Draft' then
    raise exception 'Place this order before receiving it.';
  elsif v_order.status = 'Received' then
    raise exception 'This order has been received in full.';
  elsif v_order.status = 'Cancelled' then
    raise exception 'This order was cancelled.';
  end if;

  -- Check every receipt before writing any, in material order.
  for v_receipt in
    select l.id as line_id, l.material_id, l.purchase_unit, l.units_per_purchase_unit, l.quantity, l.unit_price,
      l.received_quantity, m.material_name, m.unit_of_measure, e.value -> 'quantity' as received_json,
      e.value -> 'gst_rate' as gst_rate_json, e.value -> 'gst_paid' as gst_paid_json
    from jsonb_array_elements(receive_purchase_order.lines) e
    left join public.purchase_order_lines l
      on l.id = (e.value ->> 'line_id')::uuid and l.purchase_order_id = v_order.id
    left join public.raw_materials m on m.id = l.material_id
    order by m.id
  loop
    if v_receipt.line_id is null then
      raise exception 'That line is not on this order.' using hint = 'field:lines';
    end if;
    v_received := private.require_positive_quantity(
      private.json_number(v_receipt.received_json, 'Quantity received'), 'Quantity received');
    if v_received > v_receipt.quantity - v_receipt.received_quantity then
      perform private.raise_input_error(format('Only %s %s of %s are still due on this order.',
        trim_scale(v_receipt.quantity - v_receipt.received_quantity), v_receipt.purchase_unit,
        v_receipt.material_name), 'lines');
    end if;
    if v_received * v_receipt.units_per_purchase_unit
       <> round(v_received * v_receipt.units_per_purchase_unit, 3) then
      perform private.raise_input_error(format(
        '%s %s of %s is %s %s: receive a quantity that comes to at most 3 decimal places of %s.',
        trim_scale(v_received), v_receipt.purchase_unit, v_receipt.material_name,
        trim_scale(v_received * v_receipt.units_per_purchase_unit), v_receipt.unit_of_measure,
        v_receipt.unit_of_measure), 'lines');
    end if;
    v_input_tax := private.require_input_tax(round(v_received * v_receipt.unit_price, 2),
      private.json_number(v_receipt.gst_rate_json, 'GST rate'), private.json_number(v_receipt.gst_paid_json, 'GST paid'),
      'lines', 'lines');
    v_taxed := v_taxed or v_input_tax.paid is not null;
  end loop;
  perform private.check_supplier_invoice(v_invoice_number, receive_purchase_order.supplier_invoice_date, v_taxed);

  for v_receipt in
    select l.id as line_id, l.material_id, l.units_per_purchase_unit, l.unit_price,
      (e.value ->> 'quantity')::numeric as received, (e.value ->> 'gst_rate')::numeric as gst_rate,
      (e.value ->> 'gst_paid')::numeric as gst_paid
    from jsonb_array_elements(receive_purchase_order.lines) e
    join public.purchase_order_lines l
      on l.id = (e.value ->> 'line_id')::uuid and l.purchase_order_id = v_order.id
    order by l.material_id
  loop
    update public.purchase_order_lines l
    set received_quantity = l.received_quantity + v_receipt.received
    where l.id = v_receipt.line_id;

    v_stock_units := v_receipt.received * v_receipt.units_per_purchase_unit;
    update public.raw_materials m
    set stock_level = m.stock_level + v_stock_units,
        cost_per_unit = private.moving_average_cost(m.stock_level, m.cost_per_unit, v_stock_units,
          v_receipt.unit_price / v_receipt.units_per_purchase_unit)
    where m.id = v_receipt.material_id and m.user_id = v_user_id
      and m.stock_level <= 99999999999.999 - v_stock_units
    returning * into v_material;
    if v_material.id is null then
      raise exception 'Receiving this would take stock above 99999999999.999.';
    end if;
    -- Input tax (issue 31): the line's value received at its price before tax, and the GST paid.
    v_input_tax := private.require_input_tax(round(v_receipt.received * v_receipt.unit_price, 2), v_receipt.gst_rate,
      v_receipt.gst_paid, 'lines', 'lines');
    insert into public.stock_movements
      (user_id, material_id, quantity, balance_after, reason, purchase_order_id, note, purchase_value, gst_rate, gst_paid,
       supplier_invoice_number, supplier_invoice_date)
    values (v_user_id, v_material.id, v_stock_units, v_material.stock_level, 'purchase_receipt', v_order.id, v_note,
      round(v_receipt.received * v_receipt.unit_price, 2), v_input_tax.rate, v_input_tax.paid,
      v_invoice_number, receive_purchase_order.supplier_invoice_date);
  end loop;

  update public.purchase_orders o
  set status = case when s.all_received then 'Received' else 'Partially received' end::public.purchase_order_status,
      closed_at = case when s.all_received then now() end
  from (
    select bool_and(l.received_quantity = l.quantity) as all_received
    from public.purchase_order_lines l where l.purchase_order_id = v_order.id
  ) s
  where o.id = v_order.id
  returning o.* into v_order;

  v_result := jsonb_build_object(
    'purchase_order_id', v_order.id,
    'po_number', v_order.po_number,
    'status', v_order.status,
    'lines', (
      select jsonb_agg(jsonb_build_object(
        'line_id', l.id, 'material_id', l.material_id, 'quantity', l.quantity,
        'received_quantity', l.received_quantity, 'stock_level', m.stock_level, 'cost_per_unit', m.cost_per_unit)
        order by l.line_number)
      from public.purchase_order_lines l join public.raw_materials m on m.id = l.material_id
      where l.purchase_order_id = v_order.id));
  perform private.remember_result(v_user_id, receive_purchase_order.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.receive_purchase_order is
  'Receives part or all of a placed purchase order''s lines ([{line_id, quantity, optional gst_rate, optional gst_paid}] in purchase units) on the supplier''s invoice (number and date, required when a line has GST): stock rises by quantity x units per purchase unit at the line''s price per stock unit (moving average), each a purchase_receipt naming the order and the invoice; Partially received or Received. A repeated request_id returns the first call''s answer and writes nothing.';
revoke all on function public.receive_purchase_order(uuid, jsonb, text, uuid, text, date) from public, anon, authenticated, service_role;
grant execute on function public.receive_purchase_order(uuid, jsonb, text, uuid, text, date) to authenticated;

-- list_purchase_orders ----------------------------------------------------------------------------
-- One page of the caller's orders, newest first ({total, rows}): by PO number or supplier name
-- (literally), one status, or only the late ones: placed, not fully received and past their
-- expected date (in India). Each row has its total at its lines' prices: of what was ordered, or
-- for an order closed short (cancelled) of what arrived.
create function public.list_purchase_orders(
  search text default '',
  status text default null,
  late_only boolean default false,
  page_size integer default 25,
  page_offset integer default 0
) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_search text := btrim(coalesce(list_purchase_orders.search, ''));
  v_pattern text := '%' || private.escape_like(v_search) || '%';
  v_today date := rules.india_day(now());
  v_status public.purchase_order_status;
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_page('created_at', array['created_at'], page_size, page_offset);
  if list_purchase_orders.status is not null then
    if not list_purchase_orders.status = any (enum_range(null::public.purchase_order_status)::text[]) then
      raise exception 'Status must be one of: %.',
        array_to_string(enum_range(null::public.purchase_order_status)::text[], ', ') using errcode = '22023';
    end if;
    v_status := list_purchase_orders.status::public.purchase_order_status;
  end if;

  with matching as (
    select o.*, s.supplier_name,
      coalesce(o.status in ('Ordered', 'Partially received') and o.expected_date < v_today, false) as late
    from public.purchase_orders o
    join public.suppliers s on s.id = o.supplier_id
    where o.user_id = v_user_id
      and (v_status is null or o.status = v_status)
      and (v_search = '' or s.supplier_name ilike v_pattern
           or 'PO-' || lpad(o.po_number::text, 4, '0') ilike v_pattern)
  ), filtered as (
    select * from matching m where not coalesce(list_purchase_orders.late_only, false) or m.late
  ), page as (
    select * from filtered f order by f.created_at desc, f.po_number desc limit page_size offset page_offset
  )
  select (select count(*) from filtered),
    coalesce((
      select jsonb_agg(jsonb_build_object(
        'purchase_order_id', p.id, 'po_number', p.po_number, 'supplier_id', p.supplier_id,
        'supplier_name', p.supplier_name, 'status', p.status, 'expected_date', p.expected_date,
        'late', p.late, 'created_at', p.created_at, 'placed_at', p.placed_at,
        'line_count', t.line_count, 'total', t.total)
        order by p.created_at desc, p.po_number desc)
      from page p
      cross join lateral (
        select count(*) as line_count,
          coalesce(sum(round(rules.purchase_order_line_quantity(p.status, l.quantity, l.received_quantity)
            * l.unit_price, 2)), 0) as total
        from public.purchase_order_lines l where l.purchase_order_id = p.id
      ) t), '[]'::jsonb)
  into v_total, v_rows;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;
comment on function public.list_purchase_orders is
  'One page of the caller''s purchase orders, newest first ({total, rows}): search by PO number or supplier (literally), one status, or late only (placed, not fully received, past the expected date in India); each with its total.';
revoke all on function public.list_purchase_orders(text, text, boolean, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.list_purchase_orders(text, text, boolean, integer, integer) to authenticated;

-- What is on order ---------------------------------------------------------------------------------
-- Per material, the not yet received part of every Draft, Ordered or Partially received order, in
-- the material's own unit: what What to buy and plan_production (planning.sql) count as coming. A
-- Draft counts: Create purchase orders has just made it, and suggesting the same fabric again is what
-- the owner asked us to stop. Security invoker: read through the caller's row-level security.
create view public.materials_on_order with (security_invoker = true) as
select l.user_id, l.material_id, sum((l.quantity - l.received_quantity) * l.units_per_purchase_unit) as quantity
from public.purchase_order_lines l
join public.purchase_orders o on o.id = l.purchase_order_id
where o.status in ('Draft', 'Ordered', 'Partially received')
group by l.user_id, l.material_id;
comment on view public.materials_on_order is
  'Per material, what is on order and not yet received (Draft, Ordered or Partially received orders), in stock units.';
revoke all on public.materials_on_order from public, anon, authenticated, service_role;
-- Writes reach only private.refuse_view_write (00_setup.sql): 405.
grant select, insert, update, delete on public.materials_on_order to authenticated;
create trigger materials_on_order_refuse_write_rows instead of insert or update or delete on public.materials_on_order
  for each row execute function private.refuse_view_write();
create trigger materials_on_order_refuse_write before insert or update or delete on public.materials_on_order
  for each statement execute function private.refuse_view_write();

-- what_to_buy -------------------------------------------------------------------------------------
-- Every active material of the caller below its reorder point, with what to buy to bring it to
-- twice its reorder point, net of what is on order: the not yet received part of every Draft,
-- Ordered or Partially received order (a Draft counts: Create purchase orders has just made it, and
-- suggesting the same fabric again is what the owner asked us to stop). In the unit its supplier
-- sells it (the material's supplier's purchase unit), rounded up to whole purchase units and to the
-- minimum order; without a purchase unit, in its own unit. The estimated cost is at the purchase
-- unit's price, else at the material's cost per unit. The Inventory screen groups it by supplier.
create function public.what_to_buy()
returns table (
  material_id uuid,
  material_name text,
  supplier_id uuid,
  supplier text,
  unit_of_measure text,
  stock_level numeric,
  reorder_point numeric,
  on_order numeric,
  suggested_quantity numeric,
  purchase_unit text,
  units_per_purchase_unit numeric,
  purchase_quantity numeric,
  cost_per_unit numeric,
  estimated_cost numeric
)
language sql
stable
security invoker
set search_path = ''
as $$
  with needed as (
    select m.*, coalesce(oo.quantity, 0) as on_order,
      2 * m.reorder_point - m.stock_level - coalesce(oo.quantity, 0) as needed,
      pu.purchase_unit, pu.units_per_purchase_unit, pu.price_per_purchase_unit, pu.minimum_order
    from public.raw_materials m
    left join public.materials_on_order oo on oo.material_id = m.id and oo.user_id = m.user_id
    left join public.purchase_units pu on pu.material_id = m.id and pu.supplier_id = m.supplier_id
    where m.user_id = (select auth.uid()) and m.archived_at is null
      and rules.is_low_stock(m.stock_level, m.reorder_point)
  ), bought as (
    select n.*,
      case when n.purchase_unit is null then n.needed
        else round(greatest(ceil(n.needed / n.units_per_purchase_unit), coalesce(n.minimum_order, 0)), 3)
      end as purchase_quantity
    from needed n
    where n.needed > 0
  )
  select b.id, b.material_name, b.supplier_id, b.supplier, b.unit_of_measure, b.stock_level, b.reorder_point,
    b.on_order,
    b.purchase_quantity * coalesce(b.units_per_purchase_unit, 1),
    coalesce(b.purchase_unit, b.unit_of_measure),
    coalesce(b.units_per_purchase_unit, 1),
    b.purchase_quantity,
    b.cost_per_unit,
    round(b.purchase_quantity * coalesce(b.price_per_purchase_unit, b.cost_per_unit * coalesce(b.units_per_purchase_unit, 1)), 2)
  from bought b
  order by b.supplier nulls last, b.material_name, b.id
$$;
comment on function public.what_to_buy is
  'Active materials below their reorder point with what to buy to reach twice the point net of open orders (Draft, Ordered, Partially received), in the supplier''s purchase unit rounded up to whole units and the minimum order, and the estimated cost.';
revoke all on function public.what_to_buy() from public, anon, authenticated, service_role;
grant execute on function public.what_to_buy() to authenticated;

-- create_suggested_purchase_orders ----------------------------------------------------------------
-- "Create purchase orders" on What to buy: one Draft per supplier with that supplier's suggested
-- materials in their purchase units, at their purchase unit's price (else cost per unit), all in one
-- transaction. Materials without a supplier are returned as needing one. With a request_id, a repeat
-- returns the first call's answer and writes nothing.
create function public.create_suggested_purchase_orders(request_id uuid default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_supplier record;
  v_orders jsonb := '[]'::jsonb;
  v_result jsonb;
begin
  v_result := private.replayed_result(v_user_id, create_suggested_purchase_orders.request_id,
    'create_suggested_purchase_orders');
  if v_result is not null then
    return v_result;
  end if;
  for v_supplier in
    select w.supplier_id, min(w.supplier) as supplier_name,
      jsonb_agg(jsonb_build_object('material_id', w.material_id, 'quantity', w.purchase_quantity)
        order by w.material_name) as lines
    from public.what_to_buy() w
    where w.supplier_id is not null
    group by w.supplier_id
    order by min(w.supplier)
  loop
    v_orders := v_orders || jsonb_build_array(
      private.create_purchase_order(v_user_id, v_supplier.supplier_id, v_supplier.lines, null, null)
        || jsonb_build_object('supplier_id', v_supplier.supplier_id, 'supplier_name', v_supplier.supplier_name));
  end loop;
  v_result := jsonb_build_object(
    'purchase_orders', v_orders,
    'needs_supplier', coalesce((
      select jsonb_agg(jsonb_build_object('material_id', w.material_id, 'material_name', w.material_name)
        order by w.material_name)
      from public.what_to_buy() w where w.supplier_id is null), '[]'::jsonb));
  perform private.remember_result(v_user_id, create_suggested_purchase_orders.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.create_suggested_purchase_orders is
  'One Draft purchase order per supplier from What to buy, in one transaction; returns {purchase_orders: [{purchase_order_id, po_number, status, lines, supplier_id, supplier_name}], needs_supplier: [{material_id, material_name}]}.';
revoke all on function public.create_suggested_purchase_orders(uuid) from public, anon, authenticated, service_role;
grant execute on function public.create_suggested_purchase_orders(uuid) to authenticated;

-- Locations (issue 45): where stock is. The owner's own places (a main godown every user has, a
-- shop, a second godown) and, for job work, each job worker (a supplier). Every ledger row names
-- its location (ledger.sql); public.location_stock keeps each item's quantity per location, moved
-- by the trigger on the ledger, so stock per location is the sum of its movements. The spec's
-- figures (products.stock_on_hand, raw_materials.stock_level) stay the total at own locations.
--
-- transfer_stock moves stock between own locations in one write and issues a delivery challan
-- (Rule 55 of the CGST Rules) in the delivery_challan series, which job work shares.

create type public.location_kind as enum ('own', 'job_worker');

create table public.locations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  location_name text not null check (btrim(location_name) <> '' and length(location_name) <= 100),
  kind public.location_kind not null,
  -- The place every movement that names none happens at: each user has exactly one.
  is_main boolean not null default false,
  -- A job worker location is its supplier's (GSTIN and state from there); an own one has none.
  supplier_id uuid,
  -- An own place registered under another GSTIN (another state's registration): the consignee on
  -- its challans. Null: the business profile's.
  gstin text check (gstin is null or rules.is_valid_gstin(gstin)),
  address text check (length(address) <= 500),
  created_at timestamptz not null default now(),
  constraint locations_id_user_id_key unique (id, user_id),
  constraint locations_supplier_check check ((kind = 'job_worker') = (supplier_id is not null)),
  constraint locations_main_check check (not is_main or kind = 'own'),
  foreign key (supplier_id, user_id) references public.suppliers (id, user_id) on delete cascade
);
comment on table public.locations is
  'Where stock is: the owner''s own places (one main godown each) and job workers (a supplier each). Written by create_location and, for the main godown, by the first movement.';
create unique index locations_user_id_main_key on public.locations (user_id) where is_main;
create unique index locations_user_id_name_key on public.locations (user_id, lower(btrim(location_name)));
create index locations_supplier_id_user_id_idx on public.locations (supplier_id, user_id) where supplier_id is not null;

alter table public.locations enable row level security;
create policy "Owners can read their locations" on public.locations
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.locations from public, anon, authenticated, service_role;
grant all on public.locations to service_role;
grant select on public.locations to authenticated;

-- Each item's quantity at each location: the sum of the ledger's rows for it there, kept by
-- private.move_location_stock as each row is written. Never written by a client.
create table public.location_stock (
  user_id uuid not null,
  location_id uuid not null,
  product_id uuid,
  material_id uuid,
  quantity numeric(14, 3) not null check (quantity >= 0),
  constraint location_stock_one_item_check check (num_nonnulls(product_id, material_id) = 1),
  constraint location_stock_item_key unique nulls not distinct (location_id, product_id, material_id),
  foreign key (location_id, user_id) references public.locations (id, user_id) on delete cascade,
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade,
  foreign key (material_id, user_id) references public.raw_materials (id, user_id) on delete cascade
);
comment on table public.location_stock is
  'Each item''s quantity per location, the sum of its ledger rows there (kept by the ledger''s trigger). Over own locations it adds up to the item''s stock_on_hand or stock_level.';
create index location_stock_user_id_idx on public.location_stock (user_id);
create index location_stock_product_id_user_id_idx on public.location_stock (product_id, user_id) where product_id is not null;
create index location_stock_material_id_user_id_idx on public.location_stock (material_id, user_id) where material_id is not null;

alter table public.location_stock enable row level security;
create policy "Owners can read their stock per location" on public.location_stock
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.location_stock from public, anon, authenticated, service_role;
grant all on public.location_stock to service_role;
grant select on public.location_stock to authenticated;

-- The user's main godown, created the first time it is needed (a new workspace has none until its
-- first stock or location).
create function private.main_location_id(user_id uuid) returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
begin
  select l.id into v_id from public.locations l where l.user_id = main_location_id.user_id and l.is_main;
  if not found then
    insert into public.locations (user_id, location_name, kind, is_main)
    values (main_location_id.user_id, 'Main godown', 'own', true)
    on conflict do nothing;
    select l.id into v_id from public.locations l where l.user_id = main_location_id.user_id and l.is_main;
  end if;
  return v_id;
end;
$$;
comment on function private.main_location_id is 'The user''s main godown, created on first use.';
revoke all on function private.main_location_id(uuid) from public, anon, authenticated, service_role;

-- The location an operation names (sales, production, receipts): one of the user's own, or null
-- (the main godown); refused naming field otherwise.
create function private.require_own_location(user_id uuid, location_id uuid, field text) returns uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  if location_id is not null and not exists (
    select from public.locations l
    where l.id = require_own_location.location_id and l.user_id = require_own_location.user_id and l.kind = 'own'
  ) then
    perform private.raise_input_error('Choose one of your own locations.', field);
  end if;
  return location_id;
end;
$$;
comment on function private.require_own_location is
  'The location an operation names when it is one of the user''s own; null (the main godown) stays null; refused naming field otherwise.';
revoke all on function private.require_own_location(uuid, uuid, text) from public, anon, authenticated, service_role;

-- The ledger's trigger (ledger.sql): a row without a location happens at the main godown; its
-- quantity moves that location's stock of the item, refused when it would fall below zero. Every
-- operation writes its ledger rows holding the item's row lock, so these updates never race. One
-- indexed update per row (an insert the first time an item is at a location).
create function private.move_location_stock() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.location_id is null then
    new.location_id := private.main_location_id(new.user_id);
  end if;
  -- Unless it would fall below zero (then the refusal below names what is there).
  if new.product_id is not null then
    update public.location_stock s set quantity = s.quantity + new.quantity
    where s.location_id = new.location_id and s.product_id = new.product_id and s.material_id is null
      and s.quantity + new.quantity >= 0;
  else
    update public.location_stock s set quantity = s.quantity + new.quantity
    where s.location_id = new.location_id and s.material_id = new.material_id and s.product_id is null
      and s.quantity + new.quantity >= 0;
  end if;
  if found then
    return new;
  end if;
  if new.quantity > 0 then
    insert into public.location_stock (user_id, location_id, product_id, material_id, quantity)
    values (new.user_id, new.location_id, new.product_id, new.material_id, new.quantity);
    return new;
  end if;
  raise exception 'Not enough % at %: % there.',
    coalesce((select p.product_name from public.products p where p.id = new.product_id),
      (select m.material_name from public.raw_materials m where m.id = new.material_id)),
    (select l.location_name from public.locations l where l.id = new.location_id),
    trim_scale(coalesce((
      select s.quantity from public.location_stock s
      where s.location_id = new.location_id
        and s.product_id is not distinct from new.product_id and s.material_id is not distinct from new.material_id
    ), 0));
  return new;
end;
$$;
comment on function private.move_location_stock is
  'Before a ledger row is written: names the main godown when it names no location, and moves that location''s stock of the item by its quantity (refused below zero).';
revoke all on function private.move_location_stock() from public, anon, authenticated, service_role;

-- create_location ----------------------------------------------------------------------------------
create function public.create_location(
  name text,
  kind text,
  supplier_id uuid default null,
  gstin text default null,
  address text default null,
  request_id uuid default null
) returns public.locations
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_location public.locations;
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, create_location.request_id, 'create_location');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.locations, v_replayed);
  end if;
  v_location.location_name := private.require_text(create_location.name, 'Name', 100, 'name');
  if create_location.kind is null or create_location.kind not in ('own', 'job_worker') then
    raise exception 'Kind must be own or job_worker.' using hint = 'field:kind';
  end if;
  v_location.kind := create_location.kind::public.location_kind;
  if v_location.kind = 'job_worker' then
    if create_location.supplier_id is null then
      raise exception 'A job worker location names its supplier.' using hint = 'field:supplier_id';
    end if;
    perform from public.suppliers s where s.id = create_location.supplier_id and s.user_id = v_user_id;
    if not found then
      raise exception 'Supplier not found.' using hint = 'field:supplier_id';
    end if;
    if create_location.gstin is not null then
      raise exception 'A job worker''s GSTIN is its supplier''s.' using hint = 'field:gstin';
    end if;
  elsif create_location.supplier_id is not null then
    raise exception 'Only a job worker location names a supplier.' using hint = 'field:supplier_id';
  end if;
  v_location.gstin := private.require_gstin(left(create_location.gstin, 100), 'gstin');
  v_location.address := private.optional_text(create_location.address, 'Address', 500, 'address');

  -- The main godown comes first, so that a user's first own location is never mistaken for it.
  perform private.main_location_id(v_user_id);
  insert into public.locations (user_id, location_name, kind, supplier_id, gstin, address)
  values (v_user_id, v_location.location_name, v_location.kind, create_location.supplier_id, v_location.gstin,
    v_location.address)
  on conflict (user_id, lower(btrim(location_name))) do nothing
  returning * into v_location;
  if not found then
    perform private.raise_input_error(format('A location named %s already exists.', btrim(create_location.name)),
      'name');
  end if;

  perform private.remember_result(v_user_id, create_location.request_id, to_jsonb(v_location));
  return v_location;
end;
$$;
comment on function public.create_location is
  'A new location: kind own (a shop, a second godown; optional gstin when registered apart, and address) or job_worker (supplier_id: the supplier doing the job work). Names are unique per user whatever the case. Refusals name their field. A repeated request_id returns the first call''s location and writes nothing.';
revoke all on function public.create_location(text, text, uuid, text, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.create_location(text, text, uuid, text, text, uuid) to authenticated;

-- stock_by_location ----------------------------------------------------------------------------------
create function public.stock_by_location()
returns table (
  location_id uuid,
  location_name text,
  location_kind public.location_kind,
  is_main boolean,
  product_id uuid,
  material_id uuid,
  item_name text,
  unit text,
  quantity numeric
)
language sql
stable
security invoker
set search_path = ''
as $$
  select l.id, l.location_name, l.kind, l.is_main, s.product_id, s.material_id,
    coalesce(p.product_name, m.material_name), rules.stock_unit_label(p.unit_of_measure, m.unit_of_measure), s.quantity
  from public.location_stock s
  join public.locations l on l.id = s.location_id
  left join public.products p on p.id = s.product_id
  left join public.raw_materials m on m.id = s.material_id
  where s.user_id = (select auth.uid()) and s.quantity <> 0
  order by l.is_main desc, l.kind, lower(l.location_name), lower(coalesce(p.product_name, m.material_name))
$$;
comment on function public.stock_by_location is
  'The caller''s stock per item per location (quantity above zero), main godown first.';
revoke all on function public.stock_by_location() from public, anon, authenticated, service_role;
grant execute on function public.stock_by_location() to authenticated;

-- Delivery challans ----------------------------------------------------------------------------------
-- Rule 55 of the CGST Rules: goods moved without a supply (to another own place, to a job worker)
-- travel with a delivery challan: serial number (at most 16 characters, one series per financial
-- year), date, consignor's name, address and GSTIN, consignee's name, address and GSTIN when
-- registered, HSN code and description, quantity, taxable value, and the place of supply.
create table public.delivery_challans (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- DC/{yy-yy}/{serial}
  challan_number text not null check (length(challan_number) <= 16),
  financial_year text not null,
  serial integer not null check (serial > 0),
  challan_date date not null,
  -- What moved the goods: a transfer between own places, or job work (job_work.sql).
  purpose text not null check (purpose in ('transfer', 'job_work')),
  from_location_id uuid not null,
  to_location_id uuid not null,
  -- Consignor and consignee as the business profile and the locations said when it was issued.
  consignor_name text not null,
  consignor_address text not null,
  consignor_gstin text not null,
  consignor_state_code text not null,
  from_location_name text not null,
  consignee_name text not null,
  consignee_address text,
  consignee_gstin text,
  to_location_name text not null,
  -- The place of supply: the consignee's state.
  place_of_supply text not null check (rules.gst_state_name(place_of_supply) is not null),
  -- Null when some line's value is not known.
  taxable_value numeric(14, 2),
  -- Whether the goods travel with an e-way bill too (Rule 138): the challan's value is its
  -- consignment value (no tax is charged on a challan).
  needs_eway_bill boolean generated always as (
    rules.needs_eway_bill(taxable_value, consignor_state_code <> place_of_supply, purpose = 'job_work')
  ) stored,
  created_at timestamptz not null default now(),
  constraint delivery_challans_user_id_challan_number_key unique (user_id, challan_number),
  constraint delivery_challans_id_user_id_key unique (id, user_id),
  constraint delivery_challans_locations_check check (from_location_id <> to_location_id),
  foreign key (from_location_id, user_id) references public.locations (id, user_id) on delete cascade,
  foreign key (to_location_id, user_id) references public.locations (id, user_id) on delete cascade
);
comment on table public.delivery_challans is
  'Delivery challans (Rule 55, CGST Rules) for stock moved without a supply: number DC/yy-yy/n, date, consignor, consignee, place of supply and total taxable value. Never updated or deleted.';
create index delivery_challans_user_id_challan_date_idx on public.delivery_challans (user_id, challan_date desc, serial desc);
create index delivery_challans_from_location_id_user_id_idx on public.delivery_challans (from_location_id, user_id);
create index delivery_challans_to_location_id_user_id_idx on public.delivery_challans (to_location_id, user_id);

create table public.delivery_challan_lines (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  delivery_challan_id uuid not null,
  position integer not null check (position > 0),
  product_id uuid,
  material_id uuid,
  description text not null,
  hsn_code text,
  unit text not null,
  quantity numeric(14, 3) not null check (quantity > 0),
  -- The item's cost per unit when issued (a material's cost per unit, a product's unit cost).
  unit_value numeric(14, 4),
  taxable_value numeric(14, 2),
  constraint delivery_challan_lines_one_item_check check (num_nonnulls(product_id, material_id) = 1),
  constraint delivery_challan_lines_position_key unique (delivery_challan_id, position),
  foreign key (delivery_challan_id, user_id) references public.delivery_challans (id, user_id) on delete cascade,
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade,
  foreign key (material_id, user_id) references public.raw_materials (id, user_id) on delete cascade
);
comment on table public.delivery_challan_lines is
  'A delivery challan''s goods: item, HSN code, quantity and taxable value (quantity x unit value at cost, rounded to the paisa).';
create index delivery_challan_lines_user_id_idx on public.delivery_challan_lines (user_id);
create index delivery_challan_lines_product_id_user_id_idx
  on public.delivery_challan_lines (product_id, user_id) where product_id is not null;
create index delivery_challan_lines_material_id_user_id_idx
  on public.delivery_challan_lines (material_id, user_id) where material_id is not null;

alter table public.delivery_challans enable row level security;
create policy "Owners can read their delivery challans" on public.delivery_challans
  for select to authenticated using (user_id = (select auth.uid()));
alter table public.delivery_challan_lines enable row level security;
create policy "Owners can read their delivery challan lines" on public.delivery_challan_lines
  for select to authenticated using (user_id = (select auth.uid()));
-- Documents the law asks to keep: never edited or deleted, not even by the service role.
revoke all on public.delivery_challans, public.delivery_challan_lines from public, anon, authenticated, service_role;
grant select on public.delivery_challans, public.delivery_challan_lines to authenticated, service_role;

-- The delivery challan writer, shared by transfer_stock and send_job_work (job_work.sql) --------------
-- Lines [{"material_id" | "product_id", "quantity"}], 1 to 100, each item once, leave `from_location`
-- (one of the owner's own) for `to_location` with one challan: issued under the business profile, to
-- the owner (own place) or the job worker's supplier (consignee name and GSTIN; place of supply its
-- GSTIN's state, else the consignor's). The items' rows are locked in id order first (the order every
-- stock operation takes them in), so a sale racing with it either runs before it (and this sees what
-- is left at the source) or after. Stock sent to a job worker leaves the item's total at own
-- locations (stock_on_hand, stock_level). Refusals name the field `lines`; `noun`, `verb` and
-- `gerund` word them for the caller ("transfer", "transfer", "transferring stock").
create function private.issue_delivery_challan(
  user_id uuid,
  from_location public.locations,
  to_location public.locations,
  lines jsonb,
  noun text,
  verb text,
  gerund text
) returns public.delivery_challans
language plpgsql
set search_path = ''
as $$
declare
  v_user_id uuid := issue_delivery_challan.user_id;
  v_from public.locations := issue_delivery_challan.from_location;
  v_to public.locations := issue_delivery_challan.to_location;
  v_to_job_worker boolean := issue_delivery_challan.to_location.kind = 'job_worker';
  v_profile public.business_profiles;
  v_job_worker public.suppliers;
  v_financial_year text := rules.financial_year(now());
  v_challan public.delivery_challans;
  v_line record;
  v_count integer;
begin
  if jsonb_typeof(issue_delivery_challan.lines) is distinct from 'array'
    or jsonb_array_length(issue_delivery_challan.lines) = 0 then
    raise exception 'Add at least one item to %.', issue_delivery_challan.verb using hint = 'field:lines';
  end if;
  v_count := jsonb_array_length(issue_delivery_challan.lines);
  if v_count > 100 then
    perform private.raise_input_error(format('A %s has at most 100 lines; this has %s.', issue_delivery_challan.noun,
      v_count), 'lines');
  end if;
  if exists (
    select from jsonb_array_elements(issue_delivery_challan.lines) e
    where jsonb_typeof(e) <> 'object'
      or num_nonnulls(nullif(e -> 'product_id', 'null'), nullif(e -> 'material_id', 'null')) <> 1
      or coalesce(lower(coalesce(e ->> 'product_id', e ->> 'material_id')), '')
        !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  ) then
    raise exception 'Each line names one product or one material, and its quantity.' using hint = 'field:lines';
  end if;

  -- The lines' working table, declared to db lint (plpgsql_check), which cannot see a table the
  -- function creates; at run time the string is a constant and does nothing.
  perform 'PRAGMA:TABLE: transfer_lines (position integer, product_id uuid, material_id uuid, quantity numeric, item_name text, hsn_code text, unit text, in_pieces boolean, unit_value numeric, stock numeric)';
  create temporary table if not exists pg_temp.transfer_lines (
    position integer, product_id uuid, material_id uuid, quantity numeric, item_name text, hsn_code text,
    unit text, in_pieces boolean, unit_value numeric, stock numeric
  ) on commit drop;
  truncate pg_temp.transfer_lines;
  insert into pg_temp.transfer_lines (position, product_id, material_id, quantity)
  select e.ordinal, (e.value ->> 'product_id')::uuid, (e.value ->> 'material_id')::uuid,
    private.json_number(e.value -> 'quantity', 'Quantity')
  from jsonb_array_elements(issue_delivery_challan.lines) with ordinality e (value, ordinal);
  if (select count(distinct (t.product_id, t.material_id)) from pg_temp.transfer_lines t) <> v_count then
    raise exception 'Each item can be listed once per %.', issue_delivery_challan.noun using hint = 'field:lines';
  end if;

  -- Lock the items (products, then materials, each in id order), then read what each is.
  perform from public.products p
  where p.user_id = v_user_id and p.id in (select t.product_id from pg_temp.transfer_lines t)
  order by p.id for no key update;
  perform from public.raw_materials m
  where m.user_id = v_user_id and m.id in (select t.material_id from pg_temp.transfer_lines t)
  order by m.id for no key update;
  update pg_temp.transfer_lines t
  set item_name = i.item_name, hsn_code = i.hsn_code, unit = i.unit, in_pieces = i.in_pieces, unit_value = i.unit_value,
    stock = i.stock
  from (
    select p.id as product_id, null::uuid as material_id, p.product_name as item_name, p.hsn_code,
      rules.stock_unit_label(p.unit_of_measure, null) as unit, p.unit_of_measure = 'pcs' as in_pieces,
      c.unit_cost as unit_value, p.stock_on_hand::numeric as stock
    from public.products p
    left join public.product_unit_costs c on c.product_id = p.id
    where p.user_id = v_user_id and not p.is_combo
    union all
    select null, m.id, m.material_name, m.hsn_code, m.unit_of_measure, false, m.cost_per_unit, m.stock_level
    from public.raw_materials m
    where m.user_id = v_user_id
  ) i
  where i.product_id is not distinct from t.product_id and i.material_id is not distinct from t.material_id;

  for v_line in select * from pg_temp.transfer_lines t order by t.position loop
    if v_line.item_name is null then
      perform private.raise_input_error(format('Line %s: item not found.', v_line.position), 'lines');
    end if;
    perform private.require_decimals(
      private.require_number(v_line.quantity, format('Quantity of %s', v_line.item_name), 0, v_line.in_pieces,
        'lines'),
      format('Quantity of %s', v_line.item_name), 3, 'lines');
    if v_line.quantity = 0 then
      perform private.raise_input_error(format('Quantity of %s must be greater than 0.', v_line.item_name), 'lines');
    end if;
    if v_line.quantity > coalesce((
      select s.quantity from public.location_stock s
      where s.location_id = v_from.id
        and s.product_id is not distinct from v_line.product_id and s.material_id is not distinct from v_line.material_id
    ), 0) then
      perform private.raise_input_error(format('Not enough %s at %s: %s there, %s to %s.', v_line.item_name,
        v_from.location_name, trim_scale(coalesce((
          select s.quantity from public.location_stock s
          where s.location_id = v_from.id
            and s.product_id is not distinct from v_line.product_id
            and s.material_id is not distinct from v_line.material_id
        ), 0)), trim_scale(v_line.quantity), issue_delivery_challan.verb), 'lines');
    end if;
  end loop;

  -- Checked last: the input's own refusals come first, whoever is asking.
  select * into v_profile from public.business_profiles b where b.user_id = v_user_id;
  if not found then
    raise exception 'Set up your business profile (legal name, address, GSTIN) before %: its delivery challan names them.',
      issue_delivery_challan.gerund;
  end if;
  if v_to_job_worker then
    select * into v_job_worker from public.suppliers s where s.id = v_to.supplier_id;
  end if;

  insert into public.delivery_challans (user_id, challan_number, financial_year, serial, challan_date, purpose,
    from_location_id, to_location_id, consignor_name, consignor_address, consignor_gstin, consignor_state_code,
    from_location_name, consignee_name, consignee_address, consignee_gstin, to_location_name, place_of_supply,
    taxable_value)
  select v_user_id, format('DC/%s/%s', v_financial_year, n.serial), v_financial_year, n.serial,
    rules.india_day(now()), case when v_to_job_worker then 'job_work' else 'transfer' end, v_from.id, v_to.id,
    v_profile.legal_name, coalesce(v_from.address, v_profile.address), coalesce(v_from.gstin, v_profile.gstin),
    left(coalesce(v_from.gstin, v_profile.gstin), 2), v_from.location_name,
    coalesce(v_job_worker.supplier_name, v_profile.legal_name),
    case when v_to_job_worker then v_to.address else coalesce(v_to.address, v_profile.address) end,
    case when v_to_job_worker then v_job_worker.gstin else coalesce(v_to.gstin, v_profile.gstin) end,
    v_to.location_name,
    left(case when v_to_job_worker then coalesce(v_job_worker.gstin, v_from.gstin, v_profile.gstin)
      else coalesce(v_to.gstin, v_profile.gstin) end, 2),
    (select sum(round(t.quantity * t.unit_value, 2)) from pg_temp.transfer_lines t
     having count(t.unit_value) = count(*))
  from (select private.next_serial(v_user_id, 'delivery_challan', v_financial_year) as serial) n
  returning * into v_challan;

  insert into public.delivery_challan_lines (user_id, delivery_challan_id, position, product_id, material_id,
    description, hsn_code, unit, quantity, unit_value, taxable_value)
  select v_user_id, v_challan.id, t.position, t.product_id, t.material_id, t.item_name, t.hsn_code, t.unit,
    t.quantity, t.unit_value, round(t.quantity * t.unit_value, 2)
  from pg_temp.transfer_lines t;

  -- Out of the source, then into the destination. Each row's balance_after is the item's total at
  -- own locations after it (ledger.sql): less the quantity once it has left, and back to the total
  -- when it arrives at another own place.
  insert into public.stock_movements (user_id, product_id, material_id, quantity, balance_after, reason, location_id,
    delivery_challan_id)
  select v_user_id, t.product_id, t.material_id, x.quantity,
    t.stock - t.quantity + case when v_to_job_worker then 0 else x.arrived end,
    case when v_to_job_worker then 'job_work_sent' else 'transfer' end::public.stock_movement_reason,
    x.location_id, v_challan.id
  from pg_temp.transfer_lines t
  cross join lateral (values (-t.quantity, v_from.id, 0, 1), (t.quantity, v_to.id, t.quantity, 2))
    x (quantity, location_id, arrived, step)
  order by t.position, x.step;
  if v_to_job_worker then
    update public.products p set stock_on_hand = p.stock_on_hand - t.quantity
    from pg_temp.transfer_lines t where p.id = t.product_id and p.user_id = v_user_id;
    update public.raw_materials m set stock_level = m.stock_level - t.quantity
    from pg_temp.transfer_lines t where m.id = t.material_id and m.user_id = v_user_id;
  end if;
  return v_challan;
end;
$$;
comment on function private.issue_delivery_challan is
  'Moves the lines from an own location to another location (own, or a job worker''s) with one delivery challan DC/yy-yy/n, the ledger rows and, to a job worker, the items'' totals at own locations; refusals on field lines.';
revoke all on function private.issue_delivery_challan(uuid, public.locations, public.locations, jsonb, text, text, text)
  from public, anon, authenticated, service_role;

-- transfer_stock ----------------------------------------------------------------------------------------
create function public.transfer_stock(
  from_location_id uuid,
  to_location_id uuid,
  lines jsonb,
  request_id uuid default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_replayed jsonb;
  v_from public.locations;
  v_to public.locations;
  v_challan public.delivery_challans;
begin
  v_replayed := private.replayed_result(v_user_id, transfer_stock.request_id, 'transfer_stock');
  if v_replayed is not null then
    return v_replayed;
  end if;

  select * into v_from from public.locations l where l.id = transfer_stock.from_location_id and l.user_id = v_user_id;
  if not found then
    raise exception 'Choose the location the stock leaves.' using hint = 'field:from_location_id';
  end if;
  select * into v_to from public.locations l where l.id = transfer_stock.to_location_id and l.user_id = v_user_id;
  if not found then
    raise exception 'Choose the location the stock goes to.' using hint = 'field:to_location_id';
  end if;
  if v_from.id = v_to.id then
    raise exception 'Stock goes to another location than the one it leaves.' using hint = 'field:to_location_id';
  end if;
  if v_from.kind <> 'own' then
    raise exception 'A transfer leaves one of your own locations.' using hint = 'field:from_location_id';
  end if;
  if v_to.kind <> 'own' then
    raise exception 'A transfer goes to one of your own locations; stock goes to a job worker with a job work order.'
      using hint = 'field:to_location_id';
  end if;

  v_challan := private.issue_delivery_challan(v_user_id, v_from, v_to, transfer_stock.lines, 'transfer', 'transfer',
    'transferring stock');
  v_replayed := jsonb_build_object('delivery_challan_id', v_challan.id, 'challan_number', v_challan.challan_number,
    'lines', jsonb_array_length(transfer_stock.lines), 'taxable_value', v_challan.taxable_value);
  perform private.remember_result(v_user_id, transfer_stock.request_id, v_replayed);
  return v_replayed;
end;
$$;
comment on function public.transfer_stock is
  'Moves stock between two of the caller''s own locations in one write: lines [{"product_id" | "material_id", "quantity"}] (1 to 100, each item once), refused whole when the source has too little of any ("Not enough {item} at {location}: {n} there, {m} to transfer."). Issues a delivery challan DC/yy-yy/n (Rule 55); answers {delivery_challan_id, challan_number, lines, taxable_value}. A repeated request_id returns the first answer and writes nothing.';
revoke all on function public.transfer_stock(uuid, uuid, jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.transfer_stock(uuid, uuid, jsonb, uuid) to authenticated;

-- get_delivery_challan: the print view's data -----------------------------------------------------------
create function public.get_delivery_challan(delivery_challan_id uuid) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'delivery_challan_id', c.id, 'challan_number', c.challan_number, 'challan_date', c.challan_date,
    'purpose', c.purpose,
    'consignor', jsonb_build_object('name', c.consignor_name, 'address', c.consignor_address,
      'gstin', c.consignor_gstin, 'location', c.from_location_name, 'state_code', c.consignor_state_code,
      'state_name', rules.gst_state_name(c.consignor_state_code)),
    'consignee', jsonb_build_object('name', c.consignee_name, 'address', c.consignee_address,
      'gstin', c.consignee_gstin, 'location', c.to_location_name, 'state_code', c.place_of_supply,
      'state_name', rules.gst_state_name(c.place_of_supply)),
    'place_of_supply', jsonb_build_object('state_code', c.place_of_supply,
      'state_name', rules.gst_state_name(c.place_of_supply)),
    'taxable_value', c.taxable_value,
    'lines', (
      select coalesce(jsonb_agg(jsonb_build_object('position', l.position, 'description', l.description,
        'hsn_code', l.hsn_code, 'unit', l.unit, 'quantity', l.quantity, 'unit_value', l.unit_value,
        'taxable_value', l.taxable_value) order by l.position), '[]'::jsonb)
      from public.delivery_challan_lines l where l.delivery_challan_id = c.id
    ))
  from public.delivery_challans c
  where c.id = get_delivery_challan.delivery_challan_id and c.user_id = (select auth.uid())
$$;
comment on function public.get_delivery_challan is
  'One of the caller''s delivery challans with its consignor, consignee, place of supply and lines, for its print view; null when it is not the caller''s.';
revoke all on function public.get_delivery_challan(uuid) from public, anon, authenticated, service_role;
grant execute on function public.get_delivery_challan(uuid) to authenticated;

-- Suppliers: who the shop buys its materials from (issue 32). A material names its supplier
-- (raw_materials.supplier_id, raw_materials.sql); purchase units and purchase orders are per supplier
-- (purchasing.sql). Read through RLS; written only by create_supplier and update_supplier, and by
-- create_raw_material/update_raw_material, which turn a typed supplier name into its record.

create table public.suppliers (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  supplier_name text not null check (btrim(supplier_name) <> '' and length(supplier_name) <= 200),
  contact text check (length(contact) <= 200),
  phone text check (length(phone) <= 20),
  email text check (length(email) <= 254),
  -- India's GST number: 2-digit state code, the PAN (5 letters, 4 digits, 1 letter), the entity
  -- number, Z, a check character.
  gstin text check (gstin ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'),
  lead_time_days integer check (lead_time_days between 0 and 365),
  payment_terms text check (length(payment_terms) <= 200),
  notes text check (length(notes) <= 1000),
  created_at timestamptz not null default now(),
  -- Targets of the same-owner foreign keys; the one with the name lets a material keep the name it
  -- shows equal to its supplier's (raw_materials.sql), renames included.
  constraint suppliers_id_user_id_key unique (id, user_id),
  constraint suppliers_id_user_id_supplier_name_key unique (id, user_id, supplier_name)
);
comment on table public.suppliers is
  'The shop''s suppliers (name unique per user, whatever the case), written by create_supplier and update_supplier.';

create index suppliers_user_id_idx on public.suppliers (user_id);
create unique index suppliers_user_id_supplier_name_normalized_key
  on public.suppliers (user_id, lower(btrim(supplier_name)));
comment on index public.suppliers_user_id_supplier_name_normalized_key is
  'One supplier name per user, compared without case and surrounding spaces.';

alter table public.suppliers enable row level security;
create policy "Owners can read their suppliers" on public.suppliers
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.suppliers from public, anon, authenticated, service_role;
grant all on public.suppliers to service_role;
grant select on public.suppliers to authenticated;

alter publication supabase_realtime add table public.suppliers;

-- The checked columns of a supplier, shared by create_supplier and update_supplier: each value
-- trimmed (blank is none), or refused naming its argument.
create function private.supplier_details(
  supplier_name text, contact text, phone text, email text, gstin text, lead_time_days integer,
  payment_terms text, notes text
) returns public.suppliers
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_supplier public.suppliers;
begin
  v_supplier.supplier_name := private.require_text(supplier_details.supplier_name, 'Supplier name', 200, 'supplier_name');
  v_supplier.contact := private.optional_text(supplier_details.contact, 'Contact', 200, 'contact');
  v_supplier.phone := private.optional_text(supplier_details.phone, 'Phone', 20, 'phone');
  if v_supplier.phone !~ '^\+?[0-9][0-9 -]*$' then
    raise exception 'Phone can have only digits, spaces, hyphens and a leading +.' using hint = 'field:phone';
  end if;
  v_supplier.email := private.optional_text(supplier_details.email, 'Email', 254, 'email');
  if v_supplier.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Email must look like name@example.com.' using hint = 'field:email';
  end if;
  v_supplier.gstin := upper(private.optional_text(supplier_details.gstin, 'GSTIN', 15, 'gstin'));
  if v_supplier.gstin !~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$' then
    raise exception 'GSTIN must be 15 characters like 27AAPFU0939F1ZV.' using hint = 'field:gstin';
  end if;
  -- The check character (rules.is_valid_gstin, gst.sql: the one GSTIN rule) catches a GSTIN copied
  -- wrong onto a purchase order.
  if v_supplier.gstin is not null and not rules.is_valid_gstin(v_supplier.gstin) then
    raise exception 'This GSTIN''s last character does not match the rest: check it for a typo.' using hint = 'field:gstin';
  end if;
  -- The checks and sentences of a product's lead time (set_product_planning), which the forms share.
  if supplier_details.lead_time_days is not null then
    v_supplier.lead_time_days :=
      private.require_number(supplier_details.lead_time_days, 'Lead time', 0, true, 'lead_time_days');
  end if;
  if v_supplier.lead_time_days > 365 then
    raise exception 'Lead time must be at most 365 days.' using hint = 'field:lead_time_days';
  end if;
  v_supplier.payment_terms := private.optional_text(supplier_details.payment_terms, 'Payment terms', 200, 'payment_terms');
  v_supplier.notes := private.optional_text(supplier_details.notes, 'Notes', 1000, 'notes');
  return v_supplier;
end;
$$;
comment on function private.supplier_details is
  'A supplier''s columns checked and trimmed for create_supplier and update_supplier; refusals name their argument.';

-- The refusal of a second supplier of the same name.
create function private.raise_duplicate_supplier(supplier_name text) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  raise exception 'A supplier named % already exists.', btrim(supplier_name)
    using errcode = '23505', hint = 'field:supplier_name';
end;
$$;

-- create_supplier -------------------------------------------------------------------------------
-- With a request_id (00_setup.sql), a repeat returns the first call's supplier and writes nothing.
create function public.create_supplier(
  supplier_name text,
  contact text default null,
  phone text default null,
  email text default null,
  gstin text default null,
  lead_time_days integer default null,
  payment_terms text default null,
  notes text default null,
  request_id uuid default null
) returns public.suppliers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_details public.suppliers;
  v_supplier public.suppliers;
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, create_supplier.request_id, 'create_supplier');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.suppliers, v_replayed);
  end if;
  v_details := private.supplier_details(create_supplier.supplier_name, create_supplier.contact,
    create_supplier.phone, create_supplier.email, create_supplier.gstin, create_supplier.lead_time_days,
    create_supplier.payment_terms, create_supplier.notes);
  begin
    insert into public.suppliers
      (user_id, supplier_name, contact, phone, email, gstin, lead_time_days, payment_terms, notes)
    values (v_user_id, v_details.supplier_name, v_details.contact, v_details.phone, v_details.email,
      v_details.gstin, v_details.lead_time_days, v_details.payment_terms, v_details.notes)
    returning * into v_supplier;
  exception when unique_violation then
    perform private.raise_duplicate_supplier(create_supplier.supplier_name);
  end;
  perform private.remember_result(v_user_id, create_supplier.request_id, to_jsonb(v_supplier));
  return v_supplier;
end;
$$;
comment on function public.create_supplier is
  'Creates a supplier (name unique per user, whatever the case; GSTIN, phone and email checked for shape). A repeated request_id returns the first call''s supplier and writes nothing.';
revoke all on function public.create_supplier(text, text, text, text, text, integer, text, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.create_supplier(text, text, text, text, text, integer, text, text, uuid) to authenticated;

-- update_supplier -------------------------------------------------------------------------------
-- A rename reaches the materials that name the supplier through their foreign key (on update
-- cascade), so the Raw Materials list shows the new name at once.
create function public.update_supplier(
  supplier_id uuid,
  supplier_name text,
  contact text default null,
  phone text default null,
  email text default null,
  gstin text default null,
  lead_time_days integer default null,
  payment_terms text default null,
  notes text default null
) returns public.suppliers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_details public.suppliers;
  v_supplier public.suppliers;
begin
  v_details := private.supplier_details(update_supplier.supplier_name, update_supplier.contact,
    update_supplier.phone, update_supplier.email, update_supplier.gstin, update_supplier.lead_time_days,
    update_supplier.payment_terms, update_supplier.notes);
  begin
    update public.suppliers s
    set supplier_name = v_details.supplier_name, contact = v_details.contact, phone = v_details.phone,
        email = v_details.email, gstin = v_details.gstin, lead_time_days = v_details.lead_time_days,
        payment_terms = v_details.payment_terms, notes = v_details.notes
    where s.id = update_supplier.supplier_id and s.user_id = v_user_id
    returning * into v_supplier;
  exception when unique_violation then
    perform private.raise_duplicate_supplier(update_supplier.supplier_name);
  end;
  if v_supplier.id is null then
    raise exception 'Supplier not found.';
  end if;
  return v_supplier;
end;
$$;
comment on function public.update_supplier is
  'Edits a supplier with the checks of create_supplier; its materials show the new name.';
revoke all on function public.update_supplier(uuid, text, text, text, text, text, integer, text, text) from public, anon, authenticated, service_role;
grant execute on function public.update_supplier(uuid, text, text, text, text, text, integer, text, text) to authenticated;

-- The caller's supplier of this name (any case, spaces trimmed), created when there is none: the
-- Raw Materials form and the catalogue import name a supplier by typing it. Null for no name.
create function private.supplier_for_name(owner_id uuid, typed_name text) returns public.suppliers
language plpgsql
set search_path = ''
as $$
declare
  v_name text := private.optional_text(typed_name, 'Supplier', 200, 'supplier');
  v_supplier public.suppliers;
begin
  if v_name is null then
    return null;
  end if;
  insert into public.suppliers (user_id, supplier_name)
  values (owner_id, v_name)
  on conflict (user_id, lower(btrim(supplier_name))) do nothing
  returning * into v_supplier;
  if v_supplier.id is null then
    select * into strict v_supplier
    from public.suppliers s
    where s.user_id = owner_id and lower(btrim(s.supplier_name)) = lower(v_name);
  end if;
  return v_supplier;
end;
$$;
comment on function private.supplier_for_name is
  'The user''s supplier of this name (case and spaces ignored), created if new; null for a blank name.';

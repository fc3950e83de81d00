-- Customers (issue 46): the businesses the shop sells to directly (a boutique, a retailer), as
-- opposed to the marketplaces, which stay platforms paid through settlements. An invoice names one
-- (create_invoice's customer_id: the buyer's name, GSTIN and place of supply come from it) and so
-- may a direct order (platform Other, sales_orders.customer_id). What they owe and pay is in
-- receivables.sql. Read through RLS; written only by create_customer, update_customer and
-- archive_customer (an archived customer keeps its history and dues but is offered for no new sale).

create table public.customers (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  gstin text check (gstin is null or rules.is_valid_gstin(gstin)),
  billing_address text check (length(billing_address) <= 500),
  -- The billing state: an invoice's place of supply. A registered customer's is its GSTIN's state.
  state_code text not null check (rules.gst_state_name(state_code) is not null),
  shipping_address text check (length(shipping_address) <= 500),
  phone text check (length(phone) <= 20),
  email text check (length(email) <= 254),
  -- Days after an invoice or direct order its payment is due (0: on the day); Overdue after.
  credit_days integer not null default 0 check (credit_days between 0 and 365),
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  constraint customers_id_user_id_key unique (id, user_id),
  constraint customers_gstin_state_check check (gstin is null or left(gstin, 2) = state_code)
);
comment on table public.customers is
  'The shop''s direct customers (name unique per user, whatever the case): GSTIN, billing and shipping address, billing state (place of supply), phone, email and credit days. Written by create_customer, update_customer and archive_customer.';
create unique index customers_user_id_name_normalized_key on public.customers (user_id, lower(btrim(name)));

alter table public.customers enable row level security;
create policy "Owners can read their customers" on public.customers
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.customers from public, anon, authenticated, service_role;
grant select on public.customers to authenticated, service_role;

-- The checked columns of a customer, shared by create_customer and update_customer: each value
-- trimmed (blank is none), or refused naming its argument.
create function private.customer_details(
  name text, gstin text, billing_address text, state_code text, shipping_address text, phone text,
  email text, credit_days integer
) returns public.customers
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_customer public.customers;
begin
  v_customer.name := private.require_text(customer_details.name, 'Customer name', 200, 'name');
  v_customer.gstin := private.require_gstin(left(customer_details.gstin, 100), 'gstin');
  v_customer.billing_address := private.optional_text(customer_details.billing_address, 'Billing address', 500,
    'billing_address');
  if nullif(btrim(customer_details.state_code), '') is null then
    perform private.raise_input_error('State is required.', 'state_code');
  end if;
  v_customer.state_code := rules.gst_state_code(left(customer_details.state_code, 100));
  if v_customer.state_code is null then
    perform private.raise_input_error(format('Unknown state %s.', left(btrim(customer_details.state_code), 40)),
      'state_code');
  end if;
  if rules.place_of_supply_problem(v_customer.gstin, v_customer.state_code) is not null then
    perform private.raise_input_error(rules.place_of_supply_problem(v_customer.gstin, v_customer.state_code),
      'state_code');
  end if;
  v_customer.shipping_address := private.optional_text(customer_details.shipping_address, 'Shipping address', 500,
    'shipping_address');
  v_customer.phone := private.optional_text(customer_details.phone, 'Phone', 20, 'phone');
  if v_customer.phone !~ '^\+?[0-9][0-9 -]*$' then
    perform private.raise_input_error('Phone can have only digits, spaces, hyphens and a leading +.', 'phone');
  end if;
  v_customer.email := private.optional_text(customer_details.email, 'Email', 254, 'email');
  if v_customer.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    perform private.raise_input_error('Email must look like name@example.com.', 'email');
  end if;
  v_customer.credit_days := private.require_number(coalesce(customer_details.credit_days, 0), 'Credit days', 0, true,
    'credit_days');
  if v_customer.credit_days > 365 then
    perform private.raise_input_error('Credit days must be at most 365.', 'credit_days');
  end if;
  return v_customer;
end;
$$;
comment on function private.customer_details is
  'A customer''s columns checked and trimmed for create_customer and update_customer; refusals name their argument.';

create function private.raise_duplicate_customer(name text) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  raise exception 'A customer named % already exists.', btrim(name) using errcode = '23505', hint = 'field:name';
end;
$$;

-- create_customer ---------------------------------------------------------------------------------
create function public.create_customer(
  name text,
  gstin text default null,
  billing_address text default null,
  state_code text default null,
  shipping_address text default null,
  phone text default null,
  email text default null,
  credit_days integer default 0,
  request_id uuid default null
) returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_details public.customers;
  v_customer public.customers;
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, create_customer.request_id, 'create_customer');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.customers, v_replayed);
  end if;
  v_details := private.customer_details(create_customer.name, create_customer.gstin, create_customer.billing_address,
    create_customer.state_code, create_customer.shipping_address, create_customer.phone, create_customer.email,
    create_customer.credit_days);
  begin
    insert into public.customers (user_id, name, gstin, billing_address, state_code, shipping_address, phone, email,
      credit_days)
    values (v_user_id, v_details.name, v_details.gstin, v_details.billing_address, v_details.state_code,
      v_details.shipping_address, v_details.phone, v_details.email, v_details.credit_days)
    returning * into v_customer;
  exception when unique_violation then
    perform private.raise_duplicate_customer(create_customer.name);
  end;
  perform private.remember_result(v_user_id, create_customer.request_id, to_jsonb(v_customer));
  return v_customer;
end;
$$;
comment on function public.create_customer is
  'Creates a customer (name unique per user, whatever the case; GSTIN checked, its state the billing state; state as a code or name; credit days 0 to 365). A repeated request_id returns the first call''s customer and writes nothing.';
revoke all on function public.create_customer(text, text, text, text, text, text, text, integer, uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.create_customer(text, text, text, text, text, text, text, integer, uuid) to authenticated;

-- update_customer ---------------------------------------------------------------------------------
-- Invoices already made keep the buyer they printed; new ones take the new details.
create function public.update_customer(
  customer_id uuid,
  name text,
  gstin text default null,
  billing_address text default null,
  state_code text default null,
  shipping_address text default null,
  phone text default null,
  email text default null,
  credit_days integer default 0
) returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_details public.customers;
  v_customer public.customers;
begin
  v_details := private.customer_details(update_customer.name, update_customer.gstin, update_customer.billing_address,
    update_customer.state_code, update_customer.shipping_address, update_customer.phone, update_customer.email,
    update_customer.credit_days);
  begin
    update public.customers c
    set name = v_details.name, gstin = v_details.gstin, billing_address = v_details.billing_address,
      state_code = v_details.state_code, shipping_address = v_details.shipping_address, phone = v_details.phone,
      email = v_details.email, credit_days = v_details.credit_days
    where c.id = update_customer.customer_id and c.user_id = v_user_id
    returning * into v_customer;
  exception when unique_violation then
    perform private.raise_duplicate_customer(update_customer.name);
  end;
  if v_customer.id is null then
    raise exception 'Customer not found.' using hint = 'field:customer_id';
  end if;
  return v_customer;
end;
$$;
comment on function public.update_customer is
  'Edits a customer with the checks of create_customer; invoices already made keep the buyer they printed.';
revoke all on function public.update_customer(uuid, text, text, text, text, text, text, text, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.update_customer(uuid, text, text, text, text, text, text, text, integer) to authenticated;

-- archive_customer --------------------------------------------------------------------------------
-- Archived (or back, with archived = false): kept with its invoices, payments and dues, but no new
-- invoice or order names it.
create function public.archive_customer(customer_id uuid, archived boolean default true) returns public.customers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_customer public.customers;
begin
  update public.customers c
  set archived_at = case when archive_customer.archived then coalesce(c.archived_at, now()) end
  where c.id = archive_customer.customer_id and c.user_id = v_user_id
  returning * into v_customer;
  if v_customer.id is null then
    raise exception 'Customer not found.' using hint = 'field:customer_id';
  end if;
  return v_customer;
end;
$$;
comment on function public.archive_customer is
  'Archives a customer (or restores it with archived = false): its invoices, payments and dues stay; no new invoice or order may name it.';
revoke all on function public.archive_customer(uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function public.archive_customer(uuid, boolean) to authenticated;

-- The caller's customer a new invoice or order names, or the refusal on `field`.
create function private.require_active_customer(user_id uuid, customer_id uuid, field text) returns public.customers
language plpgsql
stable
set search_path = ''
as $$
declare
  v_customer public.customers;
begin
  select * into v_customer from public.customers c
  where c.id = require_active_customer.customer_id and c.user_id = require_active_customer.user_id;
  if not found then
    perform private.raise_input_error('Customer not found.', field);
  end if;
  if v_customer.archived_at is not null then
    perform private.raise_input_error(format('%s is archived: restore it to sell to it again.', v_customer.name), field);
  end if;
  return v_customer;
end;
$$;

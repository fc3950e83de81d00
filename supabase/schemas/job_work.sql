-- Job work (issue 45): materials or semi-finished products sent to a job worker (a location of kind
-- job_worker, locations.sql) to be made into something or processed, and received back in parts.
--
-- send_job_work moves what is sent from an own location to the job worker's with a delivery challan
-- of the one delivery_challans series (private.issue_delivery_challan, shared with transfers) and
-- says what comes back: a product, or a process on the same item (greige fabric into dyed fabric,
-- another material). Each line sent is used up per unit coming back as the returned product's BOM
-- says (a material's consumption with wastage, a sub-assembly's pieces), or 1:1 for a process of
-- one item; that figure is fixed on the order when it is sent.
--
-- receive_job_work takes back units, and units lost or wasted, in parts: the returned item rises at
-- an own location; the lines sent fall at the job worker by what the received and lost units used;
-- the rest stays there, pending. The job worker's charge (charge_rate x units received) enters the
-- received units' cost by one rule, rules.job_work_unit_cost: for a material, what was used at its
-- value when sent plus the charge, over the units received, averaged into its cost_per_unit; for a
-- product, what the lost units used plus the charge, per unit received, averaged into
-- products.job_work_per_unit, which product_unit_costs adds to its unit cost (its materials and
-- parts are its BOM's already). A product in metres or kg goes and comes back in fractions. A charge is a bill of the job
-- worker's supplier (payables.sql), its GST input tax.

create table public.job_work_orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  job_worker_location_id uuid not null,
  from_location_id uuid not null,
  delivery_challan_id uuid not null,
  -- What comes back: one product or one material, and how much.
  product_id uuid,
  material_id uuid,
  return_quantity numeric(14, 3) not null check (return_quantity > 0),
  -- The job worker's charge per unit coming back (per piece, per metre: charge_unit says which).
  charge_rate numeric(12, 2) not null check (charge_rate >= 0),
  charge_unit text not null check (btrim(charge_unit) <> '' and length(charge_unit) <= 32),
  sent_on date not null,
  expected_on date,
  received_quantity numeric(14, 3) not null default 0 check (received_quantity >= 0),
  lost_quantity numeric(14, 3) not null default 0 check (lost_quantity >= 0),
  created_at timestamptz not null default now(),
  constraint job_work_orders_id_user_id_key unique (id, user_id),
  constraint job_work_orders_delivery_challan_id_key unique (delivery_challan_id),
  constraint job_work_orders_one_item_check check (num_nonnulls(product_id, material_id) = 1),
  constraint job_work_orders_due_check check (received_quantity + lost_quantity <= return_quantity),
  foreign key (job_worker_location_id, user_id) references public.locations (id, user_id) on delete cascade,
  foreign key (from_location_id, user_id) references public.locations (id, user_id) on delete cascade,
  foreign key (delivery_challan_id, user_id) references public.delivery_challans (id, user_id) on delete cascade,
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade,
  foreign key (material_id, user_id) references public.raw_materials (id, user_id) on delete cascade
);
comment on table public.job_work_orders is
  'Job work orders (send_job_work): what went to a job worker with which delivery challan, what is to come back (return_quantity of a product or material) at what charge per unit, and how much came back or was lost so far (receive_job_work).';
create index job_work_orders_user_id_sent_on_idx on public.job_work_orders (user_id, sent_on desc);
create index job_work_orders_job_worker_location_id_user_id_idx on public.job_work_orders (job_worker_location_id, user_id);
create index job_work_orders_from_location_id_user_id_idx on public.job_work_orders (from_location_id, user_id);
create index job_work_orders_delivery_challan_id_user_id_idx on public.job_work_orders (delivery_challan_id, user_id);
create index job_work_orders_product_id_user_id_idx on public.job_work_orders (product_id, user_id)
  where product_id is not null;
create index job_work_orders_material_id_user_id_idx on public.job_work_orders (material_id, user_id)
  where material_id is not null;

create table public.job_work_order_lines (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  job_work_order_id uuid not null,
  position integer not null check (position > 0),
  product_id uuid,
  material_id uuid,
  sent_quantity numeric(14, 3) not null check (sent_quantity > 0),
  -- How much of it one unit coming back uses (BOM, or 1 for a process), and what was used so far.
  per_unit numeric(14, 3) not null check (per_unit > 0),
  consumed_quantity numeric(14, 3) not null default 0 check (consumed_quantity >= 0),
  -- Its value per unit when sent (the challan's), for the cost of what comes back.
  unit_value numeric(14, 4),
  constraint job_work_order_lines_one_item_check check (num_nonnulls(product_id, material_id) = 1),
  constraint job_work_order_lines_position_key unique (job_work_order_id, position),
  constraint job_work_order_lines_consumed_check check (consumed_quantity <= sent_quantity),
  foreign key (job_work_order_id, user_id) references public.job_work_orders (id, user_id) on delete cascade,
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade,
  foreign key (material_id, user_id) references public.raw_materials (id, user_id) on delete cascade
);
comment on table public.job_work_order_lines is
  'What a job work order sent: item, quantity, how much one unit coming back uses (per_unit) and how much its receipts used so far; the rest is still with the job worker.';
create index job_work_order_lines_user_id_idx on public.job_work_order_lines (user_id);
create index job_work_order_lines_product_id_user_id_idx on public.job_work_order_lines (product_id, user_id)
  where product_id is not null;
create index job_work_order_lines_material_id_user_id_idx on public.job_work_order_lines (material_id, user_id)
  where material_id is not null;

create table public.job_work_receipts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  job_work_order_id uuid not null,
  received_quantity numeric(14, 3) not null check (received_quantity >= 0),
  lost_quantity numeric(14, 3) not null check (lost_quantity >= 0),
  location_id uuid not null,
  received_on date not null,
  -- What the received and lost units used, at its value when sent; the charge (rate x received)
  -- and its GST; the cost of one received unit (rules.job_work_unit_cost), null when none came.
  inputs_value numeric(14, 2) not null,
  charge numeric(14, 2) not null check (charge >= 0),
  gst_rate numeric(5, 2) check (gst_rate between 0 and 100),
  gst_paid numeric(14, 2) not null default 0 check (gst_paid >= 0),
  supplier_invoice_number text check (supplier_invoice_number ~ '^[A-Za-z0-9/-]{1,16}$'),
  supplier_invoice_date date,
  unit_cost numeric(14, 4),
  created_at timestamptz not null default now(),
  constraint job_work_receipts_quantity_check check (received_quantity + lost_quantity > 0),
  foreign key (job_work_order_id, user_id) references public.job_work_orders (id, user_id) on delete cascade,
  foreign key (location_id, user_id) references public.locations (id, user_id) on delete cascade
);
comment on table public.job_work_receipts is
  'Each receipt of a job work order: units received (at location_id) and lost, the value of what they used, the job worker''s charge and GST (a bill in supplier_dues) and the cost per received unit.';
create index job_work_receipts_user_id_idx on public.job_work_receipts (user_id, created_at);
create index job_work_receipts_job_work_order_id_user_id_idx on public.job_work_receipts (job_work_order_id, user_id);
create index job_work_receipts_location_id_user_id_idx on public.job_work_receipts (location_id, user_id);

alter table public.job_work_orders enable row level security;
create policy "Owners can read their job work orders" on public.job_work_orders
  for select to authenticated using (user_id = (select auth.uid()));
alter table public.job_work_order_lines enable row level security;
create policy "Owners can read their job work order lines" on public.job_work_order_lines
  for select to authenticated using (user_id = (select auth.uid()));
alter table public.job_work_receipts enable row level security;
create policy "Owners can read their job work receipts" on public.job_work_receipts
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.job_work_orders, public.job_work_order_lines, public.job_work_receipts
  from public, anon, authenticated, service_role;
grant all on public.job_work_orders, public.job_work_order_lines, public.job_work_receipts to service_role;
grant select on public.job_work_orders, public.job_work_order_lines, public.job_work_receipts to authenticated;

-- The cost of one unit received back from job work: what the received and lost units used (at
-- its value when sent) plus the job worker's charge, over the units received (lost units' inputs
-- are borne by the good ones), to 4 decimals as cost_per_unit keeps it. Null when none came back.
create function rules.job_work_unit_cost(inputs_value numeric, charge numeric, received numeric) returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$
  select round((job_work_unit_cost.inputs_value + job_work_unit_cost.charge) / nullif(job_work_unit_cost.received, 0), 4)
$$;
comment on function rules.job_work_unit_cost is
  'Cost of one unit received back from job work: (value of what the received and lost units used + charge) / units received, 4 decimals; null when none.';
revoke all on function rules.job_work_unit_cost(numeric, numeric, numeric) from public, anon, authenticated, service_role;
grant execute on function rules.job_work_unit_cost(numeric, numeric, numeric) to authenticated;

-- A job worker holds inputs sent for job work for at most a year (capital goods three) before
-- they count as supplied (section 143 of the CGST Act); FactoryFlow treats everything sent as
-- inputs. The warning starts this many days before the year is out.
create function rules.job_work_warning_days() returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$ select 60 $$;
comment on function rules.job_work_warning_days is
  'Days before the one-year limit (section 143, CGST Act) from which pending job work is flagged.';
revoke all on function rules.job_work_warning_days() from public, anon, authenticated, service_role;
grant execute on function rules.job_work_warning_days() to authenticated;

-- send_job_work ---------------------------------------------------------------------------------------
-- lines [{"material_id" | "product_id", "quantity"}] as transfer_stock takes them; returns
-- {"product_id" | "material_id", "quantity"}: what comes back. Refusals name their field.
create function public.send_job_work(
  job_worker_location_id uuid,
  from_location_id uuid,
  lines jsonb,
  returns jsonb,
  charge_rate numeric,
  charge_unit text default null,
  expected_on date default null,
  request_id uuid default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_replayed jsonb;
  v_job_worker public.locations;
  v_from public.locations;
  v_return_product public.products;
  v_return_material public.raw_materials;
  v_return_name text;
  v_return_quantity numeric;
  v_charge_rate numeric;
  v_charge_unit text;
  v_challan public.delivery_challans;
  v_order public.job_work_orders;
  v_challan_lines integer;
  v_lines jsonb;
  v_short record;
begin
  v_replayed := private.replayed_result(v_user_id, send_job_work.request_id, 'send_job_work');
  if v_replayed is not null then
    return v_replayed;
  end if;

  select * into v_job_worker from public.locations l
  where l.id = send_job_work.job_worker_location_id and l.user_id = v_user_id and l.kind = 'job_worker';
  if not found then
    perform private.raise_input_error('Choose a job worker.', 'job_worker_location_id');
  end if;
  select * into v_from from public.locations l
  where l.id = send_job_work.from_location_id and l.user_id = v_user_id and l.kind = 'own';
  if not found then
    perform private.raise_input_error('Choose one of your own locations.', 'from_location_id');
  end if;

  if jsonb_typeof(send_job_work.returns) is distinct from 'object'
    or num_nonnulls(nullif(send_job_work.returns -> 'product_id', 'null'),
      nullif(send_job_work.returns -> 'material_id', 'null')) <> 1
    or coalesce(lower(coalesce(send_job_work.returns ->> 'product_id', send_job_work.returns ->> 'material_id')), '')
      !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform private.raise_input_error('Say what comes back: one product or one material, and its quantity.', 'returns');
  end if;
  select * into v_return_product from public.products p
  where p.id = (send_job_work.returns ->> 'product_id')::uuid and p.user_id = v_user_id and not p.is_combo
    and p.archived_at is null;
  select * into v_return_material from public.raw_materials m
  where m.id = (send_job_work.returns ->> 'material_id')::uuid and m.user_id = v_user_id and m.archived_at is null;
  v_return_name := coalesce(v_return_product.product_name, v_return_material.material_name);
  if v_return_name is null then
    perform private.raise_input_error('The item to come back was not found.', 'returns');
  end if;
  v_return_quantity := private.require_decimals(private.require_number(
    private.json_number(send_job_work.returns -> 'quantity', format('Quantity of %s', v_return_name)),
    format('Quantity of %s', v_return_name), 0, coalesce(v_return_product.unit_of_measure = 'pcs', false), 'returns'),
    format('Quantity of %s', v_return_name), 3, 'returns');
  if v_return_quantity = 0 then
    perform private.raise_input_error(format('Quantity of %s must be greater than 0.', v_return_name), 'returns');
  end if;
  v_charge_rate := private.require_decimals(private.require_number(send_job_work.charge_rate, 'Charge per unit', 0,
    false, 'charge_rate'), 'Charge per unit', 2, 'charge_rate');
  v_charge_unit := coalesce(private.optional_text(send_job_work.charge_unit, 'Charge unit', 32, 'charge_unit'),
    v_return_material.unit_of_measure, nullif(v_return_product.unit_of_measure, 'pcs'), 'piece');
  if send_job_work.expected_on < rules.india_day(now()) then
    perform private.raise_input_error('Expected back on must be today or later.', 'expected_on');
  end if;

  v_challan := private.issue_delivery_challan(v_user_id, v_from, v_job_worker, send_job_work.lines, 'job work order',
    'send', 'sending job work');
  v_challan_lines := jsonb_array_length(send_job_work.lines);

  insert into public.job_work_orders (user_id, job_worker_location_id, from_location_id, delivery_challan_id,
    product_id, material_id, return_quantity, charge_rate, charge_unit, sent_on, expected_on)
  values (v_user_id, v_job_worker.id, v_from.id, v_challan.id, v_return_product.id, v_return_material.id,
    v_return_quantity, v_charge_rate, v_charge_unit, v_challan.challan_date, send_job_work.expected_on)
  returning * into v_order;

  -- Each line's use per unit coming back: the returned product's BOM line for it, else 1 when a
  -- single item is sent to be processed; what is sent covers what is to come back.
  select jsonb_agg(jsonb_build_object('position', c.position, 'product_id', c.product_id, 'material_id', c.material_id,
      'description', c.description, 'unit', c.unit, 'quantity', c.quantity, 'unit_value', c.unit_value,
      'per_unit', coalesce(
        (select b.consumption from public.bom_items b
         where b.product_id = v_return_product.id and b.material_id = c.material_id),
        (select s.quantity from public.bom_subassemblies s
         where s.product_id = v_return_product.id and s.subassembly_id = c.product_id),
        case when v_challan_lines = 1 then 1 end)) order by c.position)
  into v_lines
  from public.delivery_challan_lines c
  where c.delivery_challan_id = v_challan.id;
  for v_short in
    select l.description, l.unit, l.quantity, l.per_unit
    from jsonb_to_recordset(v_lines) l (description text, unit text, quantity numeric, per_unit numeric, position integer)
    where l.per_unit is null or l.quantity < round(v_return_quantity * l.per_unit, 3)
    order by l.position
    limit 1
  loop
    if v_short.per_unit is null then
      perform private.raise_input_error(format(
        '%s is not in %s''s BOM: send the BOM''s items, or one item to be processed into it.', v_short.description,
        v_return_name), 'lines');
    end if;
    perform private.raise_input_error(format('%s %s need %s %s of %s; %s are sent.', trim_scale(v_return_quantity),
      v_return_name, trim_scale(round(v_return_quantity * v_short.per_unit, 3)), v_short.unit, v_short.description,
      trim_scale(v_short.quantity)), 'returns');
  end loop;

  insert into public.job_work_order_lines (user_id, job_work_order_id, position, product_id, material_id,
    sent_quantity, per_unit, unit_value)
  select v_user_id, v_order.id, l.position, l.product_id, l.material_id, l.quantity, l.per_unit, l.unit_value
  from jsonb_to_recordset(v_lines)
    l (position integer, product_id uuid, material_id uuid, quantity numeric, per_unit numeric, unit_value numeric);

  v_replayed := jsonb_build_object('job_work_order_id', v_order.id, 'delivery_challan_id', v_challan.id,
    'challan_number', v_challan.challan_number, 'taxable_value', v_challan.taxable_value);
  perform private.remember_result(v_user_id, send_job_work.request_id, v_replayed);
  return v_replayed;
end;
$$;
comment on function public.send_job_work is
  'Sends lines [{"product_id" | "material_id", "quantity"}] (as transfer_stock takes them) from one of the caller''s own locations to a job worker''s location with a delivery challan in the DC/yy-yy/n series, for returns {"product_id" | "material_id", "quantity"} to come back at charge_rate per charge_unit (default the item''s unit). Each line must be in the returned product''s BOM (used per unit as its consumption) or be the one item processed (1:1), and cover the quantity to come back. Answers {job_work_order_id, delivery_challan_id, challan_number, taxable_value}. Refusals name their field; a repeated request_id returns the first answer and writes nothing.';
revoke all on function public.send_job_work(uuid, uuid, jsonb, jsonb, numeric, text, date, uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.send_job_work(uuid, uuid, jsonb, jsonb, numeric, text, date, uuid) to authenticated;

-- receive_job_work ------------------------------------------------------------------------------------
-- Locks the order (a second receipt of it waits and sees this one), then its items in id order
-- (products, then materials, as every stock operation takes them).
create function public.receive_job_work(
  job_work_order_id uuid,
  quantity_received numeric,
  loss numeric default 0,
  location_id uuid default null,
  gst_rate numeric default null,
  supplier_invoice_number text default null,
  supplier_invoice_date date default null,
  request_id uuid default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_replayed jsonb;
  v_order public.job_work_orders;
  v_job_worker public.locations;
  v_return_name text;
  v_unit text;
  v_in_pieces boolean;
  v_received numeric;
  v_lost numeric;
  v_due numeric;
  v_location_id uuid;
  v_invoice_number text := private.optional_text(receive_job_work.supplier_invoice_number,
    'Supplier invoice number', 16, 'supplier_invoice_number');
  v_charge numeric;
  v_input_tax record;
  v_inputs_value numeric;
  v_unit_cost numeric;
  v_stock numeric;
  v_receipt public.job_work_receipts;
begin
  v_replayed := private.replayed_result(v_user_id, receive_job_work.request_id, 'receive_job_work');
  if v_replayed is not null then
    return v_replayed;
  end if;

  select * into v_order from public.job_work_orders o
  where o.id = receive_job_work.job_work_order_id and o.user_id = v_user_id
  for no key update;
  if not found then
    perform private.raise_input_error('Job work order not found.', 'job_work_order_id');
  end if;
  select * into v_job_worker from public.locations l where l.id = v_order.job_worker_location_id;
  select coalesce(p.product_name, m.material_name), rules.stock_unit_label(p.unit_of_measure, m.unit_of_measure),
    coalesce(p.unit_of_measure = 'pcs', false)
  into v_return_name, v_unit, v_in_pieces
  from (select) x
  left join public.products p on p.id = v_order.product_id
  left join public.raw_materials m on m.id = v_order.material_id;

  v_received := private.require_decimals(private.require_number(coalesce(receive_job_work.quantity_received, 0),
    'Quantity received', 0, v_in_pieces, 'quantity_received'), 'Quantity received', 3,
    'quantity_received');
  v_lost := private.require_decimals(private.require_number(coalesce(receive_job_work.loss, 0), 'Loss', 0,
    v_in_pieces, 'loss'), 'Loss', 3, 'loss');
  if v_received + v_lost = 0 then
    perform private.raise_input_error('Enter the quantity received or lost.', 'quantity_received');
  end if;
  v_due := v_order.return_quantity - v_order.received_quantity - v_order.lost_quantity;
  if v_received + v_lost > v_due then
    perform private.raise_input_error(format('Only %s %s of %s is still due back from %s.', trim_scale(v_due), v_unit,
      v_return_name, v_job_worker.location_name), 'quantity_received');
  end if;
  v_location_id := coalesce(private.require_own_location(v_user_id, receive_job_work.location_id, 'location_id'),
    private.main_location_id(v_user_id));
  v_charge := round(v_order.charge_rate * v_received, 2);
  v_input_tax := private.require_input_tax(v_charge, receive_job_work.gst_rate, null, 'gst_rate', 'gst_rate');
  perform private.check_supplier_invoice(v_invoice_number, receive_job_work.supplier_invoice_date,
    coalesce(v_input_tax.paid, 0) > 0);

  perform from public.products p
  where p.user_id = v_user_id and (p.id = v_order.product_id
    or p.id in (select l.product_id from public.job_work_order_lines l where l.job_work_order_id = v_order.id))
  order by p.id for no key update;
  perform from public.raw_materials m
  where m.user_id = v_user_id and (m.id = v_order.material_id
    or m.id in (select l.material_id from public.job_work_order_lines l where l.job_work_order_id = v_order.id))
  order by m.id for no key update;

  -- What the received and lost units used, at most what is left of each line at the job worker.
  with amounts as (
    select l.id, least(round((v_received + v_lost) * l.per_unit, 3), l.sent_quantity - l.consumed_quantity) as quantity
    from public.job_work_order_lines l
    where l.job_work_order_id = v_order.id
  ),
  used as (
    update public.job_work_order_lines l
    set consumed_quantity = l.consumed_quantity + a.quantity
    from amounts a
    where l.id = a.id and a.quantity > 0
    returning l.product_id, l.material_id, l.unit_value, a.quantity
  ),
  moved as (
    insert into public.stock_movements (user_id, product_id, material_id, quantity, balance_after, reason, location_id,
      job_work_order_id)
    select v_user_id, u.product_id, u.material_id, -u.quantity,
      coalesce((select p.stock_on_hand from public.products p where p.id = u.product_id),
        (select m.stock_level from public.raw_materials m where m.id = u.material_id)),
      'job_work_consumption', v_job_worker.id, v_order.id
    from used u
  )
  select coalesce(sum(round(u.quantity * coalesce(u.unit_value, 0), 2)), 0) into v_inputs_value from used u;

  v_unit_cost := rules.job_work_unit_cost(v_inputs_value, v_charge, v_received);
  if v_received > 0 and v_order.product_id is not null then
    -- A product's BOM already costs the inputs of each unit that came; what the lost units used is
    -- borne by those units as job work, with the charge (their share of the inputs, pro rata).
    update public.products p
    set job_work_per_unit = private.moving_average_cost(p.stock_on_hand, p.job_work_per_unit, v_received,
        rules.job_work_unit_cost(round(v_inputs_value * v_lost / (v_received + v_lost), 2), v_charge, v_received)),
      stock_on_hand = p.stock_on_hand + v_received
    where p.id = v_order.product_id and p.stock_on_hand <= 2147483647 - v_received
    returning p.stock_on_hand into v_stock;
  elsif v_received > 0 then
    update public.raw_materials m
    set cost_per_unit = private.moving_average_cost(m.stock_level, m.cost_per_unit, v_received, v_unit_cost),
      stock_level = m.stock_level + v_received
    where m.id = v_order.material_id and m.stock_level <= 99999999999.999 - v_received
    returning m.stock_level into v_stock;
  end if;
  if v_received > 0 then
    if v_stock is null then
      raise exception 'Receiving this would take stock above what it can hold.';
    end if;
    insert into public.stock_movements (user_id, product_id, material_id, quantity, balance_after, reason, location_id,
      job_work_order_id)
    values (v_user_id, v_order.product_id, v_order.material_id, v_received, v_stock, 'job_work_received', v_location_id,
      v_order.id);
  end if;

  update public.job_work_orders o
  set received_quantity = o.received_quantity + v_received, lost_quantity = o.lost_quantity + v_lost
  where o.id = v_order.id;
  insert into public.job_work_receipts (user_id, job_work_order_id, received_quantity, lost_quantity, location_id,
    received_on, inputs_value, charge, gst_rate, gst_paid, supplier_invoice_number, supplier_invoice_date, unit_cost)
  values (v_user_id, v_order.id, v_received, v_lost, v_location_id, rules.india_day(now()), v_inputs_value, v_charge,
    v_input_tax.rate, coalesce(v_input_tax.paid, 0), v_invoice_number, receive_job_work.supplier_invoice_date,
    v_unit_cost)
  returning * into v_receipt;

  v_replayed := jsonb_build_object('receipt_id', v_receipt.id, 'job_work_order_id', v_order.id,
    'received', v_received, 'lost', v_lost, 'due', v_due - v_received - v_lost, 'inputs_value', v_inputs_value,
    'charge', v_charge, 'gst_paid', v_receipt.gst_paid, 'unit_cost', v_unit_cost);
  perform private.remember_result(v_user_id, receive_job_work.request_id, v_replayed);
  return v_replayed;
end;
$$;
comment on function public.receive_job_work is
  'Receives units of a job work order back (quantity_received, at an own location_id, default the main godown) and records units lost (loss), in parts, never more than is still due (field quantity_received). The lines sent fall at the job worker by what those units used; the charge (charge_rate x received, GST at gst_rate as input tax, against the supplier''s invoice) enters the received units'' cost (rules.job_work_unit_cost) and is a bill of the job worker''s supplier. Answers {receipt_id, job_work_order_id, received, lost, due, inputs_value, charge, gst_paid, unit_cost}; a repeated request_id returns the first answer and writes nothing.';
revoke all on function public.receive_job_work(uuid, numeric, numeric, uuid, numeric, text, date, uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.receive_job_work(uuid, numeric, numeric, uuid, numeric, text, date, uuid)
  to authenticated;

-- job_work_orders_list and job_work_pending -------------------------------------------------------------
-- Every job work order of the caller, newest first: what went, what is to come back, received,
-- lost and still due, what is still with the job worker, the charges billed so far, and its age
-- against the one-year limit (rules.job_work_warning_days).
create function public.job_work_orders_list()
returns table (
  job_work_order_id uuid,
  job_worker_location_id uuid,
  job_worker_name text,
  supplier_id uuid,
  delivery_challan_id uuid,
  challan_number text,
  sent_on date,
  expected_on date,
  return_item text,
  return_unit text,
  -- A product in pieces comes back whole; one in metres or kg, and a material, to 3 decimals.
  return_in_pieces boolean,
  return_quantity numeric,
  received_quantity numeric,
  lost_quantity numeric,
  due_quantity numeric,
  charge_rate numeric,
  charge_unit text,
  charges numeric,
  with_them jsonb,
  age_days integer,
  return_by date,
  warning boolean
)
language sql
stable
security invoker
set search_path = ''
as $$
  select o.id, l.id, l.location_name, l.supplier_id, c.id, c.challan_number, o.sent_on, o.expected_on,
    coalesce(p.product_name, m.material_name), rules.stock_unit_label(p.unit_of_measure, m.unit_of_measure),
    coalesce(p.unit_of_measure = 'pcs', false),
    o.return_quantity,
    o.received_quantity, o.lost_quantity, o.return_quantity - o.received_quantity - o.lost_quantity,
    o.charge_rate, o.charge_unit,
    coalesce((select sum(r.charge + r.gst_paid) from public.job_work_receipts r where r.job_work_order_id = o.id), 0),
    coalesce((
      select jsonb_agg(jsonb_build_object('item', d.description, 'unit', d.unit,
        'quantity', w.sent_quantity - w.consumed_quantity) order by w.position)
      from public.job_work_order_lines w
      join public.delivery_challan_lines d on d.delivery_challan_id = o.delivery_challan_id and d.position = w.position
      where w.job_work_order_id = o.id and w.consumed_quantity < w.sent_quantity), '[]'::jsonb),
    rules.india_day(now()) - o.sent_on,
    (o.sent_on + interval '1 year')::date,
    (exists (select from public.job_work_order_lines w where w.job_work_order_id = o.id
      and w.consumed_quantity < w.sent_quantity)
      and rules.india_day(now()) >= (o.sent_on + interval '1 year')::date - rules.job_work_warning_days())
  from public.job_work_orders o
  join public.locations l on l.id = o.job_worker_location_id
  join public.delivery_challans c on c.id = o.delivery_challan_id
  left join public.products p on p.id = o.product_id
  left join public.raw_materials m on m.id = o.material_id
  where o.user_id = (select auth.uid())
  order by o.sent_on desc, c.serial desc
$$;
comment on function public.job_work_orders_list is
  'The caller''s job work orders, newest first: challan, what is to come back (received, lost, due), what is still with the job worker (with_them: [{item, unit, quantity}]), charges billed with GST, age in days, the date a year after sending (return_by) and warning from rules.job_work_warning_days() before it while anything is still with them.';
revoke all on function public.job_work_orders_list() from public, anon, authenticated, service_role;
grant execute on function public.job_work_orders_list() to authenticated;

-- Per job worker: what is with them (per item), what is due back, charges, and the oldest order's
-- age and warning. Only job workers holding something or owing something back.
create function public.job_work_pending()
returns table (
  job_worker_location_id uuid,
  job_worker_name text,
  supplier_id uuid,
  open_orders integer,
  with_them jsonb,
  due_back jsonb,
  charges numeric,
  oldest_sent_on date,
  age_days integer,
  return_by date,
  warning boolean
)
language sql
stable
security invoker
set search_path = ''
as $$
  select o.job_worker_location_id, o.job_worker_name, o.supplier_id, count(*)::integer,
    (select coalesce(jsonb_agg(jsonb_build_object('item', w.item, 'unit', w.unit, 'quantity', w.quantity)
       order by w.item), '[]'::jsonb)
     from (
       select e ->> 'item' as item, e ->> 'unit' as unit, sum((e ->> 'quantity')::numeric) as quantity
       from public.job_work_orders_list() x cross join jsonb_array_elements(x.with_them) e
       where x.job_worker_location_id = o.job_worker_location_id
       group by 1, 2
     ) w),
    coalesce(jsonb_agg(jsonb_build_object('item', o.return_item, 'unit', o.return_unit, 'quantity', o.due_quantity,
      'expected_on', o.expected_on, 'challan_number', o.challan_number) order by o.sent_on)
      filter (where o.due_quantity > 0), '[]'::jsonb),
    sum(o.charges), min(o.sent_on), max(o.age_days), min(o.return_by), bool_or(o.warning)
  from public.job_work_orders_list() o
  where o.due_quantity > 0 or o.with_them <> '[]'::jsonb
  group by o.job_worker_location_id, o.job_worker_name, o.supplier_id
  order by min(o.sent_on)
$$;
comment on function public.job_work_pending is
  'Per job worker of the caller holding or owing something: open orders, what is with them per item, what is due back per order, charges billed, the oldest order''s send date, age in days and one-year date (return_by), and warning when any order nears that limit.';
revoke all on function public.job_work_pending() from public, anon, authenticated, service_role;
grant execute on function public.job_work_pending() to authenticated;

-- ITC-04 (rule 45(3), FORM GST ITC-04) ------------------------------------------------------------
-- The return period of an ITC-04 as the GST portal's offline tool codes it (fp = code || the
-- financial year's first calendar year): since Notification 35/2021-Central Tax it is filed for
-- each half-year (17: April to September, 18: October to March) when the previous year's aggregate
-- turnover is above Rs 5 crore, else once for the financial year (19). Codes as India Compliance's
-- ITC-04 export writes them (resilient-tech/india-compliance, itc_04_export.py). Null for any other
-- range of days.
create function rules.itc04_return_period(from_date date, to_date date) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when itc04_return_period.from_date = make_date(y, 4, 1) and itc04_return_period.to_date = make_date(y, 9, 30) then '17' || y
    when itc04_return_period.from_date = make_date(y, 10, 1) and itc04_return_period.to_date = make_date(y + 1, 3, 31) then '18' || y
    when itc04_return_period.from_date = make_date(y, 4, 1) and itc04_return_period.to_date = make_date(y + 1, 3, 31) then '19' || y
  end
  from (
    select extract(year from itc04_return_period.from_date)::integer
      - case when extract(month from itc04_return_period.from_date) < 4 then 1 else 0 end as y
  ) f
$$;
comment on function rules.itc04_return_period is
  'ITC-04''s return period code (fp) for from_date..to_date: 17yyyy April-September, 18yyyy October-March, 19yyyy the financial year beginning in April yyyy; null for any other range.';
revoke all on function rules.itc04_return_period(date, date) from public, anon, authenticated, service_role;
grant execute on function rules.itc04_return_period(date, date) to authenticated;

-- The caller's ITC-04 for a return period, in the layout of the GST portal's offline tool as India
-- Compliance writes it (itc_04_json_map.py and itc_04_export.py, commit eeb581c): `m2jw` (table 4,
-- goods sent to job workers) a row per job work challan dated in the period, its goods as inputs
-- ('8b'), their value at cost and no tax (none is charged on a challan); `table5A` a row per
-- receipt in the period, the goods received back and lost against the original challan, with the
-- job worker's own challan or invoice number when it was recorded. 5B (sent on from one job worker
-- to another) and 5C (sold from the job worker's place) are movements the app does not make: empty.
-- Quantities in the UQC of the item's unit (rules.tally_uqc), dates dd-mm-yyyy.
create function public.itc04(from_date date, to_date date) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_period text := rules.itc04_return_period(itc04.from_date, itc04.to_date);
  v_gstin text;
begin
  if v_period is null then
    perform private.raise_input_error(
      'ITC-04 is filed for April to September, October to March, or a whole financial year (April to March).',
      'from_date');
  end if;
  -- Null until the business profile is filled in: the tables still show, the file needs it.
  select p.gstin into v_gstin from public.business_profiles p where p.user_id = v_user_id;

  return jsonb_build_object(
    'gstin', v_gstin,
    'fp', v_period,
    'm2jw', coalesce((
      select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
        'ctin', c.consignee_gstin,
        'jw_stcd', c.place_of_supply,
        'chnum', c.challan_number,
        'chdt', to_char(c.challan_date, 'DD-MM-YYYY'),
        'flag', 'N',
        'itms', (
          select jsonb_agg(jsonb_build_object(
            'goods_ty', '8b',
            'desc', left(l.description, 30),
            'uqc', split_part(rules.tally_uqc(l.unit), '-', 1),
            'qty', trim_scale(l.quantity),
            'txval', coalesce(l.taxable_value, 0),
            'tx_i', 0, 'tx_c', 0, 'tx_s', 0, 'tx_cs', 0) order by l.position)
          from public.delivery_challan_lines l where l.delivery_challan_id = c.id)))
        order by c.challan_date, c.serial)
      from public.delivery_challans c
      where c.user_id = v_user_id and c.purpose = 'job_work'
        and c.challan_date between itc04.from_date and itc04.to_date), '[]'::jsonb),
    'table5A', coalesce((
      select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
        'ctin', c.consignee_gstin,
        'jw_stcd', c.place_of_supply,
        'flag', 'N',
        'items', jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
          'o_chnum', c.challan_number,
          'o_chdt', to_char(c.challan_date, 'DD-MM-YYYY'),
          'jw2_chnum', r.supplier_invoice_number,
          'jw2_chdt', to_char(coalesce(r.supplier_invoice_date, r.received_on), 'DD-MM-YYYY'),
          'nat_jw', 'Job Work',
          'uqc', split_part(rules.tally_uqc(coalesce(p.unit_of_measure, m.unit_of_measure)), '-', 1),
          'qty', trim_scale(r.received_quantity),
          'desc', left(coalesce(p.product_name, m.material_name), 30),
          'lwuqc', case when r.lost_quantity > 0 then split_part(rules.tally_uqc(coalesce(p.unit_of_measure, m.unit_of_measure)), '-', 1) end,
          'lwqty', case when r.lost_quantity > 0 then trim_scale(r.lost_quantity) end)))))
        order by r.received_on, r.created_at)
      from public.job_work_receipts r
      join public.job_work_orders o on o.id = r.job_work_order_id and o.user_id = r.user_id
      join public.delivery_challans c on c.id = o.delivery_challan_id and c.user_id = o.user_id
      left join public.products p on p.id = o.product_id and p.user_id = o.user_id
      left join public.raw_materials m on m.id = o.material_id and m.user_id = o.user_id
      where r.user_id = v_user_id and r.received_on between itc04.from_date and itc04.to_date), '[]'::jsonb),
    'table5B', '[]'::jsonb,
    'table5C', '[]'::jsonb);
end;
$$;
comment on function public.itc04 is
  'The caller''s ITC-04 for a half-year or financial year (from_date..to_date, rules.itc04_return_period) as the GST portal''s offline tool reads it: gstin, fp, m2jw (table 4: job work challans dated in the period, inputs at cost, no tax), table5A (receipts in the period: received and lost against the original challan), table5B and table5C empty; gstin null without a business profile. Refused naming from_date: another range of days. Writes nothing.';
revoke all on function public.itc04(date, date) from public, anon, authenticated, service_role;
grant execute on function public.itc04(date, date) to authenticated;

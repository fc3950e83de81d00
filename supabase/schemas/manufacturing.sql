-- Manufacturing orders: starting a run consumes BOM consumption (quantity with wastage) x
-- quantity_to_produce of every material, and the pieces of every sub-assembly, at once; completing it adds its quantity to product stock; cancelling a run in progress
-- puts back what it consumed. Security definer operations, as for sales (sales_orders.sql).

create table public.manufacturing_orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  product_id uuid not null,
  product_name text not null,
  -- In the product's unit: whole pieces, or metres and kilograms to 3 decimals (start_production).
  quantity_to_produce numeric(14, 3) not null check (quantity_to_produce > 0),
  status public.manufacturing_order_status not null default 'In Progress',
  creation_date timestamptz not null default now(),
  completion_date timestamptz,
  -- Where the run consumes its materials and its output arrives (locations.sql); null: the main godown.
  location_id uuid,
  constraint manufacturing_orders_completion_date_check
    check ((status = 'Completed') = (completion_date is not null)),
  foreign key (location_id, user_id) references public.locations (id, user_id),
  foreign key (product_id, user_id) references public.products (id, user_id)
);
comment on table public.manufacturing_orders is
  'Production runs. Starting one consumes its materials; completing it adds quantity_to_produce to product stock.';

create index manufacturing_orders_user_id_creation_date_idx
  on public.manufacturing_orders (user_id, creation_date desc);
create index manufacturing_orders_location_id_user_id_idx
  on public.manufacturing_orders (location_id, user_id) where location_id is not null;
create index manufacturing_orders_product_id_user_id_idx
  on public.manufacturing_orders (product_id, user_id);

alter table public.manufacturing_orders enable row level security;
create policy "Owners can read their manufacturing orders" on public.manufacturing_orders
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.manufacturing_orders from public, anon, authenticated, service_role;
grant all on public.manufacturing_orders to service_role;
grant select on public.manufacturing_orders to authenticated;

-- Realtime: the app listens to this table, filtered to its user.
alter publication supabase_realtime add table public.manufacturing_orders;

-- Starting runs: start_production (one) and start_production_batch (several) share these steps.

-- The caller's product to produce, held `for share` until the transaction ends: update_product and
-- update_style (which replace BOMs) update the row first, so the BOM cannot change between the
-- check and the consumption. Refuses another user's product ('Product not found.') and archived ones.
create function private.product_to_produce(user_id uuid, product_id uuid) returns public.products
language plpgsql
set search_path = ''
as $$
declare
  v_product public.products;
begin
  select * into v_product
  from public.products p
  where p.id = product_to_produce.product_id and p.user_id = product_to_produce.user_id
  for share;
  if not found then
    raise exception 'Product not found.';
  end if;
  if v_product.archived_at is not null then
    raise exception '% is archived.', v_product.product_name;
  end if;
  if v_product.is_combo then
    raise exception '% is a combo: it is made up from its parts when sold, never produced.', v_product.product_name;
  end if;
  return v_product;
end;
$$;

-- Locks every sub-assembly and every material the BOMs of these products consume: the products in
-- id order, then the materials in id order (every operation that takes both takes them in that
-- order), so concurrent starts over shared items queue behind each other instead of deadlocking,
-- and two runs of parents over one sub-assembly cannot both take its last pieces. `no key update`
-- (what the stock update itself takes), not `update`: the key-share locks that foreign keys take (a
-- new product's BOM rows naming these items, in any order) must not wait on it, or create_product
-- and start_production deadlock.
create function private.lock_bom_components(user_id uuid, product_ids uuid[]) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform 1
  from public.products p
  where p.user_id = lock_bom_components.user_id and p.id in (
    select s.subassembly_id from public.bom_subassemblies s
    where s.product_id = any (lock_bom_components.product_ids) and s.user_id = lock_bom_components.user_id
  )
  order by p.id
  for no key update of p;
  perform 1
  from public.raw_materials m
  where m.user_id = lock_bom_components.user_id and m.id in (
    select b.material_id from public.bom_items b
    where b.product_id = any (lock_bom_components.product_ids) and b.user_id = lock_bom_components.user_id
  )
  order by m.id
  for no key update of m;
end;
$$;

-- What runs of these products (product_id, quantity) need of each material and each sub-assembly
-- against what is in stock, one row per item: materials consume BOM consumption (quantity with
-- wastage) x units, sub-assemblies their pieces x units. The check of start_production and
-- start_production_batch; the app shows the same list as required versus available.
create function private.production_needs(user_id uuid, product_ids uuid[], quantities numeric[])
returns table (item_name text, item_id uuid, needed numeric, available numeric)
language sql
stable
set search_path = ''
as $$
  select m.material_name, m.id, sum(round(b.consumption * r.quantity, 3)), m.stock_level
  from unnest(production_needs.product_ids, production_needs.quantities) r (product_id, quantity)
  join public.bom_items b on b.product_id = r.product_id and b.user_id = production_needs.user_id
  join public.raw_materials m on m.id = b.material_id and m.user_id = b.user_id
  group by m.id, m.material_name, m.stock_level
  union all
  select c.product_name, c.id, sum(round(s.quantity * r.quantity, 3)), c.stock_on_hand
  from unnest(production_needs.product_ids, production_needs.quantities) r (product_id, quantity)
  join public.bom_subassemblies s on s.product_id = r.product_id and s.user_id = production_needs.user_id
  join public.products c on c.id = s.subassembly_id and c.user_id = s.user_id
  group by c.id, c.product_name, c.stock_on_hand
$$;

-- The quantity of a run of this product in its unit (private.require_unit_quantity: whole pieces,
-- or metres and kilograms to 3 decimals, from the smallest step), which must also use whole pieces
-- of every sub-assembly counted in pieces (7.5 m of a fabric taking 1 button a metre would use
-- 7.5 buttons). Refusals name field.
create function private.require_run_quantity(product public.products, quantity numeric, field text) returns numeric
language plpgsql
stable
set search_path = ''
as $$
declare
  v_part record;
begin
  perform private.require_unit_quantity(quantity, product.unit_of_measure, 'Quantity to produce', true, field);
  select c.product_name, trim_scale(s.quantity * require_run_quantity.quantity) as pieces into v_part
  from public.bom_subassemblies s
  join public.products c on c.id = s.subassembly_id
  where s.product_id = product.id
    and s.quantity * require_run_quantity.quantity
      <> round(s.quantity * require_run_quantity.quantity, rules.unit_decimals(c.unit_of_measure))
  order by c.product_name
  limit 1;
  if found then
    perform private.raise_input_error(
      format('%s %s of %s would use %s pieces of %s; choose a quantity that uses whole pieces.',
        trim_scale(quantity), product.unit_of_measure, product.product_name, v_part.pieces, v_part.product_name),
      field);
  end if;
  return quantity;
end;
$$;
revoke all on function private.require_run_quantity(public.products, numeric, text) from public, anon, authenticated, service_role;

-- The order of one run and every material and sub-assembly it consumes, with a ledger row each;
-- the caller has locked the product and its components and checked there is enough.
create function private.record_production_run(
  user_id uuid, product public.products, quantity numeric, location_id uuid default null
)
returns public.manufacturing_orders
language plpgsql
set search_path = ''
as $$
declare
  v_order public.manufacturing_orders;
begin
  insert into public.manufacturing_orders (user_id, product_id, product_name, quantity_to_produce, location_id)
  values (record_production_run.user_id, product.id, product.product_name, record_production_run.quantity,
    record_production_run.location_id)
  returning * into v_order;

  with consumed as (
    update public.raw_materials m
    set stock_level = m.stock_level - round(b.consumption * record_production_run.quantity, 3)
    from public.bom_items b
    where b.material_id = m.id and b.user_id = m.user_id
      and b.product_id = product.id and b.user_id = record_production_run.user_id
    returning m.id, round(b.consumption * record_production_run.quantity, 3) as consumed, m.stock_level
  )
  insert into public.stock_movements
    (user_id, material_id, quantity, balance_after, reason, manufacturing_order_id, location_id)
  select record_production_run.user_id, c.id, -c.consumed, c.stock_level, 'production_consumption', v_order.id,
    v_order.location_id
  from consumed c;

  with consumed as (
    update public.products p
    set stock_on_hand = p.stock_on_hand - round(s.quantity * record_production_run.quantity, 3)
    from public.bom_subassemblies s
    where s.subassembly_id = p.id and s.user_id = p.user_id
      and s.product_id = product.id and s.user_id = record_production_run.user_id
    returning p.id, round(s.quantity * record_production_run.quantity, 3) as consumed, p.stock_on_hand
  )
  insert into public.stock_movements
    (user_id, product_id, quantity, balance_after, reason, manufacturing_order_id, location_id)
  select record_production_run.user_id, c.id, -c.consumed, c.stock_on_hand, 'production_consumption', v_order.id,
    v_order.location_id
  from consumed c;
  return v_order;
end;
$$;

-- start_production: refuses archived products; holds the product while it reads the BOM --------
-- With a request_id (00_setup.sql), a repeat returns the first call's order and writes nothing.
create function public.start_production(
  product_id uuid,
  quantity_to_produce numeric,
  request_id uuid default null,
  location_id uuid default null
) returns public.manufacturing_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  -- Checked in the product's unit once the product is read (private.require_run_quantity).
  v_quantity numeric := start_production.quantity_to_produce;
  v_location_id uuid := private.require_own_location(v_user_id, start_production.location_id, 'location_id');
  v_product public.products;
  v_order public.manufacturing_orders;
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, start_production.request_id, 'start_production');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.manufacturing_orders, v_replayed);
  end if;
  if start_production.product_id is null then
    raise exception 'Product is required.';
  end if;

  v_product := private.product_to_produce(v_user_id, start_production.product_id);
  perform private.require_run_quantity(v_product, v_quantity, 'quantity_to_produce');
  -- Lock, then check every material and sub-assembly before writing.
  perform private.lock_bom_components(v_user_id, array[v_product.id]);
  if exists (
    select 1 from private.production_needs(v_user_id, array[v_product.id], array[v_quantity]) n
    where n.needed > n.available
  ) then
    raise exception 'Not enough raw materials to start production.';
  end if;

  v_order := private.record_production_run(v_user_id, v_product, v_quantity, v_location_id);

  perform private.remember_result(v_user_id, start_production.request_id, to_jsonb(v_order));
  return v_order;
end;
$$;
comment on function public.start_production is
  'Starts a manufacturing order of quantity_to_produce in the product''s unit (whole pieces; metres or kilograms to 3 decimals) and consumes BOM consumption (quantity with wastage) x quantity_to_produce of every material and the pieces of every sub-assembly, or refuses with "Not enough raw materials to start production." (or "{product} is archived.") and commits nothing. At location_id, one of the caller''s own (default the main godown): the run consumes there and its output arrives there. A repeated request_id returns the first call''s order and writes nothing.';
revoke all on function public.start_production(uuid, numeric, uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.start_production(uuid, numeric, uuid, uuid) to authenticated;

-- Starts runs of these products (each once, quantities in each product's unit, refused on field
-- otherwise: private.require_run_quantity) in one transaction, all or
-- nothing, in the order given: the products are held in id order, then every material and
-- sub-assembly of every BOM is locked in id order (as start_production: concurrent batches and single
-- runs queue, never deadlock), and the check is made on the sum over all runs: when an item is
-- short, the refusal names it ('Not enough Fabric: 30 needed, 20 available.', the first short item
-- by name). The one path of start_production_batch and commit_production_plan (planning.sql).
create function private.start_production_runs(user_id uuid, product_ids uuid[], quantities numeric[], field text)
returns uuid[]
language plpgsql
set search_path = ''
as $$
declare
  v_products public.products[] := '{}'::public.products[];
  v_product_id uuid;
  v_short record;
  v_order_ids uuid[] := '{}'::uuid[];
begin
  for v_product_id in select u.id from unnest(start_production_runs.product_ids) u (id) order by u.id loop
    v_products := v_products || private.product_to_produce(start_production_runs.user_id, v_product_id);
  end loop;
  for v_position in 1 .. cardinality(start_production_runs.product_ids) loop
    perform private.require_run_quantity(
      (select p from unnest(v_products) p where p.id = start_production_runs.product_ids[v_position]),
      start_production_runs.quantities[v_position], start_production_runs.field);
  end loop;
  perform private.lock_bom_components(start_production_runs.user_id, start_production_runs.product_ids);

  select n.item_name, trim_scale(n.needed) as needed, trim_scale(n.available) as available
  into v_short
  from private.production_needs(start_production_runs.user_id, start_production_runs.product_ids,
    start_production_runs.quantities) n
  where n.needed > n.available
  order by n.item_name, n.item_id
  limit 1;
  if found then
    raise exception 'Not enough %: % needed, % available.', v_short.item_name, v_short.needed, v_short.available;
  end if;

  for v_position in 1 .. cardinality(start_production_runs.product_ids) loop
    v_order_ids := v_order_ids || (private.record_production_run(
      start_production_runs.user_id,
      (select p from unnest(v_products) p where p.id = start_production_runs.product_ids[v_position]),
      start_production_runs.quantities[v_position])).id;
  end loop;
  return v_order_ids;
end;
$$;

-- read_production_runs: a list of runs [{product_id, quantity_to_produce}] read as the products and
-- quantities to start (checked against each product's unit when it is read), each product once, or refused on the caller's field. The one reader of
-- start_production_batch's runs and commit_production_plan's plan.
create function private.read_production_runs(runs jsonb, field text, duplicate_message text,
  out product_ids uuid[], out quantities numeric[])
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_run jsonb;
  v_id_text text;
  v_product_id uuid;
begin
  product_ids := '{}'::uuid[];
  quantities := '{}'::numeric[];
  for v_run in select * from jsonb_array_elements(read_production_runs.runs) loop
    if jsonb_typeof(v_run) <> 'object' or jsonb_typeof(v_run -> 'product_id') is distinct from 'string' then
      raise exception 'Each run needs a product.' using hint = 'field:' || read_production_runs.field;
    end if;
    -- A number, or absent or null ('Quantity to produce is required.'): text is not read as one.
    if coalesce(jsonb_typeof(v_run -> 'quantity_to_produce'), 'null') not in ('number', 'null') then
      raise exception 'Quantity to produce must be a number.' using hint = 'field:' || read_production_runs.field;
    end if;
    quantities := quantities || (v_run ->> 'quantity_to_produce')::numeric;
    -- Any spelling that is not a uuid names no product (as a BOM's material ids).
    v_id_text := lower(v_run ->> 'product_id');
    v_product_id := case
      when v_id_text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then v_id_text::uuid
    end;
    if v_product_id is null then
      raise exception 'Product not found.';
    end if;
    if v_product_id = any (product_ids) then
      raise exception '%', read_production_runs.duplicate_message using hint = 'field:' || read_production_runs.field;
    end if;
    product_ids := product_ids || v_product_id;
  end loop;
end;
$$;
revoke all on function private.read_production_runs(jsonb, text, text) from public, anon, authenticated, service_role;

-- start_production_batch ------------------------------------------------------------------------
-- Several runs in one transaction (one cut of a lot across sizes), all or nothing: `runs` is
-- [{product_id, quantity_to_produce}], 1 to 100 runs, each product once, each quantity in its
-- product's unit (whole pieces from 1; metres or kilograms to 3 decimals). The products are held in id order, then every material of every BOM is locked in
-- id order (as start_production: concurrent batches and single runs queue, never deadlock), and
-- start_production's check is made on the sum over all runs: when a material is short, the refusal
-- names it ('Not enough Fabric: 30 needed, 20 available.', the first short material by name).
-- Returns the new orders' ids in the order of `runs`. Refusals about the list name it
-- (hint 'field:runs'). With a request_id, a repeat returns the first call's ids and writes nothing.
create function public.start_production_batch(runs jsonb, request_id uuid default null) returns uuid[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_product_ids uuid[];
  v_quantities numeric[];
  v_order_ids uuid[];
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, start_production_batch.request_id, 'start_production_batch');
  if v_replayed is not null then
    return array(select jsonb_array_elements_text(v_replayed)::uuid);
  end if;
  if jsonb_typeof(runs) is distinct from 'array' or jsonb_array_length(runs) = 0 then
    raise exception 'A batch needs a list of runs, each a product and a quantity to produce.' using hint = 'field:runs';
  end if;
  if jsonb_array_length(runs) > 100 then
    perform private.raise_input_error(
      format('A batch can have at most 100 runs; this one has %s.', jsonb_array_length(runs)), 'runs');
  end if;

  select r.product_ids, r.quantities into v_product_ids, v_quantities
  from private.read_production_runs(runs, 'runs', 'A product can appear only once in a batch.') r;

  v_order_ids := private.start_production_runs(v_user_id, v_product_ids, v_quantities, 'runs');

  perform private.remember_result(v_user_id, start_production_batch.request_id, to_jsonb(v_order_ids));
  return v_order_ids;
end;
$$;
comment on function public.start_production_batch is
  'Starts several manufacturing orders ([{product_id, quantity_to_produce}], at most 100, each product once) in one transaction, checking every material against the sum over all runs ("Not enough {material}: {needed} needed, {available} available."), all or nothing. Returns the new order ids in the order of runs. A repeated request_id returns the first call''s ids and writes nothing.';
revoke all on function public.start_production_batch(jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.start_production_batch(jsonb, uuid) to authenticated;

-- complete_production: a cancelled or completed order says so ---------------------------------
create function public.complete_production(order_id uuid) returns public.manufacturing_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_order public.manufacturing_orders;
  v_balance numeric;
begin
  update public.manufacturing_orders o
  set status = 'Completed', completion_date = now()
  where o.id = complete_production.order_id and o.user_id = v_user_id and o.status = 'In Progress'
  returning * into v_order;

  if not found then
    select * into v_order from public.manufacturing_orders o
    where o.id = complete_production.order_id and o.user_id = v_user_id;
    if not found then
      raise exception 'Manufacturing order not found.';
    end if;
    raise exception 'This manufacturing order is already %.', lower(v_order.status::text);
  end if;

  -- Stock stays within what an integer holds (as restock_product); say so rather than fail later.
  update public.products p
  set stock_on_hand = p.stock_on_hand + v_order.quantity_to_produce
  where p.id = v_order.product_id and p.user_id = v_user_id
    and p.stock_on_hand <= 2147483647 - v_order.quantity_to_produce
  returning p.stock_on_hand into v_balance;
  if not found then
    raise exception 'Completing this order would take stock on hand above 2147483647.';
  end if;

  insert into public.stock_movements
    (user_id, product_id, quantity, balance_after, reason, manufacturing_order_id, location_id)
  values (
    v_user_id, v_order.product_id, v_order.quantity_to_produce, v_balance,
    'production_output', v_order.id, v_order.location_id
  );

  return v_order;
end;
$$;
comment on function public.complete_production is
  'Completes an In Progress manufacturing order, sets completion_date and adds its quantity to product stock.';
revoke all on function public.complete_production(uuid) from public, anon, authenticated, service_role;
grant execute on function public.complete_production(uuid) to authenticated;

-- cancel_manufacturing_order --------------------------------------------------------------------
create function public.cancel_manufacturing_order(order_id uuid) returns public.manufacturing_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_order public.manufacturing_orders;
begin
  -- The status condition decides a race with complete_production or a second cancel.
  update public.manufacturing_orders o
  set status = 'Cancelled'
  where o.id = cancel_manufacturing_order.order_id and o.user_id = v_user_id
    and o.status = 'In Progress'
  returning * into v_order;

  if not found then
    if exists (
      select 1 from public.manufacturing_orders o
      where o.id = cancel_manufacturing_order.order_id and o.user_id = v_user_id
    ) then
      raise exception 'Only orders in progress can be cancelled.';
    end if;
    raise exception 'Manufacturing order not found.';
  end if;

  -- Put back exactly what the run consumed, as its ledger rows recorded it (the BOM may have been
  -- edited since), locking the sub-assemblies, then the materials, in id order like start_production.
  perform 1
  from public.products p
  where p.user_id = v_user_id and p.id in (
    select s.product_id from public.stock_movements s
    where s.manufacturing_order_id = v_order.id and s.reason = 'production_consumption'
  )
  order by p.id
  for no key update;
  perform 1
  from public.raw_materials m
  where m.user_id = v_user_id and m.id in (
    select s.material_id from public.stock_movements s
    where s.manufacturing_order_id = v_order.id and s.reason = 'production_consumption'
  )
  order by m.id
  for no key update;

  with consumed as (
    select s.material_id, -sum(s.quantity) as quantity
    from public.stock_movements s
    where s.manufacturing_order_id = v_order.id and s.reason = 'production_consumption'
      and s.user_id = v_user_id and s.material_id is not null
    group by s.material_id
  ),
  returned as (
    update public.raw_materials m
    set stock_level = m.stock_level + c.quantity
    from consumed c
    where m.id = c.material_id and m.user_id = v_user_id
    returning m.id, c.quantity, m.stock_level
  )
  insert into public.stock_movements
    (user_id, material_id, quantity, balance_after, reason, manufacturing_order_id, location_id)
  select v_user_id, r.id, r.quantity, r.stock_level, 'production_cancelled', v_order.id, v_order.location_id
  from returned r;

  with consumed as (
    select s.product_id, -sum(s.quantity) as quantity
    from public.stock_movements s
    where s.manufacturing_order_id = v_order.id and s.reason = 'production_consumption'
      and s.user_id = v_user_id and s.product_id is not null
    group by s.product_id
  ),
  returned as (
    update public.products p
    set stock_on_hand = p.stock_on_hand + c.quantity
    from consumed c
    where p.id = c.product_id and p.user_id = v_user_id
    returning p.id, c.quantity, p.stock_on_hand
  )
  insert into public.stock_movements
    (user_id, product_id, quantity, balance_after, reason, manufacturing_order_id, location_id)
  select v_user_id, r.id, r.quantity, r.stock_on_hand, 'production_cancelled', v_order.id, v_order.location_id
  from returned r;

  return v_order;
end;
$$;
comment on function public.cancel_manufacturing_order is
  'Cancels an In Progress manufacturing order and puts back every material and sub-assembly it consumed, or refuses with "Only orders in progress can be cancelled."';
revoke all on function public.cancel_manufacturing_order(uuid) from public, anon, authenticated, service_role;
grant execute on function public.cancel_manufacturing_order(uuid) to authenticated;

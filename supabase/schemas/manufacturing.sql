-- Manufacturing orders: starting a run consumes BOM quantity x quantity_to_produce of every
-- material at once; completing it adds its quantity to product stock; cancelling a run in progress
-- puts back what it consumed. Security definer operations, as for sales (sales_orders.sql).

create table public.manufacturing_orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  product_id uuid not null,
  product_name text not null,
  quantity_to_produce integer not null check (quantity_to_produce > 0),
  status public.manufacturing_order_status not null default 'In Progress',
  creation_date timestamptz not null default now(),
  completion_date timestamptz,
  constraint manufacturing_orders_completion_date_check
    check ((status = 'Completed') = (completion_date is not null)),
  foreign key (product_id, user_id) references public.products (id, user_id)
);
comment on table public.manufacturing_orders is
  'Production runs. Starting one consumes its materials; completing it adds quantity_to_produce to product stock.';

create index manufacturing_orders_user_id_creation_date_idx
  on public.manufacturing_orders (user_id, creation_date desc);
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

-- start_production: refuses archived products; holds the product while it reads the BOM --------
-- With a request_id (00_setup.sql), a repeat returns the first call's order and writes nothing.
create function public.start_production(
  product_id uuid,
  quantity_to_produce numeric,
  request_id uuid default null
) returns public.manufacturing_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_quantity integer :=
    private.require_number(
      start_production.quantity_to_produce, 'Quantity to produce', 1, true, 'quantity_to_produce');
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

  -- `for share`: update_product (which replaces the BOM) updates this row first, so the BOM
  -- cannot change between the check and the consumption below.
  select * into v_product
  from public.products p
  where p.id = start_production.product_id and p.user_id = v_user_id
  for share;
  if not found then
    raise exception 'Product not found.';
  end if;
  if v_product.archived_at is not null then
    raise exception '% is archived.', v_product.product_name;
  end if;

  -- Lock every material this run consumes, always in id order, so concurrent starts over shared
  -- materials queue behind each other instead of deadlocking; then check all before writing.
  -- `no key update` (what the stock update itself takes), not `update`: the key-share locks that
  -- foreign keys take (a new product's BOM rows naming these materials, in any order) must not
  -- wait on it, or create_product and start_production deadlock.
  perform 1
  from public.raw_materials m
  join public.bom_items b on b.material_id = m.id and b.user_id = m.user_id
  where b.product_id = v_product.id and b.user_id = v_user_id
  order by m.id
  for no key update of m;

  if exists (
    select 1
    from public.bom_items b
    join public.raw_materials m on m.id = b.material_id and m.user_id = b.user_id
    where b.product_id = v_product.id and b.user_id = v_user_id
      and b.quantity * v_quantity > m.stock_level
  ) then
    raise exception 'Not enough raw materials to start production.';
  end if;

  insert into public.manufacturing_orders (user_id, product_id, product_name, quantity_to_produce)
  values (v_user_id, v_product.id, v_product.product_name, v_quantity)
  returning * into v_order;

  with consumed as (
    update public.raw_materials m
    set stock_level = m.stock_level - b.quantity * v_quantity
    from public.bom_items b
    where b.material_id = m.id and b.user_id = m.user_id
      and b.product_id = v_product.id and b.user_id = v_user_id
    returning m.id, b.quantity * v_quantity as consumed, m.stock_level
  )
  insert into public.stock_movements
    (user_id, material_id, quantity, balance_after, reason, manufacturing_order_id)
  select v_user_id, c.id, -c.consumed, c.stock_level, 'production_consumption', v_order.id
  from consumed c;

  perform private.remember_result(v_user_id, start_production.request_id, to_jsonb(v_order));
  return v_order;
end;
$$;
comment on function public.start_production is
  'Starts a manufacturing order and consumes BOM quantity x quantity_to_produce of every material, or refuses with "Not enough raw materials to start production." (or "{product} is archived.") and commits nothing. A repeated request_id returns the first call''s order and writes nothing.';
revoke all on function public.start_production(uuid, numeric, uuid) from public, anon, authenticated, service_role;
grant execute on function public.start_production(uuid, numeric, uuid) to authenticated;

-- complete_production: a cancelled or completed order says so ---------------------------------
create function public.complete_production(order_id uuid) returns public.manufacturing_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_order public.manufacturing_orders;
  v_balance integer;
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

  -- stock_on_hand is an integer; say so rather than fail with "integer out of range".
  update public.products p
  set stock_on_hand = p.stock_on_hand + v_order.quantity_to_produce
  where p.id = v_order.product_id and p.user_id = v_user_id
    and p.stock_on_hand <= 2147483647 - v_order.quantity_to_produce
  returning p.stock_on_hand into v_balance;
  if not found then
    raise exception 'Completing this order would take stock on hand above 2147483647.';
  end if;

  insert into public.stock_movements
    (user_id, product_id, quantity, balance_after, reason, manufacturing_order_id)
  values (
    v_user_id, v_order.product_id, v_order.quantity_to_produce, v_balance,
    'production_output', v_order.id
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
  -- edited since), locking the materials in id order like start_production.
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
      and s.user_id = v_user_id
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
    (user_id, material_id, quantity, balance_after, reason, manufacturing_order_id)
  select v_user_id, r.id, r.quantity, r.stock_level, 'production_cancelled', v_order.id
  from returned r;

  return v_order;
end;
$$;
comment on function public.cancel_manufacturing_order is
  'Cancels an In Progress manufacturing order and puts back every material it consumed, or refuses with "Only orders in progress can be cancelled."';
revoke all on function public.cancel_manufacturing_order(uuid) from public, anon, authenticated, service_role;
grant execute on function public.cancel_manufacturing_order(uuid) to authenticated;

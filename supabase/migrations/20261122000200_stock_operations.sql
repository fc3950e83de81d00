-- Stock operations: the only way to create items and orders and to change stock.
--
-- Each is one transaction that checks its input, changes stock with a conditional or locked update
-- and writes a stock_movements row for every change, or raises a clear message and commits
-- nothing. They run as security definer because clients hold no privilege on stock columns, orders
-- or the ledger; so every statement filters on the caller's auth.uid() itself. Validation helpers
-- live in the unexposed `private` schema, reachable only from these functions.

create schema private;
comment on schema private is 'Helpers for the stock operations; not exposed through the API.';

-- Validation helpers ---------------------------------------------------------------------------
create function private.require_user_id() returns uuid
language plpgsql stable
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  if v_user_id is null then
    raise exception 'Not signed in.' using errcode = '42501';
  end if;
  return v_user_id;
end;
$$;

create function private.require_text(value text, label text, max_length integer) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is null or btrim(value) = '' then
    raise exception '% is required.', label;
  end if;
  return private.optional_text(value, label, max_length);
end;
$$;

create function private.optional_text(value text, label text, max_length integer) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  if length(btrim(value)) > max_length then
    raise exception '% must be at most % characters.', label, max_length;
  end if;
  return nullif(btrim(value), '');
end;
$$;

create function private.require_number(
  value numeric, label text, minimum numeric, whole boolean default false
) returns numeric
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is null then
    raise exception '% is required.', label;
  end if;
  if value = 'NaN' or value in ('Infinity', '-Infinity') then
    raise exception '% must be a number.', label;
  end if;
  if whole and value <> trunc(value) then
    raise exception '% must be a whole number.', label;
  end if;
  if value < minimum then
    raise exception '% must be at least %.', label, minimum;
  end if;
  if value > 1000000000 then
    raise exception '% must be at most 1000000000.', label;
  end if;
  return value;
end;
$$;

create function private.require_platform(value text) returns public.sales_platform
language plpgsql stable
set search_path = ''
as $$
declare
  v_platforms text[] := enum_range(null::public.sales_platform)::text[];
begin
  if value is null or not (value = any (v_platforms)) then
    raise exception 'Platform must be one of: %.', array_to_string(v_platforms, ', ');
  end if;
  return value::public.sales_platform;
end;
$$;

-- create_product -------------------------------------------------------------------------------
create function public.create_product(
  sku text,
  product_name text,
  category text default null,
  selling_price numeric default null,
  stock_on_hand numeric default 0,
  reorder_point numeric default 10,
  bom jsonb default '[]'::jsonb
) returns public.products
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_product public.products;
  v_row jsonb;
  v_material_id uuid;
begin
  if exists (
    select 1 from public.products p
    where p.user_id = v_user_id and p.sku = btrim(create_product.sku)
  ) then
    raise exception 'A product with SKU % already exists.', btrim(create_product.sku)
      using errcode = '23505';
  end if;

  -- The check above cannot see a twin not yet committed; the unique key then decides, and the
  -- loser gets the same message.
  begin
    insert into public.products as p
      (user_id, sku, product_name, category, selling_price, stock_on_hand, reorder_point)
    values (
      v_user_id,
      private.require_text(create_product.sku, 'SKU', 64),
      private.require_text(create_product.product_name, 'Product name', 200),
      private.optional_text(create_product.category, 'Category', 100),
      private.require_number(create_product.selling_price, 'Selling price', 0.01),
      private.require_number(coalesce(create_product.stock_on_hand, 0), 'Stock on hand', 0, true),
      private.require_number(coalesce(create_product.reorder_point, 10), 'Reorder point', 0, true)
    )
    returning * into v_product;
  exception when unique_violation then
    raise exception 'A product with SKU % already exists.', btrim(create_product.sku)
      using errcode = '23505';
  end;

  if v_product.stock_on_hand > 0 then
    insert into public.stock_movements (user_id, product_id, quantity, balance_after, reason)
    values (v_user_id, v_product.id, v_product.stock_on_hand, v_product.stock_on_hand, 'opening_stock');
  end if;

  if jsonb_typeof(coalesce(create_product.bom, '[]'::jsonb)) <> 'array' then
    raise exception 'BOM must be a list of materials.';
  end if;

  for v_row in select * from jsonb_array_elements(coalesce(create_product.bom, '[]'::jsonb)) loop
    if jsonb_typeof(v_row) <> 'object' or coalesce(v_row ->> 'material_id', '') = '' then
      raise exception 'Each BOM row needs a material.';
    end if;
    if jsonb_typeof(v_row -> 'quantity') is distinct from 'number' then
      raise exception 'Each BOM row needs a quantity.';
    end if;

    select m.id into v_material_id
    from public.raw_materials m
    where m.user_id = v_user_id and m.id::text = lower(v_row ->> 'material_id');
    if v_material_id is null then
      raise exception 'Material not found.';
    end if;
    if exists (
      select 1 from public.bom_items b
      where b.product_id = v_product.id and b.material_id = v_material_id
    ) then
      raise exception 'A material can appear only once in a BOM.';
    end if;

    insert into public.bom_items (product_id, material_id, user_id, quantity)
    values (
      v_product.id,
      v_material_id,
      v_user_id,
      private.require_number((v_row ->> 'quantity')::numeric, 'BOM quantity', 0.001)
    );
  end loop;

  return v_product;
end;
$$;
comment on function public.create_product is
  'Creates a product and its bill of materials in one transaction; opening stock is recorded in the ledger.';

-- create_raw_material --------------------------------------------------------------------------
create function public.create_raw_material(
  material_name text,
  supplier text default null,
  cost_per_unit numeric default 0,
  stock_level numeric default 0,
  unit_of_measure text default 'units',
  reorder_point numeric default 20
) returns public.raw_materials
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_material public.raw_materials;
begin
  insert into public.raw_materials
    (user_id, material_name, supplier, cost_per_unit, stock_level, unit_of_measure, reorder_point)
  values (
    v_user_id,
    private.require_text(create_raw_material.material_name, 'Material name', 200),
    private.optional_text(create_raw_material.supplier, 'Supplier', 200),
    private.require_number(coalesce(create_raw_material.cost_per_unit, 0), 'Cost per unit', 0),
    private.require_number(coalesce(create_raw_material.stock_level, 0), 'Stock level', 0),
    coalesce(
      private.optional_text(create_raw_material.unit_of_measure, 'Unit of measure', 32), 'units'
    ),
    private.require_number(coalesce(create_raw_material.reorder_point, 20), 'Reorder point', 0)
  )
  returning * into v_material;

  if v_material.stock_level > 0 then
    insert into public.stock_movements (user_id, material_id, quantity, balance_after, reason)
    values (v_user_id, v_material.id, v_material.stock_level, v_material.stock_level, 'opening_stock');
  end if;

  return v_material;
end;
$$;
comment on function public.create_raw_material is
  'Creates a raw material; opening stock is recorded in the ledger.';

-- log_sale -------------------------------------------------------------------------------------
create function public.log_sale(
  product_id uuid,
  quantity numeric,
  platform text default 'Flipkart'
) returns public.sales_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_quantity integer := private.require_number(log_sale.quantity, 'Quantity', 1, true);
  v_platform public.sales_platform := private.require_platform(log_sale.platform);
  v_product public.products;
  v_order public.sales_orders;
begin
  if log_sale.product_id is null then
    raise exception 'Product is required.';
  end if;

  -- The stock check and the decrement are one conditional update: a second sale racing for the
  -- same units waits on the row lock, then re-checks against the new stock.
  update public.products p
  set stock_on_hand = p.stock_on_hand - v_quantity
  where p.id = log_sale.product_id and p.user_id = v_user_id and p.stock_on_hand >= v_quantity
  returning * into v_product;

  if not found then
    select * into v_product
    from public.products p
    where p.id = log_sale.product_id and p.user_id = v_user_id;
    if not found then
      raise exception 'Product not found.';
    end if;
    raise exception 'Not enough stock for %. Only % available.',
      v_product.product_name, v_product.stock_on_hand;
  end if;

  -- total_amount is numeric(14, 2); say so rather than fail with "numeric field overflow".
  if v_quantity * v_product.selling_price > 999999999999.99 then
    raise exception 'Sale total must be at most 999999999999.99.';
  end if;

  insert into public.sales_orders
    (user_id, platform, product_id, product_name, quantity, unit_price, total_amount)
  values (
    v_user_id, v_platform, v_product.id, v_product.product_name, v_quantity,
    v_product.selling_price, v_quantity * v_product.selling_price
  )
  returning * into v_order;

  insert into public.stock_movements
    (user_id, product_id, quantity, balance_after, reason, sales_order_id)
  values (v_user_id, v_product.id, -v_quantity, v_product.stock_on_hand, 'sale', v_order.id);

  return v_order;
end;
$$;
comment on function public.log_sale is
  'Records a sale and takes its quantity from product stock, or refuses with "Not enough stock for {product}. Only {n} available." and commits nothing.';

-- fulfil_sales_order ---------------------------------------------------------------------------
create function public.fulfil_sales_order(order_id uuid) returns public.sales_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_order public.sales_orders;
begin
  update public.sales_orders o
  set status = 'Fulfilled'
  where o.id = fulfil_sales_order.order_id and o.user_id = v_user_id and o.status = 'Unfulfilled'
  returning * into v_order;

  if not found then
    if exists (
      select 1 from public.sales_orders o
      where o.id = fulfil_sales_order.order_id and o.user_id = v_user_id
    ) then
      raise exception 'This order is already fulfilled.';
    end if;
    raise exception 'Sales order not found.';
  end if;

  return v_order;
end;
$$;
comment on function public.fulfil_sales_order is
  'Marks an Unfulfilled sales order Fulfilled. Changes nothing else: stock left when the sale was logged.';

-- start_production -----------------------------------------------------------------------------
create function public.start_production(
  product_id uuid,
  quantity_to_produce numeric
) returns public.manufacturing_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_quantity integer :=
    private.require_number(start_production.quantity_to_produce, 'Quantity to produce', 1, true);
  v_product public.products;
  v_order public.manufacturing_orders;
begin
  if start_production.product_id is null then
    raise exception 'Product is required.';
  end if;

  select * into v_product
  from public.products p
  where p.id = start_production.product_id and p.user_id = v_user_id;
  if not found then
    raise exception 'Product not found.';
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

  return v_order;
end;
$$;
comment on function public.start_production is
  'Starts a manufacturing order and consumes BOM quantity x quantity_to_produce of every material, or refuses with "Not enough raw materials to start production." and commits nothing.';

-- complete_production --------------------------------------------------------------------------
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
    if exists (
      select 1 from public.manufacturing_orders o
      where o.id = complete_production.order_id and o.user_id = v_user_id
    ) then
      raise exception 'This manufacturing order is already completed.';
    end if;
    raise exception 'Manufacturing order not found.';
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

-- Who may call what: signed-in users only, never anon (Supabase's default privileges grant
-- functions in public to anon, so revoke explicitly).
revoke all on function
  public.create_product(text, text, text, numeric, numeric, numeric, jsonb),
  public.create_raw_material(text, text, numeric, numeric, text, numeric),
  public.log_sale(uuid, numeric, text),
  public.fulfil_sales_order(uuid),
  public.start_production(uuid, numeric),
  public.complete_production(uuid)
from public, anon;
grant execute on function
  public.create_product(text, text, text, numeric, numeric, numeric, jsonb),
  public.create_raw_material(text, text, numeric, numeric, text, numeric),
  public.log_sale(uuid, numeric, text),
  public.fulfil_sales_order(uuid),
  public.start_production(uuid, numeric),
  public.complete_production(uuid)
to authenticated;

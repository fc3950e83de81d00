-- Running the shop for a month: receive materials, count stock, edit and archive items, cancel and
-- return sales, cancel production runs.
--
-- Every change of stock stays one security definer function (clients hold no privilege on stock
-- columns, orders or the ledger), atomic, filtered on the caller's auth.uid(), writing a
-- stock_movements row for each change, or raising a clear message and committing nothing. Editing
-- products and materials moves from direct column grants to update_product/update_raw_material,
-- so there is one way to do each thing and the edit applies the same checks as creating.

-- Columns --------------------------------------------------------------------------------------
-- Archived items leave the lists and pickers but keep their orders and ledger.
alter table public.products add column archived_at timestamptz;
alter table public.raw_materials add column archived_at timestamptz;
comment on column public.products.archived_at is
  'When the product was retired (null: active). Archived products cannot be sold or produced.';
comment on column public.raw_materials.archived_at is
  'When the material was retired (null: active). Archived materials cannot be added to a BOM.';

-- Why a count, receipt or return happened, in the owner's words.
alter table public.stock_movements add column note text check (length(note) <= 500);
-- A return without restock (damaged goods) writes no ledger row, so its note lives on the order.
alter table public.sales_orders add column return_note text check (length(return_note) <= 500);

-- Which reason needs which source: receipts and counts come from no order; cancellations and
-- returns name the order they undo.
alter table public.stock_movements drop constraint stock_movements_source_check;
alter table public.stock_movements add constraint stock_movements_source_check check (
  case reason
    when 'opening_stock' then num_nonnulls(sales_order_id, manufacturing_order_id) = 0
    when 'adjustment' then num_nonnulls(sales_order_id, manufacturing_order_id) = 0
    when 'purchase_receipt' then
      material_id is not null and num_nonnulls(sales_order_id, manufacturing_order_id) = 0
    when 'sale' then sales_order_id is not null and product_id is not null
    when 'sale_cancelled' then sales_order_id is not null and product_id is not null
    when 'sale_return' then sales_order_id is not null and product_id is not null
    when 'production_consumption' then manufacturing_order_id is not null and material_id is not null
    when 'production_cancelled' then manufacturing_order_id is not null and material_id is not null
    when 'production_output' then manufacturing_order_id is not null and product_id is not null
  end
);

-- Editing goes through the functions below: no direct writes, and no policies for them. ---------
revoke update on public.products, public.raw_materials from authenticated;
drop policy "Owners can edit their products" on public.products;
drop policy "Owners can edit their raw materials" on public.raw_materials;

-- Realtime: BOM rows are now deleted (update_product replaces a BOM), and a DELETE event carries
-- only the primary key, which Realtime can check neither against RLS nor against a user_id
-- filter, so it would reach every subscriber of the table. A BOM changes only together with its
-- product row (create_product, update_product), so the app refreshes BOMs on product events.
alter publication supabase_realtime drop table public.bom_items;

-- Helpers ----------------------------------------------------------------------------------------
-- A quantity that must be more than zero with at most three decimals (materials come in metres
-- and kilograms; the stock columns keep three).
create function private.require_positive_quantity(value numeric, label text) returns numeric
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is not null and value <> 'NaN' and value not in ('Infinity', '-Infinity') and value <= 0 then
    raise exception '% must be greater than 0.', label;
  end if;
  perform private.require_number(value, label, 0);
  return private.require_decimals(value, label, 3);
end;
$$;

-- Exactly one of a product and a material names the item an operation acts on.
create function private.require_one_item(product_id uuid, material_id uuid) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if num_nonnulls(product_id, material_id) <> 1 then
    raise exception 'Choose exactly one product or material.';
  end if;
end;
$$;

-- Replaces a product's bill of materials with `bom` ([{material_id, quantity}]), with the checks
-- and messages of create_product; archived materials are refused by the trigger below.
create function private.replace_bom(product_id uuid, user_id uuid, bom jsonb) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_row jsonb;
  v_material_id uuid;
begin
  if jsonb_typeof(bom) is distinct from 'array' then
    raise exception 'BOM must be a list of materials.';
  end if;

  delete from public.bom_items b
  where b.product_id = replace_bom.product_id and b.user_id = replace_bom.user_id;

  for v_row in select * from jsonb_array_elements(bom) loop
    if jsonb_typeof(v_row) <> 'object' or coalesce(v_row ->> 'material_id', '') = '' then
      raise exception 'Each BOM row needs a material.';
    end if;
    if jsonb_typeof(v_row -> 'quantity') is distinct from 'number' then
      raise exception 'Each BOM row needs a quantity.';
    end if;

    select m.id into v_material_id
    from public.raw_materials m
    where m.user_id = replace_bom.user_id and m.id::text = lower(v_row ->> 'material_id');
    if v_material_id is null then
      raise exception 'Material not found.';
    end if;
    if exists (
      select 1 from public.bom_items b
      where b.product_id = replace_bom.product_id and b.material_id = v_material_id
    ) then
      raise exception 'A material can appear only once in a BOM.';
    end if;

    insert into public.bom_items (product_id, material_id, user_id, quantity)
    values (
      replace_bom.product_id,
      v_material_id,
      replace_bom.user_id,
      private.require_decimals(
        private.require_number((v_row ->> 'quantity')::numeric, 'BOM quantity', 0.001), 'BOM quantity', 3
      )
    );
  end loop;
end;
$$;

-- create_product builds its BOM with the same helper, so a BOM is checked one way, created or edited.
create or replace function public.create_product(
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
  v_existing_sku text;
begin
  select p.sku into v_existing_sku
  from public.products p
  where p.user_id = v_user_id and lower(btrim(p.sku)) = lower(btrim(create_product.sku));
  if found then
    raise exception 'A product with SKU % already exists.', v_existing_sku using errcode = '23505';
  end if;

  -- The check above cannot see a twin not yet committed; the unique keys then decide, and the
  -- loser gets the same message.
  begin
    insert into public.products as p
      (user_id, sku, product_name, category, selling_price, stock_on_hand, reorder_point)
    values (
      v_user_id,
      private.require_text(create_product.sku, 'SKU', 64),
      private.require_text(create_product.product_name, 'Product name', 200),
      private.optional_text(create_product.category, 'Category', 100),
      private.require_decimals(
        private.require_number(create_product.selling_price, 'Selling price', 0.01), 'Selling price', 2
      ),
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

  perform private.replace_bom(v_product.id, v_user_id, coalesce(create_product.bom, '[]'::jsonb));

  return v_product;
end;
$$;


-- An archived material cannot join a BOM, whichever operation adds the row (create_product and
-- update_product both insert BOM rows); a trigger keeps that one rule in one place.
create function private.refuse_archived_bom_material() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_material public.raw_materials;
begin
  select * into v_material from public.raw_materials m where m.id = new.material_id;
  if v_material.archived_at is not null then
    raise exception '% is archived.', v_material.material_name;
  end if;
  return new;
end;
$$;
create trigger bom_items_refuse_archived_material
  before insert on public.bom_items
  for each row execute function private.refuse_archived_bom_material();

-- log_sale: refuses archived products ------------------------------------------------------------
create or replace function public.log_sale(
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
    and p.archived_at is null
  returning * into v_product;

  if not found then
    select * into v_product
    from public.products p
    where p.id = log_sale.product_id and p.user_id = v_user_id;
    if not found then
      raise exception 'Product not found.';
    end if;
    if v_product.archived_at is not null then
      raise exception '% is archived.', v_product.product_name;
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
  'Records a sale and takes its quantity from product stock, or refuses with "Not enough stock for {product}. Only {n} available." (or "{product} is archived.") and commits nothing.';

-- start_production: refuses archived products; holds the product while it reads the BOM ---------
create or replace function public.start_production(
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

  return v_order;
end;
$$;
comment on function public.start_production is
  'Starts a manufacturing order and consumes BOM quantity x quantity_to_produce of every material, or refuses with "Not enough raw materials to start production." (or "{product} is archived.") and commits nothing.';

-- fulfil_sales_order and complete_production: a cancelled or returned order says so ------------
create or replace function public.fulfil_sales_order(order_id uuid) returns public.sales_orders
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
    select * into v_order from public.sales_orders o
    where o.id = fulfil_sales_order.order_id and o.user_id = v_user_id;
    if not found then
      raise exception 'Sales order not found.';
    end if;
    raise exception 'This order is already %.', lower(v_order.status::text);
  end if;

  return v_order;
end;
$$;

create or replace function public.complete_production(order_id uuid) returns public.manufacturing_orders
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

-- receive_material -------------------------------------------------------------------------------
create function public.receive_material(
  material_id uuid,
  quantity numeric,
  unit_cost numeric default null,
  note text default null
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
  v_material public.raw_materials;
begin
  -- One update: the moving average reads the stock and cost it replaces under the row lock, so
  -- a production run or another receipt in between cannot be lost. stock_level is
  -- numeric(14, 3); say so rather than fail with "numeric field overflow".
  update public.raw_materials m
  set stock_level = m.stock_level + v_quantity,
      cost_per_unit = case
        when v_unit_cost is null then m.cost_per_unit
        -- Rounded to the column's 4 places (20261123100000), so a ₹0.125 button stays ₹0.125.
        else round((m.stock_level * m.cost_per_unit + v_quantity * v_unit_cost)
                   / (m.stock_level + v_quantity), 4)
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

  insert into public.stock_movements (user_id, material_id, quantity, balance_after, reason, note)
  values (v_user_id, v_material.id, v_quantity, v_material.stock_level, 'purchase_receipt', v_note);

  return v_material;
end;
$$;
comment on function public.receive_material is
  'Adds a purchase receipt to a material''s stock; with unit_cost, cost_per_unit becomes the moving average, rounded to the column''s 4 decimal places.';

-- adjust_stock -----------------------------------------------------------------------------------
create function public.adjust_stock(
  product_id uuid default null,
  material_id uuid default null,
  counted numeric default null,
  note text default null
) returns public.stock_movements
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_counted numeric;
  v_note text;
  v_before numeric;
  v_movement public.stock_movements;
begin
  perform private.require_one_item(adjust_stock.product_id, adjust_stock.material_id);
  v_counted := private.require_decimals(
    private.require_number(adjust_stock.counted, 'Counted stock', 0, adjust_stock.product_id is not null),
    'Counted stock', 3);
  if adjust_stock.note is null or btrim(adjust_stock.note) = '' then
    raise exception 'A reason is required.';
  end if;
  v_note := private.optional_text(adjust_stock.note, 'Reason', 500);

  -- Lock the item, then compare: a sale or production run racing with the count either ran
  -- before it (and the count overrides it) or waits and applies to the counted stock.
  if adjust_stock.product_id is not null then
    select p.stock_on_hand into v_before
    from public.products p
    where p.id = adjust_stock.product_id and p.user_id = v_user_id
    for no key update;
    if not found then
      raise exception 'Product not found.';
    end if;
  else
    select m.stock_level into v_before
    from public.raw_materials m
    where m.id = adjust_stock.material_id and m.user_id = v_user_id
    for no key update;
    if not found then
      raise exception 'Material not found.';
    end if;
  end if;

  if v_counted = v_before then
    raise exception 'Stock is already %.', trim_scale(v_before);
  end if;

  if adjust_stock.product_id is not null then
    update public.products p set stock_on_hand = v_counted
    where p.id = adjust_stock.product_id and p.user_id = v_user_id;
  else
    update public.raw_materials m set stock_level = v_counted
    where m.id = adjust_stock.material_id and m.user_id = v_user_id;
  end if;

  insert into public.stock_movements
    (user_id, product_id, material_id, quantity, balance_after, reason, note)
  values (
    v_user_id, adjust_stock.product_id, adjust_stock.material_id, v_counted - v_before, v_counted,
    'adjustment', v_note
  )
  returning * into v_movement;

  return v_movement;
end;
$$;
comment on function public.adjust_stock is
  'A physical count: sets one product''s or material''s stock to counted and records the signed difference with its reason.';

-- update_product ---------------------------------------------------------------------------------
create function public.update_product(
  product_id uuid,
  sku text,
  product_name text,
  category text,
  selling_price numeric,
  reorder_point numeric,
  bom jsonb default null
) returns public.products
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_product public.products;
begin
  -- Updating the row first also makes start_production (which holds it `for share` while it
  -- reads the BOM) wait for the BOM replaced below, or finish before it. The unique key on
  -- (user_id, sku) finds a duplicate SKU, committed or not.
  begin
    update public.products p
    set sku = private.require_text(update_product.sku, 'SKU', 64),
        product_name = private.require_text(update_product.product_name, 'Product name', 200),
        category = private.optional_text(update_product.category, 'Category', 100),
        selling_price = private.require_decimals(
          private.require_number(update_product.selling_price, 'Selling price', 0.01), 'Selling price', 2),
        reorder_point = private.require_number(
          coalesce(update_product.reorder_point, 10), 'Reorder point', 0, true)
    where p.id = update_product.product_id and p.user_id = v_user_id
    returning * into v_product;
  exception when unique_violation then
    raise exception 'A product with SKU % already exists.', btrim(update_product.sku)
      using errcode = '23505';
  end;
  if not found then
    raise exception 'Product not found.';
  end if;

  if update_product.bom is not null then
    perform private.replace_bom(v_product.id, v_user_id, update_product.bom);
  end if;

  return v_product;
end;
$$;
comment on function public.update_product is
  'Edits a product''s details with the checks of create_product; a non-null bom replaces its BOM in the same transaction. Stock is not edited here.';

-- update_raw_material ----------------------------------------------------------------------------
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
begin
  -- As in create_raw_material: names are unique per user regardless of case and spaces.
  begin
    update public.raw_materials m
    set material_name = private.require_text(update_raw_material.material_name, 'Material name', 200),
        supplier = private.optional_text(update_raw_material.supplier, 'Supplier', 200),
        cost_per_unit = private.require_decimals(
          private.require_number(coalesce(update_raw_material.cost_per_unit, 0), 'Cost per unit', 0),
          'Cost per unit', 4),
        unit_of_measure = coalesce(
          private.optional_text(update_raw_material.unit_of_measure, 'Unit of measure', 32), 'units'),
        reorder_point = private.require_decimals(
          private.require_number(coalesce(update_raw_material.reorder_point, 20), 'Reorder point', 0),
          'Reorder point', 3)
    where m.id = update_raw_material.material_id and m.user_id = v_user_id
    returning * into v_material;
  exception when unique_violation then
    raise exception 'A material named % already exists.', btrim(update_raw_material.material_name)
      using errcode = '23505';
  end;
  if not found then
    raise exception 'Material not found.';
  end if;
  return v_material;
end;
$$;
comment on function public.update_raw_material is
  'Edits a raw material''s details with the checks of create_raw_material. Stock is not edited here.';

-- archive_item -----------------------------------------------------------------------------------
create function public.archive_item(
  product_id uuid default null,
  material_id uuid default null,
  archived boolean default true
) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  -- Archiving again keeps the first date; restoring clears it.
  v_archived_at timestamptz := case when coalesce(archive_item.archived, true) then now() end;
begin
  perform private.require_one_item(archive_item.product_id, archive_item.material_id);
  if archive_item.product_id is not null then
    update public.products p
    set archived_at = case when v_archived_at is null then null else coalesce(p.archived_at, v_archived_at) end
    where p.id = archive_item.product_id and p.user_id = v_user_id;
    if not found then
      raise exception 'Product not found.';
    end if;
  else
    update public.raw_materials m
    set archived_at = case when v_archived_at is null then null else coalesce(m.archived_at, v_archived_at) end
    where m.id = archive_item.material_id and m.user_id = v_user_id;
    if not found then
      raise exception 'Material not found.';
    end if;
  end if;
end;
$$;
comment on function public.archive_item is
  'Archives (or with archived = false restores) one product or material; its orders and ledger stay.';

-- Puts units back on a product, refusing with a sentence where stock_on_hand (an integer) would
-- overflow. Returns the new balance.
create function private.restock_product(product_id uuid, user_id uuid, quantity integer)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_balance integer;
begin
  update public.products p
  set stock_on_hand = p.stock_on_hand + restock_product.quantity
  where p.id = restock_product.product_id and p.user_id = restock_product.user_id
    and p.stock_on_hand <= 2147483647 - restock_product.quantity
  returning p.stock_on_hand into v_balance;
  if not found then
    raise exception 'Putting this back would take stock on hand above 2147483647.';
  end if;
  return v_balance;
end;
$$;

-- cancel_sales_order -----------------------------------------------------------------------------
create function public.cancel_sales_order(order_id uuid) returns public.sales_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_order public.sales_orders;
  v_balance integer;
begin
  -- The status condition decides a race with fulfil_sales_order or a second cancel: the loser
  -- waits on the row lock, then finds the order no longer Unfulfilled.
  update public.sales_orders o
  set status = 'Cancelled'
  where o.id = cancel_sales_order.order_id and o.user_id = v_user_id and o.status = 'Unfulfilled'
  returning * into v_order;

  if not found then
    if exists (
      select 1 from public.sales_orders o
      where o.id = cancel_sales_order.order_id and o.user_id = v_user_id
    ) then
      raise exception 'Only unfulfilled orders can be cancelled.';
    end if;
    raise exception 'Sales order not found.';
  end if;

  v_balance := private.restock_product(v_order.product_id, v_user_id, v_order.quantity);
  insert into public.stock_movements
    (user_id, product_id, quantity, balance_after, reason, sales_order_id)
  values (v_user_id, v_order.product_id, v_order.quantity, v_balance, 'sale_cancelled', v_order.id);

  return v_order;
end;
$$;
comment on function public.cancel_sales_order is
  'Cancels an Unfulfilled sales order and puts its quantity back in stock, or refuses with "Only unfulfilled orders can be cancelled."';

-- return_sales_order -----------------------------------------------------------------------------
create function public.return_sales_order(
  order_id uuid,
  restock boolean default true,
  note text default null
) returns public.sales_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_note text := private.optional_text(return_sales_order.note, 'Note', 500);
  v_order public.sales_orders;
  v_balance integer;
begin
  update public.sales_orders o
  set status = 'Returned', return_note = v_note
  where o.id = return_sales_order.order_id and o.user_id = v_user_id and o.status = 'Fulfilled'
  returning * into v_order;

  if not found then
    if exists (
      select 1 from public.sales_orders o
      where o.id = return_sales_order.order_id and o.user_id = v_user_id
    ) then
      raise exception 'Only fulfilled orders can be returned.';
    end if;
    raise exception 'Sales order not found.';
  end if;

  -- Without restock (damaged in transit or by the customer) the units are gone: no stock change.
  if coalesce(return_sales_order.restock, true) then
    v_balance := private.restock_product(v_order.product_id, v_user_id, v_order.quantity);
    insert into public.stock_movements
      (user_id, product_id, quantity, balance_after, reason, sales_order_id, note)
    values (
      v_user_id, v_order.product_id, v_order.quantity, v_balance, 'sale_return', v_order.id, v_note
    );
  end if;

  return v_order;
end;
$$;
comment on function public.return_sales_order is
  'Marks a Fulfilled sales order Returned; with restock its quantity goes back to stock. Refuses other orders with "Only fulfilled orders can be returned."';

-- cancel_manufacturing_order ---------------------------------------------------------------------
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

-- Dashboard: cancelled and returned sales earned nothing ----------------------------------------
create or replace function public.dashboard_summary() returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'total_revenue',
      (select coalesce(sum(o.total_amount), 0) from public.sales_orders o
       where o.user_id = (select auth.uid()) and o.status in ('Unfulfilled', 'Fulfilled')),
    'open_sales_orders',
      (select count(*) from public.sales_orders o
       where o.user_id = (select auth.uid()) and o.status = 'Unfulfilled'),
    -- The spec's fallbacks (10 and 20) apply where a reorder point is missing. Archived items
    -- are retired: nobody restocks them.
    'low_stock_products',
      (select count(*) from public.products p
       where p.user_id = (select auth.uid()) and p.archived_at is null
         and p.stock_on_hand < coalesce(p.reorder_point, 10)),
    'low_stock_materials',
      (select count(*) from public.raw_materials m
       where m.user_id = (select auth.uid()) and m.archived_at is null
         and m.stock_level < coalesce(m.reorder_point, 20)),
    'recent_sales',
      (select coalesce(jsonb_agg(to_jsonb(r) order by r.order_date desc, r.id), '[]'::jsonb)
       from (
         select o.id, o.platform, o.product_name, o.quantity, o.total_amount, o.status, o.order_date
         from public.sales_orders o
         where o.user_id = (select auth.uid())
         order by o.order_date desc, o.id
         limit 5
       ) r)
  )
$$;
comment on function public.dashboard_summary is
  'Dashboard figures: total_revenue (cancelled and returned orders excluded), open_sales_orders (Unfulfilled), low_stock_products, low_stock_materials (archived items excluded) and the 5 most recent sales.';

-- Owner reports follow the same rules ------------------------------------------------------------
create or replace view reports.revenue_by_platform_month with (security_invoker = true) as
select
  o.user_id,
  date_trunc('month', o.order_date)::date as month,
  o.platform,
  count(*) filter (where o.status in ('Unfulfilled', 'Fulfilled')) as orders,
  coalesce(sum(o.quantity) filter (where o.status in ('Unfulfilled', 'Fulfilled')), 0) as units_sold,
  coalesce(sum(o.total_amount) filter (where o.status in ('Unfulfilled', 'Fulfilled')), 0) as revenue,
  count(*) filter (where o.status = 'Cancelled') as cancelled_orders,
  count(*) filter (where o.status = 'Returned') as returned_orders,
  coalesce(sum(o.quantity) filter (where o.status = 'Returned'), 0) as units_returned,
  coalesce(sum(o.total_amount) filter (where o.status = 'Returned'), 0) as returned_amount
from public.sales_orders o
group by o.user_id, date_trunc('month', o.order_date), o.platform;
comment on view reports.revenue_by_platform_month is
  'Sales orders, units and revenue per platform per month (cancelled and returned orders excluded), with cancellations and returns per platform.';

-- Consumption net of cancelled runs: what a cancellation put back was not consumed.
create or replace view reports.material_consumption_by_month with (security_invoker = true) as
select
  s.user_id,
  date_trunc('month', s.created_at)::date as month,
  m.id as material_id,
  m.material_name,
  m.unit_of_measure as unit,
  -sum(s.quantity) as consumed,
  round(-sum(s.quantity) * m.cost_per_unit, 2) as consumed_value_at_current_cost
from public.stock_movements s
join public.raw_materials m on m.id = s.material_id
where s.reason in ('production_consumption', 'production_cancelled')
group by s.user_id, date_trunc('month', s.created_at), m.id, m.material_name, m.unit_of_measure,
  m.cost_per_unit;
comment on view reports.material_consumption_by_month is
  'Raw material consumed by production per month, net of cancelled runs.';

create or replace view reports.low_stock_items with (security_invoker = true) as
select p.user_id, 'product'::text as item_type, p.id as item_id, p.product_name as item_name,
  p.stock_on_hand::numeric as stock, coalesce(p.reorder_point, 10)::numeric as reorder_point
from public.products p
where p.stock_on_hand < coalesce(p.reorder_point, 10) and p.archived_at is null
union all
select m.user_id, 'raw material', m.id, m.material_name, m.stock_level, coalesce(m.reorder_point, 20)
from public.raw_materials m
where m.stock_level < coalesce(m.reorder_point, 20) and m.archived_at is null;
comment on view reports.low_stock_items is 'Active products and raw materials below their reorder point.';

-- Who may call what: signed-in users only, never anon; helpers only from the operations. --------
revoke execute on function
  public.receive_material(uuid, numeric, numeric, text),
  public.adjust_stock(uuid, uuid, numeric, text),
  public.update_product(uuid, text, text, text, numeric, numeric, jsonb),
  public.update_raw_material(uuid, text, text, numeric, text, numeric),
  public.archive_item(uuid, uuid, boolean),
  public.cancel_sales_order(uuid),
  public.return_sales_order(uuid, boolean, text),
  public.cancel_manufacturing_order(uuid),
  private.require_positive_quantity(numeric, text),
  private.require_one_item(uuid, uuid),
  private.replace_bom(uuid, uuid, jsonb),
  private.refuse_archived_bom_material(),
  private.restock_product(uuid, uuid, integer)
from public, anon, authenticated, service_role;
grant execute on function
  public.receive_material(uuid, numeric, numeric, text),
  public.adjust_stock(uuid, uuid, numeric, text),
  public.update_product(uuid, text, text, text, numeric, numeric, jsonb),
  public.update_raw_material(uuid, text, text, numeric, text, numeric),
  public.archive_item(uuid, uuid, boolean),
  public.cancel_sales_order(uuid),
  public.return_sales_order(uuid, boolean, text),
  public.cancel_manufacturing_order(uuid)
to authenticated;

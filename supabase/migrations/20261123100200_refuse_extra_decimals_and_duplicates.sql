-- create_product and create_raw_material refuse what their columns would round or their keys
-- would refuse, with a message that names the field.
--
-- Before, a price of 12.345 was saved as 12.35, a BOM quantity of 0.0015 as 0.002 and a cost of
-- 0.12345 as 0.1235, without a word; now each is refused with '<Field> can have at most <n>
-- decimal places.' (prices 2, material costs 4, stock, reorder points and BOM quantities 3). A SKU
-- or material name that differs from an existing one of the same user only in case or surrounding
-- spaces is refused by name ('A product with SKU P-1 already exists.', 'A material named Cotton
-- already exists.'), naming the one that exists. Everything else is as in
-- 20261122000200_stock_operations.sql, including security definer (clients hold no privilege on
-- stock columns or the ledger) and the grants, which `create or replace` keeps.

create function private.require_decimals(value numeric, label text, decimals integer) returns numeric
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is not null and value <> round(value, decimals) then
    raise exception '% can have at most % decimal places.', label, decimals;
  end if;
  return value;
end;
$$;
comment on function private.require_decimals is
  'Refuses a number with more decimal places than its column keeps, instead of letting the column round it.';
revoke all on function private.require_decimals(numeric, text, integer)
  from public, anon, authenticated, service_role;

-- create_product -------------------------------------------------------------------------------
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
  v_row jsonb;
  v_material_id uuid;
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
      private.require_decimals(
        private.require_number((v_row ->> 'quantity')::numeric, 'BOM quantity', 0.001), 'BOM quantity', 3
      )
    );
  end loop;

  return v_product;
end;
$$;

-- create_raw_material --------------------------------------------------------------------------
create or replace function public.create_raw_material(
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
  v_existing_name text;
begin
  select m.material_name into v_existing_name
  from public.raw_materials m
  where m.user_id = v_user_id
    and lower(btrim(m.material_name)) = lower(btrim(create_raw_material.material_name));
  if found then
    raise exception 'A material named % already exists.', v_existing_name using errcode = '23505';
  end if;

  -- As in create_product: a twin committed meanwhile is caught by the unique key.
  begin
    insert into public.raw_materials
      (user_id, material_name, supplier, cost_per_unit, stock_level, unit_of_measure, reorder_point)
    values (
      v_user_id,
      private.require_text(create_raw_material.material_name, 'Material name', 200),
      private.optional_text(create_raw_material.supplier, 'Supplier', 200),
      private.require_decimals(
        private.require_number(coalesce(create_raw_material.cost_per_unit, 0), 'Cost per unit', 0),
        'Cost per unit', 4
      ),
      private.require_decimals(
        private.require_number(coalesce(create_raw_material.stock_level, 0), 'Stock level', 0),
        'Stock level', 3
      ),
      coalesce(
        private.optional_text(create_raw_material.unit_of_measure, 'Unit of measure', 32), 'units'
      ),
      private.require_decimals(
        private.require_number(coalesce(create_raw_material.reorder_point, 20), 'Reorder point', 0),
        'Reorder point', 3
      )
    )
    returning * into v_material;
  exception when unique_violation then
    raise exception 'A material named % already exists.', btrim(create_raw_material.material_name)
      using errcode = '23505';
  end;

  if v_material.stock_level > 0 then
    insert into public.stock_movements (user_id, material_id, quantity, balance_after, reason)
    values (v_user_id, v_material.id, v_material.stock_level, v_material.stock_level, 'opening_stock');
  end if;

  return v_material;
end;
$$;
comment on function public.create_raw_material is
  'Creates a raw material (its name unique per user, whatever the case); opening stock is recorded in the ledger.';

-- Finished products and their bills of materials, what one unit costs to make, and the operations
-- that create, edit, archive and list them.
--
-- As for raw materials: clients read their own rows through row-level security; every write goes
-- through a security definer operation filtering on the caller's auth.uid() itself.

create table public.products (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  sku text not null check (btrim(sku) <> '' and length(sku) <= 64),
  product_name text not null check (btrim(product_name) <> '' and length(product_name) <= 200),
  category text check (length(category) <= 100),
  -- A customer pays in paise: two decimal places.
  selling_price numeric(12, 2) not null check (selling_price > 0),
  stock_on_hand integer not null default 0 check (stock_on_hand >= 0),
  reorder_point integer not null default 10 check (reorder_point >= 0),
  created_at timestamptz not null default now(),
  -- Archived items leave the lists and pickers but keep their orders and ledger.
  archived_at timestamptz,
  -- The rule, kept with the row as its stock changes: the dashboard counts 20,000 products' flags
  -- in a few milliseconds, where calling the rule per row (it is never inlined) took 50.
  low_stock boolean not null generated always as (rules.is_low_stock(stock_on_hand, reorder_point)) stored,
  -- The exact key is what direct writes through the REST API reported first; the normalized one
  -- below (case and surrounding spaces aside) is the rule.
  constraint products_user_id_sku_key unique (user_id, sku),
  -- Target of the same-owner foreign keys: an order, BOM or ledger row can only name a product of
  -- the user who owns it.
  constraint products_id_user_id_key unique (id, user_id),
  -- Postgres' numeric accepts 'NaN' and orders it above every number, so `check (x > 0)` lets it
  -- through; the operations refuse it too (private.require_number).
  constraint products_selling_price_is_number check (selling_price <> 'NaN'::numeric)
);
comment on table public.products is
  'Finished products a user makes and sells. stock_on_hand changes only through the stock operations, each recorded in stock_movements.';
comment on column public.products.low_stock is 'rules.is_low_stock(stock_on_hand, reorder_point), kept with the row.';
comment on column public.products.archived_at is
  'When the product was retired (null: active). Archived products cannot be sold or produced.';

create index products_user_id_idx on public.products (user_id);
create unique index products_user_id_sku_normalized_key
  on public.products (user_id, lower(btrim(sku)));
comment on index public.products_user_id_sku_normalized_key is
  'One SKU per user, compared without case and surrounding spaces.';
-- SKU search (prefix, any case; list_sales_orders): a pattern index on the normalised SKU the
-- unique index compares.
create index products_user_id_sku_pattern_idx
  on public.products (user_id, lower(btrim(sku)) text_pattern_ops);

alter table public.products enable row level security;
create policy "Owners can read their products" on public.products
  for select to authenticated using (user_id = (select auth.uid()));

-- Reads only; anon gets nothing (edits go through update_product, stock through the operations).
revoke all on public.products from public, anon, authenticated, service_role;
grant all on public.products to service_role;
grant select on public.products to authenticated;

-- Realtime: the app listens to this table, filtered to its user.
alter publication supabase_realtime add table public.products;

-- Bill of materials ----------------------------------------------------------------------------
create table public.bom_items (
  product_id uuid not null,
  material_id uuid not null,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- Three decimal places (a gram of a kilogram, a millimetre of a metre): what production consumes
  -- is BOM quantity x a whole number of units, which must fit the stock and ledger columns exactly.
  quantity numeric(14, 3) not null check (quantity > 0),
  primary key (product_id, material_id),
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade,
  foreign key (material_id, user_id) references public.raw_materials (id, user_id)
);
comment on table public.bom_items is
  'Bill of materials: how much of each raw material one unit of a product consumes. A material appears at most once per product.';

create index bom_items_user_id_idx on public.bom_items (user_id);
create index bom_items_product_id_user_id_idx on public.bom_items (product_id, user_id);
create index bom_items_material_id_user_id_idx on public.bom_items (material_id, user_id);

alter table public.bom_items enable row level security;
create policy "Owners can read their bills of materials" on public.bom_items
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.bom_items from public, anon, authenticated, service_role;
grant all on public.bom_items to service_role;
grant select on public.bom_items to authenticated;

-- Not in the supabase_realtime publication: update_product replaces a BOM by deleting its rows, and
-- a DELETE event carries only the primary key, which Realtime can check neither against RLS nor
-- against a user_id filter, so it would reach every subscriber of the table. A BOM changes only
-- together with its product row, so the app refreshes BOMs on product events.

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
    raise exception '% is archived.', v_material.material_name using hint = 'field:bom';
  end if;
  return new;
end;
$$;
create trigger bom_items_refuse_archived_material
  before insert on public.bom_items
  for each row execute function private.refuse_archived_bom_material();

-- Unit cost -------------------------------------------------------------------------------------
-- What one unit of a product costs to make: the sum over its bill of materials of quantity x the
-- material's current cost_per_unit, defined once here. product_costing() reads it for the screens,
-- private.record_sales to record the cost on each new order (the profit snapshot), and
-- reports.product_margins for the owner. Security invoker: it reads through the caller's row-level
-- security; the sums stay numeric.
create view public.product_unit_costs with (security_invoker = true) as
select
  p.id as product_id,
  p.user_id,
  coalesce(sum(b.quantity * m.cost_per_unit), 0) as unit_cost
from public.products p
left join public.bom_items b on b.product_id = p.id and b.user_id = p.user_id
left join public.raw_materials m on m.id = b.material_id and m.user_id = b.user_id
group by p.id, p.user_id;
comment on view public.product_unit_costs is
  'The cost of one unit of each product: sum over its BOM of quantity x the material''s current cost_per_unit (0 for an empty BOM).';
revoke all on public.product_unit_costs from public, anon, authenticated, service_role;
grant select on public.product_unit_costs to authenticated;

-- replace_bom -----------------------------------------------------------------------------------
-- Replaces a product's bill of materials with `bom` ([{material_id, quantity}]): create_product and
-- update_product both build their BOM with it, so a BOM is checked one way, created or edited;
-- archived materials are refused by the trigger above, and a list of more than 200 lines by
-- private.require_bom_size, before any is read. Each line's material is found by its primary
-- key: the text is turned into a uuid first (the canonical hyphenated form in any case; anything
-- else is 'Material not found.'), so the lookup is one primary-key probe, not a read of all the
-- owner's materials. Every refusal is about the operations' `bom` argument (hint 'field:bom').
create function private.replace_bom(product_id uuid, user_id uuid, bom jsonb) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_row jsonb;
  v_material_id uuid;
  v_id_text text;
begin
  if jsonb_typeof(bom) is distinct from 'array' then
    raise exception 'BOM must be a list of materials.' using hint = 'field:bom';
  end if;
  perform private.require_bom_size(jsonb_array_length(bom), 'bom');

  delete from public.bom_items b
  where b.product_id = replace_bom.product_id and b.user_id = replace_bom.user_id;

  for v_row in select * from jsonb_array_elements(bom) loop
    if jsonb_typeof(v_row) <> 'object' or coalesce(v_row ->> 'material_id', '') = '' then
      raise exception 'Each BOM row needs a material.' using hint = 'field:bom';
    end if;
    if jsonb_typeof(v_row -> 'quantity') is distinct from 'number' then
      raise exception 'Each BOM row needs a quantity.' using hint = 'field:bom';
    end if;

    v_id_text := lower(v_row ->> 'material_id');
    select m.id into v_material_id
    from public.raw_materials m
    where m.user_id = replace_bom.user_id
      and m.id = case
        when v_id_text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then v_id_text::uuid
      end;
    if v_material_id is null then
      raise exception 'Material not found.' using hint = 'field:bom';
    end if;
    if exists (
      select 1 from public.bom_items b
      where b.product_id = replace_bom.product_id and b.material_id = v_material_id
    ) then
      raise exception 'A material can appear only once in a BOM.' using hint = 'field:bom';
    end if;

    insert into public.bom_items (product_id, material_id, user_id, quantity)
    values (
      replace_bom.product_id,
      v_material_id,
      replace_bom.user_id,
      private.require_decimals(
        private.require_number((v_row ->> 'quantity')::numeric, 'BOM quantity', 0.001, field => 'bom'),
        'BOM quantity', 3, 'bom'
      )
    );
  end loop;
end;
$$;

-- create_product --------------------------------------------------------------------------------
-- Refuses what its columns would round or its keys would refuse, naming the field: a price of
-- 12.345 ('Selling price can have at most 2 decimal places.'), a SKU that differs from an existing
-- one of the same user only in case or surrounding spaces ('A product with SKU P-1 already
-- exists.', naming the one that exists). A refusal about one argument names it in its hint
-- ('field:sku'; private.raise_input_error). With a request_id (00_setup.sql), a repeat returns the
-- first call's product and writes nothing.
create function public.create_product(
  sku text,
  product_name text,
  category text default null,
  selling_price numeric default null,
  stock_on_hand numeric default 0,
  reorder_point numeric default 10,
  bom jsonb default '[]'::jsonb,
  request_id uuid default null
) returns public.products
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_product public.products;
  v_existing_sku text;
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, create_product.request_id, 'create_product');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.products, v_replayed);
  end if;
  select p.sku into v_existing_sku
  from public.products p
  where p.user_id = v_user_id and lower(btrim(p.sku)) = lower(btrim(create_product.sku));
  if found then
    raise exception 'A product with SKU % already exists.', v_existing_sku
      using errcode = '23505', hint = 'field:sku';
  end if;

  -- The check above cannot see a twin not yet committed; the unique keys then decide, and the
  -- loser gets the same message.
  begin
    insert into public.products as p
      (user_id, sku, product_name, category, selling_price, stock_on_hand, reorder_point)
    values (
      v_user_id,
      private.require_text(create_product.sku, 'SKU', 64, 'sku'),
      private.require_text(create_product.product_name, 'Product name', 200, 'product_name'),
      private.optional_text(create_product.category, 'Category', 100, 'category'),
      private.require_decimals(
        private.require_number(create_product.selling_price, 'Selling price', 0.01, field => 'selling_price'),
        'Selling price', 2, 'selling_price'
      ),
      private.require_number(
        coalesce(create_product.stock_on_hand, 0), 'Stock on hand', 0, true, 'stock_on_hand'),
      private.require_number(
        coalesce(create_product.reorder_point, 10), 'Reorder point', 0, true, 'reorder_point')
    )
    returning * into v_product;
  exception when unique_violation then
    raise exception 'A product with SKU % already exists.', btrim(create_product.sku)
      using errcode = '23505', hint = 'field:sku';
  end;

  if v_product.stock_on_hand > 0 then
    insert into public.stock_movements (user_id, product_id, quantity, balance_after, reason)
    values (v_user_id, v_product.id, v_product.stock_on_hand, v_product.stock_on_hand, 'opening_stock');
  end if;

  perform private.replace_bom(v_product.id, v_user_id, coalesce(create_product.bom, '[]'::jsonb));

  perform private.remember_result(v_user_id, create_product.request_id, to_jsonb(v_product));
  return v_product;
end;
$$;
comment on function public.create_product is
  'Creates a product and its bill of materials in one transaction; opening stock is recorded in the ledger. A repeated request_id returns the first call''s product and writes nothing.';
revoke all on function public.create_product(text, text, text, numeric, numeric, numeric, jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.create_product(text, text, text, numeric, numeric, numeric, jsonb, uuid) to authenticated;

-- update_product --------------------------------------------------------------------------------
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
    set sku = private.require_text(update_product.sku, 'SKU', 64, 'sku'),
        product_name = private.require_text(update_product.product_name, 'Product name', 200, 'product_name'),
        category = private.optional_text(update_product.category, 'Category', 100, 'category'),
        selling_price = private.require_decimals(
          private.require_number(update_product.selling_price, 'Selling price', 0.01, field => 'selling_price'),
          'Selling price', 2, 'selling_price'),
        reorder_point = private.require_number(
          coalesce(update_product.reorder_point, 10), 'Reorder point', 0, true, 'reorder_point')
    where p.id = update_product.product_id and p.user_id = v_user_id
    returning * into v_product;
  exception when unique_violation then
    raise exception 'A product with SKU % already exists.', btrim(update_product.sku)
      using errcode = '23505', hint = 'field:sku';
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
revoke all on function public.update_product(uuid, text, text, text, numeric, numeric, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.update_product(uuid, text, text, text, numeric, numeric, jsonb) to authenticated;

-- archive_item: products and raw materials alike -------------------------------------------------
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
revoke all on function public.archive_item(uuid, uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function public.archive_item(uuid, uuid, boolean) to authenticated;

-- list_products ---------------------------------------------------------------------------------
-- One page of the caller's products and how many match ({total, rows}): searched by name or SKU,
-- every character taken literally, optionally only the items below their reorder point, archived
-- items only when asked for, sorted by a whitelisted column (oldest first by default). Security
-- definer like list_sales_orders, whose unexposed helpers it shares: every statement filters on the
-- caller's auth.uid() itself.
create function public.list_products(
  search text default '',
  low_stock_only boolean default false,
  include_archived boolean default false,
  sort_by text default 'created_at',
  ascending boolean default true,
  page_size integer default 25,
  page_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_pattern text := '%' || private.escape_like(btrim(coalesce(search, ''))) || '%';
  v_where constant text := 'p.user_id = $6'
    || ' and (p.product_name ilike $1 or p.sku ilike $1)'
    || ' and (not $2 or rules.is_low_stock(p.stock_on_hand, p.reorder_point))'
    || ' and ($3 or p.archived_at is null)';
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_page(sort_by,
    array['created_at', 'sku', 'product_name', 'category', 'selling_price', 'stock_on_hand'], page_size, page_offset);
  execute 'select count(*) from public.products p where ' || v_where
    into v_total using v_pattern, low_stock_only, include_archived, null, null, v_user_id;
  execute format(
    'select coalesce(jsonb_agg(r), ''[]'') from ('
      || 'select p.id, p.sku, p.product_name, p.category, p.selling_price, p.stock_on_hand, p.reorder_point, p.archived_at,'
      || ' sv.style_id, sv.style_name, sv.options'
      || ' from public.products p'
      -- The style a variant belongs to (styles.sql), and its values as the catalogue import's
      -- options cell ('Size: M; Colour: Red'), so an export imports again; null without a style.
      || ' left join lateral (select v.style_id, s.style_name, (select string_agg((o.option ->> ''name'') || '': '''
      || ' || v.option_values[o.position], ''; '' order by o.position)'
      || ' from jsonb_array_elements(s.options) with ordinality o (option, position)) as options'
      || ' from public.style_variants v join public.styles s on s.id = v.style_id where v.product_id = p.id) sv on true'
      || ' where %s order by p.%I %s nulls last, p.id %s limit $4 offset $5) r',
    v_where, sort_by, case when ascending then 'asc' else 'desc' end, case when ascending then 'asc' else 'desc' end)
    into v_rows using v_pattern, low_stock_only, include_archived, page_size, page_offset, v_user_id;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;
comment on function public.list_products is
  'One page of the caller''s products ({total, rows}, each row with style_id, style_name and options ("Size: M; Colour: Red") of its style, or nulls): search by name or SKU (taken literally), low stock only, archived or not, sorted by a whitelisted column.';
revoke all on function public.list_products(text, boolean, boolean, text, boolean, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.list_products(text, boolean, boolean, text, boolean, integer, integer) to authenticated;

-- product_costing -------------------------------------------------------------------------------
-- What one unit of each product costs to make, its margin, and how many units the current material
-- stock can build. Security invoker: reads through the caller's row-level security.
create function public.product_costing()
returns table (
  product_id uuid,
  unit_cost numeric,
  margin numeric,
  margin_percent numeric,
  max_buildable integer,
  bottleneck_material_id uuid,
  bottleneck_material_name text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select
    p.id,
    c.unit_cost,
    p.selling_price - c.unit_cost,
    round((p.selling_price - c.unit_cost) * 100 / p.selling_price, 2),
    b.max_buildable,
    b.material_id,
    b.material_name
  from public.products p
  join public.product_unit_costs c on c.product_id = p.id
  -- The BOM line whose material allows the fewest whole units runs out first (ties: by name).
  left join lateral (
    select floor(m.stock_level / i.quantity)::integer as max_buildable, m.id as material_id, m.material_name
    from public.bom_items i
    join public.raw_materials m on m.id = i.material_id and m.user_id = i.user_id
    where i.product_id = p.id and i.user_id = p.user_id
    order by floor(m.stock_level / i.quantity), m.material_name, m.id
    limit 1
  ) b on true
  where p.user_id = (select auth.uid())
$$;
comment on function public.product_costing is
  'Per product of the caller: unit_cost (BOM at current material costs), margin and margin_percent against the selling price, max_buildable from current material stock and the bottleneck material (all null for an empty BOM).';
revoke all on function public.product_costing() from public, anon, authenticated, service_role;
grant execute on function public.product_costing() to authenticated;

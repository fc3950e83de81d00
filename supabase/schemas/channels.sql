-- Channels (issue 34): one stock for every sales channel. Marketplace SKU aliases (a listing's own
-- seller SKU, ASIN, FSN or style id for one of the owner's products), combo packs (a product made of
-- other products, with no stock of its own), what each platform may be told is available to sell,
-- and the stock files downloaded for each platform (docs/channels.md).
--
-- After products.sql (the tables it extends) and before the files whose operations resolve SKUs or
-- sell (sales_orders.sql, imports.sql, returns.sql, website_orders.sql): their SQL-language
-- functions are checked against these at creation. As everywhere, clients read their own rows
-- through row-level security and every write is a security definer operation filtering on the
-- caller's auth.uid() itself.

-- Products, as channels see them ----------------------------------------------------------------
-- Columns of products that belong to this feature, kept here rather than in products.sql.
alter table public.products
  -- A combo (a pack of 2, a gift set) is sold like any product but holds no stock of its own: its
  -- stock is what its parts can make up (private.combo_stock), and selling it takes its parts.
  -- Set only by create_combo; a product never becomes or stops being a combo.
  add column is_combo boolean not null default false,
  -- "Sell what I can make": this product's available to sell adds what the materials on hand can
  -- still build (private.max_buildable). Set by set_sell_what_i_can_make.
  add column sell_what_i_can_make boolean not null default false;
comment on column public.products.is_combo is
  'A combo of other products (combo_components): no stock of its own (stock_on_hand stays 0); shown stock and sales go through its parts.';
comment on column public.products.sell_what_i_can_make is
  'Available to sell adds what the materials on hand can still build (max_buildable).';

-- A combo's own stock never changes, however an operation reaches it (a count, a receipt, a
-- production run): its units are its parts'.
create function private.refuse_combo_stock() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% is a combo: its stock is its parts'' stock, so it cannot be changed itself.', new.product_name
    using hint = 'field:product_id';
end;
$$;
create trigger products_refuse_combo_stock
  before update of stock_on_hand on public.products
  for each row when (new.is_combo and new.stock_on_hand <> old.stock_on_hand)
  execute function private.refuse_combo_stock();

-- SKU aliases -------------------------------------------------------------------------------------
create table public.sku_aliases (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  product_id uuid not null,
  platform public.sales_platform not null,
  -- As the marketplace writes it in its reports (Amazon seller SKUs reach 40 characters, FSNs 16,
  -- ASINs 10; 100 as the website's order lines).
  alias text not null constraint sku_aliases_alias_check check (btrim(alias) <> '' and length(alias) <= 100 and alias = btrim(alias)),
  -- What the identifier is, when the owner says: seller_sku, asin, fsn, style_id or anything else.
  kind text constraint sku_aliases_kind_check check (length(kind) <= 30),
  created_at timestamptz not null default now(),
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade
);
comment on table public.sku_aliases is
  'A marketplace''s own identifier (seller SKU, ASIN, FSN, style id) for one of the owner''s products on one platform; order, returns and webhook lines resolve by SKU first, then by these.';
-- One product per alias and platform in a workspace, compared as SKUs are (case aside).
create unique index sku_aliases_user_id_platform_alias_key on public.sku_aliases (user_id, platform, lower(alias));
create index sku_aliases_product_id_user_id_idx on public.sku_aliases (product_id, user_id);

alter table public.sku_aliases enable row level security;
create policy "Owners can read their SKU aliases" on public.sku_aliases
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.sku_aliases from public, anon, authenticated, service_role;
grant all on public.sku_aliases to service_role;
grant select on public.sku_aliases to authenticated;
-- Not published: remove_sku_alias deletes rows (see bom_items); the app refreshes after its writes.

-- The one resolution of a report's SKUs to products of this user on this platform: the product
-- whose SKU it is (case and surrounding spaces aside), else the product with that alias on the
-- platform; no product_id when neither. Set-based, so an import of 10,000 lines resolves in one
-- join; every import, its preview and the website webhook (private.product_for_sku) call it.
create function private.products_for_skus(user_id uuid, platform public.sales_platform, skus text[])
returns table (sku text, product_id uuid)
language sql
stable
set search_path = ''
as $$
  select s.sku, coalesce(p.id, a.product_id)
  from (select distinct k.sku from unnest(products_for_skus.skus) k (sku) where k.sku is not null) s
  left join public.products p
    on p.user_id = products_for_skus.user_id and lower(btrim(p.sku)) = lower(btrim(s.sku))
  left join public.sku_aliases a
    on p.id is null and a.user_id = products_for_skus.user_id and a.platform = products_for_skus.platform
      and lower(a.alias) = lower(btrim(s.sku))
$$;
comment on function private.products_for_skus is
  'The products of this user a platform''s report SKUs name: by SKU first (case and spaces aside), then by the platform''s alias; product_id null when neither.';

-- One SKU, as private.products_for_skus resolves it.
create function private.product_for_sku(user_id uuid, platform public.sales_platform, sku text) returns uuid
language sql
stable
set search_path = ''
as $$
  select r.product_id
  from private.products_for_skus(product_for_sku.user_id, product_for_sku.platform, array[product_for_sku.sku]) r
$$;
comment on function private.product_for_sku is 'The product one report SKU names (private.products_for_skus).';

-- set_sku_alias ------------------------------------------------------------------------------------
-- Saves `alias` for a product on a platform (again: the same row, its kind updated). Refused when
-- another product of the workspace already answers to it on that platform, as its alias or its SKU.
create function public.set_sku_alias(product_id uuid, platform text, alias text, kind text default null)
returns public.sku_aliases
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(set_sku_alias.platform);
  v_alias text := private.require_text(set_sku_alias.alias, 'Marketplace SKU', 100, 'alias');
  v_kind text := private.optional_text(set_sku_alias.kind, 'Kind', 30, 'kind');
  v_product public.products;
  v_other public.products;
  v_row public.sku_aliases;
begin
  -- Lock the product: two aliases saved for it at once count against its bound one after the other.
  select * into v_product from public.products p
  where p.id = set_sku_alias.product_id and p.user_id = v_user_id
  for no key update;
  if not found then
    raise exception 'Product not found.' using hint = 'field:product_id';
  end if;

  select * into v_other from public.products p
  where p.user_id = v_user_id and lower(btrim(p.sku)) = lower(v_alias) and p.id <> v_product.id;
  if found then
    perform private.raise_input_error(
      format('%s is the SKU of %s.', v_alias, v_other.product_name), 'alias');
  end if;

  select * into v_row from public.sku_aliases a
  where a.user_id = v_user_id and a.platform = v_platform and lower(a.alias) = lower(v_alias);
  if found and v_row.product_id <> v_product.id then
    select * into v_other from public.products p where p.id = v_row.product_id;
    perform private.raise_input_error(
      format('%s on %s is already an alias of %s.', v_row.alias, v_platform, v_other.product_name), 'alias');
  end if;
  if found then
    update public.sku_aliases a set kind = v_kind where a.id = v_row.id returning * into v_row;
    return v_row;
  end if;

  if (select count(*) from public.sku_aliases a where a.product_id = v_product.id and a.user_id = v_user_id) >= 50 then
    perform private.raise_input_error(
      format('%s already has 50 aliases, the most a product can have.', v_product.product_name), 'alias');
  end if;

  begin
    insert into public.sku_aliases (user_id, product_id, platform, alias, kind)
    values (v_user_id, v_product.id, v_platform, v_alias, v_kind)
    returning * into v_row;
  exception when unique_violation then
    -- Saved at the same moment for another product.
    perform private.raise_input_error(format('%s on %s is already an alias of another product.', v_alias, v_platform),
      'alias');
  end;
  return v_row;
end;
$$;
comment on function public.set_sku_alias is
  'Saves a marketplace identifier (alias, at most 100 characters; kind optional) for a product on a platform, at most 50 per product. Refused when another product of the workspace has it as its SKU or as an alias on that platform. Saving it again returns the same row.';
revoke all on function public.set_sku_alias(uuid, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.set_sku_alias(uuid, text, text, text) to authenticated;

create function public.remove_sku_alias(alias_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
begin
  delete from public.sku_aliases a where a.id = remove_sku_alias.alias_id and a.user_id = v_user_id;
  if not found then
    raise exception 'Alias not found.';
  end if;
end;
$$;
comment on function public.remove_sku_alias is 'Removes one of the caller''s SKU aliases.';
revoke all on function public.remove_sku_alias(uuid) from public, anon, authenticated, service_role;
grant execute on function public.remove_sku_alias(uuid) to authenticated;

-- Combos ------------------------------------------------------------------------------------------
-- Which products, how many of each, make one unit of a combo. A component is never a combo itself
-- (so no combo contains itself at any depth), and is a product of the same user.
create table public.combo_components (
  combo_id uuid not null,
  component_id uuid not null,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  quantity integer not null constraint combo_components_quantity_check check (quantity between 1 and 1000),
  primary key (combo_id, component_id),
  constraint combo_components_not_itself_check check (component_id <> combo_id),
  foreign key (combo_id, user_id) references public.products (id, user_id) on delete cascade,
  foreign key (component_id, user_id) references public.products (id, user_id) on delete cascade
);
comment on table public.combo_components is
  'The products one unit of a combo is made of, with whole quantities (a pack of 2: one line of 2).';
create index combo_components_user_id_idx on public.combo_components (user_id);
create index combo_components_component_id_user_id_idx on public.combo_components (component_id, user_id);

alter table public.combo_components enable row level security;
create policy "Owners can read their combo components" on public.combo_components
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.combo_components from public, anon, authenticated, service_role;
grant all on public.combo_components to service_role;
grant select on public.combo_components to authenticated;

-- How many units of a combo its parts make up now: min over its parts of floor(stock / quantity).
create function private.combo_stock(combo_id uuid) returns integer
language sql
stable
set search_path = ''
as $$
  select floor(min(p.stock_on_hand / c.quantity))::integer
  from public.combo_components c
  join public.products p on p.id = c.component_id and p.user_id = c.user_id
  where c.combo_id = combo_stock.combo_id
$$;
comment on function private.combo_stock is 'Units of a combo its parts make up now: min over parts of floor(stock / quantity); null for a product that is not a combo.';

-- What one unit sold costs, the profit snapshot of a sale (private.record_sales): a combo's parts'
-- unit costs (public.product_unit_costs) times their quantities, any other product's own unit
-- cost. Null when the cost is unknown (issue 33): a combo with any part whose cost is unknown, a
-- product with neither BOM nor purchase cost.
create function private.sale_unit_cost(product_id uuid, is_combo boolean) returns numeric
-- PL/pgSQL: record_sales calls it for every line, and a SQL function with a pinned search_path is
-- planned again at each call; the caller knows whether the product is a combo, so other products
-- skip the combo query.
language plpgsql
stable
set search_path = ''
as $$
begin
  if not sale_unit_cost.is_combo then
    return (select u.unit_cost from public.product_unit_costs u where u.product_id = sale_unit_cost.product_id);
  end if;
  return (
    -- sum() would skip an unknown part and call the combo cheaper than it is
    select case when bool_and(u.cost_known) then sum(c.quantity * u.unit_cost) end
    from public.combo_components c
    join public.product_unit_costs u on u.product_id = c.component_id
    where c.combo_id = sale_unit_cost.product_id);
end;
$$;
comment on function private.sale_unit_cost is
  'The unit cost a sale of this product records: a combo''s parts'' unit costs times their quantities, else the product''s own; null when unknown (a combo part''s or the product''s).';

-- The GST rate of one unit of a product sold at unit_price (GST included) on a day, for every sale,
-- invoice and backfill (issue 42): rules.gst_rate_for at the product's rate or price rule, the rule
-- read on the price per piece. A combo holds its parts' quantities in pieces (a pack of 3 kurtas at
-- Rs 1,799 is 3 pieces at Rs 599.67, so the apparel rule's Rs 2,500 a piece applies to each), any
-- other product is one piece.
create function private.product_gst_rate(product public.products, unit_price numeric, on_day date) returns numeric
-- PL/pgSQL as private.sale_unit_cost: called for every line recorded, and other products skip the
-- combo query.
language plpgsql
stable
set search_path = ''
as $$
declare
  v_pieces integer := 1;
begin
  if product.is_combo and product.gst_rate_rule is not null then
    select coalesce(sum(c.quantity), 1) into v_pieces
    from public.combo_components c
    where c.combo_id = product.id and c.user_id = product.user_id;
  end if;
  return rules.gst_rate_for(product.gst_rate, product.gst_rate_rule, unit_price / v_pieces, on_day);
end;
$$;
comment on function private.product_gst_rate is
  'The GST rate of one unit of a product sold at unit_price on on_day (rules.gst_rate_for), a price rule read on the price per piece: a combo''s pieces are its parts'' quantities summed, any other product''s 1.';

-- A combo is never a production target (plan_production's targets; start_production refuses too).
create function private.refuse_combo_target(product_id uuid) returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v_combo text;
begin
  select p.product_name into v_combo from public.products p where p.id = refuse_combo_target.product_id and p.is_combo;
  if v_combo is not null then
    raise exception '% is a combo: it is made up from its parts when sold, never produced.', v_combo
      using hint = 'field:targets';
  end if;
end;
$$;

-- A combo has no bill of materials and is no product's sub-assembly: it is never produced. Per
-- statement, as the archived checks (products.sql): a BOM's lines are inserted at once.
create function private.refuse_combo_bom() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_combo text;
begin
  select p.product_name into v_combo from public.products p
  where p.is_combo and (p.id in (select a.product_id from added a)
    or (tg_table_name = 'bom_subassemblies' and p.id in (select (to_jsonb(a) ->> 'subassembly_id')::uuid from added a)))
  order by p.product_name
  limit 1;
  if v_combo is not null then
    raise exception '% is a combo: it is made up from its parts when sold, never produced.', v_combo
      using hint = 'field:bom';
  end if;
  return null;
end;
$$;
create trigger bom_items_refuse_combo after insert on public.bom_items
  referencing new table as added
  for each statement execute function private.refuse_combo_bom();
create trigger bom_subassemblies_refuse_combo after insert on public.bom_subassemblies
  referencing new table as added
  for each statement execute function private.refuse_combo_bom();

-- Replaces a combo's components with `components` [{product_id, quantity}]: 1 to 50 products of the
-- user, each once, none a combo nor the combo itself, whole quantities from 1 to 1000. Every
-- refusal is about the `components` argument.
create function private.replace_combo_components(combo_id uuid, user_id uuid, components jsonb) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_line jsonb;
  v_part public.products;
  v_quantity integer;
  v_seen uuid[] := '{}'::uuid[];
begin
  if jsonb_typeof(components) is distinct from 'array' or jsonb_array_length(components) = 0 then
    raise exception 'A combo needs at least one product.' using hint = 'field:components';
  end if;
  if jsonb_array_length(components) > 50 then
    perform private.raise_input_error(
      format('A combo can have at most 50 products; this one has %s.', jsonb_array_length(components)), 'components');
  end if;
  delete from public.combo_components c
  where c.combo_id = replace_combo_components.combo_id and c.user_id = replace_combo_components.user_id;
  for v_line in select l.value from jsonb_array_elements(components) l loop
    if jsonb_typeof(v_line) is distinct from 'object' or jsonb_typeof(v_line -> 'product_id') is distinct from 'string'
      or (v_line ->> 'product_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception 'Each combo line needs a product.' using hint = 'field:components';
    end if;
    select * into v_part from public.products p
    where p.id = (v_line ->> 'product_id')::uuid and p.user_id = replace_combo_components.user_id;
    if not found then
      raise exception 'Product not found.' using hint = 'field:components';
    end if;
    if v_part.id = replace_combo_components.combo_id then
      perform private.raise_input_error(format('%s cannot contain itself.', v_part.product_name), 'components');
    end if;
    if v_part.is_combo then
      perform private.raise_input_error(
        format('%s is a combo; a combo is made of products, not of other combos.', v_part.product_name), 'components');
    end if;
    if v_part.archived_at is not null then
      perform private.raise_input_error(format('%s is archived.', v_part.product_name), 'components');
    end if;
    if v_part.id = any (v_seen) then
      perform private.raise_input_error(format('%s is listed twice.', v_part.product_name), 'components');
    end if;
    v_seen := v_seen || v_part.id;
    v_quantity := private.require_number(private.json_number(v_line -> 'quantity', 'Quantity'), 'Quantity', 1, true,
      'components');
    if v_quantity > 1000 then
      raise exception 'Quantity must be at most 1000.' using hint = 'field:components';
    end if;
    insert into public.combo_components (combo_id, component_id, user_id, quantity)
    values (replace_combo_components.combo_id, v_part.id, replace_combo_components.user_id, v_quantity);
  end loop;
end;
$$;

-- create_combo --------------------------------------------------------------------------------------
-- A product (create_product's checks: SKU, name, category, price) that is a combo of `components`.
-- No stock, no reorder point (its stock is its parts'), no BOM.
create function public.create_combo(
  sku text,
  product_name text,
  category text,
  selling_price numeric,
  components jsonb,
  request_id uuid default null
) returns public.products
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_product public.products;
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, create_combo.request_id, 'create_combo');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.products, v_replayed);
  end if;
  v_product := public.create_product(create_combo.sku, create_combo.product_name, create_combo.category,
    create_combo.selling_price, 0, 0, '[]'::jsonb);
  update public.products p set is_combo = true where p.id = v_product.id returning * into v_product;
  perform private.replace_combo_components(v_product.id, v_user_id, create_combo.components);
  perform private.remember_result(v_user_id, create_combo.request_id, to_jsonb(v_product));
  return v_product;
end;
$$;
comment on function public.create_combo is
  'Creates a combo: a product (create_product''s checks) with no stock of its own, made of components [{product_id, quantity}] (1 to 50 products, none a combo, whole quantities 1 to 1000). A repeated request_id returns the first call''s product and writes nothing.';
revoke all on function public.create_combo(text, text, text, numeric, jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.create_combo(text, text, text, numeric, jsonb, uuid) to authenticated;

-- update_combo: the combo's one edit form (details through update_product, so with its checks, and
-- the components replaced), in one transaction.
create function public.update_combo(
  combo_id uuid,
  sku text,
  product_name text,
  category text,
  selling_price numeric,
  components jsonb
) returns public.products
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_product public.products;
begin
  if not exists (
    select 1 from public.products p where p.id = update_combo.combo_id and p.user_id = v_user_id and p.is_combo
  ) then
    raise exception 'Combo not found.';
  end if;
  -- Its old and new parts first, as a cancel or return of one of its orders takes them, then the
  -- combo's own row (the update below).
  perform 1 from public.products p
  where p.user_id = v_user_id and (
    p.id in (select c.component_id from public.combo_components c where c.combo_id = update_combo.combo_id)
    or p.id::text in (select l ->> 'product_id' from jsonb_array_elements(
      case when jsonb_typeof(update_combo.components) = 'array' then update_combo.components else '[]' end) l))
  order by p.id
  for key share;
  v_product := public.update_product(update_combo.combo_id, update_combo.sku, update_combo.product_name,
    update_combo.category, update_combo.selling_price, 0);
  perform private.replace_combo_components(v_product.id, v_user_id, update_combo.components);
  return v_product;
end;
$$;
comment on function public.update_combo is
  'Edits a combo''s SKU, name, category and price (update_product''s checks) and replaces its components, in one transaction.';
revoke all on function public.update_combo(uuid, text, text, text, numeric, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.update_combo(uuid, text, text, text, numeric, jsonb) to authenticated;

-- The ledger rows of sales just recorded (their stock already taken): one per line of a single
-- product, one per part for a combo line (minus quantity x the part's quantity, naming the combo's
-- order), in line order; each with its running balance, the product's stock now less what later
-- rows of this call take from it.
create type private.sold_line as (sales_order_id uuid, product_id uuid, quantity integer, ordinal bigint);
comment on type private.sold_line is 'A recorded sale line for private.sale_movements.';

create function private.sale_movements(user_id uuid, lines private.sold_line[])
returns table (sales_order_id uuid, product_id uuid, quantity integer, balance_after numeric)
-- PL/pgSQL: every sale calls it, and a SQL function with a pinned search_path is planned again at
-- each call (0.8 ms of a 4 ms log_sale); PL/pgSQL keeps the plan for the session.
language plpgsql
stable
set search_path = ''
as $$
begin
  return query
  select m.sales_order_id, m.product_id, -m.quantity,
    (p.stock_on_hand + coalesce(sum(m.quantity) over (partition by m.product_id order by m.ordinal, m.product_id
      rows between 1 following and unbounded following), 0))
  from (
    select l.sales_order_id, coalesce(c.component_id, l.product_id) as product_id,
      l.quantity * coalesce(c.quantity, 1) as quantity, l.ordinal
    from unnest(sale_movements.lines) l
    left join public.combo_components c on c.combo_id = l.product_id and c.user_id = sale_movements.user_id
  ) m
  join public.products p on p.id = m.product_id and p.user_id = sale_movements.user_id
  order by m.ordinal, m.product_id;
end;
$$;
comment on function private.sale_movements is
  'The ledger rows of recorded sales: per single product line, or per part of a combo line, with running balances.';

-- The products whose stock an order of `product_id` moves: the product, or a combo's parts with
-- their quantities per unit.
create function private.stock_parts(product_id uuid)
returns table (product_id uuid, per_unit integer)
language sql
stable
set search_path = ''
as $$
  select c.component_id, c.quantity from public.combo_components c where c.combo_id = stock_parts.product_id
  union all
  select stock_parts.product_id, 1
  where not exists (select 1 from public.combo_components c where c.combo_id = stock_parts.product_id)
$$;
comment on function private.stock_parts is 'The products an order of this product moves: itself (1 per unit), or a combo''s parts.';

-- Puts a cancelled or returned order's units back: a single product's, or a combo's parts', with a
-- ledger row each naming the order.
create function private.restock_order(
  user_id uuid, order_id uuid, product_id uuid, quantity integer, reason public.stock_movement_reason, note text default null
) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_part record;
  v_balance numeric;
begin
  for v_part in select s.product_id, s.per_unit from private.stock_parts(restock_order.product_id) s order by s.product_id loop
    v_balance := private.restock_product(v_part.product_id, restock_order.user_id, restock_order.quantity * v_part.per_unit);
    insert into public.stock_movements (user_id, product_id, quantity, balance_after, reason, sales_order_id, note)
    values (restock_order.user_id, v_part.product_id, restock_order.quantity * v_part.per_unit, v_balance,
      restock_order.reason, restock_order.order_id, restock_order.note);
  end loop;
end;
$$;

-- Channel settings: buffers -------------------------------------------------------------------------
create table public.channel_settings (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  platform public.sales_platform not null,
  -- Held back from what the platform is told: these units, plus this percent of the units
  -- available (rounded up), so a sale elsewhere before the next upload does not oversell.
  buffer_units integer not null default 0 constraint channel_settings_buffer_units_check check (buffer_units between 0 and 1000000),
  buffer_percent numeric(5, 2) not null default 0
    constraint channel_settings_buffer_percent_check check (buffer_percent between 0 and 100),
  updated_at timestamptz not null default now(),
  primary key (user_id, platform)
);
comment on table public.channel_settings is
  'Per user and platform: the buffer held back from available to sell (units plus percent, rounded up). No row: no buffer.';
alter table public.channel_settings enable row level security;
create policy "Owners can read their channel settings" on public.channel_settings
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.channel_settings from public, anon, authenticated, service_role;
grant all on public.channel_settings to service_role;
grant select on public.channel_settings to authenticated;

create function public.set_channel_buffer(platform text, buffer_units numeric default 0, buffer_percent numeric default 0)
returns public.channel_settings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(set_channel_buffer.platform);
  v_units integer := private.require_number(coalesce(set_channel_buffer.buffer_units, 0), 'Buffer units', 0, true,
    'buffer_units');
  v_percent numeric := private.require_decimals(private.require_number(coalesce(set_channel_buffer.buffer_percent, 0),
    'Buffer percent', 0, field => 'buffer_percent'), 'Buffer percent', 2, 'buffer_percent');
  v_row public.channel_settings;
begin
  if v_units > 1000000 then
    raise exception 'Buffer units must be at most 1000000.' using hint = 'field:buffer_units';
  end if;
  if v_percent > 100 then
    raise exception 'Buffer percent must be at most 100.' using hint = 'field:buffer_percent';
  end if;
  insert into public.channel_settings as s (user_id, platform, buffer_units, buffer_percent)
  values (v_user_id, v_platform, v_units, v_percent)
  on conflict on constraint channel_settings_pkey do update
  set buffer_units = excluded.buffer_units, buffer_percent = excluded.buffer_percent, updated_at = now()
  returning * into v_row;
  return v_row;
end;
$$;
comment on function public.set_channel_buffer is
  'Sets the buffer held back from a platform''s available to sell: whole units (0 to 1000000) plus a percent (0 to 100, 2 decimals) of the units available, rounded up.';
revoke all on function public.set_channel_buffer(text, numeric, numeric) from public, anon, authenticated, service_role;
grant execute on function public.set_channel_buffer(text, numeric, numeric) to authenticated;

create function public.set_sell_what_i_can_make(product_id uuid, sell_what_i_can_make boolean)
returns public.products
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_product public.products;
begin
  select * into v_product from public.products p
  where p.id = set_sell_what_i_can_make.product_id and p.user_id = v_user_id;
  if not found then
    raise exception 'Product not found.';
  end if;
  if v_product.is_combo then
    raise exception '% is a combo: it sells what its parts allow; set this on its parts.', v_product.product_name;
  end if;
  update public.products p set sell_what_i_can_make = coalesce(set_sell_what_i_can_make.sell_what_i_can_make, false)
  where p.id = v_product.id
  returning * into v_product;
  return v_product;
end;
$$;
comment on function public.set_sell_what_i_can_make is
  'Turns "sell what I can make" on or off for a product (not a combo): its available to sell then adds what the materials on hand can still build.';
revoke all on function public.set_sell_what_i_can_make(uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_sell_what_i_can_make(uuid, boolean) to authenticated;

-- Available to sell ---------------------------------------------------------------------------------
-- What a platform may be told, per product of the user (archived ones aside), one row per alias the
-- product has on that platform (its SKU when it has none):
--   a single product: stock_on_hand (+ max_buildable when "sell what I can make" is on), less the
--     platform's buffer (buffer_units + ceil(that x buffer_percent / 100)), never below 0;
--   a combo: min over its parts of floor(the part's available to sell on the platform / quantity).
-- Open (Unfulfilled) orders are not subtracted: logging a sale takes its units from stock_on_hand
-- at once (log_sale, imports, the webhook), so stock_on_hand already excludes them.
-- For the app (public.available_to_sell) and for the service role's Edge Functions, which name the
-- user (public.available_to_sell_for_user).
create function private.available_to_sell(user_id uuid, platform public.sales_platform)
returns table (product_id uuid, sku text, product_name text, alias text, quantity integer)
language sql
stable
set search_path = ''
as $$
  with settings as (
    select coalesce(max(s.buffer_units), 0) as units, coalesce(max(s.buffer_percent), 0) as percent
    from public.channel_settings s
    where s.user_id = available_to_sell.user_id and s.platform = available_to_sell.platform
  ),
  -- What the materials can build, worked out once for every product that sells it.
  buildable as (
    select m.product_id, m.max_buildable
    from private.max_buildable(array(
      select p.id from public.products p
      where p.user_id = available_to_sell.user_id and p.sell_what_i_can_make and not p.is_combo)) m
  ),
  singles as (
    -- Whole units: a platform is told, and sells, whole quantities (a part of a metre is not offered).
    select p.id, floor(greatest(b.base - st.units - ceil(b.base * st.percent / 100), 0))::integer as quantity
    from public.products p
    cross join settings st
    left join buildable m on p.sell_what_i_can_make and m.product_id = p.id
    cross join lateral (
      select p.stock_on_hand::numeric + coalesce(greatest(m.max_buildable, 0), 0) as base
    ) b
    where p.user_id = available_to_sell.user_id and not p.is_combo
  ),
  available as (
    select s.id, s.quantity from singles s
    union all
    select c.combo_id, min(s.quantity / c.quantity)::integer
    from public.combo_components c
    join singles s on s.id = c.component_id
    where c.user_id = available_to_sell.user_id
    group by c.combo_id
  )
  select p.id, p.sku, p.product_name, coalesce(a.alias, p.sku), v.quantity
  from public.products p
  join available v on v.id = p.id
  left join public.sku_aliases a on a.product_id = p.id and a.user_id = p.user_id and a.platform = available_to_sell.platform
  where p.user_id = available_to_sell.user_id and p.archived_at is null
  order by p.sku, p.id, a.alias
$$;
comment on function private.available_to_sell is
  'Per product of the user (not archived) and alias on the platform (or its SKU): stock (+ what materials can build when sell_what_i_can_make) less the platform''s buffer, never below 0; a combo: min over parts of floor(part available / quantity).';

create function public.available_to_sell(platform text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(available_to_sell.platform);
begin
  return coalesce((
    select jsonb_agg(to_jsonb(a)) from private.available_to_sell(v_user_id, v_platform) a
  ), '[]'::jsonb);
end;
$$;
comment on function public.available_to_sell is
  'What the platform may be told: [{product_id, sku, product_name, alias (the platform''s alias, one row each, or the SKU), quantity}], ordered by SKU.';
revoke all on function public.available_to_sell(text) from public, anon, authenticated, service_role;
grant execute on function public.available_to_sell(text) to authenticated;

-- The same for an Edge Function running as the service role, which knows the user (say, the owner
-- of a Shopify token): never callable by the app's roles.
create function public.available_to_sell_for_user(user_id uuid, platform text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_platform public.sales_platform := private.require_platform(available_to_sell_for_user.platform);
begin
  return coalesce((
    select jsonb_agg(to_jsonb(a)) from private.available_to_sell(available_to_sell_for_user.user_id, v_platform) a
  ), '[]'::jsonb);
end;
$$;
comment on function public.available_to_sell_for_user is
  'available_to_sell for a given user, for the service role''s Edge Functions only.';
revoke all on function public.available_to_sell_for_user(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.available_to_sell_for_user(uuid, text) to service_role;

-- Stock files -------------------------------------------------------------------------------------
-- What the last stock file downloaded for a platform said, per alias: the Stock sync view compares
-- it with available to sell now, so the owner uploads only what changed.
create table public.channel_stock_files (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  platform public.sales_platform not null,
  alias text not null constraint channel_stock_files_alias_check check (length(alias) between 1 and 100),
  quantity integer not null constraint channel_stock_files_quantity_check check (quantity >= 0),
  downloaded_at timestamptz not null default now()
);
comment on table public.channel_stock_files is
  'Per user, platform and alias: the quantity in the last stock file downloaded for that platform, and when.';
create unique index channel_stock_files_key on public.channel_stock_files (user_id, platform, lower(alias));
alter table public.channel_stock_files enable row level security;
create policy "Owners can read their stock files" on public.channel_stock_files
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.channel_stock_files from public, anon, authenticated, service_role;
grant all on public.channel_stock_files to service_role;
grant select on public.channel_stock_files to authenticated;

-- record_stock_file: the file just downloaded for a platform, [{alias, quantity}] (at most 10,000),
-- replaces the one recorded before. With a request_id, a repeat writes nothing.
create function public.record_stock_file(platform text, rows jsonb, request_id uuid default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(record_stock_file.platform);
  v_result jsonb;
  v_count integer;
begin
  v_result := private.replayed_result(v_user_id, record_stock_file.request_id, 'record_stock_file');
  if v_result is not null then
    return v_result;
  end if;
  if jsonb_typeof(record_stock_file.rows) is distinct from 'array' then
    raise exception 'Rows must be a list of {alias, quantity}.' using hint = 'field:rows';
  end if;
  if jsonb_array_length(record_stock_file.rows) > 10000 then
    perform private.raise_input_error(
      format('A stock file can have at most 10000 rows; this one has %s.', jsonb_array_length(record_stock_file.rows)),
      'rows');
  end if;
  if exists (
    select 1 from jsonb_array_elements(record_stock_file.rows) r
    where jsonb_typeof(r) is distinct from 'object' or jsonb_typeof(r -> 'alias') is distinct from 'string'
      or length(btrim(r ->> 'alias')) not between 1 and 100 or jsonb_typeof(r -> 'quantity') is distinct from 'number'
  ) then
    raise exception 'Each row needs an alias (1 to 100 characters) and a quantity.' using hint = 'field:rows';
  end if;
  if exists (
    select 1 from jsonb_array_elements(record_stock_file.rows) r
    where (r ->> 'quantity')::numeric not between 0 and 2147483647
      or (r ->> 'quantity')::numeric <> trunc((r ->> 'quantity')::numeric)
  ) then
    raise exception 'Each quantity must be a whole number from 0.' using hint = 'field:rows';
  end if;

  delete from public.channel_stock_files f where f.user_id = v_user_id and f.platform = v_platform;
  -- The same alias twice in a file: its last row is what the portal reads.
  insert into public.channel_stock_files (user_id, platform, alias, quantity)
  select distinct on (lower(btrim(r.value ->> 'alias'))) v_user_id, v_platform, btrim(r.value ->> 'alias'),
    (r.value ->> 'quantity')::integer
  from jsonb_array_elements(record_stock_file.rows) with ordinality r (value, position)
  order by lower(btrim(r.value ->> 'alias')), r.position desc;
  get diagnostics v_count = row_count;

  v_result := jsonb_build_object('rows', v_count, 'downloaded_at', now());
  perform private.remember_result(v_user_id, record_stock_file.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.record_stock_file is
  'Records the stock file just downloaded for a platform ([{alias, quantity}], at most 10000 rows), replacing the previous one; returns {rows, downloaded_at}. A repeated request_id writes nothing.';
revoke all on function public.record_stock_file(text, jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.record_stock_file(text, jsonb, uuid) to authenticated;

-- stock_sync: per row of available to sell, the quantity now and in the last file downloaded
-- (null: not in it), and whether it changed; plus when that file was downloaded (null: never).
create function public.stock_sync(platform text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(stock_sync.platform);
begin
  return jsonb_build_object(
    'platform', v_platform,
    'last_downloaded_at', (select max(f.downloaded_at) from public.channel_stock_files f
                           where f.user_id = v_user_id and f.platform = v_platform),
    'rows', coalesce((
      select jsonb_agg(jsonb_build_object('product_id', a.product_id, 'sku', a.sku, 'product_name', a.product_name,
        'alias', a.alias, 'quantity', a.quantity, 'last_quantity', f.quantity,
        'changed', f.quantity is distinct from a.quantity) order by a.sku, a.alias)
      from private.available_to_sell(v_user_id, v_platform) a
      left join public.channel_stock_files f
        on f.user_id = v_user_id and f.platform = v_platform and lower(f.alias) = lower(a.alias)
    ), '[]'::jsonb));
end;
$$;
comment on function public.stock_sync is
  'The Stock sync view of a platform: {platform, last_downloaded_at (null: never), rows [{product_id, sku, product_name, alias, quantity (available to sell now), last_quantity (in the last file downloaded; null: not in it), changed}]}.';
revoke all on function public.stock_sync(text) from public, anon, authenticated, service_role;
grant execute on function public.stock_sync(text) to authenticated;

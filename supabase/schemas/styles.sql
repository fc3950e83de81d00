-- Styles: one garment in several sizes and colours. A style has up to 3 options (Size: S, M, L;
-- Colour: Blue, Red) and one variant per combination of their values; each variant is an ordinary
-- product (its own SKU, stock, price, reorder point, BOM and ledger), so everything that works on
-- products works on variants, and a product without a style stays as it was. The style's own BOM
-- says per material one quantity for every variant, or a quantity per value of one option (fabric
-- 1.8 m for S, 2.2 for L); each variant's BOM is derived from it by private.replace_bom, the one
-- place a product BOM is checked and written.
--
-- Clients read their own rows through row-level security; every write goes through the security
-- definer operations below, which filter on the caller's auth.uid() themselves. Variants are
-- created by public.create_product itself, so a variant is refused for everything a product is.
--
-- Naming: a variant's SKU is `{sku_prefix}-{value}-{value}` in upper case with runs of spaces as
-- hyphens (KURTA-M-NAVY-BLUE); its name `{style_name} - {value} / {value}` (Kurta - M / Navy Blue).

create table public.styles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- 100, not a product name's 200: a variant's name is the style's name and its values.
  style_name text not null check (btrim(style_name) <> '' and length(style_name) <= 100),
  category text check (length(category) <= 100),
  sku_prefix text not null check (btrim(sku_prefix) <> '' and length(sku_prefix) <= 20),
  -- The price a new variant starts at (add_style_variants); each variant's own price is edited on
  -- the product.
  selling_price numeric(12, 2) not null check (selling_price > 0 and selling_price <> 'NaN'::numeric),
  -- [{"name": "Size", "values": ["S", "M", "L"]}, ...]: 1 to 3 options, in the order the grid is
  -- drawn, their values in order (checked by private.require_style_options).
  options jsonb not null check (jsonb_typeof(options) = 'array' and jsonb_array_length(options) between 1 and 3),
  created_at timestamptz not null default now(),
  -- Target of the same-owner foreign keys of variants and style BOM lines.
  constraint styles_id_user_id_key unique (id, user_id)
);
comment on table public.styles is
  'A style: variants (products) made from every combination of up to 3 options, with a BOM by option value.';
comment on column public.styles.options is
  'The options and their values, in grid order: [{"name": "Size", "values": ["S", "M"]}].';
comment on column public.styles.selling_price is 'The selling price new variants start at.';

create index styles_user_id_idx on public.styles (user_id);

alter table public.styles enable row level security;
create policy "Owners can read their styles" on public.styles
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.styles from public, anon, authenticated, service_role;
grant all on public.styles to service_role;
grant select on public.styles to authenticated;

-- Realtime: styles are updated (update_style, add_style_variants), never deleted by an operation,
-- and every change of a style's BOM updates its row, so an event on it refreshes the style.
alter publication supabase_realtime add table public.styles;

-- Variants -------------------------------------------------------------------------------------
-- A table of its own rather than columns on products: a product without a style is untouched, and
-- the link is written once, when the variant is created.
create table public.style_variants (
  product_id uuid primary key,
  style_id uuid not null,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- One value per option of the style, in the style's option order.
  option_values text[] not null check (cardinality(option_values) between 1 and 3),
  constraint style_variants_style_id_option_values_key unique (style_id, option_values),
  -- The foreign key's columns, unique: the API embeds a product's variant link as one object.
  constraint style_variants_product_id_user_id_key unique (product_id, user_id),
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade,
  foreign key (style_id, user_id) references public.styles (id, user_id) on delete cascade
);
comment on table public.style_variants is
  'Which style a product is a variant of, and its value of each of the style''s options (in option order).';

create index style_variants_user_id_idx on public.style_variants (user_id);
create index style_variants_style_id_user_id_idx on public.style_variants (style_id, user_id);

alter table public.style_variants enable row level security;
create policy "Owners can read their style variants" on public.style_variants
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.style_variants from public, anon, authenticated, service_role;
grant all on public.style_variants to service_role;
grant select on public.style_variants to authenticated;
-- Not published: a variant's link is inserted with its product, whose event the app gets.

-- Style BOM ------------------------------------------------------------------------------------
create table public.style_bom_items (
  style_id uuid not null,
  material_id uuid not null,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- The line's place in the BOM grid.
  position integer not null check (position >= 1),
  -- Null: `quantity` for every variant. Otherwise the option whose value decides the quantity,
  -- and `quantities` one per value of it ({"S": 1.8, "M": 2.0}).
  by_option text,
  quantity numeric(14, 3) check (quantity > 0),
  quantities jsonb check (jsonb_typeof(quantities) = 'object'),
  primary key (style_id, material_id),
  constraint style_bom_items_one_way_check
    check ((by_option is null) = (quantity is not null) and (by_option is null) = (quantities is null)),
  foreign key (style_id, user_id) references public.styles (id, user_id) on delete cascade,
  foreign key (material_id, user_id) references public.raw_materials (id, user_id)
);
comment on table public.style_bom_items is
  'A style''s bill of materials: per material one quantity, or one per value of by_option; each variant''s bom_items follow it.';

create index style_bom_items_user_id_idx on public.style_bom_items (user_id);
create index style_bom_items_style_id_user_id_idx on public.style_bom_items (style_id, user_id);
create index style_bom_items_material_id_user_id_idx on public.style_bom_items (material_id, user_id);

alter table public.style_bom_items enable row level security;
create policy "Owners can read their style BOMs" on public.style_bom_items
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.style_bom_items from public, anon, authenticated, service_role;
grant all on public.style_bom_items to service_role;
grant select on public.style_bom_items to authenticated;
-- Not published, as bom_items: update_style replaces the lines by deleting them, and a DELETE event
-- carries only the primary key, which Realtime can check neither against RLS nor a user_id filter.
-- The style's row is updated with every BOM change, and its event refreshes the BOM in the app.

-- Checks ---------------------------------------------------------------------------------------
-- The options as stored: 1 to 3, each a name (at most 30 characters) and 1 to 100 values (text or
-- numbers, at most 20 characters each), names and values trimmed, none repeated in another case,
-- and at most 100 combinations. Every list is measured before it is read, so a list of 10,000
-- values costs no more than a short one. Refusals name `field`.
create function private.require_style_options(options jsonb, field text) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  v_option jsonb;
  v_name text;
  v_value jsonb;
  v_values jsonb;
  v_normalized jsonb := '[]'::jsonb;
  v_variants bigint := 1;
begin
  if jsonb_typeof(options) is distinct from 'array' then
    perform private.raise_input_error('Options must be a list of options with their values.', field);
  end if;
  if jsonb_array_length(options) = 0 then
    perform private.raise_input_error('A style needs at least one option (for example Size).', field);
  end if;
  if jsonb_array_length(options) > 3 then
    perform private.raise_input_error(
      format('A style can have at most 3 options; this one has %s.', jsonb_array_length(options)), field);
  end if;
  for v_option in select * from jsonb_array_elements(options) loop
    if jsonb_typeof(v_option) <> 'object' or jsonb_typeof(v_option -> 'name') is distinct from 'string' then
      perform private.raise_input_error('Each option needs a name.', field);
    end if;
    v_name := private.require_text(v_option ->> 'name', 'Option name', 30, field);
    if exists (select 1 from jsonb_array_elements(v_normalized) o where lower(o ->> 'name') = lower(v_name)) then
      perform private.raise_input_error(format('Option %s is listed twice.', v_name), field);
    end if;
    if jsonb_typeof(v_option -> 'values') is distinct from 'array' or jsonb_array_length(v_option -> 'values') = 0 then
      perform private.raise_input_error(format('%s needs at least one value.', v_name), field);
    end if;
    if jsonb_array_length(v_option -> 'values') > 100 then
      perform private.raise_input_error(
        format('%s can have at most 100 values; it has %s.', v_name, jsonb_array_length(v_option -> 'values')), field);
    end if;
    v_values := '[]'::jsonb;
    for v_value in select * from jsonb_array_elements(v_option -> 'values') loop
      if jsonb_typeof(v_value) not in ('string', 'number') then
        perform private.raise_input_error(format('Each value of %s must be text.', v_name), field);
      end if;
      v_value := to_jsonb(private.require_text(v_value #>> '{}', format('A value of %s', v_name), 20, field));
      if exists (select 1 from jsonb_array_elements_text(v_values) v where lower(v) = lower(v_value #>> '{}')) then
        perform private.raise_input_error(format('%s lists %s twice.', v_name, v_value #>> '{}'), field);
      end if;
      v_values := v_values || v_value;
    end loop;
    v_variants := v_variants * jsonb_array_length(v_values);
    v_normalized := v_normalized || jsonb_build_array(jsonb_build_object('name', v_name, 'values', v_values));
  end loop;
  if v_variants > 100 then
    perform private.raise_input_error(
      format('A style can have at most 100 variants; these options make %s.', v_variants), field);
  end if;
  return v_normalized;
end;
$$;
comment on function private.require_style_options is
  'The options of a style, trimmed and checked (1 to 3 options, 1 to 100 distinct values each, at most 100 variants), or a refusal naming field.';

-- A style BOM for these (checked) options, as lines private.variant_bom reads:
-- {material_id, quantity} or {material_id, by_option, quantities}, by_option and the quantities'
-- keys spelt as the options spell them. A line by an option must give a quantity for every value of
-- it and for nothing else. Materials and quantities are checked by private.replace_bom when the
-- variants' BOMs are written (its messages, hint 'field:bom').
create function private.require_style_bom(bom jsonb, options jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  v_line jsonb;
  v_option jsonb;
  v_quantities jsonb;
  v_key text;
  v_lines jsonb := '[]'::jsonb;
begin
  if jsonb_typeof(bom) is distinct from 'array' then
    raise exception 'BOM must be a list of materials.' using hint = 'field:bom';
  end if;
  perform private.require_bom_size(jsonb_array_length(bom), 'bom');
  for v_line in select * from jsonb_array_elements(bom) loop
    if jsonb_typeof(v_line) <> 'object' then
      raise exception 'Each BOM row needs a material.' using hint = 'field:bom';
    end if;
    if coalesce(jsonb_typeof(v_line -> 'by_option'), 'null') = 'null' then
      v_lines := v_lines || jsonb_build_array(jsonb_build_object(
        'material_id', v_line -> 'material_id', 'quantity', v_line -> 'quantity'));
      continue;
    end if;
    select o into v_option
    from jsonb_array_elements(options) o
    where lower(o ->> 'name') = lower(btrim(v_line ->> 'by_option'));
    if v_option is null then
      perform private.raise_input_error(
        format('A BOM row is by %s, which is not an option of this style.', left(v_line ->> 'by_option', 40)), 'bom');
    end if;
    if jsonb_typeof(v_line -> 'quantities') is distinct from 'object' then
      perform private.raise_input_error(
        format('A BOM row by %s needs a quantity for each %s.', v_option ->> 'name', v_option ->> 'name'), 'bom');
    end if;
    -- More keys than an option can have values are refused before any is compared, so 200 lines
    -- of 10,000 keys cost a count each; then a key that is no value, a value given twice in
    -- different cases, and a value without a quantity.
    if (select count(*) from jsonb_object_keys(v_line -> 'quantities')) > 100 then
      perform private.raise_input_error(format('A BOM row by %s gives %s quantities; an option has at most 100 values.',
        v_option ->> 'name', (select count(*) from jsonb_object_keys(v_line -> 'quantities'))), 'bom');
    end if;
    select k into v_key
    from jsonb_object_keys(v_line -> 'quantities') k
    where not exists (select 1 from jsonb_array_elements_text(v_option -> 'values') v where lower(v) = lower(btrim(k)))
    limit 1;
    if v_key is not null then
      perform private.raise_input_error(
        format('%s has no value %s (BOM quantities).', v_option ->> 'name', left(v_key, 40)), 'bom');
    end if;
    select v into v_key
    from jsonb_array_elements_text(v_option -> 'values') v
    where (select count(*) from jsonb_object_keys(v_line -> 'quantities') k where lower(btrim(k)) = lower(v)) > 1
    limit 1;
    if v_key is not null then
      perform private.raise_input_error(
        format('A BOM row by %s gives %s twice.', v_option ->> 'name', v_key), 'bom');
    end if;
    select v into v_key
    from jsonb_array_elements_text(v_option -> 'values') v
    where not exists (select 1 from jsonb_object_keys(v_line -> 'quantities') k where lower(btrim(k)) = lower(v))
    limit 1;
    if v_key is not null then
      perform private.raise_input_error(
        format('A BOM row by %s has no quantity for %s.', v_option ->> 'name', v_key), 'bom');
    end if;
    select jsonb_object_agg(v, q.value) into v_quantities
    from jsonb_array_elements_text(v_option -> 'values') v
    join jsonb_each(v_line -> 'quantities') q on lower(btrim(q.key)) = lower(v);
    v_lines := v_lines || jsonb_build_array(jsonb_build_object(
      'material_id', v_line -> 'material_id', 'by_option', v_option ->> 'name', 'quantities', v_quantities));
  end loop;
  return v_lines;
end;
$$;
comment on function private.require_style_bom is
  'A style BOM checked against the style''s options: every by_option names an option and gives one quantity per value of it.';

-- One variant's BOM ([{material_id, quantity}], for private.replace_bom) from the style BOM lines
-- private.require_style_bom returns, for the variant's option values.
create function private.variant_bom(lines jsonb, options jsonb, option_values text[]) returns jsonb
language sql immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'material_id', l.line -> 'material_id',
    'quantity', case when l.line ? 'by_option'
      then l.line -> 'quantities' -> (
        select variant_bom.option_values[o.position]
        from jsonb_array_elements(variant_bom.options) with ordinality o (option, position)
        where o.option ->> 'name' = l.line ->> 'by_option')
      else l.line -> 'quantity' end
  ) order by l.position), '[]'::jsonb)
  from jsonb_array_elements(lines) with ordinality l (line, position)
$$;
comment on function private.variant_bom is
  'The BOM of the variant with these option values, from a checked style BOM.';

-- The style's BOM lines as private.require_style_bom returns them.
create function private.style_bom(style_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(
    case when b.by_option is null
      then jsonb_build_object('material_id', b.material_id, 'quantity', b.quantity)
      else jsonb_build_object('material_id', b.material_id, 'by_option', b.by_option, 'quantities', b.quantities)
    end order by b.position), '[]'::jsonb)
  from public.style_bom_items b
  where b.style_id = style_bom.style_id
$$;

-- Stores checked BOM lines as the style's BOM. Called after the variants' BOMs were written from
-- them, so private.replace_bom has already checked every material and quantity.
create function private.save_style_bom(style_id uuid, user_id uuid, lines jsonb) returns void
language sql
set search_path = ''
as $$
  delete from public.style_bom_items b where b.style_id = save_style_bom.style_id;
  insert into public.style_bom_items (style_id, material_id, user_id, position, by_option, quantity, quantities)
  select save_style_bom.style_id, (l.line ->> 'material_id')::uuid, save_style_bom.user_id, l.position,
    l.line ->> 'by_option', (l.line ->> 'quantity')::numeric, l.line -> 'quantities'
  from jsonb_array_elements(lines) with ordinality l (line, position);
$$;

-- The variant naming rules (top of this file).
create function private.variant_sku(sku_prefix text, option_values text[]) returns text
language sql immutable
set search_path = ''
as $$
  select upper(regexp_replace(btrim(sku_prefix) || '-' || array_to_string(option_values, '-'), '\s+', '-', 'g'))
$$;
create function private.variant_name(style_name text, option_values text[]) returns text
language sql immutable
set search_path = ''
as $$
  select btrim(style_name) || ' - ' || array_to_string(option_values, ' / ')
$$;

-- Creates, through create_product, every combination of the style's options that has no variant
-- yet, each with its BOM from `lines`, stock 0 and the style's price; returns
-- [{product_id, sku, product_name, options, option_values}] in grid order. Every SKU is checked
-- first, against the user's products and against each other (values differing only in spaces or
-- hyphens make one SKU), so a clash names the SKU; such refusals name `field`. create_product's own
-- refusals keep their messages, with hints renamed to the style operation's arguments.
create function private.create_style_variants(style public.styles, lines jsonb, field text) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_combinations jsonb := '[[]]'::jsonb;
  v_option jsonb;
  v_new jsonb;
  v_variant jsonb;
  v_values text[];
  v_sku text;
  v_product public.products;
  v_created jsonb := '[]'::jsonb;
  v_state text;
  v_message text;
  v_hint text;
begin
  -- Every combination, the first option outermost (the grid's order).
  for v_option in select * from jsonb_array_elements(style.options) loop
    select jsonb_agg(c.combination || jsonb_build_array(v.value) order by c.position, v.position)
    into v_combinations
    from jsonb_array_elements(v_combinations) with ordinality c (combination, position)
    cross join jsonb_array_elements_text(v_option -> 'values') with ordinality v (value, position);
  end loop;
  -- Those without a variant yet, with their SKUs.
  select coalesce(jsonb_agg(jsonb_build_object('option_values', c.combination,
      'sku', private.variant_sku(style.sku_prefix, array(select jsonb_array_elements_text(c.combination))))
    order by c.position), '[]'::jsonb)
  into v_new
  from jsonb_array_elements(v_combinations) with ordinality c (combination, position)
  where not exists (
    select 1 from public.style_variants sv
    where sv.style_id = style.id and to_jsonb(sv.option_values) = c.combination
  );

  select n ->> 'sku' into v_sku from jsonb_array_elements(v_new) n where length(n ->> 'sku') > 64 limit 1;
  if v_sku is not null then
    perform private.raise_input_error(
      format('The SKU %s would be longer than 64 characters; shorten the SKU prefix or the values.', v_sku), field);
  end if;
  select n ->> 'sku' into v_sku from jsonb_array_elements(v_new) n group by n ->> 'sku' having count(*) > 1 limit 1;
  if v_sku is not null then
    perform private.raise_input_error(
      format('Two variants would have the SKU %s; make their values differ by more than spaces and hyphens.', v_sku),
      'options');
  end if;
  -- The first variant, in grid order, whose SKU exists: the same answer whichever join the planner
  -- picks (without the order, a hash join named another variant as table statistics changed).
  select p.sku into v_sku
  from public.products p
  join jsonb_array_elements(v_new) with ordinality n (variant, position)
    on lower(btrim(p.sku)) = lower(n.variant ->> 'sku')
  where p.user_id = style.user_id
  order by n.position
  limit 1;
  if v_sku is not null then
    raise exception 'A product with SKU % already exists.', v_sku using errcode = '23505', hint = 'field:' || field;
  end if;

  begin
    for v_variant in select * from jsonb_array_elements(v_new) loop
      v_values := array(select jsonb_array_elements_text(v_variant -> 'option_values'));
      select * into v_product from public.create_product(
        sku => v_variant ->> 'sku',
        product_name => private.variant_name(style.style_name, v_values),
        category => style.category,
        selling_price => style.selling_price,
        bom => private.variant_bom(lines, style.options, v_values)
      );
      insert into public.style_variants (product_id, style_id, user_id, option_values)
      values (v_product.id, style.id, style.user_id, v_values);
      v_created := v_created || jsonb_build_array(jsonb_build_object(
        'product_id', v_product.id,
        'sku', v_product.sku,
        'product_name', v_product.product_name,
        'options', (select jsonb_object_agg(o.option ->> 'name', v_values[o.position])
                    from jsonb_array_elements(style.options) with ordinality o (option, position)),
        'option_values', to_jsonb(v_values)));
    end loop;
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_hint = pg_exception_hint;
    v_hint := case v_hint when 'field:sku' then 'field:' || field when 'field:product_name' then 'field:style_name'
      else nullif(v_hint, '') end;
    if v_hint is null then
      raise exception using errcode = v_state, message = v_message;
    end if;
    raise exception using errcode = v_state, message = v_message, hint = v_hint;
  end;
  -- GST (issue 31): a variant added to a style whose variants are taxed takes their HSN code and
  -- rate (set_item_tax with a style_id sets every variant alike); a new style's have none yet.
  update public.products p
  set hsn_code = t.hsn_code, gst_rate = t.gst_rate, gst_rate_rule = t.gst_rate_rule
  from (
    select q.hsn_code, q.gst_rate, q.gst_rate_rule
    from public.style_variants v
    join public.products q on q.id = v.product_id and q.user_id = v.user_id
    where v.style_id = style.id and v.user_id = style.user_id and q.hsn_code is not null
    order by q.created_at, q.id
    limit 1
  ) t
  where p.user_id = style.user_id
    and p.id in (select (c ->> 'product_id')::uuid from jsonb_array_elements(v_created) c);
  return v_created;
end;
$$;
comment on function private.create_style_variants is
  'Creates, with create_product, the variants a style''s options call for and it does not have yet (with the HSN code and GST rate of its taxed variants); returns them.';

-- create_style ----------------------------------------------------------------------------------
-- The style, every combination of its options as a product (stock 0, reorder point 10, the given
-- price and category) with its BOM, in one transaction; all or nothing. With a request_id
-- (00_setup.sql), a repeat returns the first call's answer and writes nothing.
create function public.create_style(
  style_name text,
  category text,
  sku_prefix text,
  selling_price numeric,
  options jsonb,
  bom jsonb default '[]'::jsonb,
  request_id uuid default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_style public.styles;
  v_lines jsonb;
  v_result jsonb;
begin
  v_result := private.replayed_result(v_user_id, create_style.request_id, 'create_style');
  if v_result is not null then
    return v_result;
  end if;
  insert into public.styles (user_id, style_name, category, sku_prefix, selling_price, options)
  values (
    v_user_id,
    private.require_text(create_style.style_name, 'Style name', 100, 'style_name'),
    private.optional_text(create_style.category, 'Category', 100, 'category'),
    private.require_text(create_style.sku_prefix, 'SKU prefix', 20, 'sku_prefix'),
    private.require_decimals(
      private.require_number(create_style.selling_price, 'Selling price', 0.01, field => 'selling_price'),
      'Selling price', 2, 'selling_price'),
    private.require_style_options(create_style.options, 'options')
  )
  returning * into v_style;
  v_lines := private.require_style_bom(coalesce(create_style.bom, '[]'::jsonb), v_style.options);

  v_result := jsonb_build_object(
    'style_id', v_style.id,
    'products', private.create_style_variants(v_style, v_lines, 'sku_prefix'));
  perform private.save_style_bom(v_style.id, v_user_id, v_lines);

  perform private.remember_result(v_user_id, create_style.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.create_style is
  'Creates a style and every combination of its options (up to 3 options, 100 variants) as a product with its BOM, in one transaction. Returns {style_id, products: [{product_id, sku, product_name, options, option_values}]}. A repeated request_id returns the first call''s answer and writes nothing.';
revoke all on function public.create_style(text, text, text, numeric, jsonb, jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.create_style(text, text, text, numeric, jsonb, jsonb, uuid) to authenticated;

-- The caller's style, locked until the transaction ends, so edits of one style queue.
create function private.lock_style(style_id uuid, user_id uuid) returns public.styles
language plpgsql
set search_path = ''
as $$
declare
  v_style public.styles;
begin
  select * into v_style from public.styles s
  where s.id = lock_style.style_id and s.user_id = lock_style.user_id
  for update;
  if not found then
    raise exception 'Style not found.';
  end if;
  return v_style;
end;
$$;

-- Writes every existing variant's BOM from `lines`. Their product rows are locked first, in id
-- order (as start_production_batch takes them), and updated with the style's name and category:
-- start_production holds a product `for share` while it reads its BOM, so it waits for this or
-- finishes first, and the products' events refresh the BOMs in the app.
create function private.apply_style(style public.styles, lines jsonb) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_variant public.style_variants;
begin
  perform 1 from public.products p
  where p.user_id = style.user_id
    and p.id in (select sv.product_id from public.style_variants sv where sv.style_id = style.id)
  order by p.id
  for no key update;
  update public.products p
  set product_name = private.variant_name(style.style_name, sv.option_values), category = style.category
  from public.style_variants sv
  where sv.style_id = style.id and p.id = sv.product_id and p.user_id = style.user_id;
  if lines is not null then
    for v_variant in select * from public.style_variants sv where sv.style_id = style.id order by sv.product_id loop
      perform private.replace_bom(v_variant.product_id, style.user_id,
        private.variant_bom(lines, style.options, v_variant.option_values));
    end loop;
  end if;
end;
$$;

-- update_style ----------------------------------------------------------------------------------
-- Renames the style and its variants (`{style_name} - {values}`), sets their category and, with a
-- non-null bom, replaces the style's BOM and every variant's in one transaction. SKUs, prices,
-- reorder points and stock stay as they are.
create function public.update_style(
  style_id uuid,
  style_name text,
  category text,
  bom jsonb default null
) returns public.styles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_style public.styles := private.lock_style(update_style.style_id, v_user_id);
  v_lines jsonb;
begin
  update public.styles s
  set style_name = private.require_text(update_style.style_name, 'Style name', 100, 'style_name'),
      category = private.optional_text(update_style.category, 'Category', 100, 'category')
  where s.id = v_style.id
  returning * into v_style;
  if update_style.bom is not null then
    v_lines := private.require_style_bom(update_style.bom, v_style.options);
  end if;
  perform private.apply_style(v_style, v_lines);
  if v_lines is not null then
    perform private.save_style_bom(v_style.id, v_user_id, v_lines);
  end if;
  return v_style;
end;
$$;
comment on function public.update_style is
  'Renames a style and its variants, sets their category and, with a non-null bom, replaces the style BOM and every variant''s BOM in one transaction.';
revoke all on function public.update_style(uuid, text, text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.update_style(uuid, text, text, jsonb) to authenticated;

-- add_style_variants ----------------------------------------------------------------------------
-- New values for existing options (`[{"name": "Size", "values": ["XL"]}]`), appended to them, and a
-- variant for every combination that is new, with the style's BOM: without `bom`, the style BOM
-- must already give every new value a quantity ('The BOM has no quantity ...'-style refusals name
-- bom); with `bom`, it replaces the style BOM for every variant, old and new, in the same
-- transaction. New variants start at the style's selling_price with stock 0. Returns
-- {style_id, products} like create_style, listing the new variants. With a request_id, a repeat
-- returns the first call's answer and writes nothing.
create function public.add_style_variants(
  style_id uuid,
  options jsonb,
  bom jsonb default null,
  request_id uuid default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_style public.styles;
  v_option jsonb;
  v_existing jsonb;
  v_options jsonb;
  v_lines jsonb;
  v_result jsonb;
begin
  v_result := private.replayed_result(v_user_id, add_style_variants.request_id, 'add_style_variants');
  if v_result is not null then
    return v_result;
  end if;
  v_style := private.lock_style(add_style_variants.style_id, v_user_id);
  if jsonb_typeof(add_style_variants.options) is distinct from 'array'
    or jsonb_array_length(add_style_variants.options) not between 1 and 3 then
    raise exception 'Options must be a list of the options with their new values.' using hint = 'field:options';
  end if;
  v_options := v_style.options;
  for v_option in select * from jsonb_array_elements(add_style_variants.options) loop
    if jsonb_typeof(v_option) <> 'object' or jsonb_typeof(v_option -> 'values') is distinct from 'array' then
      raise exception 'Each option needs a name and a list of new values.' using hint = 'field:options';
    end if;
    select o into v_existing from jsonb_array_elements(v_options) o
    where lower(o ->> 'name') = lower(btrim(v_option ->> 'name'));
    if v_existing is null then
      perform private.raise_input_error(
        format('%s is not an option of this style.', coalesce(left(v_option ->> 'name', 40), 'An option without a name')),
        'options');
    end if;
    -- Appended, so the grid keeps its order; require_style_options below refuses repeats and sizes.
    select jsonb_agg(case when o ->> 'name' = v_existing ->> 'name'
                       then jsonb_set(o, '{values}', (o -> 'values') || (v_option -> 'values')) else o end
                     order by position)
    into v_options
    from jsonb_array_elements(v_options) with ordinality e (o, position);
  end loop;
  v_options := private.require_style_options(v_options, 'options');
  if v_options = v_style.options then
    raise exception 'Give at least one new value.' using hint = 'field:options';
  end if;

  update public.styles s set options = v_options where s.id = v_style.id returning * into v_style;
  v_lines := private.require_style_bom(coalesce(add_style_variants.bom, private.style_bom(v_style.id)), v_options);
  if add_style_variants.bom is not null then
    perform private.apply_style(v_style, v_lines);
  end if;
  v_result := jsonb_build_object(
    'style_id', v_style.id,
    'products', private.create_style_variants(v_style, v_lines, 'options'));
  if add_style_variants.bom is not null then
    perform private.save_style_bom(v_style.id, v_user_id, v_lines);
  end if;

  perform private.remember_result(v_user_id, add_style_variants.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.add_style_variants is
  'Adds new values to a style''s options and creates the variants they make, in one transaction; with bom, replaces the style BOM for every variant. Returns {style_id, products} of the new variants. A repeated request_id returns the first call''s answer and writes nothing.';
revoke all on function public.add_style_variants(uuid, jsonb, jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.add_style_variants(uuid, jsonb, jsonb, uuid) to authenticated;

-- list_styles -----------------------------------------------------------------------------------
-- One page of the caller's styles ({total, rows}), by name, searched by style name or SKU prefix
-- (taken literally), or the one style `style_id` names: each with its options, BOM lines and
-- variants in grid order (what the stock grid draws). At most 100 styles a page, so at most
-- 10,000 variants an answer. Security definer like list_products, filtering on auth.uid() itself.
create function public.list_styles(
  search text default '',
  page_size integer default 25,
  page_offset integer default 0,
  style_id uuid default null
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
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_page('style_name', array['style_name'], page_size, page_offset);
  if page_size > 100 then
    raise exception 'A page holds 1 to 100 styles.' using errcode = '22023';
  end if;
  select count(*) into v_total
  from public.styles s
  where s.user_id = v_user_id and (s.style_name ilike v_pattern or s.sku_prefix ilike v_pattern)
    and (list_styles.style_id is null or s.id = list_styles.style_id);
  select coalesce(jsonb_agg(jsonb_build_object(
      'style_id', s.id, 'style_name', s.style_name, 'category', s.category, 'sku_prefix', s.sku_prefix,
      'selling_price', s.selling_price, 'options', s.options, 'created_at', s.created_at,
      'bom', private.style_bom(s.id),
      'variants', (
        select coalesce(jsonb_agg(jsonb_build_object(
            'product_id', p.id, 'sku', p.sku, 'product_name', p.product_name, 'option_values', to_jsonb(v.option_values),
            'stock_on_hand', p.stock_on_hand, 'reorder_point', p.reorder_point, 'low_stock', p.low_stock,
            'selling_price', p.selling_price, 'archived_at', p.archived_at)
          -- Grid order: by each option's value in the order the style lists them.
          order by (
            select array_agg((
                select x.position from jsonb_array_elements_text(o.option -> 'values') with ordinality x (value, position)
                where x.value = v.option_values[o.position]) order by o.position)
            from jsonb_array_elements(s.options) with ordinality o (option, position))), '[]'::jsonb)
        from public.style_variants v
        join public.products p on p.id = v.product_id and p.user_id = v.user_id
        where v.style_id = s.id and v.user_id = v_user_id)
    ) order by s.style_name, s.id), '[]'::jsonb)
  into v_rows
  from (
    select * from public.styles s
    where s.user_id = v_user_id and (s.style_name ilike v_pattern or s.sku_prefix ilike v_pattern)
      and (list_styles.style_id is null or s.id = list_styles.style_id)
    order by s.style_name, s.id
    limit page_size offset page_offset
  ) s;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;
comment on function public.list_styles is
  'One page of the caller''s styles by name ({total, rows: [{style_id, style_name, category, sku_prefix, selling_price, options, created_at, bom, variants: [{product_id, sku, product_name, option_values, stock_on_hand, reorder_point, low_stock, selling_price, archived_at}]}]}), searched by name or SKU prefix, or the one style_id; at most 100 a page.';
revoke all on function public.list_styles(text, integer, integer, uuid) from public, anon, authenticated, service_role;
grant execute on function public.list_styles(text, integer, integer, uuid) to authenticated;

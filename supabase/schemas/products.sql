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
  -- What the product is counted in (rules.product_units): pieces, or metres or kilograms for a
  -- semi-finished product such as dyed fabric (issue 45). Its stock, BOM quantities as a part,
  -- production runs and what stock can build follow it (rules.unit_decimals): pieces whole, the
  -- others to 3 decimals. Fixed once the product has a history (update_product).
  unit_of_measure text not null default 'pcs'
    constraint products_unit_of_measure_check check (unit_of_measure = any (rules.product_units())),
  stock_on_hand numeric(14, 3) not null default 0 check (stock_on_hand >= 0),
  reorder_point integer not null default 10 check (reorder_point >= 0),
  created_at timestamptz not null default now(),
  -- Archived items leave the lists and pickers but keep their orders and ledger.
  archived_at timestamptz,
  -- The rule, kept with the row as its stock changes: the dashboard counts 20,000 products' flags
  -- in a few milliseconds, where calling the rule per row (it is never inlined) took 50.
  low_stock boolean not null generated always as (rules.is_low_stock(stock_on_hand, reorder_point)) stored,
  -- What making one unit costs beyond its BOM (issue 33; set by set_product_costs): stitching paid per
  -- piece, and a run's setup cost shared over the pieces a run usually makes. A product without a
  -- BOM (bought-in goods) can carry what one unit costs to buy instead; null: not known.
  labour_per_unit numeric(12, 2) not null default 0
    check (labour_per_unit >= 0 and labour_per_unit <> 'NaN'::numeric),
  overhead_per_run numeric(12, 2) not null default 0
    check (overhead_per_run >= 0 and overhead_per_run <> 'NaN'::numeric),
  run_size integer not null default 1 check (run_size > 0),
  purchase_cost numeric(12, 2) check (purchase_cost >= 0 and purchase_cost <> 'NaN'::numeric),
  -- Planning (issue 33, planning.sql; set by set_product_planning): how many days a run of it takes (for
  -- a bought-in product, how long buying it takes) and how many days of sales to keep beyond that.
  -- Null: the default of rules.planning_defaults().
  lead_time_days integer check (lead_time_days between 0 and 365),
  safety_days integer check (safety_days between 0 and 365),
  -- GST (issue 31; set by set_item_tax, gst_item_tax.sql): the HSN code (4, 6 or 8 digits) and the
  -- rate, or a rule by unit price ({"up_to": 2500, "rate": 5, "above": 18}) that decides it per unit
  -- at each sale (rules.gst_rate_for). Null: tax unknown.
  hsn_code text constraint products_hsn_code_check check (hsn_code ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'),
  gst_rate numeric(5, 2) constraint products_gst_rate_check check (gst_rate between 0 and 100),
  gst_rate_rule jsonb constraint products_gst_rate_rule_check check (jsonb_typeof(gst_rate_rule) = 'object'),
  -- What a job worker charges to make or process one unit (job_work.sql): the moving average of the
  -- charges per unit received back, over the stock they arrived on. Part of the unit cost below.
  job_work_per_unit numeric(14, 4) not null default 0
    constraint products_job_work_per_unit_check check (job_work_per_unit >= 0),
  -- The exact key is what direct writes through the REST API reported first; the normalized one
  -- below (case and surrounding spaces aside) is the rule.
  constraint products_user_id_sku_key unique (user_id, sku),
  -- Target of the same-owner foreign keys: an order, BOM or ledger row can only name a product of
  -- the user who owns it.
  constraint products_id_user_id_key unique (id, user_id),
  -- Postgres' numeric accepts 'NaN' and orders it above every number, so `check (x > 0)` lets it
  -- through; the operations refuse it too (private.require_number).
  constraint products_selling_price_is_number check (selling_price <> 'NaN'::numeric),
  -- Pieces stay whole whichever operation moves them.
  constraint products_stock_in_unit_check
    check (stock_on_hand = round(stock_on_hand, rules.unit_decimals(unit_of_measure)))
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
  -- Cutting wastes some of the fabric: production consumes quantity x (1 + wastage_percent / 100),
  -- rounded here, per unit, to the 3 decimals stock keeps, so a run of n units consumes exactly
  -- n x consumption and costing, the required-versus-available check and production agree.
  wastage_percent numeric(4, 2) not null default 0 check (wastage_percent between 0 and 50),
  consumption numeric(14, 3) not null generated always as (round(quantity * (1 + wastage_percent / 100), 3)) stored,
  primary key (product_id, material_id),
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade,
  foreign key (material_id, user_id) references public.raw_materials (id, user_id)
);
comment on table public.bom_items is
  'Bill of materials: how much of each raw material one unit of a product consumes. A material appears at most once per product.';
comment on column public.bom_items.consumption is
  'What one unit consumes: quantity x (1 + wastage_percent / 100), rounded to 3 decimals.';

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

-- Sub-assemblies: the products a product is made of (cut panels in a kurta, three products in a gift
-- box, 1.2 m of dyed fabric in a panel), per unit in the part's unit (whole pieces, or metres and
-- kilograms to 3 decimals), taken from their stock when the parent's run starts. Part of the
-- product's BOM as create_product and update_product take it (lines with a product_id); at most 6
-- levels deep and never containing itself (private.replace_bom).
create table public.bom_subassemblies (
  product_id uuid not null,
  subassembly_id uuid not null,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  quantity numeric(14, 3) not null check (quantity > 0),
  primary key (product_id, subassembly_id),
  constraint bom_subassemblies_not_itself_check check (subassembly_id <> product_id),
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade,
  foreign key (subassembly_id, user_id) references public.products (id, user_id) on delete cascade
);
comment on table public.bom_subassemblies is
  'Sub-assembly lines of a bill of materials: how much of another product (whole pieces, or metres or kilograms) one unit of a product consumes.';

create index bom_subassemblies_user_id_idx on public.bom_subassemblies (user_id);
create index bom_subassemblies_subassembly_id_user_id_idx on public.bom_subassemblies (subassembly_id, user_id);

alter table public.bom_subassemblies enable row level security;
create policy "Owners can read their sub-assemblies" on public.bom_subassemblies
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.bom_subassemblies from public, anon, authenticated, service_role;
grant all on public.bom_subassemblies to service_role;
grant select on public.bom_subassemblies to authenticated;
-- Not published, as bom_items: replaced by deleting rows, refreshed on product events.

-- An archived material cannot join a BOM, whichever operation adds the row (create_product and
-- update_product both insert BOM rows); a trigger keeps that one rule in one place. Per statement:
-- a BOM's lines are inserted at once, and a style's 100 variants of 200 lines each are 20,000.
create function private.refuse_archived_bom_material() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_material_name text;
begin
  select m.material_name into v_material_name
  from public.raw_materials m
  where m.archived_at is not null and m.id in (select a.material_id from added a)
  order by m.material_name
  limit 1;
  if v_material_name is not null then
    raise exception '% is archived.', v_material_name using hint = 'field:bom';
  end if;
  return null;
end;
$$;
create trigger bom_items_refuse_archived_material
  after insert on public.bom_items
  referencing new table as added
  for each statement execute function private.refuse_archived_bom_material();

-- Nor an archived product, as a sub-assembly.
create function private.refuse_archived_subassembly() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_product_name text;
begin
  select p.product_name into v_product_name
  from public.products p
  where p.archived_at is not null and p.id in (select a.subassembly_id from added a)
  order by p.product_name
  limit 1;
  if v_product_name is not null then
    raise exception '% is archived.', v_product_name using hint = 'field:bom';
  end if;
  return null;
end;
$$;
create trigger bom_subassemblies_refuse_archived_product
  after insert on public.bom_subassemblies
  referencing new table as added
  for each statement execute function private.refuse_archived_subassembly();

-- Unit cost -------------------------------------------------------------------------------------
-- What one unit of a product costs, defined once here: product_costing() reads it for the screens,
-- private.record_sales to record the cost on each new order (the profit snapshot), and
-- reports.product_margins for the owner. The product and every sub-assembly below it (the tree,
-- each node with the pieces one top unit needs) each add
--   their materials: consumption (quantity with wastage, 3 decimals) x the material's cost_per_unit,
--   labour_per_unit + overhead_per_run / run_size (rounded to the paisa),
--   job_work_per_unit: what job workers charge for it, per unit (job_work.sql),
--   and, for a node without any BOM line, its purchase_cost.
-- A node with neither BOM nor purchase cost makes the cost unknown: cost_known is false and
-- unit_cost null, which a sale records as its snapshot (issue 33), so its profit is null too and
-- every profit total and margin leaves it out; the screens show "Cost unknown".
-- The tree is expanded per product, correlated with it, so log_sale's lookup of one product walks
-- only that product's tree, level by level: each level holds every product once, its pieces summed
-- over every path that reaches it there (a part reached by two paths counts twice in pieces but is
-- looked up once), so the walk grows with the tree's products and lines, never with its paths (a
-- 6-level tree of 10 products a level has 100,000 paths; issue 44). Security invoker: it reads
-- through the caller's row-level security; the sums stay numeric, exact whichever way they are
-- grouped.
create view public.product_unit_costs with (security_invoker = true) as
select
  p.id as product_id,
  p.user_id,
  case when c.cost_known then c.materials_cost + c.wastage_cost + c.labour_cost + c.overhead_cost + c.purchase_cost
    + c.job_work_cost end as unit_cost,
  c.cost_known,
  c.materials_cost,
  c.wastage_cost,
  c.labour_cost,
  c.overhead_cost,
  c.purchase_cost,
  c.job_work_cost
from public.products p
cross join lateral (
  -- Each node carries its own cost columns, so the product itself is not looked up again (a join
  -- back to products was planned as a scan of all of them).
  with recursive levels (product_id, pieces, depth, labour_per_unit, overhead_per_unit, purchase_cost, job_work_per_unit)
  as (
    select p.id, 1::numeric, 1, p.labour_per_unit, round(p.overhead_per_run / p.run_size, 2), p.purchase_cost,
      p.job_work_per_unit
    union all
    -- An aggregate may not appear in a recursive term; a window sum over the product, keeping one
    -- row of it, groups the level all the same.
    select l.product_id, l.pieces, l.depth, l.labour_per_unit, l.overhead_per_unit, l.purchase_cost, l.job_work_per_unit
    from (
      select n.id as product_id, sum(t.pieces * n.quantity) over (partition by n.id) as pieces, t.depth + 1 as depth,
        n.labour_per_unit, n.overhead_per_unit, n.purchase_cost, n.job_work_per_unit,
        row_number() over (partition by n.id) as nth
      from levels t
      -- Each product's lines and parts by primary keys (the foreign keys keep every line within one
      -- owner), kept a lookup per product by `offset 0`: joined as sets, the planner read every
      -- line and product of every user at each level (its guess of a level's size is far too big).
      cross join lateral (
        select c.id, s.quantity, c.labour_per_unit, round(c.overhead_per_run / c.run_size, 2) as overhead_per_unit,
          c.purchase_cost, c.job_work_per_unit
        from public.bom_subassemblies s
        join public.products c on c.id = s.subassembly_id
        where s.product_id = t.product_id
        offset 0
      ) n
      -- replace_bom keeps trees within 6 levels and free of cycles; the bound only guards that.
      where t.depth < 6
    ) l
    where l.nth = 1
  ),
  -- Every product of the tree once, with the pieces one top unit needs over all its levels.
  tree as (
    select l.product_id, sum(l.pieces) as pieces, l.labour_per_unit, l.overhead_per_unit, l.purchase_cost,
      l.job_work_per_unit
    from levels l
    group by l.product_id, l.labour_per_unit, l.overhead_per_unit, l.purchase_cost, l.job_work_per_unit
  )
  select
    coalesce(sum(t.pieces * m.materials), 0) as materials_cost,
    coalesce(sum(t.pieces * m.wastage), 0) as wastage_cost,
    sum(t.pieces * t.labour_per_unit) as labour_cost,
    sum(t.pieces * t.overhead_per_unit) as overhead_cost,
    coalesce(sum(t.pieces * t.purchase_cost) filter (where not (m.has_lines or sub.has_lines)), 0) as purchase_cost,
    bool_and(m.has_lines or sub.has_lines or t.purchase_cost is not null) as cost_known,
    round(sum(t.pieces * t.job_work_per_unit), 2) as job_work_cost
  from tree t
  cross join lateral (
    select
      sum(b.quantity * r.cost_per_unit) as materials,
      sum((b.consumption - b.quantity) * r.cost_per_unit) as wastage,
      count(*) > 0 as has_lines
    from public.bom_items b
    join public.raw_materials r on r.id = b.material_id
    where b.product_id = t.product_id
  ) m
  cross join lateral (
    select exists (select 1 from public.bom_subassemblies s where s.product_id = t.product_id) as has_lines
  ) sub
) c;
comment on view public.product_unit_costs is
  'The cost of one unit of each product through every level of sub-assemblies: materials with wastage, labour, overhead per run / run size, job work charges per unit, or the purchase cost of a product without a BOM. cost_known is false (and unit_cost null) when a product in the tree has neither BOM nor purchase cost.';
revoke all on public.product_unit_costs from public, anon, authenticated, service_role;
-- Writes reach only private.refuse_view_write (00_setup.sql): 405.
grant select, insert, update, delete on public.product_unit_costs to authenticated;
create trigger product_unit_costs_refuse_write_rows instead of insert or update or delete on public.product_unit_costs
  for each row execute function private.refuse_view_write();
create trigger product_unit_costs_refuse_write before insert or update or delete on public.product_unit_costs
  for each statement execute function private.refuse_view_write();

-- replace_bom -----------------------------------------------------------------------------------
-- Replaces a product's bill of materials with `bom`: lines [{material_id, quantity,
-- wastage_percent}] and sub-assembly lines [{product_id, quantity}]. create_product,
-- update_product and the style operations all build BOMs with it, so a BOM is checked one way,
-- created or edited; archived items are refused by the triggers above, and a list of more than
-- 200 lines by private.require_bom_size, before any is read. Every line's form is checked first,
-- in order; then the items are looked up at once, by primary key: the text is turned into a uuid
-- first (the canonical hyphenated form in any case; anything else is not found), and the first
-- line not found or repeated is refused; then the lines are written at once. Sub-assembly quantities are
-- in the part's unit (private.require_unit_quantity: whole pieces, else 3 decimals), wastage (materials only) 0 to 50 percent with 2 decimals. A product may not contain
-- itself at any depth ('{product} cannot contain itself.'), a tree has at most 6 levels, 500 products
-- and 2,000 sub-assembly lines (private.require_bom_tree_size): all are checked on the graph once
-- the lines are in, under a per-user lock that queues BOM edits with sub-assemblies, so two edits
-- cannot each add half of a cycle. Every refusal is about the operations' `bom` argument (hint
-- 'field:bom').
create function private.replace_bom(product_id uuid, user_id uuid, bom jsonb) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_row jsonb;
  v_position integer := 0;
  v_item_id uuid;
  v_id_text text;
  v_wastage numeric;
  -- The lines, checked one by one, then looked up and written at once (a style's 100 variants of
  -- 200 lines each took longer than the statement timeout line by line).
  v_material_positions integer[] := '{}'::integer[];
  v_material_ids uuid[] := '{}'::uuid[];
  v_material_quantities numeric[] := '{}'::numeric[];
  v_material_wastages numeric[] := '{}'::numeric[];
  v_product_positions integer[] := '{}'::integer[];
  v_product_ids uuid[] := '{}'::uuid[];
  v_product_quantities numeric[] := '{}'::numeric[];
  v_has_subassemblies boolean;
  v_line record;
  v_problem text;
  v_levels integer;
  v_product_name text;
begin
  if jsonb_typeof(bom) is distinct from 'array' then
    raise exception 'BOM must be a list of materials.' using hint = 'field:bom';
  end if;
  perform private.require_bom_size(jsonb_array_length(bom), 'bom');

  for v_row in select * from jsonb_array_elements(bom) loop
    v_position := v_position + 1;
    if jsonb_typeof(v_row) <> 'object'
      or (coalesce(v_row ->> 'material_id', '') = '' and coalesce(v_row ->> 'product_id', '') = '') then
      raise exception 'Each BOM row needs a material.' using hint = 'field:bom';
    end if;
    if v_row ? 'material_id' and v_row ? 'product_id' then
      raise exception 'A BOM row names a material or a product, not both.' using hint = 'field:bom';
    end if;
    if jsonb_typeof(v_row -> 'quantity') is distinct from 'number' then
      raise exception 'Each BOM row needs a quantity.' using hint = 'field:bom';
    end if;
    v_id_text := lower(coalesce(v_row ->> 'material_id', v_row ->> 'product_id'));
    v_item_id := case
      when v_id_text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then v_id_text::uuid
    end;
    if coalesce(jsonb_typeof(v_row -> 'wastage_percent'), 'null') not in ('number', 'null') then
      raise exception 'Wastage must be a number.' using hint = 'field:bom';
    end if;
    v_wastage := private.require_decimals(private.require_number(
      coalesce((v_row ->> 'wastage_percent')::numeric, 0), 'Wastage', 0, field => 'bom'), 'Wastage', 2, 'bom');
    if v_wastage > 50 then
      raise exception 'Wastage can be at most 50%%.' using hint = 'field:bom';
    end if;

    if v_row ? 'material_id' then
      v_material_positions := v_material_positions || v_position;
      v_material_ids := v_material_ids || v_item_id;
      v_material_quantities := v_material_quantities || private.require_decimals(
        private.require_number((v_row ->> 'quantity')::numeric, 'BOM quantity', 0.001, field => 'bom'),
        'BOM quantity', 3, 'bom');
      v_material_wastages := v_material_wastages || v_wastage;
    else
      if v_wastage <> 0 then
        raise exception 'Wastage applies to materials: a sub-assembly is counted in whole pieces.' using hint = 'field:bom';
      end if;
      v_product_positions := v_product_positions || v_position;
      v_product_ids := v_product_ids || v_item_id;
      -- Checked against the part's unit once the parts are looked up.
      v_product_quantities := v_product_quantities
        || private.require_number((v_row ->> 'quantity')::numeric, 'Sub-assembly quantity', 0, field => 'bom');
    end if;
  end loop;
  v_has_subassemblies := cardinality(v_product_ids) > 0;

  -- The first line, in the list's order, whose item is not the user's or was listed before.
  select case when m.id is null then 'Material not found.' else 'A material can appear only once in a BOM.' end
  into v_problem
  from (
    select l.id, l.position, row_number() over (partition by l.id order by l.position) as nth
    from unnest(v_material_ids, v_material_positions) l (id, position)
  ) l
  left join public.raw_materials m on m.id = l.id and m.user_id = replace_bom.user_id
  where m.id is null or l.nth > 1
  order by l.position
  limit 1;
  if v_problem is not null then
    raise exception '%', v_problem using hint = 'field:bom';
  end if;
  if v_has_subassemblies then
    -- One BOM edit with sub-assemblies at a time per owner: the graph checks below then see
    -- every other edit committed.
    perform pg_advisory_xact_lock(hashtextextended('bom_subassemblies:' || replace_bom.user_id::text, 0));
    select case when p.id is null then 'Product not found.' else 'A product can appear only once in a BOM.' end
    into v_problem
    from (
      select l.id, l.position, row_number() over (partition by l.id order by l.position) as nth
      from unnest(v_product_ids, v_product_positions) l (id, position)
    ) l
    left join public.products p on p.id = l.id and p.user_id = replace_bom.user_id
    where p.id is null or l.nth > 1
    order by l.position
    limit 1;
    if v_problem is not null then
      raise exception '%', v_problem using hint = 'field:bom';
    end if;
    if replace_bom.product_id = any (v_product_ids) then
      select p.product_name into v_product_name from public.products p where p.id = replace_bom.product_id;
      raise exception '% cannot contain itself.', v_product_name using hint = 'field:bom';
    end if;
    for v_line in
      select l.quantity, p.unit_of_measure
      from unnest(v_product_ids, v_product_quantities, v_product_positions) l (id, quantity, position)
      join public.products p on p.id = l.id
      order by l.position
    loop
      perform private.require_unit_quantity(v_line.quantity, v_line.unit_of_measure, 'Sub-assembly quantity', true, 'bom');
    end loop;
  end if;

  delete from public.bom_items b
  where b.product_id = replace_bom.product_id and b.user_id = replace_bom.user_id;
  delete from public.bom_subassemblies s
  where s.product_id = replace_bom.product_id and s.user_id = replace_bom.user_id;
  insert into public.bom_items (product_id, material_id, user_id, quantity, wastage_percent)
  select replace_bom.product_id, l.id, replace_bom.user_id, l.quantity, l.wastage
  from unnest(v_material_ids, v_material_quantities, v_material_wastages) l (id, quantity, wastage);
  if v_has_subassemblies then
    insert into public.bom_subassemblies (product_id, subassembly_id, user_id, quantity)
    select replace_bom.product_id, l.id, replace_bom.user_id, l.quantity
    from unnest(v_product_ids, v_product_quantities) l (id, quantity);
  end if;

  if v_has_subassemblies then
    -- The levels below the product (it included), one row per product and level however many
    -- paths lead there, not going on from the product when it comes back below itself (a cycle);
    -- then the levels above it. The walk is bounded: the rest of the graph has neither cycles nor
    -- more than 6 levels.
    with recursive below (id, depth) as (
      select replace_bom.product_id, 1
      union
      select s.subassembly_id, b.depth + 1
      from below b
      join public.bom_subassemblies s on s.product_id = b.id
      where b.depth <= 7 and (b.depth = 1 or b.id <> replace_bom.product_id)
    )
    select case when bool_or(b.id = replace_bom.product_id and b.depth > 1) then null else max(b.depth) end
    into v_levels from below b;
    if v_levels is null then
      select p.product_name into v_product_name from public.products p where p.id = replace_bom.product_id;
      raise exception '% cannot contain itself.', v_product_name using hint = 'field:bom';
    end if;
    with recursive above (id, depth) as (
      select replace_bom.product_id, 0
      union
      select s.product_id, a.depth + 1
      from above a
      join public.bom_subassemblies s on s.subassembly_id = a.id
      where a.depth <= 7
    )
    select v_levels + max(a.depth) into v_levels from above a;
    if v_levels > 6 then
      raise exception 'Sub-assemblies can go at most 6 levels deep; this BOM would make %.', v_levels
        using hint = 'field:bom';
    end if;
    perform private.require_bom_tree_size(replace_bom.product_id);
  end if;
end;
$$;

-- The size of a tree of sub-assemblies: every walk (costing, what stock can build, planning) visits
-- each product of a tree once per level and reads each of its lines, so a tree of at most 500
-- products and 2,000 sub-assembly lines keeps every one of them within half the 8 s statement
-- timeout (bench/bom-graph.ts, on a busy 2-core machine: at the bound product_costing took 2.5 s,
-- planning 0.6 s, a sale of the top product and available to sell about 0.1 s), and a real product
-- is made of far fewer. Checked, after a BOM with sub-assemblies is written, on the tree of every top product
-- above it (the largest trees it is part of); the refusal names the top product.
create function private.require_bom_tree_size(product_id uuid) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_top record;
begin
  with recursive above (id) as (
    select require_bom_tree_size.product_id
    union
    select s.product_id from above a join public.bom_subassemblies s on s.subassembly_id = a.id
  ),
  tree (top_id, id) as (
    select a.id, a.id from above a
    where not exists (select 1 from public.bom_subassemblies s where s.subassembly_id = a.id)
    union
    select t.top_id, s.subassembly_id from tree t join public.bom_subassemblies s on s.product_id = t.id
  ),
  sizes as (
    select t.top_id, count(*) as products,
      sum((select count(*) from public.bom_subassemblies s where s.product_id = t.id)) as lines
    from tree t
    group by t.top_id
  )
  select z.top_id, p.product_name, z.products, z.lines into v_top
  from sizes z
  join public.products p on p.id = z.top_id
  order by greatest(z.products / 500.0, z.lines / 2000.0) desc, p.product_name
  limit 1;
  if v_top.products > 500 then
    raise exception 'A tree of sub-assemblies can hold at most 500 products; this BOM would make % under %.',
      v_top.products, v_top.product_name using hint = 'field:bom';
  end if;
  if v_top.lines > 2000 then
    raise exception 'A tree of sub-assemblies can have at most 2000 sub-assembly lines; this BOM would make % under %.',
      v_top.lines, v_top.product_name using hint = 'field:bom';
  end if;
end;
$$;
comment on function private.require_bom_tree_size is
  'Refuses (hint field:bom) when a tree of sub-assemblies the product is in would hold more than 500 products or 2000 sub-assembly lines, naming its top product.';

-- Product costs ---------------------------------------------------------------------------------
-- What a unit costs beyond its BOM: labour per piece, a run's overhead and the run size it assumes
-- (the unit cost carries overhead_per_run / run_size), and for a product without a BOM what one
-- unit costs to buy (null: not known). All four are set at once, as the product form sends them:
-- by create_product and update_product (their `costs`, in the product's own transaction) and by
-- set_product_costs. Null when the caller has no such product.
create function private.apply_product_costs(
  product_id uuid,
  user_id uuid,
  labour_per_unit numeric,
  overhead_per_run numeric,
  run_size numeric,
  purchase_cost numeric
) returns public.products
language plpgsql
set search_path = ''
as $$
declare
  v_product public.products;
begin
  update public.products p
  set labour_per_unit = private.require_decimals(private.require_number(
        coalesce(apply_product_costs.labour_per_unit, 0), 'Labour per unit', 0, field => 'labour_per_unit'),
        'Labour per unit', 2, 'labour_per_unit'),
      overhead_per_run = private.require_decimals(private.require_number(
        coalesce(apply_product_costs.overhead_per_run, 0), 'Overhead per run', 0, field => 'overhead_per_run'),
        'Overhead per run', 2, 'overhead_per_run'),
      run_size = private.require_number(coalesce(apply_product_costs.run_size, 1), 'Run size', 1, true, 'run_size'),
      purchase_cost = case when apply_product_costs.purchase_cost is not null then
        private.require_decimals(private.require_number(
          apply_product_costs.purchase_cost, 'Purchase cost', 0, field => 'purchase_cost'),
          'Purchase cost', 2, 'purchase_cost') end
  where p.id = apply_product_costs.product_id and p.user_id = apply_product_costs.user_id
  returning * into v_product;
  return v_product;
end;
$$;
comment on function private.apply_product_costs(uuid, uuid, numeric, numeric, numeric, numeric) is
  'Sets a product''s labour per unit (null: 0), overhead per run (null: 0), run size (null: 1) and purchase cost (null: not known), checked, all at once; null when the user has no such product.';

-- The same from the `costs` object create_product and update_product take: {labour_per_unit,
-- overhead_per_run, run_size, purchase_cost}, each a number or null (absent: null); any other key
-- or value is refused, naming it.
create function private.apply_product_costs(product_id uuid, user_id uuid, costs jsonb) returns public.products
language plpgsql
set search_path = ''
as $$
declare
  v_key text;
begin
  -- RAISE itself, not private.raise_input_error: that one is immutable, and a call of it with
  -- constant arguments may be run when the statement is planned.
  if jsonb_typeof(apply_product_costs.costs) <> 'object' then
    raise exception 'Costs must be an object of labour_per_unit, overhead_per_run, run_size and purchase_cost.'
      using hint = 'field:costs';
  end if;
  for v_key in select jsonb_object_keys(apply_product_costs.costs) loop
    if v_key not in ('labour_per_unit', 'overhead_per_run', 'run_size', 'purchase_cost') then
      raise exception 'Costs have no %: give labour_per_unit, overhead_per_run, run_size and purchase_cost.', left(v_key, 64)
        using hint = 'field:costs';
    end if;
    if jsonb_typeof(apply_product_costs.costs -> v_key) not in ('number', 'null') then
      raise exception '% must be a number.', case v_key when 'labour_per_unit' then 'Labour per unit'
          when 'overhead_per_run' then 'Overhead per run' when 'run_size' then 'Run size' else 'Purchase cost' end
        using hint = 'field:' || v_key;
    end if;
  end loop;
  return private.apply_product_costs(apply_product_costs.product_id, apply_product_costs.user_id,
    (apply_product_costs.costs ->> 'labour_per_unit')::numeric, (apply_product_costs.costs ->> 'overhead_per_run')::numeric,
    (apply_product_costs.costs ->> 'run_size')::numeric, (apply_product_costs.costs ->> 'purchase_cost')::numeric);
end;
$$;
comment on function private.apply_product_costs(uuid, uuid, jsonb) is
  'private.apply_product_costs from a costs object {labour_per_unit, overhead_per_run, run_size, purchase_cost} (numbers or null); another key or a value that is not a number is refused with its field.';

-- Units of measure ------------------------------------------------------------------------------
-- A unit a product may be counted in (rules.product_units), or refused on its field.
create function private.require_product_unit(unit text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  if unit is null or not unit = any (rules.product_units()) then
    raise exception 'Unit must be one of %.', array_to_string(rules.product_units(), ', ')
      using hint = 'field:unit_of_measure';
  end if;
  return unit;
end;
$$;
comment on function private.require_product_unit is 'The unit when it is one of rules.product_units(); refused (field unit_of_measure) otherwise.';
revoke all on function private.require_product_unit(text) from public, anon, authenticated, service_role;

-- A product's unit changes only while nothing was counted in the old one: no ledger row, no
-- production run, not a part of another product's BOM (those quantities were given in the old
-- unit, and a piece count read as metres would be silently wrong). Refused on the field otherwise.
-- The caller holds the product's row (update_product updates it first).
create function private.change_product_unit(product public.products, unit text) returns public.products
language plpgsql
set search_path = ''
as $$
declare
  v_product public.products;
begin
  if exists (select from public.stock_movements s where s.product_id = product.id and s.user_id = product.user_id)
    or exists (select from public.manufacturing_orders o where o.product_id = product.id and o.user_id = product.user_id)
    or exists (
      select from public.bom_subassemblies s where s.subassembly_id = product.id and s.user_id = product.user_id)
  then
    raise exception 'The unit of % cannot change: it has stock, production or is part of another product''s BOM.',
      product.product_name using hint = 'field:unit_of_measure';
  end if;
  update public.products p set unit_of_measure = change_product_unit.unit
  where p.id = product.id and p.user_id = product.user_id
  returning * into v_product;
  return v_product;
end;
$$;
comment on function private.change_product_unit is
  'Sets a product''s unit while it has no ledger row, production run or place in another BOM; refused (field unit_of_measure) otherwise.';
revoke all on function private.change_product_unit(public.products, text) from public, anon, authenticated, service_role;

-- create_product --------------------------------------------------------------------------------
-- Refuses what its columns would round or its keys would refuse, naming the field: a price of
-- 12.345 ('Selling price can have at most 2 decimal places.'), a SKU that differs from an existing
-- one of the same user only in case or surrounding spaces ('A product with SKU P-1 already
-- exists.', naming the one that exists). A refusal about one argument names it in its hint
-- ('field:sku'; private.raise_input_error). With a request_id (00_setup.sql), a repeat returns the
-- first call's product and writes nothing. Its costs beyond the BOM (`costs`, as
-- private.apply_product_costs takes them) are set in the same transaction, so the form saves a
-- product with its costs in one write (issue 33); without them it has none (labour 0, overhead 0,
-- run size 1, purchase cost not known).
create function public.create_product(
  sku text,
  product_name text,
  category text default null,
  selling_price numeric default null,
  stock_on_hand numeric default 0,
  reorder_point numeric default 10,
  bom jsonb default '[]'::jsonb,
  request_id uuid default null,
  costs jsonb default null,
  unit_of_measure text default 'pcs'
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
  v_unit text;
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
  v_unit := private.require_product_unit(coalesce(create_product.unit_of_measure, 'pcs'));

  -- The check above cannot see a twin not yet committed; the unique keys then decide, and the
  -- loser gets the same message.
  begin
    insert into public.products as p
      (user_id, sku, product_name, category, selling_price, unit_of_measure, stock_on_hand, reorder_point)
    values (
      v_user_id,
      private.require_text(create_product.sku, 'SKU', 64, 'sku'),
      private.require_text(create_product.product_name, 'Product name', 200, 'product_name'),
      private.optional_text(create_product.category, 'Category', 100, 'category'),
      private.require_decimals(
        private.require_number(create_product.selling_price, 'Selling price', 0.01, field => 'selling_price'),
        'Selling price', 2, 'selling_price'
      ),
      v_unit,
      private.require_unit_quantity(
        coalesce(create_product.stock_on_hand, 0), v_unit, 'Stock on hand', false, 'stock_on_hand'),
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
  if create_product.costs is not null then
    v_product := private.apply_product_costs(v_product.id, v_user_id, create_product.costs);
  end if;

  perform private.remember_result(v_user_id, create_product.request_id, to_jsonb(v_product));
  return v_product;
end;
$$;
comment on function public.create_product is
  'Creates a product counted in unit_of_measure (rules.product_units; default pcs), its bill of materials and its costs ({labour_per_unit, overhead_per_run, run_size, purchase_cost}, as set_product_costs takes them; null: none) in one transaction; opening stock is recorded in the ledger. A repeated request_id returns the first call''s product and writes nothing.';
revoke all on function public.create_product(text, text, text, numeric, numeric, numeric, jsonb, uuid, jsonb, text) from public, anon, authenticated, service_role;
grant execute on function public.create_product(text, text, text, numeric, numeric, numeric, jsonb, uuid, jsonb, text) to authenticated;

-- update_product --------------------------------------------------------------------------------
create function public.update_product(
  product_id uuid,
  sku text,
  product_name text,
  category text,
  selling_price numeric,
  reorder_point numeric,
  bom jsonb default null,
  costs jsonb default null,
  unit_of_measure text default null
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
  if update_product.unit_of_measure is not null
    and private.require_product_unit(update_product.unit_of_measure) <> v_product.unit_of_measure then
    v_product := private.change_product_unit(v_product, update_product.unit_of_measure);
  end if;

  if update_product.bom is not null then
    perform private.replace_bom(v_product.id, v_user_id, update_product.bom);
  end if;
  if update_product.costs is not null then
    v_product := private.apply_product_costs(v_product.id, v_user_id, update_product.costs);
  end if;

  return v_product;
end;
$$;
comment on function public.update_product is
  'Edits a product''s details with the checks of create_product (a non-null unit_of_measure changes its unit while it has no history: private.change_product_unit); a non-null bom replaces its BOM and non-null costs ({labour_per_unit, overhead_per_run, run_size, purchase_cost}, all four at once as set_product_costs takes them) set its costs, in the same transaction. Stock is not edited here.';
revoke all on function public.update_product(uuid, text, text, text, numeric, numeric, jsonb, jsonb, text) from public, anon, authenticated, service_role;
grant execute on function public.update_product(uuid, text, text, text, numeric, numeric, jsonb, jsonb, text) to authenticated;

-- set_product_costs -----------------------------------------------------------------------------
-- A product's costs on their own (private.apply_product_costs), for a caller of the API; the
-- product form sends them with create_product and update_product.
create function public.set_product_costs(
  product_id uuid,
  labour_per_unit numeric,
  overhead_per_run numeric default 0,
  run_size numeric default 1,
  purchase_cost numeric default null
) returns public.products
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_product public.products := private.apply_product_costs(set_product_costs.product_id, private.require_user_id(),
    set_product_costs.labour_per_unit, set_product_costs.overhead_per_run, set_product_costs.run_size,
    set_product_costs.purchase_cost);
begin
  if v_product.id is null then
    raise exception 'Product not found.';
  end if;
  return v_product;
end;
$$;
comment on function public.set_product_costs is
  'Sets a product''s labour per unit, overhead per run with the run size it assumes, and purchase cost (for a product without a BOM; null: not known), all at once.';
revoke all on function public.set_product_costs(uuid, numeric, numeric, numeric, numeric) from public, anon, authenticated, service_role;
grant execute on function public.set_product_costs(uuid, numeric, numeric, numeric, numeric) to authenticated;

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
      -- A combo's stock is what its parts make up (channels.sql).
      || 'select p.id, p.sku, p.product_name, p.category, p.selling_price,'
      || ' case when p.is_combo then coalesce(private.combo_stock(p.id), 0) else p.stock_on_hand end as stock_on_hand,'
      || ' p.reorder_point, p.archived_at, p.is_combo, p.unit_of_measure,'
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
-- Every product these products reach through sub-assemblies (they included), at the deepest level
-- it appears (they are at 1; at most 6), each once: a walk of at most one row per product and
-- level, however many paths lead there. A product's sub-assemblies are at deeper levels than it,
-- so the levels give an order for working up from the bottom (max_buildable, plan_production).
create function private.bom_levels(product_ids uuid[]) returns table (product_id uuid, level integer)
language sql
stable
set search_path = ''
as $$
  with recursive reach (product_id, depth) as (
    select d.id, 1 from unnest(bom_levels.product_ids) d (id)
    union
    -- By primary keys only: the foreign keys keep every line within one owner.
    select s.subassembly_id, r.depth + 1
    from reach r
    join public.bom_subassemblies s on s.product_id = r.product_id
    -- replace_bom keeps trees within 6 levels and free of cycles; the bound only guards that.
    where r.depth < 6
  )
  select r.product_id, max(r.depth) from reach r group by r.product_id
$$;
comment on function private.bom_levels is
  'Every product the given ones reach through sub-assemblies (they included), once, at the deepest level it appears (at most 6).';

-- How many units of each product its stock of materials and of sub-assemblies can still build, and
-- what runs out first, at whatever level: a material line allows stock / consumption units;
-- a sub-assembly line (its stock + what its own BOM can build) / its quantity, each rounded down in
-- the product's unit (whole pieces, or 3 decimals of a metre or kilogram), and what limits it
-- is what limits the sub-assembly (or the sub-assembly itself when it has no BOM). Ties: by name.
-- Shared materials are counted for each line that uses them, as each line is read on its own.
-- Worked out from the deepest level up, each product once (what a sub-assembly can build is the
-- same whichever parent asks), for every product the given ones reach; a product without a BOM
-- line has no row.
create function private.max_buildable(product_ids uuid[])
returns table (
  product_id uuid,
  max_buildable numeric,
  bottleneck_material_id uuid,
  bottleneck_material_name text,
  bottleneck_product_id uuid,
  bottleneck_product_name text
)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_nodes uuid[];
  v_levels integer[];
  -- What is worked out so far, one element per product in each array.
  v_ids uuid[] := '{}'::uuid[];
  v_units numeric[] := '{}'::numeric[];
  v_material_ids uuid[] := '{}'::uuid[];
  v_material_names text[] := '{}'::text[];
  v_product_ids uuid[] := '{}'::uuid[];
  v_product_names text[] := '{}'::text[];
begin
  select array_agg(l.product_id), array_agg(l.level) into v_nodes, v_levels
  from private.bom_levels(max_buildable.product_ids) l;
  for v_level in reverse 6 .. 1 loop
    with nodes as (
      select n.id, rules.unit_decimals(p.unit_of_measure) as decimals
      from unnest(v_nodes, v_levels) n (id, level)
      join public.products p on p.id = n.id
      where n.level = v_level
    ),
    done (id, units, material_id, material_name, product_id, product_name) as (
      select * from unnest(v_ids, v_units, v_material_ids, v_material_names, v_product_ids, v_product_names)
    ),
    lines as (
      select n.id as node_id, trunc(m.stock_level / b.consumption, n.decimals) as units, m.material_name as line_name,
        m.id as material_id, m.material_name, null::uuid as product_id, null::text as product_name
      from nodes n
      join public.bom_items b on b.product_id = n.id
      join public.raw_materials m on m.id = b.material_id and m.user_id = b.user_id
      union all
      select n.id, trunc((c.stock_on_hand + coalesce(k.units, 0)) / s.quantity, n.decimals), c.product_name,
        k.material_id, k.material_name,
        case when k.units is null then c.id else k.product_id end,
        case when k.units is null then c.product_name else k.product_name end
      from nodes n
      join public.bom_subassemblies s on s.product_id = n.id
      join public.products c on c.id = s.subassembly_id and c.user_id = s.user_id
      left join done k on k.id = c.id
    ),
    first_out as (
      select distinct on (l.node_id) l.* from lines l order by l.node_id, l.units, l.line_name
    )
    select v_ids || array_agg(f.node_id), v_units || array_agg(f.units),
      v_material_ids || array_agg(f.material_id), v_material_names || array_agg(f.material_name),
      v_product_ids || array_agg(f.product_id), v_product_names || array_agg(f.product_name)
    into v_ids, v_units, v_material_ids, v_material_names, v_product_ids, v_product_names
    from first_out f;
  end loop;
  return query select * from unnest(v_ids, v_units, v_material_ids, v_material_names, v_product_ids, v_product_names);
end;
$$;
comment on function private.max_buildable(uuid[]) is
  'For every product the given ones reach with a BOM line: how many units stock can build through every level of sub-assemblies, and the bottleneck material (or product without a BOM); each product worked out once.';

-- What one unit of each product costs (public.product_unit_costs, with its build-up), its margin
-- on the price before GST,
-- and how many units the current stock can build. A product whose cost is unknown has null cost,
-- margin and margin percent. Security definer, filtering on the caller's auth.uid() itself (as
-- list_products), so it may use the private helper above.
create function public.product_costing()
returns table (
  product_id uuid,
  unit_cost numeric,
  margin numeric,
  margin_percent numeric,
  max_buildable numeric,
  bottleneck_material_id uuid,
  bottleneck_material_name text,
  cost_known boolean,
  materials_cost numeric,
  wastage_cost numeric,
  labour_cost numeric,
  overhead_cost numeric,
  purchase_cost numeric,
  bottleneck_product_id uuid,
  bottleneck_product_name text,
  price_before_gst numeric,
  job_work_cost numeric
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    p.id,
    -- null when the cost is unknown, and so are margin and margin percent
    c.unit_cost,
    t.price_before_gst - c.unit_cost,
    round((t.price_before_gst - c.unit_cost) * 100 / t.price_before_gst, 2),
    b.max_buildable,
    b.bottleneck_material_id,
    b.bottleneck_material_name,
    c.cost_known,
    c.materials_cost,
    c.wastage_cost,
    c.labour_cost,
    c.overhead_cost,
    c.purchase_cost,
    b.bottleneck_product_id,
    b.bottleneck_product_name,
    t.price_before_gst,
    c.job_work_cost
  from public.products p
  join public.product_unit_costs c on c.product_id = p.id
  -- The margin is on the price without its GST (issue 42), as reports.product_margins has it. A
  -- combo's cost is its parts' (unknown here), so its margin is null whatever its rate.
  cross join lateral (
    select rules.price_before_gst(p.selling_price, p.gst_rate, p.gst_rate_rule, rules.india_day(now()))
      as price_before_gst
  ) t
  left join private.max_buildable(array(select q.id from public.products q where q.user_id = (select auth.uid()))) b
    on b.product_id = p.id
  where p.user_id = (select auth.uid())
$$;
comment on function public.product_costing is
  'Per product of the caller: unit_cost through every level of sub-assemblies (materials, wastage, labour, overhead, purchase cost, job_work_cost; null with cost_known false when unknown), margin and margin_percent against the selling price before GST (price_before_gst, rules.price_before_gst; null when the cost is unknown), max_buildable from current material and sub-assembly stock (in the product''s unit: whole pieces, or 3 decimals rounded down) and the bottleneck (a material, or a product without a BOM) at whatever level (all null for an empty BOM).';
revoke all on function public.product_costing() from public, anon, authenticated, service_role;
grant execute on function public.product_costing() to authenticated;

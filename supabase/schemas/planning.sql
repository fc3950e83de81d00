-- Planning (issue 33): how fast each product sells, how long its stock lasts, the reorder point that
-- would cover its lead time, and one plan of what to make and what to buy.
--
-- Velocity is units kept per India day (Asia/Kolkata, as the dashboard's periods) over the last 7, 30
-- and 90 days, today included: the quantity less its returned units of every order whose status counts
-- as a sale (rules.counted_sale_statuses; a Cancelled or fully Returned order keeps no units, as
-- rules.kept_sale says). Read from sales_orders by the index below, bounded to 90 days: the kept
-- totals (sales_totals.sql) are per day and platform or per product all time, never per product and
-- day. Every reader takes it from private.sales_velocity.
--
-- Days of stock left = stock / the 30-day velocity (null when nothing sold in 30 days); it runs out on
-- today + whole days left (null beyond a century). Suggested reorder point = ceil(velocity x lead time + safety days x
-- velocity) at the 30-day velocity, with the product's lead time and safety days (products.sql; null
-- takes private.planning_defaults()). For a made product the lead time is how long a run of it takes.

-- Velocity over a bounded range of one user's orders: an index-only range scan of 90 days, however
-- long the shop's history (a seller with 3,000 orders a day reads 270,000 index entries, not a million
-- rows).
create index sales_orders_user_id_order_date_velocity_idx
  on public.sales_orders (user_id, order_date) include (product_id, status, quantity, returned_quantity);

-- The defaults of a product's planning settings, in one place: a week to make or buy, a week of
-- sales in reserve.
create function private.planning_defaults(out lead_time_days integer, out safety_days integer)
language sql
immutable
set search_path = ''
as $$
  select 7, 7
$$;

-- Units kept per product over the last 7, 30 and 90 India days and the matching units per day (3
-- decimals), for this user's products (all when product_ids is null). Products that sold nothing in
-- 90 days have no row.
create function private.sales_velocity(user_id uuid, product_ids uuid[] default null)
returns table (
  product_id uuid,
  units_7 bigint,
  units_30 bigint,
  units_90 bigint,
  per_day_7 numeric,
  per_day_30 numeric,
  per_day_90 numeric
)
language plpgsql
stable
set search_path = ''
as $$
declare
  -- The windows' first instants, computed once: in a SQL body they were computed again per order
  -- row (the function is never inlined), which tripled the time.
  v_today date := rules.india_day(now());
  v_from_7 timestamptz := rules.india_day_start(v_today - 6);
  v_from_30 timestamptz := rules.india_day_start(v_today - 29);
  v_from_90 timestamptz := rules.india_day_start(v_today - 89);
begin
  return query
  select k.product_id, coalesce(k.units_7, 0), coalesce(k.units_30, 0), k.units_90,
    round(coalesce(k.units_7, 0) / 7.0, 3), round(coalesce(k.units_30, 0) / 30.0, 3), round(k.units_90 / 90.0, 3)
  from (
    -- A combo's sales are its parts' (channels.sql): quantity x the part's quantity each.
    select coalesce(c.component_id, o.product_id) as product_id,
      sum((o.quantity - o.returned_quantity) * coalesce(c.quantity, 1)) filter (where o.order_date >= v_from_7) as units_7,
      sum((o.quantity - o.returned_quantity) * coalesce(c.quantity, 1)) filter (where o.order_date >= v_from_30) as units_30,
      sum((o.quantity - o.returned_quantity) * coalesce(c.quantity, 1)) as units_90
    from public.sales_orders o
    left join public.combo_components c on c.combo_id = o.product_id
    where o.user_id = sales_velocity.user_id
      and o.order_date >= v_from_90
      and o.status = any (rules.counted_sale_statuses())
      and (sales_velocity.product_ids is null or o.product_id = any (sales_velocity.product_ids || array(
        select x.combo_id from public.combo_components x
        where x.user_id = sales_velocity.user_id and x.component_id = any (sales_velocity.product_ids))))
    group by 1
  ) k;
end;
$$;

-- Per product of the user (all active ones when product_ids is null): velocity, days of stock left,
-- the day it runs out, its lead time and safety days as they apply, and the suggested reorder point
-- (null when nothing sold in 30 days).
create function private.product_planning(user_id uuid, product_ids uuid[] default null)
returns table (
  product_id uuid,
  product_name text,
  sku text,
  stock_on_hand numeric,
  reorder_point integer,
  units_7 bigint,
  units_30 bigint,
  units_90 bigint,
  per_day_7 numeric,
  per_day_30 numeric,
  per_day_90 numeric,
  days_left numeric,
  runs_out_on date,
  lead_time_days integer,
  safety_days integer,
  suggested_reorder_point integer
)
language sql
stable
set search_path = ''
as $$
  select p.id, p.product_name, p.sku, p.stock_on_hand, p.reorder_point,
    coalesce(v.units_7, 0), coalesce(v.units_30, 0), coalesce(v.units_90, 0),
    coalesce(v.per_day_7, 0), coalesce(v.per_day_30, 0), coalesce(v.per_day_90, 0),
    case when v.units_30 > 0 then round(p.stock_on_hand * 30.0 / v.units_30, 1) end,
    -- No day beyond a century: a date the app could not show (and more days than an integer holds).
    case when v.units_30 > 0 and p.stock_on_hand * 30.0 / v.units_30 < 36500 then
      rules.india_day(now()) + floor(p.stock_on_hand * 30.0 / v.units_30)::integer end,
    coalesce(p.lead_time_days, d.lead_time_days),
    coalesce(p.safety_days, d.safety_days),
    case when v.units_30 > 0 then
      -- velocity x lead time + safety days x velocity, as units_30 x (lead + safety) / 30: exact in
      -- numeric, where 44 / 30 rounded first would make 22 come out as 22.0000...3 and round up.
      ceil(v.units_30 * (coalesce(p.lead_time_days, d.lead_time_days) + coalesce(p.safety_days, d.safety_days))
        / 30.0)::integer
    end
  from public.products p
  cross join private.planning_defaults() d
  left join private.sales_velocity(product_planning.user_id, product_planning.product_ids) v on v.product_id = p.id
  where p.user_id = product_planning.user_id and p.archived_at is null
    and (product_planning.product_ids is null or p.id = any (product_planning.product_ids))
$$;

-- product_planning ---------------------------------------------------------------------------------
-- The Inventory screen's velocity and days left for the products it shows (at most 1,000 ids; null:
-- every active product).
create function public.product_planning(product_ids uuid[] default null)
returns table (
  product_id uuid,
  product_name text,
  sku text,
  stock_on_hand numeric,
  reorder_point integer,
  units_7 bigint,
  units_30 bigint,
  units_90 bigint,
  per_day_7 numeric,
  per_day_30 numeric,
  per_day_90 numeric,
  days_left numeric,
  runs_out_on date,
  lead_time_days integer,
  safety_days integer,
  suggested_reorder_point integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
begin
  if cardinality(product_planning.product_ids) > 1000 then
    raise exception 'Ask for at most 1000 products at a time.' using hint = 'field:product_ids';
  end if;
  return query select * from private.product_planning(v_user_id, product_planning.product_ids);
end;
$$;
comment on function public.product_planning is
  'Per active product of the caller (or of product_ids, at most 1000): units kept and units per day over the last 7, 30 and 90 India days (cancelled and returned units out), days of stock left and the day it runs out at the 30-day velocity (null when nothing sold), the lead time and safety days that apply, and the suggested reorder point.';
revoke all on function public.product_planning(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.product_planning(uuid[]) to authenticated;

-- running_out_soon ---------------------------------------------------------------------------------
-- The dashboard's card: the active products that sell, fewest days of stock left first (then by name).
create function public.running_out_soon(max_rows integer default 5)
returns table (
  product_id uuid,
  product_name text,
  sku text,
  stock_on_hand numeric,
  per_day_30 numeric,
  days_left numeric,
  runs_out_on date
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
begin
  if running_out_soon.max_rows is null or running_out_soon.max_rows not between 1 and 50 then
    raise exception 'Rows must be a whole number from 1 to 50.' using hint = 'field:max_rows';
  end if;
  return query
  select p.product_id, p.product_name, p.sku, p.stock_on_hand, p.per_day_30, p.days_left, p.runs_out_on
  from private.product_planning(v_user_id) p
  where p.days_left is not null
  order by p.days_left, p.product_name, p.product_id
  limit running_out_soon.max_rows;
end;
$$;
comment on function public.running_out_soon is
  'The caller''s active products that sold in the last 30 days, fewest days of stock left first (at most max_rows, 1 to 50).';
revoke all on function public.running_out_soon(integer) from public, anon, authenticated, service_role;
grant execute on function public.running_out_soon(integer) to authenticated;

-- set_product_planning -----------------------------------------------------------------------------
-- A product's lead time (days a run takes, or buying it for a bought-in product) and safety days,
-- whole days 0 to 365; null puts back the default.
create function public.set_product_planning(product_id uuid, lead_time_days numeric default null, safety_days numeric default null)
returns public.products
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  -- Checked as numbers first: 'NaN' sorts above every number, so the upper bound alone would call it too long.
  v_lead_time numeric := case when set_product_planning.lead_time_days is not null then
    private.require_number(set_product_planning.lead_time_days, 'Lead time', 0, true, 'lead_time_days') end;
  v_safety numeric := case when set_product_planning.safety_days is not null then
    private.require_number(set_product_planning.safety_days, 'Safety days', 0, true, 'safety_days') end;
  v_product public.products;
begin
  if v_lead_time > 365 then
    raise exception 'Lead time must be at most 365 days.' using hint = 'field:lead_time_days';
  end if;
  if v_safety > 365 then
    raise exception 'Safety days must be at most 365.' using hint = 'field:safety_days';
  end if;
  update public.products p
  set lead_time_days = v_lead_time, safety_days = v_safety
  where p.id = set_product_planning.product_id and p.user_id = v_user_id
  returning * into v_product;
  if not found then
    raise exception 'Product not found.';
  end if;
  return v_product;
end;
$$;
comment on function public.set_product_planning is
  'Sets a product''s lead time (days a run of it takes; for a bought-in product, days to buy it) and safety days, whole days 0 to 365; null takes the default (7 and 7).';
revoke all on function public.set_product_planning(uuid, numeric, numeric) from public, anon, authenticated, service_role;
grant execute on function public.set_product_planning(uuid, numeric, numeric) to authenticated;

-- accept_reorder_point -----------------------------------------------------------------------------
-- Writes the suggested reorder point as the product's reorder point (products.low_stock follows by
-- its rule). With a request_id, a repeat returns the first call's product and writes nothing.
create function public.accept_reorder_point(product_id uuid, request_id uuid default null)
returns public.products
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_suggested integer;
  v_product public.products;
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, accept_reorder_point.request_id, 'accept_reorder_point');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.products, v_replayed);
  end if;
  select p.suggested_reorder_point into v_suggested
  from private.product_planning(v_user_id, array[accept_reorder_point.product_id]) p;
  if not found then
    raise exception 'Product not found.' using hint = 'field:product_id';
  end if;
  if v_suggested is null then
    raise exception 'Nothing sold in the last 30 days: there is no reorder point to suggest.' using hint = 'field:product_id';
  end if;
  update public.products p
  set reorder_point = private.require_number(v_suggested, 'Reorder point', 0, true, 'reorder_point')
  where p.id = accept_reorder_point.product_id and p.user_id = v_user_id
  returning * into v_product;

  perform private.remember_result(v_user_id, accept_reorder_point.request_id, to_jsonb(v_product));
  return v_product;
end;
$$;
comment on function public.accept_reorder_point is
  'Sets an active product''s reorder point to its suggested reorder point (ceil(30-day velocity x (lead time + safety days))); refused when nothing sold in 30 days. A repeated request_id returns the first call''s product and writes nothing.';
revoke all on function public.accept_reorder_point(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.accept_reorder_point(uuid, uuid) to authenticated;

-- plan_production ----------------------------------------------------------------------------------
-- What to make and what to buy for `targets` ([{product_id, quantity}], 1 to 200 products, each once,
-- whole quantities from 1) or, with no targets, for the open (Unfulfilled) orders' units plus
-- horizon_days (0 to 365) of forecast demand (30-day velocity x horizon, rounded up). Writes nothing.
--
-- Level by level through the sub-assemblies (a product's level is the deepest it appears at, so it
-- is netted once, after every parent): what it needs (its own demand plus its made parents' pieces),
-- less its stock and what its runs In Progress will add, is what to make. Materials: what the runs to
-- make consume (with wastage) less stock and what is on order (public.materials_on_order) is what to
-- buy; what stock alone does not cover is short.
--
-- Dates, forward from today: a run starts when the sub-assemblies it waits for are made and takes its
-- product's lead time, so the deepest level starts today; a product is ready on its start + lead
-- time, a sub-assembly is needed by the earliest start of a parent run, a target by the day it can be
-- ready, a material by the earliest start of a run consuming it.
--
-- runs: the runs that can start now (every component in stock for it), deepest level first, as
-- commit_production_plan takes them; a parent waiting for sub-assemblies this plan makes is planned
-- again once those runs are completed (the plan nets runs In Progress, so nothing is made twice).
create function public.plan_production(targets jsonb default null, horizon_days integer default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_today date := rules.india_day(now());
  v_target jsonb;
  v_id_text text;
  v_product_id uuid;
  v_demand_ids uuid[] := '{}'::uuid[];
  v_demand_qty numeric[] := '{}'::numeric[];
  v_node_ids uuid[];
  v_node_levels integer[];
  v_made_ids uuid[] := '{}'::uuid[];
  v_made_qty numeric[] := '{}'::numeric[];
  v_line record;
  v_lines jsonb := '[]'::jsonb;
  v_ready jsonb := '{}'::jsonb;
  v_start jsonb := '{}'::jsonb;
  v_offset integer;
  v_make jsonb;
  v_buy jsonb;
  v_runs jsonb;
begin
  if plan_production.horizon_days is not null and plan_production.horizon_days not between 0 and 365 then
    raise exception 'Horizon must be a whole number of days from 0 to 365.' using hint = 'field:horizon_days';
  end if;

  if plan_production.targets is not null and jsonb_typeof(plan_production.targets) is distinct from 'array' then
    raise exception 'Targets must be a list of products and quantities.' using hint = 'field:targets';
  end if;
  if jsonb_array_length(coalesce(plan_production.targets, '[]'::jsonb)) > 200 then
    perform private.raise_input_error(
      format('A plan can have at most 200 targets; this one has %s.', jsonb_array_length(plan_production.targets)),
      'targets');
  end if;

  if jsonb_array_length(coalesce(plan_production.targets, '[]'::jsonb)) > 0 then
    for v_target in select * from jsonb_array_elements(plan_production.targets) loop
      if jsonb_typeof(v_target) <> 'object' or jsonb_typeof(v_target -> 'product_id') is distinct from 'string' then
        raise exception 'Each target needs a product.' using hint = 'field:targets';
      end if;
      if coalesce(jsonb_typeof(v_target -> 'quantity'), 'null') not in ('number', 'null') then
        raise exception 'Quantity must be a number.' using hint = 'field:targets';
      end if;
      v_id_text := lower(v_target ->> 'product_id');
      v_product_id := case
        when v_id_text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then v_id_text::uuid
      end;
      if v_product_id is null or not exists (
        select 1 from public.products p
        where p.id = v_product_id and p.user_id = v_user_id and p.archived_at is null
      ) then
        raise exception 'Product not found.' using hint = 'field:targets';
      end if;
      perform private.refuse_combo_target(v_product_id);
      if v_product_id = any (v_demand_ids) then
        raise exception 'A product can appear only once in the targets.' using hint = 'field:targets';
      end if;
      v_demand_qty := v_demand_qty
        || private.require_number((v_target ->> 'quantity')::numeric, 'Quantity', 1, true, 'targets');
      v_demand_ids := v_demand_ids || v_product_id;
    end loop;
  else
    select coalesce(array_agg(d.product_id order by d.product_id), '{}'), coalesce(array_agg(d.quantity order by d.product_id), '{}')
    into v_demand_ids, v_demand_qty
    from (
      select p.id as product_id, sum(x.quantity * s.per_unit) as quantity
      from (
        select o.product_id, (o.quantity - o.returned_quantity)::numeric as quantity
        from public.sales_orders o
        where o.user_id = v_user_id and o.status = 'Unfulfilled'
        union all
        select v.product_id, ceil(v.units_30 / 30.0 * coalesce(plan_production.horizon_days, 0))
        from private.sales_velocity(v_user_id) v
      ) x
      -- A combo is never made: its demand is its parts' (channels.sql).
      cross join lateral private.stock_parts(x.product_id) s
      join public.products p on p.id = s.product_id and p.user_id = v_user_id and p.archived_at is null
      group by p.id
      having sum(x.quantity) > 0
    ) d;
  end if;

  -- Every product the demand reaches, at the deepest level it appears (at most 6).
  select array_agg(r.product_id order by r.product_id), array_agg(r.level order by r.product_id)
  into v_node_ids, v_node_levels
  from private.bom_levels(v_demand_ids) r;

  for v_level in 1 .. 6 loop
    for v_line in
      select n.id, p.product_name, p.sku, p.stock_on_hand,
        coalesce(p.lead_time_days, (private.planning_defaults()).lead_time_days) as lead_time_days,
        coalesce((select sum(m.quantity_to_produce) from public.manufacturing_orders m
          where m.product_id = n.id and m.user_id = v_user_id and m.status = 'In Progress'), 0) as in_progress,
        coalesce((select sum(d.qty) from unnest(v_demand_ids, v_demand_qty) d (id, qty) where d.id = n.id), 0)
          -- What parents made here need of it, rounded up in its unit (a piece is whole).
          + rules.round_up_to_unit(coalesce((select sum(m.qty * s.quantity)
              from unnest(v_made_ids, v_made_qty) m (id, qty)
              join public.bom_subassemblies s on s.product_id = m.id and s.subassembly_id = n.id
              where s.user_id = v_user_id), 0), p.unit_of_measure) as required
      from unnest(v_node_ids, v_node_levels) n (id, level)
      join public.products p on p.id = n.id and p.user_id = v_user_id
      where n.level = v_level
      order by p.product_name, n.id
    loop
      if greatest(v_line.required - v_line.stock_on_hand - v_line.in_progress, 0) > 1000000000 then
        perform private.raise_input_error(
          format('The plan needs more than 1000000000 of %s.', v_line.product_name), 'targets');
      end if;
      if v_line.required - v_line.stock_on_hand - v_line.in_progress > 0 then
        v_made_ids := v_made_ids || v_line.id;
        v_made_qty := v_made_qty || (v_line.required - v_line.stock_on_hand - v_line.in_progress);
      end if;
      v_lines := v_lines || jsonb_build_array(jsonb_build_object(
        'level', v_level, 'product_id', v_line.id, 'product_name', v_line.product_name, 'sku', v_line.sku,
        -- Quantities as their unit counts them (20 pieces, never 20.000).
        'required', trim_scale(v_line.required), 'stock', trim_scale(v_line.stock_on_hand),
        'in_progress', trim_scale(v_line.in_progress),
        'make', trim_scale(greatest(v_line.required - v_line.stock_on_hand - v_line.in_progress, 0)),
        'lead_time_days', v_line.lead_time_days));
    end loop;
  end loop;

  -- Dates, deepest level first: a run starts when the sub-assemblies made for it are ready.
  for v_line in
    select l.value as line from jsonb_array_elements(v_lines) l
    where (l.value ->> 'make')::numeric > 0
    order by (l.value ->> 'level')::integer desc
  loop
    v_offset := coalesce((
      select max((v_ready ->> s.subassembly_id::text)::integer)
      from public.bom_subassemblies s
      where s.product_id = (v_line.line ->> 'product_id')::uuid and s.user_id = v_user_id
        and v_ready ? s.subassembly_id::text), 0);
    v_start := v_start || jsonb_build_object(v_line.line ->> 'product_id', v_offset);
    v_ready := v_ready || jsonb_build_object(
      v_line.line ->> 'product_id', v_offset + (v_line.line ->> 'lead_time_days')::integer);
  end loop;

  select coalesce(jsonb_agg(l.line || jsonb_build_object(
      'start_on', v_today + (v_start ->> (l.line ->> 'product_id'))::integer,
      'ready_on', v_today + (v_ready ->> (l.line ->> 'product_id'))::integer,
      'needed_by', v_today + least(
        case when (l.line ->> 'product_id')::uuid = any (v_demand_ids)
          then coalesce((v_ready ->> (l.line ->> 'product_id'))::integer, 0) end,
        (select min((v_start ->> s.product_id::text)::integer)
         from public.bom_subassemblies s
         where s.subassembly_id = (l.line ->> 'product_id')::uuid and s.user_id = v_user_id
           and v_start ? s.product_id::text)),
      'can_start', (l.line ->> 'make')::numeric > 0 and not exists (
        select 1 from private.production_needs(v_user_id, array[(l.line ->> 'product_id')::uuid],
          array[(l.line ->> 'make')::numeric]) n
        where n.needed > n.available))
      order by (l.line ->> 'level')::integer, l.line ->> 'product_name'), '[]'::jsonb)
  into v_make
  from jsonb_array_elements(v_lines) l (line);

  select coalesce(jsonb_agg(jsonb_build_object(
      'product_id', m.line ->> 'product_id', 'quantity_to_produce', (m.line ->> 'make')::numeric)
      order by (m.line ->> 'level')::integer desc, m.line ->> 'product_name'), '[]'::jsonb)
  into v_runs
  from jsonb_array_elements(v_make) m (line)
  where (m.line ->> 'can_start')::boolean;

  select coalesce(jsonb_agg(jsonb_build_object(
      'material_id', r.id, 'material_name', r.material_name, 'unit_of_measure', r.unit_of_measure,
      'supplier_id', r.supplier_id, 'supplier', r.supplier,
      'required', r.required, 'stock', r.stock_level, 'on_order', r.on_order,
      'short', greatest(r.required - r.stock_level, 0),
      'buy', greatest(r.required - r.stock_level - r.on_order, 0),
      'needed_by', v_today + r.start_offset)
      order by r.material_name, r.id), '[]'::jsonb)
  into v_buy
  from (
    select m.id, m.material_name, m.unit_of_measure, m.supplier_id, m.supplier, m.stock_level,
      coalesce((select o.quantity from public.materials_on_order o
        where o.material_id = m.id and o.user_id = v_user_id), 0) as on_order,
      sum(b.consumption * u.qty) as required,
      min((v_start ->> u.id::text)::integer) as start_offset
    from unnest(v_made_ids, v_made_qty) u (id, qty)
    join public.bom_items b on b.product_id = u.id and b.user_id = v_user_id
    join public.raw_materials m on m.id = b.material_id and m.user_id = v_user_id
    group by m.id
  ) r;

  return jsonb_build_object(
    'today', v_today,
    'horizon_days', plan_production.horizon_days,
    'from_open_orders', jsonb_array_length(coalesce(plan_production.targets, '[]'::jsonb)) = 0,
    'make', v_make,
    'buy', v_buy,
    'runs', v_runs);
end;
$$;
comment on function public.plan_production is
  'A plan, writing nothing: for targets [{product_id, quantity}] (at most 200) or the open orders plus horizon_days of forecast, level by level through sub-assemblies what to make net of stock and runs In Progress (make), the materials to buy net of stock and open purchase orders (buy, with what is short), each with the day it is needed, and the runs that can start now, deepest first (runs).';
revoke all on function public.plan_production(jsonb, integer) from public, anon, authenticated, service_role;
grant execute on function public.plan_production(jsonb, integer) to authenticated;

-- commit_production_plan ---------------------------------------------------------------------------
-- Starts a plan's runs (plan.runs: [{product_id, quantity_to_produce}], at most 200, each product
-- once), in the plan's order (deepest level first), in one transaction, through start_production_batch's
-- path: when stock has changed since the plan so that an item no longer covers them, nothing starts
-- and the refusal is the usual 'Not enough {item}: {needed} needed, {available} available.'. Returns
-- the new orders' ids. With a request_id, a repeat returns the first call's ids and writes nothing.
create function public.commit_production_plan(plan jsonb, request_id uuid default null) returns uuid[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_runs jsonb := case when jsonb_typeof(commit_production_plan.plan) = 'object' then commit_production_plan.plan -> 'runs' end;
  v_product_ids uuid[];
  v_quantities numeric[];
  v_order_ids uuid[];
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, commit_production_plan.request_id, 'commit_production_plan');
  if v_replayed is not null then
    return array(select jsonb_array_elements_text(v_replayed)::uuid);
  end if;
  if jsonb_typeof(v_runs) is distinct from 'array' or jsonb_array_length(v_runs) = 0 then
    raise exception 'This plan has no runs that can start now.' using hint = 'field:plan';
  end if;
  if jsonb_array_length(v_runs) > 200 then
    perform private.raise_input_error(
      format('A plan can start at most 200 runs; this one has %s.', jsonb_array_length(v_runs)), 'plan');
  end if;
  select r.product_ids, r.quantities into v_product_ids, v_quantities
  from private.read_production_runs(v_runs, 'plan', 'A product can appear only once in a plan''s runs.') r;

  v_order_ids := private.start_production_runs(v_user_id, v_product_ids, v_quantities, 'plan');

  perform private.remember_result(v_user_id, commit_production_plan.request_id, to_jsonb(v_order_ids));
  return v_order_ids;
end;
$$;
comment on function public.commit_production_plan is
  'Starts the runs of a plan from plan_production (plan.runs, at most 200) in one transaction, deepest level first, or refuses with "Not enough {item}: {needed} needed, {available} available." when stock changed since the plan, starting nothing. A repeated request_id returns the first call''s ids and writes nothing.';
revoke all on function public.commit_production_plan(jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.commit_production_plan(jsonb, uuid) to authenticated;

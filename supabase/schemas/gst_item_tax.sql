-- GST (issue 31): the tax of items. set_item_tax sets the HSN code and rate (or price rule) of a
-- product, a material or a style's variants, and gives the product's recorded orders whose tax was
-- unknown their tax, a batch at a time (issue 44: filling 8,000 orders in one call ran into the
-- statement timeout): the first batch in the call, the rest by continue_item_tax_backfill, which
-- the app calls until none is left, showing the progress. The rules and the business profile are in gst.sql.

-- The backfill --------------------------------------------------------------------------------------
-- Orders one batch gives their tax: at about 0.2 ms an order (0.9 ms on a loaded machine), a batch
-- takes well under half the 8 s statement timeout.
create function rules.item_tax_backfill_batch() returns integer
language sql
immutable
set search_path = ''
as $$ select 1000 $$;
comment on function rules.item_tax_backfill_batch is
  'How many earlier orders set_item_tax and each continue_item_tax_backfill call give their tax at most.';
revoke all on function rules.item_tax_backfill_batch() from public, anon, authenticated, service_role;
grant execute on function rules.item_tax_backfill_batch() to authenticated;

-- A product whose earlier orders are still taking the tax set_item_tax gave it: how many there were
-- when it was set (at least one more than done while any is left) and how many have it now.
create table public.item_tax_backfills (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  product_id uuid not null,
  orders_total integer not null,
  orders_done integer not null default 0,
  started_at timestamptz not null default now(),
  primary key (user_id, product_id),
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade,
  check (orders_done >= 0 and orders_done < orders_total)
);
comment on table public.item_tax_backfills is
  'Products whose earlier orders (tax unknown when recorded) are still being given the tax set_item_tax set, with the progress: orders_done of orders_total. A row goes when its last order has its tax. Written by set_item_tax and continue_item_tax_backfill; read-only to users.';
alter table public.item_tax_backfills enable row level security;
create policy "Owners can read their item tax backfills" on public.item_tax_backfills
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on table public.item_tax_backfills from public, anon, authenticated, service_role;
grant select on table public.item_tax_backfills to authenticated;

-- A product's recorded orders whose tax is unknown and can be known now: its rate (or rule) was in
-- force on the order's day. At most up_to (null: all), in no particular order, so that a batch stops
-- reading when it has enough. Each with its tax's parts.
create function private.orders_awaiting_item_tax(user_id uuid, product_id uuid, up_to integer)
returns table (id uuid, total_amount numeric, place_of_supply text, hsn_code text, gst_rate numeric,
  intra_state boolean)
language sql
stable
set search_path = ''
as $$
  select o.id, o.total_amount, o.place_of_supply, p.hsn_code, r.gst_rate,
    o.place_of_supply is null or b.state_code is null or o.place_of_supply = b.state_code
  from public.products p
  join public.sales_orders o on o.product_id = p.id and o.user_id = p.user_id
  left join public.business_profiles b on b.user_id = p.user_id
  cross join lateral (select private.product_gst_rate(p, o.unit_price, rules.india_day(o.order_date)) as gst_rate) r
  where p.id = orders_awaiting_item_tax.product_id and p.user_id = orders_awaiting_item_tax.user_id
    and p.hsn_code is not null and o.gst_rate is null and r.gst_rate is not null
  limit orders_awaiting_item_tax.up_to
$$;
comment on function private.orders_awaiting_item_tax is
  'A product''s orders whose tax is unknown and whose day had the product''s rate in force, at most up_to, with the rate and whether the supply is within the state.';
revoke all on function private.orders_awaiting_item_tax(uuid, uuid, integer) from public, anon, authenticated, service_role;

-- One batch of the user's backfills, oldest backfill first: at most rules.item_tax_backfill_batch() orders
-- take their product's tax now, each for its own unit price and day, and its place of supply (null
-- stays unknown). The backfills' rows are locked first, so two calls take turns and no order is
-- filled twice (an order with a rate is never picked again).
create function private.fill_item_tax(user_id uuid) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_job record;
  v_left integer := rules.item_tax_backfill_batch();
  v_filled integer;
  v_more boolean;
begin
  for v_job in
    select j.product_id from public.item_tax_backfills j
    where j.user_id = fill_item_tax.user_id
    order by j.started_at, j.product_id
    for update
  loop
    exit when v_left = 0;
    -- One more than the batch has room for is looked up, to know whether any is left after it.
    with awaiting as (
      select a.*, row_number() over () as n
      from private.orders_awaiting_item_tax(fill_item_tax.user_id, v_job.product_id, v_left + 1) a
    ), filled as (
      update public.sales_orders o
      set place_of_supply = t.place_of_supply, hsn_code = t.hsn_code, gst_rate = t.gst_rate,
        taxable_value = t.taxable_value, cgst = t.cgst, sgst = t.sgst, igst = t.igst
      from (
        select a.id, a.place_of_supply, a.hsn_code, a.gst_rate, x.*
        from awaiting a
        cross join lateral rules.gst_split(a.total_amount, a.gst_rate, a.intra_state) x
        where a.n <= v_left
      ) t
      where o.id = t.id and o.user_id = fill_item_tax.user_id and o.gst_rate is null
      returning o.id
    )
    select (select count(*) from filled), (select count(*) > v_left from awaiting) into v_filled, v_more;
    v_left := v_left - v_filled;
    if v_more then
      update public.item_tax_backfills j
      set orders_done = j.orders_done + v_filled,
        orders_total = greatest(j.orders_total, j.orders_done + v_filled + 1)
      where j.user_id = fill_item_tax.user_id and j.product_id = v_job.product_id;
    else
      delete from public.item_tax_backfills j
      where j.user_id = fill_item_tax.user_id and j.product_id = v_job.product_id;
    end if;
  end loop;
end;
$$;
comment on function private.fill_item_tax is
  'One batch (rules.item_tax_backfill_batch() orders at most) of the user''s item tax backfills, oldest first; a backfill whose last order has its tax is removed.';
revoke all on function private.fill_item_tax(uuid) from public, anon, authenticated, service_role;

-- The next batch of the signed-in user's backfills. Returns how many orders are still waiting
-- after it (0: all done); a call with nothing waiting writes nothing.
create function public.continue_item_tax_backfill() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_waiting integer;
begin
  perform private.fill_item_tax(v_user_id);
  select coalesce(sum(j.orders_total - j.orders_done), 0) into v_waiting
  from public.item_tax_backfills j where j.user_id = v_user_id;
  return v_waiting;
end;
$$;
comment on function public.continue_item_tax_backfill is
  'Gives the next batch (at most rules.item_tax_backfill_batch()) of the earlier orders still waiting for the tax set_item_tax set their product; returns how many are still waiting after it (0: done). Repeating it never fills an order twice.';
revoke all on function public.continue_item_tax_backfill() from public, anon, authenticated, service_role;
grant execute on function public.continue_item_tax_backfill() to authenticated;

-- set_item_tax ---------------------------------------------------------------------------------------
-- A price rule {"up_to": 2500, "rate": 5, "above": 18}: up_to a price before tax (more than 0, in
-- paise), rate and above two rates in force now, rate the lower.
create function private.require_rate_rule(rule jsonb, today date) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_up_to numeric;
  v_rate numeric;
  v_above numeric;
begin
  if rule is null then
    return null;
  end if;
  if jsonb_typeof(rule) <> 'object' or exists (
    select 1 from jsonb_object_keys(rule) k where k not in ('up_to', 'rate', 'above')
  ) then
    raise exception 'Rate rule must be {"up_to": price, "rate": rate, "above": rate}.' using hint = 'field:rate_rule';
  end if;
  begin
    v_up_to := private.require_decimals(private.require_number(private.json_number(rule -> 'up_to', 'Rate rule price'),
      'Rate rule price', 0.01, false, 'rate_rule'), 'Rate rule price', 2, 'rate_rule');
    v_rate := private.require_number(private.json_number(rule -> 'rate', 'Rate rule rate'), 'Rate rule rate', 0, false,
      'rate_rule');
    v_above := private.require_number(private.json_number(rule -> 'above', 'Rate rule rate above'),
      'Rate rule rate above', 0, false, 'rate_rule');
  exception when raise_exception then
    -- json_number's refusals name no field: give every refusal about the rule its field.
    perform private.raise_input_error(sqlerrm, 'rate_rule');
  end;
  if not rules.gst_rate_in_force(v_rate, today) or not rules.gst_rate_in_force(v_above, today) then
    raise exception 'Rate rule rates must be GST rates in force: 0, 0.25, 3, 5, 18 or 40.' using hint = 'field:rate_rule';
  end if;
  if v_rate >= v_above then
    raise exception 'Rate rule''s rate up to the price must be lower than its rate above it.' using hint = 'field:rate_rule';
  end if;
  return jsonb_build_object('up_to', v_up_to, 'rate', v_rate, 'above', v_above);
end;
$$;
comment on function private.require_rate_rule is
  'A GST price rule {up_to, rate, above} checked (rates in force on today, rate < above, up_to > 0 in paise) and normalised, or a refusal with hint field:rate_rule.';

-- Sets (or, with no HSN code, rate and rule, clears) the tax of one product, one material, or every
-- variant of a style. Returns how many items it set.
create function public.set_item_tax(
  product_id uuid default null,
  material_id uuid default null,
  hsn_code text default null,
  gst_rate numeric default null,
  rate_rule jsonb default null,
  style_id uuid default null
) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_today date := rules.india_day(now());
  v_hsn text := nullif(btrim(set_item_tax.hsn_code), '');
  v_rate numeric;
  v_rule jsonb;
  v_count integer;
begin
  if num_nonnulls(set_item_tax.product_id, set_item_tax.material_id, set_item_tax.style_id) <> 1 then
    raise exception 'Choose exactly one product, material or style.';
  end if;
  if v_hsn is not null or set_item_tax.gst_rate is not null or set_item_tax.rate_rule is not null then
    if v_hsn is null then
      raise exception 'HSN code is required.' using hint = 'field:hsn_code';
    end if;
    if v_hsn !~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$' then
      raise exception 'HSN code must be 4, 6 or 8 digits.' using hint = 'field:hsn_code';
    end if;
    if set_item_tax.gst_rate is not null and set_item_tax.rate_rule is not null then
      raise exception 'Give a GST rate or a rate rule, not both.' using hint = 'field:rate_rule';
    end if;
    if set_item_tax.gst_rate is null and set_item_tax.rate_rule is null then
      raise exception 'GST rate is required.' using hint = 'field:gst_rate';
    end if;
    if set_item_tax.gst_rate is not null then
      v_rate := private.require_number(set_item_tax.gst_rate, 'GST rate', 0, false, 'gst_rate');
      if not rules.gst_rate_in_force(v_rate, v_today) then
        raise exception 'GST rate must be one of 0, 0.25, 3, 5, 18 or 40 (12 and 28 ended on 21 September 2025).'
          using hint = 'field:gst_rate';
      end if;
    end if;
    v_rule := private.require_rate_rule(set_item_tax.rate_rule, v_today);
  end if;

  if set_item_tax.product_id is not null then
    update public.products p
    set hsn_code = v_hsn, gst_rate = v_rate, gst_rate_rule = v_rule
    where p.id = set_item_tax.product_id and p.user_id = v_user_id;
    get diagnostics v_count = row_count;
    if v_count = 0 then
      raise exception 'Product not found.';
    end if;
  elsif set_item_tax.material_id is not null then
    update public.raw_materials m
    set hsn_code = v_hsn, gst_rate = v_rate, gst_rate_rule = v_rule
    where m.id = set_item_tax.material_id and m.user_id = v_user_id;
    get diagnostics v_count = row_count;
    if v_count = 0 then
      raise exception 'Material not found.';
    end if;
  else
    if not exists (select 1 from public.styles s where s.id = set_item_tax.style_id and s.user_id = v_user_id) then
      raise exception 'Style not found.';
    end if;
    update public.products p
    set hsn_code = v_hsn, gst_rate = v_rate, gst_rate_rule = v_rule
    from public.style_variants v
    where v.style_id = set_item_tax.style_id and v.user_id = v_user_id and p.id = v.product_id
      and p.user_id = v_user_id;
    get diagnostics v_count = row_count;
  end if;

  -- The backfill (docs/gst.md): the products' recorded orders whose tax is unknown (recorded
  -- before the product had a rate) take its rate, for their own unit price and day; orders with a
  -- rate keep theirs. The products' backfills start again from what is waiting now (none with the
  -- tax cleared); the first batch is filled here, the rest by continue_item_tax_backfill.
  delete from public.item_tax_backfills j
  where j.user_id = v_user_id
    and (j.product_id = set_item_tax.product_id or j.product_id in (
      select v.product_id from public.style_variants v
      where v.style_id = set_item_tax.style_id and v.user_id = v_user_id));
  if set_item_tax.material_id is null and v_hsn is not null then
    insert into public.item_tax_backfills (user_id, product_id, orders_total)
    select v_user_id, p.id, w.orders
    from public.products p
    cross join lateral (
      select count(*)::integer as orders from private.orders_awaiting_item_tax(v_user_id, p.id, null)
    ) w
    where p.user_id = v_user_id and w.orders > 0
      and (p.id = set_item_tax.product_id or p.id in (
        select v.product_id from public.style_variants v
        where v.style_id = set_item_tax.style_id and v.user_id = v_user_id));
    perform private.fill_item_tax(v_user_id);
  end if;
  return v_count;
end;
$$;
comment on function public.set_item_tax is
  'Sets the HSN code (4, 6 or 8 digits) and GST rate (in force: 0, 0.25, 3, 5, 18, 40) or price rule ({"up_to": 2500, "rate": 5, "above": 18}) of one product, material or every variant of a style; all three empty clears it. A product''s recorded orders whose tax is unknown take the new rate (at their own price and day): the first rules.item_tax_backfill_batch() of them in this call, the rest by continue_item_tax_backfill (item_tax_backfills shows the progress). Returns the number of items set. Refusals carry hint field:<argument>.';
revoke all on function public.set_item_tax(uuid, uuid, text, numeric, jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.set_item_tax(uuid, uuid, text, numeric, jsonb, uuid) to authenticated;

-- GST (issue 31): the tax of items. set_item_tax sets the HSN code and rate (or price rule) of a
-- product, a material or a style's variants, and gives the product's recorded orders whose tax was
-- unknown their tax. The rules and the business profile are in gst.sql.

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

  -- The backfill (README, "GST"): the products' recorded orders whose tax is unknown (recorded
  -- before the product had a rate) take its rate now, for their own unit price and day, and their
  -- place of supply (null stays unknown). Orders with a rate keep theirs.
  if set_item_tax.material_id is null and v_hsn is not null then
    update public.sales_orders o
    set place_of_supply = t.place_of_supply, hsn_code = t.hsn_code, gst_rate = t.gst_rate,
      taxable_value = t.taxable_value, cgst = t.cgst, sgst = t.sgst, igst = t.igst
    from (
      select u.id, u.place_of_supply, u.hsn_code, u.gst_rate, x.*
      from (
        select o2.id, o2.total_amount, o2.place_of_supply, p.hsn_code,
          private.product_gst_rate(p, o2.unit_price, rules.india_day(o2.order_date)) as gst_rate,
          o2.place_of_supply is null or b.state_code is null or o2.place_of_supply = b.state_code as intra_state
        from public.products p
        join public.sales_orders o2 on o2.product_id = p.id and o2.user_id = p.user_id
        left join public.business_profiles b on b.user_id = p.user_id
        where p.user_id = v_user_id and o2.gst_rate is null
          and (p.id = set_item_tax.product_id or p.id in (
            select v.product_id from public.style_variants v
            where v.style_id = set_item_tax.style_id and v.user_id = v_user_id))
      ) u
      cross join lateral rules.gst_split(u.total_amount, u.gst_rate, u.intra_state) x
      where u.gst_rate is not null
    ) t
    where o.id = t.id and o.user_id = v_user_id;
  end if;
  return v_count;
end;
$$;
comment on function public.set_item_tax is
  'Sets the HSN code (4, 6 or 8 digits) and GST rate (in force: 0, 0.25, 3, 5, 18, 40) or price rule ({"up_to": 2500, "rate": 5, "above": 18}) of one product, material or every variant of a style; all three empty clears it. A product''s recorded orders whose tax is unknown take the new rate (at their own price and day). Returns the number of items set. Refusals carry hint field:<argument>.';
revoke all on function public.set_item_tax(uuid, uuid, text, numeric, jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.set_item_tax(uuid, uuid, text, numeric, jsonb, uuid) to authenticated;

-- The owner's settings: marketplace fees per platform (a commission percentage of the order total,
-- a fixed fee per order and a shipping cost per order). A platform without a row charges nothing:
-- FactoryFlow does not guess marketplace rates. Each marketplace's operator GSTIN lives here too.
-- Clients read their rows; set_platform_fees and set_operator_gstin are the only writers (security
-- definer, filtering on auth.uid() itself). The webhook settings for the
-- brand's website live with the website orders (website_orders.sql).

create table public.platform_fees (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  platform public.sales_platform not null,
  commission_percent numeric(5, 2) not null default 0
    check (commission_percent >= 0 and commission_percent <= 100),
  fee_per_order numeric(12, 2) not null default 0 check (fee_per_order >= 0),
  shipping_per_order numeric(12, 2) not null default 0 check (shipping_per_order >= 0),
  updated_at timestamptz not null default now(),
  -- Days after a return's date to claim for a damaged, wrong or missing unit (returns.sql); null:
  -- the platform's default (private.default_claim_window_days).
  claim_window_days integer constraint platform_fees_claim_window_days_check check (claim_window_days between 1 and 365),
  -- Days after an order's date its marketplace pays it (settlements.sql: Awaiting payment until
  -- then, Overdue after); no row: 15 as well (rules.payment_due_day).
  payment_cycle_days integer not null default 15
    constraint platform_fees_payment_cycle_days_check check (payment_cycle_days between 1 and 365),
  -- The marketplace's GSTIN as an e-commerce operator collecting TCS in the business's state
  -- (set_operator_gstin): its sales are b2cs type E and Table 14 in GSTR-1 (gst_filing.sql).
  operator_gstin text constraint platform_fees_operator_gstin_check
    check (operator_gstin is null or (rules.is_operator_gstin(operator_gstin) and rules.is_marketplace(platform))),
  primary key (user_id, platform)
);
comment on table public.platform_fees is
  'Per user and platform: commission percent of the order total, fixed fee and shipping per order (no row means 0), the days a return''s claim may be filed in (null: the platform''s default), the days after an order its payment is due (default 15), and a marketplace''s operator GSTIN (null: not entered).';

-- The claim window a platform starts with, until the owner sets one (docs/returns.md,
-- "Claim windows", names the sources): Amazon's SAFE-T claims are filed within 7 calendar days of the
-- return reaching the seller (Amazon Seller Central help); Flipkart's SPF claims within 14 days of
-- the return date (a seller guide, not Flipkart's own page: the owner should check it); Meesho's
-- claims within 7 days of the return's delivery, with its unboxing video (seller guides, issue 43,
-- not Meesho's own page); any other platform 7 days, the shorter of the two, so a deadline shown is never later than the real one
-- is likely to be.
create function private.default_claim_window_days(platform public.sales_platform) returns integer
language sql immutable
set search_path = ''
as $$
  select case default_claim_window_days.platform when 'Flipkart' then 14 else 7 end
$$;

-- Each platform's claim window for the caller: the owner's, or the default (is_default).
create function public.platform_claim_windows()
returns table (platform public.sales_platform, claim_window_days integer, is_default boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select p.platform, coalesce(f.claim_window_days, private.default_claim_window_days(p.platform)),
    f.claim_window_days is null
  from unnest(enum_range(null::public.sales_platform)) p (platform)
  left join public.platform_fees f on f.user_id = private.require_user_id() and f.platform = p.platform
  order by p.platform
$$;
comment on function public.platform_claim_windows is
  'For every platform, the caller''s claim window in days (days after a return''s date to claim for a damaged, wrong or missing unit): the one set in Settings, or the default (is_default).';
revoke all on function public.platform_claim_windows() from public, anon, authenticated, service_role;
grant execute on function public.platform_claim_windows() to authenticated;

alter table public.platform_fees enable row level security;
create policy "Owners can read their platform fees" on public.platform_fees
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.platform_fees from public, anon, authenticated, service_role;
grant select on public.platform_fees to authenticated;
grant all on public.platform_fees to service_role;

alter publication supabase_realtime add table public.platform_fees;

-- Sets one platform's fees; an amount with more decimal places than its column keeps is refused
-- (private.require_decimals), not rounded silently.
-- The claim window and the payment cycle are optional, so callers that set the fees alone keep
-- working: null keeps the platform's current value (its default at first).
create function public.set_platform_fees(
  platform text,
  commission_percent numeric,
  fee_per_order numeric,
  shipping_per_order numeric,
  claim_window_days numeric default null,
  payment_cycle_days numeric default null
) returns public.platform_fees
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(set_platform_fees.platform);
  v_percent numeric := private.require_decimals(
    private.require_number(set_platform_fees.commission_percent, 'Commission percent', 0),
    'Commission percent', 2);
  v_fee numeric := private.require_decimals(
    private.require_number(set_platform_fees.fee_per_order, 'Fee per order', 0), 'Fee per order', 2);
  v_shipping numeric := private.require_decimals(
    private.require_number(set_platform_fees.shipping_per_order, 'Shipping per order', 0),
    'Shipping per order', 2);
  v_window integer := case when set_platform_fees.claim_window_days is not null then private.require_number(
    set_platform_fees.claim_window_days, 'Claim window', 1, true, 'claim_window_days') end;
  v_cycle integer := case when set_platform_fees.payment_cycle_days is not null then private.require_number(
    set_platform_fees.payment_cycle_days, 'Payment cycle', 1, true, 'payment_cycle_days') end;
  v_fees public.platform_fees;
begin
  if v_percent > 100 then
    raise exception 'Commission percent must be at most 100.';
  end if;
  if v_window > 365 then
    raise exception 'Claim window must be at most 365 days.' using hint = 'field:claim_window_days';
  end if;
  if v_cycle > 365 then
    raise exception 'Payment cycle must be at most 365 days.' using hint = 'field:payment_cycle_days';
  end if;

  insert into public.platform_fees as f
    (user_id, platform, commission_percent, fee_per_order, shipping_per_order, claim_window_days, payment_cycle_days)
  values (v_user_id, v_platform, v_percent, v_fee, v_shipping, v_window, coalesce(v_cycle, 15))
  on conflict on constraint platform_fees_pkey do update
  set commission_percent = excluded.commission_percent,
      fee_per_order = excluded.fee_per_order,
      shipping_per_order = excluded.shipping_per_order,
      claim_window_days = coalesce(excluded.claim_window_days, f.claim_window_days),
      payment_cycle_days = coalesce(v_cycle, f.payment_cycle_days),
      updated_at = now()
  returning * into v_fees;

  return v_fees;
end;
$$;
comment on function public.set_platform_fees is
  'Sets the caller''s fees for one platform: commission percent (0 to 100), fee per order and shipping per order (from 0), applying to sales logged from now on; optionally its claim window (1 to 365 days; null keeps the current one), applying to returns recorded from now on; optionally its payment cycle (1 to 365 days after the order; null keeps the current one, 15 at first).';
revoke all on function public.set_platform_fees(text, numeric, numeric, numeric, numeric, numeric) from public, anon, authenticated, service_role;
grant execute on function public.set_platform_fees(text, numeric, numeric, numeric, numeric, numeric) to authenticated;

-- set_operator_gstin: a marketplace's GSTIN as an e-commerce operator ----------------------------
-- Operators register to collect TCS in every state; the GSTIN to enter is the one for the
-- business's state (it is on the operator's TCS statements). The platform's sales take it as they
-- are recorded (private.record_sales). Sales recorded before it was entered take it too, as do
-- those carrying the GSTIN it replaces, so a month's GSTR-1 is right once the GSTIN is set or
-- corrected, whatever month it was recorded in (a month already filed is amended in the next
-- return). Null clears it: new sales carry none; recorded sales keep theirs.
create function public.set_operator_gstin(platform text, gstin text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(set_operator_gstin.platform);
  v_gstin text := private.require_gstin(left(set_operator_gstin.gstin, 100), 'gstin');
  v_previous text;
  v_sales integer := 0;
begin
  if not rules.is_marketplace(v_platform) then
    perform private.raise_input_error(format(
      '%s sales are not made through an e-commerce operator: only Flipkart, Myntra, Amazon and Meesho take an operator GSTIN.',
      v_platform), 'platform');
  end if;
  if v_gstin is not null and not rules.is_operator_gstin(v_gstin) then
    perform private.raise_input_error(format(
      'GSTIN %s is not an e-commerce operator''s: an operator''s GSTIN for TCS has C as its 14th character.', v_gstin),
      'gstin');
  end if;

  select f.operator_gstin into v_previous
  from public.platform_fees f
  where f.user_id = v_user_id and f.platform = v_platform
  for update;

  insert into public.platform_fees as f (user_id, platform, operator_gstin)
  values (v_user_id, v_platform, v_gstin)
  on conflict on constraint platform_fees_pkey do update
  set operator_gstin = excluded.operator_gstin, updated_at = now();

  if v_gstin is not null then
    update public.sales_orders o
    set operator_gstin = v_gstin
    where o.user_id = v_user_id and o.platform = v_platform
      and (o.operator_gstin is null or o.operator_gstin = v_previous)
      and o.operator_gstin is distinct from v_gstin;
    get diagnostics v_sales = row_count;
  end if;

  return jsonb_build_object('platform', v_platform, 'operator_gstin', v_gstin, 'sales_updated', v_sales);
end;
$$;
comment on function public.set_operator_gstin is
  'Sets (or with null clears) the caller''s operator GSTIN for a marketplace (Flipkart, Myntra, Amazon, Meesho): a valid GSTIN with C as its 14th character (TCS registration). Its sales without an operator GSTIN, or with the one replaced, take it. Returns {platform, operator_gstin, sales_updated}. Refusals name their field (platform, gstin).';
revoke all on function public.set_operator_gstin(text, text) from public, anon, authenticated, service_role;
grant execute on function public.set_operator_gstin(text, text) to authenticated;

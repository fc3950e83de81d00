-- The owner's settings: marketplace fees per platform (a commission percentage of the order total,
-- a fixed fee per order and a shipping cost per order). A platform without a row charges nothing:
-- FactoryFlow does not guess marketplace rates. Clients read their rows; set_platform_fees is the
-- only writer (security definer, filtering on auth.uid() itself). The webhook settings for the
-- brand's website live with the website orders (website_orders.sql).

create table public.platform_fees (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  platform public.sales_platform not null,
  commission_percent numeric(5, 2) not null default 0
    check (commission_percent >= 0 and commission_percent <= 100),
  fee_per_order numeric(12, 2) not null default 0 check (fee_per_order >= 0),
  shipping_per_order numeric(12, 2) not null default 0 check (shipping_per_order >= 0),
  updated_at timestamptz not null default now(),
  primary key (user_id, platform)
);
comment on table public.platform_fees is
  'Per user and platform: commission percent of the order total, fixed fee and shipping per order. No row means 0.';

alter table public.platform_fees enable row level security;
create policy "Owners can read their platform fees" on public.platform_fees
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.platform_fees from public, anon, authenticated, service_role;
grant select on public.platform_fees to authenticated;
grant all on public.platform_fees to service_role;

alter publication supabase_realtime add table public.platform_fees;

-- Sets one platform's fees; an amount with more decimal places than its column keeps is refused
-- (private.require_decimals), not rounded silently.
create function public.set_platform_fees(
  platform text,
  commission_percent numeric,
  fee_per_order numeric,
  shipping_per_order numeric
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
  v_fees public.platform_fees;
begin
  if v_percent > 100 then
    raise exception 'Commission percent must be at most 100.';
  end if;

  insert into public.platform_fees as f
    (user_id, platform, commission_percent, fee_per_order, shipping_per_order)
  values (v_user_id, v_platform, v_percent, v_fee, v_shipping)
  on conflict on constraint platform_fees_pkey do update
  set commission_percent = excluded.commission_percent,
      fee_per_order = excluded.fee_per_order,
      shipping_per_order = excluded.shipping_per_order,
      updated_at = now()
  returning * into v_fees;

  return v_fees;
end;
$$;
comment on function public.set_platform_fees is
  'Sets the caller''s fees for one platform: commission percent (0 to 100), fee per order and shipping per order (from 0). Applies to sales logged from now on.';
revoke all on function public.set_platform_fees(text, numeric, numeric, numeric) from public, anon, authenticated, service_role;
grant execute on function public.set_platform_fees(text, numeric, numeric, numeric) to authenticated;

-- Shopify stock push (issue 34, optional): the owner gives FactoryFlow their shop's Admin API
-- access token, and the Edge Function supabase/functions/shopify-inventory sets the shop's
-- inventory to what FactoryFlow can sell, by SKU.
--
-- The token goes into the database and never comes back out towards a browser: no client role may
-- select the column (column privileges), the owner sees only when it was set and its last four
-- characters (shopify_connection_status), and only the service_role's shopify_push_plan reads it,
-- for the function, which finds the caller's user id from their verified JWT.

create table public.shopify_connections (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  -- The shop's own *.myshopify.com domain: the function sends the token to this host only.
  shop_domain text not null
    check (shop_domain ~ '^[a-z0-9][a-z0-9-]{0,59}\.myshopify\.com$'),
  access_token text not null check (access_token ~ '^[A-Za-z0-9_-]{20,200}$'),
  token_last4 text not null check (length(token_last4) = 4),
  -- A Location's global id; null: the shop's primary location.
  location_id text check (location_id ~ '^gid://shopify/Location/[0-9]{1,20}$'),
  token_set_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.shopify_connections is
  'Per owner: the Shopify shop and Admin API token the shopify-inventory function pushes stock with (the token is never readable by a client).';

alter table public.shopify_connections enable row level security;
create policy "Owners can read their Shopify connection" on public.shopify_connections
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.shopify_connections from public, anon, authenticated, service_role;
grant select (user_id, shop_domain, token_last4, location_id, token_set_at, updated_at)
  on public.shopify_connections to authenticated;
grant select (user_id, shop_domain, access_token, location_id) on public.shopify_connections to service_role;

-- set_shopify_connection: connect, or change the shop, token or location ------------------------
-- Security definer: clients hold no write privilege on shopify_connections; filters on auth.uid().
-- A blank access_token keeps the token already saved (the form never has it to send back), so the
-- owner can change the location alone.
create function public.set_shopify_connection(
  shop_domain text,
  access_token text,
  location_id text default null
) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  -- What the owner may paste: `My-Shop.myshopify.com`, with https:// and a trailing slash or path.
  v_domain text := lower(regexp_replace(btrim(set_shopify_connection.shop_domain), '^https?://|/.*$', '', 'g'));
  v_token text := nullif(btrim(set_shopify_connection.access_token), '');
  v_location text := nullif(btrim(set_shopify_connection.location_id), '');
begin
  if v_domain is null or v_domain = '' then
    raise exception 'Shop domain is required.' using hint = 'field:shop_domain';
  end if;
  if length(v_domain) > 200 or v_domain !~ '^[a-z0-9][a-z0-9-]{0,59}\.myshopify\.com$' then
    raise exception 'Shop domain must be your shop''s .myshopify.com address, like my-shop.myshopify.com.'
      using hint = 'field:shop_domain';
  end if;
  if v_token is not null and v_token !~ '^[A-Za-z0-9_-]{20,200}$' then
    raise exception 'Access token must be 20 to 200 letters, digits, _ or - (Shopify''s start with shpat_).'
      using hint = 'field:access_token';
  end if;
  if v_location ~ '^[0-9]{1,20}$' then
    v_location := 'gid://shopify/Location/' || v_location;
  end if;
  if v_location !~ '^gid://shopify/Location/[0-9]{1,20}$' then
    raise exception 'Location must be a Shopify location id (a number, or gid://shopify/Location/<number>).'
      using hint = 'field:location_id';
  end if;

  if v_token is null then
    update public.shopify_connections c
    set shop_domain = v_domain, location_id = v_location, updated_at = now()
    where c.user_id = v_user_id;
    if not found then
      raise exception 'Access token is required.' using hint = 'field:access_token';
    end if;
    return;
  end if;

  insert into public.shopify_connections as c (user_id, shop_domain, access_token, token_last4, location_id)
  values (v_user_id, v_domain, v_token, right(v_token, 4), v_location)
  on conflict (user_id) do update
  set shop_domain = excluded.shop_domain,
      access_token = excluded.access_token,
      token_last4 = excluded.token_last4,
      location_id = excluded.location_id,
      token_set_at = now(),
      updated_at = now();
end;
$$;
comment on function public.set_shopify_connection is
  'Saves the caller''s Shopify shop, Admin API token (blank keeps the saved one) and optional location. Nothing is answered: shopify_connection_status shows what was saved, never the token.';
revoke all on function public.set_shopify_connection(text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.set_shopify_connection(text, text, text) to authenticated;

-- remove_shopify_connection: forget the shop and its token -----------------------------------------
create function public.remove_shopify_connection()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
begin
  delete from public.shopify_connections c where c.user_id = v_user_id;
end;
$$;
comment on function public.remove_shopify_connection is 'Deletes the caller''s Shopify connection, token included.';
revoke all on function public.remove_shopify_connection() from public, anon, authenticated, service_role;
grant execute on function public.remove_shopify_connection() to authenticated;

-- shopify_connection_status: what the owner may see of their connection (never the token) ---------
create function public.shopify_connection_status()
returns table (shop_domain text, token_last4 text, location_id text, token_set_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select c.shop_domain, c.token_last4, c.location_id, c.token_set_at
  from public.shopify_connections c
  where c.user_id = (select auth.uid())
$$;
comment on function public.shopify_connection_status is
  'The caller''s Shopify shop, location, and when the token was set with its last four characters; no row when not connected.';
revoke all on function public.shopify_connection_status() from public, anon, authenticated, service_role;
grant execute on function public.shopify_connection_status() to authenticated;

-- shopify_push_plan: what the shopify-inventory function needs (service_role only) ----------------
-- The function passes the user id it read from the caller's verified JWT. The quantities are the
-- Brand Website's available to sell (private.available_to_sell, channels.sql: stock, what can be
-- made where the owner chose so, less the platform's buffer; combos from their parts), one per
-- Brand Website alias of a product, else its SKU: the SKU the shop's variant has. At most 1001, in
-- that order: the function pushes at most 1000 and says so when there are more.
create function public.shopify_push_plan(for_user uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'shop_domain', c.shop_domain,
    'access_token', c.access_token,
    'location_id', c.location_id,
    'quantities', coalesce((
      select jsonb_agg(jsonb_build_object('sku', q.alias, 'quantity', q.quantity) order by q.alias)
      from (
        select a.alias, a.quantity from private.available_to_sell(c.user_id, 'Brand Website') a
        order by a.alias limit 1001
      ) q
    ), '[]'::jsonb)
  )
  from public.shopify_connections c
  where c.user_id = shopify_push_plan.for_user
$$;
comment on function public.shopify_push_plan is
  'For the shopify-inventory Edge Function: the user''s shop, token, location and quantity per SKU to set; null when not connected.';
revoke all on function public.shopify_push_plan(uuid) from public, anon, authenticated, service_role;
grant execute on function public.shopify_push_plan(uuid) to service_role;

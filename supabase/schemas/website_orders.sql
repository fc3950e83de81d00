-- Website orders: the brand's own shop (Shopify or WooCommerce) posts each new order to the Edge
-- Function supabase/functions/website-orders at a URL holding the owner's unguessable endpoint
-- token, signed with the owner's secret. The function checks the signature, then calls
-- receive_website_order (service_role only), which turns every line with a known SKU into a Brand
-- Website sale as every sale is recorded (private.take_products_stock, private.record_sales), at
-- what the buyer paid and with the ship-to state as its place of supply (issue 42), once per shop
-- order, and records every other line as a refusal the owner sees in the app.
--
-- The signing secret never leaves the database towards a browser except once, in the answer of
-- the call that made it: no client role may select the column (column privileges), and only the
-- service_role's website_webhook_secret reads it, for the function's signature check.

create table public.website_webhooks (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  endpoint_token text not null unique check (endpoint_token ~ '^[0-9a-f]{32}$'),
  signing_secret text not null
    check (length(signing_secret) between 16 and 200 and signing_secret !~ '\s'),
  -- 'generated' by create_website_webhook, or 'pasted' by the owner (Shopify shows its own key).
  secret_source text not null check (secret_source in ('generated', 'pasted')),
  created_at timestamptz not null default now(),
  secret_changed_at timestamptz not null default now()
);
comment on table public.website_webhooks is
  'Per owner: the token in the website-orders webhook URL and the secret its requests are signed with (never readable by a client).';

alter table public.website_webhooks enable row level security;
create policy "Owners can read their website webhook" on public.website_webhooks
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.website_webhooks from public, anon, authenticated, service_role;
grant select (user_id, endpoint_token, secret_source, created_at, secret_changed_at)
  on public.website_webhooks to authenticated;
grant select (user_id, endpoint_token, signing_secret) on public.website_webhooks to service_role;

create table public.website_order_refusals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  shop_order_id text not null check (length(shop_order_id) between 1 and 100),
  -- '' when the shop sent the line without a SKU.
  sku text not null check (length(sku) <= 100),
  -- As the shop sent it (2.5 is kept, to say why it was refused); null when it was not a number.
  quantity numeric,
  reason text not null check (length(reason) <= 500),
  received_at timestamptz not null default now(),
  constraint website_order_refusals_line_key unique (user_id, shop_order_id, sku)
);
comment on table public.website_order_refusals is
  'Website order lines that did not become a sale (unknown SKU, not enough stock, bad quantity), for the owner to act on.';

alter table public.website_order_refusals enable row level security;
create policy "Owners can read their refused website order lines" on public.website_order_refusals
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.website_order_refusals from public, anon, authenticated, service_role;
grant select on public.website_order_refusals to authenticated;

-- The shipping a buyer paid on a website order (issue 42), GST included, after its discounts: a
-- taxable line of the order, not a sale of a product (no stock moves, in no product count or
-- revenue figure). GSTR-1 files it with the order's goods, at their rate and place of supply
-- (gstr1_summary, gst_filing.sql); an order without shipping has no row.
create table public.website_order_shipping (
  user_id uuid not null references auth.users (id) on delete cascade,
  shop_order_id text not null check (length(shop_order_id) between 1 and 100),
  amount numeric(14, 2) not null check (amount > 0),
  received_at timestamptz not null default now(),
  primary key (user_id, shop_order_id)
);
comment on table public.website_order_shipping is
  'Shipping charged on a website order, what the buyer paid for it with GST: taxed as a line of the order at its goods'' rate (GSTR-1), not a product sale.';

alter table public.website_order_shipping enable row level security;
create policy "Owners can read their website order shipping" on public.website_order_shipping
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.website_order_shipping from public, anon, authenticated, service_role;
grant select on public.website_order_shipping to authenticated;

-- Not in the supabase_realtime publication: dismissing deletes rows, and a DELETE event carries
-- only the primary key, which Realtime can check against neither RLS nor a user_id filter (as with
-- bom_items). The app reads this small table on its own.

-- A random lowercase hex string of 32 characters per uuid (gen_random_uuid draws from the
-- server's strong random source; pgcrypto is not installed).
create function private.random_hex(uuids integer) returns text
language sql volatile
set search_path = ''
as $$
  select string_agg(replace(gen_random_uuid()::text, '-', ''), '') from generate_series(1, uuids)
$$;

-- create_website_webhook: the caller's webhook URL token and signing secret, new each call ------
-- Security definer: clients hold no write privilege on website_webhooks; filters on auth.uid().
create function public.create_website_webhook()
returns table (endpoint_token text, signing_secret text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
begin
  -- A new token as well as a new secret: rotating revokes a leaked URL too.
  return query
  insert into public.website_webhooks as w (user_id, endpoint_token, signing_secret, secret_source)
  values (v_user_id, private.random_hex(1), private.random_hex(2), 'generated')
  on conflict (user_id) do update
  set endpoint_token = excluded.endpoint_token,
      signing_secret = excluded.signing_secret,
      secret_source = 'generated',
      secret_changed_at = now()
  returning w.endpoint_token, w.signing_secret;
end;
$$;
comment on function public.create_website_webhook is
  'Creates the caller''s website-orders webhook, or replaces its URL token and secret (rotation). The only time the secret is shown.';
revoke all on function public.create_website_webhook() from public, anon, authenticated, service_role;
grant execute on function public.create_website_webhook() to authenticated;

-- set_website_webhook_secret: the secret the shop signs with, pasted by the owner --------------
create function public.set_website_webhook_secret(signing_secret text)
returns public.website_webhooks
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_secret text := btrim(set_website_webhook_secret.signing_secret);
  v_webhook public.website_webhooks;
begin
  if v_secret is null or v_secret = '' then
    raise exception 'Signing secret is required.';
  end if;
  if length(v_secret) < 16 or length(v_secret) > 200 or v_secret ~ '\s' then
    raise exception 'Signing secret must be 16 to 200 characters without spaces.';
  end if;

  update public.website_webhooks w
  set signing_secret = v_secret, secret_source = 'pasted', secret_changed_at = now()
  where w.user_id = v_user_id
  returning * into v_webhook;
  if not found then
    raise exception 'Create the webhook URL first.';
  end if;

  -- The caller gets the row back without the secret it just sent.
  v_webhook.signing_secret := null;
  return v_webhook;
end;
$$;
comment on function public.set_website_webhook_secret is
  'Replaces the caller''s webhook secret with one the shop made (Shopify shows its key to the merchant).';
revoke all on function public.set_website_webhook_secret(text) from public, anon, authenticated, service_role;
grant execute on function public.set_website_webhook_secret(text) to authenticated;

-- dismiss_website_order_refusal: the owner has dealt with a refused line ----------------------
create function public.dismiss_website_order_refusal(refusal_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
begin
  delete from public.website_order_refusals r
  where r.id = dismiss_website_order_refusal.refusal_id and r.user_id = v_user_id;
  if not found then
    raise exception 'Refused line not found.';
  end if;
end;
$$;
revoke all on function public.dismiss_website_order_refusal(uuid) from public, anon, authenticated, service_role;
grant execute on function public.dismiss_website_order_refusal(uuid) to authenticated;

-- website_webhook_secret: the Edge Function's signature check (service_role only) ---------------
create function public.website_webhook_secret(endpoint_token text)
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select w.signing_secret from public.website_webhooks w
  where w.endpoint_token = website_webhook_secret.endpoint_token
$$;
comment on function public.website_webhook_secret is
  'The signing secret of the webhook with this URL token, or null. For the website-orders Edge Function only.';
revoke all on function public.website_webhook_secret(text) from public, anon, authenticated, service_role;
grant execute on function public.website_webhook_secret(text) to service_role;

-- receive_website_order: a verified website order becomes Brand Website sales ------------------
-- Security definer: it acts for the webhook's owner, who is not the caller (service_role), and
-- writes refusals, which no API role may write. Each line's sale is taken and recorded as every
-- sale is (private.take_products_stock, private.record_sales), with the owner's user id.
-- lines: [{"sku": text, "quantity": number, "amount": number}], at most 500. amount is what the
-- buyer paid for the line, GST included, after its own and the order's discounts (issue 42: not
-- the list price); without one the line is priced at the product's selling price. Lines of one
-- SKU are added up (one sale per product per order). buyer_state is the ship-to address's state as
-- the shop writes it (rules.gst_state_code: 'GJ', 'Gujarat'), the sales' place of supply; none, or
-- one naming no state, leaves it unknown. shipping is what the buyer paid for shipping, GST
-- included, after its discounts: kept once per order (website_order_shipping), whatever its lines
-- do; 0 or none is no shipping. Each line runs in its own subtransaction, so a refused
-- line keeps nothing and loses nothing of the others. A line already recorded for this order is
-- skipped.
create function public.receive_website_order(
  endpoint_token text,
  shop_order_id text,
  ordered_at timestamptz,
  lines jsonb,
  buyer_state text default null,
  shipping numeric default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order_id text := btrim(receive_website_order.shop_order_id);
  v_place_of_supply text := rules.gst_state_code(left(receive_website_order.buyer_state, 100));
  v_user_id uuid;
  v_line record;
  v_product public.products;
  v_quantity integer;
  v_amount numeric;
  v_shipping numeric;
  v_reason text;
  v_sales integer := 0;
  v_skipped integer := 0;
  v_refused integer := 0;
begin
  select w.user_id into v_user_id
  from public.website_webhooks w where w.endpoint_token = receive_website_order.endpoint_token;
  if v_user_id is null then
    raise exception 'Unknown webhook.';
  end if;
  if v_order_id is null or v_order_id = '' or length(v_order_id) > 100 then
    raise exception 'Order id must be 1 to 100 characters.';
  end if;
  if jsonb_typeof(receive_website_order.lines) is distinct from 'array' then
    raise exception 'Lines must be a JSON array.';
  end if;
  if jsonb_array_length(receive_website_order.lines) > 500 then
    raise exception 'An order may have at most 500 lines.';
  end if;
  -- Refused before anything is written: the order's shipping is not one line's.
  v_shipping := private.require_decimals(private.require_number(coalesce(receive_website_order.shipping, 0),
    'Shipping', 0, field => 'shipping'), 'Shipping', 2, 'shipping');
  if v_shipping > 0 then
    -- A retried order keeps the shipping it came with first, as its lines are recorded once.
    insert into public.website_order_shipping (user_id, shop_order_id, amount)
    values (v_user_id, v_order_id, v_shipping)
    on conflict on constraint website_order_shipping_pkey do nothing;
  end if;

  for v_line in
    select coalesce(left(min(btrim(l.value ->> 'sku')), 100), '') as sku,
           sum(case when jsonb_typeof(l.value -> 'quantity') = 'number'
                    then (l.value ->> 'quantity')::numeric end) as quantity,
           bool_or(jsonb_typeof(l.value -> 'quantity') is distinct from 'number') as bad_quantity,
           -- what the buyer paid for the SKU's lines; null when any line gave no amount
           case when bool_and(jsonb_typeof(l.value -> 'amount') = 'number')
                then sum(case when jsonb_typeof(l.value -> 'amount') = 'number'
                              then (l.value ->> 'amount')::numeric end) end as amount,
           bool_or(coalesce(jsonb_typeof(l.value -> 'amount'), 'null') not in ('number', 'null')) as bad_amount,
           bool_or(length(btrim(l.value ->> 'sku')) > 100) as long_sku
    from jsonb_array_elements(receive_website_order.lines) l
    group by lower(btrim(coalesce(l.value ->> 'sku', '')))
    order by 1
  loop
    v_reason := null;
    begin
      if v_line.sku = '' then
        v_reason := 'This line has no SKU.';
      elsif v_line.long_sku then
        v_reason := 'SKU must be at most 100 characters.';
      elsif v_line.bad_quantity then
        v_reason := 'Quantity must be a number.';
      elsif v_line.bad_amount then
        v_reason := 'Amount must be a number.';
      else
        v_quantity := private.require_number(v_line.quantity, 'Quantity', 1, true, 'quantity');
        v_amount := case when v_line.amount is not null then
          private.require_decimals(private.require_number(v_line.amount, 'Amount', 0, field => 'amount'), 'Amount', 2,
            'amount') end;
        -- By SKU, then by a Brand Website alias (channels.sql).
        v_product.id := private.product_for_sku(v_user_id, 'Brand Website', v_line.sku);
        if v_product.id is null then
          v_reason := format('No product has SKU %s.', v_line.sku);
        elsif exists (
          select 1 from public.sales_orders o
          where o.user_id = v_user_id and o.platform = 'Brand Website'
            and o.external_order_id = v_order_id and o.product_id = v_product.id
        ) then
          v_skipped := v_skipped + 1;
        else
          select * into v_product
          from private.take_products_stock(v_user_id, array[row(v_product.id, v_quantity)::private.stock_take]);
          v_amount := coalesce(v_amount, v_quantity * v_product.selling_price);
          if v_amount > 999999999999.99 then
            raise exception 'Sale total must be at most 999999999999.99.';
          end if;
          perform 1 from private.record_sales(v_user_id, 'Brand Website', array[row(v_product.id,
            v_product.product_name, v_quantity, round(v_amount / v_quantity, 2), v_amount, v_product.stock_on_hand,
            -- The shop's order time, never in the future.
            least(receive_website_order.ordered_at, now()), v_order_id, null, v_place_of_supply, null)::private.sale]);
          -- A line refused before (say, out of stock) that went through on the shop's retry.
          delete from public.website_order_refusals r
          where r.user_id = v_user_id and r.shop_order_id = v_order_id and r.sku = v_line.sku;
          v_sales := v_sales + 1;
        end if;
      end if;
    exception
      -- The same order line arriving twice at once: the unique index lets one through.
      when unique_violation then
        v_skipped := v_skipped + 1;
      -- A sale's refusals: not enough stock, archived, whole numbers, limits.
      when raise_exception then
        v_reason := sqlerrm;
    end;

    if v_reason is not null then
      insert into public.website_order_refusals as r (user_id, shop_order_id, sku, quantity, reason)
      values (v_user_id, v_order_id, v_line.sku,
        case when not v_line.bad_quantity then v_line.quantity end, v_reason)
      on conflict on constraint website_order_refusals_line_key do update
      set quantity = excluded.quantity, reason = excluded.reason, received_at = now();
      v_refused := v_refused + 1;
    end if;
  end loop;

  return jsonb_build_object('sales', v_sales, 'skipped', v_skipped, 'refused', v_refused);
end;
$$;
comment on function public.receive_website_order is
  'For the website-orders Edge Function, after it verified the signature: each line with a known SKU becomes a Brand Website sale of the webhook''s owner (once per shop order) at the amount the buyer paid (GST included, after discounts; default the selling price), with the ship-to state (buyer_state) as its place of supply (unknown when none); every other line a refusal. shipping (GST included, after discounts) is kept once per order, a taxable line GSTR-1 files at its goods'' rate.';
revoke all on function public.receive_website_order(text, text, timestamptz, jsonb, text, numeric) from public, anon, authenticated, service_role;
grant execute on function public.receive_website_order(text, text, timestamptz, jsonb, text, numeric) to service_role;

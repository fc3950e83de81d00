-- Sales orders: logging a sale takes its quantity from product stock at once and records its profit
-- as it stands then; fulfilling it changes only its status; cancelling an unfulfilled order or
-- returning a fulfilled one puts the units back. And the Sales Orders list, one page at a time.
--
-- Clients read their rows through row-level security; every write goes through a security definer
-- operation filtering on the caller's auth.uid() itself and writing the ledger (ledger.sql).

create table public.sales_orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  platform public.sales_platform not null default 'Flipkart',
  product_id uuid not null,
  -- Copied at sale time so the order reads the same after the product is renamed.
  product_name text not null,
  quantity integer not null check (quantity > 0),
  unit_price numeric(12, 2) not null check (unit_price >= 0),
  total_amount numeric(14, 2) not null check (total_amount >= 0),
  status public.sales_order_status not null default 'Unfulfilled',
  order_date timestamptz not null default now(),
  -- A return without restock (damaged goods) writes no ledger row, so its note lives on the order.
  return_note text check (length(return_note) <= 500),
  -- The profit snapshot, fixed at the moment of sale: later changes to material costs, BOMs or
  -- platform fees leave recorded orders alone. A null unit cost is unknown (issue 33: the product,
  -- or a part of the combo, had neither BOM nor purchase cost), and so are profit and profit after
  -- returns: the profit totals leave such an order out and count it (rules.kept_sale).
  unit_cost numeric constraint sales_orders_unit_cost_check check (unit_cost >= 0),
  fees numeric(16, 2) not null default 0 constraint sales_orders_fees_check check (fees >= 0),
  -- The GST snapshot (issue 31), fixed at the moment of sale like the profit snapshot (later rate
  -- changes leave it alone; an invoice recomputes it for its place of supply, gst_invoices.sql):
  -- the place of supply (the buyer's state; null when the channel gave none or one that names no
  -- state: "place of supply unknown", filed nowhere until known; a sale logged by hand is the
  -- business's), the
  -- product's HSN code and its rate for this unit price on this day (rules.gst_rate_for), and the
  -- total (GST included) split by rules.gst_split. No rate: tax unknown, the total all taxable.
  place_of_supply text constraint sales_orders_place_of_supply_check check (place_of_supply ~ '^[0-9]{2}$'),
  hsn_code text constraint sales_orders_hsn_code_check check (hsn_code ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'),
  gst_rate numeric(5, 2) constraint sales_orders_gst_rate_check check (gst_rate between 0 and 100),
  taxable_value numeric(14, 2) not null
    constraint sales_orders_taxable_value_check check (taxable_value between 0 and total_amount),
  cgst numeric(14, 2) not null default 0 constraint sales_orders_cgst_check check (cgst >= 0),
  sgst numeric(14, 2) not null default 0 constraint sales_orders_sgst_check check (sgst >= 0),
  igst numeric(14, 2) not null default 0 constraint sales_orders_igst_check check (igst >= 0),
  constraint sales_orders_tax_adds_up_check check (taxable_value + cgst + sgst + igst = total_amount),
  -- The e-commerce operator's GSTIN (GSTR-1 b2cs type E, Table 14): the import line's, else the
  -- platform's from Settings (set_operator_gstin, which also gives it to sales recorded before).
  operator_gstin text constraint sales_orders_operator_gstin_check check (operator_gstin ~ '^[0-9A-Z]{15}$'),
  -- GST is not revenue: profit counts the taxable value.
  profit numeric generated always as (taxable_value - round(unit_cost * quantity, 2) - fees) stored,
  -- A sale imported from a marketplace's order report, or received from the brand's website, keeps
  -- the order id its channel gave it, so the same order line can never become two sales.
  external_order_id text
    constraint sales_orders_external_order_id_check
      check (length(external_order_id) between 1 and 100 and external_order_id = btrim(external_order_id)),
  -- What its returns (returns.sql) took back, kept by the return operations in the transaction of
  -- each return, so the kept totals' triggers (sales_totals.sql) see the change as an update.
  returned_quantity integer not null default 0
    constraint sales_orders_returned_quantity_check check (returned_quantity between 0 and quantity),
  restocked_quantity integer not null default 0
    constraint sales_orders_restocked_quantity_check check (restocked_quantity between 0 and returned_quantity),
  return_fees numeric(14, 2) not null default 0 constraint sales_orders_return_fees_check check (return_fees >= 0),
  reimbursed numeric(14, 2) not null default 0 constraint sales_orders_reimbursed_check check (reimbursed >= 0),
  -- The revenue given back: the returned units' share of the total, rounded to the paisa once.
  refunded_amount numeric generated always as (round(total_amount * returned_quantity / quantity, 2)) stored,
  -- The same share of the taxable value: the revenue (without GST) the returns gave back.
  refunded_taxable_value numeric generated always as (round(taxable_value * returned_quantity / quantity, 2)) stored,
  -- Kept taxable revenue, less the cost of every unit that did not come back sellable (kept and
  -- lost alike), the forward fees (not refunded on a return), the returns' fees, plus
  -- reimbursements. Equal to profit with nothing returned. (A generated column cannot read
  -- another: the expressions are spelled out.)
  profit_after_returns numeric generated always as (
    taxable_value - round(taxable_value * returned_quantity / quantity, 2)
      - round(unit_cost * (quantity - restocked_quantity), 2) - fees - return_fees + reimbursed
  ) stored,
  -- The customer of a direct order (platform Other, issue 46): who owes its payment (receivables.sql).
  customer_id uuid,
  foreign key (product_id, user_id) references public.products (id, user_id),
  constraint sales_orders_customer_id_fkey foreign key (customer_id, user_id) references public.customers (id, user_id),
  constraint sales_orders_customer_id_check check (customer_id is null or platform = 'Other')
);
comment on table public.sales_orders is
  'Marketplace sales. Logging one takes its quantity from product stock at once; fulfilling it later changes only its status.';
comment on column public.sales_orders.unit_cost is
  'The product''s unit cost (public.product_unit_costs; a combo''s parts'') when the sale was logged; null when it was unknown then (from issue 33 on: orders recorded before keep the 0 they were given).';
comment on column public.sales_orders.fees is 'Platform commission on the total plus its fee and shipping per order, when the sale was logged.';
comment on column public.sales_orders.profit is 'taxable_value - round(unit_cost x quantity, 2) - fees; null when unit_cost is unknown.';
comment on column public.sales_orders.taxable_value is
  'The total without GST: round(total_amount / (1 + gst_rate/100), 2); the total itself when the rate is unknown (gst_rate null).';
comment on column public.sales_orders.place_of_supply is 'GST state code of the place of supply: the buyer''s state (a sale logged by hand: the business''s); null when unknown (an order report or website order without a state it could read), which GSTR-1 lists apart (gstr1_summary.place_unknown).';
comment on column public.sales_orders.refunded_taxable_value is 'round(taxable_value x returned_quantity / quantity, 2).';
comment on column public.sales_orders.returned_quantity is 'Units that came back in its returns (public.sales_returns), in any condition.';
comment on column public.sales_orders.restocked_quantity is 'Units that came back sellable and went back to stock.';
comment on column public.sales_orders.return_fees is 'The sum of its returns'' fees (reverse shipping, return fee).';
comment on column public.sales_orders.reimbursed is 'The sum of its approved claims'' reimbursements.';
comment on column public.sales_orders.refunded_amount is 'round(total_amount x returned_quantity / quantity, 2): the revenue its returns gave back.';
comment on column public.sales_orders.profit_after_returns is
  '(taxable_value - refunded_taxable_value) - round(unit_cost x (quantity - restocked_quantity), 2) - fees - return_fees + reimbursed; equals profit with nothing returned; null when unit_cost is unknown.';
comment on column public.sales_orders.external_order_id is
  'The order id on the sales channel (Amazon, Flipkart, Myntra, the website), for orders that came from it; null for a sale logged by hand.';

-- An order written without a GST snapshot (a direct insert by the service role, a bench's
-- generated history; every operation goes through private.record_sales, which sets one) is "tax
-- unknown": all of its total taxable. The WHEN keeps the operations' inserts from calling it.
create function private.default_taxable_value() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.taxable_value := new.total_amount;
  return new;
end;
$$;
create trigger sales_orders_default_taxable_value
  before insert on public.sales_orders
  for each row when (new.taxable_value is null)
  execute function private.default_taxable_value();

-- Newest first, with id breaking ties so that paging is stable; platform and status ride along so
-- counting a filtered list reads the index alone.
create index sales_orders_user_id_order_date_id_idx
  on public.sales_orders (user_id, order_date desc, id desc) include (platform, status);
create index sales_orders_product_id_user_id_idx on public.sales_orders (product_id, user_id);
create index sales_orders_customer_id_idx on public.sales_orders (customer_id, user_id) where customer_id is not null;
create index sales_orders_open_idx on public.sales_orders (user_id) where status = 'Unfulfilled';
-- The orders something came back from, by order date: the dashboard's return rates and most
-- returned products (dashboard_returns, returns.sql) read these few, not every sale of a period.
create index sales_orders_returned_idx on public.sales_orders (user_id, order_date) where returned_quantity > 0;
-- Product name search (contains, any case): trigrams.
create index sales_orders_product_name_trgm_idx
  on public.sales_orders using gin (product_name extensions.gin_trgm_ops);
-- Marketplace order id search (contains, any case), the other branch of the same OR: trigrams too.
create index sales_orders_external_order_id_trgm_idx
  on public.sales_orders using gin (external_order_id extensions.gin_trgm_ops);
-- The same order line (platform, order id, product) is one sale, however often the marketplace
-- report or the website's webhook arrives.
create unique index sales_orders_external_line_key
  on public.sales_orders (user_id, platform, external_order_id, product_id)
  where external_order_id is not null;

alter table public.sales_orders enable row level security;
create policy "Owners can read their sales orders" on public.sales_orders
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.sales_orders from public, anon, authenticated, service_role;
grant all on public.sales_orders to service_role;
grant select on public.sales_orders to authenticated;

-- Realtime: the app listens to this table, filtered to its user.
alter publication supabase_realtime add table public.sales_orders;

-- A sale, however it arrives ---------------------------------------------------------------------
-- private.take_products_stock and private.record_sales are a sale: the conditional stock decrement
-- (or log_sale's refusals), then the order with its profit snapshot and its ledger row. log_sale,
-- import_sales_orders (imports.sql) and receive_website_order
-- (website_orders.sql) all call them, so a sale is one rule however it arrives.

-- Takes each product's quantity from its stock, or refuses with log_sale's messages (about the
-- first product, by id, that cannot give its quantity) and takes nothing. Each product's stock
-- check and decrement are one conditional update, all in one statement: a second sale racing for
-- the same units waits on the row lock, then re-checks against the new stock. One entry per
-- product. Returns the products after. Runs inside the security definer operations, as their
-- owner; every statement filters on the caller's user_id, which they pass.
create type private.stock_take as (product_id uuid, quantity integer);
comment on type private.stock_take is 'A quantity to take from one product''s stock (private.take_products_stock).';

create function private.take_products_stock(user_id uuid, takes private.stock_take[])
returns setof public.products
language plpgsql
set search_path = ''
as $$
declare
  -- A combo's units are its parts' (channels_sales.sql).
  v_takes private.stock_take[] := private.stock_takes_with_parts(take_products_stock.user_id, take_products_stock.takes);
  v_taken public.products[];
  v_short uuid;
  v_product public.products;
begin
  with taken as (
    update public.products p
    set stock_on_hand = p.stock_on_hand - t.quantity
    from unnest(v_takes) t
    where p.id = t.product_id and p.user_id = take_products_stock.user_id
      and p.stock_on_hand >= t.quantity and p.archived_at is null
    returning p as product
  )
  select coalesce(array_agg(taken.product), '{}') into v_taken from taken;

  if cardinality(v_taken) < cardinality(v_takes) then
    select t.product_id into v_short
    from unnest(v_takes) t
    where t.product_id not in (select r.id from unnest(v_taken) r)
    order by t.product_id
    limit 1;
    select * into v_product
    from public.products p
    where p.id = v_short and p.user_id = take_products_stock.user_id;
    if not found then
      raise exception 'Product not found.';
    end if;
    if v_product.archived_at is not null then
      raise exception '% is archived.', v_product.product_name;
    end if;
    raise exception 'Not enough stock for %. Only % available.',
      v_product.product_name, trim_scale(v_product.stock_on_hand);
  end if;
  if v_takes is distinct from takes then
    return query select p.* from public.products p
      where p.user_id = take_products_stock.user_id and p.id in (select t.product_id from unnest(takes) t);
    return;
  end if;
  return query select * from unnest(v_taken);
end;
$$;
comment on function private.take_products_stock is
  'Sales'' stock decrements, one per product, in one statement: each conditional on stock and not archived, or a refusal that takes nothing. Shared by log_sale, import_sales_orders and receive_website_order.';

-- Sales whose stock was taken: for each, the order with its profit snapshot (the product's unit
-- cost and the platform's fees now) and its ledger row (minus the quantity, the balance after it).
-- One statement for any number of sales, in their order: log_sale records one, an import thousands.
-- A platform's fee and shipping per order are charged once per marketplace order, on its first line
-- recorded; the commission on every line.
create type private.sale as (
  product_id uuid,
  product_name text,
  quantity integer,
  unit_price numeric,
  total_amount numeric,
  balance_after numeric,
  order_date timestamptz,
  external_order_id text,
  -- Null is Unfulfilled (a sale logged by hand); an imported line the report says has shipped is
  -- recorded Fulfilled. Its stock moves the same either way: it left when the sale was recorded.
  status public.sales_order_status,
  -- The place of supply's state code (null: unknown), and the marketplace's GSTIN where its
  -- report gives it.
  place_of_supply text,
  operator_gstin text
);
comment on type private.sale is 'A sale for private.record_sales: its product, quantity, prices, balance after, and for an imported order its date, order id, status (null: Unfulfilled), place of supply''s state code (null: unknown) and operator GSTIN.';

create function private.record_sales(
  user_id uuid, platform public.sales_platform, sales private.sale[], location_id uuid default null
)
returns setof public.sales_orders
language plpgsql
-- One plan for every call: planning the statement afresh for each sale (Postgres' custom plans)
-- made log_sale about twice as slow as with the two inserts it had before.
set plan_cache_mode = force_generic_plan
set search_path = ''
as $$
declare
  -- The business's state, whose sales are taxed CGST + SGST. Without a profile every sale is within
  -- the state. A sale whose place of supply is unknown is split as within it too, for now: the
  -- split is only filed once the place is known (gstr1_summary lists it apart until then).
  v_business_state text := (select b.state_code from public.business_profiles b where b.user_id = record_sales.user_id);
  -- The marketplace's operator GSTIN from Settings (set_operator_gstin), when the line names none.
  v_operator_gstin text := (select f.operator_gstin from public.platform_fees f
    where f.user_id = record_sales.user_id and f.platform = record_sales.platform);
begin
  return query
  with line as (
    select gen_random_uuid() as id, s.*,
      -- per order: once for a marketplace order however many lines (products) it has
      (s.external_order_id is null or (
        row_number() over (partition by s.external_order_id order by s.ordinal) = 1
        and not exists (
          select 1 from public.sales_orders o
          where o.user_id = record_sales.user_id and o.platform = record_sales.platform
            and o.external_order_id = s.external_order_id)
      )) as charges_order_fees
    from unnest(record_sales.sales) with ordinality as s (product_id, product_name, quantity, unit_price,
      total_amount, balance_after, order_date, external_order_id, status, place_of_supply, operator_gstin, ordinal)
  ),
  taxed as (
    select l.*, t.is_combo, t.hsn_code, t.gst_rate, x.*
    from line l
    cross join lateral (
      select p.is_combo, p.hsn_code, private.product_gst_rate(p, l.unit_price,
        rules.india_day(coalesce(l.order_date, now()))) as gst_rate
      from public.products p
      where p.id = l.product_id and p.user_id = record_sales.user_id
    ) t
    cross join lateral rules.gst_split(l.total_amount, t.gst_rate,
      l.place_of_supply is null or v_business_state is null or l.place_of_supply = v_business_state) x
  ),
  -- The profit snapshot's unit cost, worked out once per product: an import of 10,000 lines of 50
  -- products walks 50 BOMs, not 10,000 (materialized: inlined, the join called it per line).
  unit_costs as materialized (
    select d.product_id, private.sale_unit_cost(d.product_id, d.is_combo) as unit_cost
    from (select distinct l.product_id, l.is_combo from taxed l) d
  ),
  orders as (
    insert into public.sales_orders
      (id, user_id, platform, product_id, product_name, quantity, unit_price, total_amount, unit_cost, fees,
       order_date, external_order_id, status, place_of_supply, hsn_code, gst_rate, taxable_value, cgst, sgst, igst,
       operator_gstin)
    select l.id, record_sales.user_id, record_sales.platform, l.product_id, l.product_name, l.quantity,
      l.unit_price, l.total_amount,
      -- profit snapshot: the unit cost (null: unknown) and the platform's fees now
      c.unit_cost,
      coalesce((
        select round(l.total_amount * f.commission_percent / 100, 2)
          + case when l.charges_order_fees then f.fee_per_order + f.shipping_per_order else 0 end
        from public.platform_fees f
        where f.user_id = record_sales.user_id and f.platform = record_sales.platform
      ), 0),
      coalesce(l.order_date, now()), l.external_order_id, coalesce(l.status, 'Unfulfilled'),
      l.place_of_supply, l.hsn_code, l.gst_rate, l.taxable_value, l.cgst, l.sgst, l.igst,
      coalesce(l.operator_gstin, v_operator_gstin)
    from taxed l
    join unit_costs c on c.product_id = l.product_id
    order by l.ordinal
    returning *
  ),
  -- A row per line, or per part of a combo (channels.sql), each with its running balance.
  ledger as (
    insert into public.stock_movements (user_id, product_id, quantity, balance_after, reason, sales_order_id, location_id)
    select record_sales.user_id, m.product_id, m.quantity, m.balance_after, 'sale', m.sales_order_id,
      record_sales.location_id
    from private.sale_movements(record_sales.user_id,
      array(select row(l.id, l.product_id, l.quantity, l.ordinal)::private.sold_line from line l order by l.ordinal)) m
  )
  select * from orders;
end;
$$;
comment on function private.record_sales is
  'Sales whose stock was taken: each order (with its profit and GST snapshots) and its ledger row at location_id (null: the main godown), in one statement. Shared by log_sale, import_sales_orders and receive_website_order.';

-- log_sale --------------------------------------------------------------------------------------
-- With a request_id (00_setup.sql), a repeat returns the first call's sale and writes nothing.
-- A sale logged by hand may carry what the marketplace says: the price it sold at (an offer below
-- the list price), the day it was ordered (imports' bounds: from 2000-01-01 to today in India; a
-- past day is midnight in India, as an imported date) and its order id (the same order line can be
-- recorded once, as for imports). Each is optional: the list price, now, no id.
create function public.log_sale(
  product_id uuid,
  quantity numeric,
  platform text default 'Flipkart',
  request_id uuid default null,
  unit_price numeric default null,
  order_date date default null,
  order_id text default null,
  customer_id uuid default null,
  location_id uuid default null
) returns public.sales_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_quantity integer := private.require_number(log_sale.quantity, 'Quantity', 1, true, 'quantity');
  v_platform public.sales_platform := private.require_platform(log_sale.platform);
  v_customer public.customers := case when log_sale.customer_id is not null then
    private.require_active_customer(v_user_id, log_sale.customer_id, 'customer_id') end;
  v_unit_price numeric := case when log_sale.unit_price is not null then private.require_decimals(
    private.require_number(log_sale.unit_price, 'Sale price', 0.01, field => 'unit_price'), 'Sale price', 2, 'unit_price')
  end;
  v_order_day date := private.optional_order_day(log_sale.order_date, 'order_date');
  v_today date := rules.india_day(now());
  v_order_id text := private.optional_text(log_sale.order_id, 'Order ID', 100, 'order_id');
  v_location_id uuid := private.require_own_location(v_user_id, log_sale.location_id, 'location_id');
  v_product public.products;
  v_order public.sales_orders;
  v_replayed jsonb;
  -- A sale logged by hand names no buyer: the owner records it where the business is.
  v_business_state text := (select b.state_code from public.business_profiles b where b.user_id = v_user_id);
begin
  v_replayed := private.replayed_result(v_user_id, log_sale.request_id, 'log_sale');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.sales_orders, v_replayed);
  end if;
  if log_sale.product_id is null then
    raise exception 'Product is required.';
  end if;
  if v_customer.id is not null and v_platform <> 'Other' then
    perform private.raise_input_error(
      format('A %s sale is the marketplace''s customer''s: only a direct (Other) order names a customer.', v_platform),
      'customer_id');
  end if;

  select * into v_product
  from private.take_products_stock(v_user_id, array[row(log_sale.product_id, v_quantity)::private.stock_take]);
  v_unit_price := coalesce(v_unit_price, v_product.selling_price);

  -- total_amount is numeric(14, 2); say so rather than fail with "numeric field overflow".
  if v_quantity * v_unit_price > 999999999999.99 then
    raise exception 'Sale total must be at most 999999999999.99.';
  end if;
  if v_order_id is not null and exists (
    select 1 from public.sales_orders o
    where o.user_id = v_user_id and o.platform = v_platform and o.external_order_id = v_order_id
      and o.product_id = v_product.id
  ) then
    perform private.raise_input_error(
      format('%s order %s already has a sale of %s.', v_platform, v_order_id, v_product.product_name), 'order_id');
  end if;

  select * into v_order
  from private.record_sales(v_user_id, v_platform, array[row(v_product.id, v_product.product_name, v_quantity,
    v_unit_price, v_quantity * v_unit_price, v_product.stock_on_hand,
    case when v_order_day < v_today then rules.india_day_start(v_order_day) end,
    v_order_id, null, v_business_state, null)::private.sale], v_location_id);
  if v_customer.id is not null then
    update public.sales_orders o set customer_id = v_customer.id where o.id = v_order.id returning * into v_order;
  end if;
  perform private.remember_result(v_user_id, log_sale.request_id, to_jsonb(v_order));
  return v_order;
end;
$$;
comment on function public.log_sale is
  'Records a sale and takes its quantity from product stock, or refuses with "Not enough stock for {product}. Only {n} available." (or "{product} is archived.") and commits nothing. Optional: the price it sold at (default the list price), its order date (from 2000-01-01 to today in India; default now), the marketplace''s order id (one sale per order and product), for a direct (Other) order its customer (who owes its payment), and the own location it leaves from (default the main godown). A repeated request_id returns the first call''s sale and writes nothing.';
revoke all on function public.log_sale(uuid, numeric, text, uuid, numeric, date, text, uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.log_sale(uuid, numeric, text, uuid, numeric, date, text, uuid, uuid) to authenticated;

-- fulfil_sales_order: a cancelled or returned order says so -------------------------------------
create function public.fulfil_sales_order(order_id uuid) returns public.sales_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_order public.sales_orders;
begin
  update public.sales_orders o
  set status = 'Fulfilled'
  where o.id = fulfil_sales_order.order_id and o.user_id = v_user_id and o.status = 'Unfulfilled'
  returning * into v_order;

  if not found then
    select * into v_order from public.sales_orders o
    where o.id = fulfil_sales_order.order_id and o.user_id = v_user_id;
    if not found then
      raise exception 'Sales order not found.';
    end if;
    raise exception 'This order is already %.', lower(v_order.status::text);
  end if;

  return v_order;
end;
$$;
comment on function public.fulfil_sales_order is
  'Marks an Unfulfilled sales order Fulfilled. Changes nothing else: stock left when the sale was logged.';
revoke all on function public.fulfil_sales_order(uuid) from public, anon, authenticated, service_role;
grant execute on function public.fulfil_sales_order(uuid) to authenticated;

-- fulfil_sales_orders: the orders ticked in the list, all or nothing --------------------------------
-- Every id must be one of the caller's Unfulfilled orders, or nothing changes and the refusal says
-- how many are not: another user's order is "not found", as fulfil_sales_order says, so its
-- existence is not revealed. At most 1,000 ids a call (ten of the list's largest pages), so one
-- call stays one short transaction. The rows are locked in one order before they are checked: a cancel racing
-- with the bulk fulfil waits, or the bulk fulfil waits for it and then refuses.
create function public.fulfil_sales_orders(order_ids uuid[]) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_ids uuid[];
  v_found integer;
  v_not_open integer;
begin
  if order_ids is null or cardinality(order_ids) = 0 then
    raise exception 'Choose at least one order to fulfil.';
  end if;
  if cardinality(order_ids) > 1000 then
    raise exception 'At most 1000 orders can be fulfilled at once; this has %.', cardinality(order_ids);
  end if;
  if array_position(order_ids, null) is not null then
    raise exception 'Sales order not found.';
  end if;
  v_ids := array(select distinct unnest(order_ids));

  select count(*), count(*) filter (where l.status <> 'Unfulfilled')
  into v_found, v_not_open
  from (
    select o.status from public.sales_orders o
    where o.id = any (v_ids) and o.user_id = v_user_id
    order by o.id
    for update
  ) l;

  if v_found < cardinality(v_ids) then
    raise exception '% of the % orders % not found. Nothing was fulfilled.',
      cardinality(v_ids) - v_found, cardinality(v_ids),
      case when cardinality(v_ids) - v_found = 1 then 'was' else 'were' end;
  end if;
  if v_not_open > 0 then
    raise exception '% of the % orders % no longer Unfulfilled (fulfilled, cancelled or returned). Nothing was fulfilled.',
      v_not_open, cardinality(v_ids), case when v_not_open = 1 then 'is' else 'are' end;
  end if;

  update public.sales_orders o
  set status = 'Fulfilled'
  where o.id = any (v_ids) and o.user_id = v_user_id and o.status = 'Unfulfilled';
  return cardinality(v_ids);
end;
$$;
comment on function public.fulfil_sales_orders is
  'Marks the given Unfulfilled sales orders (at most 1000) Fulfilled, all or nothing: any id not the caller''s, or an order no longer Unfulfilled, refuses the call and changes nothing. Returns how many were fulfilled. Changes only their status.';
revoke all on function public.fulfil_sales_orders(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.fulfil_sales_orders(uuid[]) to authenticated;

-- Puts units back on a product, refusing with a sentence where stock_on_hand would go above what an
-- integer holds (the bound sales and returns have always had). Returns the new balance.
create function private.restock_product(product_id uuid, user_id uuid, quantity integer)
returns numeric
language plpgsql
set search_path = ''
as $$
declare
  v_balance numeric;
begin
  update public.products p
  set stock_on_hand = p.stock_on_hand + restock_product.quantity
  where p.id = restock_product.product_id and p.user_id = restock_product.user_id
    and p.stock_on_hand <= 2147483647 - restock_product.quantity
  returning p.stock_on_hand into v_balance;
  if not found then
    raise exception 'Putting this back would take stock on hand above 2147483647.';
  end if;
  return v_balance;
end;
$$;

-- cancel_sales_order ----------------------------------------------------------------------------
-- Locks the product of one of the user's orders (if there is one) before the order is changed: every
-- sale takes its product's row first and the kept sales totals last (sales_totals.sql), so a cancel or
-- return must too, or it and a sale of that product could each wait for the other's lock.
create function private.lock_order_product(order_id uuid, user_id uuid) returns void
language sql
set search_path = ''
as $$
  -- For a combo's order, its parts (channels.sql): the rows its sale took, in id order as it did.
  select from public.products p
  where p.id in (select s.product_id from public.sales_orders o
                 cross join lateral private.stock_parts(o.product_id) s
                 where o.id = lock_order_product.order_id and o.user_id = lock_order_product.user_id)
    and p.user_id = lock_order_product.user_id
  order by p.id
  for update of p
$$;

create function public.cancel_sales_order(order_id uuid) returns public.sales_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_order public.sales_orders;
begin
  perform private.lock_order_product(cancel_sales_order.order_id, v_user_id);
  -- The status condition decides a race with fulfil_sales_order or a second cancel: the loser
  -- waits on the row lock, then finds the order no longer Unfulfilled.
  update public.sales_orders o
  set status = 'Cancelled'
  where o.id = cancel_sales_order.order_id and o.user_id = v_user_id and o.status = 'Unfulfilled'
  returning * into v_order;

  if not found then
    if exists (
      select 1 from public.sales_orders o
      where o.id = cancel_sales_order.order_id and o.user_id = v_user_id
    ) then
      raise exception 'Only unfulfilled orders can be cancelled.';
    end if;
    raise exception 'Sales order not found.';
  end if;

  perform private.restock_order(v_user_id, v_order.id, v_order.product_id, v_order.quantity, 'sale_cancelled');

  return v_order;
end;
$$;
comment on function public.cancel_sales_order is
  'Cancels an Unfulfilled sales order and puts its quantity back in stock, or refuses with "Only unfulfilled orders can be cancelled."';
revoke all on function public.cancel_sales_order(uuid) from public, anon, authenticated, service_role;
grant execute on function public.cancel_sales_order(uuid) to authenticated;

-- list_sales_orders -----------------------------------------------------------------------------
-- One page of the caller's sales orders and how many match: searched by product name (contains),
-- marketplace order id (contains) or SKU (prefix), filtered by platform, status and a date range, sorted by a whitelisted column
-- (newest first by default). The search text arrives as a function argument, so every character is
-- taken literally (LIKE's metacharacters are escaped here) with none of PostgREST's filter syntax
-- (`*` read as `%`, quoting inside or=()) in between, and a long search never makes a long URL.
--
-- Security definer, with a reason: under row-level security Postgres uses an index for a condition
-- only when its operator is leakproof, and LIKE/ILIKE are not, so run as the caller a search would
-- read every one of the caller's orders. Every statement filters on the caller's auth.uid() itself
-- (as the stock operations do), so only the caller's rows are ever read or returned.

-- Builds the count and page statements for one user (values quoted as literals, so each runs with
-- a plan for its own values). Separate from list_sales_orders so pgTAP can EXPLAIN exactly what
-- runs.
create function private.sales_order_list_sql(
  p_user_id uuid,
  p_search text,
  p_platform public.sales_platform,
  p_status public.sales_order_status,
  p_date_from timestamptz,
  p_date_to timestamptz,
  p_sort_by text,
  p_ascending boolean,
  p_page_size integer,
  p_page_offset integer
)
returns table (count_sql text, page_sql text)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_search text := btrim(coalesce(p_search, ''));
  v_pattern text;
  v_sku_products uuid[];
  v_where text := format('o.user_id = %L', p_user_id);
  v_direction text := case when p_ascending then 'asc' else 'desc' end;
begin
  perform private.require_page(p_sort_by, array['order_date', 'product_name', 'quantity', 'total_amount'],
    p_page_size, p_page_offset);

  if v_search <> '' then
    if length(v_search) > 200 then
      -- Longer than any product name (200), order id (100) or SKU (64): nothing can match.
      v_where := v_where || ' and false';
    else
      v_pattern := private.escape_like(lower(v_search));
      -- The products whose SKU starts with the search go into the statement as a list, so the
      -- planner knows how few orders they have and reads just those; a prefix shared by more
      -- than 1,000 products matches so many orders that reading newest first finds a page at once.
      select array_agg(p.id) into v_sku_products
      from (
        select p.id from public.products p
        where p.user_id = p_user_id and lower(btrim(p.sku)) like v_pattern || '%'
        limit 1001
      ) p;
      v_where := v_where || format(' and (o.product_name ilike %L or o.external_order_id ilike %L',
          '%' || v_pattern || '%', '%' || v_pattern || '%')
        || case
          when v_sku_products is null then ')'
          when cardinality(v_sku_products) <= 1000 then format(' or o.product_id = any (%L::uuid[]))', v_sku_products)
          else format(
            ' or o.product_id = any (array(select p.id from public.products p where p.user_id = %L'
              || ' and lower(btrim(p.sku)) like %L)))',
            p_user_id, v_pattern || '%')
        end;
    end if;
  end if;
  if p_platform is not null then
    v_where := v_where || format(' and o.platform = %L::public.sales_platform', p_platform);
  end if;
  if p_status is not null then
    v_where := v_where || format(' and o.status = %L::public.sales_order_status', p_status);
  end if;
  if p_date_from is not null then
    v_where := v_where || format(' and o.order_date >= %L::timestamptz', p_date_from);
  end if;
  if p_date_to is not null then
    v_where := v_where || format(' and o.order_date < %L::timestamptz', p_date_to);
  end if;

  -- Unsearched and undated, the kept counts (sales_totals.sql) answer how many match: a million
  -- orders are not counted one by one for the first page.
  if v_search = '' and p_date_from is null and p_date_to is null then
    count_sql := format('select coalesce(sum(c.orders), 0) from public.sales_orders_by_status c where c.user_id = %L', p_user_id)
      || case when p_platform is null then '' else format(' and c.platform = %L::public.sales_platform', p_platform) end
      || case when p_status is null then '' else format(' and c.status = %L::public.sales_order_status', p_status) end;
  else
    count_sql := 'select count(*) from public.sales_orders o where ' || v_where;
  end if;
  page_sql := format(
    'select o.* from public.sales_orders o where %s order by o.%I %s, o.id %s limit %s offset %s',
    v_where, p_sort_by, v_direction, v_direction, p_page_size, p_page_offset);
  return next;
end;
$$;
comment on function private.sales_order_list_sql is
  'The count and page statements of list_sales_orders for one user, with its values as literals.';

create function public.list_sales_orders(
  search text default '',
  platform public.sales_platform default null,
  status public.sales_order_status default null,
  date_from timestamptz default null,
  date_to timestamptz default null,
  sort_by text default 'order_date',
  ascending boolean default false,
  page_size integer default 25,
  page_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
-- A page or count of one user's orders never reads the whole table, even where this user owns
-- most of it (one shop on its own stack), where a sequential scan would look cheaper to the
-- planner: so its cost stays bounded by this user's rows as other workspaces grow.
set enable_seqscan = off
as $$
declare
  v_sql record;
  v_total bigint;
  v_rows jsonb;
begin
  select * into v_sql from private.sales_order_list_sql(
    private.require_user_id(), search, platform, status, date_from, date_to, sort_by, ascending,
    page_size, page_offset);
  execute v_sql.count_sql into v_total;
  execute format('select coalesce(jsonb_agg(to_jsonb(r)), ''[]'') from (%s) r', v_sql.page_sql)
    into v_rows;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;
comment on function public.list_sales_orders is
  'One page of the caller''s sales orders ({total, rows}): search by product name, marketplace order id or SKU prefix (taken literally), filter by platform, status and date range [date_from, date_to), sort by order_date, product_name, quantity or total_amount.';
revoke all on function public.list_sales_orders(
  text, public.sales_platform, public.sales_order_status, timestamptz, timestamptz, text, boolean,
  integer, integer
) from public, anon, authenticated, service_role;
grant execute on function public.list_sales_orders(
  text, public.sales_platform, public.sales_order_status, timestamptz, timestamptz, text, boolean,
  integer, integer
) to authenticated;

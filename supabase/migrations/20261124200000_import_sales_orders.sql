-- Marketplace order reports: the lines of an Amazon, Flipkart or Myntra order report become sales
-- orders in one transaction, each keeping its marketplace order id and order date.
--
-- private.take_product_stock, private.record_sales
--                        a sale: the conditional stock decrement (or log_sale's refusals), then
--                        the order with its profit snapshot and its ledger row. log_sale (redefined
--                        below: same checks, messages and rows as in
--                        20261123500200_profit_snapshot.sql) and import_sales_orders both call
--                        them, so a sale is one rule however it arrives; the import takes each
--                        product's stock once for all its lines (one update of the row, not one
--                        per line) and records every line in one statement, each ledger row with
--                        its running balance.
-- private.classify_sales_order_lines
--                        what would happen to each line: new sale, already imported, repeated in
--                        the file, unknown SKU, archived, not enough stock, or invalid with the
--                        validators' message. preview_sales_orders_import returns it (writing
--                        nothing); import_sales_orders commits from it, so both decide alike.
--
-- Lines are {external_order_id, order_date, sku, quantity, total_amount} and optionally `line`, the
-- row number in the source file that messages name (default: the position in `lines`). The
-- amount is the line's total as the marketplace charged it, not quantity x selling price; the
-- unit price recorded is that total / quantity. A platform's fee and shipping per order are
-- charged once per marketplace order, on its first line recorded; the commission on every line.
-- Stock is checked cumulatively in line order: once a product's earlier new lines use up its
-- stock, its later lines are refused, so the lines a preview calls new always fit together.

-- Takes quantity from a product's stock, or refuses with log_sale's messages and takes nothing.
-- The stock check and the decrement are one conditional update: a second sale racing for the same
-- units waits on the row lock, then re-checks against the new stock. Returns the product after.
-- Runs inside the security definer operations, as their owner; every statement filters on the
-- caller's user_id, which they pass.
create function private.take_product_stock(user_id uuid, product_id uuid, quantity integer)
returns public.products
language plpgsql
set search_path = ''
as $$
declare
  v_product public.products;
begin
  update public.products p
  set stock_on_hand = p.stock_on_hand - take_product_stock.quantity
  where p.id = take_product_stock.product_id and p.user_id = take_product_stock.user_id
    and p.stock_on_hand >= take_product_stock.quantity and p.archived_at is null
  returning * into v_product;

  if not found then
    select * into v_product
    from public.products p
    where p.id = take_product_stock.product_id and p.user_id = take_product_stock.user_id;
    if not found then
      raise exception 'Product not found.';
    end if;
    if v_product.archived_at is not null then
      raise exception '% is archived.', v_product.product_name;
    end if;
    raise exception 'Not enough stock for %. Only % available.',
      v_product.product_name, v_product.stock_on_hand;
  end if;
  return v_product;
end;
$$;
comment on function private.take_product_stock is
  'A sale''s stock decrement: conditional on stock and not archived, or a refusal. Shared by log_sale and import_sales_orders.';

-- Sales whose stock was taken: for each, the order with its profit snapshot (the product's unit
-- cost and the platform's fees now) and its ledger row (minus the quantity, the balance after it).
-- One statement for any number of sales, in their order: log_sale records one, an import thousands.
create type private.sale as (
  product_id uuid,
  product_name text,
  quantity integer,
  unit_price numeric,
  total_amount numeric,
  balance_after integer,
  order_date timestamptz,
  external_order_id text
);
comment on type private.sale is 'A sale for private.record_sales: its product, quantity, prices, balance after, and for an imported order its date and order id.';

create function private.record_sales(user_id uuid, platform public.sales_platform, sales private.sale[])
returns setof public.sales_orders
language plpgsql
-- One plan for every call: planning the statement afresh for each sale (Postgres' custom plans)
-- made log_sale about twice as slow as with the two inserts it had before.
set plan_cache_mode = force_generic_plan
set search_path = ''
as $$
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
      total_amount, balance_after, order_date, external_order_id, ordinal)
  ),
  orders as (
    insert into public.sales_orders
      (id, user_id, platform, product_id, product_name, quantity, unit_price, total_amount, unit_cost, fees,
       order_date, external_order_id)
    select l.id, record_sales.user_id, record_sales.platform, l.product_id, l.product_name, l.quantity,
      l.unit_price, l.total_amount,
      -- profit snapshot: the unit cost and the platform's fees now
      (select c.unit_cost from public.product_unit_costs c where c.product_id = l.product_id),
      coalesce((
        select round(l.total_amount * f.commission_percent / 100, 2)
          + case when l.charges_order_fees then f.fee_per_order + f.shipping_per_order else 0 end
        from public.platform_fees f
        where f.user_id = record_sales.user_id and f.platform = record_sales.platform
      ), 0),
      coalesce(l.order_date, now()), l.external_order_id
    from line l
    order by l.ordinal
    returning *
  ),
  ledger as (
    insert into public.stock_movements (user_id, product_id, quantity, balance_after, reason, sales_order_id)
    select record_sales.user_id, l.product_id, -l.quantity, l.balance_after, 'sale', l.id
    from line l
    order by l.ordinal
  )
  select * from orders;
end;
$$;
comment on function private.record_sales is
  'Sales whose stock was taken: each order (with its profit snapshot) and its ledger row, in one statement. Shared by log_sale and import_sales_orders.';

-- log_sale: the same checks and messages, in the same order, and the same rows as before.
create or replace function public.log_sale(
  product_id uuid,
  quantity numeric,
  platform text default 'Flipkart'
) returns public.sales_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_quantity integer := private.require_number(log_sale.quantity, 'Quantity', 1, true);
  v_platform public.sales_platform := private.require_platform(log_sale.platform);
  v_product public.products;
  v_order public.sales_orders;
begin
  if log_sale.product_id is null then
    raise exception 'Product is required.';
  end if;

  v_product := private.take_product_stock(v_user_id, log_sale.product_id, v_quantity);

  -- total_amount is numeric(14, 2); say so rather than fail with "numeric field overflow".
  if v_quantity * v_product.selling_price > 999999999999.99 then
    raise exception 'Sale total must be at most 999999999999.99.';
  end if;

  select * into v_order
  from private.record_sales(v_user_id, v_platform, array[row(v_product.id, v_product.product_name, v_quantity,
    v_product.selling_price, v_quantity * v_product.selling_price, v_product.stock_on_hand, null, null)::private.sale]);
  return v_order;
end;
$$;

-- Line helpers -----------------------------------------------------------------------------------
-- A JSON number as numeric; absent or null is null (the validators then say "is required"), and
-- anything else (a string, a list) is refused rather than guessed at.
create function private.json_number(value jsonb, label text) returns numeric
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is null or jsonb_typeof(value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(value) <> 'number' then
    raise exception '% must be a number.', label;
  end if;
  return value::numeric;
end;
$$;

-- A marketplace order date: an ISO 8601 date or timestamp (a date alone is midnight in India),
-- not before 2000 and not in the future.
create function private.require_order_date(value text) returns timestamptz
language plpgsql stable
set search_path = ''
as $$
declare
  v_date timestamptz;
begin
  if value is null or btrim(value) = '' then
    raise exception 'Order date is required.';
  end if;
  if btrim(value) !~ '^\d{4}-\d{2}-\d{2}' then
    raise exception 'Order date must be a date (YYYY-MM-DD).';
  end if;
  begin
    v_date := case when btrim(value) ~ '^\d{4}-\d{2}-\d{2}$'
                   then btrim(value)::timestamp at time zone 'Asia/Kolkata'
                   else btrim(value)::timestamptz end;
  exception when data_exception then
    raise exception 'Order date must be a date (YYYY-MM-DD).';
  end;
  if v_date < '2000-01-01'::timestamptz or v_date > now() + interval '1 day' then
    raise exception 'Order date must be between 2000-01-01 and today.';
  end if;
  return v_date;
end;
$$;

-- The whole of a call's input: a list of at most 10,000 lines (bounded so one call stays a few
-- seconds; the app sends a larger report in parts).
create function private.require_sales_order_lines(lines jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(lines) is distinct from 'array' then
    raise exception 'Lines must be a list of order lines.';
  end if;
  if jsonb_array_length(lines) > 10000 then
    raise exception 'At most 10000 lines can be imported at once; this has %.', jsonb_array_length(lines);
  end if;
  return lines;
end;
$$;

-- One line, checked with the validators every operation uses; a refusal becomes `error` (with the
-- validator's message) instead of ending the call, so a preview can show every line.
create function private.parse_sales_order_line(line jsonb, line_position integer)
returns table (
  line_number integer,
  external_order_id text,
  order_date timestamptz,
  sku text,
  quantity integer,
  total_amount numeric,
  error text
)
language plpgsql stable
-- One row per call: the planner's default guess of 1000 made a 10,000-line classification look
-- costly enough to JIT-compile, which took longer than the work.
rows 1
set search_path = ''
as $$
begin
  line_number := line_position;
  begin
    if jsonb_typeof(line) is distinct from 'object' then
      raise exception 'Each line must be an object.';
    end if;
    if line ? 'line' then
      line_number := private.require_number(private.json_number(line -> 'line', 'Line number'),
        'Line number', 1, true);
    end if;
    external_order_id := private.require_text(line ->> 'external_order_id', 'Order id', 100);
    order_date := private.require_order_date(line ->> 'order_date');
    sku := private.require_text(line ->> 'sku', 'SKU', 64);
    quantity := private.require_number(private.json_number(line -> 'quantity', 'Quantity'),
      'Quantity', 1, true);
    total_amount := private.require_decimals(
      private.require_number(private.json_number(line -> 'total_amount', 'Amount'), 'Amount', 0),
      'Amount', 2);
  exception when raise_exception then
    error := sqlerrm;
  end;
  return next;
end;
$$;

-- What importing `lines` for this user and platform would do, line by line, in line order:
--   invalid           a validator's message
--   unknown_sku       no product of this user has the SKU (compared as SKUs are: case and
--                     surrounding spaces aside)
--   archived          the product is archived
--   already_imported  a sale of this platform, order id and product exists (skipped)
--   duplicate         an earlier line of this call has the same order id and product (skipped)
--   not_enough_stock  this line with the product's earlier new lines exceeds its stock
--   new               becomes a sale; balance_after is the product's stock after it and the
--                     product's earlier new lines
create function private.classify_sales_order_lines(
  user_id uuid,
  platform public.sales_platform,
  lines jsonb
)
returns table (
  line_number integer,
  external_order_id text,
  order_date timestamptz,
  quantity integer,
  total_amount numeric,
  product_id uuid,
  product_name text,
  balance_after integer,
  outcome text,
  message text
)
language sql stable
-- A plan over a few thousand lines is quick to run and not worth compiling (JIT took 0.6 s).
set jit = off
set search_path = ''
as $$
  with parsed as (
    select l.ordinal, v.*
    from jsonb_array_elements(private.require_sales_order_lines(classify_sales_order_lines.lines))
      with ordinality as l (line, ordinal)
    cross join lateral private.parse_sales_order_line(l.line, l.ordinal::integer) v
  ),
  matched as (
    select parsed.*, p.id as product_id, p.product_name, p.stock_on_hand, p.archived_at,
      exists (
        select 1 from public.sales_orders o
        where o.user_id = classify_sales_order_lines.user_id
          and o.platform = classify_sales_order_lines.platform
          and o.external_order_id = parsed.external_order_id and o.product_id = p.id
      ) as imported
    from parsed
    left join public.products p
      on p.user_id = classify_sales_order_lines.user_id and lower(btrim(p.sku)) = lower(parsed.sku)
        and parsed.error is null
  ),
  first_pass as (
    select m.*,
      case
        when m.error is not null then 'invalid'
        when m.product_id is null then 'unknown_sku'
        when m.archived_at is not null then 'archived'
        when m.imported then 'already_imported'
        when row_number() over (partition by m.external_order_id, m.product_id order by m.ordinal) > 1
          then 'duplicate'
        else 'new'
      end as outcome,
      first_value(m.line_number)
        over (partition by m.external_order_id, m.product_id order by m.ordinal) as first_line
    from matched m
  ),
  stocked as (
    select f.*,
      sum(f.quantity) filter (where f.outcome = 'new')
        over (partition by f.product_id order by f.ordinal rows unbounded preceding) as needed
    from first_pass f
  )
  select s.line_number, s.external_order_id, s.order_date, s.quantity, s.total_amount, s.product_id,
    s.product_name, (s.stock_on_hand - s.needed)::integer,
    case when s.outcome = 'new' and s.needed > s.stock_on_hand then 'not_enough_stock' else s.outcome end,
    case
      when s.outcome = 'invalid' then s.error
      when s.outcome = 'unknown_sku' then format('No product has SKU %s.', s.sku)
      when s.outcome = 'archived' then format('%s is archived.', s.product_name)
      when s.outcome = 'duplicate' then format('Same order and SKU as line %s.', s.first_line)
      when s.needed > s.stock_on_hand then format('Not enough stock for %s. Only %s available.',
        s.product_name, greatest(s.stock_on_hand - (s.needed - s.quantity), 0))
    end
  from stocked s
  order by s.ordinal
$$;

-- preview_sales_orders_import --------------------------------------------------------------------
-- Security definer only to reach the private helpers (clients have no access to that schema); it
-- reads only the caller's rows (filtering on auth.uid() itself) and writes nothing. One JSON list,
-- not a set of rows: the API returns at most 1,000 rows of a set (PostgREST's max_rows on
-- Supabase), and a preview has up to 10,000.
create function public.preview_sales_orders_import(platform text, lines jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(preview_sales_orders_import.platform);
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object('line_number', c.line_number, 'outcome', c.outcome,
      'message', c.message, 'product_name', c.product_name))
    from private.classify_sales_order_lines(v_user_id, v_platform, preview_sales_orders_import.lines) c
  ), '[]'::jsonb);
end;
$$;
comment on function public.preview_sales_orders_import is
  'For each order line, in line order, what import_sales_orders would do with it now: [{line_number, outcome (new, already_imported, duplicate, unknown_sku, archived, not_enough_stock or invalid), message, product_name}]. Writes nothing.';

-- import_sales_orders ----------------------------------------------------------------------------
create function public.import_sales_orders(platform text, lines jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(import_sales_orders.platform);
  v_line record;
  v_skipped integer := 0;
  v_sales private.sale[] := '{}';
  v_taken record;
begin
  -- Lock the products the lines name, in one fixed order, before reading their stock: a sale
  -- racing with the import waits, and the stock classified below is the stock the sales take.
  perform 1
  from public.products p
  where p.user_id = v_user_id and lower(btrim(p.sku)) in (
    select lower(btrim(l ->> 'sku'))
    from jsonb_array_elements(private.require_sales_order_lines(import_sales_orders.lines)) l
    where jsonb_typeof(l) = 'object'
  )
  order by p.id
  for update;

  -- In line order: the first refusal ends the call and rolls back every sale before it.
  for v_line in
    select * from private.classify_sales_order_lines(v_user_id, v_platform, import_sales_orders.lines)
  loop
    case v_line.outcome
      when 'new' then
        v_sales := v_sales || row(v_line.product_id, v_line.product_name, v_line.quantity,
          round(v_line.total_amount / v_line.quantity, 2), v_line.total_amount, v_line.balance_after,
          v_line.order_date, v_line.external_order_id)::private.sale;
      when 'already_imported', 'duplicate' then
        v_skipped := v_skipped + 1;
      else
        raise exception 'Line %: %', v_line.line_number, v_line.message;
    end case;
  end loop;

  -- Each product's stock once, for all its lines; each line's ledger row carries its running balance.
  for v_taken in
    select t.product_id, sum(t.quantity)::integer as quantity
    from unnest(v_sales) t
    group by t.product_id
    order by t.product_id
  loop
    perform private.take_product_stock(v_user_id, v_taken.product_id, v_taken.quantity);
  end loop;
  perform 1 from private.record_sales(v_user_id, v_platform, v_sales);

  return jsonb_build_object('created', cardinality(v_sales), 'skipped', v_skipped);
end;
$$;
comment on function public.import_sales_orders is
  'Commits marketplace order lines ({external_order_id, order_date, sku, quantity, total_amount}, at most 10000) as sales in one transaction: lines already imported are skipped; any refused line (named by its line number) writes nothing. Returns {created, skipped}.';

-- Privileges: signed-in users call the two public functions; the helpers are nobody's. -----------
revoke all on function private.take_product_stock(uuid, uuid, integer) from public, anon, authenticated, service_role;
revoke all on function private.record_sales(uuid, public.sales_platform, private.sale[])
  from public, anon, authenticated, service_role;
revoke all on function private.json_number(jsonb, text) from public, anon, authenticated, service_role;
revoke all on function private.require_order_date(text) from public, anon, authenticated, service_role;
revoke all on function private.require_sales_order_lines(jsonb) from public, anon, authenticated, service_role;
revoke all on function private.parse_sales_order_line(jsonb, integer) from public, anon, authenticated, service_role;
revoke all on function private.classify_sales_order_lines(uuid, public.sales_platform, jsonb)
  from public, anon, authenticated, service_role;

revoke all on function public.preview_sales_orders_import(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.preview_sales_orders_import(text, jsonb) to authenticated;
revoke all on function public.import_sales_orders(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.import_sales_orders(text, jsonb) to authenticated;

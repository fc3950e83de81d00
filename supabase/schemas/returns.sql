-- Returns (issue 29): RTO (the courier brings back an order the buyer never took) and customer
-- returns, each of some units of one sales order, inspected unit by unit: sellable units go back
-- to stock (ledger reason sale_return), damaged, wrong item and missing units do not, and each of
-- those conditions opens a claim against the marketplace with its deadline. The order keeps what
-- its returns took back (sales_orders.returned_quantity, restocked_quantity, return_fees,
-- reimbursed), from which its refunded_amount and profit_after_returns follow, and which the kept
-- totals (sales_totals.sql) read through rules.kept_sale.
--
-- One way to return: record_return (one return from the form), import_returns (a marketplace's
-- returns report) and return_sales_order (the whole order, as before) all check their input and
-- lock, then write through private.record_returns.
--
-- Lock order, as every stock operation: the order's product, then the order, then the kept totals
-- (by the order's trigger). Two returns of the last unit of one order: the second waits on the
-- product, then reads the order after the first and is refused.

create type public.return_kind as enum ('rto', 'customer_return');
create type public.return_claim_status as enum ('Open', 'Filed', 'Approved', 'Rejected');
-- The condition a unit came back in; the first is restocked, the others open a claim.
create type public.return_condition as enum ('sellable', 'damaged', 'wrong_item', 'missing');

create table public.sales_returns (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  sales_order_id uuid not null,
  kind public.return_kind not null,
  sellable integer not null default 0 check (sellable >= 0),
  damaged integer not null default 0 check (damaged >= 0),
  wrong_item integer not null default 0 check (wrong_item >= 0),
  missing integer not null default 0 check (missing >= 0),
  return_fees numeric(12, 2) not null default 0 check (return_fees >= 0),
  note text check (length(note) <= 500),
  -- The India day it came back (the claims' deadlines count from it).
  return_date date not null,
  -- A line of a marketplace's returns report is one condition of one return: with the order, kind
  -- and day it is the line's key, so importing the same report again skips it (null: recorded by
  -- hand, where two identical returns on one day are two returns).
  imported_condition public.return_condition,
  created_at timestamptz not null default now(),
  constraint sales_returns_units_check check (sellable + damaged + wrong_item + missing > 0),
  foreign key (sales_order_id) references public.sales_orders (id) on delete cascade
);
comment on table public.sales_returns is
  'One return event of a sales order: RTO or customer return, its units by condition (sellable units restocked), its fees, note and day. Written only by record_return, import_returns and return_sales_order.';
create index sales_returns_sales_order_id_idx on public.sales_returns (sales_order_id);
create index sales_returns_user_id_return_date_idx on public.sales_returns (user_id, return_date desc);
create unique index sales_returns_import_key
  on public.sales_returns (user_id, sales_order_id, kind, return_date, imported_condition)
  where imported_condition is not null;

create table public.return_claims (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  sales_return_id uuid not null references public.sales_returns (id) on delete cascade,
  -- The order, again, so the Claims list and update_claim reach it without the return.
  sales_order_id uuid not null references public.sales_orders (id) on delete cascade,
  reason public.return_condition not null check (reason <> 'sellable'),
  units integer not null check (units > 0),
  -- The return's day plus the platform's claim window (settings.sql) when it was recorded.
  deadline date not null,
  status public.return_claim_status not null default 'Open',
  amount_reimbursed numeric(12, 2) check (amount_reimbursed >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint return_claims_amount_check check ((status = 'Approved') = (amount_reimbursed is not null)),
  unique (sales_return_id, reason)
);
comment on table public.return_claims is
  'A claim against the marketplace for the damaged, wrong or missing units of one return: its deadline, status (Open, Filed, Approved, Rejected) and, once approved, the amount reimbursed. Written only by the return operations and update_claim.';
create index return_claims_sales_order_id_idx on public.return_claims (sales_order_id);
-- The Claims list and "Claims due in 3 days": the caller's open claims by deadline.
create index return_claims_user_id_deadline_idx on public.return_claims (user_id, deadline)
  where status in ('Open', 'Filed');

alter table public.sales_returns enable row level security;
alter table public.return_claims enable row level security;
create policy "Owners can read their sales returns" on public.sales_returns
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their return claims" on public.return_claims
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.sales_returns, public.return_claims from public, anon, authenticated, service_role;
grant select on public.sales_returns, public.return_claims to authenticated;
grant all on public.sales_returns, public.return_claims to service_role;

-- Realtime: as sales_orders, no operation deletes these rows (they go only with their order's
-- user, by cascade), so no DELETE event can carry a row to another subscriber; bom_items and
-- website_order_refusals stay out because operations delete theirs.
alter publication supabase_realtime add table public.sales_returns;
alter publication supabase_realtime add table public.return_claims;

-- private.record_returns ----------------------------------------------------------------------
-- Returns already checked (the order the caller's, Fulfilled or Partially returned, the units
-- within what remains, summed over the events of one call) with their products and orders locked
-- by the caller: each return row, then per order its returned, restocked units and fees and its
-- status (Returned once every unit came back) in one update, per product its sellable units back
-- in stock, a ledger row per return with sellable units (reason sale_return, the return's note,
-- its running balance) and a claim per return and lost condition, deadline from the platform's
-- claim window. Set-based, so an import of thousands of lines is a few statements.
create type private.return_event as (
  sales_order_id uuid,
  kind public.return_kind,
  sellable integer,
  damaged integer,
  wrong_item integer,
  missing integer,
  return_fees numeric,
  note text,
  return_date date,
  imported_condition public.return_condition
);
comment on type private.return_event is 'A checked return for private.record_returns.';

create function private.record_returns(user_id uuid, events private.return_event[])
returns setof public.sales_returns
language plpgsql
set search_path = ''
as $$
declare
  v_returns public.sales_returns[];
  v_restocks integer;
begin
  with inserted as (
    insert into public.sales_returns as r (user_id, sales_order_id, kind, sellable, damaged, wrong_item, missing,
      return_fees, note, return_date, imported_condition)
    select record_returns.user_id, e.sales_order_id, e.kind, e.sellable, e.damaged, e.wrong_item, e.missing,
      e.return_fees, e.note, e.return_date, e.imported_condition
    from unnest(record_returns.events) with ordinality e
    order by e.ordinality
    returning r
  )
  select coalesce(array_agg(i.r), '{}') into v_returns from inserted i;

  update public.sales_orders o
  set returned_quantity = o.returned_quantity + r.units,
      restocked_quantity = o.restocked_quantity + r.sellable,
      return_fees = o.return_fees + r.fees,
      status = case when o.returned_quantity + r.units = o.quantity then 'Returned'::public.sales_order_status
                    else 'Partially returned'::public.sales_order_status end
  from (
    select t.sales_order_id, sum(t.sellable + t.damaged + t.wrong_item + t.missing)::integer as units,
      sum(t.sellable)::integer as sellable, sum(t.return_fees) as fees
    from unnest(v_returns) t
    group by t.sales_order_id
  ) r
  where o.id = r.sales_order_id and o.user_id = record_returns.user_id;

  -- Stock back, one update per product (a combo's: per part, channels.sql), refusing where
  -- stock_on_hand (an integer) would overflow.
  with restock as (
    select s.product_id, sum(t.sellable * s.per_unit)::integer as units
    from unnest(v_returns) t
    join public.sales_orders o on o.id = t.sales_order_id
    cross join lateral private.stock_parts(o.product_id) s
    where t.sellable > 0
    group by s.product_id
  ),
  updated as (
    update public.products p
    set stock_on_hand = p.stock_on_hand + r.units
    from restock r
    where p.id = r.product_id and p.user_id = record_returns.user_id and p.stock_on_hand <= 2147483647 - r.units
    returning p.id, p.stock_on_hand
  ),
  ledger as (
    insert into public.stock_movements (user_id, product_id, quantity, balance_after, reason, sales_order_id, note)
    select record_returns.user_id, s.product_id, t.sellable * s.per_unit,
      -- this return's balance: the product's new stock less the sellable units of its later returns
      u.stock_on_hand - coalesce(sum(t.sellable * s.per_unit) over (partition by s.product_id order by t.position
        rows between 1 following and unbounded following), 0),
      'sale_return', t.sales_order_id, t.note
    from unnest(v_returns) with ordinality t (id, user_id, sales_order_id, kind, sellable, damaged, wrong_item,
      missing, return_fees, note, return_date, imported_condition, created_at, position)
    join public.sales_orders o on o.id = t.sales_order_id
    cross join lateral private.stock_parts(o.product_id) s
    join updated u on u.id = s.product_id
    where t.sellable > 0
    order by t.position, s.product_id
  )
  select (select count(*) from restock) - (select count(*) from updated) into v_restocks;
  if v_restocks <> 0 then
    raise exception 'Putting this back would take stock on hand above 2147483647.';
  end if;

  insert into public.return_claims (user_id, sales_return_id, sales_order_id, reason, units, deadline)
  select record_returns.user_id, t.id, t.sales_order_id, c.reason, c.units,
    t.return_date + coalesce(f.claim_window_days, private.default_claim_window_days(o.platform))
  from unnest(v_returns) t
  join public.sales_orders o on o.id = t.sales_order_id
  left join public.platform_fees f on f.user_id = record_returns.user_id and f.platform = o.platform
  cross join lateral (values ('damaged'::public.return_condition, t.damaged),
    ('wrong_item'::public.return_condition, t.wrong_item), ('missing'::public.return_condition, t.missing)) c (reason, units)
  where c.units > 0;

  return query select * from unnest(v_returns);
end;
$$;
comment on function private.record_returns is
  'Checked returns, their orders and products locked by the caller: the return rows, the orders'' returned figures and status, sellable units back in stock with their ledger rows, and a claim per lost condition. Shared by record_return, import_returns and return_sales_order.';

-- The India day a return came back: today when not given, else from the order's day to today.
create function private.require_return_date(value date, order_date timestamptz, field text) returns date
language plpgsql stable
set search_path = ''
as $$
declare
  v_today date := rules.india_day(now());
begin
  if value is null then
    return v_today;
  end if;
  if value < rules.india_day(order_date) or value > v_today then
    perform private.raise_input_error('Return date must be between the order date and today.', field);
  end if;
  return value;
end;
$$;

-- record_return ---------------------------------------------------------------------------------
-- With a request_id (00_setup.sql), a repeat returns the first call's return and writes nothing.
create function public.record_return(
  order_id uuid,
  kind text,
  sellable numeric,
  damaged numeric default 0,
  wrong_item numeric default 0,
  missing numeric default 0,
  return_fees numeric default 0,
  note text default null,
  return_date date default null,
  request_id uuid default null
) returns public.sales_returns
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_kind public.return_kind;
  v_sellable integer := private.require_number(coalesce(record_return.sellable, 0), 'Sellable units', 0, true, 'sellable');
  v_damaged integer := private.require_number(coalesce(record_return.damaged, 0), 'Damaged units', 0, true, 'damaged');
  v_wrong_item integer := private.require_number(coalesce(record_return.wrong_item, 0), 'Wrong item units', 0, true,
    'wrong_item');
  v_missing integer := private.require_number(coalesce(record_return.missing, 0), 'Missing units', 0, true, 'missing');
  v_fees numeric := private.require_decimals(
    private.require_number(coalesce(record_return.return_fees, 0), 'Return fees', 0, field => 'return_fees'),
    'Return fees', 2, 'return_fees');
  v_note text := private.optional_text(record_return.note, 'Note', 500, 'note');
  v_order public.sales_orders;
  v_return public.sales_returns;
  v_replayed jsonb;
begin
  if record_return.kind is null or record_return.kind not in ('rto', 'customer_return') then
    raise exception 'Kind must be rto or customer_return.' using hint = 'field:kind';
  end if;
  v_kind := record_return.kind::public.return_kind;
  if v_sellable + v_damaged + v_wrong_item + v_missing = 0 then
    raise exception 'Enter the units that came back.' using hint = 'field:sellable';
  end if;
  v_replayed := private.replayed_result(v_user_id, record_return.request_id, 'record_return');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.sales_returns, v_replayed);
  end if;

  perform private.lock_order_product(record_return.order_id, v_user_id);
  select * into v_order from public.sales_orders o
  where o.id = record_return.order_id and o.user_id = v_user_id
  for update;
  if not found then
    raise exception 'Sales order not found.';
  end if;
  if v_order.status = 'Returned' then
    raise exception 'Every unit of this order has already been returned.';
  end if;
  if v_order.status not in ('Fulfilled', 'Partially returned') then
    raise exception 'Only shipped orders (Fulfilled or Partially returned) can be returned; this one is %.',
      v_order.status;
  end if;
  if v_sellable + v_damaged + v_wrong_item + v_missing > v_order.quantity - v_order.returned_quantity then
    perform private.raise_input_error(format('Only %s units of this order can still be returned.',
      v_order.quantity - v_order.returned_quantity), 'sellable');
  end if;

  select * into v_return from private.record_returns(v_user_id, array[row(v_order.id, v_kind, v_sellable, v_damaged,
    v_wrong_item, v_missing, v_fees, v_note,
    private.require_return_date(record_return.return_date, v_order.order_date, 'return_date'),
    null)::private.return_event]);
  perform private.remember_result(v_user_id, record_return.request_id, to_jsonb(v_return));
  return v_return;
end;
$$;
comment on function public.record_return is
  'Records a return of some units of a Fulfilled or Partially returned sales order: kind rto or customer_return, whole units by condition (sellable back to stock; damaged, wrong_item, missing each open a claim), return fees, note, return date (default today in India). Refuses more units than remain ("Only {n} units of this order can still be returned."). The order becomes Partially returned, or Returned when every unit came back. A repeated request_id returns the first call''s return and writes nothing.';
revoke all on function public.record_return(uuid, text, numeric, numeric, numeric, numeric, numeric, text, date, uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.record_return(uuid, text, numeric, numeric, numeric, numeric, numeric, text, date, uuid)
  to authenticated;

-- return_sales_order: the whole order at once, as before --------------------------------------
-- One return of every unit, a customer return dated today: all sellable (back in stock) or, without
-- restock, all damaged (not restocked, a claim opened). Its note is also kept on the order.
-- With a request_id (00_setup.sql), a repeat returns the first call's order and writes nothing.
create function public.return_sales_order(
  order_id uuid,
  restock boolean default true,
  note text default null,
  request_id uuid default null
) returns public.sales_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_note text := private.optional_text(return_sales_order.note, 'Note', 500);
  v_restock boolean := coalesce(return_sales_order.restock, true);
  v_order public.sales_orders;
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, return_sales_order.request_id, 'return_sales_order');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.sales_orders, v_replayed);
  end if;
  perform private.lock_order_product(return_sales_order.order_id, v_user_id);
  select * into v_order from public.sales_orders o
  where o.id = return_sales_order.order_id and o.user_id = v_user_id
  for update;
  if not found then
    raise exception 'Sales order not found.';
  end if;
  if v_order.status <> 'Fulfilled' then
    raise exception 'Only fulfilled orders can be returned.';
  end if;

  perform 1 from private.record_returns(v_user_id, array[row(v_order.id, 'customer_return',
    case when v_restock then v_order.quantity else 0 end, case when v_restock then 0 else v_order.quantity end,
    0, 0, 0, v_note, rules.india_day(now()), null)::private.return_event]);
  update public.sales_orders o set return_note = v_note
  where o.id = v_order.id
  returning * into v_order;

  perform private.remember_result(v_user_id, return_sales_order.request_id, to_jsonb(v_order));
  return v_order;
end;
$$;
comment on function public.return_sales_order is
  'Returns every unit of a Fulfilled sales order as one customer return dated today (record_return''s path): with restock all sellable, back to stock; without, all damaged, with a claim. The order becomes Returned. Refuses other orders with "Only fulfilled orders can be returned." A repeated request_id returns the first call''s order and writes nothing.';
revoke all on function public.return_sales_order(uuid, boolean, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.return_sales_order(uuid, boolean, text, uuid) to authenticated;

-- update_claim ----------------------------------------------------------------------------------
-- Open -> Filed -> Approved or Rejected; an Open claim may also be decided at once (a marketplace
-- that reimburses or refuses without a filing, as Flipkart does for some lost returns). Approved
-- and Rejected are final. Approving takes the amount reimbursed, at most the lost units' share of
-- the order's total; the order's reimbursed (and so its profit after returns) follows, in the
-- same lock order as a return: product, order, claim.
create function public.update_claim(claim_id uuid, status text, amount_reimbursed numeric default null)
returns public.return_claims
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_status public.return_claim_status;
  v_amount numeric;
  v_claim public.return_claims;
  v_order public.sales_orders;
begin
  if update_claim.status is null or update_claim.status not in ('Filed', 'Approved', 'Rejected') then
    raise exception 'Status must be Filed, Approved or Rejected.' using hint = 'field:status';
  end if;
  v_status := update_claim.status::public.return_claim_status;
  if v_status = 'Approved' then
    v_amount := private.require_decimals(private.require_number(update_claim.amount_reimbursed, 'Amount reimbursed', 0,
      field => 'amount_reimbursed'), 'Amount reimbursed', 2, 'amount_reimbursed');
  elsif update_claim.amount_reimbursed is not null then
    raise exception 'Only an approved claim has an amount reimbursed.' using hint = 'field:amount_reimbursed';
  end if;

  perform private.lock_order_product(
    (select c.sales_order_id from public.return_claims c where c.id = update_claim.claim_id and c.user_id = v_user_id),
    v_user_id);
  select * into v_claim from public.return_claims c
  where c.id = update_claim.claim_id and c.user_id = v_user_id;
  if not found then
    raise exception 'Claim not found.';
  end if;
  select * into v_order from public.sales_orders o where o.id = v_claim.sales_order_id and o.user_id = v_user_id
  for update;
  perform 1 from public.return_claims c where c.id = v_claim.id for update;
  select * into v_claim from public.return_claims c where c.id = v_claim.id;

  if v_claim.status in ('Approved', 'Rejected') then
    raise exception 'This claim is already %.', lower(v_claim.status::text);
  end if;
  if v_claim.status = v_status then
    raise exception 'This claim is already filed.';
  end if;
  if v_amount > round(v_order.total_amount * v_claim.units / v_order.quantity, 2) then
    perform private.raise_input_error(format('Amount reimbursed can be at most %s, the sale value of the claim''s units.',
      round(v_order.total_amount * v_claim.units / v_order.quantity, 2)), 'amount_reimbursed');
  end if;

  update public.return_claims c
  set status = v_status, amount_reimbursed = v_amount, updated_at = now()
  where c.id = v_claim.id
  returning * into v_claim;
  if v_status = 'Approved' then
    update public.sales_orders o set reimbursed = o.reimbursed + v_amount where o.id = v_order.id;
  end if;
  return v_claim;
end;
$$;
comment on function public.update_claim is
  'Moves one of the caller''s claims from Open to Filed, or from Open or Filed to Approved (with amount_reimbursed, from 0 to the sale value of its units, added to the order''s reimbursed and so to its profit after returns) or Rejected. Approved and Rejected are final.';
revoke all on function public.update_claim(uuid, text, numeric) from public, anon, authenticated, service_role;
grant execute on function public.update_claim(uuid, text, numeric) to authenticated;

-- Returns reports ------------------------------------------------------------------------------
-- A marketplace's returns report arrives as lines (the app reads the report's own columns and
-- words; the server takes these): {external_order_id, sku, quantity, kind ('rto' |
-- 'customer_return'), return_date (YYYY-MM-DD), condition ('sellable' by default, 'damaged',
-- 'wrong_item', 'missing'), return_fees (default 0), line (the row number messages name; default
-- the position)}. The same contract as import_sales_orders (imports.sql): at most 5,000 lines a
-- call, a preview that writes nothing and an import that commits all or nothing from one
-- classification, a line already imported skipped. A line's key is (order, kind, return_date,
-- condition): the order being the platform's order id and the SKU's product.

create function private.parse_return_line(line jsonb, line_position integer)
returns table (
  line_number integer,
  external_order_id text,
  sku text,
  quantity integer,
  kind public.return_kind,
  return_date date,
  condition public.return_condition,
  return_fees numeric,
  error text
)
language plpgsql stable
rows 1
set search_path = ''
as $$
begin
  line_number := line_position;
  condition := 'sellable';
  return_fees := 0;
  begin
    if jsonb_typeof(line) is distinct from 'object' then
      raise exception 'Each line must be an object.';
    end if;
    if line ? 'line' then
      line_number := private.require_number(private.json_number(line -> 'line', 'Line number'),
        'Line number', 1, true);
    end if;
    external_order_id := private.require_text(line ->> 'external_order_id', 'Order id', 100);
    sku := private.require_text(line ->> 'sku', 'SKU', 64);
    quantity := private.require_number(private.json_number(line -> 'quantity', 'Quantity'), 'Quantity', 1, true);
    if jsonb_typeof(line -> 'kind') is distinct from 'string' or line ->> 'kind' not in ('rto', 'customer_return') then
      raise exception 'Kind must be rto or customer_return.';
    end if;
    kind := (line ->> 'kind')::public.return_kind;
    if jsonb_typeof(line -> 'return_date') is distinct from 'string'
      or line ->> 'return_date' !~ '^\d{4}-\d{2}-\d{2}$' then
      raise exception 'Return date must be a date (YYYY-MM-DD).';
    end if;
    begin
      return_date := (line ->> 'return_date')::date;
    exception when data_exception then
      raise exception 'Return date must be a date (YYYY-MM-DD).';
    end;
    if return_date < '2000-01-01' or return_date > rules.india_day(now()) then
      raise exception 'Return date must be between 2000-01-01 and today.';
    end if;
    if coalesce(jsonb_typeof(line -> 'condition'), 'null') <> 'null' then
      if jsonb_typeof(line -> 'condition') <> 'string'
        or line ->> 'condition' not in ('sellable', 'damaged', 'wrong_item', 'missing') then
        raise exception 'Condition must be sellable, damaged, wrong_item or missing.';
      end if;
      condition := (line ->> 'condition')::public.return_condition;
    end if;
    if coalesce(jsonb_typeof(line -> 'return_fees'), 'null') <> 'null' then
      return_fees := private.require_decimals(private.require_number(
        private.json_number(line -> 'return_fees', 'Return fees'), 'Return fees', 0), 'Return fees', 2);
    end if;
  exception when raise_exception then
    error := sqlerrm;
  end;
  return next;
end;
$$;

-- What importing `lines` for this user and platform would do, line by line, in line order:
--   invalid           a validator's message
--   unknown_order     no order of this platform has the order id and the SKU's product
--   already_imported  a return with the line's key exists (skipped)
--   duplicate         an earlier line of this call has the same key (skipped)
--   not_returnable    the order is not Fulfilled or Partially returned (never shipped, cancelled,
--                     or every unit back already)
--   too_many          with the order's earlier new lines, more units than remain to be returned
--   new               becomes a return
create function private.classify_return_lines(user_id uuid, platform public.sales_platform, lines jsonb)
returns table (
  line_number integer,
  sales_order_id uuid,
  product_name text,
  external_order_id text,
  quantity integer,
  kind public.return_kind,
  return_date date,
  condition public.return_condition,
  return_fees numeric,
  outcome text,
  message text,
  sku text
)
language sql stable
set jit = off
set search_path = ''
as $$
  with parsed as (
    select l.ordinal, v.*
    from jsonb_array_elements(private.require_sales_order_lines(classify_return_lines.lines))
      with ordinality as l (line, ordinal)
    cross join lateral private.parse_return_line(l.line, l.ordinal::integer) v
  ),
  matched as (
    select parsed.*, o.id as order_id, o.product_name, o.status, o.quantity - o.returned_quantity as remaining,
      o.order_date,
      exists (
        select 1 from public.sales_returns r
        where r.user_id = classify_return_lines.user_id and r.sales_order_id = o.id and r.kind = parsed.kind
          and r.return_date = parsed.return_date and r.imported_condition = parsed.condition
      ) as imported
    from parsed
    -- By SKU, then by the platform's alias (channels.sql).
    left join private.products_for_skus(classify_return_lines.user_id, classify_return_lines.platform,
        array(select v.sku from parsed v where v.error is null)) k
      on k.sku = parsed.sku and parsed.error is null
    left join public.products p on p.id = k.product_id
    left join public.sales_orders o
      on o.user_id = classify_return_lines.user_id and o.platform = classify_return_lines.platform
        and o.external_order_id = parsed.external_order_id and o.product_id = p.id
  ),
  first_pass as (
    select m.*,
      case
        when m.error is not null then 'invalid'
        when m.order_id is null then 'unknown_order'
        when m.imported then 'already_imported'
        when row_number() over (partition by m.order_id, m.kind, m.return_date, m.condition order by m.ordinal) > 1
          then 'duplicate'
        when m.status not in ('Fulfilled', 'Partially returned') then 'not_returnable'
        when m.return_date < rules.india_day(m.order_date) then 'invalid'
        else 'new'
      end as outcome,
      first_value(m.line_number)
        over (partition by m.order_id, m.kind, m.return_date, m.condition order by m.ordinal) as first_line
    from matched m
  ),
  counted as (
    select f.*,
      sum(f.quantity) filter (where f.outcome = 'new')
        over (partition by f.order_id order by f.ordinal rows unbounded preceding) as needed
    from first_pass f
  )
  select c.line_number, c.order_id, c.product_name, c.external_order_id, c.quantity, c.kind, c.return_date,
    c.condition, c.return_fees,
    case when c.outcome = 'new' and c.needed > c.remaining then 'too_many' else c.outcome end,
    case
      when c.error is not null then c.error
      when c.outcome = 'invalid' then 'Return date must be between the order date and today.'
      when c.outcome = 'unknown_order' then format('No %s order %s has SKU %s.', classify_return_lines.platform,
        c.external_order_id, c.sku)
      when c.outcome = 'already_imported' then 'Already imported.'
      when c.outcome = 'duplicate' then format('Same order, SKU, kind, date and condition as line %s.', c.first_line)
      when c.outcome = 'not_returnable' then case c.status
        when 'Returned' then 'Every unit of this order has already been returned.'
        else format('Only shipped orders (Fulfilled or Partially returned) can be returned; this one is %s.', c.status)
      end
      when c.needed > c.remaining then format('Only %s units of this order can still be returned.',
        greatest(c.remaining - (c.needed - c.quantity), 0))
    end,
    c.sku
  from counted c
  order by c.ordinal
$$;

-- preview_returns_import ------------------------------------------------------------------------
-- Security definer only to reach the private helpers; reads only the caller's rows; writes nothing.
create function public.preview_returns_import(platform text, lines jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(preview_returns_import.platform);
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object('line_number', c.line_number, 'outcome', c.outcome, 'message', c.message,
      'product_name', c.product_name, 'external_order_id', c.external_order_id, 'kind', c.kind,
      'condition', c.condition, 'quantity', c.quantity, 'return_date', c.return_date, 'sku', c.sku))
    from private.classify_return_lines(v_user_id, v_platform, preview_returns_import.lines) c
  ), '[]'::jsonb);
end;
$$;
comment on function public.preview_returns_import is
  'For each returns report line, in line order, what import_returns would do with it now: [{line_number, outcome (new, already_imported, duplicate, unknown_order, not_returnable, too_many or invalid), message, product_name, external_order_id, kind, condition, quantity, return_date, sku (as the line gives it)}]. Writes nothing.';
revoke all on function public.preview_returns_import(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.preview_returns_import(text, jsonb) to authenticated;

-- import_returns --------------------------------------------------------------------------------
-- With a request_id (00_setup.sql), a repeat returns the first call's counts and writes nothing.
create function public.import_returns(platform text, lines jsonb, request_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(import_returns.platform);
  v_order_ids uuid[];
  v_events private.return_event[];
  v_skipped integer;
  v_refusal text;
  v_result jsonb;
begin
  v_result := private.replayed_result(v_user_id, import_returns.request_id, 'import_returns');
  if v_result is not null then
    return v_result;
  end if;
  -- The orders the lines name, their products first then the orders, each in one fixed order,
  -- before the lines are classified for good: a return, cancel or sale racing with the import
  -- waits. The orders are found by the classification itself (one rule for which order a line
  -- names; its lookups go by the order-line key), then locked through a join to their ids: a
  -- filter `id = any (ids)` searched the 10,000-id list once per row.
  select coalesce(array_agg(distinct c.sales_order_id) filter (where c.sales_order_id is not null), '{}')
  into v_order_ids
  from private.classify_return_lines(v_user_id, v_platform, import_returns.lines) c;
  perform 1 from public.products p
  where p.user_id = v_user_id and p.id in (
    -- a combo's parts (channels.sql)
    select s.product_id from public.sales_orders o join unnest(v_order_ids) i (id) on i.id = o.id
    cross join lateral private.stock_parts(o.product_id) s)
  order by p.id
  for update of p;
  perform 1 from public.sales_orders o
  join unnest(v_order_ids) i (id) on i.id = o.id
  where o.user_id = v_user_id
  order by o.id
  for update of o;

  select
    coalesce(array_agg(row(c.sales_order_id, c.kind,
        case when c.condition = 'sellable' then c.quantity else 0 end,
        case when c.condition = 'damaged' then c.quantity else 0 end,
        case when c.condition = 'wrong_item' then c.quantity else 0 end,
        case when c.condition = 'missing' then c.quantity else 0 end,
        c.return_fees, null, c.return_date, c.condition)::private.return_event
      order by c.position) filter (where c.outcome = 'new'), '{}'),
    count(*) filter (where c.outcome in ('already_imported', 'duplicate')),
    (array_agg(format('Line %s: %s', c.line_number, c.message) order by c.position)
      filter (where c.outcome not in ('new', 'already_imported', 'duplicate')))[1]
  into v_events, v_skipped, v_refusal
  from private.classify_return_lines(v_user_id, v_platform, import_returns.lines)
    with ordinality as c (line_number, sales_order_id, product_name, external_order_id, quantity, kind, return_date,
      condition, return_fees, outcome, message, sku, position);
  if v_refusal is not null then
    raise exception '%', v_refusal;
  end if;

  perform 1 from private.record_returns(v_user_id, v_events);
  v_result := jsonb_build_object('created', cardinality(v_events), 'skipped', v_skipped);
  perform private.remember_result(v_user_id, import_returns.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.import_returns is
  'Commits returns report lines ({external_order_id, sku, quantity, kind rto or customer_return, return_date, optional condition sellable (default), damaged, wrong_item or missing, optional return_fees, optional line}, at most 5000) as returns in one transaction: lines already imported (same order, kind, return date and condition) are skipped; any refused line (named by its line number) writes nothing. Returns {created, skipped}. A repeated request_id returns the first call''s counts and writes nothing.';
revoke all on function public.import_returns(text, jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.import_returns(text, jsonb, uuid) to authenticated;

-- dashboard_returns(period) ---------------------------------------------------------------------
-- The dashboard's returns panel: per platform, of the units sold in the period (by order date;
-- cancelled orders aside), the share that came back and the share that came back as RTO; the five
-- products with the most units back; and the claims whose deadline is within 3 days in India (or
-- past) that are still Open or Filed. Units sold are the kept totals' units plus the returned
-- units, which come from the few orders anything came back from (sales_orders_returned_idx).
create function public.dashboard_returns(period text) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_today date := rules.india_day(now());
  v_from date;
begin
  select p.from_day into v_from from rules.dashboard_period(dashboard_returns.period, v_today) p;
  return (
    with returned_orders as (
      select o.id, o.platform, o.product_id, o.product_name, o.returned_quantity
      from public.sales_orders o
      where o.user_id = (select auth.uid()) and o.returned_quantity > 0
        and (v_from is null or o.order_date >= rules.india_day_start(v_from))
    ),
    kept as (
      select t.platform, sum(t.units) as units
      from public.sales_by_day t
      where t.user_id = (select auth.uid()) and (v_from is null or t.day >= v_from)
      group by t.platform
    ),
    back as (
      select r.platform, sum(r.returned_quantity) as returned_units,
        coalesce(sum((select sum(s.sellable + s.damaged + s.wrong_item + s.missing) from public.sales_returns s
                       where s.sales_order_id = r.id and s.kind = 'rto')), 0) as rto_units
      from returned_orders r
      group by r.platform
    ),
    rates as (
      select coalesce(k.platform, b.platform) as platform,
        coalesce(k.units, 0) + coalesce(b.returned_units, 0) as units_sold,
        coalesce(b.returned_units, 0) as returned_units, coalesce(b.rto_units, 0) as rto_units
      from kept k full join back b on b.platform = k.platform
    )
    select jsonb_build_object(
      'period', dashboard_returns.period,
      'by_platform', (
        select coalesce(jsonb_agg(jsonb_build_object('platform', r.platform, 'units_sold', r.units_sold,
          'returned_units', r.returned_units, 'rto_units', r.rto_units,
          'return_rate_percent', round(r.returned_units * 100.0 / nullif(r.units_sold, 0), 1),
          'rto_rate_percent', round(r.rto_units * 100.0 / nullif(r.units_sold, 0), 1)) order by r.platform), '[]'::jsonb)
        from rates r where r.units_sold > 0),
      'most_returned', (
        select coalesce(jsonb_agg(to_jsonb(m) order by m.returned_units desc, m.product_name), '[]'::jsonb)
        from (
          select r.product_id, max(r.product_name) as product_name, sum(r.returned_quantity) as returned_units
          from returned_orders r group by r.product_id
          order by 3 desc, 2 limit 5
        ) m),
      'claims_due', (
        select coalesce(jsonb_agg(to_jsonb(c) order by c.deadline, c.id), '[]'::jsonb)
        from (
          select c.id, c.sales_order_id, o.product_name, o.platform, o.external_order_id, c.reason, c.units,
            c.status, c.deadline, c.deadline - v_today as days_left
          from public.return_claims c
          join public.sales_orders o on o.id = c.sales_order_id
          where c.user_id = (select auth.uid()) and c.status in ('Open', 'Filed') and c.deadline <= v_today + 3
          order by c.deadline, c.id
          limit 50
        ) c)
    )
  );
end;
$$;
comment on function public.dashboard_returns is
  'The returns panel for a period (as dashboard_panels): by_platform [{platform, units_sold, returned_units, rto_units, return_rate_percent, rto_rate_percent}] by order date, most_returned (top 5 products by units returned) and claims_due (Open or Filed claims with a deadline within 3 days in India or past, at most 50: {id, sales_order_id, product_name, platform, external_order_id, reason, units, status, deadline, days_left}).';
revoke all on function public.dashboard_returns(text) from public, anon, authenticated, service_role;
grant execute on function public.dashboard_returns(text) to authenticated;

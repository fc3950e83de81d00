-- Marketplace settlements (issue 30): the lines of Amazon's, Flipkart's and Myntra's payment files,
-- matched to the marketplace orders they pay, and each order reconciled: what the owner expected,
-- what was settled, the difference and a payment status; and actual profit beside the estimate.
--
-- Lines are kept as the files give them (one row per line, unmatched ones too) and matched at read
-- time, by (user, platform, external_order_id) on an index: an order imported after its settlement
-- is matched the moment it exists, with no stored match to go stale.
--
-- A marketplace order is every sales order line of one (platform, external_order_id): fees and
-- payments are per order. Brand Website orders are paid through the shop's own gateway, not a
-- marketplace settlement, and are not reconciled. An order whose every line was cancelled and that
-- has no settlement line is not listed (nothing was expected nor paid).
--
-- Clients read their lines through row-level security; only import_settlement writes them.

create table public.settlement_lines (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  platform public.sales_platform not null,
  settlement_id text not null
    constraint settlement_lines_settlement_id_check check (length(settlement_id) between 1 and 100),
  -- Null for a line of no order (a subscription or storage fee): kept, never matched.
  external_order_id text constraint settlement_lines_external_order_id_check check (length(external_order_id) between 1 and 100),
  sku text constraint settlement_lines_sku_check check (length(sku) <= 64),
  posted_date date not null,
  category public.settlement_category not null,
  -- Signed rupees as the marketplace file has them: credits positive, fees and withholdings negative.
  amount numeric(14, 2) not null constraint settlement_lines_amount_check check (amount between -1000000000 and 1000000000),
  description text constraint settlement_lines_description_check check (length(description) <= 500),
  -- The line's own identity within its settlement (private.settlement_line_key): importing the same
  -- file again finds every line already there.
  line_key text not null,
  created_at timestamptz not null default now(),
  constraint settlement_lines_line_key unique (user_id, platform, settlement_id, line_key)
);
comment on table public.settlement_lines is
  'Marketplace settlement lines (payments, fees, withholdings, refunds) per user, matched at read time to the sales orders of the same platform and external order id.';
comment on column public.settlement_lines.amount is 'Signed rupees: credits positive, fees and withholdings negative.';
comment on column public.settlement_lines.line_key is
  'md5 of the line''s order id, SKU, category, description, posted date, amount and its occurrence among identical lines of its import call.';

-- Matching: an order's lines, and an order line's settlement lines, by the marketplace order id.
create index settlement_lines_order_idx on public.settlement_lines (user_id, platform, external_order_id);
-- The lines of no order in the workspace, newest first (list_unmatched_settlement_lines).
create index settlement_lines_posted_idx on public.settlement_lines (user_id, posted_date desc, id desc);

alter table public.settlement_lines enable row level security;
create policy "Owners can read their settlement lines" on public.settlement_lines
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.settlement_lines from public, anon, authenticated, service_role;
grant select on public.settlement_lines to authenticated;
grant all on public.settlement_lines to service_role;
-- Not in the realtime publication: only the owner's own import adds lines, and the app refetches
-- the Payments queries after it; a 100,000-line settlement would otherwise be 100,000 messages.

-- Reconciliation ------------------------------------------------------------------------------------
-- One row per marketplace order (user, platform, external_order_id): its order lines' figures and its
-- settlement lines' figures, the status and actual profit by the rules (02_rules.sql). A view, so a
-- query filtering it on one order's key reads that order's rows only (Postgres pushes the key into
-- the grouping); the settlement lines are aggregated per order through the index.
create view private.marketplace_order_reconciliation as
select t.user_id, t.platform, t.external_order_id, t.order_date, t.product_names, t.live, t.order_lines,
  t.expected, t.recorded_fees, t.cost_of_goods, t.return_fees, t.reimbursed, t.return_cost,
  t.estimated_profit, p.settlement_lines, p.settled, p.settled - t.expected as difference, p.fees_charged,
  p.tcs, p.tds, p.last_posted_date, d.due_day,
  rules.settlement_status(p.settlement_lines, p.settled - t.expected, d.due_day,
    rules.india_day(now())) as status,
  -- The payout carries the GST the buyer paid, which the seller owes the government (issue 31): the
  -- actual profit counts the payout without it, as the estimate counts the taxable value.
  rules.actual_profit(p.settlement_lines, p.settled - t.gst, t.cost_of_goods, t.return_fees, p.return_fee_settled,
    t.reimbursed, p.reimbursement_settled) as actual_profit,
  t.gst
from (
  select o.user_id, o.platform, o.external_order_id,
    max(o.order_date) as order_date,
    array_agg(o.product_name order by o.product_name) as product_names,
    bool_or(o.status <> 'Cancelled') as live,
    count(*) as order_lines,
    sum(rules.expected_payout(o.status, o.quantity, o.returned_quantity, o.total_amount, o.refunded_amount,
      o.fees, o.return_fees)) as expected,
    sum(o.fees) filter (where o.status <> 'Cancelled') as recorded_fees,
    -- Unknown (null), and so the actual and estimated profit, when a live line's cost is (issue 33):
    -- a sum would skip that line and overstate the profit.
    case when bool_and(o.unit_cost is not null) filter (where o.status <> 'Cancelled') is not false then
      coalesce(sum(round(o.unit_cost * (o.quantity - o.restocked_quantity), 2)) filter (where o.status <> 'Cancelled'), 0)
    end as cost_of_goods,
    sum(o.return_fees) as return_fees,
    sum(o.reimbursed) as reimbursed,
    sum(rules.return_cost(o.unit_cost, o.returned_quantity, o.restocked_quantity, o.return_fees, o.reimbursed))
      as return_cost,
    case when sum((rules.kept_sale(o.status, o.quantity, o.returned_quantity, o.total_amount, o.refunded_amount, o.fees,
      o.profit_after_returns)).orders_without_cost) = 0 then
      sum((rules.kept_sale(o.status, o.quantity, o.returned_quantity, o.total_amount, o.refunded_amount, o.fees,
        o.profit_after_returns)).profit)
    end as estimated_profit,
    -- The GST in what the order kept after its returns.
    coalesce(sum((o.total_amount - o.refunded_amount) - (o.taxable_value - o.refunded_taxable_value))
      filter (where o.status <> 'Cancelled'), 0) as gst
  from public.sales_orders o
  -- A direct order with a customer is that customer's to pay (receivables.sql), not a settlement's.
  where o.external_order_id is not null and o.platform <> 'Brand Website' and o.customer_id is null
  group by o.user_id, o.platform, o.external_order_id
) t
cross join lateral (
  select count(*) as settlement_lines,
    -- TCS and TDS withheld count as paid: they are the seller's tax credit, claimed back (the
    -- summary shows them), so withholding alone never makes an order Short paid.
    coalesce(sum(s.amount), 0) - coalesce(sum(s.amount) filter (where s.category in ('tcs', 'tds')), 0) as settled,
    coalesce(-sum(s.amount) filter (where s.category = any (rules.settlement_fee_categories())), 0) as fees_charged,
    coalesce(-sum(s.amount) filter (where s.category = 'tcs'), 0) as tcs,
    coalesce(-sum(s.amount) filter (where s.category = 'tds'), 0) as tds,
    coalesce(bool_or(s.category = 'return_fee'), false) as return_fee_settled,
    coalesce(bool_or(s.category = 'reimbursement'), false) as reimbursement_settled,
    max(s.posted_date) as last_posted_date
  from public.settlement_lines s
  where s.user_id = t.user_id and s.platform = t.platform and s.external_order_id = t.external_order_id
) p
cross join lateral (
  select rules.payment_due_day(t.order_date, (
    select f.payment_cycle_days from public.platform_fees f where f.user_id = t.user_id and f.platform = t.platform
  )) as due_day
) d;
comment on view private.marketplace_order_reconciliation is
  'Per marketplace order (user, platform, external order id; Brand Website aside): expected, settled, difference, status, fees recorded and charged, TCS, TDS, estimated and actual profit (both without the GST in the order: gst; both null when a line''s cost is unknown).';
revoke all on private.marketplace_order_reconciliation from public, anon, authenticated, service_role;

-- The statuses list_reconciliation filters by, in the order the app shows them. (The field is an
-- argument, not a literal, so that planning the refusal never runs it: see private.optional_order_day.)
create function private.require_settlement_status(value text, field text) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is not null
    and value not in ('Settled', 'Short paid', 'Over paid', 'Awaiting payment', 'Overdue') then
    perform private.raise_input_error(
      'Status must be one of: Settled, Short paid, Over paid, Awaiting payment, Overdue.', field);
  end if;
  return value;
end;
$$;

-- The count and page statements of list_reconciliation, values as literals (as
-- private.sales_order_list_sql). Orders are walked newest first through their newest order line
-- (the "head": no line of the same order is newer), so the first page of an unfiltered list reads
-- about a page of orders, not all of them; a status filter or a sort by difference computes each
-- order it passes.
create function private.reconciliation_list_sql(
  p_user_id uuid,
  p_status text,
  p_platform public.sales_platform,
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
  -- The heads: the caller's marketplace orders, each through its newest line.
  v_where text := format('h.user_id = %L and h.external_order_id is not null and h.platform <> ''Brand Website''',
    p_user_id);
  v_direction text := case when p_ascending then 'asc' else 'desc' end;
  v_listed text;
begin
  perform private.require_page(p_sort_by, array['order_date', 'difference'], p_page_size, p_page_offset);
  if p_platform is not null then
    v_where := v_where || format(' and h.platform = %L::public.sales_platform', p_platform);
  end if;
  if p_date_from is not null then
    v_where := v_where || format(' and h.order_date >= %L::timestamptz', p_date_from);
  end if;
  if p_date_to is not null then
    v_where := v_where || format(' and h.order_date < %L::timestamptz', p_date_to);
  end if;
  v_where := v_where || ' and not exists (select 1 from public.sales_orders n where n.user_id = h.user_id'
    || ' and n.platform = h.platform and n.external_order_id = h.external_order_id'
    || ' and (n.order_date > h.order_date or (n.order_date = h.order_date and n.id > h.id)))';
  -- A status filter first narrows the orders through the index, by the rule's own first branch
  -- (rules.settlement_status: with settlement lines Settled, Short paid or Over paid; without,
  -- Awaiting payment or Overdue). An unpaid order's status needs only its newest line's date and
  -- the platform's cycle, so those two statuses never compute an order they do not list.
  if p_status in ('Awaiting payment', 'Overdue') then
    v_where := v_where
      || ' and not exists (select 1 from public.settlement_lines s where s.user_id = h.user_id'
      || ' and s.platform = h.platform and s.external_order_id = h.external_order_id)'
      || format(' and rules.settlement_status(0, 0, rules.payment_due_day(h.order_date, (select f.payment_cycle_days'
      || ' from public.platform_fees f where f.user_id = h.user_id and f.platform = h.platform)),'
      || ' rules.india_day(now())) = %L', p_status);
  elsif p_status is not null then
    v_where := v_where
      || ' and exists (select 1 from public.settlement_lines s where s.user_id = h.user_id'
      || ' and s.platform = h.platform and s.external_order_id = h.external_order_id)';
  end if;
  v_listed := 'from public.sales_orders h'
    || ' cross join lateral (select * from private.marketplace_order_reconciliation r where r.user_id = h.user_id'
    -- offset 0 keeps the subquery per order: flattened, the planner groups every order first.
    || ' and r.platform = h.platform and r.external_order_id = h.external_order_id offset 0) r'
    || ' where ' || v_where || ' and (r.live or r.settlement_lines > 0)'
    || case when p_status is null then '' else format(' and r.status = %L', p_status) end;

  if p_status is null or p_status in ('Awaiting payment', 'Overdue') then
    -- Counted in one grouping of the orders' lines (a probe per order was 26 us each, 2.6 s at
    -- 100,000 orders), listed as the view says: a line not cancelled, or a settlement line; an
    -- unpaid status from the order's newest date and the platform's cycle, as above.
    count_sql := format('select count(*) from (select h.platform, h.external_order_id, max(h.order_date) as order_date,'
      || ' bool_or(h.status <> ''Cancelled'') as live from public.sales_orders h where h.user_id = %L'
      || ' and h.external_order_id is not null and h.platform <> ''Brand Website''', p_user_id)
      || case when p_platform is null then '' else format(' and h.platform = %L::public.sales_platform', p_platform) end
      || ' group by h.platform, h.external_order_id) g where true'
      || case when p_date_from is null then '' else format(' and g.order_date >= %L::timestamptz', p_date_from) end
      || case when p_date_to is null then '' else format(' and g.order_date < %L::timestamptz', p_date_to) end
      || case when p_status is null then
           format(' and (g.live or exists (select 1 from public.settlement_lines s where s.user_id = %L'
             || ' and s.platform = g.platform and s.external_order_id = g.external_order_id))', p_user_id)
         else
           format(' and g.live and not exists (select 1 from public.settlement_lines s where s.user_id = %L'
             || ' and s.platform = g.platform and s.external_order_id = g.external_order_id)'
             || ' and rules.settlement_status(0, 0, rules.payment_due_day(g.order_date, (select f.payment_cycle_days'
             || ' from public.platform_fees f where f.user_id = %L and f.platform = g.platform)),'
             || ' rules.india_day(now())) = %L', p_user_id, p_user_id, p_status)
         end;
  else
    count_sql := 'select count(*) ' || v_listed;
  end if;
  page_sql := format(
    'select r.platform, r.external_order_id, r.order_date, r.product_names, r.order_lines, r.expected, r.settled,'
      || ' r.difference, r.status, r.due_day, r.settlement_lines, r.last_posted_date, r.recorded_fees, r.fees_charged,'
      || ' r.tcs, r.tds, r.estimated_profit, r.actual_profit %s order by %s %s, h.order_date %s, h.id %s limit %s offset %s',
    v_listed, case p_sort_by when 'difference' then 'r.difference' else 'h.order_date' end,
    v_direction, v_direction, v_direction, p_page_size, p_page_offset);
  return next;
end;
$$;
comment on function private.reconciliation_list_sql is
  'The count and page statements of list_reconciliation for one user, with its values as literals.';

-- list_reconciliation ----------------------------------------------------------------------------------
-- One page of the caller's marketplace orders with their payment figures, and how many match.
-- Security definer to read through the private view; every statement filters on the caller's id.
create function public.list_reconciliation(
  status text default null,
  platform public.sales_platform default null,
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
-- Bounded by the caller's rows, however large other workspaces grow (as list_sales_orders).
set enable_seqscan = off
set jit = off
as $$
declare
  v_sql record;
  v_total bigint;
  v_rows jsonb;
begin
  select * into v_sql from private.reconciliation_list_sql(
    private.require_user_id(), private.require_settlement_status(list_reconciliation.status, 'status'),
    list_reconciliation.platform, date_from, date_to, sort_by, ascending, page_size, page_offset);
  execute v_sql.count_sql into v_total;
  execute format('select coalesce(jsonb_agg(to_jsonb(r)), ''[]'') from (%s) r', v_sql.page_sql) into v_rows;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;
comment on function public.list_reconciliation is
  'One page of the caller''s marketplace orders ({total, rows}), newest first or by difference: rows {platform, external_order_id, order_date, product_names, order_lines, expected, settled, difference, status, due_day, settlement_lines, last_posted_date, recorded_fees, fees_charged, tcs, tds, estimated_profit, actual_profit}; filter by status (Settled, Short paid, Over paid, Awaiting payment, Overdue), platform and order date range [date_from, date_to).';
revoke all on function public.list_reconciliation(text, public.sales_platform, timestamptz, timestamptz, text, boolean, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.list_reconciliation(text, public.sales_platform, timestamptz, timestamptz, text, boolean, integer, integer)
  to authenticated;

-- reconciliation_summary ---------------------------------------------------------------------------
-- Per platform, for the orders of a dashboard period (rules.dashboard_period, by order day in India):
-- expected and settled; short paid (the shortfall of Short paid orders) and overdue (the expected
-- payout of Overdue orders) with their counts; the fees actually charged against the fees the
-- owner's rates recorded (orders with settlement lines only, so both sides cover the same orders);
-- TCS and TDS withheld; estimated profit, and for the paid orders their estimated and actual
-- profit; and the settlement lines of no order in the workspace posted in the period.
create function public.reconciliation_summary(period text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_from date;
  v_from_time timestamptz;
begin
  select p.from_day into v_from from rules.dashboard_period(reconciliation_summary.period,
    rules.india_day(now())) p;
  v_from_time := rules.india_day_start(v_from);
  return (
    -- Materialized: each order's status and profit computed once, not at every reference.
    with orders as materialized (
      select r.*
      from private.marketplace_order_reconciliation r
      where r.user_id = v_user_id and (r.live or r.settlement_lines > 0)
        and (v_from is null or r.order_date >= v_from_time)
    ),
    by_platform as (
      select o.platform, count(*) as orders,
        sum(o.expected) as expected, sum(o.settled) as settled,
        coalesce(-sum(o.difference) filter (where o.status = 'Short paid'), 0) as short_paid,
        count(*) filter (where o.status = 'Short paid') as short_paid_orders,
        coalesce(sum(o.expected) filter (where o.status = 'Overdue'), 0) as overdue,
        count(*) filter (where o.status = 'Overdue') as overdue_orders,
        count(*) filter (where o.status = 'Awaiting payment') as awaiting_orders,
        count(*) filter (where o.settlement_lines > 0) as paid_orders,
        coalesce(sum(o.fees_charged) filter (where o.settlement_lines > 0), 0) as fees_charged,
        coalesce(sum(o.recorded_fees + o.return_fees) filter (where o.settlement_lines > 0), 0) as fees_at_rates,
        sum(o.tcs) as tcs, sum(o.tds) as tds,
        sum(o.estimated_profit) as estimated_profit,
        coalesce(sum(o.estimated_profit) filter (where o.settlement_lines > 0), 0) as estimated_profit_paid,
        coalesce(sum(o.actual_profit), 0) as actual_profit,
        -- left out of both profits (issue 33)
        count(*) filter (where o.live and o.cost_of_goods is null) as orders_without_cost
      from orders o
      group by o.platform
    ),
    unmatched as (
      select s.platform, count(*) as unmatched_lines, sum(s.amount) as unmatched_amount
      from public.settlement_lines s
      where s.user_id = v_user_id and (v_from is null or s.posted_date >= v_from)
        and not exists (select 1 from public.sales_orders o where o.user_id = s.user_id and o.platform = s.platform
                          and o.external_order_id = s.external_order_id)
      group by s.platform
    )
    select coalesce(jsonb_agg(jsonb_build_object(
        'platform', coalesce(b.platform, u.platform),
        'orders', coalesce(b.orders, 0), 'expected', coalesce(b.expected, 0), 'settled', coalesce(b.settled, 0),
        'short_paid', coalesce(b.short_paid, 0), 'short_paid_orders', coalesce(b.short_paid_orders, 0),
        'overdue', coalesce(b.overdue, 0), 'overdue_orders', coalesce(b.overdue_orders, 0),
        'awaiting_orders', coalesce(b.awaiting_orders, 0), 'paid_orders', coalesce(b.paid_orders, 0),
        'fees_charged', coalesce(b.fees_charged, 0), 'fees_at_rates', coalesce(b.fees_at_rates, 0),
        'tcs', coalesce(b.tcs, 0), 'tds', coalesce(b.tds, 0),
        'estimated_profit', coalesce(b.estimated_profit, 0),
        'estimated_profit_paid', coalesce(b.estimated_profit_paid, 0),
        'actual_profit', coalesce(b.actual_profit, 0),
        'orders_without_cost', coalesce(b.orders_without_cost, 0),
        'unmatched_lines', coalesce(u.unmatched_lines, 0), 'unmatched_amount', coalesce(u.unmatched_amount, 0))
      order by coalesce(b.platform, u.platform)), '[]'::jsonb)
    from by_platform b
    full join unmatched u on u.platform = b.platform
  );
end;
$$;
comment on function public.reconciliation_summary is
  'Per platform for a period (this_month, last_30_days, this_financial_year, all_time; orders by India order day): [{platform, orders, expected, settled, short_paid, short_paid_orders, overdue, overdue_orders, awaiting_orders, paid_orders, fees_charged, fees_at_rates (recorded fees + return fees of the paid orders), tcs, tds, estimated_profit, estimated_profit_paid, actual_profit, orders_without_cost (live orders with a line of unknown cost, left out of the profits), unmatched_lines, unmatched_amount}].';
revoke all on function public.reconciliation_summary(text) from public, anon, authenticated, service_role;
grant execute on function public.reconciliation_summary(text) to authenticated;

-- profit_leaks --------------------------------------------------------------------------------------
-- Where money leaks, for the orders of a period: orders where the marketplace charged more fees than
-- the owner's rates recorded (fees_charged - fees at rates > Rs 1), overdue payments, and orders whose
-- returns cost money (rules.return_cost > 0). At most 20 of each kind, largest amount first.
create function public.profit_leaks(period text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_from date;
  v_from_time timestamptz;
begin
  select p.from_day into v_from from rules.dashboard_period(profit_leaks.period,
    rules.india_day(now())) p;
  v_from_time := rules.india_day_start(v_from);
  return (
    -- Materialized: each order's status and profit computed once, not at every reference.
    with orders as materialized (
      select r.*
      from private.marketplace_order_reconciliation r
      where r.user_id = v_user_id and (r.live or r.settlement_lines > 0)
        and (v_from is null or r.order_date >= v_from_time)
    ),
    leaks as (
      select 'fees_over_rates' as kind, o.platform, o.external_order_id, o.order_date, o.product_names,
        o.fees_charged - (o.recorded_fees + o.return_fees) as amount, o.status
      from orders o
      where o.settlement_lines > 0 and o.fees_charged - (o.recorded_fees + o.return_fees) > 1
      union all
      select 'overdue', o.platform, o.external_order_id, o.order_date, o.product_names, o.expected, o.status
      from orders o where o.status = 'Overdue'
      union all
      -- A customer's overdue invoice or direct order (receivables.sql), for what is still due on it:
      -- it leaves the list once paid.
      -- An order without its own number is named by its id's first characters, one row each.
      select 'overdue', 'Other'::public.sales_platform,
        coalesce(r.number, 'Direct order ' || upper(left(r.document_id::text, 8))),
        rules.india_day_start(r.document_date),
        r.product_names, r.due, r.status
      from private.customer_receivables r
      where r.user_id = v_user_id and r.status = 'Overdue' and (v_from is null or r.document_date >= v_from)
      union all
      select 'return_cost', o.platform, o.external_order_id, o.order_date, o.product_names, o.return_cost, o.status
      from orders o where o.return_cost > 0
    ),
    ranked as (
      select l.*, row_number() over (partition by l.kind order by l.amount desc, l.order_date desc) as rank
      from leaks l
    )
    select coalesce(jsonb_agg(jsonb_build_object('kind', r.kind, 'platform', r.platform,
        'external_order_id', r.external_order_id, 'order_date', r.order_date, 'product_names', r.product_names,
        'amount', r.amount, 'status', r.status) order by r.kind, r.rank), '[]'::jsonb)
    from ranked r
    where r.rank <= 20
  );
end;
$$;
comment on function public.profit_leaks is
  'For a period (as reconciliation_summary): at most 20 orders of each kind, largest first: fees_over_rates (fees charged in settlements exceed recorded fees + return fees by more than Rs 1; amount the excess), overdue (amount the expected payout; for a customer''s overdue invoice or direct order, platform Other, its number and what is still due) and return_cost (amount its returns'' cost): [{kind, platform, external_order_id, order_date, product_names, amount, status}].';
revoke all on function public.profit_leaks(text) from public, anon, authenticated, service_role;
grant execute on function public.profit_leaks(text) to authenticated;

-- order_payment_statuses ---------------------------------------------------------------------------
-- The payment status of the marketplace orders of some sales order lines (a page of Sales Orders:
-- at most 1000 ids): {sales order id: status} for each line of the caller's that belongs to a
-- reconciled marketplace order (not a hand-logged sale, a Brand Website order, or a cancelled
-- order never paid).
create function public.order_payment_statuses(order_ids uuid[]) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
declare
  v_user_id uuid := private.require_user_id();
begin
  if cardinality(order_payment_statuses.order_ids) > 1000 then
    raise exception 'At most 1000 orders at once.' using errcode = '22023';
  end if;
  return coalesce((
    select jsonb_object_agg(o.id, r.status)
    from public.sales_orders o
    cross join lateral (
      select * from private.marketplace_order_reconciliation r
      where r.user_id = o.user_id and r.platform = o.platform and r.external_order_id = o.external_order_id
      offset 0
    ) r
    where o.user_id = v_user_id and o.id = any (order_payment_statuses.order_ids)
      and (r.live or r.settlement_lines > 0)
  ), '{}'::jsonb) || coalesce((
    -- A customer's order: the status of its invoice, or of the order itself when not invoiced.
    select jsonb_object_agg(o.id, r.status)
    from public.sales_orders o
    left join public.invoice_lines l on l.sales_order_id = o.id
    cross join lateral (
      select r.status from private.customer_receivables r
      where r.user_id = o.user_id and r.document_id = coalesce(l.invoice_id, o.id)
      offset 0
    ) r
    where o.user_id = v_user_id and o.id = any (order_payment_statuses.order_ids)
  ), '{}'::jsonb);
end;
$$;
comment on function public.order_payment_statuses is
  'For at most 1000 of the caller''s sales order ids, {id: payment status} of each one''s marketplace order (Settled, Short paid, Over paid, Awaiting payment, Overdue), or of a customer''s order, by its invoice or itself (Paid, Part paid, Due, Overdue); lines of neither are left out.';
revoke all on function public.order_payment_statuses(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.order_payment_statuses(uuid[]) to authenticated;

-- list_unmatched_settlement_lines --------------------------------------------------------------------
-- The caller's settlement lines that name no order of the workspace (yet), newest posted first.
create function public.list_unmatched_settlement_lines(
  platform public.sales_platform default null,
  page_size integer default 25,
  page_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set jit = off
as $$
declare
  v_user_id uuid := private.require_user_id();
begin
  perform private.require_page('posted_date', array['posted_date'], page_size, page_offset);
  return (
    with unmatched as (
      select s.*
      from public.settlement_lines s
      where s.user_id = v_user_id
        and (list_unmatched_settlement_lines.platform is null or s.platform = list_unmatched_settlement_lines.platform)
        and not exists (select 1 from public.sales_orders o where o.user_id = s.user_id and o.platform = s.platform
                          and o.external_order_id = s.external_order_id)
    )
    select jsonb_build_object(
      'total', (select count(*) from unmatched),
      'rows', coalesce((
        select jsonb_agg(jsonb_build_object('id', u.id, 'platform', u.platform, 'settlement_id', u.settlement_id,
            'external_order_id', u.external_order_id, 'sku', u.sku, 'posted_date', u.posted_date,
            'category', u.category, 'amount', u.amount, 'description', u.description)
          order by u.posted_date desc, u.id desc)
        from (select * from unmatched order by posted_date desc, id desc
              limit list_unmatched_settlement_lines.page_size
              offset list_unmatched_settlement_lines.page_offset) u), '[]'::jsonb))
  );
end;
$$;
comment on function public.list_unmatched_settlement_lines is
  'One page of the caller''s settlement lines that match no sales order of theirs (yet), newest posted first: {total, rows [{id, platform, settlement_id, external_order_id, sku, posted_date, category, amount, description}]}.';
revoke all on function public.list_unmatched_settlement_lines(public.sales_platform, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.list_unmatched_settlement_lines(public.sales_platform, integer, integer)
  to authenticated;

-- Importing settlement files ------------------------------------------------------------------------
-- Lines are {settlement_id, external_order_id (null or absent: a line of no order), sku?, posted_date
-- (YYYY-MM-DD), category (public.settlement_category), amount (signed rupees, at most 2 decimals),
-- description?, line? (the file's row number messages name; default the position)}. The contract of
-- import_sales_orders: at most 10,000 lines a call, a preview that writes nothing and an import
-- that commits all or nothing from the same classification, each refusal naming its line.
--
-- The same line: (user, platform, settlement_id, line key), the key an md5 of the line's order id,
-- SKU (lower case), category, description, posted date, amount (2 decimals) and its occurrence
-- among identical lines of the same settlement in the call (1 for the first). Two identical lines
-- in one file are two lines (a file may charge the same fee twice); the same file imported again
-- gives every line the key it had. (A file sent in parts must keep identical lines of one
-- settlement in the same part; the app's parts are consecutive rows, and identical lines are
-- adjacent in the marketplaces' files.)

-- The whole of a call's input: a list of at most 10,000 lines.
create function private.require_settlement_lines(lines jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(lines) is distinct from 'array' then
    raise exception 'Lines must be a list of settlement lines.';
  end if;
  if jsonb_array_length(lines) > 10000 then
    raise exception 'At most 10000 lines can be imported at once; this has %.', jsonb_array_length(lines);
  end if;
  return lines;
end;
$$;

-- latest_posted_date: the last day a line may be posted (tomorrow in India), worked out once per
-- call by its caller rather than once per line (a 2,500-line part spent a fifth of its time on it).
create function private.parse_settlement_line(line jsonb, line_position integer, latest_posted_date date)
returns table (
  line_number integer,
  settlement_id text,
  external_order_id text,
  sku text,
  posted_date date,
  category public.settlement_category,
  amount numeric,
  description text,
  error text
)
language plpgsql stable
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
    if jsonb_typeof(line -> 'settlement_id') not in ('string', 'number') then
      raise exception 'Settlement id is required.';
    end if;
    settlement_id := private.require_text(line ->> 'settlement_id', 'Settlement id', 100);
    if coalesce(jsonb_typeof(line -> 'external_order_id'), 'null') not in ('null', 'string', 'number') then
      raise exception 'Order id must be text.';
    end if;
    external_order_id := private.optional_text(line ->> 'external_order_id', 'Order id', 100);
    if coalesce(jsonb_typeof(line -> 'sku'), 'null') not in ('null', 'string', 'number') then
      raise exception 'SKU must be text.';
    end if;
    sku := private.optional_text(line ->> 'sku', 'SKU', 64);
    if jsonb_typeof(line -> 'posted_date') is distinct from 'string'
      or line ->> 'posted_date' !~ '^\d{4}-\d{2}-\d{2}$' then
      raise exception 'Posted date must be a date (YYYY-MM-DD).';
    end if;
    begin
      posted_date := (line ->> 'posted_date')::date;
    exception when data_exception then
      raise exception 'Posted date must be a date (YYYY-MM-DD).';
    end;
    if posted_date < '2000-01-01' or posted_date > latest_posted_date then
      raise exception 'Posted date must be between 2000-01-01 and today.';
    end if;
    if jsonb_typeof(line -> 'category') is distinct from 'string'
      or not (line ->> 'category') = any (enum_range(null::public.settlement_category)::text[]) then
      raise exception 'Category must be one of: %.', array_to_string(enum_range(null::public.settlement_category), ', ');
    end if;
    category := (line ->> 'category')::public.settlement_category;
    amount := private.require_decimals(
      private.require_number(private.json_number(line -> 'amount', 'Amount'), 'Amount', -1000000000), 'Amount', 2);
    if coalesce(jsonb_typeof(line -> 'description'), 'null') not in ('null', 'string') then
      raise exception 'Description must be text.';
    end if;
    description := private.optional_text(line ->> 'description', 'Description', 500);
  exception when raise_exception then
    error := sqlerrm;
  end;
  return next;
end;
$$;

-- What importing `lines` for this user and platform would do, line by line, in line order:
--   invalid           a validator's message
--   already_imported  a line with the same settlement and line key exists (skipped)
--   new               becomes a settlement line of an order in the workspace (matched)
--   unmatched         becomes a settlement line too, kept: no order of this platform has its
--                     order id yet (or it names none); it matches once the order is imported
create function private.classify_settlement_lines(user_id uuid, platform public.sales_platform, lines jsonb)
returns table (
  line_number integer,
  settlement_id text,
  external_order_id text,
  sku text,
  posted_date date,
  category public.settlement_category,
  amount numeric,
  description text,
  line_key text,
  matched boolean,
  outcome text,
  message text
)
language sql stable
set jit = off
set search_path = ''
as $$
  with parsed as (
    select l.ordinal, v.*
    from jsonb_array_elements(private.require_settlement_lines(classify_settlement_lines.lines))
      with ordinality as l (line, ordinal)
    cross join lateral private.parse_settlement_line(l.line, l.ordinal::integer, (select rules.india_day(now()) + 1)) v
  ),
  keyed as (
    select p.*,
      case when p.error is null then md5(concat_ws(chr(31), coalesce(p.external_order_id, ''),
        coalesce(lower(p.sku), ''), p.category::text, coalesce(p.description, ''), p.posted_date::text,
        to_char(p.amount, 'FM9999999990.00'),
        row_number() over (
          partition by p.settlement_id, p.external_order_id, lower(p.sku), p.category, p.description,
            p.posted_date, p.amount
          order by p.ordinal)::text)) end as line_key
    from parsed p
  )
  select k.line_number, k.settlement_id, k.external_order_id, k.sku, k.posted_date, k.category, k.amount,
    k.description, k.line_key,
    m.matched,
    case
      when k.error is not null then 'invalid'
      when exists (select 1 from public.settlement_lines s
                   where s.user_id = classify_settlement_lines.user_id and s.platform = classify_settlement_lines.platform
                     and s.settlement_id = k.settlement_id and s.line_key = k.line_key) then 'already_imported'
      when m.matched then 'new'
      else 'unmatched'
    end,
    case
      when k.error is not null then k.error
      when k.external_order_id is null then 'No order id: kept as a line of the settlement.'
      when not m.matched then format('No %s order %s yet: kept, and matched once the order is imported.',
        classify_settlement_lines.platform, k.external_order_id)
    end
  from keyed k
  cross join lateral (
    select k.error is null and exists (
      select 1 from public.sales_orders o
      where o.user_id = classify_settlement_lines.user_id and o.platform = classify_settlement_lines.platform
        and o.external_order_id = k.external_order_id) as matched
  ) m
  order by k.ordinal
$$;

-- preview_settlement_import ------------------------------------------------------------------------
-- Security definer only to reach the private helpers; reads only the caller's rows; writes nothing.
create function public.preview_settlement_import(platform text, lines jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(preview_settlement_import.platform);
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object('line_number', c.line_number, 'outcome', c.outcome, 'message', c.message,
      'settlement_id', c.settlement_id, 'external_order_id', c.external_order_id, 'category', c.category,
      'amount', c.amount, 'matched', coalesce(c.matched, false)))
    from private.classify_settlement_lines(v_user_id, v_platform, preview_settlement_import.lines) c
  ), '[]'::jsonb);
end;
$$;
comment on function public.preview_settlement_import is
  'For each settlement line, in line order, what import_settlement would do with it now: [{line_number, outcome (new: matches an order; unmatched: kept without an order yet; already_imported: skipped; invalid), message, settlement_id, external_order_id, category, amount, matched}]. Writes nothing.';
revoke all on function public.preview_settlement_import(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.preview_settlement_import(text, jsonb) to authenticated;

-- import_settlement -------------------------------------------------------------------------------
-- With a request_id (00_setup.sql), a repeat returns the first call's counts and writes nothing.
create function public.import_settlement(platform text, lines jsonb, request_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(import_settlement.platform);
  v_lines jsonb;
  v_refusal text;
  v_created integer;
  v_unmatched integer;
  v_result jsonb;
begin
  v_result := private.replayed_result(v_user_id, import_settlement.request_id, 'import_settlement');
  if v_result is not null then
    return v_result;
  end if;
  -- The lines classified once, in line order: those to write, and the first refusal, which ends
  -- the call and writes nothing.
  select
    coalesce(jsonb_agg(to_jsonb(c) order by c.position) filter (where c.outcome in ('new', 'unmatched')), '[]'),
    (array_agg(format('Line %s: %s', c.line_number, c.message) order by c.position)
      filter (where c.outcome = 'invalid'))[1]
  into v_lines, v_refusal
  from private.classify_settlement_lines(v_user_id, v_platform, import_settlement.lines)
    with ordinality as c (line_number, settlement_id, external_order_id, sku, posted_date, category, amount,
      description, line_key, matched, outcome, message, position);
  if v_refusal is not null then
    raise exception '%', v_refusal;
  end if;

  -- A line another call inserted since the classification is skipped as already imported.
  with inserted as (
    insert into public.settlement_lines as s
      (user_id, platform, settlement_id, external_order_id, sku, posted_date, category, amount, description, line_key)
    select v_user_id, v_platform, c.settlement_id, c.external_order_id, c.sku, c.posted_date, c.category, c.amount,
      c.description, c.line_key
    from jsonb_to_recordset(v_lines) as c (settlement_id text, external_order_id text, sku text, posted_date date,
      category public.settlement_category, amount numeric, description text, line_key text, position bigint)
    order by c.position
    on conflict on constraint settlement_lines_line_key do nothing
    returning s.external_order_id
  )
  select count(*), count(*) filter (where not exists (
      select 1 from public.sales_orders o
      where o.user_id = v_user_id and o.platform = v_platform and o.external_order_id = i.external_order_id))
  into v_created, v_unmatched
  from inserted i;

  v_result := jsonb_build_object('created', v_created,
    'skipped', jsonb_array_length(import_settlement.lines) - v_created, 'unmatched', v_unmatched);
  perform private.remember_result(v_user_id, import_settlement.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.import_settlement is
  'Commits marketplace settlement lines ({settlement_id, external_order_id, sku?, posted_date, category, amount, description?, line?}, at most 10000) in one transaction: lines already imported (same platform, settlement and line key) are skipped, lines of no order in the workspace kept as unmatched; any invalid line (named by its line number) writes nothing. Returns {created (including unmatched), skipped, unmatched}. A repeated request_id returns the first call''s counts and writes nothing.';
revoke all on function public.import_settlement(text, jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.import_settlement(text, jsonb, uuid) to authenticated;

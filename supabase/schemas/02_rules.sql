-- The shop's business rules that more than one query applies, each one named function, used by
-- every query that applies it (grep for the name to find them all):
--
--   rules.counted_sale_statuses()   which sales orders count as sales (revenue, units, profit):
--                                   the dashboard, its profit panels and the owner reports;
--   rules.kept_sale(...)            what one order keeps in those figures after its returns
--                                   (orders, units, revenue, fees, profit): the kept totals
--                                   (sales_totals.sql), the panels' period lists, the reports;
--   rules.india_day(at), rules.india_day_start(day)
--                                   the India day: every period, due day and document date;
--   rules.is_low_stock(stock, reorder_point)
--                                   when an item is low on stock: the dashboard, What to buy, the
--                                   low stock filter of the product and material lists, the low
--                                   stock report;
--   rules.product_units(), rules.unit_decimals(unit)
--                                   what a product is counted in (pcs, m, kg) and how many
--                                   decimals its quantities take (pieces whole).
--
-- What one unit of a product costs to make is a set, not a scalar: it is defined once, as the
-- view public.product_unit_costs (products.sql), which every reader joins.
--
-- A schema of its own, not `private`: the dashboard, What to buy and the views are security
-- invoker and run as the signed-in user, who may not use `private` (nor execute its helpers). The
-- functions here read no table and change nothing, so authenticated may call them; the API does
-- not expose the schema (PostgREST serves `public` only).
create schema rules;
comment on schema rules is
  'The shop''s business rules as pure functions, for every query that applies them; not exposed through the API.';
grant usage on schema rules to authenticated;
-- products.low_stock is computed by rules.is_low_stock on every write of a product row, whoever
-- writes it: the service role (the Edge Function, an admin) writes products too.
grant usage on schema rules to service_role;

-- The India day (Asia/Kolkata, UTC+5:30 all year): every period, due day, document date and "not
-- in the future" check counts in it, whatever the server's time zone. Today is india_day(now()).
create function rules.india_day(at timestamptz) returns date
language sql
immutable
parallel safe
set search_path = ''
as $$
  select (india_day.at at time zone 'Asia/Kolkata')::date
$$;
comment on function rules.india_day is 'The India day a moment falls on.';

create function rules.india_day_start(day date) returns timestamptz
language sql
immutable
parallel safe
set search_path = ''
as $$
  select india_day_start.day::timestamp at time zone 'Asia/Kolkata'
$$;
comment on function rules.india_day_start is 'The moment an India day begins (its midnight in India).';

-- An explicit allow-list: a status it does not name never counts, so a status added to
-- public.sales_order_status later counts as a sale only once someone adds it here
-- (supabase/tests/database/business_rules.test.sql fails until every status is decided).
-- A list rather than a predicate on one status: immutable and without arguments, it is evaluated
-- once when a query is planned (`o.status = any (rules.counted_sale_statuses())` plans exactly as
-- `o.status in ('Unfulfilled', 'Fulfilled')`, with the column's statistics), where a predicate
-- function would run for every order (its pinned search_path keeps Postgres from inlining it).
create function rules.counted_sale_statuses() returns public.sales_order_status[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array['Unfulfilled', 'Fulfilled', 'Partially returned']::public.sales_order_status[]
$$;
comment on function rules.counted_sale_statuses is
  'The sales order statuses that count as a sale (in orders, revenue, units and profit): Unfulfilled, Fulfilled and Partially returned (its kept units). Cancelled orders earned nothing; a fully Returned order is no sale (rules.kept_sale keeps only its loss); any other status does not count until it is added here.';

-- What one order keeps in the sales figures after its returns (issue 29): a counted order
-- (rules.counted_sale_statuses) is one order with its kept units (quantity - returned_quantity),
-- its kept revenue (total_amount - refunded_amount), its fees as recorded and its profit after
-- returns; a fully Returned order is no order, no units and no revenue, but its loss (the forward
-- fees, the return's fees, the cost of the units that did not come back sellable, less what was
-- reimbursed) stays in profit; any other status (Cancelled) keeps nothing (kept = false). Scalars,
-- not a sales_orders row: the rules come before the tables. With nothing returned it is exactly
-- the order's recorded figures. An order whose cost was unknown at sale (issue 33: unit_cost, and
-- so profit after returns, null) keeps a null profit, which every sum leaves out, and says so:
-- orders_without_cost 1 and its kept revenue again as revenue_without_cost, so that a margin is
-- profit over the revenue of the orders whose cost is known (revenue - revenue_without_cost).
create function rules.kept_sale(
  status public.sales_order_status,
  quantity integer,
  returned_quantity integer,
  total_amount numeric,
  refunded_amount numeric,
  recorded_fees numeric,
  profit_after_returns numeric,
  out kept boolean,
  out orders integer,
  out units integer,
  out revenue numeric,
  out fees numeric,
  out profit numeric,
  out orders_without_cost integer,
  out revenue_without_cost numeric
)
-- PL/pgSQL, not SQL: the kept totals' trigger calls it for every order a statement changes, and a
-- SQL function not inlined (its pinned search_path prevents that) is planned again at every sale;
-- PL/pgSQL keeps its expressions' plans for the session.
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_counted boolean := kept_sale.status = any (rules.counted_sale_statuses());
  v_lost boolean := kept_sale.status = 'Returned';
begin
  kept := v_counted or v_lost;
  orders := case when v_counted then 1 else 0 end;
  units := case when kept then kept_sale.quantity - kept_sale.returned_quantity else 0 end;
  revenue := case when kept then kept_sale.total_amount - kept_sale.refunded_amount else 0 end;
  fees := case when kept then kept_sale.recorded_fees else 0 end;
  profit := case when kept then kept_sale.profit_after_returns else 0 end;
  orders_without_cost := case when kept and profit is null then 1 else 0 end;
  revenue_without_cost := case when kept and profit is null then revenue else 0 end;
end;
$$;
comment on function rules.kept_sale is
  'What one sales order keeps in the sales figures after its returns: counted statuses one order, kept units, kept revenue, recorded fees and profit after returns; Returned no order, units or revenue but its loss in fees and profit; Cancelled nothing (kept false). A kept order whose cost is unknown (profit after returns null): profit null, orders_without_cost 1 and revenue_without_cost its kept revenue.';

-- Below the reorder point, not at it: an item with exactly its reorder point in stock is not low.
-- Both columns are not null (products default to 10, materials to 20), so there is no fallback
-- to apply; a null answers null, which a filter treats as not low.
create function rules.is_low_stock(stock numeric, reorder_point numeric) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select stock < reorder_point
$$;
comment on function rules.is_low_stock is
  'Whether an item with this stock is low on stock: below its reorder point.';

-- The units a product is counted in (issue 45): pieces (every product's default), metres and
-- kilograms. Pieces are whole; metres and kilograms keep the 3 decimals of the stock columns (a
-- millimetre, a gram). Every quantity of a product, wherever it is a part, produced, counted or
-- built, follows its unit through rules.unit_decimals.
create function rules.product_units() returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$ select array['pcs', 'm', 'kg'] $$;
comment on function rules.product_units is 'The units a product is counted in: pcs (pieces, the default), m, kg.';
revoke all on function rules.product_units() from public, anon, authenticated, service_role;
grant execute on function rules.product_units() to authenticated, service_role;

create function rules.unit_decimals(unit text) returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$ select case when unit = 'pcs' then 0 else 3 end $$;
comment on function rules.unit_decimals is
  'How many decimals a quantity of a product in this unit may have: 0 for pcs, 3 for m and kg.';
revoke all on function rules.unit_decimals(text) from public, anon, authenticated, service_role;
grant execute on function rules.unit_decimals(text) to authenticated, service_role;

-- The unit a line of stock is written in (challans, stock by location, job work): a material's own
-- unit, a product's m or kg; a product in pieces stays 'units', as those lines have always said.
create function rules.stock_unit_label(product_unit text, material_unit text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select coalesce(material_unit, nullif(product_unit, 'pcs'), 'units') $$;
comment on function rules.stock_unit_label is
  'The unit a stock line is written in: the material''s unit, else the product''s m or kg, else units (pieces).';
revoke all on function rules.stock_unit_label(text, text) from public, anon, authenticated, service_role;
grant execute on function rules.stock_unit_label(text, text) to authenticated, service_role;

-- A quantity needed of a product, rounded up to what its unit counts (a part of a piece is a piece).
create function rules.round_up_to_unit(quantity numeric, unit text) returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$ select ceil(quantity * 10 ^ rules.unit_decimals(unit)) / 10 ^ rules.unit_decimals(unit) $$;
comment on function rules.round_up_to_unit is 'The quantity rounded up to the decimals of its unit (rules.unit_decimals).';
revoke all on function rules.round_up_to_unit(numeric, text) from public, anon, authenticated, service_role;
grant execute on function rules.round_up_to_unit(numeric, text) to authenticated, service_role;

-- A dashboard period in the Indian calendar of the sellers FactoryFlow serves: whole days and
-- months in Asia/Kolkata (the last 30 days are today and the 29 before), the financial year from
-- 1 April. Its first day (null: all time) and the bucket its chart adds up by, on the India day
-- `today` (callers pass the current one).
create function rules.dashboard_period(period text, today date, out from_day date, out bucket text)
language plpgsql
immutable
set search_path = ''
as $$
begin
  case dashboard_period.period
    when 'this_month' then
      from_day := date_trunc('month', dashboard_period.today)::date;
      bucket := 'day';
    when 'last_30_days' then
      from_day := dashboard_period.today - 29;
      bucket := 'day';
    when 'this_financial_year' then
      from_day := make_date(
        extract(year from dashboard_period.today)::integer - case when extract(month from dashboard_period.today) < 4 then 1 else 0 end, 4, 1);
      bucket := 'month';
    when 'all_time' then
      from_day := null;
      bucket := 'month';
    else
      raise exception 'Period must be one of: this_month, last_30_days, this_financial_year, all_time.';
  end case;
end;
$$;
comment on function rules.dashboard_period is
  'A dashboard period (this_month, last_30_days, this_financial_year, all_time) as its first India day (null: all time) and its chart bucket (day or month).';

-- The dashboard periods that start on a day (every one but all_time), whose sales per product are
-- kept per period (public.product_period_totals, sales_totals.sql) for their top products.
create function rules.dated_dashboard_periods() returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array['this_month', 'last_30_days', 'this_financial_year']
$$;
comment on function rules.dated_dashboard_periods is
  'The dashboard periods with a first day (rules.dashboard_period): this_month, last_30_days, this_financial_year.';
revoke all on function rules.dated_dashboard_periods() from public, anon, authenticated, service_role;
grant execute on function rules.dated_dashboard_periods() to authenticated;

-- Marketplace settlements (issue 30, settlements.sql) -----------------------------------------------
-- The settlement categories that are the marketplace's fees: what it actually charged, compared with
-- the fees the owner's rates recorded on the order (sales_orders.fees plus its return fees).
create function rules.settlement_fee_categories() returns public.settlement_category[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array['commission', 'fixed_fee', 'collection_fee', 'shipping_fee', 'return_fee']::public.settlement_category[]
$$;
comment on function rules.settlement_fee_categories is
  'The settlement line categories that are marketplace fees: commission, fixed_fee, collection_fee, shipping_fee and return_fee (TCS and TDS are tax withheld, not fees).';

-- What the owner expects the marketplace to pay for one order line: what it keeps after its
-- returns (rules.kept_sale: the total less the refunded share, nothing for a Cancelled line) less
-- the fees recorded at sale and, since the marketplace deducts them too, the returns' fees.
create function rules.expected_payout(
  status public.sales_order_status,
  quantity integer,
  returned_quantity integer,
  total_amount numeric,
  refunded_amount numeric,
  recorded_fees numeric,
  return_fees numeric
) returns numeric
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  -- An assignment, not SELECT INTO: a plain expression, no query run per order line.
  v_kept record := rules.kept_sale(expected_payout.status, expected_payout.quantity,
    expected_payout.returned_quantity, expected_payout.total_amount, expected_payout.refunded_amount,
    expected_payout.recorded_fees, 0);
begin
  if not v_kept.kept then
    return 0;
  end if;
  return v_kept.revenue - v_kept.fees - expected_payout.return_fees;
end;
$$;
comment on function rules.expected_payout is
  'The payout expected for one order line: kept revenue (total less refunded) less recorded fees less return fees; 0 for a line that keeps nothing (Cancelled).';

-- The day a marketplace order's payment is due: its India order day plus the platform's payment
-- cycle (null: the default, 15 days).
create function rules.payment_due_day(order_date timestamptz, payment_cycle_days integer) returns date
language sql
immutable
parallel safe
set search_path = ''
as $$
  select rules.india_day(payment_due_day.order_date) + coalesce(payment_due_day.payment_cycle_days, 15)
$$;
comment on function rules.payment_due_day is
  'The India day an order''s payment is due: its order day plus the payment cycle in days (null: 15).';

-- A marketplace order's payment status: with settlement lines, Settled within Rs 1 of expected,
-- else Short paid or Over paid; without any, Awaiting payment until its due day (inclusive), then
-- Overdue.
create function rules.settlement_status(settlement_lines bigint, difference numeric, due_day date, today date)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when settlement_status.settlement_lines > 0 then
      case when abs(settlement_status.difference) <= 1 then 'Settled'
           when settlement_status.difference < 0 then 'Short paid'
           else 'Over paid' end
    when settlement_status.due_day >= settlement_status.today then 'Awaiting payment'
    else 'Overdue'
  end
$$;
comment on function rules.settlement_status is
  'Payment status of a marketplace order: Settled (|settled - expected| <= 1.00), Short paid, Over paid, or with no settlement line Awaiting payment (due day not past) or Overdue.';

-- What one order really earned, once paid: the amount settled less the cost of the goods that did
-- not come back sellable (the unit cost snapshot at sale), less its recorded return fees when no
-- return_fee line was settled (a return cost not in the payout), plus its approved reimbursements
-- when no reimbursement line was settled (paid outside the settlement). Null before any line.
create function rules.actual_profit(
  settlement_lines bigint,
  settled numeric,
  cost_of_goods numeric,
  return_fees numeric,
  return_fee_settled boolean,
  reimbursed numeric,
  reimbursement_settled boolean
) returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when actual_profit.settlement_lines > 0 then
    actual_profit.settled - actual_profit.cost_of_goods
      - case when actual_profit.return_fee_settled then 0 else actual_profit.return_fees end
      + case when actual_profit.reimbursement_settled then 0 else actual_profit.reimbursed end
  end
$$;
comment on function rules.actual_profit is
  'Settled - cost of goods - return fees not settled as a return_fee line + reimbursements not settled as a reimbursement line; null with no settlement line.';

-- What a return cost the owner on one order line: its return fees and the cost of the returned
-- units that did not come back sellable, less what claims reimbursed.
create function rules.return_cost(
  unit_cost numeric,
  returned_quantity integer,
  restocked_quantity integer,
  return_fees numeric,
  reimbursed numeric
) returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$
  select return_cost.return_fees
    + round(return_cost.unit_cost * (return_cost.returned_quantity - return_cost.restocked_quantity), 2)
    - return_cost.reimbursed
$$;
comment on function rules.return_cost is
  'A return''s cost on one order line: return fees + cost of the returned units not restocked - reimbursed.';

revoke all on function rules.counted_sale_statuses(), rules.is_low_stock(numeric, numeric), rules.dashboard_period(text, date),
  rules.kept_sale(public.sales_order_status, integer, integer, numeric, numeric, numeric, numeric),
  rules.settlement_fee_categories(),
  rules.expected_payout(public.sales_order_status, integer, integer, numeric, numeric, numeric, numeric),
  rules.payment_due_day(timestamptz, integer), rules.settlement_status(bigint, numeric, date, date),
  rules.actual_profit(bigint, numeric, numeric, numeric, boolean, numeric, boolean),
  rules.return_cost(numeric, integer, integer, numeric, numeric)
  from public, anon, authenticated, service_role;
grant execute on function rules.counted_sale_statuses(), rules.is_low_stock(numeric, numeric), rules.dashboard_period(text, date),
  rules.kept_sale(public.sales_order_status, integer, integer, numeric, numeric, numeric, numeric),
  rules.settlement_fee_categories(),
  rules.expected_payout(public.sales_order_status, integer, integer, numeric, numeric, numeric, numeric),
  rules.payment_due_day(timestamptz, integer), rules.settlement_status(bigint, numeric, date, date),
  rules.actual_profit(bigint, numeric, numeric, numeric, boolean, numeric, boolean),
  rules.return_cost(numeric, integer, integer, numeric, numeric)
  to authenticated;
grant execute on function rules.is_low_stock(numeric, numeric) to service_role;
revoke all on function rules.india_day(timestamptz), rules.india_day_start(date)
  from public, anon, authenticated, service_role;
grant execute on function rules.india_day(timestamptz), rules.india_day_start(date)
  to authenticated, service_role;

-- The ageing bucket of an amount owed, by its age in days (receivables and payables report the same buckets).
create function rules.ageing_bucket(age_days integer) returns text
language sql immutable set search_path = '' as $$
  select case
    when age_days <= 30 then '0-30'
    when age_days <= 60 then '31-60'
    when age_days <= 90 then '61-90'
    else 'over 90'
  end
$$;
revoke all on function rules.ageing_bucket(integer) from public;
grant execute on function rules.ageing_bucket(integer) to authenticated, service_role;

-- Payment modes (issue 46): how a customer paid or a supplier was paid. customer_payments and
-- supplier_payments store these codes; rules.payment_mode_label names them wherever a person reads
-- them (the statement of account, the Tally narrations; the app's label map is the same,
-- src/lib/payment-modes.ts).
create function rules.payment_modes() returns text[]
language sql immutable parallel safe set search_path = ''
as $$ select array['cash', 'bank_transfer', 'upi', 'cheque'] $$;
comment on function rules.payment_modes is 'The ways a payment is made, as stored: cash, bank_transfer, upi, cheque.';

create function rules.payment_mode_label(mode text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select case mode when 'cash' then 'Cash' when 'bank_transfer' then 'Bank transfer' when 'upi' then 'UPI'
    when 'cheque' then 'Cheque' end
$$;
comment on function rules.payment_mode_label is 'How a stored payment mode reads: Cash, Bank transfer, UPI, Cheque.';
revoke all on function rules.payment_modes(), rules.payment_mode_label(text)
  from public, anon, authenticated, service_role;
grant execute on function rules.payment_modes(), rules.payment_mode_label(text) to authenticated;

-- The stored code of a payment mode given as a code or as its label, in any case ('UPI',
-- 'bank transfer', 'Bank_Transfer'), or the one refusal both record_payment and
-- record_supplier_payment give, on the field mode.
create function private.require_payment_mode(mode text) returns text
language plpgsql stable set search_path = ''
as $$
declare
  v_mode text := lower(replace(btrim(require_payment_mode.mode), ' ', '_'));
begin
  if v_mode is null or not v_mode = any (rules.payment_modes()) then
    perform private.raise_input_error('Mode must be Cash, Bank transfer, UPI or Cheque.', 'mode');
  end if;
  return v_mode;
end;
$$;
revoke all on function private.require_payment_mode(text) from public, anon, authenticated, service_role;

-- Receivables (issue 46): what customers (customers.sql) owe and pay. A customer owes its invoices
-- (their total less their credit notes) and its direct orders not invoiced (platform Other: what the
-- order keeps after its returns, nothing once cancelled); an invoiced order is owed through its
-- invoice. A payment received (record_payment) is allocated in full to one or more of those, never
-- above what each still owes, all or nothing. Dues and their ageing (customer_dues) and the statement
-- of account (customer_statement) are read from the same documents (private.customer_receivables).
--
-- Money: every amount here is a rupee amount in paise already (the operations refuse a third
-- decimal, and the documents' totals are rounded to the paisa where they are made), so sums and
-- differences are exact and nothing is rounded again.
--
-- Clients read payments and allocations through RLS; only record_payment writes them.

create table public.customer_payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  customer_id uuid not null,
  amount numeric(14, 2) not null check (amount > 0),
  paid_on date not null,
  mode text not null check (mode = any (rules.payment_modes())),
  -- The UTR, UPI transaction id or cheque number.
  reference text check (length(reference) <= 100),
  created_at timestamptz not null default now(),
  constraint customer_payments_id_user_id_key unique (id, user_id),
  constraint customer_payments_customer_id_fkey foreign key (customer_id, user_id)
    references public.customers (id, user_id)
);
comment on table public.customer_payments is
  'Payments received from customers (record_payment): amount, day, mode (rules.payment_modes()) and reference; allocated in full to invoices and direct orders.';
create index customer_payments_customer_idx on public.customer_payments (customer_id, user_id, paid_on);

create table public.customer_payment_allocations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  payment_id uuid not null,
  -- Exactly one: the invoice or the direct order (sales order line) the amount pays.
  invoice_id uuid,
  sales_order_id uuid,
  amount numeric(14, 2) not null check (amount > 0),
  constraint customer_payment_allocations_one_document_check check ((invoice_id is null) <> (sales_order_id is null)),
  constraint customer_payment_allocations_payment_id_fkey foreign key (payment_id, user_id)
    references public.customer_payments (id, user_id) on delete cascade,
  constraint customer_payment_allocations_invoice_id_fkey foreign key (invoice_id, user_id)
    references public.invoices (id, user_id),
  constraint customer_payment_allocations_sales_order_id_fkey foreign key (sales_order_id)
    references public.sales_orders (id)
);
comment on table public.customer_payment_allocations is
  'The parts of a customer payment: each pays one invoice or one direct order (sales order line).';
create index customer_payment_allocations_payment_idx on public.customer_payment_allocations (payment_id);
create index customer_payment_allocations_invoice_idx on public.customer_payment_allocations (invoice_id)
  where invoice_id is not null;
create index customer_payment_allocations_order_idx on public.customer_payment_allocations (sales_order_id)
  where sales_order_id is not null;
create index customer_payment_allocations_user_idx on public.customer_payment_allocations (user_id);

alter table public.customer_payments enable row level security;
alter table public.customer_payment_allocations enable row level security;
create policy "Owners can read their customer payments" on public.customer_payments
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their payment allocations" on public.customer_payment_allocations
  for select to authenticated using (user_id = (select auth.uid()));
-- Read only, even for the service role: record_payment is the one writer.
revoke all on public.customer_payments, public.customer_payment_allocations
  from public, anon, authenticated, service_role;
grant select on public.customer_payments, public.customer_payment_allocations to authenticated, service_role;

-- The rules --------------------------------------------------------------------------------------
-- A document's payment status: Paid once nothing is left due; else Overdue after its due day (its
-- date plus the customer's credit days), Part paid with something paid, Due with nothing.
create function rules.receivable_status(amount numeric, paid numeric, due_day date, today date) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when receivable_status.paid >= receivable_status.amount then 'Paid'
    when receivable_status.today > receivable_status.due_day then 'Overdue'
    when receivable_status.paid > 0 then 'Part paid'
    else 'Due'
  end
$$;
comment on function rules.receivable_status is
  'A receivable''s status: Paid (nothing left due), Overdue (after its due day), Part paid, Due.';
revoke all on function rules.receivable_status(numeric, numeric, date, date) from public, anon, authenticated, service_role;
grant execute on function rules.receivable_status(numeric, numeric, date, date) to authenticated, service_role;

-- What one direct order line asks its customer for: what it keeps after returns (nothing cancelled).
create function rules.direct_order_amount(
  status public.sales_order_status, quantity integer, returned_quantity integer, total_amount numeric,
  refunded_amount numeric
) returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- The marketplace payout with no fees: kept revenue.
  select rules.expected_payout(direct_order_amount.status, direct_order_amount.quantity,
    direct_order_amount.returned_quantity, direct_order_amount.total_amount, direct_order_amount.refunded_amount, 0, 0)
$$;
comment on function rules.direct_order_amount is
  'What a direct order line is owed: its total less the refunded share of its returns; 0 when cancelled.';
revoke all on function rules.direct_order_amount(public.sales_order_status, integer, integer, numeric, numeric)
  from public, anon, authenticated, service_role;
grant execute on function rules.direct_order_amount(public.sales_order_status, integer, integer, numeric, numeric)
  to authenticated, service_role;

-- Every document a customer owes: invoices made out to it, and its direct orders not invoiced.
create view private.customer_receivables as
select d.*, d.amount - d.paid as due, d.document_date + c.credit_days as due_day,
  rules.receivable_status(d.amount, d.paid, d.document_date + c.credit_days, rules.india_day(now())) as status
from (
  select v.user_id, v.customer_id, 'invoice'::text as kind, v.id as document_id, v.invoice_number as number,
    v.invoice_date as document_date,
    array(select l.description from public.invoice_lines l where l.invoice_id = v.id order by l.line_number)
      as product_names,
    v.total - coalesce((select sum(n.total) from public.credit_notes n where n.invoice_id = v.id), 0) as amount,
    coalesce((select sum(a.amount) from public.customer_payment_allocations a where a.invoice_id = v.id), 0) as paid
  from public.invoices v
  where v.customer_id is not null
  union all
  select o.user_id, o.customer_id, 'order' as kind, o.id as document_id, o.external_order_id as number,
    rules.india_day(o.order_date) as document_date, array[o.product_name] as product_names,
    rules.direct_order_amount(o.status, o.quantity, o.returned_quantity, o.total_amount, o.refunded_amount) as amount,
    coalesce((select sum(a.amount) from public.customer_payment_allocations a where a.sales_order_id = o.id), 0) as paid
  from public.sales_orders o
  where o.customer_id is not null
    and not exists (select 1 from public.invoice_lines l where l.sales_order_id = o.id)
) d
join public.customers c on c.id = d.customer_id and c.user_id = d.user_id;
comment on view private.customer_receivables is
  'Per customer document (kind invoice or order): number, date, product names, amount owed (invoice total less credit notes; a direct order''s kept revenue), paid, due, due day (date + credit days) and status.';
revoke all on private.customer_receivables from public, anon, authenticated, service_role;

-- record_payment -----------------------------------------------------------------------------------
-- allocations: [{"invoice_id": uuid, "amount": n} | {"order_id": uuid, "amount": n}], 1 to 100, that
-- add up to the amount. The documents are locked in one order (invoices, then orders, by id) before
-- what they owe is read, so two payments against one invoice at once wait for each other and the
-- second sees the first: together they never allocate more than is due. A direct order that names no
-- customer yet is the paying customer's from then on.
create function private.record_payment(
  user_id uuid, customer_id uuid, amount numeric, paid_on date, mode text, reference text, allocations jsonb
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_customer public.customers;
  v_amount numeric := private.require_decimals(
    private.require_number(record_payment.amount, 'Amount', 0.01, false, 'amount'), 'Amount', 2, 'amount');
  v_mode text := private.require_payment_mode(record_payment.mode);
  v_reference text := private.optional_text(record_payment.reference, 'Reference', 100, 'reference');
  v_item jsonb;
  v_index integer := 0;
  v_parts jsonb := '[]'::jsonb;
  v_id text;
  v_part_amount numeric;
  v_total numeric := 0;
  v_problem record;
  v_payment public.customer_payments;
begin
  if record_payment.paid_on is null then
    perform private.raise_input_error('Payment date is required.', 'paid_on');
  end if;
  if record_payment.paid_on not between '2000-01-01' and rules.india_day(now()) then
    perform private.raise_input_error('Payment date must be between 2000-01-01 and today.', 'paid_on');
  end if;
  if jsonb_typeof(record_payment.allocations) is distinct from 'array'
     or jsonb_array_length(record_payment.allocations) = 0 then
    perform private.raise_input_error('Choose at least one invoice or order this payment pays.', 'allocations');
  end if;
  if jsonb_array_length(record_payment.allocations) > 100 then
    perform private.raise_input_error('A payment can pay at most 100 invoices and orders.', 'allocations');
  end if;

  -- Each part: one document by a well-formed id, and an amount in paise above zero.
  for v_item in select e from jsonb_array_elements(record_payment.allocations) e loop
    if jsonb_typeof(v_item) is distinct from 'object' or (v_item ? 'invoice_id') = (v_item ? 'order_id') then
      perform private.raise_input_error('Each allocation names one invoice_id or one order_id.', 'allocations');
    end if;
    v_id := coalesce(v_item ->> 'invoice_id', v_item ->> 'order_id');
    if v_id is null or v_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      perform private.raise_input_error('Invoice or order not found.', 'allocations');
    end if;
    v_part_amount := private.require_decimals(private.require_number(
      private.json_number(v_item -> 'amount', 'Allocated amount'), 'Allocated amount', 0.01, false,
      format('allocations.%s.amount', v_index)), 'Allocated amount', 2, format('allocations.%s.amount', v_index));
    v_parts := v_parts || jsonb_build_object('position', v_index,
      'kind', case when v_item ? 'invoice_id' then 'invoice' else 'order' end, 'id', lower(v_id),
      'amount', v_part_amount);
    v_total := v_total + v_part_amount;
    v_index := v_index + 1;
  end loop;
  if (select count(distinct p ->> 'id') from jsonb_array_elements(v_parts) p) < jsonb_array_length(v_parts) then
    perform private.raise_input_error('An invoice or order is listed twice in this payment.', 'allocations');
  end if;
  if v_total <> v_amount then
    perform private.raise_input_error(format('The allocations add up to Rs %s, not the payment''s Rs %s.',
      to_char(v_total, 'FM999999999990.00'), to_char(v_amount, 'FM999999999990.00')), 'amount');
  end if;

  -- The input checked, the customer and the documents it names.
  select * into v_customer from public.customers c
  where c.id = record_payment.customer_id and c.user_id = record_payment.user_id;
  if not found then
    perform private.raise_input_error('Customer not found.', 'customer_id');
  end if;

  perform 1 from public.invoices v
  where v.user_id = record_payment.user_id
    and v.id in (select (p ->> 'id')::uuid from jsonb_array_elements(v_parts) p where p ->> 'kind' = 'invoice')
  order by v.id
  for update;
  perform 1 from public.sales_orders o
  where o.user_id = record_payment.user_id
    and o.id in (select (p ->> 'id')::uuid from jsonb_array_elements(v_parts) p where p ->> 'kind' = 'order')
  order by o.id
  for update;

  -- The first part that cannot be paid, in the order given.
  select p.position, p.kind, p.amount, v.invoice_number, v.customer_id as invoice_customer_id,
    o.id as order_id, o.platform, o.product_name, o.customer_id as order_customer_id, l.invoice_id as order_invoice_id,
    r.due
  into v_problem
  from jsonb_to_recordset(v_parts) p (position integer, kind text, id uuid, amount numeric)
  left join public.invoices v on p.kind = 'invoice' and v.id = p.id and v.user_id = record_payment.user_id
  left join public.sales_orders o on p.kind = 'order' and o.id = p.id and o.user_id = record_payment.user_id
  left join public.invoice_lines l on l.sales_order_id = o.id
  left join lateral (
    select case when p.kind = 'invoice' then
        v.total - coalesce((select sum(n.total) from public.credit_notes n where n.invoice_id = v.id), 0)
          - coalesce((select sum(a.amount) from public.customer_payment_allocations a where a.invoice_id = v.id), 0)
      else
        rules.direct_order_amount(o.status, o.quantity, o.returned_quantity, o.total_amount, o.refunded_amount)
          - coalesce((select sum(a.amount) from public.customer_payment_allocations a where a.sales_order_id = o.id), 0)
      end as due
  ) r on true
  where (p.kind = 'invoice' and (v.id is null or v.customer_id is distinct from record_payment.customer_id))
     or (p.kind = 'order' and (o.id is null or o.platform <> 'Other' or l.invoice_id is not null
       or o.customer_id <> record_payment.customer_id))
     or p.amount > r.due
  order by p.position
  limit 1;
  if found then
    if v_problem.kind = 'invoice' and v_problem.invoice_number is null
       or v_problem.kind = 'order' and v_problem.order_id is null then
      perform private.raise_input_error('Invoice or order not found.', 'allocations');
    elsif v_problem.kind = 'invoice' and v_problem.invoice_customer_id is distinct from record_payment.customer_id then
      perform private.raise_input_error(format('Invoice %s is not made out to %s.', v_problem.invoice_number,
        v_customer.name), 'allocations');
    elsif v_problem.kind = 'order' and v_problem.platform <> 'Other' then
      perform private.raise_input_error(format('The order of %s is a %s sale: it is paid through its settlement.',
        v_problem.product_name, v_problem.platform), 'allocations');
    elsif v_problem.kind = 'order' and v_problem.order_invoice_id is not null then
      perform private.raise_input_error(format('The order of %s is on invoice %s: record the payment against the invoice.',
        v_problem.product_name, (select v.invoice_number from public.invoices v where v.id = v_problem.order_invoice_id)),
        'allocations');
    elsif v_problem.kind = 'order' and v_problem.order_customer_id <> record_payment.customer_id then
      perform private.raise_input_error(format('The order of %s is another customer''s.', v_problem.product_name),
        'allocations');
    else
      perform private.raise_input_error(format('Only Rs %s is due on %s: Rs %s is more than that.',
        to_char(greatest(v_problem.due, 0), 'FM999999999990.00'),
        coalesce('invoice ' || v_problem.invoice_number, 'the order of ' || v_problem.product_name),
        to_char(v_problem.amount, 'FM999999999990.00')), format('allocations.%s.amount', v_problem.position));
    end if;
  end if;

  insert into public.customer_payments (user_id, customer_id, amount, paid_on, mode, reference)
  values (record_payment.user_id, v_customer.id, v_amount, record_payment.paid_on, v_mode, v_reference)
  returning * into v_payment;
  insert into public.customer_payment_allocations (user_id, payment_id, invoice_id, sales_order_id, amount)
  select record_payment.user_id, v_payment.id, case when p.kind = 'invoice' then p.id end,
    case when p.kind = 'order' then p.id end, p.amount
  from jsonb_to_recordset(v_parts) p (position integer, kind text, id uuid, amount numeric)
  order by p.position;
  update public.sales_orders o
  set customer_id = v_customer.id
  where o.user_id = record_payment.user_id and o.customer_id is null
    and o.id in (select (p ->> 'id')::uuid from jsonb_array_elements(v_parts) p where p ->> 'kind' = 'order');

  return jsonb_build_object('payment_id', v_payment.id, 'customer_id', v_customer.id, 'amount', v_payment.amount,
    'paid_on', v_payment.paid_on, 'mode', v_payment.mode,
    'due', (select coalesce(sum(r.due), 0) from private.customer_receivables r
            where r.user_id = record_payment.user_id and r.customer_id = v_customer.id));
end;
$$;
comment on function private.record_payment is
  'record_payment for one user: checks, locks the documents, refuses any part above what is due, writes the payment and its allocations.';

create function public.record_payment(
  customer_id uuid,
  amount numeric,
  paid_on date,
  mode text,
  reference text default null,
  allocations jsonb default '[]'::jsonb,
  request_id uuid default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_result jsonb;
begin
  v_result := private.replayed_result(v_user_id, record_payment.request_id, 'record_payment');
  if v_result is not null then
    return v_result;
  end if;
  v_result := private.record_payment(v_user_id, record_payment.customer_id, record_payment.amount,
    record_payment.paid_on, record_payment.mode, record_payment.reference, record_payment.allocations);
  perform private.remember_result(v_user_id, record_payment.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.record_payment is
  'Records a payment received from a customer (amount in rupees to the paisa, day not in the future, mode one of rules.payment_modes(), reference) allocated in full to its invoices and direct orders (allocations [{invoice_id | order_id, amount}], adding up to the amount), each part at most what is still due; all or nothing. A direct order naming no customer becomes this customer''s. Returns {payment_id, customer_id, amount, paid_on, mode, due (the customer''s total due after it)}. A repeated request_id returns the first call''s answer and writes nothing.';
revoke all on function public.record_payment(uuid, numeric, date, text, text, jsonb, uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.record_payment(uuid, numeric, date, text, text, jsonb, uuid) to authenticated;

-- customer_dues ----------------------------------------------------------------------------------
-- Per customer with anything owed or paid: what is due in all, overdue, and by age (today less the
-- invoice or order date: rules.ageing_bucket), and the open documents, oldest first.
create function public.customer_dues() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_today date := rules.india_day(now());
begin
  return (
    with documents as materialized (
      select r.*, rules.ageing_bucket(v_today - r.document_date) as bucket
      from private.customer_receivables r
      where r.user_id = v_user_id
    )
    select coalesce(jsonb_agg(jsonb_build_object(
        'customer_id', c.id, 'name', c.name, 'gstin', c.gstin, 'credit_days', c.credit_days,
        'archived', c.archived_at is not null,
        'due', coalesce(t.due, 0), 'overdue', coalesce(t.overdue, 0),
        'ageing', jsonb_build_object('0-30', coalesce(t.b0, 0), '31-60', coalesce(t.b31, 0),
          '61-90', coalesce(t.b61, 0), 'over 90', coalesce(t.b90, 0)),
        'documents', coalesce(t.documents, '[]'::jsonb))
      order by coalesce(t.due, 0) desc, lower(c.name)), '[]'::jsonb)
    from public.customers c
    left join lateral (
      select sum(d.due) as due, sum(d.due) filter (where d.status = 'Overdue') as overdue,
        sum(d.due) filter (where d.bucket = '0-30') as b0, sum(d.due) filter (where d.bucket = '31-60') as b31,
        sum(d.due) filter (where d.bucket = '61-90') as b61, sum(d.due) filter (where d.bucket = 'over 90') as b90,
        jsonb_agg(jsonb_build_object('kind', d.kind, 'id', d.document_id, 'number', d.number,
          'date', d.document_date, 'product_names', to_jsonb(d.product_names), 'amount', d.amount, 'paid', d.paid,
          'due', d.due, 'due_day', d.due_day, 'status', d.status, 'age_days', v_today - d.document_date)
          order by d.document_date, d.number) filter (where d.due <> 0) as documents
      from documents d
      where d.customer_id = c.id
    ) t on true
    where c.user_id = v_user_id
  );
end;
$$;
comment on function public.customer_dues is
  'Per customer of the caller (largest due first): {customer_id, name, gstin, credit_days, archived, due, overdue, ageing: {0-30, 31-60, 61-90, over 90} (due by days since the invoice or order date), documents: the open ones, oldest first [{kind (invoice|order), id, number, date, product_names, amount, paid, due, due_day, status, age_days}]}.';
revoke all on function public.customer_dues() from public, anon, authenticated, service_role;
grant execute on function public.customer_dues() to authenticated;

-- customer_statement -------------------------------------------------------------------------------
-- A statement of account for a date range (both days included): the balance owed before it, each
-- invoice and direct order (debit), credit note and payment (credit) in it by day, and the balance
-- after each and at the end.
create function public.customer_statement(customer_id uuid, date_from date, date_to date) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_customer public.customers;
  v_profile public.business_profiles;
begin
  select * into v_customer from public.customers c
  where c.id = customer_statement.customer_id and c.user_id = v_user_id;
  if not found then
    perform private.raise_input_error('Customer not found.', 'customer_id');
  end if;
  if customer_statement.date_from is null then
    perform private.raise_input_error('From date is required.', 'date_from');
  end if;
  if customer_statement.date_to is null then
    perform private.raise_input_error('To date is required.', 'date_to');
  end if;
  if customer_statement.date_to < customer_statement.date_from then
    perform private.raise_input_error('To date cannot be before the from date.', 'date_to');
  end if;
  select * into v_profile from public.business_profiles b where b.user_id = v_user_id;
  return (
    with entries as materialized (
      select v.invoice_date as entry_date, 1 as sort_key, 'invoice' as kind, v.invoice_number as number,
        'Invoice' as description, v.total as debit, 0::numeric as credit
      from public.invoices v where v.user_id = v_user_id and v.customer_id = v_customer.id
      union all
      select rules.india_day(o.order_date), 2, 'order', o.external_order_id, o.product_name || ' x ' || o.quantity,
        rules.direct_order_amount(o.status, o.quantity, o.returned_quantity, o.total_amount, o.refunded_amount), 0
      from public.sales_orders o
      where o.user_id = v_user_id and o.customer_id = v_customer.id
        and not exists (select 1 from public.invoice_lines l where l.sales_order_id = o.id)
      union all
      select n.note_date, 3, 'credit_note', n.note_number, 'Credit note on ' || v.invoice_number, 0, n.total
      from public.credit_notes n join public.invoices v on v.id = n.invoice_id
      where n.user_id = v_user_id and v.customer_id = v_customer.id
      union all
      select p.paid_on, 4, 'payment', p.reference,
        'Payment by ' || rules.payment_mode_label(p.mode),
        0, p.amount
      from public.customer_payments p where p.user_id = v_user_id and p.customer_id = v_customer.id
    ),
    opening as (
      select coalesce(sum(e.debit - e.credit), 0) as balance
      from entries e where e.entry_date < customer_statement.date_from
    ),
    in_range as (
      select e.*, o.balance + sum(e.debit - e.credit) over (order by e.entry_date, e.sort_key, e.number
        rows between unbounded preceding and current row) as balance
      from entries e cross join opening o
      where e.entry_date between customer_statement.date_from and customer_statement.date_to
    )
    select jsonb_build_object(
      'customer', jsonb_build_object('customer_id', v_customer.id, 'name', v_customer.name, 'gstin', v_customer.gstin,
        'billing_address', v_customer.billing_address, 'state_code', v_customer.state_code,
        'state_name', rules.gst_state_name(v_customer.state_code), 'credit_days', v_customer.credit_days),
      'supplier', case when v_profile.user_id is not null then jsonb_build_object('legal_name', v_profile.legal_name,
        'address', v_profile.address, 'gstin', v_profile.gstin) end,
      'date_from', customer_statement.date_from, 'date_to', customer_statement.date_to,
      'opening_balance', o.balance,
      'entries', coalesce((select jsonb_agg(jsonb_build_object('date', r.entry_date, 'kind', r.kind,
          'number', r.number, 'description', r.description, 'debit', r.debit, 'credit', r.credit,
          'balance', r.balance) order by r.entry_date, r.sort_key, r.number) from in_range r), '[]'::jsonb),
      'total_debit', (select coalesce(sum(r.debit), 0) from in_range r),
      'total_credit', (select coalesce(sum(r.credit), 0) from in_range r),
      'closing_balance', o.balance + (select coalesce(sum(r.debit - r.credit), 0) from in_range r))
    from opening o
  );
end;
$$;
comment on function public.customer_statement is
  'A customer''s statement of account from date_from to date_to (both included): {customer, supplier (the business profile), date_from, date_to, opening_balance, entries [{date, kind (invoice, order, credit_note, payment), number, description, debit, credit, balance}], total_debit, total_credit, closing_balance}.';
revoke all on function public.customer_statement(uuid, date, date) from public, anon, authenticated, service_role;
grant execute on function public.customer_statement(uuid, date, date) to authenticated;

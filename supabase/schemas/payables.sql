-- Payables (issue 46): what the business owes its suppliers. A purchase order's receipts are the
-- supplier's bills (one receipt = one bill: the supplier's invoice number and date it came with,
-- its value before tax and the GST paid, purchasing.sql); payments made to a supplier are recorded
-- by record_supplier_payment and settle the supplier's oldest bills first, so what is still owed
-- and its age are always read from the bills and the payments, never stored twice.

create table public.supplier_payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  supplier_id uuid not null,
  amount numeric(14, 2) not null check (amount > 0),
  paid_on date not null,
  mode text not null check (mode = any (rules.payment_modes())),
  -- The bank's transaction id, the UPI reference or the cheque number.
  reference text check (length(reference) <= 100),
  created_at timestamptz not null default now(),
  foreign key (supplier_id, user_id) references public.suppliers (id, user_id) on delete cascade
);
comment on table public.supplier_payments is
  'Payments made to suppliers (record_supplier_payment): amount, date, mode and reference. They settle the supplier''s oldest bills first.';
create index supplier_payments_supplier_id_user_id_idx on public.supplier_payments (supplier_id, user_id);
create index supplier_payments_user_id_paid_on_idx on public.supplier_payments (user_id, paid_on);

alter table public.supplier_payments enable row level security;
create policy "Owners can read their supplier payments" on public.supplier_payments
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.supplier_payments from public, anon, authenticated, service_role;
grant all on public.supplier_payments to service_role;
grant select on public.supplier_payments to authenticated;
-- Not published: only the owner's own payments change it, and that write refreshes the dues.

-- The owner's bills: one per supplier invoice of a purchase order's receipt (the rows one
-- receive_purchase_order call wrote share the order, the moment and the invoice), dated by the
-- supplier's invoice, else the India day it arrived. Amount = value before tax + GST paid.
-- `bill_key` names it in the Tally export: the order's number, the moment and the invoice number,
-- which a restored backup keeps (ids it does not).
create function private.supplier_bills(owner_id uuid)
returns table (
  supplier_id uuid, purchase_order_id uuid, po_number integer, received_at timestamptz, bill_key text,
  supplier_invoice_number text, bill_date date, purchase_value numeric, gst_paid numeric, amount numeric
)
language sql
stable
set search_path = ''
as $$
  select o.supplier_id, o.id, o.po_number, m.created_at,
    format('PO-%s/%s%s', lpad(o.po_number::text, 4, '0'), to_char(m.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS'),
      '/' || m.supplier_invoice_number),
    m.supplier_invoice_number,
    coalesce(m.supplier_invoice_date, rules.india_day(m.created_at)),
    sum(m.purchase_value), sum(coalesce(m.gst_paid, 0)),
    sum(m.purchase_value) + sum(coalesce(m.gst_paid, 0))
  from public.stock_movements m
  join public.purchase_orders o on o.id = m.purchase_order_id
  where m.user_id = supplier_bills.owner_id and m.reason = 'purchase_receipt'
  group by o.supplier_id, o.id, o.po_number, m.created_at, m.supplier_invoice_number, m.supplier_invoice_date
$$;
comment on function private.supplier_bills is
  'The owner''s supplier bills: one per purchase order receipt, with the supplier''s invoice number, its date (else the day received), value before tax, GST paid and amount.';

-- A job worker's bills (job_work.sql): each receipt of a job work order that carried a charge, for
-- the charge and its GST, dated by the job worker's invoice, else the day received.
create function private.job_work_bills(owner_id uuid)
returns table (
  supplier_id uuid, received_at timestamptz, bill_key text, bill_date date, amount numeric,
  challan_number text, supplier_invoice_number text, charge numeric, gst_paid numeric
)
language sql
stable
set search_path = ''
as $$
  select l.supplier_id, r.created_at,
    format('JW-%s/%s%s', c.challan_number, to_char(r.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS'),
      '/' || r.supplier_invoice_number),
    coalesce(r.supplier_invoice_date, r.received_on), r.charge + r.gst_paid,
    c.challan_number, r.supplier_invoice_number, r.charge, r.gst_paid
  from public.job_work_receipts r
  join public.job_work_orders o on o.id = r.job_work_order_id
  join public.locations l on l.id = o.job_worker_location_id
  join public.delivery_challans c on c.id = o.delivery_challan_id
  where r.user_id = job_work_bills.owner_id and r.charge > 0
$$;
comment on function private.job_work_bills is
  'The owner''s job workers'' bills: one per job work receipt with a charge, for the charge and its GST (amount), with the challan the goods went on and the job worker''s invoice number.';

-- What is still owed on each bill (purchase receipts' and job work's): the supplier's payments
-- settle its bills oldest first (by bill date, then the moment received), so a bill is open for
-- what the payments have not reached.
create function private.open_supplier_bills(owner_id uuid)
returns table (supplier_id uuid, bill_key text, bill_date date, amount numeric, owed numeric)
language sql
stable
set search_path = ''
as $$
  select b.supplier_id, b.bill_key, b.bill_date, b.amount,
    greatest(0, least(b.amount, b.billed_through - coalesce(p.paid, 0)))
  from (
    select b.*, sum(b.amount) over (partition by b.supplier_id order by b.bill_date, b.received_at, b.bill_key)
      as billed_through
    from (
      select s.supplier_id, s.received_at, s.bill_key, s.bill_date, s.amount
      from private.supplier_bills(open_supplier_bills.owner_id) s
      union all
      select j.supplier_id, j.received_at, j.bill_key, j.bill_date, j.amount
      from private.job_work_bills(open_supplier_bills.owner_id) j
    ) b
  ) b
  left join (
    select p.supplier_id, sum(p.amount) as paid
    from public.supplier_payments p where p.user_id = open_supplier_bills.owner_id
    group by p.supplier_id
  ) p on p.supplier_id = b.supplier_id
$$;
comment on function private.open_supplier_bills is
  'Each supplier bill with what is still owed on it, the supplier''s payments settling its oldest bills first.';

-- record_supplier_payment ---------------------------------------------------------------------------
-- Locks the supplier's row, so two payments to one supplier take turns and the second sees the
-- first: never more than is owed in all. With a request_id, a repeat returns the first answer.
create function public.record_supplier_payment(
  supplier_id uuid,
  amount numeric,
  paid_on date,
  mode text,
  reference text default null,
  request_id uuid default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_amount numeric := private.require_decimals(private.require_number(
    record_supplier_payment.amount, 'Amount', 0.01, field => 'amount'), 'Amount', 2, 'amount');
  v_reference text := private.optional_text(record_supplier_payment.reference, 'Reference', 100, 'reference');
  v_mode text := private.require_payment_mode(record_supplier_payment.mode);
  v_supplier public.suppliers;
  v_owed numeric;
  v_payment public.supplier_payments;
  v_result jsonb;
begin
  if record_supplier_payment.paid_on is null then
    perform private.raise_input_error('Payment date is required.', 'paid_on');
  end if;
  if record_supplier_payment.paid_on not between date '2000-01-01' and rules.india_day(now()) then
    perform private.raise_input_error('Payment date must be between 2000-01-01 and today.', 'paid_on');
  end if;
  v_result := private.replayed_result(v_user_id, record_supplier_payment.request_id, 'record_supplier_payment');
  if v_result is not null then
    return v_result;
  end if;

  select * into v_supplier from public.suppliers s
  where s.id = record_supplier_payment.supplier_id and s.user_id = v_user_id
  for no key update;
  if v_supplier.id is null then
    perform private.raise_input_error('Supplier not found.', 'supplier_id');
  end if;
  select coalesce(sum(b.owed), 0) into v_owed
  from private.open_supplier_bills(v_user_id) b where b.supplier_id = v_supplier.id;
  if v_owed = 0 then
    perform private.raise_input_error(format('Nothing is owed to %s.', v_supplier.supplier_name), 'amount');
  end if;
  if v_amount > v_owed then
    perform private.raise_input_error(format('Only Rs %s is owed to %s.', to_char(v_owed, 'FM999999999990.00'),
      v_supplier.supplier_name), 'amount');
  end if;

  insert into public.supplier_payments (user_id, supplier_id, amount, paid_on, mode, reference)
  values (v_user_id, v_supplier.id, v_amount, record_supplier_payment.paid_on, v_mode, v_reference)
  returning * into v_payment;

  v_result := jsonb_build_object(
    'payment_id', v_payment.id, 'supplier_id', v_supplier.id, 'amount', v_payment.amount,
    'paid_on', v_payment.paid_on, 'mode', v_payment.mode, 'reference', v_payment.reference,
    'owed', v_owed - v_amount);
  perform private.remember_result(v_user_id, record_supplier_payment.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.record_supplier_payment is
  'Records a payment made to one of the caller''s suppliers (amount in rupees with at most 2 decimals, a date from 2000-01-01 to today, mode one of rules.payment_modes(), an optional reference): it settles the supplier''s oldest bills first and is refused above what is owed (field amount). Returns {payment_id, supplier_id, amount, paid_on, mode, reference, owed}. A repeated request_id returns the first answer.';
revoke all on function public.record_supplier_payment(uuid, numeric, date, text, text, uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.record_supplier_payment(uuid, numeric, date, text, text, uuid) to authenticated;

-- supplier_dues -------------------------------------------------------------------------------------
-- Per supplier with a bill: billed, paid, owed, and what is owed by the age of its bill today
-- (India day, from the bill date: rules.ageing_bucket). Most owed first.
create function public.supplier_dues()
returns table (
  supplier_id uuid, supplier_name text, billed numeric, paid numeric, due numeric,
  days_0_30 numeric, days_31_60 numeric, days_61_90 numeric, over_90 numeric, oldest_due_date date
)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id, s.supplier_name, b.billed, b.billed - b.due, b.due,
    b.days_0_30, b.days_31_60, b.days_61_90, b.over_90, b.oldest_due_date
  from (
    select o.supplier_id, sum(o.amount) as billed, sum(o.owed) as due,
      coalesce(sum(o.owed) filter (where a.bucket = '0-30'), 0) as days_0_30,
      coalesce(sum(o.owed) filter (where a.bucket = '31-60'), 0) as days_31_60,
      coalesce(sum(o.owed) filter (where a.bucket = '61-90'), 0) as days_61_90,
      coalesce(sum(o.owed) filter (where a.bucket = 'over 90'), 0) as over_90,
      min(o.bill_date) filter (where o.owed > 0) as oldest_due_date
    from private.open_supplier_bills(private.require_user_id()) o
    cross join lateral (select rules.ageing_bucket(rules.india_day(now()) - o.bill_date) as bucket) a
    group by o.supplier_id
  ) b
  join public.suppliers s on s.id = b.supplier_id
  order by b.due desc, s.supplier_name, s.id
$$;
comment on function public.supplier_dues is
  'Per supplier billed by a purchase order receipt or a job work receipt: billed, paid, due, and the due by the age of its bills today (0-30, 31-60, 61-90, over 90 days from the bill date), payments settling the oldest bills first; most due first.';
revoke all on function public.supplier_dues() from public, anon, authenticated, service_role;
grant execute on function public.supplier_dues() to authenticated;

-- GST (issue 31): tax invoices (create_invoice, get_invoice, list_invoices), the document series
-- they share with credit notes (gst_credit_notes.sql) and amounts in words. The rules and the
-- business profile are in gst.sql.
--
-- Invoices and credit notes are written only by their functions (security definer, filtering on the
-- caller's auth.uid() themselves) and never updated or deleted: an invoice is corrected by a credit
-- note. Their numbers come from one counter row per user, series and financial year, taken for update
-- in the transaction that writes the document, so numbers are consecutive without gaps however many
-- are created at once (a refused call rolls its number back with it).

-- Amounts in words ---------------------------------------------------------------------------------
-- Rule 46 wants the invoice value in words: Indian numbering (thousand, lakh, crore), rupees and
-- paise: 112000.50 is 'Rupees One Lakh Twelve Thousand and Fifty Paise Only'.
create function rules.number_in_words(n bigint) returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_ones constant text[] := array['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten',
    'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
  v_tens constant text[] := array['', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
  v_words text[] := '{}'::text[];
  v_below_hundred integer;
begin
  if n = 0 then
    return 'Zero';
  end if;
  if n >= 10000000 then
    v_words := v_words || (rules.number_in_words(n / 10000000) || ' Crore');
    n := n % 10000000;
  end if;
  if n >= 100000 then
    v_words := v_words || (rules.number_in_words(n / 100000) || ' Lakh');
    n := n % 100000;
  end if;
  if n >= 1000 then
    v_words := v_words || (rules.number_in_words(n / 1000) || ' Thousand');
    n := n % 1000;
  end if;
  if n >= 100 then
    v_words := v_words || (v_ones[n / 100] || ' Hundred');
    n := n % 100;
  end if;
  v_below_hundred := n;
  if v_below_hundred > 0 then
    v_words := v_words || case
      when v_below_hundred < 20 then v_ones[v_below_hundred]
      else btrim(v_tens[v_below_hundred / 10] || coalesce(' ' || v_ones[nullif(v_below_hundred % 10, 0)], ''))
    end;
  end if;
  return array_to_string(v_words, ' ');
end;
$$;
comment on function rules.number_in_words is 'A whole number in words, Indian numbering: 1234567 is Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven.';

create function rules.amount_in_words(amount numeric) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- Rounded to the paisa once, here (numeric rounds half away from zero), then said.
  select case when r < 0 then 'Minus ' else '' end
    || 'Rupees ' || rules.number_in_words(trunc(abs(r))::bigint)
    || case when abs(r) * 100 % 100 <> 0
         then ' and ' || rules.number_in_words((abs(r) * 100 % 100)::bigint) || ' Paise' else '' end
    || ' Only'
  from (select round(amount, 2) as r) as rounded
$$;
comment on function rules.amount_in_words is
  'A rupee amount in words for invoices: 112000.50 is Rupees One Lakh Twelve Thousand and Fifty Paise Only.';
revoke all on function rules.number_in_words(bigint), rules.amount_in_words(numeric)
  from public, anon, authenticated, service_role;
grant execute on function rules.number_in_words(bigint), rules.amount_in_words(numeric) to authenticated;

-- The document series ------------------------------------------------------------------------------
-- The next number of a user's series (invoice, credit_note, or delivery_challan: locations.sql) in
-- a financial year; the row stays locked until the document's transaction ends, so the next call waits and takes the one after.
create table private.document_series (
  user_id uuid not null,
  series text not null check (series in ('invoice', 'credit_note', 'delivery_challan')),
  financial_year text not null check (financial_year ~ '^[0-9]{2}-[0-9]{2}$'),
  last_serial integer not null check (last_serial > 0),
  primary key (user_id, series, financial_year)
);
comment on table private.document_series is
  'Per user, series (invoice, credit_note, delivery_challan) and financial year, the last serial number issued.';
revoke all on private.document_series from public, anon, authenticated, service_role;

create function private.next_serial(user_id uuid, series text, financial_year text) returns integer
language sql
set search_path = ''
as $$
  insert into private.document_series as d (user_id, series, financial_year, last_serial)
  values (next_serial.user_id, next_serial.series, next_serial.financial_year, 1)
  on conflict (user_id, series, financial_year) do update set last_serial = d.last_serial + 1
  returning d.last_serial
$$;
comment on function private.next_serial is
  'The next serial of a user''s document series in a financial year, its counter row locked until the transaction ends.';

-- Tables -------------------------------------------------------------------------------------------
create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- {prefix}/{yy-yy}/{serial}: Rule 46's serial number, unique per financial year, at most 16.
  invoice_number text not null check (length(invoice_number) <= 16),
  financial_year text not null,
  serial integer not null check (serial > 0),
  invoice_date date not null,
  created_at timestamptz not null default now(),
  -- The supplier as the business profile said when the invoice was made.
  supplier_legal_name text not null,
  supplier_address text not null,
  supplier_gstin text not null,
  supplier_state_code text not null,
  buyer_name text not null check (btrim(buyer_name) <> '' and length(buyer_name) <= 200),
  buyer_gstin text check (buyer_gstin is null or rules.is_valid_gstin(buyer_gstin)),
  buyer_address text check (length(buyer_address) <= 500),
  -- The place of supply: CGST + SGST when it is the supplier's state, IGST otherwise.
  buyer_state_code text not null check (rules.gst_state_name(buyer_state_code) is not null),
  taxable_value numeric(14, 2) not null,
  cgst numeric(14, 2) not null,
  sgst numeric(14, 2) not null,
  igst numeric(14, 2) not null,
  total numeric(14, 2) not null,
  -- The customer it bills (issue 46), whose details the buyer columns copied; null for a buyer typed
  -- in (a one-off retail buyer): then no one owes it in receivables.
  customer_id uuid,
  constraint invoices_user_id_invoice_number_key unique (user_id, invoice_number),
  constraint invoices_id_user_id_key unique (id, user_id),
  constraint invoices_customer_id_fkey foreign key (customer_id, user_id) references public.customers (id, user_id)
);
comment on table public.invoices is
  'Tax invoices for Brand Website, Ajio and Other sales (create_invoice): number, date, supplier and buyer, place of supply (buyer_state_code) and totals. Never updated or deleted; credited by credit notes.';
create index invoices_user_id_invoice_date_idx on public.invoices (user_id, invoice_date desc, serial desc);
create index invoices_customer_id_idx on public.invoices (customer_id, user_id) where customer_id is not null;

create table public.invoice_lines (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  invoice_id uuid not null,
  line_number smallint not null check (line_number between 1 and 100),
  -- An order is invoiced once.
  sales_order_id uuid not null constraint invoice_lines_sales_order_id_key unique
    references public.sales_orders (id) on delete cascade,
  product_id uuid not null,
  description text not null,
  hsn_code text,
  quantity integer not null check (quantity > 0),
  -- Unit Quantity Code: pieces of a product are numbers.
  uqc text not null default 'NOS',
  -- GST included, as sold.
  unit_price numeric(12, 2) not null,
  gst_rate numeric(5, 2) not null,
  taxable_value numeric(14, 2) not null,
  cgst numeric(14, 2) not null,
  sgst numeric(14, 2) not null,
  igst numeric(14, 2) not null,
  total numeric(14, 2) not null,
  constraint invoice_lines_invoice_line_number_key unique (invoice_id, line_number),
  constraint invoice_lines_id_user_id_key unique (id, user_id),
  foreign key (invoice_id, user_id) references public.invoices (id, user_id) on delete cascade
);
comment on table public.invoice_lines is
  'One line per invoiced sales order: HSN, description, quantity, unit price (GST included), rate, taxable value and tax split.';
create index invoice_lines_user_id_idx on public.invoice_lines (user_id);

alter table public.invoices enable row level security;
alter table public.invoice_lines enable row level security;
create policy "Owners can read their invoices" on public.invoices
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their invoice lines" on public.invoice_lines
  for select to authenticated using (user_id = (select auth.uid()));
-- Read only, even for the service role: invoices are written by create_invoice alone.
revoke all on public.invoices, public.invoice_lines from public, anon, authenticated, service_role;
grant select on public.invoices, public.invoice_lines to authenticated, service_role;

-- create_invoice ---------------------------------------------------------------------------------
-- One line per order (at most 100), each at the rate of its sale (or, if the sale's tax was
-- unknown, its product's rate now for the order's price and day), split for the invoice's place of
-- supply (the buyer's state): the orders' GST snapshots follow the invoice. issued_at is now in the
-- API; pgTAP passes other moments to test the financial-year boundary. The invoice's date (issue 42)
-- is the India day of issue unless given: never after it, nor before the latest sale it invoices (a
-- sale of 10 Nov invoiced on 27 Nov may be dated 10 Nov); its financial year numbers the invoice.
-- A registered buyer's place of supply is its GSTIN's state (rules.place_of_supply_problem).
-- Given a customer (issue 46), the buyer is the customer: its name, GSTIN, billing address and state
-- (the buyer arguments are not read), and its Other orders name it (sales_orders.customer_id).
create function private.create_invoice(
  user_id uuid,
  order_ids uuid[],
  buyer_name text,
  buyer_gstin text,
  buyer_state_code text,
  buyer_address text,
  issued_at timestamptz,
  invoice_date date default null,
  customer_id uuid default null
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_customer public.customers := case when create_invoice.customer_id is not null then
    private.require_active_customer(create_invoice.user_id, create_invoice.customer_id, 'customer_id') end;
  v_profile public.business_profiles;
  v_buyer_name text := coalesce(v_customer.name,
    private.require_text(create_invoice.buyer_name, 'Buyer name', 200, 'buyer_name'));
  v_buyer_gstin text := case when v_customer.id is not null then v_customer.gstin
    else private.require_gstin(left(create_invoice.buyer_gstin, 100), 'buyer_gstin') end;
  v_buyer_address text := case when v_customer.id is not null then v_customer.billing_address
    else private.optional_text(create_invoice.buyer_address, 'Buyer address', 500, 'buyer_address') end;
  v_state text := coalesce(v_customer.state_code, btrim(create_invoice.buyer_state_code));
  v_ids uuid[];
  v_problem record;
  v_invoice_date date := coalesce(create_invoice.invoice_date, rules.india_day(create_invoice.issued_at));
  v_financial_year text := rules.financial_year(rules.india_day_start(v_invoice_date));
  v_latest_sale record;
  v_serial integer;
  v_number text;
  v_invoice public.invoices;
begin
  select * into v_profile from public.business_profiles b where b.user_id = create_invoice.user_id;
  if not found then
    raise exception 'Set up your business profile (legal name, address, GSTIN) before creating invoices.';
  end if;
  if v_state is null or v_state = '' then
    raise exception 'Buyer state code is required.' using hint = 'field:buyer_state_code';
  end if;
  if rules.gst_state_name(v_state) is null then
    perform private.raise_input_error(format('Unknown state code %s.', left(v_state, 20)), 'buyer_state_code');
  end if;
  if rules.place_of_supply_problem(v_buyer_gstin, v_state) is not null then
    perform private.raise_input_error(rules.place_of_supply_problem(v_buyer_gstin, v_state), 'buyer_state_code');
  end if;
  if v_invoice_date > rules.india_day(create_invoice.issued_at) then
    raise exception 'Invoice date cannot be in the future.' using hint = 'field:invoice_date';
  end if;
  if order_ids is null or cardinality(order_ids) = 0 then
    raise exception 'Choose at least one order to invoice.' using hint = 'field:order_ids';
  end if;
  if cardinality(order_ids) > 100 then
    perform private.raise_input_error(
      format('An invoice can list at most 100 orders; this has %s.', cardinality(order_ids)), 'order_ids');
  end if;
  if array_position(order_ids, null) is not null then
    raise exception 'Sales order not found.';
  end if;
  v_ids := array(select distinct unnest(order_ids) order by 1);

  -- The orders, locked in one order: a second invoice of the same order waits, then finds it invoiced.
  perform 1 from public.sales_orders o
  where o.id = any (v_ids) and o.user_id = create_invoice.user_id
  order by o.id
  for update;

  -- The first problem, if any, in the order of the ids.
  select i.id, o.id as order_id, o.platform, o.status, o.product_name, o.external_order_id, il.invoice_id,
    r.gst_rate, o.customer_id
  into v_problem
  from unnest(v_ids) i (id)
  left join public.sales_orders o on o.id = i.id and o.user_id = create_invoice.user_id
  left join public.invoice_lines il on il.sales_order_id = o.id
  left join public.products p on p.id = o.product_id and p.user_id = o.user_id
  left join lateral (
    select coalesce(o.gst_rate, private.product_gst_rate(p, o.unit_price, rules.india_day(o.order_date))) as gst_rate
  ) r on true
  where o.id is null or rules.is_marketplace(o.platform)
    or not (o.status = any (rules.counted_sale_statuses()))
    or il.invoice_id is not null or r.gst_rate is null
    or (o.customer_id is not null and o.customer_id is distinct from v_customer.id)
  order by i.id
  limit 1;
  if found then
    if v_problem.order_id is null then
      raise exception 'Sales order not found.';
    elsif rules.is_marketplace(v_problem.platform) then
      raise exception 'The order of % is a % sale: the marketplace invoices its buyer. Only Brand Website, Ajio and Other orders are invoiced here.',
        v_problem.product_name, v_problem.platform;
    elsif not (v_problem.status = any (rules.counted_sale_statuses())) then
      raise exception 'The order of % is %: it cannot be invoiced.', v_problem.product_name, lower(v_problem.status::text);
    elsif v_problem.invoice_id is not null then
      raise exception 'The order of % is already on invoice %.', v_problem.product_name,
        (select v.invoice_number from public.invoices v where v.id = v_problem.invoice_id);
    elsif v_problem.gst_rate is not null then
      perform private.raise_input_error(format('The order of %s is %s''s: invoice it to that customer.',
        v_problem.product_name, (select c.name from public.customers c where c.id = v_problem.customer_id)),
        'customer_id');
    else
      raise exception '% has no GST rate: set its HSN code and rate, then invoice its order.', v_problem.product_name;
    end if;
  end if;

  select o.product_name, rules.india_day(o.order_date) as sale_day into v_latest_sale
  from public.sales_orders o
  where o.id = any (v_ids) and o.user_id = create_invoice.user_id
  order by o.order_date desc
  limit 1;
  if v_invoice_date < v_latest_sale.sale_day then
    perform private.raise_input_error(format('Invoice date cannot be before the sale it invoices: %s was sold on %s.',
      v_latest_sale.product_name, to_char(v_latest_sale.sale_day, 'FMDD Mon YYYY')), 'invoice_date');
  end if;

  v_serial := private.next_serial(create_invoice.user_id, 'invoice', v_financial_year);
  v_number := format('%s/%s/%s', v_profile.invoice_prefix, v_financial_year, v_serial);
  if length(v_number) > 16 then
    raise exception 'Invoice number % would be longer than 16 characters: choose a shorter invoice prefix.', v_number;
  end if;

  insert into public.invoices (user_id, invoice_number, financial_year, serial, invoice_date, supplier_legal_name,
    supplier_address, supplier_gstin, supplier_state_code, buyer_name, buyer_gstin, buyer_address, buyer_state_code,
    taxable_value, cgst, sgst, igst, total, customer_id)
  values (create_invoice.user_id, v_number, v_financial_year, v_serial,
    v_invoice_date, v_profile.legal_name, v_profile.address,
    v_profile.gstin, v_profile.state_code, v_buyer_name, v_buyer_gstin, v_buyer_address, v_state, 0, 0, 0, 0, 0,
    v_customer.id)
  returning * into v_invoice;

  -- The lines, split for the place of supply; the orders' snapshots follow.
  with taxed as (
    select o.id as order_id, o.product_id, o.product_name, coalesce(o.hsn_code, p.hsn_code) as hsn_code, o.quantity,
      o.unit_price, o.total_amount, r.gst_rate, x.*,
      row_number() over (order by o.order_date, o.id) as line_number
    from public.sales_orders o
    join public.products p on p.id = o.product_id and p.user_id = o.user_id
    cross join lateral (
      select coalesce(o.gst_rate, private.product_gst_rate(p, o.unit_price, rules.india_day(o.order_date))) as gst_rate
    ) r
    cross join lateral rules.gst_split(o.total_amount, r.gst_rate, v_state = v_profile.state_code) x
    where o.id = any (v_ids) and o.user_id = create_invoice.user_id
  ),
  lines as (
    insert into public.invoice_lines (user_id, invoice_id, line_number, sales_order_id, product_id, description,
      hsn_code, quantity, unit_price, gst_rate, taxable_value, cgst, sgst, igst, total)
    select create_invoice.user_id, v_invoice.id, t.line_number, t.order_id, t.product_id, t.product_name, t.hsn_code,
      t.quantity, t.unit_price, t.gst_rate, t.taxable_value, t.cgst, t.sgst, t.igst, t.total_amount
    from taxed t
    order by t.line_number
    returning *
  ),
  orders as (
    update public.sales_orders o
    set place_of_supply = v_state, hsn_code = t.hsn_code, gst_rate = t.gst_rate, taxable_value = t.taxable_value,
      cgst = t.cgst, sgst = t.sgst, igst = t.igst,
      customer_id = case when o.platform = 'Other' then v_customer.id end
    from taxed t
    where o.id = t.order_id and o.user_id = create_invoice.user_id
  )
  update public.invoices v
  set taxable_value = s.taxable_value, cgst = s.cgst, sgst = s.sgst, igst = s.igst, total = s.total
  from (
    select sum(l.taxable_value) as taxable_value, sum(l.cgst) as cgst, sum(l.sgst) as sgst, sum(l.igst) as igst,
      sum(l.total) as total
    from lines l
  ) s
  where v.id = v_invoice.id
  returning v.* into v_invoice;

  return jsonb_build_object('invoice_id', v_invoice.id, 'invoice_number', v_invoice.invoice_number,
    'taxable_value', v_invoice.taxable_value, 'cgst', v_invoice.cgst, 'sgst', v_invoice.sgst, 'igst', v_invoice.igst,
    'total', v_invoice.total);
end;
$$;
comment on function private.create_invoice is
  'create_invoice for one user at a given moment (today, and the date unless invoice_date is given): the API passes now().';

create function public.create_invoice(
  order_ids uuid[],
  buyer_name text default null,
  buyer_gstin text default null,
  buyer_state_code text default null,
  buyer_address text default null,
  request_id uuid default null,
  invoice_date date default null,
  customer_id uuid default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_result jsonb;
begin
  v_result := private.replayed_result(v_user_id, create_invoice.request_id, 'create_invoice');
  if v_result is not null then
    return v_result;
  end if;
  v_result := private.create_invoice(v_user_id, create_invoice.order_ids, create_invoice.buyer_name,
    create_invoice.buyer_gstin, create_invoice.buyer_state_code, create_invoice.buyer_address, now(),
    create_invoice.invoice_date, create_invoice.customer_id);
  perform private.remember_result(v_user_id, create_invoice.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.create_invoice is
  'A tax invoice for Brand Website, Ajio and Other orders (1 to 100), numbered {prefix}/{yy-yy}/{n} in the financial year (India time), consecutive without gaps; dated invoice_date (default today in India; not in the future nor before its latest sale); place of supply buyer_state_code (a registered buyer''s GSTIN state). Given customer_id, the buyer (name, GSTIN, billing address, state) is that customer and its Other orders name it; an order of another customer is refused. Returns {invoice_id, invoice_number, taxable_value, cgst, sgst, igst, total}. Refuses another user''s order, a marketplace, cancelled, returned or invoiced order, an unknown state code, an invalid buyer GSTIN and a missing business profile. A repeated request_id returns the first call''s answer and writes nothing.';
revoke all on function public.create_invoice(uuid[], text, text, text, text, uuid, date, uuid) from public, anon, authenticated, service_role;
grant execute on function public.create_invoice(uuid[], text, text, text, text, uuid, date, uuid) to authenticated;

-- get_invoice: everything the printed invoice shows (Rule 46) -------------------------------------
create function public.get_invoice(invoice_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_invoice public.invoices;
  v_intra boolean;
begin
  select * into v_invoice from public.invoices v where v.id = get_invoice.invoice_id and v.user_id = v_user_id;
  if not found then
    raise exception 'Invoice not found.';
  end if;
  v_intra := v_invoice.buyer_state_code = v_invoice.supplier_state_code;
  return jsonb_build_object(
    'invoice_id', v_invoice.id,
    'invoice_number', v_invoice.invoice_number,
    'invoice_date', v_invoice.invoice_date,
    'financial_year', v_invoice.financial_year,
    'customer_id', v_invoice.customer_id,
    'document_title', 'Tax Invoice',
    'supplier', jsonb_build_object('legal_name', v_invoice.supplier_legal_name, 'address', v_invoice.supplier_address,
      'gstin', v_invoice.supplier_gstin, 'state_code', v_invoice.supplier_state_code,
      'state_name', rules.gst_state_name(v_invoice.supplier_state_code)),
    'buyer', jsonb_build_object('name', v_invoice.buyer_name, 'address', v_invoice.buyer_address,
      'gstin', v_invoice.buyer_gstin, 'state_code', v_invoice.buyer_state_code,
      'state_name', rules.gst_state_name(v_invoice.buyer_state_code)),
    'place_of_supply', jsonb_build_object('state_code', v_invoice.buyer_state_code,
      'state_name', rules.gst_state_name(v_invoice.buyer_state_code)),
    'intra_state', v_intra,
    'reverse_charge', 'No',
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object('invoice_line_id', l.id, 'line_number', l.line_number,
        'sales_order_id', l.sales_order_id, 'description', l.description, 'hsn_code', l.hsn_code,
        'quantity', l.quantity, 'uqc', l.uqc, 'unit_price', l.unit_price, 'gst_rate', l.gst_rate,
        'cgst_rate', case when v_intra then l.gst_rate / 2 else 0 end,
        'sgst_rate', case when v_intra then l.gst_rate / 2 else 0 end,
        'igst_rate', case when v_intra then 0 else l.gst_rate end,
        'taxable_value', l.taxable_value, 'cgst', l.cgst, 'sgst', l.sgst, 'igst', l.igst, 'total', l.total,
        'credited_quantity', coalesce(c.quantity, 0), 'credited_total', coalesce(c.total, 0))
        order by l.line_number)
      from public.invoice_lines l
      left join lateral (
        select sum(n.quantity) as quantity, sum(n.total) as total
        from public.credit_note_lines n where n.invoice_line_id = l.id
      ) c on true
      where l.invoice_id = v_invoice.id
    ), '[]'),
    'taxable_value', v_invoice.taxable_value,
    'cgst', v_invoice.cgst,
    'sgst', v_invoice.sgst,
    'igst', v_invoice.igst,
    'total', v_invoice.total,
    'total_in_words', rules.amount_in_words(v_invoice.total),
    'tax_in_words', rules.amount_in_words(v_invoice.cgst + v_invoice.sgst + v_invoice.igst),
    'credit_notes', coalesce((
      select jsonb_agg(jsonb_build_object('credit_note_id', n.id, 'note_number', n.note_number,
        'note_date', n.note_date, 'reason', n.reason, 'taxable_value', n.taxable_value, 'cgst', n.cgst,
        'sgst', n.sgst, 'igst', n.igst, 'total', n.total, 'total_in_words', rules.amount_in_words(n.total),
        'lines', (
          select jsonb_agg(jsonb_build_object('invoice_line_id', cl.invoice_line_id, 'line_number', cl.line_number,
            'description', l.description, 'hsn_code', l.hsn_code, 'quantity', cl.quantity, 'gst_rate', cl.gst_rate,
            'taxable_value', cl.taxable_value, 'cgst', cl.cgst, 'sgst', cl.sgst, 'igst', cl.igst, 'total', cl.total)
            order by cl.line_number)
          from public.credit_note_lines cl
          join public.invoice_lines l on l.id = cl.invoice_line_id
          where cl.credit_note_id = n.id))
        order by n.serial)
      from public.credit_notes n
      where n.invoice_id = v_invoice.id and n.user_id = v_user_id
    ), '[]'));
end;
$$;
comment on function public.get_invoice is
  'One of the caller''s invoices as printed (Rule 46): supplier and buyer (name, address, GSTIN, state), number, date, place of supply, reverse charge No, lines (HSN, description, quantity, UQC, unit price, rates, taxable value, tax split, total), totals, total in words, and its credit notes with their lines.';
revoke all on function public.get_invoice(uuid) from public, anon, authenticated, service_role;
grant execute on function public.get_invoice(uuid) to authenticated;

-- list_invoices --------------------------------------------------------------------------------------
-- One page of the caller's invoices, newest first: searched by number or buyer name (literally),
-- dated from/to (India days, both included).
create function public.list_invoices(
  search text default '',
  date_from date default null,
  date_to date default null,
  page_size integer default 25,
  page_offset integer default 0
) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_pattern text := '%' || private.escape_like(lower(btrim(coalesce(list_invoices.search, '')))) || '%';
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_page('invoice_date', array['invoice_date'], list_invoices.page_size, list_invoices.page_offset);
  if length(list_invoices.search) > 200 then
    return jsonb_build_object('total', 0, 'rows', '[]'::jsonb);
  end if;
  select count(*) into v_total
  from public.invoices v
  where v.user_id = v_user_id
    and (lower(v.invoice_number) like v_pattern or lower(v.buyer_name) like v_pattern)
    and (list_invoices.date_from is null or v.invoice_date >= list_invoices.date_from)
    and (list_invoices.date_to is null or v.invoice_date <= list_invoices.date_to);
  select coalesce(jsonb_agg(r.row order by r.invoice_date desc, r.serial desc), '[]') into v_rows
  from (
    select v.invoice_date, v.serial, jsonb_build_object('invoice_id', v.id, 'invoice_number', v.invoice_number,
      'invoice_date', v.invoice_date, 'buyer_name', v.buyer_name, 'buyer_gstin', v.buyer_gstin,
      'buyer_state_code', v.buyer_state_code, 'customer_id', v.customer_id, 'taxable_value', v.taxable_value, 'cgst', v.cgst, 'sgst', v.sgst,
      'igst', v.igst, 'total', v.total,
      'orders', (select count(*) from public.invoice_lines l where l.invoice_id = v.id),
      'credited', coalesce((select sum(n.total) from public.credit_notes n where n.invoice_id = v.id), 0)) as row
    from public.invoices v
    where v.user_id = v_user_id
      and (lower(v.invoice_number) like v_pattern or lower(v.buyer_name) like v_pattern)
      and (list_invoices.date_from is null or v.invoice_date >= list_invoices.date_from)
      and (list_invoices.date_to is null or v.invoice_date <= list_invoices.date_to)
    order by v.invoice_date desc, v.serial desc
    limit list_invoices.page_size offset list_invoices.page_offset
  ) r;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;
comment on function public.list_invoices is
  'One page of the caller''s invoices, newest first ({total, rows: [{invoice_id, invoice_number, invoice_date, buyer_name, buyer_gstin, buyer_state_code, taxable_value, cgst, sgst, igst, total, orders, credited}]}): search by number or buyer name, invoice dates from/to (both included).';
revoke all on function public.list_invoices(text, date, date, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.list_invoices(text, date, date, integer, integer) to authenticated;

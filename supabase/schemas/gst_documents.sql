-- GST (issue 31), what builds on the tables: tax on items (set_item_tax), tax invoices and credit
-- notes, the month's input tax and GSTR-1. The rules and the business profile are in gst.sql.
--
-- Invoices and credit notes are written only here (security definer, filtering on the caller's
-- auth.uid() themselves) and never updated or deleted: an invoice is corrected by a credit note.
-- Their numbers come from one counter row per user, series and financial year, taken for update in
-- the transaction that writes the document, so numbers are consecutive without gaps however many
-- are created at once (a refused call rolls its number back with it).

-- set_item_tax ---------------------------------------------------------------------------------------
-- A price rule {"up_to": 2500, "rate": 5, "above": 18}: up_to a price before tax (more than 0, in
-- paise), rate and above two rates in force now, rate the lower.
create function private.require_rate_rule(rule jsonb, today date) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_up_to numeric;
  v_rate numeric;
  v_above numeric;
begin
  if rule is null then
    return null;
  end if;
  if jsonb_typeof(rule) <> 'object' or exists (
    select 1 from jsonb_object_keys(rule) k where k not in ('up_to', 'rate', 'above')
  ) then
    raise exception 'Rate rule must be {"up_to": price, "rate": rate, "above": rate}.' using hint = 'field:rate_rule';
  end if;
  begin
    v_up_to := private.require_decimals(private.require_number(private.json_number(rule -> 'up_to', 'Rate rule price'),
      'Rate rule price', 0.01, false, 'rate_rule'), 'Rate rule price', 2, 'rate_rule');
    v_rate := private.require_number(private.json_number(rule -> 'rate', 'Rate rule rate'), 'Rate rule rate', 0, false,
      'rate_rule');
    v_above := private.require_number(private.json_number(rule -> 'above', 'Rate rule rate above'),
      'Rate rule rate above', 0, false, 'rate_rule');
  exception when raise_exception then
    -- json_number's refusals name no field: give every refusal about the rule its field.
    perform private.raise_input_error(sqlerrm, 'rate_rule');
  end;
  if not rules.gst_rate_in_force(v_rate, today) or not rules.gst_rate_in_force(v_above, today) then
    raise exception 'Rate rule rates must be GST rates in force: 0, 0.25, 3, 5, 18 or 40.' using hint = 'field:rate_rule';
  end if;
  if v_rate >= v_above then
    raise exception 'Rate rule''s rate up to the price must be lower than its rate above it.' using hint = 'field:rate_rule';
  end if;
  return jsonb_build_object('up_to', v_up_to, 'rate', v_rate, 'above', v_above);
end;
$$;
comment on function private.require_rate_rule is
  'A GST price rule {up_to, rate, above} checked (rates in force on today, rate < above, up_to > 0 in paise) and normalised, or a refusal with hint field:rate_rule.';

-- Sets (or, with no HSN code, rate and rule, clears) the tax of one product, one material, or every
-- variant of a style. Returns how many items it set.
create function public.set_item_tax(
  product_id uuid default null,
  material_id uuid default null,
  hsn_code text default null,
  gst_rate numeric default null,
  rate_rule jsonb default null,
  style_id uuid default null
) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_today date := (now() at time zone 'Asia/Kolkata')::date;
  v_hsn text := nullif(btrim(set_item_tax.hsn_code), '');
  v_rate numeric;
  v_rule jsonb;
  v_count integer;
begin
  if num_nonnulls(set_item_tax.product_id, set_item_tax.material_id, set_item_tax.style_id) <> 1 then
    raise exception 'Choose exactly one product, material or style.';
  end if;
  if v_hsn is not null or set_item_tax.gst_rate is not null or set_item_tax.rate_rule is not null then
    if v_hsn is null then
      raise exception 'HSN code is required.' using hint = 'field:hsn_code';
    end if;
    if v_hsn !~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$' then
      raise exception 'HSN code must be 4, 6 or 8 digits.' using hint = 'field:hsn_code';
    end if;
    if set_item_tax.gst_rate is not null and set_item_tax.rate_rule is not null then
      raise exception 'Give a GST rate or a rate rule, not both.' using hint = 'field:rate_rule';
    end if;
    if set_item_tax.gst_rate is null and set_item_tax.rate_rule is null then
      raise exception 'GST rate is required.' using hint = 'field:gst_rate';
    end if;
    if set_item_tax.gst_rate is not null then
      v_rate := private.require_number(set_item_tax.gst_rate, 'GST rate', 0, false, 'gst_rate');
      if not rules.gst_rate_in_force(v_rate, v_today) then
        raise exception 'GST rate must be one of 0, 0.25, 3, 5, 18 or 40 (12 and 28 ended on 21 September 2025).'
          using hint = 'field:gst_rate';
      end if;
    end if;
    v_rule := private.require_rate_rule(set_item_tax.rate_rule, v_today);
  end if;

  if set_item_tax.product_id is not null then
    update public.products p
    set hsn_code = v_hsn, gst_rate = v_rate, gst_rate_rule = v_rule
    where p.id = set_item_tax.product_id and p.user_id = v_user_id;
    get diagnostics v_count = row_count;
    if v_count = 0 then
      raise exception 'Product not found.';
    end if;
  elsif set_item_tax.material_id is not null then
    update public.raw_materials m
    set hsn_code = v_hsn, gst_rate = v_rate, gst_rate_rule = v_rule
    where m.id = set_item_tax.material_id and m.user_id = v_user_id;
    get diagnostics v_count = row_count;
    if v_count = 0 then
      raise exception 'Material not found.';
    end if;
  else
    if not exists (select 1 from public.styles s where s.id = set_item_tax.style_id and s.user_id = v_user_id) then
      raise exception 'Style not found.';
    end if;
    update public.products p
    set hsn_code = v_hsn, gst_rate = v_rate, gst_rate_rule = v_rule
    from public.style_variants v
    where v.style_id = set_item_tax.style_id and v.user_id = v_user_id and p.id = v.product_id
      and p.user_id = v_user_id;
    get diagnostics v_count = row_count;
  end if;

  -- The backfill (README, "GST"): the products' recorded orders whose tax is unknown (recorded
  -- before the product had a rate) take its rate now, for their own unit price and day, and their
  -- place of supply (the business's state when they name none). Orders with a rate keep theirs.
  if set_item_tax.material_id is null and v_hsn is not null then
    update public.sales_orders o
    set place_of_supply = t.place_of_supply, hsn_code = t.hsn_code, gst_rate = t.gst_rate,
      taxable_value = t.taxable_value, cgst = t.cgst, sgst = t.sgst, igst = t.igst
    from (
      select u.id, u.place_of_supply, u.hsn_code, u.gst_rate, x.*
      from (
        select o2.id, o2.total_amount, coalesce(o2.place_of_supply, b.state_code) as place_of_supply, p.hsn_code,
          rules.gst_rate_for(p.gst_rate, p.gst_rate_rule, o2.unit_price,
            (o2.order_date at time zone 'Asia/Kolkata')::date) as gst_rate,
          o2.place_of_supply is null or b.state_code is null or o2.place_of_supply = b.state_code as intra_state
        from public.products p
        join public.sales_orders o2 on o2.product_id = p.id and o2.user_id = p.user_id
        left join public.business_profiles b on b.user_id = p.user_id
        where p.user_id = v_user_id and o2.gst_rate is null
          and (p.id = set_item_tax.product_id or p.id in (
            select v.product_id from public.style_variants v
            where v.style_id = set_item_tax.style_id and v.user_id = v_user_id))
      ) u
      cross join lateral rules.gst_split(u.total_amount, u.gst_rate, u.intra_state) x
      where u.gst_rate is not null
    ) t
    where o.id = t.id and o.user_id = v_user_id;
  end if;
  return v_count;
end;
$$;
comment on function public.set_item_tax is
  'Sets the HSN code (4, 6 or 8 digits) and GST rate (in force: 0, 0.25, 3, 5, 18, 40) or price rule ({"up_to": 2500, "rate": 5, "above": 18}) of one product, material or every variant of a style; all three empty clears it. A product''s recorded orders whose tax is unknown take the new rate (at their own price and day). Returns the number of items set. Refusals carry hint field:<argument>.';
revoke all on function public.set_item_tax(uuid, uuid, text, numeric, jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.set_item_tax(uuid, uuid, text, numeric, jsonb, uuid) to authenticated;

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
  select 'Rupees ' || rules.number_in_words(trunc(amount)::bigint)
    || case when round(amount * 100) % 100 <> 0
         then ' and ' || rules.number_in_words((round(amount * 100) % 100)::bigint) || ' Paise' else '' end
    || ' Only'
$$;
comment on function rules.amount_in_words is
  'A rupee amount in words for invoices: 112000.50 is Rupees One Lakh Twelve Thousand and Fifty Paise Only.';
revoke all on function rules.number_in_words(bigint), rules.amount_in_words(numeric)
  from public, anon, authenticated, service_role;
grant execute on function rules.number_in_words(bigint), rules.amount_in_words(numeric) to authenticated;

-- Tables -------------------------------------------------------------------------------------------
-- The next number of a user's series (invoice or credit_note) in a financial year; the row stays
-- locked until the document's transaction ends, so the next call waits and takes the one after.
create table private.document_series (
  user_id uuid not null,
  series text not null check (series in ('invoice', 'credit_note')),
  financial_year text not null check (financial_year ~ '^[0-9]{2}-[0-9]{2}$'),
  last_serial integer not null check (last_serial > 0),
  primary key (user_id, series, financial_year)
);
comment on table private.document_series is
  'Per user, series (invoice, credit_note) and financial year, the last serial number issued.';
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
  constraint invoices_user_id_invoice_number_key unique (user_id, invoice_number),
  constraint invoices_id_user_id_key unique (id, user_id)
);
comment on table public.invoices is
  'Tax invoices for Brand Website and Other sales (create_invoice): number, date, supplier and buyer, place of supply (buyer_state_code) and totals. Never updated or deleted; credited by credit notes.';
create index invoices_user_id_invoice_date_idx on public.invoices (user_id, invoice_date desc, serial desc);

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

create table public.credit_notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  invoice_id uuid not null,
  -- CN/{yy-yy}/{serial}: a series of its own.
  note_number text not null check (length(note_number) <= 16),
  financial_year text not null,
  serial integer not null check (serial > 0),
  note_date date not null,
  created_at timestamptz not null default now(),
  reason text check (length(reason) <= 200),
  taxable_value numeric(14, 2) not null,
  cgst numeric(14, 2) not null,
  sgst numeric(14, 2) not null,
  igst numeric(14, 2) not null,
  total numeric(14, 2) not null check (total > 0),
  constraint credit_notes_user_id_note_number_key unique (user_id, note_number),
  constraint credit_notes_id_user_id_key unique (id, user_id),
  foreign key (invoice_id, user_id) references public.invoices (id, user_id) on delete cascade
);
comment on table public.credit_notes is
  'Credit notes against an invoice (create_credit_note): a return (quantity) or a price correction (amount), numbered CN/yy-yy/n. Never updated or deleted.';
create index credit_notes_invoice_id_user_id_idx on public.credit_notes (invoice_id, user_id);
create index credit_notes_user_id_note_date_idx on public.credit_notes (user_id, note_date);

create table public.credit_note_lines (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  credit_note_id uuid not null,
  invoice_line_id uuid not null,
  line_number smallint not null check (line_number between 1 and 100),
  -- Units returned; null for a price correction.
  quantity integer check (quantity > 0),
  gst_rate numeric(5, 2) not null,
  taxable_value numeric(14, 2) not null,
  cgst numeric(14, 2) not null,
  sgst numeric(14, 2) not null,
  igst numeric(14, 2) not null,
  total numeric(14, 2) not null check (total > 0),
  constraint credit_note_lines_note_line_number_key unique (credit_note_id, line_number),
  foreign key (credit_note_id, user_id) references public.credit_notes (id, user_id) on delete cascade,
  foreign key (invoice_line_id, user_id) references public.invoice_lines (id, user_id) on delete cascade
);
comment on table public.credit_note_lines is
  'What a credit note credits on each invoice line: units returned (or none, for a price correction), taxable value and tax.';
create index credit_note_lines_invoice_line_id_user_id_idx on public.credit_note_lines (invoice_line_id, user_id);
create index credit_note_lines_user_id_idx on public.credit_note_lines (user_id);

alter table public.invoices enable row level security;
alter table public.invoice_lines enable row level security;
alter table public.credit_notes enable row level security;
alter table public.credit_note_lines enable row level security;
create policy "Owners can read their invoices" on public.invoices
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their invoice lines" on public.invoice_lines
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their credit notes" on public.credit_notes
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their credit note lines" on public.credit_note_lines
  for select to authenticated using (user_id = (select auth.uid()));
-- Read only, even for the service role: documents are written by the operations below alone.
revoke all on public.invoices, public.invoice_lines, public.credit_notes, public.credit_note_lines
  from public, anon, authenticated, service_role;
grant select on public.invoices, public.invoice_lines, public.credit_notes, public.credit_note_lines
  to authenticated, service_role;

-- create_invoice ---------------------------------------------------------------------------------
-- One line per order (at most 100), each at the rate of its sale (or, if the sale's tax was
-- unknown, its product's rate now for the order's price and day), split for the invoice's place of
-- supply (the buyer's state): the orders' GST snapshots follow the invoice. issued_at is now in the
-- API; pgTAP passes other moments to test the financial-year boundary.
create function private.create_invoice(
  user_id uuid,
  order_ids uuid[],
  buyer_name text,
  buyer_gstin text,
  buyer_state_code text,
  buyer_address text,
  issued_at timestamptz
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_profile public.business_profiles;
  v_buyer_name text := private.require_text(create_invoice.buyer_name, 'Buyer name', 200, 'buyer_name');
  v_buyer_gstin text := private.require_gstin(left(create_invoice.buyer_gstin, 100), 'buyer_gstin');
  v_buyer_address text := private.optional_text(create_invoice.buyer_address, 'Buyer address', 500, 'buyer_address');
  v_state text := btrim(create_invoice.buyer_state_code);
  v_ids uuid[];
  v_problem record;
  v_financial_year text := rules.financial_year(create_invoice.issued_at);
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
    r.gst_rate
  into v_problem
  from unnest(v_ids) i (id)
  left join public.sales_orders o on o.id = i.id and o.user_id = create_invoice.user_id
  left join public.invoice_lines il on il.sales_order_id = o.id
  left join public.products p on p.id = o.product_id and p.user_id = o.user_id
  left join lateral (
    select coalesce(o.gst_rate, rules.gst_rate_for(p.gst_rate, p.gst_rate_rule, o.unit_price,
      (o.order_date at time zone 'Asia/Kolkata')::date)) as gst_rate
  ) r on true
  where o.id is null or o.platform not in ('Brand Website', 'Other')
    or not (o.status = any (rules.counted_sale_statuses()))
    or il.invoice_id is not null or r.gst_rate is null
  order by i.id
  limit 1;
  if found then
    if v_problem.order_id is null then
      raise exception 'Sales order not found.';
    elsif v_problem.platform not in ('Brand Website', 'Other') then
      raise exception 'The order of % is a % sale: the marketplace invoices its buyer. Only Brand Website and Other orders are invoiced here.',
        v_problem.product_name, v_problem.platform;
    elsif not (v_problem.status = any (rules.counted_sale_statuses())) then
      raise exception 'The order of % is %: it cannot be invoiced.', v_problem.product_name, lower(v_problem.status::text);
    elsif v_problem.invoice_id is not null then
      raise exception 'The order of % is already on invoice %.', v_problem.product_name,
        (select v.invoice_number from public.invoices v where v.id = v_problem.invoice_id);
    else
      raise exception '% has no GST rate: set its HSN code and rate, then invoice its order.', v_problem.product_name;
    end if;
  end if;

  v_serial := private.next_serial(create_invoice.user_id, 'invoice', v_financial_year);
  v_number := format('%s/%s/%s', v_profile.invoice_prefix, v_financial_year, v_serial);
  if length(v_number) > 16 then
    raise exception 'Invoice number % would be longer than 16 characters: choose a shorter invoice prefix.', v_number;
  end if;

  insert into public.invoices (user_id, invoice_number, financial_year, serial, invoice_date, supplier_legal_name,
    supplier_address, supplier_gstin, supplier_state_code, buyer_name, buyer_gstin, buyer_address, buyer_state_code,
    taxable_value, cgst, sgst, igst, total)
  values (create_invoice.user_id, v_number, v_financial_year, v_serial,
    (create_invoice.issued_at at time zone 'Asia/Kolkata')::date, v_profile.legal_name, v_profile.address,
    v_profile.gstin, v_profile.state_code, v_buyer_name, v_buyer_gstin, v_buyer_address, v_state, 0, 0, 0, 0, 0)
  returning * into v_invoice;

  -- The lines, split for the place of supply; the orders' snapshots follow.
  with taxed as (
    select o.id as order_id, o.product_id, o.product_name, coalesce(o.hsn_code, p.hsn_code) as hsn_code, o.quantity,
      o.unit_price, o.total_amount, r.gst_rate, x.*,
      row_number() over (order by o.order_date, o.id) as line_number
    from public.sales_orders o
    join public.products p on p.id = o.product_id and p.user_id = o.user_id
    cross join lateral (
      select coalesce(o.gst_rate, rules.gst_rate_for(p.gst_rate, p.gst_rate_rule, o.unit_price,
        (o.order_date at time zone 'Asia/Kolkata')::date)) as gst_rate
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
      cgst = t.cgst, sgst = t.sgst, igst = t.igst
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
  'create_invoice for one user at a given moment (its date and financial year): the API passes now().';

create function public.create_invoice(
  order_ids uuid[],
  buyer_name text,
  buyer_gstin text default null,
  buyer_state_code text default null,
  buyer_address text default null,
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
  v_result := private.replayed_result(v_user_id, create_invoice.request_id, 'create_invoice');
  if v_result is not null then
    return v_result;
  end if;
  v_result := private.create_invoice(v_user_id, create_invoice.order_ids, create_invoice.buyer_name,
    create_invoice.buyer_gstin, create_invoice.buyer_state_code, create_invoice.buyer_address, now());
  perform private.remember_result(v_user_id, create_invoice.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.create_invoice is
  'A tax invoice for Brand Website and Other orders (1 to 100), numbered {prefix}/{yy-yy}/{n} in the financial year (India time), consecutive without gaps; place of supply buyer_state_code. Returns {invoice_id, invoice_number, taxable_value, cgst, sgst, igst, total}. Refuses another user''s order, a marketplace, cancelled, returned or invoiced order, an unknown state code, an invalid buyer GSTIN and a missing business profile. A repeated request_id returns the first call''s answer and writes nothing.';
revoke all on function public.create_invoice(uuid[], text, text, text, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.create_invoice(uuid[], text, text, text, text, uuid) to authenticated;

-- create_credit_note -------------------------------------------------------------------------------
-- lines: [{invoice_line_id, quantity}] for units returned, or [{invoice_line_id, amount}] for a price
-- correction (GST included, as the invoice's total), at most 100. Never more than a line has left
-- to credit: its units, its total. A quantity credits that share of the line's total (or all that
-- is left when the last units are credited). The tax is cumulative, never per note: a credit's
-- taxable value and tax are the line's split (rules.gst_split at its rate, for the invoice's place of
-- supply) of all the line has now credited, this credit included, rounded once there, less what its
-- earlier notes took. Every part of that split grows with the amount, and at the line's total it is
-- the line's own split (create_invoice made the line with it), so no part is negative, the credits
-- never pass the line's figures, and a line credited in full cancels to the paisa. (Split per note,
-- Rs 0.05 credits of a Rs 11.80 line at 18% each took CGST 0.01, and the last one CGST -1.45.)
create function private.create_credit_note(
  user_id uuid,
  invoice_id uuid,
  lines jsonb,
  reason text,
  issued_at timestamptz
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_reason text := private.optional_text(create_credit_note.reason, 'Reason', 200, 'reason');
  v_invoice public.invoices;
  v_line record;
  v_quantity integer;
  v_amount numeric;
  v_credits jsonb := '[]'::jsonb;
  v_split record;
  v_financial_year text := rules.financial_year(create_credit_note.issued_at);
  v_serial integer;
  v_note public.credit_notes;
begin
  select * into v_invoice
  from public.invoices v
  where v.id = create_credit_note.invoice_id and v.user_id = create_credit_note.user_id
  for update;
  if not found then
    raise exception 'Invoice not found.';
  end if;
  if jsonb_typeof(create_credit_note.lines) is distinct from 'array' or jsonb_array_length(create_credit_note.lines) = 0 then
    raise exception 'Choose at least one invoice line to credit.' using hint = 'field:lines';
  end if;
  if jsonb_array_length(create_credit_note.lines) > 100 then
    perform private.raise_input_error(format('A credit note has at most 100 lines; this has %s.',
      jsonb_array_length(create_credit_note.lines)), 'lines');
  end if;
  if exists (
    select 1 from jsonb_array_elements(create_credit_note.lines) e
    where jsonb_typeof(e) <> 'object'
      or coalesce(lower(e ->> 'invoice_line_id'), '') !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  ) then
    raise exception 'Each credit needs a line of this invoice and a quantity or an amount.' using hint = 'field:lines';
  end if;
  if (select count(distinct lower(e ->> 'invoice_line_id')) from jsonb_array_elements(create_credit_note.lines) e)
     <> jsonb_array_length(create_credit_note.lines) then
    raise exception 'A line can be credited once per credit note.' using hint = 'field:lines';
  end if;

  for v_line in
    select e.ordinal, e.value -> 'quantity' as quantity_json, e.value -> 'amount' as amount_json, l.*,
      l.quantity - coalesce(c.quantity, 0) as quantity_left, coalesce(c.total, 0) as total_credited,
      l.total - coalesce(c.total, 0) as total_left, coalesce(c.taxable_value, 0) as taxable_credited,
      coalesce(c.cgst, 0) as cgst_credited, coalesce(c.sgst, 0) as sgst_credited, coalesce(c.igst, 0) as igst_credited
    from jsonb_array_elements(create_credit_note.lines) with ordinality e (value, ordinal)
    left join public.invoice_lines l
      on l.id = (e.value ->> 'invoice_line_id')::uuid and l.invoice_id = v_invoice.id
    left join lateral (
      select sum(n.quantity) as quantity, sum(n.total) as total, sum(n.taxable_value) as taxable_value,
        sum(n.cgst) as cgst, sum(n.sgst) as sgst, sum(n.igst) as igst
      from public.credit_note_lines n
      where n.invoice_line_id = l.id
    ) c on true
    order by e.ordinal
  loop
    if v_line.id is null then
      raise exception 'That line is not on this invoice.' using hint = 'field:lines';
    end if;
    if (coalesce(jsonb_typeof(v_line.quantity_json), 'null') = 'null')
       = (coalesce(jsonb_typeof(v_line.amount_json), 'null') = 'null') then
      perform private.raise_input_error(format('Credit %s by a quantity returned or by an amount, not both.',
        v_line.description), 'lines');
    end if;
    v_quantity := null;
    begin
      if coalesce(jsonb_typeof(v_line.quantity_json), 'null') <> 'null' then
        v_quantity := private.require_number(private.json_number(v_line.quantity_json, 'Quantity'), 'Quantity', 1, true,
          'lines');
        if v_quantity > v_line.quantity_left then
          perform private.raise_input_error(format('Only %s of %s can still be credited.', v_line.quantity_left,
            v_line.description), 'lines');
        end if;
        v_amount := case when v_quantity = v_line.quantity_left then v_line.total_left
          else least(round(v_line.total * v_quantity / v_line.quantity, 2), v_line.total_left) end;
      else
        v_amount := private.require_decimals(private.require_number(private.json_number(v_line.amount_json, 'Amount'),
          'Amount', 0.01, false, 'lines'), 'Amount', 2, 'lines');
      end if;
    exception when raise_exception then
      perform private.raise_input_error(sqlerrm, 'lines');
    end;
    if v_amount > v_line.total_left or v_amount <= 0 then
      perform private.raise_input_error(format('At most %s of %s can still be credited.', v_line.total_left,
        v_line.description), 'lines');
    end if;
    select x.taxable_value - v_line.taxable_credited as taxable_value, x.cgst - v_line.cgst_credited as cgst,
      x.sgst - v_line.sgst_credited as sgst, x.igst - v_line.igst_credited as igst
    into v_split
    from rules.gst_split(v_line.total_credited + v_amount, v_line.gst_rate,
      v_invoice.buyer_state_code = v_invoice.supplier_state_code) x;
    v_credits := v_credits || jsonb_build_object('invoice_line_id', v_line.id, 'line_number', v_line.ordinal,
      'quantity', v_quantity, 'gst_rate', v_line.gst_rate, 'taxable_value', v_split.taxable_value, 'cgst', v_split.cgst,
      'sgst', v_split.sgst, 'igst', v_split.igst, 'total', v_amount);
  end loop;

  v_serial := private.next_serial(create_credit_note.user_id, 'credit_note', v_financial_year);
  insert into public.credit_notes (user_id, invoice_id, note_number, financial_year, serial, note_date, reason,
    taxable_value, cgst, sgst, igst, total)
  select create_credit_note.user_id, v_invoice.id, format('CN/%s/%s', v_financial_year, v_serial), v_financial_year,
    v_serial, (create_credit_note.issued_at at time zone 'Asia/Kolkata')::date, v_reason,
    sum((c ->> 'taxable_value')::numeric), sum((c ->> 'cgst')::numeric), sum((c ->> 'sgst')::numeric),
    sum((c ->> 'igst')::numeric), sum((c ->> 'total')::numeric)
  from jsonb_array_elements(v_credits) c
  returning * into v_note;

  insert into public.credit_note_lines (user_id, credit_note_id, invoice_line_id, line_number, quantity, gst_rate,
    taxable_value, cgst, sgst, igst, total)
  select create_credit_note.user_id, v_note.id, (c ->> 'invoice_line_id')::uuid, (c ->> 'line_number')::smallint,
    (c ->> 'quantity')::integer, (c ->> 'gst_rate')::numeric, (c ->> 'taxable_value')::numeric,
    (c ->> 'cgst')::numeric, (c ->> 'sgst')::numeric, (c ->> 'igst')::numeric, (c ->> 'total')::numeric
  from jsonb_array_elements(v_credits) c;

  return jsonb_build_object('credit_note_id', v_note.id, 'note_number', v_note.note_number, 'invoice_id', v_invoice.id,
    'taxable_value', v_note.taxable_value, 'cgst', v_note.cgst, 'sgst', v_note.sgst, 'igst', v_note.igst,
    'total', v_note.total);
end;
$$;
comment on function private.create_credit_note is
  'create_credit_note for one user at a given moment (its date and financial year): the API passes now().';

create function public.create_credit_note(
  invoice_id uuid,
  lines jsonb,
  reason text default null,
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
  v_result := private.replayed_result(v_user_id, create_credit_note.request_id, 'create_credit_note');
  if v_result is not null then
    return v_result;
  end if;
  v_result := private.create_credit_note(v_user_id, create_credit_note.invoice_id, create_credit_note.lines,
    create_credit_note.reason, now());
  perform private.remember_result(v_user_id, create_credit_note.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.create_credit_note is
  'A credit note against one of the caller''s invoices, numbered CN/{yy-yy}/{n}: lines [{invoice_line_id, quantity}] (a return) or [{invoice_line_id, amount}] (a price correction, GST included), never more than is left to credit. Returns {credit_note_id, note_number, invoice_id, taxable_value, cgst, sgst, igst, total}. A repeated request_id returns the first call''s answer and writes nothing.';
revoke all on function public.create_credit_note(uuid, jsonb, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.create_credit_note(uuid, jsonb, text, uuid) to authenticated;

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
      'buyer_state_code', v.buyer_state_code, 'taxable_value', v.taxable_value, 'cgst', v.cgst, 'sgst', v.sgst,
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

-- The first day of a 'YYYY-MM' month, or a refusal naming the argument.
create function private.require_month(month text) returns date
language plpgsql
immutable
set search_path = ''
as $$
begin
  if month is null or month !~ '^(20[0-9]{2})-(0[1-9]|1[0-2])$' then
    raise exception 'Month must be YYYY-MM, for example 2025-10.' using hint = 'field:month';
  end if;
  return to_date(month || '-01', 'YYYY-MM-DD');
end;
$$;

-- input_tax: the month's GST paid on materials, by rate ------------------------------------------
create function public.input_tax(month text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_from date := private.require_month(input_tax.month);
begin
  return (
    select jsonb_build_object('month', input_tax.month,
      'rows', coalesce(jsonb_agg(jsonb_build_object('gst_rate', r.gst_rate, 'receipts', r.receipts,
        'purchase_value', r.purchase_value, 'gst_paid', r.gst_paid) order by r.gst_rate nulls last), '[]'),
      'purchase_value', coalesce(sum(r.purchase_value), 0), 'gst_paid', coalesce(sum(r.gst_paid), 0))
    from (
      select m.gst_rate, count(*) as receipts, coalesce(sum(m.purchase_value), 0) as purchase_value,
        sum(m.gst_paid) as gst_paid
      from public.stock_movements m
      where m.user_id = v_user_id and m.gst_paid is not null
        and m.created_at >= v_from::timestamp at time zone 'Asia/Kolkata'
        and m.created_at < (v_from + interval '1 month')::timestamp at time zone 'Asia/Kolkata'
      group by m.gst_rate
    ) r);
end;
$$;
comment on function public.input_tax is
  'The GST paid on material receipts in a month (YYYY-MM, India time), by rate: {month, rows: [{gst_rate (null: not given), receipts, purchase_value, gst_paid}], purchase_value, gst_paid}.';
revoke all on function public.input_tax(text) from public, anon, authenticated, service_role;
grant execute on function public.input_tax(text) to authenticated;

-- One line of GSTR-1's HSN summary before it is summed (signed: credit notes negative).
create type private.gstr1_hsn_line as (
  hsn_code text,
  description text,
  quantity numeric,
  gst_rate numeric,
  taxable_value numeric,
  igst numeric,
  cgst numeric,
  sgst numeric
);

-- The HSN summary of signed supply lines: per HSN and rate, the UQC (NOS: products are pieces),
-- quantity, total value (taxable value and tax), taxable value and each tax.
create function private.gstr1_hsn(lines private.gstr1_hsn_line[]) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(r order by r.hsn, r.rate), '[]')
  from (
    select l.hsn_code as hsn, min(l.description) as description, 'NOS-NUMBERS' as uqc,
      sum(l.quantity) as total_quantity, sum(l.taxable_value + l.igst + l.cgst + l.sgst) as total_value,
      l.gst_rate as rate, sum(l.taxable_value) as taxable_value, sum(l.igst) as igst, sum(l.cgst) as cgst,
      sum(l.sgst) as sgst, 0 as cess
    from unnest(lines) l
    group by l.hsn_code, l.gst_rate
    -- a line credited in full leaves nothing to report
    having sum(l.quantity) <> 0 or sum(l.taxable_value) <> 0 or sum(l.igst + l.cgst + l.sgst) <> 0
  ) r
$$;
comment on function private.gstr1_hsn is 'GSTR-1''s HSN summary rows (HSN, description, UQC, quantity, total value, rate, taxable value, IGST, CGST, SGST, cess) of signed supply lines.';

-- gstr1_summary: the month's GSTR-1, table by table ----------------------------------------------
-- Every figure comes from one set of supply rows, so the tables reconcile by construction: the HSN
-- summary (and `totals`) equals b2b + b2cl + b2cs - cdnr - cdnur. The rows:
--   invoices dated in the month, one row per line: to a GSTIN b2b; inter-state without a GSTIN and
--     worth more than the B2CL limit (Rs 1,00,000 for invoices from 1 August 2024, Rs 2,50,000
--     before: Notification 12/2024-CT) b2cl; any other b2cs (OE);
--   credit notes dated in the month: against a b2b invoice cdnr, a b2cl invoice cdnur, any other
--     taken off b2cs (GSTR-1 nets small B2C returns there);
--   sales ordered in the month (India time) and not invoiced: b2cs, type E with the operator's GSTIN
--     where the order report gave it, else OE; each as it stands after its returns (what it kept:
--     the total less the refunded share, the taxable value less its share, the tax the
--     difference), so a marketplace return reduces the b2cs of the month it was sold in. Cancelled
--     and fully returned orders add nothing. A sale whose tax is unknown (no rate) is in no table:
--     tax_unknown lists them (the first 100, and how many) for the owner to fix.
-- HSN: since the May 2025 return period the summary is filed in two tabs, B2B (b2b and cdnr) and
-- B2C (the rest): hsn_b2b and hsn_b2c; `hsn` is both together (the single table of earlier months).
-- eco (Table 14(a)) repeats, per operator GSTIN, the sales made through a marketplace that gave it.
create function public.gstr1_summary(month text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_from date := private.require_month(gstr1_summary.month);
  v_to date := (private.require_month(gstr1_summary.month) + interval '1 month')::date;
  v_state text := (select b.state_code from public.business_profiles b where b.user_id = v_user_id);
  v_result jsonb;
begin
  with invoice_kind as (
    select v.*,
      case
        when v.buyer_gstin is not null then 'b2b'
        when v.buyer_state_code <> v.supplier_state_code
          and v.total > case when v.invoice_date >= date '2024-08-01' then 100000 else 250000 end then 'b2cl'
        else 'b2cs'
      end as kind
    from public.invoices v
    where v.user_id = v_user_id
  ),
  supply as (
    -- invoice lines
    select v.kind, 1 as sign, v.id as document_id, v.invoice_number as document_number,
      v.invoice_date as document_date, v.total as document_value, v.buyer_gstin, v.buyer_name,
      v.buyer_state_code as place_of_supply, null::text as operator_gstin, l.hsn_code, l.description,
      l.quantity, l.gst_rate, l.taxable_value, l.cgst, l.sgst, l.igst,
      null::text as original_number, null::date as original_date, v.kind as invoice_kind
    from invoice_kind v
    join public.invoice_lines l on l.invoice_id = v.id
    where v.invoice_date >= v_from and v.invoice_date < v_to
    union all
    -- credit note lines
    select case v.kind when 'b2b' then 'cdnr' when 'b2cl' then 'cdnur' else 'b2cs' end, -1, n.id, n.note_number,
      n.note_date, n.total, v.buyer_gstin, v.buyer_name, v.buyer_state_code, null, l.hsn_code, l.description,
      coalesce(c.quantity, 0), c.gst_rate, c.taxable_value, c.cgst, c.sgst, c.igst, v.invoice_number, v.invoice_date,
      v.kind
    from public.credit_notes n
    join invoice_kind v on v.id = n.invoice_id
    join public.credit_note_lines c on c.credit_note_id = n.id
    join public.invoice_lines l on l.id = c.invoice_line_id
    where n.user_id = v_user_id and n.note_date >= v_from and n.note_date < v_to
    union all
    -- sales not invoiced, as they stand after their returns
    select 'b2cs', 1, o.id, null, (o.order_date at time zone 'Asia/Kolkata')::date, null, null, null,
      coalesce(o.place_of_supply, v_state), o.operator_gstin, o.hsn_code, o.product_name,
      o.quantity - o.returned_quantity, o.gst_rate, k.taxable_value,
      case when o.igst = 0 then round(k.tax / 2, 2) else 0 end,
      case when o.igst = 0 then k.tax - round(k.tax / 2, 2) else 0 end,
      case when o.igst = 0 then 0 else k.tax end,
      null, null, 'b2cs'
    from public.sales_orders o
    cross join lateral (
      select o.taxable_value - o.refunded_taxable_value as taxable_value,
        (o.total_amount - o.refunded_amount) - (o.taxable_value - o.refunded_taxable_value) as tax
    ) k
    where o.user_id = v_user_id
      and o.order_date >= v_from::timestamp at time zone 'Asia/Kolkata'
      and o.order_date < v_to::timestamp at time zone 'Asia/Kolkata'
      and o.status = any (rules.counted_sale_statuses())
      and o.gst_rate is not null
      and not exists (select 1 from public.invoice_lines il where il.sales_order_id = o.id)
  ),
  labelled as (
    select s.*, s.place_of_supply || '-' || rules.gst_state_name(s.place_of_supply) as place_of_supply_label,
      s.kind in ('b2b', 'cdnr') as b2b_supply
    from supply s
  )
  select jsonb_build_object(
    'month', gstr1_summary.month,
    'business_state_code', v_state,
    'b2b', coalesce((
      select jsonb_agg(r order by r.invoice_date, r.invoice_number, r.rate) from (
        select l.buyer_gstin as receiver_gstin, l.buyer_name as receiver_name, l.document_number as invoice_number,
          l.document_date as invoice_date, l.document_value as invoice_value, l.place_of_supply_label as place_of_supply,
          l.place_of_supply as place_of_supply_code, 'N' as reverse_charge, null::numeric as applicable_percent,
          'Regular B2B' as invoice_type, null::text as ecommerce_gstin, l.gst_rate as rate,
          sum(l.taxable_value) as taxable_value, 0 as cess, sum(l.igst) as igst, sum(l.cgst) as cgst, sum(l.sgst) as sgst
        from labelled l where l.kind = 'b2b'
        group by l.buyer_gstin, l.buyer_name, l.document_number, l.document_date, l.document_value,
          l.place_of_supply_label, l.place_of_supply, l.gst_rate) r), '[]'),
    'b2cl', coalesce((
      select jsonb_agg(r order by r.invoice_date, r.invoice_number, r.rate) from (
        select l.document_number as invoice_number, l.document_date as invoice_date, l.document_value as invoice_value,
          l.place_of_supply_label as place_of_supply, l.place_of_supply as place_of_supply_code,
          null::numeric as applicable_percent, l.gst_rate as rate, sum(l.taxable_value) as taxable_value, 0 as cess,
          null::text as ecommerce_gstin, sum(l.igst) as igst
        from labelled l where l.kind = 'b2cl'
        group by l.document_number, l.document_date, l.document_value, l.place_of_supply_label, l.place_of_supply,
          l.gst_rate) r), '[]'),
    'b2cs', coalesce((
      select jsonb_agg(r order by r.place_of_supply_code, r.rate, r.type, r.ecommerce_gstin) from (
        select case when l.operator_gstin is null then 'OE' else 'E' end as type,
          l.place_of_supply_label as place_of_supply, l.place_of_supply as place_of_supply_code,
          null::numeric as applicable_percent, l.gst_rate as rate, sum(l.sign * l.taxable_value) as taxable_value,
          0 as cess, l.operator_gstin as ecommerce_gstin, sum(l.sign * l.igst) as igst, sum(l.sign * l.cgst) as cgst,
          sum(l.sign * l.sgst) as sgst
        from labelled l where l.kind = 'b2cs'
        group by l.place_of_supply_label, l.place_of_supply, l.gst_rate, l.operator_gstin
        having sum(l.sign * l.taxable_value) <> 0 or sum(l.sign * (l.igst + l.cgst + l.sgst)) <> 0) r), '[]'),
    'cdnr', coalesce((
      select jsonb_agg(r order by r.note_date, r.note_number, r.rate) from (
        select l.buyer_gstin as receiver_gstin, l.buyer_name as receiver_name, l.document_number as note_number,
          l.document_date as note_date, 'C' as note_type, l.place_of_supply_label as place_of_supply,
          l.place_of_supply as place_of_supply_code, 'N' as reverse_charge, 'Regular B2B' as note_supply_type,
          l.document_value as note_value, null::numeric as applicable_percent, l.gst_rate as rate,
          sum(l.taxable_value) as taxable_value, 0 as cess, sum(l.igst) as igst, sum(l.cgst) as cgst,
          sum(l.sgst) as sgst, l.original_number as invoice_number, l.original_date as invoice_date
        from labelled l where l.kind = 'cdnr'
        group by l.buyer_gstin, l.buyer_name, l.document_number, l.document_date, l.place_of_supply_label,
          l.place_of_supply, l.document_value, l.gst_rate, l.original_number, l.original_date) r), '[]'),
    'cdnur', coalesce((
      select jsonb_agg(r order by r.note_date, r.note_number, r.rate) from (
        select 'B2CL' as ur_type, l.document_number as note_number, l.document_date as note_date, 'C' as note_type,
          l.place_of_supply_label as place_of_supply, l.place_of_supply as place_of_supply_code,
          l.document_value as note_value, null::numeric as applicable_percent, l.gst_rate as rate,
          sum(l.taxable_value) as taxable_value, 0 as cess, sum(l.igst) as igst, l.original_number as invoice_number,
          l.original_date as invoice_date
        from labelled l where l.kind = 'cdnur'
        group by l.document_number, l.document_date, l.place_of_supply_label, l.place_of_supply, l.document_value,
          l.gst_rate, l.original_number, l.original_date) r), '[]'),
    'hsn', private.gstr1_hsn(array(select row(l.hsn_code, l.description, l.sign * l.quantity, l.gst_rate,
      l.sign * l.taxable_value, l.sign * l.igst, l.sign * l.cgst, l.sign * l.sgst)::private.gstr1_hsn_line
      from labelled l)),
    'hsn_b2b', private.gstr1_hsn(array(select row(l.hsn_code, l.description, l.sign * l.quantity, l.gst_rate,
      l.sign * l.taxable_value, l.sign * l.igst, l.sign * l.cgst, l.sign * l.sgst)::private.gstr1_hsn_line
      from labelled l where l.b2b_supply)),
    'hsn_b2c', private.gstr1_hsn(array(select row(l.hsn_code, l.description, l.sign * l.quantity, l.gst_rate,
      l.sign * l.taxable_value, l.sign * l.igst, l.sign * l.cgst, l.sign * l.sgst)::private.gstr1_hsn_line
      from labelled l where not l.b2b_supply)),
    'hsn_split', v_from >= date '2025-05-01',
    -- Table 14(a) (from the January 2024 period): the supplies made through each e-commerce
    -- operator that collects TCS, by its GSTIN, reported in addition to b2cs.
    'eco', coalesce((
      select jsonb_agg(r order by r.ecommerce_gstin) from (
        select 'Liable to collect tax u/s 52(TCS)' as nature_of_supply, l.operator_gstin as ecommerce_gstin,
          sum(l.sign * l.taxable_value) as net_value_of_supplies, sum(l.sign * l.igst) as igst,
          sum(l.sign * l.cgst) as cgst, sum(l.sign * l.sgst) as sgst, 0 as cess
        from labelled l where l.operator_gstin is not null
        group by l.operator_gstin) r), '[]'),
    'docs', coalesce((
      select jsonb_agg(to_jsonb(r) - 'sort' order by r.sort, r.sr_no_from) from (
        select 1 as sort, 'Invoices for outward supply' as nature_of_document,
          (array_agg(v.invoice_number order by v.serial))[1] as sr_no_from,
          (array_agg(v.invoice_number order by v.serial desc))[1] as sr_no_to, count(*) as total_number, 0 as cancelled
        from public.invoices v
        where v.user_id = v_user_id and v.invoice_date >= v_from and v.invoice_date < v_to
        group by v.financial_year
        union all
        select 2, 'Credit Note', (array_agg(n.note_number order by n.serial))[1],
          (array_agg(n.note_number order by n.serial desc))[1], count(*), 0
        from public.credit_notes n
        where n.user_id = v_user_id and n.note_date >= v_from and n.note_date < v_to
        group by n.financial_year) r), '[]'),
    'totals', (
      select jsonb_build_object('taxable_value', coalesce(sum(l.sign * l.taxable_value), 0),
        'igst', coalesce(sum(l.sign * l.igst), 0), 'cgst', coalesce(sum(l.sign * l.cgst), 0),
        'sgst', coalesce(sum(l.sign * l.sgst), 0))
      from labelled l),
    'tax_unknown', (
      select jsonb_build_object('count', count(*), 'orders', coalesce((jsonb_agg(jsonb_build_object(
          'sales_order_id', u.id, 'product_id', u.product_id, 'product_name', u.product_name, 'platform', u.platform,
          'order_date', u.order_date, 'total_amount', u.total_amount) order by u.order_date, u.id)
          filter (where u.position <= 100)), '[]'))
      from (
        select o.*, row_number() over (order by o.order_date, o.id) as position
        from public.sales_orders o
        where o.user_id = v_user_id
          and o.order_date >= v_from::timestamp at time zone 'Asia/Kolkata'
          and o.order_date < v_to::timestamp at time zone 'Asia/Kolkata'
          and o.status = any (rules.counted_sale_statuses())
          and o.gst_rate is null
      ) u))
  into v_result;
  return v_result;
end;
$$;
comment on function public.gstr1_summary is
  'The caller''s GSTR-1 for a month (YYYY-MM): b2b, b2cl, b2cs, cdnr, cdnur, hsn (and hsn_b2b, hsn_b2c, hsn_split from May 2025), eco (Table 14(a), per operator GSTIN), docs, totals and tax_unknown, each row with the offline tool''s columns; the HSN summary equals b2b + b2cl + b2cs - cdnr - cdnur.';
revoke all on function public.gstr1_summary(text) from public, anon, authenticated, service_role;
grant execute on function public.gstr1_summary(text) to authenticated;

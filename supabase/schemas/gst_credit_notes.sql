-- GST (issue 31): credit notes against an invoice (gst_invoices.sql, which also holds the numbering
-- they share with invoices): a return of units or a price correction, numbered CN/yy-yy/n in a
-- series of their own, never updated or deleted.

-- Tables -------------------------------------------------------------------------------------------
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

alter table public.credit_notes enable row level security;
alter table public.credit_note_lines enable row level security;
create policy "Owners can read their credit notes" on public.credit_notes
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their credit note lines" on public.credit_note_lines
  for select to authenticated using (user_id = (select auth.uid()));
-- Read only, even for the service role: credit notes are written by create_credit_note alone.
revoke all on public.credit_notes, public.credit_note_lines from public, anon, authenticated, service_role;
grant select on public.credit_notes, public.credit_note_lines to authenticated, service_role;

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
  if rules.india_day(create_credit_note.issued_at) > rules.credit_note_last_day(v_invoice.invoice_date) then
    raise exception 'Invoice % (financial year %) could be credited until %: section 34 of the CGST Act allows no credit note after 30 November following its financial year.',
      v_invoice.invoice_number, v_invoice.financial_year,
      to_char(rules.credit_note_last_day(v_invoice.invoice_date), 'FMDD Mon YYYY');
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
    v_serial, rules.india_day(create_credit_note.issued_at), v_reason,
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
  'A credit note against one of the caller''s invoices, numbered CN/{yy-yy}/{n}: lines [{invoice_line_id, quantity}] (a return) or [{invoice_line_id, amount}] (a price correction, GST included), never more than is left to credit. A line''s tax is cumulative: its split of all it has now credited less what its earlier notes took, so the notes never pass the line''s taxable value or tax and none is negative. Returns {credit_note_id, note_number, invoice_id, taxable_value, cgst, sgst, igst, total}. A repeated request_id returns the first call''s answer and writes nothing.';
revoke all on function public.create_credit_note(uuid, jsonb, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.create_credit_note(uuid, jsonb, text, uuid) to authenticated;

-- list_credit_notes ----------------------------------------------------------------------------------
-- One page of the caller's credit notes on their own (issue 42), newest first: searched by its
-- number, its invoice's number or the buyer (literally), dated from/to (India days, both included).
create function public.list_credit_notes(
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
  v_pattern text := '%' || private.escape_like(lower(btrim(coalesce(list_credit_notes.search, '')))) || '%';
begin
  perform private.require_page('note_date', array['note_date'], list_credit_notes.page_size,
    list_credit_notes.page_offset);
  if length(list_credit_notes.search) > 200 then
    return jsonb_build_object('total', 0, 'rows', '[]'::jsonb);
  end if;
  return (
    with matching as (
      select n.*, v.invoice_number, v.invoice_date, v.buyer_name, v.buyer_gstin
      from public.credit_notes n
      join public.invoices v on v.id = n.invoice_id
      where n.user_id = v_user_id
        and (lower(n.note_number) like v_pattern or lower(v.invoice_number) like v_pattern
             or lower(v.buyer_name) like v_pattern)
        and (list_credit_notes.date_from is null or n.note_date >= list_credit_notes.date_from)
        and (list_credit_notes.date_to is null or n.note_date <= list_credit_notes.date_to)
    ), page as (
      select * from matching m
      order by m.note_date desc, m.serial desc
      limit list_credit_notes.page_size offset list_credit_notes.page_offset
    )
    select jsonb_build_object('total', (select count(*) from matching),
      'rows', coalesce((
        select jsonb_agg(jsonb_build_object('credit_note_id', p.id, 'note_number', p.note_number,
          'note_date', p.note_date, 'invoice_id', p.invoice_id, 'invoice_number', p.invoice_number,
          'invoice_date', p.invoice_date, 'buyer_name', p.buyer_name, 'buyer_gstin', p.buyer_gstin,
          'reason', p.reason, 'taxable_value', p.taxable_value, 'cgst', p.cgst, 'sgst', p.sgst, 'igst', p.igst,
          'total', p.total)
          order by p.note_date desc, p.serial desc)
        from page p), '[]'::jsonb)));
end;
$$;
comment on function public.list_credit_notes is
  'One page of the caller''s credit notes, newest first ({total, rows: [{credit_note_id, note_number, note_date, invoice_id, invoice_number, invoice_date, buyer_name, buyer_gstin, reason, taxable_value, cgst, sgst, igst, total}]}): search by note number, invoice number or buyer, note dates from/to (both included).';
revoke all on function public.list_credit_notes(text, date, date, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.list_credit_notes(text, date, date, integer, integer) to authenticated;

-- get_credit_note: everything the printed credit note shows ------------------------------------------
-- Rule 53(1A): the supplier (name, address, GSTIN), the note's number and date, the recipient (name,
-- address, GSTIN, state), the invoice it corrects (number and date), each line's HSN, description,
-- taxable value, rates and tax, and the totals (here also in words).
create function public.get_credit_note(credit_note_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_note public.credit_notes;
  v_invoice public.invoices;
  v_intra boolean;
begin
  select * into v_note from public.credit_notes n
  where n.id = get_credit_note.credit_note_id and n.user_id = v_user_id;
  if not found then
    raise exception 'Credit note not found.';
  end if;
  select * into v_invoice from public.invoices v where v.id = v_note.invoice_id;
  v_intra := v_invoice.buyer_state_code = v_invoice.supplier_state_code;
  return jsonb_build_object(
    'credit_note_id', v_note.id,
    'note_number', v_note.note_number,
    'note_date', v_note.note_date,
    'document_title', 'Credit Note',
    'reason', v_note.reason,
    'invoice_id', v_invoice.id,
    'invoice_number', v_invoice.invoice_number,
    'invoice_date', v_invoice.invoice_date,
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
      select jsonb_agg(jsonb_build_object('line_number', c.line_number, 'description', l.description,
        'hsn_code', l.hsn_code, 'quantity', c.quantity, 'uqc', l.uqc, 'gst_rate', c.gst_rate,
        'cgst_rate', case when v_intra then c.gst_rate / 2 else 0 end,
        'sgst_rate', case when v_intra then c.gst_rate / 2 else 0 end,
        'igst_rate', case when v_intra then 0 else c.gst_rate end,
        'taxable_value', c.taxable_value, 'cgst', c.cgst, 'sgst', c.sgst, 'igst', c.igst, 'total', c.total)
        order by c.line_number)
      from public.credit_note_lines c
      join public.invoice_lines l on l.id = c.invoice_line_id
      where c.credit_note_id = v_note.id), '[]'),
    'taxable_value', v_note.taxable_value,
    'cgst', v_note.cgst,
    'sgst', v_note.sgst,
    'igst', v_note.igst,
    'total', v_note.total,
    'total_in_words', rules.amount_in_words(v_note.total),
    'tax_in_words', rules.amount_in_words(v_note.cgst + v_note.sgst + v_note.igst));
end;
$$;
comment on function public.get_credit_note is
  'One of the caller''s credit notes as printed (Rule 53): supplier and buyer (name, address, GSTIN, state), number, date, reason, the invoice it corrects (number and date), place of supply, lines (HSN, description, quantity, rates, taxable value, tax split, total), totals and the total and tax in words.';
revoke all on function public.get_credit_note(uuid) from public, anon, authenticated, service_role;
grant execute on function public.get_credit_note(uuid) to authenticated;

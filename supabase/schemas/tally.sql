-- Tally export (issue 46): a date range of the books as the XML file TallyPrime imports (Gateway of
-- Tally > Import > Masters/Transactions), laid out as TallyPrime's own Day Book export is
-- (tests/fixtures/real/tally/, docs/tally.md): ENVELOPE / HEADER / TALLYREQUEST "Import Data" /
-- BODY / IMPORTDATA / REQUESTDESC / REQUESTDATA, one TALLYMESSAGE with the masters the vouchers
-- name (ledgers, units, stock items), then one TALLYMESSAGE per voucher.
--
-- Built here, in SQL, with Postgres's XML constructors (xmlelement escapes every name and value),
-- in two steps: tally_export gathers the range's vouchers as JSON, and private.tally_xml writes any
-- list of vouchers of any kind (Sales, Purchase, Credit Note, Receipt, Payment) with the masters
-- they name.

-- Each export, recorded: the range, whether vouchers already exported were asked for, how many
-- vouchers the file held.
create table public.tally_exports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  from_date date not null,
  to_date date not null,
  include_exported boolean not null,
  vouchers integer not null check (vouchers >= 0),
  created_at timestamptz not null default now(),
  constraint tally_exports_range_check check (from_date <= to_date),
  constraint tally_exports_id_user_id_key unique (id, user_id)
);
comment on table public.tally_exports is 'Each Tally export (tally_export): its date range, whether it re-exported vouchers, and how many vouchers it held.';
create index tally_exports_user_id_created_at_idx on public.tally_exports (user_id, created_at desc);

-- Every voucher exported, by its key (the REMOTEID Tally knows it by), with the range it was first
-- exported in: a later export of another range leaves it out unless asked.
create table public.tally_exported_vouchers (
  user_id uuid not null default auth.uid(),
  voucher_key text not null check (length(voucher_key) <= 200),
  export_id uuid not null,
  from_date date not null,
  to_date date not null,
  primary key (user_id, voucher_key),
  foreign key (export_id, user_id) references public.tally_exports (id, user_id) on delete cascade
);
comment on table public.tally_exported_vouchers is 'The vouchers a Tally export first held, by key, with that export''s range.';
create index tally_exported_vouchers_export_id_user_id_idx on public.tally_exported_vouchers (export_id, user_id);

alter table public.tally_exports enable row level security;
alter table public.tally_exported_vouchers enable row level security;
create policy "Owners can read their Tally exports" on public.tally_exports
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can read their exported Tally vouchers" on public.tally_exported_vouchers
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.tally_exports, public.tally_exported_vouchers from public, anon, authenticated, service_role;
grant all on public.tally_exports, public.tally_exported_vouchers to service_role;
grant select on public.tally_exports, public.tally_exported_vouchers to authenticated;

-- Tally's formats -----------------------------------------------------------------------------------
-- An amount as Tally writes it in a voucher: a debit negative, a credit positive, 2 decimals.
create function rules.tally_amount(amount numeric, debit boolean) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select to_char(case when tally_amount.debit then -tally_amount.amount else tally_amount.amount end,
    'FM999999999999990.00')
$$;
comment on function rules.tally_amount is 'An amount in a Tally voucher: a debit negative, a credit positive, with 2 decimals (-923.40).';

-- ISDEEMEDPOSITIVE: Yes for a debit, No for a credit.
create function rules.tally_yes_no(value boolean) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select case when tally_yes_no.value then 'Yes' else 'No' end $$;

-- A quantity as Tally writes it: a leading space, the number (3 decimals unless the unit counts
-- whole pieces) and the unit (" 50.000 KG", " 2 NOS").
create function rules.tally_quantity(quantity numeric, unit text, decimals integer) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select ' ' || case when tally_quantity.decimals = 0 then trim_scale(round(tally_quantity.quantity))::text
    else to_char(tally_quantity.quantity, 'FM999999999990.000') end || ' ' || tally_quantity.unit
$$;

-- The UQC (GST's unit quantity code) of a unit of measure as owners type it; OTH-OTHERS otherwise.
create function rules.tally_uqc(unit text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when lower(tally_uqc.unit) in ('nos', 'no', 'pcs', 'pc', 'piece', 'pieces', 'unit', 'units') then 'NOS-NUMBERS'
    when lower(tally_uqc.unit) in ('m', 'mtr', 'mtrs', 'metre', 'metres', 'meter', 'meters') then 'MTR-METERS'
    when lower(tally_uqc.unit) in ('kg', 'kgs', 'kilogram', 'kilograms') then 'KGS-KILOGRAMS'
    when lower(tally_uqc.unit) in ('g', 'gm', 'gms', 'gram', 'grams') then 'GMS-GRAMMES'
    when lower(tally_uqc.unit) in ('roll', 'rolls') then 'ROL-ROLLS'
    when lower(tally_uqc.unit) in ('set', 'sets') then 'SET-SETS'
    when lower(tally_uqc.unit) in ('pair', 'pairs') then 'PRS-PAIRS'
    else 'OTH-OTHERS'
  end
$$;

revoke all on function rules.tally_amount(numeric, boolean), rules.tally_yes_no(boolean),
  rules.tally_quantity(numeric, text, integer), rules.tally_uqc(text)
  from public, anon, authenticated, service_role;
grant execute on function rules.tally_amount(numeric, boolean), rules.tally_yes_no(boolean),
  rules.tally_quantity(numeric, text, integer), rules.tally_uqc(text) to authenticated;

-- The writer ----------------------------------------------------------------------------------------
-- One ledger entry of a voucher ({ledger, amount, debit, party?, bill?: {type, name}}) in `list`
-- (LEDGERENTRIES.LIST in an invoice, ALLLEDGERENTRIES.LIST in an accounting voucher).
create function private.tally_ledger_entry(list text, entry jsonb) returns xml
language sql
immutable
set search_path = ''
as $$
  select case when tally_ledger_entry.list = 'LEDGERENTRIES.LIST' then xmlelement(name "LEDGERENTRIES.LIST", x.body)
    else xmlelement(name "ALLLEDGERENTRIES.LIST", x.body) end
  from (
    select xmlconcat(
      xmlelement(name "LEDGERNAME", entry ->> 'ledger'),
      xmlelement(name "ISDEEMEDPOSITIVE", rules.tally_yes_no((entry ->> 'debit')::boolean)),
      xmlelement(name "ISPARTYLEDGER", rules.tally_yes_no(coalesce((entry ->> 'party')::boolean, false))),
      xmlelement(name "AMOUNT", rules.tally_amount((entry ->> 'amount')::numeric, (entry ->> 'debit')::boolean)),
      case when entry ? 'bill' then xmlelement(name "BILLALLOCATIONS.LIST",
        xmlelement(name "NAME", entry -> 'bill' ->> 'name'),
        xmlelement(name "BILLTYPE", entry -> 'bill' ->> 'type'),
        xmlelement(name "AMOUNT", rules.tally_amount((entry ->> 'amount')::numeric, (entry ->> 'debit')::boolean)))
      end) as body
  ) x
$$;

-- One voucher: {remote_id, type, date (YYYY-MM-DD), number, reference?, narration?,
--   party: {name, group, gstin?, state?},
--   inventory: [{item, unit, decimals, uqc, hsn?, quantity, amount, debit, ledger, group}],
--   entries: [{ledger, group?, duty_head?, amount, debit, party?, bill?: {type, name}}]}.
-- With inventory it is an invoice (Invoice Voucher View: ALLINVENTORYENTRIES.LIST, each with its
-- ledger in ACCOUNTINGALLOCATIONS.LIST, then LEDGERENTRIES.LIST), else an accounting voucher
-- (Accounting Voucher View: ALLLEDGERENTRIES.LIST). Amounts are positive; `debit` says the side.
create function private.tally_voucher(voucher jsonb) returns xml
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_invoice boolean := jsonb_array_length(coalesce(voucher -> 'inventory', '[]')) > 0;
  v_view text := case when v_invoice then 'Invoice Voucher View' else 'Accounting Voucher View' end;
  v_date text := to_char((voucher ->> 'date')::date, 'YYYYMMDD');
  v_debits numeric;
  v_credits numeric;
begin
  select coalesce(sum((e ->> 'amount')::numeric) filter (where (e ->> 'debit')::boolean), 0),
    coalesce(sum((e ->> 'amount')::numeric) filter (where not (e ->> 'debit')::boolean), 0)
  into v_debits, v_credits
  from (
    select e from jsonb_array_elements(voucher -> 'entries') e
    union all
    select e from jsonb_array_elements(coalesce(voucher -> 'inventory', '[]')) e
  ) x;
  if v_debits <> v_credits then
    raise exception 'Tally voucher % does not balance: debits %, credits %.', voucher ->> 'number', v_debits, v_credits;
  end if;
  return xmlelement(name "TALLYMESSAGE", xmlattributes('TallyUDF' as "xmlns:UDF"),
    xmlelement(name "VOUCHER",
      xmlattributes(voucher ->> 'remote_id' as "REMOTEID", voucher ->> 'type' as "VCHTYPE", 'Create' as "ACTION",
        v_view as "OBJVIEW"),
      xmlelement(name "DATE", v_date),
      xmlelement(name "GUID", voucher ->> 'remote_id'),
      xmlforest(voucher -> 'party' ->> 'state' as "STATENAME", voucher ->> 'narration' as "NARRATION",
        voucher -> 'party' ->> 'gstin' as "PARTYGSTIN", voucher ->> 'place_of_supply' as "PLACEOFSUPPLY"),
      xmlelement(name "PARTYNAME", voucher -> 'party' ->> 'name'),
      xmlelement(name "VOUCHERTYPENAME", voucher ->> 'type'),
      xmlelement(name "PARTYLEDGERNAME", voucher -> 'party' ->> 'name'),
      xmlelement(name "VOUCHERNUMBER", voucher ->> 'number'),
      xmlforest(voucher ->> 'reference' as "REFERENCE"),
      xmlelement(name "PERSISTEDVIEW", v_view),
      xmlelement(name "EFFECTIVEDATE", v_date),
      xmlelement(name "ISINVOICE", rules.tally_yes_no(v_invoice)),
      (select xmlagg(xmlelement(name "ALLINVENTORYENTRIES.LIST",
          xmlelement(name "STOCKITEMNAME", i.value ->> 'item'),
          xmlelement(name "ISDEEMEDPOSITIVE", rules.tally_yes_no((i.value ->> 'debit')::boolean)),
          xmlelement(name "RATE", to_char(round((i.value ->> 'amount')::numeric / (i.value ->> 'quantity')::numeric, 2),
            'FM999999999990.00') || '/' || (i.value ->> 'unit')),
          xmlelement(name "AMOUNT", rules.tally_amount((i.value ->> 'amount')::numeric, (i.value ->> 'debit')::boolean)),
          xmlelement(name "ACTUALQTY", rules.tally_quantity((i.value ->> 'quantity')::numeric, i.value ->> 'unit',
            (i.value ->> 'decimals')::integer)),
          xmlelement(name "BILLEDQTY", rules.tally_quantity((i.value ->> 'quantity')::numeric, i.value ->> 'unit',
            (i.value ->> 'decimals')::integer)),
          xmlelement(name "ACCOUNTINGALLOCATIONS.LIST",
            xmlelement(name "LEDGERNAME", i.value ->> 'ledger'),
            xmlelement(name "ISDEEMEDPOSITIVE", rules.tally_yes_no((i.value ->> 'debit')::boolean)),
            xmlelement(name "AMOUNT", rules.tally_amount((i.value ->> 'amount')::numeric, (i.value ->> 'debit')::boolean))))
        order by i.ordinality)
       from jsonb_array_elements(coalesce(voucher -> 'inventory', '[]')) with ordinality i),
      (select xmlagg(private.tally_ledger_entry(
          case when v_invoice then 'LEDGERENTRIES.LIST' else 'ALLLEDGERENTRIES.LIST' end, e.value) order by e.ordinality)
       from jsonb_array_elements(voucher -> 'entries') with ordinality e)));
end;
$$;

-- The masters a list of vouchers names, once each, sorted by name: every ledger (the parties, and
-- each entry's and inventory line's with a group; an entry without a group is one Tally has in
-- every company, as Cash), every unit and every stock item.
create function private.tally_masters(vouchers jsonb) returns xml
language sql
immutable
set search_path = ''
as $$
  with ledgers as (
    select distinct on (l.name) l.name, l.grp, l.duty_head, l.gstin, l.state, l.bill_wise
    from (
      select v -> 'party' ->> 'name' as name, v -> 'party' ->> 'group' as grp, null as duty_head,
        v -> 'party' ->> 'gstin' as gstin, v -> 'party' ->> 'state' as state, true as bill_wise
      from jsonb_array_elements(vouchers) v
      union all
      select e ->> 'ledger', e ->> 'group', e ->> 'duty_head', null, null, false
      from jsonb_array_elements(vouchers) v, jsonb_array_elements(v -> 'entries') e
      where not coalesce((e ->> 'party')::boolean, false) and e ? 'group'
      union all
      select i ->> 'ledger', i ->> 'group', null, null, null, false
      from jsonb_array_elements(vouchers) v, jsonb_array_elements(coalesce(v -> 'inventory', '[]')) i
    ) l
    order by l.name, l.gstin nulls last
  ),
  items as (
    select distinct on (i ->> 'item') i ->> 'item' as name, i ->> 'unit' as unit, i ->> 'hsn' as hsn
    from jsonb_array_elements(vouchers) v, jsonb_array_elements(coalesce(v -> 'inventory', '[]')) i
    order by i ->> 'item', i ->> 'hsn' nulls last
  ),
  units as (
    select distinct on (i ->> 'unit') i ->> 'unit' as name, i ->> 'uqc' as uqc, (i ->> 'decimals')::integer as decimals
    from jsonb_array_elements(vouchers) v, jsonb_array_elements(coalesce(v -> 'inventory', '[]')) i
    order by i ->> 'unit'
  )
  select xmlelement(name "TALLYMESSAGE", xmlattributes('TallyUDF' as "xmlns:UDF"),
    (select xmlagg(xmlelement(name "UNIT", xmlattributes(u.name as "NAME", '' as "RESERVEDNAME"),
        xmlelement(name "NAME", u.name),
        xmlelement(name "GSTREPUOM", u.uqc),
        xmlelement(name "ISSIMPLEUNIT", 'Yes'),
        xmlelement(name "DECIMALPLACES", u.decimals)) order by u.name)
     from units u),
    (select xmlagg(xmlelement(name "STOCKITEM", xmlattributes(i.name as "NAME", '' as "RESERVEDNAME"),
        xmlelement(name "GSTTYPEOFSUPPLY", 'Goods'),
        xmlelement(name "BASEUNITS", i.unit),
        case when i.hsn is not null then xmlelement(name "HSNDETAILS.LIST",
          xmlelement(name "APPLICABLEFROM", '20170701'),
          xmlelement(name "HSNCODE", i.hsn),
          xmlelement(name "SRCOFHSNDETAILS", 'Specify Details Here')) end,
        xmlelement(name "LANGUAGENAME.LIST",
          xmlelement(name "NAME.LIST", xmlattributes('String' as "TYPE"), xmlelement(name "NAME", i.name)))) order by i.name)
     from items i),
    (select xmlagg(xmlelement(name "LEDGER", xmlattributes(l.name as "NAME", '' as "RESERVEDNAME"),
        xmlelement(name "PARENT", l.grp),
        xmlelement(name "TAXTYPE", case when l.duty_head is not null then 'GST' else 'Others' end),
        xmlforest(l.duty_head as "GSTDUTYHEAD"),
        xmlelement(name "ISBILLWISEON", rules.tally_yes_no(l.bill_wise)),
        xmlelement(name "LANGUAGENAME.LIST",
          xmlelement(name "NAME.LIST", xmlattributes('String' as "TYPE"), xmlelement(name "NAME", l.name))),
        case when l.gstin is not null then xmlelement(name "LEDGSTREGDETAILS.LIST",
          xmlelement(name "APPLICABLEFROM", '20170701'),
          xmlelement(name "GSTREGISTRATIONTYPE", 'Regular'),
          xmlforest(l.state as "PLACEOFSUPPLY"),
          xmlelement(name "GSTIN", l.gstin)) end) order by l.name)
     from ledgers l where l.grp is not null))
$$;

-- The file: the envelope of TallyPrime's import, the company it goes to (when named), the masters,
-- then the vouchers in the order given.
create function private.tally_xml(company text, vouchers jsonb) returns text
language sql
immutable
set search_path = ''
as $$
  select xmlelement(name "ENVELOPE",
    xmlelement(name "HEADER", xmlelement(name "TALLYREQUEST", 'Import Data')),
    xmlelement(name "BODY", xmlelement(name "IMPORTDATA",
      xmlelement(name "REQUESTDESC",
        xmlelement(name "REPORTNAME", 'All Masters'),
        case when tally_xml.company is not null then
          xmlelement(name "STATICVARIABLES", xmlelement(name "SVCURRENTCOMPANY", tally_xml.company)) end),
      xmlelement(name "REQUESTDATA",
        private.tally_masters(tally_xml.vouchers),
        (select xmlagg(private.tally_voucher(v.value) order by v.ordinality)
         from jsonb_array_elements(tally_xml.vouchers) with ordinality v)))))::text
$$;
comment on function private.tally_xml is
  'TallyPrime''s import file of a list of vouchers of any kind (Sales, Purchase, Credit Note, Receipt, Payment; see private.tally_voucher for their shape): the masters they name, then the vouchers; every name escaped.';

-- The range's vouchers ------------------------------------------------------------------------------
-- Ledger names: sales and purchases by GST rate, the tax ledgers by side and head.
create function rules.tally_rate_ledger(side text, gst_rate numeric) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when tally_rate_ledger.gst_rate is null then tally_rate_ledger.side || ' GST rate not set'
    else tally_rate_ledger.side || ' GST ' || trim_scale(tally_rate_ledger.gst_rate) || '%' end
$$;
revoke all on function rules.tally_rate_ledger(text, numeric) from public, anon, authenticated, service_role;
grant execute on function rules.tally_rate_ledger(text, numeric) to authenticated;

-- The tax entries of a voucher: each head with an amount, on the given side.
create function private.tally_tax_entries(prefix text, cgst numeric, sgst numeric, igst numeric, debit boolean)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('ledger', tally_tax_entries.prefix || ' ' || t.head, 'group', 'Duties & Taxes',
    'duty_head', case t.head when 'SGST' then 'SGST/UTGST' else t.head end, 'amount', t.amount, 'debit', tally_tax_entries.debit) order by t.n), '[]')
  from (values (1, 'CGST', tally_tax_entries.cgst), (2, 'SGST', tally_tax_entries.sgst), (3, 'IGST', tally_tax_entries.igst))
    t (n, head, amount)
  where t.amount <> 0
$$;

-- The owner's vouchers dated in the range, in date order: invoices (Sales); sales not invoiced,
-- summed per India day and platform (Sales, the platform as party; cancelled sales left out), and
-- their returns per day and platform (Credit Note); supplier bills (Purchase); credit notes (Credit
-- Note); supplier payments (Payment); payments received
-- from customers (Receipt).
create function private.tally_vouchers(owner_id uuid, from_date date, to_date date) returns jsonb
language sql
stable
set search_path = ''
as $$
  with business as (
    select b.state_code from public.business_profiles b where b.user_id = tally_vouchers.owner_id
  ),
  vouchers as (
    -- Invoices.
    select i.invoice_date as day, 1 as kind, i.invoice_number as number, jsonb_build_object(
      'remote_id', 'FactoryFlow/Sales/' || i.invoice_number, 'type', 'Sales', 'date', i.invoice_date,
      'number', i.invoice_number, 'place_of_supply', rules.gst_state_name(i.buyer_state_code),
      'party', jsonb_build_object('name', i.buyer_name, 'group', 'Sundry Debtors', 'gstin', i.buyer_gstin,
        'state', rules.gst_state_name(i.buyer_state_code)),
      'inventory', (
        select jsonb_agg(jsonb_build_object('item', l.description, 'unit', 'NOS', 'decimals', 0, 'uqc', 'NOS-NUMBERS',
          'hsn', l.hsn_code, 'quantity', l.quantity, 'amount', l.taxable_value, 'debit', false,
          'ledger', rules.tally_rate_ledger('Sales', l.gst_rate), 'group', 'Sales Accounts') order by l.line_number)
        from public.invoice_lines l where l.invoice_id = i.id),
      'entries', jsonb_build_array(jsonb_build_object('ledger', i.buyer_name, 'amount', i.total, 'debit', true,
          'party', true, 'bill', jsonb_build_object('type', 'New Ref', 'name', i.invoice_number)))
        || private.tally_tax_entries('Output', i.cgst, i.sgst, i.igst, false)) as voucher
    from public.invoices i
    where i.user_id = tally_vouchers.owner_id and i.invoice_date between tally_vouchers.from_date and tally_vouchers.to_date
    union all
    -- Sales not invoiced, per day and platform.
    select d.day, 2, d.number, jsonb_build_object(
      'remote_id', 'FactoryFlow/Sales/' || d.number, 'type', 'Sales', 'date', d.day, 'number', d.number,
      'narration', format('%s sales of %s', d.platform, to_char(d.day, 'DD Mon YYYY')),
      'party', jsonb_build_object('name', d.platform, 'group', 'Sundry Debtors'),
      'inventory', d.inventory,
      'entries', jsonb_build_array(jsonb_build_object('ledger', d.platform, 'amount', d.total, 'debit', true,
          'party', true, 'bill', jsonb_build_object('type', 'New Ref', 'name', d.number)))
        || private.tally_tax_entries('Output', d.cgst, d.sgst, d.igst, false))
    from (
      select p.day, p.platform, p.platform || '/' || to_char(p.day, 'YYYYMMDD') as number,
        sum(p.total) as total, sum(p.cgst) as cgst, sum(p.sgst) as sgst, sum(p.igst) as igst,
        jsonb_agg(jsonb_build_object('item', p.product_name, 'unit', 'NOS', 'decimals', 0, 'uqc', 'NOS-NUMBERS',
          'hsn', p.hsn_code, 'quantity', p.quantity, 'amount', p.taxable_value, 'debit', false,
          'ledger', rules.tally_rate_ledger('Sales', p.gst_rate), 'group', 'Sales Accounts')
          order by p.product_name, p.gst_rate nulls last) as inventory
      from (
        select rules.india_day(o.order_date) as day, o.platform::text as platform, o.product_name, o.gst_rate,
          min(o.hsn_code) as hsn_code, sum(o.quantity) as quantity, sum(o.taxable_value) as taxable_value,
          sum(o.total_amount) as total, sum(o.cgst) as cgst, sum(o.sgst) as sgst, sum(o.igst) as igst
        from public.sales_orders o
        where o.user_id = tally_vouchers.owner_id and o.status <> 'Cancelled'
          and o.order_date >= rules.india_day_start(tally_vouchers.from_date)
          and o.order_date < rules.india_day_start(tally_vouchers.to_date + 1)
          and not exists (select 1 from public.invoice_lines l where l.sales_order_id = o.id)
        group by 1, 2, 3, 4
      ) p
      group by p.day, p.platform
    ) d
    union all
    -- Returns of sales not invoiced (a marketplace's, or a direct order's), per India day they came
    -- back and platform: Credit Note vouchers taking back the goods, the sales and the output tax,
    -- the platform credited. (An invoiced sale is given back by its invoice's credit note.) Each
    -- return is its order's refund share, round(total x units returned so far / quantity, 2) less
    -- what the order's earlier returns took, so an order's returns add up to its refunded_amount;
    -- they are split into taxable value and GST once per day, platform, product, rate and
    -- intra- or inter-state (rules.gst_split).
    select r.day, 4, r.number, jsonb_build_object(
      'remote_id', 'FactoryFlow/Credit Note/' || r.number, 'type', 'Credit Note', 'date', r.day, 'number', r.number,
      'narration', format('%s returns of %s', r.platform, to_char(r.day, 'DD Mon YYYY')),
      'party', jsonb_build_object('name', r.platform, 'group', 'Sundry Debtors'),
      'inventory', r.inventory,
      'entries', jsonb_build_array(jsonb_build_object('ledger', r.platform, 'amount', r.total, 'debit', false,
          'party', true, 'bill', jsonb_build_object('type', 'On Account', 'name', r.number)))
        || private.tally_tax_entries('Output', r.cgst, r.sgst, r.igst, true))
    from (
      select g.day, g.platform, g.platform || '/R/' || to_char(g.day, 'YYYYMMDD') as number,
        sum(g.amount) as total, sum(k.cgst) as cgst, sum(k.sgst) as sgst, sum(k.igst) as igst,
        jsonb_agg(jsonb_build_object('item', g.product_name, 'unit', 'NOS', 'decimals', 0, 'uqc', 'NOS-NUMBERS',
          'hsn', g.hsn_code, 'quantity', g.quantity, 'amount', k.taxable_value, 'debit', true,
          'ledger', rules.tally_rate_ledger('Sales', g.gst_rate), 'group', 'Sales Accounts')
          order by g.product_name, g.gst_rate nulls last, g.intra_state desc) as inventory
      from (
        select x.return_date as day, o.platform::text as platform, o.product_name, o.gst_rate, o.igst = 0 as intra_state,
          min(o.hsn_code) as hsn_code, sum(x.units) as quantity,
          sum(round(o.total_amount * x.units_so_far / o.quantity, 2)
            - round(o.total_amount * (x.units_so_far - x.units) / o.quantity, 2)) as amount
        from (
          select s.sales_order_id, s.return_date, s.sellable + s.damaged + s.wrong_item + s.missing as units,
            sum(s.sellable + s.damaged + s.wrong_item + s.missing)
              over (partition by s.sales_order_id order by s.return_date, s.created_at, s.id) as units_so_far
          from public.sales_returns s
          where s.user_id = tally_vouchers.owner_id
        ) x
        join public.sales_orders o on o.id = x.sales_order_id
        where x.return_date between tally_vouchers.from_date and tally_vouchers.to_date
          and not exists (select 1 from public.invoice_lines l where l.sales_order_id = o.id)
        group by 1, 2, 3, 4, 5
      ) g
      cross join lateral rules.gst_split(g.amount, g.gst_rate, g.intra_state) k
      group by g.day, g.platform
    ) r
    union all
    -- Supplier bills: a purchase order's receipt (its materials, each at its rate's purchase ledger)
    -- or a job worker's charge (a service: the Job Work Charges ledger, no stock); input tax IGST
    -- from a supplier in another state, else CGST and SGST halves (the odd paisa to SGST).
    select b.bill_date, 3, b.bill_key, jsonb_build_object(
      'remote_id', 'FactoryFlow/Purchase/' || b.bill_key, 'type', 'Purchase', 'date', b.bill_date,
      'number', b.number, 'reference', b.supplier_invoice_number, 'narration', b.narration,
      'party', jsonb_build_object('name', s.supplier_name, 'group', 'Sundry Creditors', 'gstin', s.gstin,
        'state', rules.gst_state_name(left(s.gstin, 2))),
      'inventory', b.inventory,
      'entries', jsonb_build_array(jsonb_build_object('ledger', s.supplier_name, 'amount', b.amount, 'debit', false,
          'party', true, 'bill', jsonb_build_object('type', 'New Ref', 'name', b.number)))
        || b.service_entries
        || case when left(s.gstin, 2) <> (select state_code from business)
             then private.tally_tax_entries('Input', 0, 0, b.gst_paid, true)
             else private.tally_tax_entries('Input', round(b.gst_paid / 2, 2), b.gst_paid - round(b.gst_paid / 2, 2), 0, true)
           end)
    from (
      select p.supplier_id, p.bill_date, p.bill_key, p.supplier_invoice_number, p.amount, p.gst_paid,
        coalesce(p.supplier_invoice_number, 'PO-' || lpad(p.po_number::text, 4, '0')) as number,
        'Received on PO-' || lpad(p.po_number::text, 4, '0') as narration,
        (select jsonb_agg(jsonb_build_object('item', r.material_name, 'unit', r.unit_of_measure, 'decimals', 3,
           'uqc', rules.tally_uqc(r.unit_of_measure), 'quantity', m.quantity, 'amount', m.purchase_value,
           'debit', true, 'ledger', rules.tally_rate_ledger('Purchase', m.gst_rate), 'group', 'Purchase Accounts')
           order by r.material_name, m.id)
         from public.stock_movements m join public.raw_materials r on r.id = m.material_id
         where m.purchase_order_id = p.purchase_order_id and m.created_at = p.received_at
           and m.supplier_invoice_number is not distinct from p.supplier_invoice_number
           and m.reason = 'purchase_receipt') as inventory,
        '[]'::jsonb as service_entries
      from private.supplier_bills(tally_vouchers.owner_id) p
      union all
      select j.supplier_id, j.bill_date, j.bill_key, j.supplier_invoice_number, j.amount, j.gst_paid,
        coalesce(j.supplier_invoice_number, j.bill_key), 'Job work on ' || j.challan_number, '[]'::jsonb,
        jsonb_build_array(jsonb_build_object('ledger', 'Job Work Charges', 'group', 'Purchase Accounts',
          'amount', j.charge, 'debit', true))
      from private.job_work_bills(tally_vouchers.owner_id) j
    ) b
    join public.suppliers s on s.id = b.supplier_id
    where b.bill_date between tally_vouchers.from_date and tally_vouchers.to_date
    union all
    -- Credit notes: the sales ledgers and output tax back, against the invoice.
    select n.note_date, 4, n.note_number, jsonb_build_object(
      'remote_id', 'FactoryFlow/Credit Note/' || n.note_number, 'type', 'Credit Note', 'date', n.note_date,
      'number', n.note_number, 'reference', i.invoice_number, 'narration', n.reason,
      'place_of_supply', rules.gst_state_name(i.buyer_state_code),
      'party', jsonb_build_object('name', i.buyer_name, 'group', 'Sundry Debtors', 'gstin', i.buyer_gstin,
        'state', rules.gst_state_name(i.buyer_state_code)),
      'entries', jsonb_build_array(jsonb_build_object('ledger', i.buyer_name, 'amount', n.total, 'debit', false,
          'party', true, 'bill', jsonb_build_object('type', 'Agst Ref', 'name', i.invoice_number)))
        || (select jsonb_agg(jsonb_build_object('ledger', rules.tally_rate_ledger('Sales', r.gst_rate),
              'group', 'Sales Accounts', 'amount', r.taxable_value, 'debit', true) order by r.gst_rate)
            from (select c.gst_rate, sum(c.taxable_value) as taxable_value
                  from public.credit_note_lines c where c.credit_note_id = n.id group by c.gst_rate) r)
        || private.tally_tax_entries('Output', n.cgst, n.sgst, n.igst, true))
    from public.credit_notes n join public.invoices i on i.id = n.invoice_id
    where n.user_id = tally_vouchers.owner_id and n.note_date between tally_vouchers.from_date and tally_vouchers.to_date
    union all
    -- Payments to suppliers: from Cash, or from Bank for every other mode.
    select p.paid_on, 5, p.number, jsonb_build_object(
      'remote_id', 'FactoryFlow/Payment/' || p.number, 'type', 'Payment', 'date', p.paid_on, 'number', p.number,
      'narration', rules.payment_mode_label(p.mode) || coalesce(' ' || p.reference, ''),
      'party', jsonb_build_object('name', s.supplier_name, 'group', 'Sundry Creditors', 'gstin', s.gstin,
        'state', rules.gst_state_name(left(s.gstin, 2))),
      'entries', jsonb_build_array(
        jsonb_build_object('ledger', s.supplier_name, 'amount', p.amount, 'debit', true, 'party', true,
          'bill', jsonb_build_object('type', 'On Account', 'name', p.number)),
        case when p.mode = 'cash' then jsonb_build_object('ledger', 'Cash', 'amount', p.amount, 'debit', false)
          else jsonb_build_object('ledger', 'Bank', 'group', 'Bank Accounts', 'amount', p.amount, 'debit', false) end))
    from (
      select p.*, 'SP/' || to_char(p.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') as number
      from public.supplier_payments p
      where p.user_id = tally_vouchers.owner_id and p.paid_on between tally_vouchers.from_date and tally_vouchers.to_date
    ) p
    join public.suppliers s on s.id = p.supplier_id
    union all
    -- Payments received from customers (issue 46): into Cash, or Bank for every other mode.
    select p.paid_on, 6, p.number, jsonb_build_object(
      'remote_id', 'FactoryFlow/Receipt/' || p.number, 'type', 'Receipt', 'date', p.paid_on, 'number', p.number,
      'narration', rules.payment_mode_label(p.mode) || coalesce(' ' || p.reference, ''),
      'party', jsonb_build_object('name', c.name, 'group', 'Sundry Debtors', 'gstin', c.gstin,
        'state', rules.gst_state_name(c.state_code)),
      'entries', jsonb_build_array(
        jsonb_build_object('ledger', c.name, 'amount', p.amount, 'debit', false, 'party', true,
          'bill', jsonb_build_object('type', 'On Account', 'name', p.number)),
        case when p.mode = 'cash' then jsonb_build_object('ledger', 'Cash', 'amount', p.amount, 'debit', true)
          else jsonb_build_object('ledger', 'Bank', 'group', 'Bank Accounts', 'amount', p.amount, 'debit', true) end))
    from (
      select p.*, 'CP/' || to_char(p.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') as number
      from public.customer_payments p
      where p.user_id = tally_vouchers.owner_id and p.paid_on between tally_vouchers.from_date and tally_vouchers.to_date
    ) p
    join public.customers c on c.id = p.customer_id
  )
  select coalesce(jsonb_agg(v.voucher order by v.day, v.kind, v.number), '[]') from vouchers v
$$;
comment on function private.tally_vouchers is
  'The owner''s vouchers dated in a range, for private.tally_xml: invoices, sales not invoiced per day and platform and their returns, supplier bills, credit notes, supplier payments and payments received from customers, in date order.';

-- tally_export ----------------------------------------------------------------------------------------
-- The caller's range as the file TallyPrime imports. A voucher first exported in another range is
-- left out unless include_exported; the same range again gives the same file (its vouchers belong
-- to it). Each export is recorded. Exports of one user take turns.
create function public.tally_export(from_date date, to_date date, include_exported boolean default false)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_vouchers jsonb;
  v_export_id uuid;
begin
  if tally_export.from_date is null then
    perform private.raise_input_error('From date is required.', 'from_date');
  end if;
  if tally_export.to_date is null then
    perform private.raise_input_error('To date is required.', 'to_date');
  end if;
  if tally_export.from_date < date '2000-01-01' then
    perform private.raise_input_error('From date must be on or after 2000-01-01.', 'from_date');
  end if;
  if tally_export.to_date > rules.india_day(now()) then
    perform private.raise_input_error('To date cannot be after today.', 'to_date');
  end if;
  if tally_export.to_date < tally_export.from_date then
    perform private.raise_input_error('To date must be on or after the from date.', 'to_date');
  end if;
  if tally_export.to_date - tally_export.from_date > 366 then
    perform private.raise_input_error('Export at most a year at a time.', 'to_date');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('tally_export:' || v_user_id::text, 0));

  select coalesce(jsonb_agg(v.value order by v.ordinality), '[]') into v_vouchers
  from jsonb_array_elements(private.tally_vouchers(v_user_id, tally_export.from_date, tally_export.to_date))
    with ordinality v
  where tally_export.include_exported or not exists (
    select 1 from public.tally_exported_vouchers e
    where e.user_id = v_user_id and e.voucher_key = v.value ->> 'remote_id'
      and (e.from_date, e.to_date) <> (tally_export.from_date, tally_export.to_date));

  insert into public.tally_exports (user_id, from_date, to_date, include_exported, vouchers)
  values (v_user_id, tally_export.from_date, tally_export.to_date, tally_export.include_exported,
    jsonb_array_length(v_vouchers))
  returning id into v_export_id;
  insert into public.tally_exported_vouchers (user_id, voucher_key, export_id, from_date, to_date)
  select v_user_id, v.value ->> 'remote_id', v_export_id, tally_export.from_date, tally_export.to_date
  from jsonb_array_elements(v_vouchers) v
  on conflict (user_id, voucher_key) do nothing;

  return private.tally_xml(
    (select b.legal_name from public.business_profiles b where b.user_id = v_user_id), v_vouchers);
end;
$$;
comment on function public.tally_export is
  'The caller''s books from from_date to to_date (at most a year, not after today) as the XML file TallyPrime imports: ledgers, units and stock items, then Sales (invoices; sales not invoiced per day and platform), Purchase (supplier bills: purchase order receipts and job workers'' charges), Credit Note (credit notes; returns of sales not invoiced per day and platform), Receipt and Payment vouchers. A voucher exported before in another range is left out unless include_exported; each export is recorded.';
revoke all on function public.tally_export(date, date, boolean) from public, anon, authenticated, service_role;
grant execute on function public.tally_export(date, date, boolean) to authenticated;

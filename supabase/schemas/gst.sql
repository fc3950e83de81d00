-- GST (issue 31), the rules and the business profile: what every taxed sale, invoice and return
-- builds on. Item tax, invoices, credit notes, input tax and GSTR-1 are in gst_item_tax.sql,
-- gst_invoices.sql, gst_credit_notes.sql and gst_filing.sql, after the tables they read.
-- docs/gst.md has the rules, their sources and what FactoryFlow does not do.
--
-- The arithmetic, once, for every reader (sales, invoices, credit notes, the backfill):
--   rules.gst_rate_for(rate, rule, unit_price, day)  the rate of one unit sold at a GST-inclusive price
--   rules.gst_split(amount, rate, intra_state)        an inclusive amount as taxable value and tax
-- Selling prices include GST (marketplaces list them so). taxable = round(amount / (1 + rate/100), 2),
-- tax = amount - taxable (so the two always add up to the amount); within the business's state
-- CGST = round(tax / 2, 2) and SGST = tax - CGST, to another state IGST = tax.

-- States and union territories with their GST state codes (the first two digits of a GSTIN and the
-- place of supply). Codes 01-38 as the GST portal lists them, and 97 (Other Territory); 25 is the
-- old Daman and Diu, 26 the merged Dadra and Nagar Haveli and Daman and Diu, 28 Andhra Pradesh
-- before its division (37 after). /work/shared/reference/india-seller-formats.md 5.1; docs/gst.md, "The rules".
create function rules.gst_states() returns table (code text, name text)
language sql
immutable
parallel safe
set search_path = ''
as $$
  values
    ('01', 'Jammu and Kashmir'), ('02', 'Himachal Pradesh'), ('03', 'Punjab'), ('04', 'Chandigarh'),
    ('05', 'Uttarakhand'), ('06', 'Haryana'), ('07', 'Delhi'), ('08', 'Rajasthan'), ('09', 'Uttar Pradesh'),
    ('10', 'Bihar'), ('11', 'Sikkim'), ('12', 'Arunachal Pradesh'), ('13', 'Nagaland'), ('14', 'Manipur'),
    ('15', 'Mizoram'), ('16', 'Tripura'), ('17', 'Meghalaya'), ('18', 'Assam'), ('19', 'West Bengal'),
    ('20', 'Jharkhand'), ('21', 'Odisha'), ('22', 'Chhattisgarh'), ('23', 'Madhya Pradesh'), ('24', 'Gujarat'),
    ('25', 'Daman and Diu'), ('26', 'Dadra and Nagar Haveli and Daman and Diu'), ('27', 'Maharashtra'),
    ('28', 'Andhra Pradesh (before division)'), ('29', 'Karnataka'), ('30', 'Goa'), ('31', 'Lakshadweep'),
    ('32', 'Kerala'), ('33', 'Tamil Nadu'), ('34', 'Puducherry'), ('35', 'Andaman and Nicobar Islands'),
    ('36', 'Telangana'), ('37', 'Andhra Pradesh'), ('38', 'Ladakh'), ('97', 'Other Territory')
$$;
comment on function rules.gst_states is
  'GST state codes and names: 01-38 and 97 (Other Territory), as the GST portal lists them.';

-- The name of a state code, or null for a code that is not one.
create function rules.gst_state_name(code text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select s.name from rules.gst_states() s where s.code = gst_state_name.code
$$;
comment on function rules.gst_state_name is 'The state''s name for a GST state code; null when the code is not one.';

-- When goods moving need an e-way bill: Rule 138(1) of the CGST Rules, 2017 asks for one when the
-- consignment value exceeds Rs 50,000 (strictly above: Rs 50,000.00 needs none), and its second
-- proviso asks for one for goods a principal sends to a job worker in another State or Union
-- territory whatever their value. The value is the challan's or invoice's (with its tax, when it
-- has one). Unknown value: unknown (null), unless the inter-state job work proviso decides.
-- Not modelled: handicraft goods of unregistered makers (also whatever the value) and the lower
-- or higher limits some States set for movements within them.
create function rules.needs_eway_bill(consignment_value numeric, is_inter_state boolean, is_job_work boolean)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when is_inter_state and is_job_work then true else consignment_value > 50000 end
$$;
comment on function rules.needs_eway_bill is
  'Whether a movement needs an e-way bill (Rule 138(1), CGST Rules): consignment value above Rs 50,000, or inter-state job work whatever the value; null when the value is not known and the proviso does not apply.';

-- The GST state code of a state as an order report or a shop writes it (issue 42), or null when it
-- names no state: a GST code ('24', '7' for '07'); a name in any case, with '&' for 'and' and any
-- spaces or punctuation ('GUJARAT', 'Jammu & Kashmir', 'Pondicherry (Puducherry)' after its
-- bracket); the older or other spellings the portals and shops use (Orissa, Pondicherry,
-- Uttaranchal, Lakshadeep, Chattisgarh, NCT of Delhi, New Delhi, Telengana); and the two-letter codes of
-- WooCommerce's states (i18n/states.php: GJ, RJ, CT, OR, TS, UK, DN, DD, PY, ...) and ISO 3166-2:IN
-- as Shopify's province_code writes them (CG, OD, TG, UT, DH, LA), with or without 'IN-'. Since
-- 26 January 2020 Dadra and Nagar Haveli and Daman and Diu are one territory, 26: their old names
-- and codes are 26 too (a sale today cannot be in the old 25, which only '25' itself names).
-- PL/pgSQL, not SQL, as rules.gst_rate_for: the order import reads one per line, and the SQL form
-- (not inlined, planned again at every call) took 480 microseconds a line; this takes about 150 for
-- a name (reading rules.gst_states, as private.require_state did before) and 1 for a code.
create function rules.gst_state_code(value text) returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_raw text := btrim(gst_state_code.value);
  v_folded text;
  v_code text;
begin
  if v_raw ~ '^[0-9]{1,2}$' then
    v_code := lpad(v_raw, 2, '0');
    return case when rules.gst_state_name(v_code) is not null then v_code end;
  end if;
  v_folded := regexp_replace(replace(lower(regexp_replace(v_raw, '\s*\(.*\)$', '')), '&', 'and'), '[^a-z0-9]', '', 'g');
  if v_raw ~* '^in-[a-z]{2}$' then
    v_folded := substr(v_folded, 3);
  end if;
  v_code := case v_folded
    when 'orissa' then '21' when 'pondicherry' then '34' when 'uttaranchal' then '05' when 'lakshadeep' then '31'
    when 'chattisgarh' then '22' when 'nctofdelhi' then '07' when 'newdelhi' then '07' when 'telengana' then '36'
    when 'andamanandnicobar' then '35' when 'jammukashmir' then '01'
    when 'dadraandnagarhaveli' then '26' when 'dadarandnagarhaveli' then '26' when 'damananddiu' then '26'
    when 'dadranagarhavelianddamananddiu' then '26' when 'thedadraandnagarhavelianddamananddiu' then '26'
    when 'an' then '35' when 'ap' then '37' when 'ar' then '12' when 'as' then '18' when 'br' then '10'
    when 'ch' then '04' when 'ct' then '22' when 'cg' then '22' when 'dn' then '26' when 'dd' then '26'
    when 'dh' then '26' when 'dl' then '07' when 'ga' then '30' when 'gj' then '24' when 'hr' then '06'
    when 'hp' then '02' when 'jk' then '01' when 'jh' then '20' when 'ka' then '29' when 'kl' then '32'
    when 'la' then '38' when 'ld' then '31' when 'mp' then '23' when 'mh' then '27' when 'mn' then '14'
    when 'ml' then '17' when 'mz' then '15' when 'nl' then '13' when 'or' then '21' when 'od' then '21'
    when 'pb' then '03' when 'py' then '34' when 'rj' then '08' when 'sk' then '11' when 'tn' then '33'
    when 'ts' then '36' when 'tg' then '36' when 'tr' then '16' when 'uk' then '05' when 'ut' then '05'
    when 'up' then '09' when 'wb' then '19'
  end;
  if v_code is null and v_folded <> '' then
    select s.code into v_code from rules.gst_states() s
    where regexp_replace(replace(lower(s.name), '&', 'and'), '[^a-z0-9]', '', 'g') = v_folded;
  end if;
  return v_code;
end;
$$;
comment on function rules.gst_state_code is
  'The GST state code of a state as a report or shop writes it: a code (24, 7), a name in any case and punctuation (GUJARAT, Jammu & Kashmir), a portal''s older spelling (Orissa, Pondicherry) or a WooCommerce/Shopify two-letter code (GJ, IN-GJ); null when it names no state.';

-- Whether a GSTIN is one the GST network would issue: 15 characters, a state code of
-- rules.gst_states, a PAN (5 letters, 4 digits, a letter), the entity number (1-9, A-Z), one more
-- letter or digit (Z for a normal taxpayer; operators collecting TCS and other registrations use
-- others) and the check character: Luhn mod 36 over the first 14 (each character's value in
-- 0-9A-Z, doubled at even positions, each product as quotient + remainder of 36, the sum's
-- complement mod 36). 27AAPFU0939F1ZV and 29AAOFB8607N1ZP are valid (reference sheet 5.1).
create function rules.is_valid_gstin(gstin text) returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_alphabet constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  v_sum integer := 0;
  v_product integer;
begin
  if gstin is null or gstin !~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][0-9A-Z][0-9A-Z]$'
     or rules.gst_state_name(left(gstin, 2)) is null then
    return false;
  end if;
  for i in 1..14 loop
    v_product := (strpos(v_alphabet, substr(gstin, i, 1)) - 1) * (2 - i % 2);
    v_sum := v_sum + v_product / 36 + v_product % 36;
  end loop;
  return right(gstin, 1) = substr(v_alphabet, (36 - v_sum % 36) % 36 + 1, 1);
end;
$$;
comment on function rules.is_valid_gstin is
  'True for a GSTIN of 15 characters with a known state code, the PAN pattern and a matching Luhn mod 36 check character.';

-- The GST rates in force on a day: from 22 September 2025 (Notification 9/2025-Central Tax (Rate),
-- the 56th GST Council) 0, 0.25, 3, 5, 18 and 40; before it 0, 0.25, 3, 5, 12, 18 and 28.
create function rules.gst_rate_in_force(rate numeric, on_day date) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when on_day >= date '2025-09-22' then rate in (0, 0.25, 3, 5, 18, 40)
    else rate in (0, 0.25, 3, 5, 12, 18, 28)
  end
$$;
comment on function rules.gst_rate_in_force is
  'Whether rate is a GST rate in force on on_day: 0, 0.25, 3, 5, 18, 40 from 2025-09-22; 0, 0.25, 3, 5, 12, 18, 28 before.';

-- The rate of one unit sold at unit_price (GST included) on a day: the item's rate, or its price
-- rule {"up_to": 2500, "rate": 5, "above": 18}. The rule compares the unit's value before tax (the
-- transaction value the rate notifications mean; taken at the lower rate) with up_to: a shirt sold
-- at Rs 2,625.00 is worth Rs 2,500.00 before 5%, so 5%; at Rs 2,625.01 it is worth Rs 2,500.01, so
-- 18%. Null (tax unknown) without a rate, or when the rate found was not in force that day (an
-- order from before 22 September 2025 against a rate that came in with it).
-- PL/pgSQL, not SQL, as rules.kept_sale: record_sales calls it for every line, and this SQL function
-- (not inlined: its pinned search_path prevents that) took 110 microseconds a call, planned again
-- each time; PL/pgSQL keeps its plans for the session (5 microseconds).
create function rules.gst_rate_for(gst_rate numeric, rate_rule jsonb, unit_price numeric, on_day date)
returns numeric
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_rate numeric := case
    when gst_rate_for.rate_rule is null then gst_rate_for.gst_rate
    when round(gst_rate_for.unit_price * 100 / (100 + (gst_rate_for.rate_rule ->> 'rate')::numeric), 2)
      <= (gst_rate_for.rate_rule ->> 'up_to')::numeric
      then (gst_rate_for.rate_rule ->> 'rate')::numeric
    else (gst_rate_for.rate_rule ->> 'above')::numeric
  end;
begin
  return case when rules.gst_rate_in_force(v_rate, gst_rate_for.on_day) then v_rate end;
end;
$$;
comment on function rules.gst_rate_for is
  'The GST rate of one unit sold at unit_price (GST included) on on_day: gst_rate, or by rate_rule {up_to, rate, above} on the unit''s value before tax at the lower rate; null without a rate or when it was not in force that day.';

-- An amount that includes GST at rate, split: taxable value rounded to the paisa once, the tax the
-- rest; within the state CGST is half the tax rounded to the paisa and SGST the rest, else IGST. A
-- null rate (tax unknown) leaves the whole amount taxable and no tax.
create function rules.gst_split(
  amount numeric,
  rate numeric,
  intra_state boolean,
  out taxable_value numeric,
  out cgst numeric,
  out sgst numeric,
  out igst numeric
)
-- PL/pgSQL for the same reason as gst_rate_for: called for every line recorded.
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  taxable_value := coalesce(round(gst_split.amount * 100 / (100 + gst_split.rate), 2), gst_split.amount);
  cgst := case when gst_split.intra_state then round((gst_split.amount - taxable_value) / 2, 2) else 0 end;
  sgst := case when gst_split.intra_state then (gst_split.amount - taxable_value) - cgst else 0 end;
  igst := case when gst_split.intra_state then 0 else gst_split.amount - taxable_value end;
end;
$$;
comment on function rules.gst_split is
  'An amount including GST at rate: taxable_value = round(amount / (1 + rate/100), 2); tax = amount - taxable_value, as CGST = round(tax/2, 2) and SGST = tax - CGST within the state, else IGST. Null rate: all taxable, no tax.';

-- A GST-inclusive price without its GST (issue 42: margins are net of tax): the taxable value of
-- one unit sold at `price` on a day at the item's rate or price rule (rules.gst_rate_for,
-- rules.gst_split); the price itself when the item has no rate (tax unknown).
create function rules.price_before_gst(price numeric, gst_rate numeric, rate_rule jsonb, on_day date)
returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$
  select x.taxable_value
  from rules.gst_split(price_before_gst.price, rules.gst_rate_for(price_before_gst.gst_rate,
    price_before_gst.rate_rule, price_before_gst.price, price_before_gst.on_day), true) x
$$;
comment on function rules.price_before_gst is
  'A GST-inclusive unit price without its GST: the taxable value at the item''s rate or price rule on on_day (rules.gst_split); the price itself without a rate.';

-- The Indian financial year (April to March) of a moment, in India time, as the invoice series
-- write it: '25-26' from 1 April 2025 00:00 to 31 March 2026 23:59:59 IST.
create function rules.financial_year(at timestamptz) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select to_char(y % 100, 'FM00') || '-' || to_char((y + 1) % 100, 'FM00')
  from (
    select extract(year from rules.india_day(at))::integer
      - case when extract(month from rules.india_day(at)) < 4 then 1 else 0 end as y
  ) f
$$;
comment on function rules.financial_year is
  'The financial year (April-March, India time) of a moment, as yy-yy: 2026-03-31 23:59 IST is 25-26, 2026-04-01 00:00 IST 26-27.';

-- E-commerce operators (issue 42): the platforms that are marketplaces, which collect TCS on the
-- sales made through them (section 52) and whose GSTIN GSTR-1 names (b2cs type E, Table 14). The
-- brand's website and Other sales are the business's own (they are invoiced, gst_invoices.sql), as
-- are Ajio's: Reliance Retail buys by purchase order, a B2B sale invoiced to its GSTIN (issue 43).
create function rules.is_marketplace(platform public.sales_platform) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select is_marketplace.platform in ('Flipkart', 'Myntra', 'Amazon', 'Meesho')
$$;
comment on function rules.is_marketplace is
  'Whether a platform is an e-commerce operator''s marketplace (Flipkart, Myntra, Amazon, Meesho): its sales are b2cs type E with its GSTIN.';

-- An e-commerce operator's GSTIN is its registration to collect TCS: a valid GSTIN whose 14th
-- character is C (a normal taxpayer's is Z, a TDS deductor's D), the pattern
-- resilient-tech/india-compliance checks for a "Tax Collector" (gst_india/constants: TCS).
create function rules.is_operator_gstin(gstin text) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select rules.is_valid_gstin(is_operator_gstin.gstin) and substr(is_operator_gstin.gstin, 14, 1) = 'C'
$$;
comment on function rules.is_operator_gstin is
  'Whether a GSTIN is an e-commerce operator''s TCS registration: valid (rules.is_valid_gstin) with C as its 14th character.';

-- A registered buyer's place of supply is the state of its GSTIN (issue 42: an invoice to GSTIN
-- 27... with place of supply 29 was refused by nobody): null when they agree or the buyer has no
-- GSTIN, else the refusal naming both.
create function rules.place_of_supply_problem(buyer_gstin text, place_of_supply text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when left(buyer_gstin, 2) <> place_of_supply then
    format('GSTIN %s is %s (%s) but place of supply is %s %s: a registered buyer''s place of supply is its GSTIN''s state.',
      buyer_gstin, rules.gst_state_name(left(buyer_gstin, 2)), left(buyer_gstin, 2), place_of_supply,
      rules.gst_state_name(place_of_supply))
  end
$$;
comment on function rules.place_of_supply_problem is
  'Null when a buyer''s GSTIN state is the place of supply (or there is no GSTIN); else the refusal naming both states.';

-- The last day a credit note may be issued against an invoice: section 34(2) CGST Act (as amended
-- by the Finance Act 2022), 30 November after the end of the invoice's financial year: an invoice
-- of 31 March 2026 (25-26) until 30 November 2026, one of 1 April 2026 (26-27) until 30 November 2027.
create function rules.credit_note_last_day(invoice_date date) returns date
language sql
immutable
parallel safe
set search_path = ''
as $$
  select make_date(extract(year from credit_note_last_day.invoice_date)::integer
    + case when extract(month from credit_note_last_day.invoice_date) < 4 then 0 else 1 end, 11, 30)
$$;
comment on function rules.credit_note_last_day is
  'The last day of a credit note against an invoice of this date: 30 November after its financial year (section 34(2) CGST Act).';

revoke all on function rules.gst_states(), rules.gst_state_name(text), rules.gst_state_code(text), rules.is_valid_gstin(text),
  rules.gst_rate_in_force(numeric, date), rules.gst_rate_for(numeric, jsonb, numeric, date),
  rules.gst_split(numeric, numeric, boolean), rules.financial_year(timestamptz),
  rules.is_marketplace(public.sales_platform), rules.is_operator_gstin(text),
  rules.price_before_gst(numeric, numeric, jsonb, date), rules.place_of_supply_problem(text, text),
  rules.credit_note_last_day(date), rules.needs_eway_bill(numeric, boolean, boolean)
  from public, anon, authenticated, service_role;
grant execute on function rules.gst_states(), rules.gst_state_name(text), rules.gst_state_code(text), rules.is_valid_gstin(text),
  rules.gst_rate_in_force(numeric, date), rules.gst_rate_for(numeric, jsonb, numeric, date),
  rules.gst_split(numeric, numeric, boolean), rules.financial_year(timestamptz),
  rules.is_marketplace(public.sales_platform), rules.is_operator_gstin(text),
  rules.price_before_gst(numeric, numeric, jsonb, date), rules.place_of_supply_problem(text, text),
  rules.credit_note_last_day(date), rules.needs_eway_bill(numeric, boolean, boolean)
  to authenticated;

-- Input checks -----------------------------------------------------------------------------------
-- A GSTIN, trimmed and in capitals, or 'GSTIN {value} is not valid.' (null stays null).
create function private.require_gstin(value text, field text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_gstin text := upper(nullif(btrim(value), ''));
begin
  if v_gstin is not null and not rules.is_valid_gstin(v_gstin) then
    perform private.raise_input_error(format('GSTIN %s is not valid.', btrim(value)), field);
  end if;
  return v_gstin;
end;
$$;
comment on function private.require_gstin is
  'A GSTIN trimmed and upper-cased, or the refusal "GSTIN {value} is not valid." (hint field:<field>); blank is null.';

-- A state as rules.gst_state_code reads it (a code such as '27' or '7', a name in any case, a
-- portal's spelling), as its two-digit code; null stays null; anything else:
-- '{label} {value} is not a state code or name.'
create function private.require_state(value text, label text, field text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_value text := nullif(btrim(value), '');
  v_code text := rules.gst_state_code(v_value);
begin
  if v_value is not null and v_code is null then
    perform private.raise_input_error(format('%s %s is not a state code or name.', label, left(v_value, 60)), field);
  end if;
  return v_code;
end;
$$;
comment on function private.require_state is
  'A state code or name as its two-digit GST state code; null stays null; otherwise refused naming field.';

-- gst_states: the pickers' list --------------------------------------------------------------------
create function public.gst_states() returns table (code text, name text)
language sql
immutable
set search_path = ''
as $$
  select s.code, s.name from rules.gst_states() s order by s.code
$$;
comment on function public.gst_states is 'GST state codes and names, for the state pickers (place of supply, the business''s state).';
revoke all on function public.gst_states() from public, anon, authenticated, service_role;
grant execute on function public.gst_states() to authenticated;

-- Business profile -------------------------------------------------------------------------------
-- The supplier on every invoice and credit note (Rule 46: name, address, GSTIN), the state that
-- decides CGST + SGST or IGST, and the invoice series' prefix. One row per user.
create table public.business_profiles (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  legal_name text not null check (btrim(legal_name) <> '' and length(legal_name) <= 200),
  address text not null check (btrim(address) <> '' and length(address) <= 500),
  gstin text not null check (rules.is_valid_gstin(gstin)),
  state_code text not null check (left(gstin, 2) = state_code),
  -- Invoice numbers are {prefix}/{yy-yy}/{n} and must fit Rule 46's 16 characters with n up to
  -- 9999: the prefix has at most 5 letters, digits or hyphens. 'CN' is the credit notes' series.
  invoice_prefix text not null
    check (invoice_prefix ~ '^[A-Za-z0-9-]{1,5}$' and upper(invoice_prefix) <> 'CN'),
  updated_at timestamptz not null default now()
);
comment on table public.business_profiles is
  'The business on its tax documents: legal name, address, GSTIN, state code (the GSTIN''s) and invoice prefix. One row per user, written by set_business_profile.';

alter table public.business_profiles enable row level security;
create policy "Owners can read their business profile" on public.business_profiles
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.business_profiles from public, anon, authenticated, service_role;
grant all on public.business_profiles to service_role;
grant select on public.business_profiles to authenticated;

create function public.set_business_profile(
  legal_name text,
  address text,
  gstin text,
  state_code text,
  invoice_prefix text
) returns public.business_profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_profile public.business_profiles;
  v_prefix text := btrim(set_business_profile.invoice_prefix);
begin
  v_profile.legal_name := private.require_text(set_business_profile.legal_name, 'Legal name', 200, 'legal_name');
  v_profile.address := private.require_text(set_business_profile.address, 'Address', 500, 'address');
  if nullif(btrim(set_business_profile.gstin), '') is null then
    raise exception 'GSTIN is required.' using hint = 'field:gstin';
  end if;
  v_profile.gstin := private.require_gstin(left(set_business_profile.gstin, 100), 'gstin');
  v_profile.state_code := private.require_state(left(set_business_profile.state_code, 100), 'State', 'state_code');
  if v_profile.state_code is null then
    raise exception 'State is required.' using hint = 'field:state_code';
  end if;
  if v_profile.state_code <> left(v_profile.gstin, 2) then
    perform private.raise_input_error(format('State must be the GSTIN''s state, %s (%s).',
      rules.gst_state_name(left(v_profile.gstin, 2)), left(v_profile.gstin, 2)), 'state_code');
  end if;
  if v_prefix is null or v_prefix = '' then
    raise exception 'Invoice prefix is required.' using hint = 'field:invoice_prefix';
  end if;
  if length(v_prefix) > 5 then
    perform private.raise_input_error(format(
      'Invoice prefix can have at most 5 characters: invoice numbers like %s/25-26/9999 must fit in 16.',
      left(v_prefix, 20)), 'invoice_prefix');
  end if;
  if v_prefix !~ '^[A-Za-z0-9-]+$' then
    raise exception 'Invoice prefix can have only letters, digits and hyphens.' using hint = 'field:invoice_prefix';
  end if;
  if upper(v_prefix) = 'CN' then
    raise exception 'Invoice prefix cannot be CN: credit notes are numbered CN/yy-yy/n.' using hint = 'field:invoice_prefix';
  end if;

  insert into public.business_profiles as b (user_id, legal_name, address, gstin, state_code, invoice_prefix)
  values (v_user_id, v_profile.legal_name, v_profile.address, v_profile.gstin, v_profile.state_code, upper(v_prefix))
  on conflict (user_id) do update
  set legal_name = excluded.legal_name, address = excluded.address, gstin = excluded.gstin,
    state_code = excluded.state_code, invoice_prefix = excluded.invoice_prefix, updated_at = now()
  returning * into v_profile;
  return v_profile;
end;
$$;
comment on function public.set_business_profile is
  'Creates or replaces the caller''s business profile. Refuses an invalid GSTIN ("GSTIN {value} is not valid."), a state other than the GSTIN''s, and an invoice prefix that is not 1-5 letters, digits or hyphens (or is CN); each refusal''s hint names the field.';
revoke all on function public.set_business_profile(text, text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.set_business_profile(text, text, text, text, text) to authenticated;

-- Input tax on a purchase receipt (receive_material, receive_purchase_order): the GST paid, given
-- as an amount, or as a rate on the receipt's value before tax (round(value x rate / 100, 2)). A
-- rate is one in force now or before 22 September 2025 (a supplier's older bill). Neither: none.
create function private.require_input_tax(
  purchase_value numeric,
  gst_rate numeric,
  gst_paid numeric,
  rate_field text,
  paid_field text,
  out rate numeric,
  out paid numeric
)
language plpgsql
immutable
set search_path = ''
as $$
begin
  if gst_rate is not null then
    rate := private.require_number(gst_rate, 'GST rate', 0, false, rate_field);
    if not (rules.gst_rate_in_force(rate, date '2025-09-22') or rules.gst_rate_in_force(rate, date '2025-09-21')) then
      perform private.raise_input_error('GST rate must be one of 0, 0.25, 3, 5, 12, 18, 28 or 40.', rate_field);
    end if;
  end if;
  if gst_paid is not null then
    paid := private.require_decimals(private.require_number(gst_paid, 'GST paid', 0, false, paid_field), 'GST paid', 2,
      paid_field);
  elsif rate is not null then
    if purchase_value is null then
      perform private.raise_input_error('Enter the GST paid, or the unit cost to work it out from.', paid_field);
    end if;
    paid := round(purchase_value * rate / 100, 2);
  end if;
end;
$$;
comment on function private.require_input_tax is
  'The GST paid on a receipt: the amount given, or round(value x rate / 100, 2) from a rate in force now or before 2025-09-22; refusals name their field.';

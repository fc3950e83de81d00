-- Input checks every operation shares, in the unexposed `private` schema: each returns the value it
-- checked (trimmed, for text) or raises the sentence the forms show, naming the field by its label.
-- The operations call them as their owner (security definer); no API role may call them.
--
-- Given `field`, the RPC parameter the value came from, a refusal also carries
-- hint = 'field:<field>' (PostgREST passes the hint on in its error JSON), so a form can show the
-- message beside that input rather than above the form. The message and its SQLSTATE (P0001) are
-- the same either way.

-- Raises `message` (SQLSTATE P0001, as a plain `raise exception`), with hint = 'field:<field>' when
-- a field is named. (RAISE refuses a null option, hence one helper that decides.) Volatile, as
-- whatever raises is: marked immutable, a call with constant arguments was folded, and raised,
-- when its statement was planned, which plpgsql_check (db lint) does for every branch.
create function private.raise_input_error(message text, field text default null) returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  if field is null then
    raise exception using message = raise_input_error.message;
  end if;
  raise exception using message = raise_input_error.message, hint = 'field:' || field;
end;
$$;

-- The day a sale was ordered, when given: from 2000-01-01 to today in India, the days
-- import_sales_orders takes. (The field is an argument, not a literal, so that planning the refusal
-- never runs it: raise_input_error is immutable.)
create function private.optional_order_day(value date, field text) returns date
language plpgsql stable
set search_path = ''
as $$
begin
  if value not between '2000-01-01' and rules.india_day(now()) then
    perform private.raise_input_error('Order date must be between 2000-01-01 and today.', field);
  end if;
  return value;
end;
$$;

-- The caller's user id, or 'Not signed in.'
create function private.require_user_id() returns uuid
language plpgsql stable
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  if v_user_id is null then
    raise exception 'Not signed in.' using errcode = '42501';
  end if;
  return v_user_id;
end;
$$;

create function private.require_text(
  value text, label text, max_length integer, field text default null
) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is null or btrim(value) = '' then
    perform private.raise_input_error(format('%s is required.', label), field);
  end if;
  return private.optional_text(value, label, max_length, field);
end;
$$;

create function private.optional_text(
  value text, label text, max_length integer, field text default null
) returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  if length(btrim(value)) > max_length then
    perform private.raise_input_error(format('%s must be at most %s characters.', label, max_length), field);
  end if;
  return nullif(btrim(value), '');
end;
$$;

-- A number: not NaN or infinite, whole when asked, at least `minimum`, at most 1000000000.
create function private.require_number(
  value numeric, label text, minimum numeric, whole boolean default false, field text default null
) returns numeric
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is null then
    perform private.raise_input_error(format('%s is required.', label), field);
  end if;
  if value = 'NaN' or value in ('Infinity', '-Infinity') then
    perform private.raise_input_error(format('%s must be a number.', label), field);
  end if;
  if whole and value <> trunc(value) then
    perform private.raise_input_error(format('%s must be a whole number.', label), field);
  end if;
  if value < minimum then
    perform private.raise_input_error(format('%s must be at least %s.', label, minimum), field);
  end if;
  if value > 1000000000 then
    perform private.raise_input_error(format('%s must be at most 1000000000.', label), field);
  end if;
  return value;
end;
$$;

-- Refuses a number with more decimal places than its column keeps ('<Field> can have at most <n>
-- decimal places.'), instead of letting the column round it: prices 2, material costs 4, stock,
-- reorder points and BOM quantities 3.
create function private.require_decimals(value numeric, label text, decimals integer, field text)
returns numeric
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is not null and value <> round(value, decimals) then
    perform private.raise_input_error(format('%s can have at most %s decimal places.', label, decimals), field);
  end if;
  return value;
end;
$$;
comment on function private.require_decimals(numeric, text, integer, text) is
  'Refuses a number with more decimal places than its column keeps, instead of letting the column round it; the refusal''s hint names field.';

-- The same check for a value that comes from no one form field (the signature the operations
-- have called since before fields were named).
create function private.require_decimals(value numeric, label text, decimals integer) returns numeric
language sql immutable
set search_path = ''
as $$
  select private.require_decimals(value, label, decimals, null)
$$;
comment on function private.require_decimals(numeric, text, integer) is
  'Refuses a number with more decimal places than its column keeps, instead of letting the column round it.';

-- A quantity that must be more than zero with at most three decimals (materials come in metres
-- and kilograms; the stock columns keep three).
create function private.require_positive_quantity(value numeric, label text) returns numeric
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is not null and value <> 'NaN' and value not in ('Infinity', '-Infinity') and value <= 0 then
    raise exception '% must be greater than 0.', label;
  end if;
  perform private.require_number(value, label, 0);
  return private.require_decimals(value, label, 3);
end;
$$;

-- A quantity of a product in its unit (rules.unit_decimals): whole pieces, metres and kilograms
-- with at most 3 decimals; from the smallest step of its unit when positive (1 piece, 0.001 m),
-- else from 0. Refusals name field: pieces keep '<label> must be a whole number.'.
create function private.require_unit_quantity(value numeric, unit text, label text, positive boolean, field text)
returns numeric
language plpgsql immutable
set search_path = ''
as $$
declare
  v_decimals integer := rules.unit_decimals(unit);
begin
  return private.require_decimals(private.require_number(value, label,
      case when positive then round(power(10::numeric, -v_decimals), v_decimals) else 0 end, v_decimals = 0, field),
    label, v_decimals, field);
end;
$$;
comment on function private.require_unit_quantity is
  'Refuses (naming field) a quantity a product in this unit cannot have: a fraction of a piece, more than 3 decimals of a metre or kilogram, below its smallest step when positive (else below 0).';

create function private.require_platform(value text) returns public.sales_platform
language plpgsql stable
set search_path = ''
as $$
declare
  v_platforms text[] := enum_range(null::public.sales_platform)::text[];
begin
  if value is null or not (value = any (v_platforms)) then
    raise exception 'Platform must be one of: %.', array_to_string(v_platforms, ', ');
  end if;
  return value::public.sales_platform;
end;
$$;

-- Exactly one of a product and a material names the item an operation acts on.
create function private.require_one_item(product_id uuid, material_id uuid) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if num_nonnulls(product_id, material_id) <> 1 then
    raise exception 'Choose exactly one product or material.';
  end if;
end;
$$;

-- A bill of materials lists at most 200 materials, however it arrives (create_product's and
-- update_product's `bom` list, a catalogue file's BOM cell): every line is a lookup and a row, so
-- the bound keeps one call short whatever it is sent (a cell of 10,000 entries took the 8 s
-- statement timeout), and a real product is made of far fewer.
create function private.require_bom_size(entries bigint, field text default null) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if entries > 200 then
    perform private.raise_input_error(
      format('A BOM can list at most 200 materials; this one lists %s.', entries), field);
  end if;
end;
$$;
comment on function private.require_bom_size is
  'Refuses a bill of materials of more than 200 lines; the refusal''s hint names field.';

-- A JSON number as numeric; absent or null is null (the validators then say "is required"), and
-- anything else (a string, a list) is refused rather than guessed at.
create function private.json_number(value jsonb, label text) returns numeric
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is null or jsonb_typeof(value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(value) <> 'number' then
    raise exception '% must be a number.', label;
  end if;
  return value::numeric;
end;
$$;

-- A CSV cell as a number: blank is null (the create functions then apply their defaults or say the
-- field is required); anything Postgres cannot read as a number gets the forms' wording.
create function private.number_from_text(value text, label text) returns numeric
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is null or btrim(value) = '' then
    return null;
  end if;
  return btrim(value)::numeric;
exception when invalid_text_representation then
  raise exception '% must be a number.', label;
end;
$$;
comment on function private.number_from_text is
  'A spreadsheet cell read as a number: blank is null, anything else that is not a number is refused by label.';

-- Lists -----------------------------------------------------------------------------------------
-- Helpers every list function shares (list_products, list_raw_materials, list_sales_orders).
create function private.escape_like(value text) returns text
language sql
immutable
set search_path = ''
as $$
  select replace(replace(replace(value, '\', '\\'), '%', '\%'), '_', '\_')
$$;
comment on function private.escape_like is 'The text with LIKE''s metacharacters (\, %, _) escaped, to match it literally.';

create function private.require_page(sort_by text, sortable text[], page_size integer, page_offset integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if sort_by is null or not sort_by = any (sortable) then
    raise exception 'This list can be sorted by %.', array_to_string(sortable, ', ') using errcode = '22023';
  end if;
  if page_size is null or page_size not between 1 and 1000 then
    raise exception 'A page holds 1 to 1000 rows.' using errcode = '22023';
  end if;
  if page_offset is null or page_offset < 0 then
    raise exception 'The page offset cannot be negative.' using errcode = '22023';
  end if;
end;
$$;
comment on function private.require_page is 'Refuses a sort column outside the list''s whitelist or a page out of range.';

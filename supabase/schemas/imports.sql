-- Imports: marketplace order reports as sales orders, and the catalogue (raw materials and products
-- with their BOM) from CSV files. Both are all or nothing, with a message per line or row, and both
-- go through the very rules of the single-item operations.

-- Marketplace order reports ------------------------------------------------------------------------
-- The lines of an Amazon, Flipkart or Myntra order report become sales orders in one transaction,
-- each keeping its marketplace order id and order date. private.classify_sales_order_lines says
-- what would happen to each line: new sale, already imported, repeated in the file, unknown SKU,
-- archived, not enough stock, or invalid with the validators' message. preview_sales_orders_import
-- returns it (writing nothing); import_sales_orders commits from it, so both decide alike, and
-- records the sales with private.take_products_stock and private.record_sales (sales_orders.sql), as
-- log_sale does: it takes each product's stock once for all its lines and records every line in
-- one statement, each ledger row with its running balance.
--
-- Lines are {external_order_id, order_date, sku, quantity, total_amount} and optionally `line`, the
-- row number in the source file that messages name (default: the position in `lines`), and
-- `status`, 'Unfulfilled' (the default) or 'Fulfilled' for a line the report says has shipped or
-- been delivered: it is recorded Fulfilled, its stock taken and its ledger row written as for any
-- sale (the app reads the report's own status words; the server accepts only these two). The amount
-- is the line's total as the marketplace charged it, not quantity x selling price; the unit price
-- recorded is that total / quantity. Stock is checked cumulatively in line order: once a product's
-- earlier new lines use up its stock, its later lines are refused, so the lines a preview calls new
-- always fit together.

-- A marketplace order date: an ISO 8601 date or timestamp (a date alone is midnight in India),
-- not before 2000 and not in the future.
create function private.require_order_date(value text) returns timestamptz
language plpgsql stable
set search_path = ''
as $$
declare
  v_date timestamptz;
begin
  if value is null or btrim(value) = '' then
    raise exception 'Order date is required.';
  end if;
  if btrim(value) !~ '^\d{4}-\d{2}-\d{2}' then
    raise exception 'Order date must be a date (YYYY-MM-DD).';
  end if;
  begin
    v_date := case when btrim(value) ~ '^\d{4}-\d{2}-\d{2}$'
                   then rules.india_day_start(btrim(value)::date)
                   else btrim(value)::timestamptz end;
  exception when data_exception then
    raise exception 'Order date must be a date (YYYY-MM-DD).';
  end;
  if v_date < '2000-01-01'::timestamptz or v_date > now() + interval '1 day' then
    raise exception 'Order date must be between 2000-01-01 and today.';
  end if;
  return v_date;
end;
$$;

-- The whole of a call's input: a list of at most 5,000 lines, so one call stays within half the 8 s
-- statement timeout (10,000 lines took 6 to 9 s on a loaded 2-core machine, 5,000 about 3 s; issue
-- 44). The app sends a larger report in parts of 2,500.
create function private.require_sales_order_lines(lines jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(lines) is distinct from 'array' then
    raise exception 'Lines must be a list of order lines.';
  end if;
  if jsonb_array_length(lines) > 5000 then
    raise exception 'At most 5000 lines can be imported at once; this has %.', jsonb_array_length(lines);
  end if;
  return lines;
end;
$$;

-- One line, checked with the validators every operation uses; a refusal becomes `error` (with the
-- validator's message) instead of ending the call, so a preview can show every line.
create function private.parse_sales_order_line(line jsonb, line_position integer)
returns table (
  line_number integer,
  external_order_id text,
  order_date timestamptz,
  sku text,
  quantity integer,
  total_amount numeric,
  status public.sales_order_status,
  error text,
  place_of_supply text,
  operator_gstin text
)
language plpgsql stable
-- One row per call: the planner's default guess of 1000 made a 10,000-line classification look
-- costly enough to JIT-compile, which took longer than the work.
rows 1
set search_path = ''
as $$
begin
  line_number := line_position;
  status := 'Unfulfilled';
  begin
    if jsonb_typeof(line) is distinct from 'object' then
      raise exception 'Each line must be an object.';
    end if;
    if line ? 'line' then
      line_number := private.require_number(private.json_number(line -> 'line', 'Line number'),
        'Line number', 1, true);
    end if;
    external_order_id := private.require_text(line ->> 'external_order_id', 'Order id', 100);
    order_date := private.require_order_date(line ->> 'order_date');
    sku := private.require_text(line ->> 'sku', 'SKU', 64);
    quantity := private.require_number(private.json_number(line -> 'quantity', 'Quantity'),
      'Quantity', 1, true);
    total_amount := private.require_decimals(
      private.require_number(private.json_number(line -> 'total_amount', 'Amount'), 'Amount', 0),
      'Amount', 2);
    -- The statuses a sale may start with: Unfulfilled (as log_sale's) or, shipped already, Fulfilled.
    if coalesce(jsonb_typeof(line -> 'status'), 'null') <> 'null' then
      status := case when jsonb_typeof(line -> 'status') = 'string' then
        case line ->> 'status' when 'Fulfilled' then 'Fulfilled'::public.sales_order_status
          when 'Unfulfilled' then 'Unfulfilled'::public.sales_order_status end
      end;
      if status is null then
        raise exception 'Status must be Unfulfilled or Fulfilled.';
      end if;
    end if;
    -- GST (issue 42): the buyer's state as the report writes it (a code such as 27, a name such as
    -- GUJARAT or Orissa) is the place of supply; none, or one that names no state, leaves it
    -- unknown (null), which GSTR-1 lists apart rather than file as the business's own state. And
    -- the marketplace's GSTIN where its report gives it. Both optional.
    place_of_supply := rules.gst_state_code(left(line ->> 'buyer_state', 100));
    operator_gstin := private.require_gstin(left(line ->> 'operator_gstin', 100), null);
  exception when raise_exception then
    error := sqlerrm;
  end;
  return next;
end;
$$;

-- What importing `lines` for this user and platform would do, line by line, in line order:
--   invalid           a validator's message
--   unknown_sku       no product of this user has the SKU (compared as SKUs are: case and
--                     surrounding spaces aside)
--   archived          the product is archived
--   already_imported  a sale of this platform, order id and product exists (skipped)
--   duplicate         an earlier line of this call has the same order id and product (skipped)
--   not_enough_stock  this line with the product's earlier new lines exceeds its stock
--   new               becomes a sale; balance_after is the product's stock after it and the
--                     product's earlier new lines
create function private.classify_sales_order_lines(
  user_id uuid,
  platform public.sales_platform,
  lines jsonb
)
returns table (
  line_number integer,
  external_order_id text,
  order_date timestamptz,
  quantity integer,
  total_amount numeric,
  product_id uuid,
  product_name text,
  balance_after numeric,
  outcome text,
  message text,
  status public.sales_order_status,
  sku text,
  place_of_supply text,
  operator_gstin text
)
language sql stable
-- A plan over a few thousand lines is quick to run and not worth compiling (JIT took 0.6 s).
set jit = off
set search_path = ''
as $$
  with parsed as (
    select l.ordinal, v.*
    from jsonb_array_elements(private.require_sales_order_lines(classify_sales_order_lines.lines))
      with ordinality as l (line, ordinal)
    cross join lateral private.parse_sales_order_line(l.line, l.ordinal::integer) v
  ),
  matched as (
    select parsed.*, p.id as product_id, p.product_name,
      case when p.is_combo then coalesce(private.combo_stock(p.id), 0) else p.stock_on_hand end as stock_on_hand,
      p.archived_at,
      exists (
        select 1 from public.sales_orders o
        where o.user_id = classify_sales_order_lines.user_id
          and o.platform = classify_sales_order_lines.platform
          and o.external_order_id = parsed.external_order_id and o.product_id = p.id
      ) as imported
    from parsed
    -- By SKU, then by the platform's alias (channels.sql). A combo's stock is what its parts make up.
    left join private.products_for_skus(classify_sales_order_lines.user_id, classify_sales_order_lines.platform,
        array(select v.sku from parsed v where v.error is null)) k
      on k.sku = parsed.sku and parsed.error is null
    left join public.products p on p.id = k.product_id
  ),
  first_pass as (
    select m.*,
      case
        when m.error is not null then 'invalid'
        when m.product_id is null then 'unknown_sku'
        when m.archived_at is not null then 'archived'
        when m.imported then 'already_imported'
        when row_number() over (partition by m.external_order_id, m.product_id order by m.ordinal) > 1
          then 'duplicate'
        else 'new'
      end as outcome,
      first_value(m.line_number)
        over (partition by m.external_order_id, m.product_id order by m.ordinal) as first_line
    from matched m
  ),
  stocked as (
    select f.*,
      sum(f.quantity) filter (where f.outcome = 'new')
        over (partition by f.product_id order by f.ordinal rows unbounded preceding) as needed
    from first_pass f
  ),
  -- What each new line takes from each product's stock, with every earlier new line taking the
  -- same product, alone or as a combo's part (channels.sql): a line is short when any product it
  -- takes runs out, and a combo line can still make up min over its parts of what is left / quantity.
  part_needs as (
    -- In bigint (a line may ask for 1000000000 units of a combo taking 1000 of a part), and summed
    -- back to bigint, so a short line's units available divide as whole units.
    select f.ordinal, n.stock_on_hand as part_stock, coalesce(c.quantity, 1) as per_unit,
      f.quantity::bigint * coalesce(c.quantity, 1) as units,
      (sum(f.quantity::bigint * coalesce(c.quantity, 1))
        over (partition by n.id order by f.ordinal rows unbounded preceding))::bigint as part_needed
    from first_pass f
    left join public.combo_components c on c.combo_id = f.product_id
    join public.products n on n.id = coalesce(c.component_id, f.product_id)
    where f.outcome = 'new'
  ),
  shortfalls as (
    -- Whole units: a sale is of whole units, whatever the product is counted in.
    select p.ordinal, floor(min(greatest(p.part_stock - (p.part_needed - p.units), 0) / p.per_unit)) as available
    from part_needs p
    group by p.ordinal
    having bool_or(p.part_needed > p.part_stock)
  )
  select s.line_number, s.external_order_id, s.order_date, s.quantity, s.total_amount, s.product_id,
    s.product_name,
    -- Only a line that becomes a sale has a balance (its lines' sum may exceed any integer otherwise).
    case when s.outcome = 'new' and sh.ordinal is null then s.stock_on_hand - s.needed end,
    case when sh.ordinal is not null then 'not_enough_stock' else s.outcome end,
    case
      when s.outcome = 'invalid' then s.error
      when s.outcome = 'unknown_sku' then format('No product has SKU %s.', s.sku)
      when s.outcome = 'archived' then format('%s is archived.', s.product_name)
      when s.outcome = 'duplicate' then format('Same order and SKU as line %s.', s.first_line)
      when sh.ordinal is not null then format('Not enough stock for %s. Only %s available.',
        s.product_name, sh.available)
    end,
    s.status,
    s.sku,
    s.place_of_supply,
    s.operator_gstin
  from stocked s
  left join shortfalls sh on sh.ordinal = s.ordinal
  order by s.ordinal
$$;

-- preview_sales_orders_import --------------------------------------------------------------------
-- Security definer only to reach the private helpers (clients have no access to that schema); it
-- reads only the caller's rows (filtering on auth.uid() itself) and writes nothing. One JSON list,
-- not a set of rows: the API returns at most 1,000 rows of a set (PostgREST's max_rows on
-- Supabase), and a preview has up to 5,000.
create function public.preview_sales_orders_import(platform text, lines jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(preview_sales_orders_import.platform);
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object('line_number', c.line_number, 'outcome', c.outcome,
      'message', c.message, 'product_name', c.product_name, 'status', c.status, 'sku', c.sku,
      'product_id', c.product_id, 'place_of_supply', c.place_of_supply))
    from private.classify_sales_order_lines(v_user_id, v_platform, preview_sales_orders_import.lines) c
  ), '[]'::jsonb);
end;
$$;
comment on function public.preview_sales_orders_import is
  'For each order line, in line order, what import_sales_orders would do with it now: [{line_number, outcome (new, already_imported, duplicate, unknown_sku, archived, not_enough_stock or invalid), message, product_name, status (the status a new sale is recorded with: Unfulfilled or Fulfilled), sku (as the line gives it), product_id (the product it resolved to, by SKU or the platform''s alias; null when unknown), place_of_supply (the buyer state''s GST code; null when unknown)}]. Writes nothing.';
revoke all on function public.preview_sales_orders_import(text, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.preview_sales_orders_import(text, jsonb) to authenticated;

-- import_sales_orders ---------------------------------------------------------------------------
-- With a request_id (00_setup.sql), a repeat returns the first call's counts and writes nothing:
-- the app sends each part of a large report with its own id.
create function public.import_sales_orders(platform text, lines jsonb, request_id uuid default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_platform public.sales_platform := private.require_platform(import_sales_orders.platform);
  v_skipped integer;
  v_refusal text;
  v_sales private.sale[];
  v_result jsonb;
begin
  v_result := private.replayed_result(v_user_id, import_sales_orders.request_id, 'import_sales_orders');
  if v_result is not null then
    return v_result;
  end if;
  -- Lock the products the lines name, in one fixed order, before reading their stock: a sale
  -- racing with the import waits, and the stock classified below is the stock the sales take.
  -- The products whose stock the lines take, named by SKU or alias: for a combo its parts, not its
  -- own row (channels.sql), which no sale locks.
  perform 1
  from public.products p
  where p.user_id = v_user_id and p.id in (
    select s.product_id
    from private.products_for_skus(v_user_id, v_platform, array(
      select l ->> 'sku'
      from jsonb_array_elements(private.require_sales_order_lines(import_sales_orders.lines)) l
      where jsonb_typeof(l) = 'object')) r
    cross join lateral private.stock_parts(r.product_id) s
    where r.product_id is not null
  )
  order by p.id
  for update;

  -- The lines classified once, in line order, into the sales, the count skipped and the first
  -- refusal, which ends the call and rolls back everything (one aggregate: appending the sales one
  -- by one copied the list each time, which grew with the square of the lines).
  select
    coalesce(array_agg(row(c.product_id, c.product_name, c.quantity, round(c.total_amount / c.quantity, 2),
        c.total_amount, c.balance_after, c.order_date, c.external_order_id, c.status, c.place_of_supply,
        c.operator_gstin)::private.sale
      order by c.position) filter (where c.outcome = 'new'), '{}'),
    count(*) filter (where c.outcome in ('already_imported', 'duplicate')),
    (array_agg(format('Line %s: %s', c.line_number, c.message) order by c.position)
      filter (where c.outcome not in ('new', 'already_imported', 'duplicate')))[1]
  into v_sales, v_skipped, v_refusal
  from private.classify_sales_order_lines(v_user_id, v_platform, import_sales_orders.lines)
    with ordinality as c (line_number, external_order_id, order_date, quantity, total_amount, product_id,
      product_name, balance_after, outcome, message, status, sku, place_of_supply, operator_gstin, position);
  if v_refusal is not null then
    raise exception '%', v_refusal;
  end if;

  -- Each product's stock once, for all its lines, in one statement; each line's ledger row carries
  -- its running balance.
  perform private.take_products_stock(v_user_id,
    array(select row(t.product_id, sum(t.quantity))::private.stock_take
          from unnest(v_sales) t group by t.product_id));
  perform 1 from private.record_sales(v_user_id, v_platform, v_sales);

  v_result := jsonb_build_object('created', cardinality(v_sales), 'skipped', v_skipped);
  perform private.remember_result(v_user_id, import_sales_orders.request_id, v_result);
  return v_result;
end;
$$;
comment on function public.import_sales_orders is
  'Commits marketplace order lines ({external_order_id, order_date, sku, quantity, total_amount, optional status Unfulfilled (default) or Fulfilled, optional buyer_state (a GST state code such as 27, a state name such as GUJARAT or a portal spelling such as Orissa: the place of supply; none or unreadable: unknown), optional operator_gstin (the marketplace''s GSTIN)}, at most 5000) as sales in one transaction: lines already imported are skipped; any refused line (named by its line number) writes nothing. Returns {created, skipped}. A repeated request_id returns the first call''s counts and writes nothing.';
revoke all on function public.import_sales_orders(text, jsonb, uuid) from public, anon, authenticated, service_role;
grant execute on function public.import_sales_orders(text, jsonb, uuid) to authenticated;

-- Catalogue import ---------------------------------------------------------------------------------
-- Raw materials and products (with their BOM by material name) from a CSV file, all or nothing per
-- file, with a message per row.
--
-- Each row goes through create_raw_material or create_product itself, so a row is refused with the
-- very checks and messages of the single-item forms (required fields, lengths, decimal places, a
-- name or SKU that already exists, including one earlier in the same file) and its opening stock is
-- written to the ledger as 'opening_stock' exactly as those functions do. A row whose name or SKU
-- already exists is refused ('A material named X already exists.'), never updated: an import adds
-- items, editing stays with update_product/update_raw_material.
--
-- dry_run validates every row the same way (each row really runs, inside a block that is rolled
-- back) and writes nothing: the preview and the commit share one code path, so the preview cannot
-- disagree with the commit except when the data changed in between. Rows are numbered as in the
-- spreadsheet they came from, whose first line is the header: the first element is row 2.

-- A BOM cell, `Cotton fabric: 1.5; Buttons: 4`, as create_product's BOM ([{material_id,
-- quantity}]), in time linear in the cell: the cell is split once (blank entries skipped), refused
-- past private.require_bom_size's 200 entries before any is looked up, and its lines built by one
-- aggregate in cell order (the list used to be copied whole for every entry appended to it, so a
-- cell of 10,000 entries ran into the 8 s statement timeout). Each entry splits at its last colon,
-- so a material name may contain colons. Names are looked up the way the unique key compares them
-- (case and surrounding spaces ignored) among the user's own materials; replace_bom (via
-- create_product) then checks quantities, repeats and archived materials with its own messages.
-- An entry's own refusal is raised as it is reached, in cell order, so the first bad entry is the
-- one the message describes.
create function private.bom_line_from_text(entry text, user_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_colon integer := length(entry) - strpos(reverse(entry), ':') + 1;
  v_name text;
  v_material_id uuid;
begin
  if strpos(entry, ':') = 0 then
    raise exception 'Each BOM row needs a quantity.';
  end if;
  v_name := btrim(left(entry, v_colon - 1));
  if v_name = '' then
    raise exception 'Each BOM row needs a material.';
  end if;
  select m.id into v_material_id
  from public.raw_materials m
  where m.user_id = bom_line_from_text.user_id and lower(btrim(m.material_name)) = lower(v_name);
  if v_material_id is null then
    raise exception 'Material % not found.', v_name;
  end if;
  return jsonb_build_object(
    'material_id', v_material_id,
    'quantity', private.number_from_text(substr(entry, v_colon + 1), 'BOM quantity')
  );
end;
$$;
comment on function private.bom_line_from_text is
  'One entry of a BOM spreadsheet cell ("Cotton fabric: 1.5") as a BOM line {material_id, quantity}, the material found by name among the user''s own.';

create function private.bom_from_text(bom text, user_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_entries text[] := array(
    select e.entry
    from string_to_table(coalesce(bom, ''), ';') with ordinality e (entry, position)
    where btrim(e.entry) <> ''
    order by e.position
  );
begin
  perform private.require_bom_size(cardinality(v_entries));
  return coalesce((
    select jsonb_agg(private.bom_line_from_text(e.entry, bom_from_text.user_id) order by e.position)
    from unnest(v_entries) with ordinality e (entry, position)
  ), '[]'::jsonb);
end;
$$;
comment on function private.bom_from_text is
  'A BOM spreadsheet cell ("Cotton fabric: 1.5; Buttons: 4", at most 200 entries) as create_product''s BOM, materials found by name among the user''s own.';

-- Styles in a catalogue file -----------------------------------------------------------------------
-- A product row may belong to a style: a `style` cell (the style's name) and an `options` cell with
-- the variant's values, `Size: M; Colour: Navy Blue` (the BOM cell's form). Each row is created by
-- create_product as any other, keeping its own SKU, name, price, stock and BOM; then the rows of
-- one style (its name compared without case) become one style whose variants they are:
--   - every row of it names the same options (in any order; the first row's order is the grid's),
--     and together they are every combination of the values, each once (values in the order they
--     first appear; checked as create_style checks options: at most 3, 100 values, 100 variants);
--   - its category and selling price are its first row's; its SKU prefix the part every variant's
--     SKU starts with, up to a hyphen (KRT from KRT-S-RED, KRT-M-RED), or else from the name;
--   - its BOM is read from the rows' BOMs: a material with one quantity in every row is one line;
--     one whose quantity follows one option's value is a line by that option; a material missing
--     from some rows, or varying with more than one option, is refused.
-- A refusal about a style is the message of its first row (or of the row it is about).

-- An options cell as [[name, value], ...] in cell order; a refusal is the row's message.
create function private.options_from_text(options text) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  v_entries text[] := array(
    select btrim(e.entry) from string_to_table(coalesce(options, ''), ';') e (entry) where btrim(e.entry) <> ''
  );
  v_entry text;
  v_pairs jsonb := '[]'::jsonb;
begin
  if cardinality(v_entries) = 0 then
    raise exception 'A row of a style needs its options, as in Size: M; Colour: Red.';
  end if;
  if cardinality(v_entries) > 3 then
    raise exception 'A style can have at most 3 options; this row has %.', cardinality(v_entries);
  end if;
  foreach v_entry in array v_entries loop
    if strpos(v_entry, ':') = 0 then
      raise exception 'Each option needs a name and a value, as in Size: M.';
    end if;
    if exists (
      select 1 from jsonb_array_elements(v_pairs) p where lower(p ->> 0) = lower(btrim(split_part(v_entry, ':', 1)))
    ) then
      raise exception 'Option % is listed twice.', btrim(split_part(v_entry, ':', 1));
    end if;
    v_pairs := v_pairs || jsonb_build_array(jsonb_build_array(
      btrim(split_part(v_entry, ':', 1)), btrim(substr(v_entry, strpos(v_entry, ':') + 1))));
  end loop;
  return v_pairs;
end;
$$;
comment on function private.options_from_text is
  'A catalogue file''s options cell ("Size: M; Colour: Red", at most 3) as [[name, value], ...].';

-- Makes one style of each group of styled rows ([{position, row_number, product_id, style, pairs}],
-- their products created), with its variants and BOM; returns the problems, by row position.
create function private.import_styles(user_id uuid, styled jsonb)
returns table (row_position integer, message text)
language plpgsql
set search_path = ''
as $$
declare
  v_group record;
  v_first jsonb;
  v_names jsonb;
  v_rows jsonb;
  v_options jsonb;
  v_row jsonb;
  v_first_product public.products;
  v_prefix text;
  v_sku text;
  v_style public.styles;
  v_material record;
  v_option record;
  v_lines jsonb;
  v_line jsonb;
begin
  for v_group in
    select jsonb_agg(s order by (s ->> 'position')::integer) as rows
    from jsonb_array_elements(styled) s
    group by lower(s ->> 'style')
    order by min((s ->> 'position')::integer)
  loop
    v_first := v_group.rows -> 0;
    row_position := (v_first ->> 'position')::integer;
    begin
      v_names := (select jsonb_agg(p -> 0 order by n) from jsonb_array_elements(v_first -> 'pairs') with ordinality e (p, n));
      select r into v_row
      from jsonb_array_elements(v_group.rows) r
      where array(select lower(p ->> 0) from jsonb_array_elements(r -> 'pairs') p order by 1)
         <> array(select lower(n #>> '{}') from jsonb_array_elements(v_names) n order by 1)
      limit 1;
      if v_row is not null then
        row_position := (v_row ->> 'position')::integer;
        raise exception 'Every row of style % names the options %.', v_first ->> 'style',
          (select string_agg(n #>> '{}', ', ') from jsonb_array_elements(v_names) n);
      end if;
      -- Each row's values in the first row's option order.
      select jsonb_agg(jsonb_build_object('position', r -> 'position', 'row_number', r -> 'row_number',
          'product_id', r -> 'product_id',
          'values', (select jsonb_agg((select p -> 1 from jsonb_array_elements(r -> 'pairs') p
                                        where lower(p ->> 0) = lower(n.name #>> '{}')) order by n.i)
                     from jsonb_array_elements(v_names) with ordinality n (name, i)))
        order by (r ->> 'position')::integer)
      into v_rows
      from jsonb_array_elements(v_group.rows) r;
      select jsonb_agg(jsonb_build_object('name', n.name, 'values', (
          select jsonb_agg(v.value order by v.first)
          from (select r -> 'values' -> (n.i::integer - 1) as value, min((r ->> 'position')::integer) as first
                from jsonb_array_elements(v_rows) r group by 1) v)) order by n.i)
      into v_options
      from jsonb_array_elements(v_names) with ordinality n (name, i);
      v_options := private.require_style_options(v_options, null);

      select r2 into v_row
      from jsonb_array_elements(v_rows) r2
      where exists (select 1 from jsonb_array_elements(v_rows) r1
                    where r1 -> 'values' = r2 -> 'values' and (r1 ->> 'position')::integer < (r2 ->> 'position')::integer)
      limit 1;
      if v_row is not null then
        row_position := (v_row ->> 'position')::integer;
        raise exception 'Same style and options as row %.', (
          select min((r1 ->> 'row_number')::integer) from jsonb_array_elements(v_rows) r1 where r1 -> 'values' = v_row -> 'values');
      end if;
      if jsonb_array_length(v_rows) <> (select round(exp(sum(ln(jsonb_array_length(o -> 'values'))))) from jsonb_array_elements(v_options) o) then
        raise exception 'Style % has % rows; its options make % variants: give one row for each.', v_first ->> 'style',
          jsonb_array_length(v_rows),
          (select round(exp(sum(ln(jsonb_array_length(o -> 'values'))))) from jsonb_array_elements(v_options) o);
      end if;

      -- The SKU prefix: what every variant's SKU starts with, cut back to a hyphen.
      select * into v_first_product from public.products p where p.id = (v_first ->> 'product_id')::uuid;
      v_prefix := upper(btrim(v_first_product.sku));
      for v_sku in
        select upper(btrim(p.sku)) from public.products p
        where p.id in (select (r ->> 'product_id')::uuid from jsonb_array_elements(v_rows) r)
      loop
        while not starts_with(v_sku, v_prefix) loop
          v_prefix := left(v_prefix, length(v_prefix) - 1);
        end loop;
      end loop;
      v_prefix := left(rtrim(case when strpos(v_prefix, '-') > 0
                                  then left(v_prefix, length(v_prefix) - strpos(reverse(v_prefix), '-') + 1)
                                  else '' end, '-'), 20);
      if v_prefix = '' then
        v_prefix := upper(left(regexp_replace(btrim(v_first ->> 'style'), '\s+', '-', 'g'), 20));
      end if;

      insert into public.styles (user_id, style_name, category, sku_prefix, selling_price, options)
      values (import_styles.user_id, private.require_text(v_first ->> 'style', 'Style name', 100),
        v_first_product.category, v_prefix, v_first_product.selling_price, v_options)
      returning * into v_style;
      insert into public.style_variants (product_id, style_id, user_id, option_values)
      select (r ->> 'product_id')::uuid, v_style.id, import_styles.user_id,
        array(select jsonb_array_elements_text(r -> 'values'))
      from jsonb_array_elements(v_rows) r;

      -- The style BOM, read from the variants' BOMs.
      v_lines := '[]'::jsonb;
      for v_material in
        select b.material_id, m.material_name, count(*) as variants, count(distinct b.quantity) as quantities,
          min(b.quantity) as quantity
        from public.bom_items b
        join public.style_variants sv on sv.product_id = b.product_id
        join public.raw_materials m on m.id = b.material_id
        where sv.style_id = v_style.id
        group by b.material_id, m.material_name
        order by m.material_name
      loop
        if v_material.variants <> jsonb_array_length(v_rows) then
          raise exception 'In style %, % is in the BOM of some rows only.', v_style.style_name, v_material.material_name;
        end if;
        if v_material.quantities = 1 then
          v_lines := v_lines || jsonb_build_array(jsonb_build_object(
            'material_id', v_material.material_id, 'quantity', v_material.quantity));
          continue;
        end if;
        v_line := null;
        for v_option in
          select o.option ->> 'name' as name, o.position from jsonb_array_elements(v_style.options) with ordinality o (option, position)
        loop
          if not exists (
            select 1 from public.bom_items b join public.style_variants sv on sv.product_id = b.product_id
            where sv.style_id = v_style.id and b.material_id = v_material.material_id
            group by sv.option_values[v_option.position] having count(distinct b.quantity) > 1
          ) then
            v_line := jsonb_build_object('material_id', v_material.material_id, 'by_option', v_option.name,
              'quantities', (
                select jsonb_object_agg(sv.option_values[v_option.position], b.quantity)
                from public.bom_items b join public.style_variants sv on sv.product_id = b.product_id
                where sv.style_id = v_style.id and b.material_id = v_material.material_id));
            exit;
          end if;
        end loop;
        if v_line is null then
          raise exception 'In style %, the quantity of % changes with more than one option.',
            v_style.style_name, v_material.material_name;
        end if;
        v_lines := v_lines || jsonb_build_array(v_line);
      end loop;
      perform private.save_style_bom(v_style.id, import_styles.user_id, v_lines);
    exception when others then
      message := sqlerrm;
      return next;
    end;
  end loop;
end;
$$;
comment on function private.import_styles is
  'Makes one style of each group of a catalogue file''s styled product rows, with its variants and a BOM read from theirs; returns the problems by row position.';

-- Runs every row of one file through create_raw_material ('raw_materials') or create_product
-- ('products'), each in its own subtransaction so one refusal does not hide the next, and
-- returns one message per row (null: the row is fine). The whole file is rolled back when any row
-- is refused (and the first refusal raised, with its row number and SQLSTATE) or when dry_run.
-- With a request_id (00_setup.sql), a repeated commit returns the first one's messages and writes
-- nothing; a dry run writes nothing either way and neither takes nor remembers the id.
create function private.import_catalogue(kind text, rows jsonb, dry_run boolean, request_id uuid)
returns table (row_number integer, message text)
language plpgsql
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_row jsonb;
  v_position bigint;
  v_row_numbers integer[] := '{}'::integer[];
  v_messages text[] := '{}'::text[];
  v_first_failure integer;
  v_first_state text;
  v_operation constant text := 'import_' || kind;
  v_replayed jsonb;
  v_product public.products;
  v_styled jsonb := '[]'::jsonb;
  v_style_problem record;
  v_bom_entries bigint;
  v_largest_bom bigint;
begin
  if not dry_run then
    v_replayed := private.replayed_result(v_user_id, import_catalogue.request_id, v_operation);
    if v_replayed is not null then
      return query select r.row_number, r.message
        from jsonb_to_recordset(v_replayed) as r (row_number integer, message text);
      return;
    end if;
  end if;
  if jsonb_typeof(rows) is distinct from 'array' then
    raise exception 'Rows must be a list.';
  end if;
  if jsonb_array_length(rows) = 0 then
    raise exception 'The file has no rows to import.';
  end if;
  -- Measured through the stack on a loaded 2-core machine: 2,000 products with three BOM lines
  -- each import in about 1 s; 5,000 took over 8 s, the API's statement timeout.
  if jsonb_array_length(rows) > 2000 then
    raise exception 'A file can have at most 2000 rows.';
  end if;
  -- And at most 5,000 BOM entries in all: 2,000 rows of 200 entries each would run far past the
  -- timeout, while 5,000 entries take about 1 s on a quiet 2-core machine. A cell over its own
  -- bound of 200 is left to its row's message, which names the row.
  if kind = 'products' then
    select coalesce(sum(c.entries), 0), coalesce(max(c.entries), 0) into v_bom_entries, v_largest_bom
    from (
      select count(*) as entries
      from jsonb_array_elements(rows) with ordinality r (value, position), string_to_table(
        case when jsonb_typeof(r.value) = 'object' then r.value ->> 'bom' end, ';') e (entry)
      where btrim(e.entry) <> ''
      group by r.position
    ) c;
    if v_bom_entries > 5000 and v_largest_bom <= 200 then
      raise exception 'A file can have at most 5000 BOM entries in all; this one has %. Split it into smaller files.',
        v_bom_entries;
    end if;
  end if;

  begin
    for v_row, v_position in select r.value, r.ordinality from jsonb_array_elements(rows) with ordinality r loop
      v_row_numbers := v_row_numbers || (v_position + 1)::integer;
      begin
        if jsonb_typeof(v_row) <> 'object' then
          raise exception 'Each row must be an object of column values.';
        end if;
        if kind = 'raw_materials' then
          perform public.create_raw_material(
            material_name => v_row ->> 'material_name',
            supplier => v_row ->> 'supplier',
            cost_per_unit => private.number_from_text(v_row ->> 'cost_per_unit', 'Cost per unit'),
            stock_level => private.number_from_text(v_row ->> 'stock_level', 'Stock level'),
            unit_of_measure => v_row ->> 'unit_of_measure',
            reorder_point => private.number_from_text(v_row ->> 'reorder_point', 'Reorder point')
          );
        else
          select * into v_product from public.create_product(
            sku => v_row ->> 'sku',
            product_name => v_row ->> 'product_name',
            category => v_row ->> 'category',
            selling_price => private.number_from_text(v_row ->> 'selling_price', 'Selling price'),
            stock_on_hand => private.number_from_text(v_row ->> 'stock_on_hand', 'Stock on hand'),
            reorder_point => private.number_from_text(v_row ->> 'reorder_point', 'Reorder point'),
            bom => private.bom_from_text(v_row ->> 'bom', v_user_id)
          );
          -- A variant of a style (import_styles, above, makes the styles once every row is in).
          if coalesce(btrim(v_row ->> 'style'), '') <> '' or coalesce(btrim(v_row ->> 'options'), '') <> '' then
            if coalesce(btrim(v_row ->> 'style'), '') = '' then
              raise exception 'A row with options needs its style.';
            end if;
            v_styled := v_styled || jsonb_build_array(jsonb_build_object(
              'position', v_position, 'row_number', v_position + 1, 'product_id', v_product.id,
              'style', btrim(v_row ->> 'style'), 'pairs', private.options_from_text(v_row ->> 'options')));
          end if;
        end if;
        v_messages := v_messages || null::text;
      exception when others then
        v_messages := v_messages || sqlerrm;
        if v_first_failure is null then
          v_first_failure := cardinality(v_messages);
          v_first_state := sqlstate;
        end if;
      end;
    end loop;

    -- The styles, once every row is fine (a refused row would make its style's grid incomplete).
    if v_first_failure is null then
      for v_style_problem in select * from private.import_styles(v_user_id, v_styled) loop
        v_messages[v_style_problem.row_position] := v_style_problem.message;
        if v_first_failure is null or v_style_problem.row_position < v_first_failure then
          v_first_failure := v_style_problem.row_position;
          v_first_state := 'P0001';
        end if;
      end loop;
    end if;

    if dry_run or v_first_failure is not null then
      raise exception using errcode = 'FFI01', message = 'Roll back the import.';
    end if;
  exception when sqlstate 'FFI01' then
    -- Everything the rows wrote is undone; the messages collected above remain.
    null;
  end;

  if v_first_failure is not null and not dry_run then
    raise exception 'Row %: %', v_row_numbers[v_first_failure], v_messages[v_first_failure]
      using errcode = v_first_state, detail = 'Nothing was imported.';
  end if;

  if not dry_run then
    perform private.remember_result(v_user_id, import_catalogue.request_id, (
      select jsonb_agg(jsonb_build_object('row_number', u.number, 'message', u.text) order by u.position)
      from unnest(v_row_numbers, v_messages) with ordinality as u (number, text, position)));
  end if;
  return query select u.number, u.text from unnest(v_row_numbers, v_messages) as u (number, text);
end;
$$;
comment on function private.import_catalogue is
  'One import file through create_raw_material or create_product, all or nothing, with a message per row.';

-- The API: security definer like the stock operations they call. The helpers live in the unexposed
-- private schema, which API roles cannot use; every write is create_raw_material/create_product on
-- auth.uid(), and materials are looked up by the caller's user_id.
create function public.import_raw_materials(
  rows jsonb,
  dry_run boolean default false,
  request_id uuid default null
)
returns table (row_number integer, message text)
language sql
security definer
set search_path = ''
as $$
  select * from private.import_catalogue('raw_materials', rows, coalesce(dry_run, false), request_id);
$$;
comment on function public.import_raw_materials is
  'Imports raw materials ([{material_name, supplier, cost_per_unit, stock_level, unit_of_measure, reorder_point}], cells as text or numbers, at most 2000) all or nothing with create_raw_material''s checks; dry_run validates and writes nothing. One message per row, null when fine; rows numbered from 2 as under a header line. A repeated request_id (not on a dry run) returns the first commit''s messages and writes nothing.';
revoke all on function public.import_raw_materials(jsonb, boolean, uuid) from public, anon, authenticated, service_role;
grant execute on function public.import_raw_materials(jsonb, boolean, uuid) to authenticated;

create function public.import_products(
  rows jsonb,
  dry_run boolean default false,
  request_id uuid default null
)
returns table (row_number integer, message text)
language sql
security definer
set search_path = ''
as $$
  select * from private.import_catalogue('products', rows, coalesce(dry_run, false), request_id);
$$;
comment on function public.import_products is
  'Imports products ([{sku, product_name, category, selling_price, stock_on_hand, reorder_point, bom, style, options}], bom as "Material: quantity; ..." with at most 200 materials, options as "Size: M; Colour: Red" for a row of the style named by style (the rows of one style make one style with every combination), at most 2000 rows and 5000 BOM entries in all) all or nothing with create_product''s checks; dry_run validates and writes nothing. One message per row, null when fine; rows numbered from 2 as under a header line. A repeated request_id (not on a dry run) returns the first commit''s messages and writes nothing.';
revoke all on function public.import_products(jsonb, boolean, uuid) from public, anon, authenticated, service_role;
grant execute on function public.import_products(jsonb, boolean, uuid) to authenticated;

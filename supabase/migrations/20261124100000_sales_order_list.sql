-- Sales Orders one page at a time: list_sales_orders() and the indexes its queries use.
--
-- list_sales_orders(...) returns one page of the caller's sales orders and how many match:
-- searched by product name (contains) or SKU (prefix), filtered by platform, status and a date
-- range, sorted by a whitelisted column (newest first by default). The search text arrives as a
-- function argument, so every character is taken literally (LIKE's metacharacters are escaped
-- here) with none of PostgREST's filter syntax (`*` read as `%`, quoting inside or=()) in between,
-- and a long search never makes a long URL.
--
-- Security definer, with a reason: under row-level security Postgres uses an index for a condition
-- only when its operator is leakproof, and LIKE/ILIKE are not, so run as the caller a search would
-- read every one of the caller's orders. Every statement filters on the caller's auth.uid() itself
-- (as the stock operations do), so only the caller's rows are ever read or returned.

create extension if not exists pg_trgm with schema extensions;

-- Indexes ----------------------------------------------------------------------------------------
-- Newest first, with id breaking ties so that paging is stable; platform and status ride along so
-- counting a filtered list reads the index alone. Replaces (user_id, order_date desc).
create index sales_orders_user_id_order_date_id_idx
  on public.sales_orders (user_id, order_date desc, id desc) include (platform, status);
drop index public.sales_orders_user_id_order_date_idx;

-- Product name search (contains, any case): trigrams.
create index sales_orders_product_name_trgm_idx
  on public.sales_orders using gin (product_name extensions.gin_trgm_ops);

-- SKU search (prefix, any case): a pattern index on the normalised SKU the unique index compares.
create index products_user_id_sku_pattern_idx
  on public.products (user_id, lower(btrim(sku)) text_pattern_ops);

-- The queries --------------------------------------------------------------------------------------
-- Helpers every list function shares.
create function private.escape_like(value text) returns text
language sql
immutable
set search_path = ''
as $$
  select replace(replace(replace(value, '\', '\\'), '%', '\%'), '_', '\_')
$$;
comment on function private.escape_like is 'The text with LIKE''s metacharacters (\, %, _) escaped, to match it literally.';
revoke all on function private.escape_like(text) from public, anon, authenticated, service_role;

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
revoke all on function private.require_page(text, text[], integer, integer) from public, anon, authenticated, service_role;

-- Builds the count and page statements for one user (values quoted as literals, so each runs with
-- a plan for its own values). Separate from list_sales_orders so pgTAP can EXPLAIN exactly what
-- runs.
create function private.sales_order_list_sql(
  p_user_id uuid,
  p_search text,
  p_platform public.sales_platform,
  p_status public.sales_order_status,
  p_date_from timestamptz,
  p_date_to timestamptz,
  p_sort_by text,
  p_ascending boolean,
  p_page_size integer,
  p_page_offset integer
)
returns table (count_sql text, page_sql text)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_search text := btrim(coalesce(p_search, ''));
  v_pattern text;
  v_sku_products uuid[];
  v_where text := format('o.user_id = %L', p_user_id);
  v_direction text := case when p_ascending then 'asc' else 'desc' end;
begin
  perform private.require_page(p_sort_by, array['order_date', 'product_name', 'quantity', 'total_amount'],
    p_page_size, p_page_offset);

  if v_search <> '' then
    if length(v_search) > 200 then
      -- Longer than any product name (200) or SKU (64): nothing can match.
      v_where := v_where || ' and false';
    else
      v_pattern := private.escape_like(lower(v_search));
      -- The products whose SKU starts with the search go into the statement as a list, so the
      -- planner knows how few orders they have and reads just those; a prefix shared by more
      -- than 1,000 products matches so many orders that reading newest first finds a page at once.
      select array_agg(p.id) into v_sku_products
      from (
        select p.id from public.products p
        where p.user_id = p_user_id and lower(btrim(p.sku)) like v_pattern || '%'
        limit 1001
      ) p;
      v_where := v_where || format(' and (o.product_name ilike %L', '%' || v_pattern || '%')
        || case
          when v_sku_products is null then ')'
          when cardinality(v_sku_products) <= 1000 then format(' or o.product_id = any (%L::uuid[]))', v_sku_products)
          else format(
            ' or o.product_id = any (array(select p.id from public.products p where p.user_id = %L'
              || ' and lower(btrim(p.sku)) like %L)))',
            p_user_id, v_pattern || '%')
        end;
    end if;
  end if;
  if p_platform is not null then
    v_where := v_where || format(' and o.platform = %L::public.sales_platform', p_platform);
  end if;
  if p_status is not null then
    v_where := v_where || format(' and o.status = %L::public.sales_order_status', p_status);
  end if;
  if p_date_from is not null then
    v_where := v_where || format(' and o.order_date >= %L::timestamptz', p_date_from);
  end if;
  if p_date_to is not null then
    v_where := v_where || format(' and o.order_date < %L::timestamptz', p_date_to);
  end if;

  count_sql := 'select count(*) from public.sales_orders o where ' || v_where;
  page_sql := format(
    'select o.* from public.sales_orders o where %s order by o.%I %s, o.id %s limit %s offset %s',
    v_where, p_sort_by, v_direction, v_direction, p_page_size, p_page_offset);
  return next;
end;
$$;
comment on function private.sales_order_list_sql is
  'The count and page statements of list_sales_orders for one user, with its values as literals.';
revoke all on function private.sales_order_list_sql(
  uuid, text, public.sales_platform, public.sales_order_status, timestamptz, timestamptz, text, boolean,
  integer, integer
) from public, anon, authenticated, service_role;

create function public.list_sales_orders(
  search text default '',
  platform public.sales_platform default null,
  status public.sales_order_status default null,
  date_from timestamptz default null,
  date_to timestamptz default null,
  sort_by text default 'order_date',
  ascending boolean default false,
  page_size integer default 25,
  page_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
-- A page or count of one user's orders never reads the whole table, even where this user owns
-- most of it (one shop on its own stack), where a sequential scan would look cheaper to the
-- planner: so its cost stays bounded by this user's rows as other workspaces grow.
set enable_seqscan = off
as $$
declare
  v_sql record;
  v_total bigint;
  v_rows jsonb;
begin
  select * into v_sql from private.sales_order_list_sql(
    private.require_user_id(), search, platform, status, date_from, date_to, sort_by, ascending,
    page_size, page_offset);
  execute v_sql.count_sql into v_total;
  execute format('select coalesce(jsonb_agg(to_jsonb(r)), ''[]'') from (%s) r', v_sql.page_sql)
    into v_rows;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;
comment on function public.list_sales_orders is
  'One page of the caller''s sales orders ({total, rows}): search by product name or SKU prefix (taken literally), filter by platform, status and date range [date_from, date_to), sort by order_date, product_name, quantity or total_amount.';

revoke all on function public.list_sales_orders(
  text, public.sales_platform, public.sales_order_status, timestamptz, timestamptz, text, boolean,
  integer, integer
) from public, anon, authenticated, service_role;
grant execute on function public.list_sales_orders(
  text, public.sales_platform, public.sales_order_status, timestamptz, timestamptz, text, boolean,
  integer, integer
) to authenticated;

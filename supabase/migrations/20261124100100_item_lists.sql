-- Products and Raw Materials one page at a time: list_products() and list_raw_materials().
--
-- Each returns one page of the caller's items and how many match ({total, rows}): searched by
-- name or SKU (products) or by name or supplier (materials), every character taken literally
-- (LIKE's metacharacters are escaped here, so no PostgREST filter syntax is involved), optionally
-- only the items below their reorder point (a comparison of two columns, which PostgREST filters
-- cannot express), archived items only when asked for, sorted by a whitelisted column (oldest
-- first by default, as the lists were). Security definer like list_sales_orders, whose unexposed
-- helpers (LIKE escaping, page checks) they share: every statement filters on the caller's
-- auth.uid() itself.

create function public.list_products(
  search text default '',
  low_stock_only boolean default false,
  include_archived boolean default false,
  sort_by text default 'created_at',
  ascending boolean default true,
  page_size integer default 25,
  page_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_pattern text := '%' || private.escape_like(btrim(coalesce(search, ''))) || '%';
  v_where constant text := 'p.user_id = $6'
    || ' and (p.product_name ilike $1 or p.sku ilike $1)'
    || ' and (not $2 or p.stock_on_hand < p.reorder_point)'
    || ' and ($3 or p.archived_at is null)';
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_page(sort_by,
    array['created_at', 'sku', 'product_name', 'category', 'selling_price', 'stock_on_hand'], page_size, page_offset);
  execute 'select count(*) from public.products p where ' || v_where
    into v_total using v_pattern, low_stock_only, include_archived, null, null, v_user_id;
  execute format(
    'select coalesce(jsonb_agg(r), ''[]'') from ('
      || 'select p.id, p.sku, p.product_name, p.category, p.selling_price, p.stock_on_hand, p.reorder_point, p.archived_at'
      || ' from public.products p where %s order by p.%I %s nulls last, p.id %s limit $4 offset $5) r',
    v_where, sort_by, case when ascending then 'asc' else 'desc' end, case when ascending then 'asc' else 'desc' end)
    into v_rows using v_pattern, low_stock_only, include_archived, page_size, page_offset, v_user_id;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;
comment on function public.list_products is
  'One page of the caller''s products ({total, rows}): search by name or SKU (taken literally), low stock only, archived or not, sorted by a whitelisted column.';
revoke all on function public.list_products(text, boolean, boolean, text, boolean, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.list_products(text, boolean, boolean, text, boolean, integer, integer) to authenticated;

create function public.list_raw_materials(
  search text default '',
  low_stock_only boolean default false,
  include_archived boolean default false,
  sort_by text default 'created_at',
  ascending boolean default true,
  page_size integer default 25,
  page_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_pattern text := '%' || private.escape_like(btrim(coalesce(search, ''))) || '%';
  v_where constant text := 'm.user_id = $6'
    || ' and (m.material_name ilike $1 or coalesce(m.supplier, '''') ilike $1)'
    || ' and (not $2 or m.stock_level < m.reorder_point)'
    || ' and ($3 or m.archived_at is null)';
  v_total bigint;
  v_rows jsonb;
begin
  perform private.require_page(sort_by,
    array['created_at', 'material_name', 'supplier', 'cost_per_unit', 'stock_level'], page_size, page_offset);
  execute 'select count(*) from public.raw_materials m where ' || v_where
    into v_total using v_pattern, low_stock_only, include_archived, null, null, v_user_id;
  execute format(
    'select coalesce(jsonb_agg(r), ''[]'') from ('
      || 'select m.id, m.material_name, m.supplier, m.cost_per_unit, m.stock_level, m.unit_of_measure,'
      || ' m.reorder_point, m.archived_at'
      || ' from public.raw_materials m where %s order by m.%I %s nulls last, m.id %s limit $4 offset $5) r',
    v_where, sort_by, case when ascending then 'asc' else 'desc' end, case when ascending then 'asc' else 'desc' end)
    into v_rows using v_pattern, low_stock_only, include_archived, page_size, page_offset, v_user_id;
  return jsonb_build_object('total', v_total, 'rows', v_rows);
end;
$$;
comment on function public.list_raw_materials is
  'One page of the caller''s raw materials ({total, rows}): search by name or supplier (taken literally), low stock only, archived or not, sorted by a whitelisted column.';
revoke all on function public.list_raw_materials(text, boolean, boolean, text, boolean, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.list_raw_materials(text, boolean, boolean, text, boolean, integer, integer)
  to authenticated;

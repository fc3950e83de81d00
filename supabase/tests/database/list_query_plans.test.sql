-- list_query_plans: on 100,000 sales orders of one user (and 20,000 of another), the statements
-- list_sales_orders runs (the count and the page) read sales_orders through its indexes, never by a
-- sequential scan, for the first page, a SKU prefix search, a marketplace order id search, a
-- platform + date range filter and a deep page; so a page costs the same at 100 orders and at 100,000.
-- Unsearched and undated lists are counted from the kept order counts (sales_totals.sql) instead.
begin;
set local client_min_messages = warning;
select plan(20);

select tests.create_user('owner');
select tests.create_user('other');

-- Seeded as the owner of the tables (the API has no bulk insert): 1,000 products and 100,000 orders
-- five minutes apart (about a year) for the owner, 100 products and 20,000 orders for the other.
insert into public.products (user_id, sku, product_name, selling_price)
select u.id, format('%s-%s', u.prefix, lpad(g::text, 4, '0')), format('%s product %s', u.prefix, g), 100
from (values (tests.id('owner'), 'SKU', 1000), (tests.id('other'), 'OTH', 100)) as u (id, prefix, products),
  generate_series(1, u.products) as g;

insert into public.sales_orders (user_id, platform, product_id, product_name, quantity, unit_price,
  total_amount, status, order_date)
select u.id,
  (enum_range(null::public.sales_platform))[1 + g % 5],
  p.id, p.product_name, 1 + g % 3, 100, 100 * (1 + g % 3),
  (enum_range(null::public.sales_order_status))[1 + g % 4],
  now() - make_interval(mins => 5 * g)
from (values (tests.id('owner'), 'SKU', 1000, 100000), (tests.id('other'), 'OTH', 100, 20000))
    as u (id, prefix, products, orders)
  cross join generate_series(1, u.orders) as g
  join public.products p
    on p.user_id = u.id and p.sku = format('%s-%s', u.prefix, lpad((1 + g % u.products)::text, 4, '0'));

analyze public.sales_orders;
analyze public.products;

-- The plan of a statement as JSON, and whether it reads sales_orders by a sequential scan or
-- through one of its indexes.
create function pg_temp.plan_of(statement text) returns jsonb
language plpgsql as $$
declare
  v_plan jsonb;
begin
  execute 'explain (format json) ' || statement into v_plan;
  return v_plan;
end;
$$;
create function pg_temp.scans_orders_sequentially(plan jsonb) returns boolean
language sql immutable as $$
  select jsonb_path_exists(plan, '$.** ? (@."Node Type" == "Seq Scan" && @."Relation Name" == "sales_orders")')
$$;
create function pg_temp.uses_orders_index(plan jsonb) returns boolean
language sql immutable as $$
  select jsonb_path_exists(plan, '$.** ? (@."Index Name" like_regex "^sales_orders_")')
$$;
create function pg_temp.reads_kept_counts(plan jsonb) returns boolean
language sql immutable as $$
  select jsonb_path_exists(plan, '$.** ? (@."Index Name" == "sales_order_counts_pkey")')
$$;

-- Explained with the settings list_sales_orders runs them with (its search_path aside).
select set_config(split_part(setting, '=', 1), split_part(setting, '=', 2), true)
from pg_proc, unnest(proconfig) as setting
where oid = 'public.list_sales_orders'::regproc and setting not like 'search_path=%';

create temp table statements on commit drop as
select q.name, s.count_sql, s.page_sql
from (values
    ('first page', '', null, null, null::timestamptz, null::timestamptz, 0),
    ('SKU prefix search', 'sku-01', null, null, null, null, 0),
    ('order id search', '408-1234567', null, null, null, null, 0),
    ('platform and date range', '', 'Amazon', null, now() - interval '7 days', now(), 0),
    ('page 1,000', '', null, null, null, null, 24975)
  ) as q (name, search, platform, status, date_from, date_to, page_offset),
  lateral private.sales_order_list_sql(tests.id('owner'), q.search, q.platform::public.sales_platform,
    q.status::public.sales_order_status, q.date_from, q.date_to, 'order_date', false, 25, q.page_offset) s;

select ok(not pg_temp.scans_orders_sequentially(pg_temp.plan_of(count_sql)),
  format('%s: counting the matches never scans sales_orders sequentially', name))
from statements order by name;
-- Unsearched and undated, the kept order counts answer without reading sales_orders at all.
select ok(case when name in ('first page', 'page 1,000')
            then pg_temp.reads_kept_counts(pg_temp.plan_of(count_sql))
              and not jsonb_path_exists(pg_temp.plan_of(count_sql), '$.** ? (@."Relation Name" == "sales_orders")')
            else pg_temp.uses_orders_index(pg_temp.plan_of(count_sql)) end,
  format(case when name in ('first page', 'page 1,000')
           then '%s: counting the matches reads the kept counts by their key, not sales_orders'
           else '%s: counting the matches reads an index of sales_orders' end, name))
from statements order by name;
select ok(not pg_temp.scans_orders_sequentially(pg_temp.plan_of(page_sql)),
  format('%s: the page never scans sales_orders sequentially', name))
from statements order by name;
select ok(pg_temp.uses_orders_index(pg_temp.plan_of(page_sql)),
  format('%s: the page reads an index of sales_orders', name))
from statements order by name;

select * from finish();
rollback;

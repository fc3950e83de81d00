-- The kept sales totals (sales_totals.sql: the views sales_by_day and sales_by_product, folded totals
-- plus the changes not folded yet) equal a full recount of the counted orders, and the kept
-- order counts (sales_orders_by_status) a count of every order by platform and status, after every
-- kind of change: sales, an offer price, a back-dated sale, an import (with shipped lines), bulk
-- fulfil, cancel, return with and without restock, partial returns, an imported return, an approved
-- claim, a website order, an order's date or fees
-- changed afterwards, and a user deleted; and again once the pending changes are folded into the
-- totals. Users read only their own totals and write none.
begin;
set local client_min_messages = warning;
select plan(37);

select tests.create_user('owner');
select tests.create_user('other');

-- The recount, spelled out here rather than through rules.kept_sale so that it checks the rule:
-- each counted order (Unfulfilled, Fulfilled, Partially returned) is one order with its kept
-- units (quantity - returned_quantity), kept revenue (its taxable value less the returned units'
-- share; GST is not revenue, issue 31; with GST: total_amount - refunded_amount), recorded fees
-- and profit after returns; a fully Returned order no order, units or revenue, but its fees
-- and its loss; a Cancelled order nothing. An order whose cost is unknown (unit_cost null, issue
-- 33) adds no profit, but one order without cost and its kept revenue as revenue without cost.
-- Groups that sum to nothing are no row.
create function pg_temp.kept_orders() returns table (user_id uuid, product_id uuid, day date,
  platform public.sales_platform, orders integer, units integer, revenue numeric, fees numeric, profit numeric,
  revenue_including_gst numeric, orders_without_cost integer, revenue_without_cost numeric)
language sql as $$
  select o.user_id, o.product_id, (o.order_date at time zone 'Asia/Kolkata')::date, o.platform,
    case when o.status = 'Returned' then 0 else 1 end, o.quantity - o.returned_quantity,
    o.taxable_value - round(o.taxable_value * o.returned_quantity / o.quantity, 2), o.fees,
    case when o.unit_cost is null then 0 else
      (o.taxable_value - round(o.taxable_value * o.returned_quantity / o.quantity, 2))
        - round(o.unit_cost * (o.quantity - o.restocked_quantity), 2) - o.fees - o.return_fees + o.reimbursed end,
    case when o.status = 'Returned' then 0 else o.total_amount - round(o.total_amount * o.returned_quantity / o.quantity, 2) end,
    case when o.unit_cost is null then 1 else 0 end,
    case when o.unit_cost is null and o.status <> 'Returned'
      then o.taxable_value - round(o.taxable_value * o.returned_quantity / o.quantity, 2) else 0 end
  from public.sales_orders o
  where o.status in ('Unfulfilled', 'Fulfilled', 'Partially returned', 'Returned')
$$;
-- A day's rows summed: its folded total and its pending changes.
create function pg_temp.day_totals() returns table (user_id uuid, day date, platform public.sales_platform,
  orders bigint, units bigint, revenue numeric, fees numeric, profit numeric, orders_without_cost bigint,
  revenue_without_cost numeric)
language sql as $$
  select t.user_id, t.day, t.platform, sum(t.orders)::bigint, sum(t.units)::bigint, sum(t.revenue), sum(t.fees),
    sum(t.profit), sum(t.orders_without_cost)::bigint, sum(t.revenue_without_cost)
  from public.sales_by_day t group by 1, 2, 3
  having (sum(t.orders), sum(t.units), sum(t.revenue), sum(t.fees), sum(t.profit), sum(t.orders_without_cost),
    sum(t.revenue_without_cost)) <> (0, 0, 0, 0, 0, 0, 0)
$$;
create function pg_temp.day_drift() returns setof record language sql as $$
  ((select k.user_id, k.day, k.platform, sum(k.orders)::bigint,
      sum(k.units)::bigint, sum(k.revenue), sum(k.fees), sum(k.profit),
      sum(k.orders_without_cost)::bigint, sum(k.revenue_without_cost)
    from pg_temp.kept_orders() k group by 1, 2, 3
    having (sum(k.orders), sum(k.units), sum(k.revenue), sum(k.fees), sum(k.profit), sum(k.orders_without_cost),
      sum(k.revenue_without_cost)) <> (0, 0, 0, 0, 0, 0, 0))
   except
   (select * from pg_temp.day_totals()))
  union all
  ((select * from pg_temp.day_totals())
   except
   (select k.user_id, k.day, k.platform, sum(k.orders)::bigint,
      sum(k.units)::bigint, sum(k.revenue), sum(k.fees), sum(k.profit), sum(k.orders_without_cost)::bigint,
      sum(k.revenue_without_cost)
    from pg_temp.kept_orders() k group by 1, 2, 3))
$$;
create function pg_temp.product_drift() returns setof record language sql as $$
  ((select k.user_id, k.product_id, sum(k.orders)::bigint, sum(k.units)::bigint, sum(k.revenue), sum(k.fees),
      sum(k.profit), sum(k.orders_without_cost)::bigint, sum(k.revenue_without_cost)
    from pg_temp.kept_orders() k group by 1, 2
    having (sum(k.orders), sum(k.units), sum(k.revenue), sum(k.fees), sum(k.profit), sum(k.orders_without_cost),
      sum(k.revenue_without_cost)) <> (0, 0, 0, 0, 0, 0, 0))
   except
   (select t.user_id, t.product_id, t.orders, t.units, t.revenue, t.fees, t.profit, t.orders_without_cost,
      t.revenue_without_cost
    from public.sales_by_product t
    where (t.orders, t.units, t.revenue, t.fees, t.profit, t.orders_without_cost, t.revenue_without_cost)
      <> (0, 0, 0, 0, 0, 0, 0)))
  union all
  ((select t.user_id, t.product_id, t.orders, t.units, t.revenue, t.fees, t.profit, t.orders_without_cost,
      t.revenue_without_cost
    from public.sales_by_product t
    where (t.orders, t.units, t.revenue, t.fees, t.profit, t.orders_without_cost, t.revenue_without_cost)
      <> (0, 0, 0, 0, 0, 0, 0))
   except
   (select k.user_id, k.product_id, sum(k.orders)::bigint, sum(k.units)::bigint, sum(k.revenue), sum(k.fees),
      sum(k.profit), sum(k.orders_without_cost)::bigint, sum(k.revenue_without_cost)
    from pg_temp.kept_orders() k group by 1, 2))
$$;
create function pg_temp.count_drift() returns setof record language sql as $$
  ((select o.user_id, o.platform, o.status, count(*) from public.sales_orders o group by 1, 2, 3)
   except
   (select c.user_id, c.platform, c.status, sum(c.orders)::bigint from public.sales_orders_by_status c
    group by 1, 2, 3 having sum(c.orders) <> 0))
  union all
  ((select c.user_id, c.platform, c.status, sum(c.orders)::bigint from public.sales_orders_by_status c
    group by 1, 2, 3 having sum(c.orders) <> 0)
   except
   (select o.user_id, o.platform, o.status, count(*) from public.sales_orders o group by 1, 2, 3))
$$;
-- Both ways round: no kept row without its orders either. Run as the database owner, who sees
-- every user's rows.
create function pg_temp.agrees() returns boolean language sql as $$
  select not exists (select from pg_temp.day_drift() as d (u uuid, day date, p public.sales_platform,
                       o bigint, q bigint, r numeric, f numeric, pr numeric, wo bigint, wr numeric))
     and not exists (select from pg_temp.product_drift() as d (u uuid, p uuid, o bigint, q bigint, r numeric,
                       f numeric, pr numeric, wo bigint, wr numeric))
     and not exists (select from pg_temp.count_drift() as d (u uuid, p public.sales_platform,
                       st public.sales_order_status, o bigint))
     and not exists (select from public.sales_order_counts where orders < 0)
     -- A row of no orders (fully returned ones only) has no units or revenue either.
     and not exists (select from public.sales_day_totals where orders = 0 and (units, revenue) <> (0, 0))
$$;

select tests.authenticate_as('owner');
select public.set_platform_fees('Amazon', 10, 5, 40);
insert into tests.ids select 'tee', id from public.create_product('TEE-M', 'Tee M', null, 499, 500, 2, '[]');
-- The tee is taxed at 5% (its revenue is its taxable value); the cap's tax is unknown. The tee is
-- bought in at 180; the cap has no cost (issue 33), so its orders count without profit.
select public.set_item_tax(tests.id('tee'), hsn_code => '6109', gst_rate => 5);
select public.set_product_costs(tests.id('tee'), 0, purchase_cost => 180);
insert into tests.ids select 'cap', id from public.create_product('CAP-1', 'Cap', null, 299.5, 500, 2, '[]');
insert into tests.ids select 's1', id from public.log_sale(tests.id('tee'), 3, 'Amazon');
insert into tests.ids select 's2', id from public.log_sale(tests.id('cap'), 2, 'Flipkart', null, 249.99);
insert into tests.ids select 's3', id from public.log_sale(tests.id('tee'), 1, 'Myntra', null, null, '2025-04-01', 'MYN-7');
select public.import_sales_orders('Amazon', '[
  {"external_order_id": "A-1", "order_date": "2026-01-07", "sku": "TEE-M", "quantity": 2, "total_amount": 950, "status": "Fulfilled"},
  {"external_order_id": "A-1", "order_date": "2026-01-07", "sku": "CAP-1", "quantity": 1, "total_amount": 299.5},
  {"external_order_id": "A-2", "order_date": "2026-01-08", "sku": "CAP-1", "quantity": 4, "total_amount": 1100}]');
select tests.authenticate_as('other');
insert into tests.ids select 'mug', id from public.create_product('MUG-1', 'Mug', null, 150, 50, 2, '[]');
insert into tests.ids select 'o1', id from public.log_sale(tests.id('mug'), 5, 'Other');

reset role;
select ok(pg_temp.agrees(), 'After sales (list and offer price, back-dated, with an order id) and an import, the totals equal a recount');
select tests.authenticate_as('other');
select is((select count(*)::int from (select distinct day, platform from public.sales_by_day) d), 1,
  'A user reads only their own day totals');
select is((select revenue from public.sales_by_product), 750::numeric, 'and only their own product totals');
select is((public.dashboard_summary() ->> 'total_revenue')::numeric, 750::numeric, 'Total Revenue reads them');

select tests.authenticate_as('owner');
select public.fulfil_sales_orders(array[tests.id('s1'), tests.id('s3')]);
reset role;
select ok(pg_temp.agrees(), 'Fulfilling orders leaves the totals as they were');
select tests.authenticate_as('owner');
select public.cancel_sales_order(tests.id('s2'));
select public.return_sales_order(tests.id('s1'), true, 'RTO');
select public.return_sales_order(tests.id('s3'), false, 'Damaged');
select is((public.dashboard_summary() ->> 'total_revenue')::numeric,
  (select sum(taxable_value) from public.sales_orders where status = any (rules.counted_sale_statuses())),
  'Total Revenue is the counted orders'' revenue, their taxable value (nothing partly returned yet)');
reset role;
select ok(pg_temp.agrees(), 'Cancelled orders leave the totals; a whole-order return (restocked or not) leaves only its loss');
select is((select profit from public.sales_by_product where product_id = tests.id('tee') and user_id = tests.id('owner')),
  (select sum(profit_after_returns) from public.sales_orders where product_id = tests.id('tee')
     and status in ('Unfulfilled', 'Fulfilled', 'Partially returned', 'Returned')),
  'A returned order''s lost forward fees and unrestocked cost stay in the product''s profit');

-- Returns of some units: 1 of the 2 tees of A-1 sellable, then the cap of A-1 damaged with fees,
-- an import of the last A-2 caps, a claim approved.
select tests.authenticate_as('owner');
select public.fulfil_sales_orders(array(select id from public.sales_orders where external_order_id in ('A-1', 'A-2')
  and status = 'Unfulfilled'));
select public.record_return((select id from public.sales_orders where external_order_id = 'A-1'
  and product_id = tests.id('tee')), 'customer_return', 1, return_fees => 60);
select public.record_return((select id from public.sales_orders where external_order_id = 'A-1'
  and product_id = tests.id('cap')), 'rto', 0, damaged => 1, return_fees => 45.5);
select public.import_returns('Amazon', '[
  {"external_order_id": "A-2", "sku": "CAP-1", "quantity": 3, "kind": "rto", "return_date": "2026-01-20"},
  {"external_order_id": "A-2", "sku": "CAP-1", "quantity": 1, "kind": "rto", "return_date": "2026-01-20", "condition": "missing", "return_fees": 30}]');
select public.update_claim((select id from public.return_claims where reason = 'damaged' and sales_order_id =
  (select id from public.sales_orders where external_order_id = 'A-1' and product_id = tests.id('cap'))), 'Approved', 150);
reset role;
select ok(pg_temp.agrees(), 'After partial returns, a damaged RTO, an imported return and an approved claim, the totals equal a recount');
select is((select array_agg(status::text order by external_order_id, product_id) from public.sales_orders
  where external_order_id in ('A-1', 'A-2')),
  (select array_agg(s order by o, p) from (values ('A-1', tests.id('tee'), 'Partially returned'),
    ('A-1', tests.id('cap'), 'Returned'), ('A-2', tests.id('cap'), 'Returned')) v (o, p, s)),
  'The orders read Partially returned and Returned');
select tests.authenticate_as('owner');

-- A website order, as the Edge Function (service_role) records it.
create temp table hook on commit drop as select endpoint_token from public.create_website_webhook();
reset role;
select public.receive_website_order((select endpoint_token from hook), 'WEB-1', '2026-02-02T10:00:00+05:30',
  '[{"sku": "TEE-M", "quantity": 1}]');
select ok(pg_temp.agrees(), 'After a website order, the totals still equal a recount');

-- Later changes to an order, as an owner's SQL console or a settlement would make them.
update public.sales_orders set order_date = order_date - interval '40 days' where id = tests.id('o1');
update public.sales_orders set fees = fees + 12.5 where external_order_id = 'A-2';
update public.sales_orders set status = 'Unfulfilled' where id = tests.id('s2');
select ok(pg_temp.agrees(), 'Moving an order''s date, changing its fees or un-cancelling it moves the totals with it');

-- The panels read the same figures as before the totals existed.
select tests.authenticate_as('owner');
select is((public.list_sales_orders() ->> 'total')::bigint, (select count(*) from public.sales_orders),
  'The Sales Orders list counts every order of the owner from the kept counts');
select is((public.list_sales_orders(platform => 'Amazon', status => 'Unfulfilled') ->> 'total')::bigint,
  (select count(*) from public.sales_orders where platform = 'Amazon' and status = 'Unfulfilled'),
  'and those of one platform and status');
select is((public.list_sales_orders(search => 'Tee') ->> 'total')::bigint,
  (select count(*) from public.sales_orders where product_name ilike '%Tee%'),
  'A search counts its matches');
select is((public.dashboard_summary() ->> 'open_sales_orders')::bigint,
  (select count(*) from public.sales_orders where status = 'Unfulfilled'),
  'Open Sales Orders counts the unfulfilled orders');
select is((public.dashboard_panels('all_time') -> 'totals' ->> 'revenue')::numeric,
  (select sum(taxable_value - refunded_taxable_value) from public.sales_orders
   where status = any (rules.counted_sale_statuses())),
  'The all-time panels total the counted orders'' taxable revenue kept after returns');
select is((public.dashboard_panels('all_time') -> 'totals' ->> 'profit')::numeric,
  (select sum(profit_after_returns) from public.sales_orders where status <> 'Cancelled'),
  'and their profit after returns, fully returned orders'' losses included, the caps'' unknown profit left out');
select is((public.dashboard_panels('all_time') -> 'totals' ->> 'orders_without_cost')::bigint,
  (select count(*) from public.sales_orders where product_id = tests.id('cap') and status <> 'Cancelled'),
  'and count the caps'' kept orders (returned ones too) as orders without cost');
select is(jsonb_array_length(public.dashboard_panels('all_time') -> 'top_by_revenue'), 2,
  'and rank the two products sold');

-- About one change in 128 folds its shop's pending changes into the totals: the one numbered a
-- multiple of 128, whoever writes it.
reset role;
select setval('public.sales_figure_changes_id_seq', 128 * 100000 - 1);
select tests.authenticate_as('owner');
select public.log_sale(tests.id('tee'), 1, 'Flipkart');
reset role;
select is((select count(*)::int from public.sales_figure_changes where user_id = tests.id('owner')), 0,
  'A sale whose change is numbered a multiple of 128 folds its shop''s pending changes into the totals');
select ok(pg_temp.agrees(), 'and the totals, folded, still equal a recount');
select private.fold_sales_figure_changes(array[tests.id('other')]);
select ok(pg_temp.agrees() and not exists (select from public.sales_figure_changes),
  'Folding a shop''s changes leaves none pending and the totals equal to a recount');
select tests.authenticate_as('owner');

-- Users cannot write the totals; a deleted user's go with them.
select throws_ok($$ insert into public.sales_day_totals values (tests.id('owner'), current_date, 'Other', 0, 1, 1, 1, 0, 1) $$,
  '42501', null, 'A user cannot write day totals');
select throws_ok($$ update public.product_sales_totals set revenue = 0 $$,
  '42501', null, 'nor product totals');
select throws_ok($$ update public.sales_order_counts set orders = 0 $$,
  '42501', null, 'nor order counts');
select throws_ok($$ delete from public.sales_figure_changes $$,
  '42501', null, 'nor the pending changes');
select tests.authenticate_as('other');
select public.log_sale(tests.id('mug'), 1, 'Other');
reset role;
delete from auth.users where id = tests.id('other');
select is((select count(*)::int from public.sales_day_totals where user_id = tests.id('other'))
        + (select count(*)::int from public.product_sales_totals where user_id = tests.id('other'))
        + (select count(*)::int from public.sales_order_counts where user_id = tests.id('other'))
        + (select count(*)::int from public.sales_figure_changes where user_id = tests.id('other')), 0,
  'Deleting a user deletes their totals and pending changes (and deleting their orders writes none again)');

reset role;
select is_empty(
  $$ (select k.user_id, k.day, k.platform, sum(k.revenue_including_gst)
      from pg_temp.kept_orders() k group by 1, 2, 3 having sum(k.revenue_including_gst) <> 0)
     except
     (select t.user_id, t.day, t.platform, sum(t.revenue_including_gst) from public.sales_by_day t
      group by 1, 2, 3 having sum(t.revenue_including_gst) <> 0) $$,
  'The day totals'' revenue including GST equals a recount of the kept totals with their GST');
select ok((select sum(revenue_including_gst) > sum(revenue) from public.sales_by_product
    where product_id = tests.id('tee')), 'The taxed tee''s revenue including GST is above its taxable revenue');

-- The all-time top products rank the folded figures with the pending changes added: after a
-- fold, and after the top product's open orders are cancelled (pending), as a recount ranks them.
create function pg_temp.top_by_revenue_recounted() returns jsonb language sql as $$
  select coalesce(jsonb_agg(to_jsonb(r.product_id) order by r.revenue desc, r.product_name), '[]')
  from (
    select o.product_id, p.product_name, sum(o.taxable_value - o.refunded_taxable_value) as revenue
    from public.sales_orders o join public.products p on p.id = o.product_id
    where o.status in ('Unfulfilled', 'Fulfilled', 'Partially returned')
    group by 1, 2 order by 3 desc, 2 limit 5
  ) r
$$;
create function pg_temp.top_by_revenue_shown() returns jsonb language sql as $$
  select coalesce(jsonb_agg(e -> 'product_id' order by n), '[]')
  from jsonb_array_elements(public.dashboard_panels('all_time') -> 'top_by_revenue') with ordinality x (e, n)
$$;
grant execute on function pg_temp.top_by_revenue_recounted(), pg_temp.top_by_revenue_shown() to authenticated;
reset role;
select private.fold_sales_figure_changes(array[tests.id('owner')]);
select tests.authenticate_as('owner');
select is(pg_temp.top_by_revenue_shown(), pg_temp.top_by_revenue_recounted(),
  'The all-time top products, folded, rank as a recount');
select public.cancel_sales_order(o.id) from public.sales_orders o
where o.status = 'Unfulfilled' and o.product_id = (pg_temp.top_by_revenue_recounted() ->> 0)::uuid;
select is(pg_temp.top_by_revenue_shown(), pg_temp.top_by_revenue_recounted(),
  'and with the top product''s cancellations pending, as a recount');
reset role;

-- A statement of 128 changes or more adds them to the totals itself: nothing is appended for a fold
-- to delete, so no dead rows are left for readers to scan (issue 44). An import of 128 lines, then
-- a bulk fulfil of them (128 orders out, 128 in); an import of 127 lines is appended as before.
-- The changes' sequence says what was appended, whether or not a fold deleted it since.
create function pg_temp.changes_numbered() returns bigint language sql as $$
  select last_value from public.sales_figure_changes_id_seq
$$;
create temp table numbered as select pg_temp.changes_numbered() as before;
select tests.authenticate_as('owner');
select public.import_sales_orders('Flipkart', (
  select jsonb_agg(jsonb_build_object('external_order_id', 'BULK-' || g, 'order_date', '2026-02-01', 'sku', 'CAP-1',
    'quantity', 1, 'total_amount', 250))
  from generate_series(1, 128) g));
reset role;
select is(pg_temp.changes_numbered(), (select before from numbered),
  'An import of 128 lines appends no pending change: its figures go into the totals at once');
select ok(pg_temp.agrees(), 'and the totals equal a recount');
select tests.authenticate_as('owner');
select public.fulfil_sales_orders(array(select o.id from public.sales_orders o where o.external_order_id like 'BULK-%'));
reset role;
select is(pg_temp.changes_numbered(), (select before from numbered),
  'Fulfilling the 128 orders at once (256 changes) appends none either');
select ok(pg_temp.agrees(), 'and the totals, counts by status included, equal a recount');
select tests.authenticate_as('owner');
select public.import_sales_orders('Flipkart', (
  select jsonb_agg(jsonb_build_object('external_order_id', 'SMALL-' || g, 'order_date', '2026-02-02', 'sku', 'CAP-1',
    'quantity', 1, 'total_amount', 250))
  from generate_series(1, 127) g));
reset role;
select is(pg_temp.changes_numbered() - (select before from numbered), 127::bigint,
  'An import of 127 lines appends its 127 changes, as a sale appends its one');

select * from finish();
rollback;

-- Owner reports on profit: reports.profit_by_platform_month (each order's profit snapshot) and
-- reports.product_margins (current costs), each row labelled with its user.
begin;
set local client_min_messages = warning;
select plan(6);

select tests.create_user('owner');
select tests.create_user('other');

select tests.authenticate_as('owner');
insert into tests.ids select 'cotton', id from public.create_raw_material('Cotton', null, 100, 100, 'm', 5);
insert into tests.ids select 'tshirt', id from public.create_product('TS-1', 'T-shirt', null, 500, 20, 5,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1.5)));
select from public.set_platform_fees('Flipkart', 10, 20, 50);
insert into tests.ids select 'sept', id from public.log_sale(tests.id('tshirt'), 2, 'Flipkart');
insert into tests.ids select 'oct 1', id from public.log_sale(tests.id('tshirt'), 1, 'Flipkart');
insert into tests.ids select 'oct 2', id from public.log_sale(tests.id('tshirt'), 1, 'Myntra');
select tests.authenticate_as('other');
insert into tests.ids select 'mask', id from public.create_product('MASK-1', 'Mask', null, 100, 12);
select from public.log_sale(tests.id('mask'), 4, 'Amazon');

reset role;
update public.sales_orders set order_date = '2026-09-15' where id = tests.id('sept');
update public.sales_orders set order_date = '2026-10-01' where id in (tests.id('oct 1'), tests.id('oct 2'));

select results_eq(
  $$ select month, platform::text, orders, units_sold, revenue, fees, cost, profit_after_returns
     from reports.profit_by_platform_month where user_id = tests.id('owner') order by month, platform $$,
  $$ values ('2026-09-01'::date, 'Flipkart', 1::bigint, 2::bigint, 1000.00::numeric, 170.00::numeric, 300.00::numeric, 530.00::numeric),
            ('2026-10-01'::date, 'Flipkart', 1::bigint, 1::bigint, 500.00::numeric, 120.00::numeric, 150.00::numeric, 230.00::numeric),
            ('2026-10-01'::date, 'Myntra', 1::bigint, 1::bigint, 500.00::numeric, 0.00::numeric, 150.00::numeric, 350.00::numeric) $$,
  'Profit by platform and month: revenue, fees, cost and profit as recorded at each sale'
);
select results_eq(
  $$ select platform::text, revenue, cost, profit_after_returns, recorded_profit, orders_without_cost, revenue_without_cost
     from reports.profit_by_platform_month where user_id = tests.id('other') $$,
  $$ values ('Amazon', 400.00::numeric, null::numeric, null::numeric, null::numeric, 1::bigint, 400.00::numeric) $$,
  'Another user''s sales are reported on their own row; the mask has no BOM nor purchase cost (issue 33), so its cost and profit are unknown, not 400, and the row counts it as an order without cost'
);
update public.raw_materials set cost_per_unit = 120 where id = tests.id('cotton');
select results_eq(
  $$ select user_id, sku, product_name, selling_price, unit_cost, margin, margin_percent
     from reports.product_margins where user_id in (tests.id('owner'), tests.id('other')) order by sku $$,
  $$ values (tests.id('other'), 'MASK-1', 'Mask', 100.00::numeric, null::numeric, null::numeric, null::numeric),
            (tests.id('owner'), 'TS-1', 'T-shirt', 500.00::numeric, 180.000::numeric, 320.000::numeric, 64.00::numeric) $$,
  'Product margins at current costs: the T-shirt costs 1.5 x 120 = 180, margin 320 (64%); the mask, with neither BOM nor purchase cost, has no cost or margin (never 100%)'
);
select is((select sum(profit_after_returns) from reports.profit_by_platform_month where user_id = tests.id('owner')), 1110.00::numeric,
  'A cost change moves the margins, not the recorded profit');

-- A return (issue 29): of the September order's 2 T-shirts (1000, fees 170, cost 150 each), one
-- comes back damaged with 80 of return fees: revenue kept 500, cost of both units (the damaged one
-- is lost) 300, fees 170, return fees 80: 500 - 300 - 170 - 80 = -50; recorded profit stays 530.
select tests.authenticate_as('owner');
select public.fulfil_sales_order(tests.id('sept'));
select public.record_return(tests.id('sept'), 'customer_return', 0, damaged => 1, return_fees => 80,
  return_date => '2026-09-20');
reset role;
select results_eq(
  $$ select orders, units_sold, revenue, fees, return_fees, cost, profit_after_returns, recorded_profit
     from reports.profit_by_platform_month where user_id = tests.id('owner') and month = '2026-09-01' $$,
  $$ values (1::bigint, 1::bigint, 500.00::numeric, 170.00::numeric, 80.00::numeric, 380.00::numeric, -50.00::numeric,
             530.00::numeric) $$,
  'Profit after returns takes the refund, the lost unit''s cost and the return fees; the recorded profit is kept beside it'
);
select results_eq(
  $$ select units_sold, revenue, units_returned, returned_amount, returned_orders
     from reports.revenue_by_platform_month where user_id = tests.id('owner') and month = '2026-09-01' $$,
  $$ values (1::bigint, 500.00::numeric, 1::bigint, 500.00::numeric, 0::bigint) $$,
  'Revenue by platform counts the kept unit and revenue, and the returned unit and amount (a partial return is no returned order)'
);

select * from finish();
rollback;

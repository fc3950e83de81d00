-- Row-level security of sales orders and the sales figures kept from them: the owner sees their
-- orders, another anonymous user none, anon is refused.
begin;
set local client_min_messages = warning;
select plan(11);

select policies_are('public', 'sales_orders', array['Owners can read their sales orders'],
  'sales_orders has only the owner read policy');
select policies_are('public', 'sales_day_totals', array['Owners can read their sales day totals'],
  'sales_day_totals has only the owner read policy (triggers on sales_orders keep it)');
select policies_are('public', 'product_sales_totals', array['Owners can read their product sales totals'],
  'product_sales_totals has only the owner read policy (triggers on sales_orders keep it)');
select policies_are('public', 'sales_order_counts', array['Owners can read their sales order counts'],
  'sales_order_counts has only the owner read policy (triggers on sales_orders keep it)');
select policies_are('public', 'sales_figure_changes', array['Owners can read their sales figure changes'],
  'sales_figure_changes has only the owner read policy (triggers on sales_orders write it)');
select policies_are('public', 'product_day_totals', array['Owners can read their product day totals'],
  'product_day_totals has only the owner read policy (triggers on sales_orders keep it)');
select policies_are('public', 'product_period_starts', array['Owners can read their product period starts'],
  'product_period_starts has only the owner read policy (triggers on sales_orders keep it)');
select policies_are('public', 'product_period_totals', array['Owners can read their product period totals'],
  'product_period_totals has only the owner read policy (triggers on sales_orders keep it)');

-- Owner ------------------------------------------------------------------------------------------
select tests.seed_owner_rows();
select is((select count(*) from public.sales_orders), 2::bigint, 'The owner sees their sales orders');

-- Another anonymous user -----------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.sales_orders $$, 'Another user sees no sales orders');

-- anon -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.sales_orders $$, '42501', 'permission denied for table sales_orders',
  'anon cannot read sales orders');

select * from finish();
rollback;

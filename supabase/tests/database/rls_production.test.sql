-- Row-level security of production runs: the owner sees their run, another anonymous user none,
-- anon is refused.
begin;
set local client_min_messages = warning;
select plan(4);

select policies_are('public', 'manufacturing_orders', array['Owners can read their manufacturing orders'],
  'manufacturing_orders has only the owner read policy');

-- Owner ------------------------------------------------------------------------------------------
select tests.seed_owner_rows();
select is((select count(*) from public.manufacturing_orders), 1::bigint, 'The owner sees their manufacturing order');

-- Another anonymous user -----------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.manufacturing_orders $$, 'Another user sees no manufacturing orders');

-- anon -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.manufacturing_orders $$, '42501',
  'permission denied for table manufacturing_orders', 'anon cannot read manufacturing orders');

select * from finish();
rollback;

-- Row-level security of returns and claims (issue 29): the owner sees their return and claim,
-- another anonymous user sees and writes none, anon is refused.
begin;
set local client_min_messages = warning;
select plan(9);

select policies_are('public', 'sales_returns', array['Owners can read their sales returns'],
  'sales_returns has only the owner read policy (the return operations write it)');
select policies_are('public', 'return_claims', array['Owners can read their return claims'],
  'return_claims has only the owner read policy (the return operations and update_claim write it)');

-- Owner ------------------------------------------------------------------------------------------
select tests.seed_owner_rows();
select is((select count(*) from public.sales_returns), 1::bigint, 'The owner sees their return');
select is((select count(*) from public.return_claims), 1::bigint, 'The owner sees their claim');

-- Another anonymous user -----------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.sales_returns $$, 'Another user sees no returns');
select is_empty($$ select 1 from public.return_claims $$, 'Another user sees no claims');
select throws_ok($$ insert into public.sales_returns (user_id, sales_order_id, kind, sellable, return_date)
                    values (tests.id('other'), tests.id('shipped'), 'rto', 1, current_date) $$,
  '42501', 'permission denied for table sales_returns', 'Another user cannot write a return directly');

-- anon -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.sales_returns $$, '42501', 'permission denied for table sales_returns',
  'anon cannot read returns');
select throws_ok($$ select 1 from public.return_claims $$, '42501', 'permission denied for table return_claims',
  'anon cannot read claims');

select * from finish();
rollback;

-- Row-level security of platform fees and settlement lines (issue 30): the owner sees their lines
-- and cannot edit them, another anonymous user sees and writes none, anon is refused.
begin;
set local client_min_messages = warning;
select plan(7);

select policies_are('public', 'platform_fees', array['Owners can read their platform fees'],
  'platform_fees has only the owner read policy (set_platform_fees writes it)');
select policies_are('public', 'settlement_lines', array['Owners can read their settlement lines'],
  'settlement_lines has only the owner read policy (import_settlement writes it)');

-- Owner ------------------------------------------------------------------------------------------
select tests.seed_owner_rows();
select is((select count(*) from public.settlement_lines), 1::bigint, 'The owner sees their settlement line');
select throws_ok($$ update public.settlement_lines set amount = 1000 $$,
  '42501', 'permission denied for table settlement_lines', 'The owner cannot edit a settlement line directly');

-- Another anonymous user -----------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.settlement_lines $$, 'Another user sees no settlement lines');
select throws_ok($$ insert into public.settlement_lines (user_id, platform, settlement_id, posted_date, category, amount, line_key)
                    values (tests.id('other'), 'Flipkart', 'S1', current_date, 'sale', 1, 'k') $$,
  '42501', 'permission denied for table settlement_lines', 'Another user cannot write a settlement line directly');

-- anon -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.settlement_lines $$, '42501', 'permission denied for table settlement_lines',
  'anon cannot read settlement lines');

select * from finish();
rollback;

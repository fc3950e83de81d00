-- set_platform_fees: the owner's commission percent, fee and shipping per order for one platform;
-- every refusal has a clear message and writes nothing.
begin;
set local client_min_messages = warning;
select plan(24);

select tests.create_user('owner');
select tests.create_user('other');

select tests.authenticate_as('owner');
select is_empty($$ select 1 from public.platform_fees $$, 'No platform has fees until the owner sets them');

select results_eq(
  $$ select platform::text, commission_percent, fee_per_order, shipping_per_order
     from public.set_platform_fees('Flipkart', 12.5, 20, 65) $$,
  $$ values ('Flipkart', 12.50::numeric(5,2), 20.00::numeric(12,2), 65.00::numeric(12,2)) $$,
  'Setting Flipkart''s fees returns them'
);
select from public.set_platform_fees('Flipkart', 14, 25.5, 70);
select results_eq(
  $$ select platform::text, commission_percent, fee_per_order, shipping_per_order from public.platform_fees $$,
  $$ values ('Flipkart', 14.00::numeric(5,2), 25.50::numeric(12,2), 70.00::numeric(12,2)) $$,
  'Setting them again replaces them: one row per platform'
);
select lives_ok($$ select public.set_platform_fees('Myntra', 100, 0, 0) $$, 'A commission of 100 and amounts of 0 are accepted');
select lives_ok($$ select public.set_platform_fees('Brand Website', 0, 0, 0) $$, 'All zeros are accepted');

-- Refusals: each message, then nothing changed.
select throws_ok($$ select public.set_platform_fees('Amazon', -1, 0, 0) $$, 'P0001',
  'Commission percent must be at least 0.', 'A negative commission is refused');
select throws_ok($$ select public.set_platform_fees('Amazon', 100.01, 0, 0) $$, 'P0001',
  'Commission percent must be at most 100.', 'A commission above 100 is refused');
select throws_ok($$ select public.set_platform_fees('Amazon', 12.345, 0, 0) $$, 'P0001',
  'Commission percent can have at most 2 decimal places.', 'A commission with 3 decimals is refused, not rounded');
select throws_ok($$ select public.set_platform_fees('Amazon', 'NaN', 0, 0) $$, 'P0001',
  'Commission percent must be a number.', 'A NaN commission is refused');
select throws_ok($$ select public.set_platform_fees('Amazon', null, 0, 0) $$, 'P0001',
  'Commission percent is required.', 'A missing commission is refused');
select throws_ok($$ select public.set_platform_fees('Amazon', 5, -0.01, 0) $$, 'P0001',
  'Fee per order must be at least 0.', 'A negative fee per order is refused');
select throws_ok($$ select public.set_platform_fees('Amazon', 5, 1.005, 0) $$, 'P0001',
  'Fee per order can have at most 2 decimal places.', 'A fee in fractions of a paisa is refused');
select throws_ok($$ select public.set_platform_fees('Amazon', 5, 'Infinity', 0) $$, 'P0001',
  'Fee per order must be a number.', 'An infinite fee is refused');
select throws_ok($$ select public.set_platform_fees('Amazon', 5, 0, -5) $$, 'P0001',
  'Shipping per order must be at least 0.', 'A negative shipping cost is refused');
select throws_ok($$ select public.set_platform_fees('Amazon', 5, 0, 1000000001) $$, 'P0001',
  'Shipping per order must be at most 1000000000.', 'A huge shipping cost is refused');
select throws_ok($$ select public.set_platform_fees('Nykaa', 5, 0, 0) $$, 'P0001',
  'Platform must be one of: Flipkart, Myntra, Amazon, Meesho, Ajio, Brand Website, Other.', 'An unknown platform is refused');
select throws_ok($$ select public.set_platform_fees(null, 5, 0, 0) $$, 'P0001',
  'Platform must be one of: Flipkart, Myntra, Amazon, Meesho, Ajio, Brand Website, Other.', 'A missing platform is refused');
select results_eq(
  $$ select platform::text, commission_percent from public.platform_fees order by platform $$,
  $$ values ('Brand Website', 0.00::numeric(5,2)), ('Flipkart', 14.00::numeric(5,2)), ('Myntra', 100.00::numeric(5,2)) $$,
  'After every refusal the owner''s fees are as they were: no Amazon row, Flipkart unchanged'
);

select throws_ok($$ update public.platform_fees set commission_percent = 0 $$, '42501',
  'permission denied for table platform_fees', 'The owner cannot edit fees bypassing set_platform_fees');
select throws_ok($$ insert into public.platform_fees (platform, commission_percent) values ('Amazon', 500) $$, '42501',
  'permission denied for table platform_fees', 'The owner cannot insert fees bypassing set_platform_fees');

select tests.authenticate_as('other');
select is_empty($$ select 1 from public.platform_fees $$, 'Another user sees none of the owner''s fees');
select from public.set_platform_fees('Flipkart', 5, 1, 1);
select results_eq($$ select user_id, commission_percent from public.platform_fees $$,
  $$ values (tests.id('other'), 5.00::numeric(5,2)) $$, 'Another user''s Flipkart fees are their own row');
reset role;
select is((select commission_percent from public.platform_fees where user_id = tests.id('owner') and platform = 'Flipkart'),
  14.00::numeric(5,2), 'The owner''s Flipkart fees are untouched by the other user''s');

select tests.authenticate_as_anon();
select throws_ok($$ select public.set_platform_fees('Flipkart', 1, 1, 1) $$, '42501',
  'permission denied for function set_platform_fees', 'anon cannot set fees');

select * from finish();
rollback;

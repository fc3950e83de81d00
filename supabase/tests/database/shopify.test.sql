-- Shopify connection (issue 34): the owner sets, replaces and removes their shop and Admin API
-- token but never reads the token back; another user and anon see and change nothing; only the
-- service_role's shopify_push_plan (the shopify-inventory function) reads the token, per user.
begin;
set local client_min_messages = warning;
select plan(38);

create function tests.as_service_role() returns void
language plpgsql set search_path = '' as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', json_build_object('role', 'service_role')::text, true);
  perform set_config('request.jwt.claim.sub', '', true);
end
$$;
grant execute on function tests.as_service_role() to authenticated, anon;
grant usage on schema tests to service_role;
grant select on tests.ids to service_role;
grant execute on all functions in schema tests to service_role;

select tests.create_user('owner');
select tests.create_user('other');

-- Owner ------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
insert into tests.ids select 'hat', id from public.create_product('HAT-1', 'Hat', null, 300, 5);
insert into tests.ids select 'cap', id from public.create_product('CAP-1', 'Cap', null, 150, 0);
insert into tests.ids select 'old', id from public.create_product('OLD-1', 'Old', null, 10, 7);
select public.archive_item(tests.id('old'), null, true);

select is_empty($$ select * from public.shopify_connection_status() $$, 'Not connected: the status has no row');
select throws_ok($$ select public.set_shopify_connection('my-shop.myshopify.com', '') $$, 'P0001',
  'Access token is required.', 'A first connection needs a token');
select throws_ok($$ select public.set_shopify_connection('', 'shpat_0123456789abcdef0123456789abcd') $$, 'P0001',
  'Shop domain is required.', 'A shop domain is required');
select throws_ok($$ select public.set_shopify_connection('evil.example.com', 'shpat_0123456789abcdef0123456789abcd') $$,
  'P0001', 'Shop domain must be your shop''s .myshopify.com address, like my-shop.myshopify.com.',
  'A host other than *.myshopify.com is refused: the token is only ever sent to the shop');
select throws_ok($$ select public.set_shopify_connection('shop.myshopify.com.evil.com', 'shpat_0123456789abcdef0123456789abcd') $$,
  'P0001', 'Shop domain must be your shop''s .myshopify.com address, like my-shop.myshopify.com.',
  'A look-alike host ending elsewhere is refused');
select throws_ok($$ select public.set_shopify_connection('a@b.myshopify.com', 'shpat_0123456789abcdef0123456789abcd') $$,
  'P0001', 'Shop domain must be your shop''s .myshopify.com address, like my-shop.myshopify.com.',
  'User-info in the host is refused');
select throws_ok($$ select public.set_shopify_connection('my-shop.myshopify.com', 'short') $$, 'P0001',
  'Access token must be 20 to 200 letters, digits, _ or - (Shopify''s start with shpat_).', 'A short token is refused');
select throws_ok($$ select public.set_shopify_connection('my-shop.myshopify.com', 'shpat_0123456789 abcdef0123456789') $$,
  'P0001', 'Access token must be 20 to 200 letters, digits, _ or - (Shopify''s start with shpat_).',
  'A token with a space inside is refused');
select throws_ok($$ select public.set_shopify_connection('my-shop.myshopify.com', repeat('a', 201)) $$,
  'P0001', 'Access token must be 20 to 200 letters, digits, _ or - (Shopify''s start with shpat_).',
  'A huge token is refused');
select throws_ok($$ select public.set_shopify_connection('my-shop.myshopify.com', 'shpat_0123456789abcdef0123456789abcd', '2.5') $$,
  'P0001', 'Location must be a Shopify location id (a number, or gid://shopify/Location/<number>).',
  'A location that is not a whole number id is refused');
select throws_ok($$ select public.set_shopify_connection('my-shop.myshopify.com', 'shpat_0123456789abcdef0123456789abcd', 'gid://shopify/Product/1') $$,
  'P0001', 'Location must be a Shopify location id (a number, or gid://shopify/Location/<number>).',
  'Another kind of Shopify id is refused as a location');
select is((select count(*)::int from public.shopify_connections), 0, 'Refused settings wrote nothing');

select lives_ok($$ select public.set_shopify_connection(' https://My-Shop.myshopify.com/admin ',
  '  shpat_0123456789abcdef0123456789abcd  ') $$, 'The owner connects, pasting the admin URL and a token with spaces around');
select results_eq(
  $$ select shop_domain, token_last4, location_id from public.shopify_connection_status() $$,
  $$ values ('my-shop.myshopify.com', 'abcd', null::text) $$,
  'The status shows the shop (as its host, lower case), the token''s last four characters and no location'
);
select ok((select token_set_at = now() from public.shopify_connection_status()), 'and when the token was set');
select throws_ok($$ select access_token from public.shopify_connections $$, '42501',
  'permission denied for table shopify_connections', 'The owner''s browser cannot read the token back');
select throws_ok($$ select * from public.shopify_connections $$, '42501',
  'permission denied for table shopify_connections', 'Nor through select *');
select throws_ok($$ update public.shopify_connections set shop_domain = 'x.myshopify.com' $$, '42501',
  'permission denied for table shopify_connections', 'The owner cannot write the table directly');

select lives_ok($$ select public.set_shopify_connection('my-shop.myshopify.com', null, '655441491') $$,
  'A blank token keeps the saved one while the location changes');
select results_eq(
  $$ select token_last4, location_id from public.shopify_connection_status() $$,
  $$ values ('abcd', 'gid://shopify/Location/655441491') $$,
  'The location is kept as its global id, the token unchanged'
);
select lives_ok($$ select public.set_shopify_connection('my-shop.myshopify.com', 'shpat_ffffffffffffffffffffffffffff9876') $$,
  'The owner replaces the token');
select results_eq(
  $$ select token_last4, location_id from public.shopify_connection_status() $$,
  $$ values ('9876', null::text) $$,
  'The new token''s last four show; the location given (none) replaces the old one'
);

-- Other user and anon ----------------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select * from public.shopify_connection_status() $$, 'Another user sees no connection of the owner''s');
select is((select count(*)::int from public.shopify_connections), 0, 'nor the owner''s row in the table');
select lives_ok($$ select public.remove_shopify_connection() $$, 'Another user''s remove runs');
select throws_ok($$ select public.shopify_push_plan(tests.id('owner')) $$, '42501',
  'permission denied for function shopify_push_plan', 'A signed-in user cannot read the plan (and token) of anyone');
select lives_ok($$ select public.set_shopify_connection('other-shop.myshopify.com', 'shpat_00000000000000000000000000001111') $$,
  'Another user connects their own shop');

select tests.authenticate_as_anon();
select throws_ok($$ select shop_domain from public.shopify_connections $$, '42501',
  'permission denied for table shopify_connections', 'anon cannot read connections');
select throws_ok($$ select * from public.shopify_connection_status() $$, '42501',
  'permission denied for function shopify_connection_status', 'anon has no status');
select throws_ok($$ select public.set_shopify_connection('a.myshopify.com', 'shpat_0123456789abcdef0123456789abcd') $$, '42501',
  'permission denied for function set_shopify_connection', 'anon cannot connect a shop');
select throws_ok($$ select public.remove_shopify_connection() $$, '42501',
  'permission denied for function remove_shopify_connection', 'anon cannot remove one');

-- The Edge Function (service_role) ----------------------------------------------------------------
select tests.as_service_role();
select is(
  public.shopify_push_plan(tests.id('owner')),
  jsonb_build_object('shop_domain', 'my-shop.myshopify.com', 'access_token', 'shpat_ffffffffffffffffffffffffffff9876',
    'location_id', null, 'quantities', '[{"sku": "CAP-1", "quantity": 0}, {"sku": "HAT-1", "quantity": 5}]'::jsonb),
  'The function gets the owner''s shop and current token, and a quantity per SKU on sale (archived products left out)'
);
select tests.authenticate_as('owner');
select public.set_sku_alias(tests.id('hat'), 'Brand Website', 'SHOP-HAT');
select public.set_sku_alias(tests.id('cap'), 'Amazon', 'AMZ-CAP');
select public.set_channel_buffer('Brand Website', 1, 0);
select tests.as_service_role();
select is(
  public.shopify_push_plan(tests.id('owner')) -> 'quantities',
  '[{"sku": "CAP-1", "quantity": 0}, {"sku": "SHOP-HAT", "quantity": 4}]'::jsonb,
  'The quantities are the Brand Website''s available to sell: under its alias (the shop''s SKU), less its buffer; other platforms'' aliases ignored'
);
select is(public.shopify_push_plan(tests.id('other')) ->> 'access_token', 'shpat_00000000000000000000000000001111',
  'Each user''s plan carries that user''s token only: the other user''s remove touched nothing of the owner''s');
select is(public.shopify_push_plan(gen_random_uuid()), null, 'A user with no connection has no plan');

-- Removal -------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select lives_ok($$ select public.remove_shopify_connection() $$, 'The owner removes the connection');
select is_empty($$ select * from public.shopify_connection_status() $$, 'and the status is empty again');
reset role;
select is((select count(*)::int from public.shopify_connections where user_id = tests.id('owner')), 0,
  'The token is deleted from the database, not hidden');

select * from finish();
rollback;

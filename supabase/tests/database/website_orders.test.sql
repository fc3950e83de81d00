-- Website orders: the owner's webhook token and secret (the secret readable by nobody but the
-- service_role's signature check), receive_website_order (service_role only: sales once per shop
-- order, refused lines recorded, one bad line losing no good one) and the owner's refused lines.
begin;
set local client_min_messages = warning;
select plan(45);

create function tests.as_service_role() returns void
language plpgsql set search_path = '' as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', json_build_object('role', 'service_role')::text, true);
  perform set_config('request.jwt.claim.sub', '', true);
end
$$;
grant execute on function tests.as_service_role() to authenticated, anon;
create table tests.webhook (name text primary key, endpoint_token text, signing_secret text);
grant select, insert, update on tests.webhook to authenticated, anon, service_role;
grant usage on schema tests to service_role;
grant select on tests.ids to service_role;
grant execute on all functions in schema tests to service_role;
grant execute on all functions in schema extensions to service_role;

select tests.create_user('owner');
select tests.create_user('other');

-- Owner ------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
insert into tests.ids select 'hat', id from public.create_product('HAT-1', 'Hat', null, 300, 5);
insert into tests.ids select 'cap', id from public.create_product('CAP-1', 'Cap', null, 150, 10);
insert into tests.ids select 'bag', id from public.create_product('BAG-1', 'Bag', null, 900, 1);

select throws_ok($$ select public.set_website_webhook_secret('shpss_0123456789abcdef') $$, 'P0001',
  'Create the webhook URL first.', 'A secret cannot be pasted before the webhook exists');
insert into tests.webhook select 'first', endpoint_token, signing_secret from public.create_website_webhook();
select ok((select endpoint_token ~ '^[0-9a-f]{32}$' from tests.webhook where name = 'first'),
  'create_website_webhook returns a 32-character random token for the URL');
select ok((select signing_secret ~ '^[0-9a-f]{64}$' from tests.webhook where name = 'first'),
  'and a 64-character random signing secret, shown this once');
select results_eq(
  $$ select endpoint_token, secret_source from public.website_webhooks $$,
  $$ select endpoint_token, 'generated' from tests.webhook where name = 'first' $$,
  'The owner reads their webhook''s token back (to copy the URL again)'
);
select throws_ok($$ select signing_secret from public.website_webhooks $$, '42501',
  'permission denied for table website_webhooks', 'The owner''s browser cannot read the secret back');
select throws_ok($$ select * from public.website_webhooks $$, '42501',
  'permission denied for table website_webhooks', 'Nor through select *');
select throws_ok($$ update public.website_webhooks set signing_secret = repeat('x', 20) $$, '42501',
  'permission denied for table website_webhooks', 'The owner cannot write the table directly');

insert into tests.webhook select 'rotated', endpoint_token, signing_secret from public.create_website_webhook();
select ok((select r.endpoint_token <> f.endpoint_token and r.signing_secret <> f.signing_secret
           from tests.webhook r, tests.webhook f where r.name = 'rotated' and f.name = 'first'),
  'Rotating gives a new token and a new secret');
select is((select count(*)::int from public.website_webhooks), 1, 'One webhook per owner after rotating');

select throws_ok($$ select public.set_website_webhook_secret('short') $$, 'P0001',
  'Signing secret must be 16 to 200 characters without spaces.', 'A short secret is refused');
select throws_ok($$ select public.set_website_webhook_secret('with a space inside it') $$, 'P0001',
  'Signing secret must be 16 to 200 characters without spaces.', 'A secret with spaces is refused');
select throws_ok($$ select public.set_website_webhook_secret('  ') $$, 'P0001',
  'Signing secret is required.', 'An empty secret is refused');
select is((select signing_secret from public.set_website_webhook_secret('  shpss_0123456789abcdef  ')), null,
  'Pasting a secret answers without echoing it');
select is((select secret_source from public.website_webhooks), 'pasted', 'The webhook now uses the pasted secret');
select is_empty($$ select 1 from public.website_order_refusals $$, 'No refused lines yet');

-- Other user and anon ----------------------------------------------------------------------------
select tests.authenticate_as('other');
insert into tests.ids select 'other_hat', id from public.create_product('HAT-1', 'Other hat', null, 10, 50);
insert into tests.webhook select 'other', endpoint_token, signing_secret from public.create_website_webhook();
select is((select count(*)::int from public.website_webhooks), 1, 'Another user sees only their own webhook');
select throws_ok($$ select public.website_webhook_secret((select endpoint_token from tests.webhook where name = 'rotated')) $$,
  '42501', 'permission denied for function website_webhook_secret', 'Another user cannot read the owner''s secret by token');
select throws_ok($$ select public.receive_website_order((select endpoint_token from tests.webhook where name = 'rotated'),
                    '#1', null, '[{"sku":"HAT-1","quantity":1}]') $$,
  '42501', 'permission denied for function receive_website_order', 'A signed-in user cannot post orders without the function');

select tests.authenticate_as_anon();
select throws_ok($$ select endpoint_token from public.website_webhooks $$, '42501',
  'permission denied for table website_webhooks', 'anon cannot read webhooks');
select throws_ok($$ select * from public.website_order_refusals $$, '42501',
  'permission denied for table website_order_refusals', 'anon cannot read refused lines');
select throws_ok($$ select * from public.create_website_webhook() $$, '42501',
  'permission denied for function create_website_webhook', 'anon cannot create a webhook');
select throws_ok($$ select public.website_webhook_secret('x') $$, '42501',
  'permission denied for function website_webhook_secret', 'anon cannot read a secret');
select throws_ok($$ select public.receive_website_order('x', '#1', null, '[]') $$, '42501',
  'permission denied for function receive_website_order', 'anon cannot post orders');

-- The Edge Function (service_role) ----------------------------------------------------------------
select tests.as_service_role();
select is(public.website_webhook_secret((select endpoint_token from tests.webhook where name = 'rotated')),
  'shpss_0123456789abcdef', 'The function reads the owner''s secret by the URL token');
select is(public.website_webhook_secret('0123456789abcdef0123456789abcdef'), null, 'An unknown token has no secret');
select throws_ok($$ select public.receive_website_order('0123456789abcdef0123456789abcdef', '#1', null, '[]') $$,
  'P0001', 'Unknown webhook.', 'An unknown token is refused');

select is(
  public.receive_website_order((select endpoint_token from tests.webhook where name = 'rotated'), '#1001',
    '2026-11-20T10:00:00+05:30',
    '[{"sku":"HAT-1","quantity":2},{"sku":"cap-1 ","quantity":1},{"sku":"CAP-1","quantity":2},
      {"sku":"NOPE-9","quantity":1},{"sku":"BAG-1","quantity":3},{"sku":null,"quantity":1},
      {"sku":"HAT-1","quantity":1}]'),
  '{"sales": 2, "skipped": 0, "refused": 3}'::jsonb,
  'An order of known, unknown, short-of-stock and SKU-less lines: two sales, three refused lines'
);
select results_eq(
  $$ select product_name, platform::text, quantity, total_amount, external_order_id, status::text, order_date
     from public.sales_orders where user_id = tests.id('owner') order by product_name $$,
  $$ values ('Cap', 'Brand Website', 3, 450.00::numeric(14,2), '#1001', 'Unfulfilled', '2026-11-20T10:00:00+05:30'::timestamptz),
            ('Hat', 'Brand Website', 3, 900.00::numeric(14,2), '#1001', 'Unfulfilled', '2026-11-20T10:00:00+05:30'::timestamptz) $$,
  'Known SKUs (any case, spaces trimmed, lines of one SKU added up) become Brand Website sales with the shop''s order id and date'
);
select results_eq(
  $$ select p.sku, p.stock_on_hand, (select sum(m.quantity)::int from public.stock_movements m where m.product_id = p.id)
     from public.products p where p.user_id = tests.id('owner') order by p.sku $$,
  $$ values ('BAG-1', 1::numeric, 1), ('CAP-1', 7, 7), ('HAT-1', 2, 2) $$,
  'Stock moved through log_sale''s ledger; the short line moved nothing'
);
reset role; -- the service_role cannot read refused lines; the test reads them as postgres
select results_eq(
  $$ select shop_order_id, sku, quantity, reason from public.website_order_refusals
     where user_id = tests.id('owner') order by sku $$,
  $$ values ('#1001', '', 1::numeric, 'This line has no SKU.'),
            ('#1001', 'BAG-1', 3::numeric, 'Not enough stock for Bag. Only 1 available.'),
            ('#1001', 'NOPE-9', 1::numeric, 'No product has SKU NOPE-9.') $$,
  'Unknown SKUs, oversells (the spec''s text) and SKU-less lines are recorded, not dropped'
);
select tests.as_service_role();
select is((select stock_on_hand from public.products where id = tests.id('other_hat')), 50::numeric,
  'The other user''s product of the same SKU is untouched');
select is(current_setting('request.jwt.claims', true)::jsonb ->> 'role', 'service_role',
  'The caller''s claims are restored after the owner''s sales');

select is(
  public.receive_website_order((select endpoint_token from tests.webhook where name = 'rotated'), '#1001', null,
    '[{"sku":"HAT-1","quantity":3},{"sku":"CAP-1","quantity":3},{"sku":"NOPE-9","quantity":1}]'),
  '{"sales": 0, "skipped": 2, "refused": 1}'::jsonb,
  'The same order again (a shop retry): nothing sold twice'
);
reset role;
select results_eq(
  $$ select (select count(*)::int from public.sales_orders where user_id = tests.id('owner')),
            (select count(*)::int from public.website_order_refusals where user_id = tests.id('owner')),
            (select stock_on_hand from public.products where id = tests.id('hat')) $$,
  $$ values (2, 3, 2::numeric) $$,
  'After the retry: still two sales, three refused lines (not duplicated), stock unchanged'
);

select tests.as_service_role();
select is(
  public.receive_website_order((select endpoint_token from tests.webhook where name = 'rotated'), '1002', null,
    '[{"sku":"HAT-1","quantity":2.5},{"sku":"CAP-1","quantity":"2"},{"sku":"CAP-1 ","quantity":1}]'),
  '{"sales": 0, "skipped": 0, "refused": 2}'::jsonb,
  'Fractional and non-numeric quantities are refused'
);
reset role;
select results_eq(
  $$ select sku, quantity, reason from public.website_order_refusals where shop_order_id = '1002' order by sku $$,
  $$ values ('CAP-1', null::numeric, 'Quantity must be a number.'),
            ('HAT-1', 2.5::numeric, 'Quantity must be a whole number.') $$,
  'with log_sale''s own message for 2.5'
);
select tests.as_service_role();
select throws_ok(
  format($$ select public.receive_website_order(%L, '1003', null, %L) $$,
    (select endpoint_token from tests.webhook where name = 'rotated'),
    (select jsonb_agg(jsonb_build_object('sku', 'HAT-1', 'quantity', 1)) from generate_series(1, 501))),
  'P0001', 'An order may have at most 500 lines.', 'An order of more than 500 lines is refused whole');
select throws_ok(
  format($$ select public.receive_website_order(%L, %L, null, '[]') $$,
    (select endpoint_token from tests.webhook where name = 'rotated'), repeat('9', 101)),
  'P0001', 'Order id must be 1 to 100 characters.', 'An order id over 100 characters is refused');
select throws_ok(
  format($$ select public.receive_website_order(%L, '1004', null, '{"sku":"HAT-1"}') $$,
    (select endpoint_token from tests.webhook where name = 'rotated')),
  'P0001', 'Lines must be a JSON array.', 'Lines that are not an array are refused');

-- A refused line that goes through later (stock was short, the shop retried after a receipt).
select tests.authenticate_as('owner');
select public.adjust_stock(tests.id('bag'), null, 5, 'Found four more');
select tests.as_service_role();
select is(
  public.receive_website_order((select endpoint_token from tests.webhook where name = 'rotated'), '#1001', null,
    '[{"sku":"BAG-1","quantity":3}]'),
  '{"sales": 1, "skipped": 0, "refused": 0}'::jsonb, 'A once-refused line sells on a later retry');
reset role;
select is_empty($$ select 1 from public.website_order_refusals where shop_order_id = '#1001' and sku = 'BAG-1' $$,
  'and its refused line is gone');

-- Back to the owner and the other user --------------------------------------------------------------
select tests.authenticate_as('owner');
select is((select count(*)::int from public.website_order_refusals), 4, 'The owner sees their refused lines');
select lives_ok(
  format($$ select public.dismiss_website_order_refusal(%L) $$,
    (select id from public.website_order_refusals where sku = 'NOPE-9')),
  'The owner dismisses a refused line they dealt with');
insert into tests.ids select 'refusal', id from public.website_order_refusals where sku = '';
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.website_order_refusals $$, 'Another user sees none of them');
select throws_ok(
  format($$ select public.dismiss_website_order_refusal(%L) $$, tests.id('refusal')),
  'P0001', 'Refused line not found.', 'Another user cannot dismiss the owner''s refused lines');

select * from finish();
rollback;

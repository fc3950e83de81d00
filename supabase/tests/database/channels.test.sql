-- Channels (issue 34): SKU aliases resolving order, returns and webhook lines; combos (stock from
-- their parts, sales taking their parts, cycles and production refused); available to sell with
-- buffers, open orders and "sell what I can make"; the stock sync diff. Then another user and anon.
begin;
set local client_min_messages = warning;
select plan(67);

create function tests.as_service_role() returns void
language plpgsql set search_path = '' as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', json_build_object('role', 'service_role')::text, true);
  perform set_config('request.jwt.claim.sub', '', true);
end
$$;
grant execute on function tests.as_service_role() to authenticated, anon;
create table tests.webhook (endpoint_token text);
grant select, insert on tests.webhook to authenticated, service_role;
grant usage on schema tests to service_role;
grant select on tests.ids to service_role;
grant execute on all functions in schema tests to service_role;
grant execute on all functions in schema extensions to service_role;

-- For every product of a user, its stock equals the sum of its ledger rows, and its latest row's
-- balance is its stock.
create function tests.ledger_holds(user_name text) returns boolean
language sql set search_path = '' as $$
  select bool_and(p.stock_on_hand = coalesce(m.total, 0)
    and p.stock_on_hand = coalesce(m.last_balance, p.stock_on_hand))
  from public.products p
  left join lateral (
    select sum(s.quantity) as total, (array_agg(s.balance_after order by s.id desc))[1] as last_balance
    from public.stock_movements s where s.product_id = p.id
  ) m on true
  where p.user_id = tests.id(user_name)
$$;
grant execute on function tests.ledger_holds(text) to authenticated;

select tests.create_user('owner');
select tests.create_user('other');

-- Owner: aliases ----------------------------------------------------------------------------------
select tests.authenticate_as('owner');
insert into tests.ids select 'clay', id from public.create_raw_material('Clay', null, 2, 100);
insert into tests.ids select 'mug', id from public.create_product('MUG-1', 'Mug', null, 100, 10);
insert into tests.ids select 'plate', id from public.create_product('PLT-1', 'Plate', null, 200, 3);
insert into tests.ids select 'bowl', id from public.create_product('BWL-1', 'Bowl', null, 150, 2, 10,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('clay'), 'quantity', 5)));
select public.set_product_costs(tests.id('mug'), 0, 0, 1, 40);
select public.set_product_costs(tests.id('plate'), 0, 0, 1, 70);

insert into tests.ids select 'mug-alias', id from public.set_sku_alias(tests.id('mug'), 'Amazon', 'AMZ-MUG', 'seller_sku');
select results_eq(
  $$ select product_id, platform::text, alias, kind from public.sku_aliases $$,
  $$ values (tests.id('mug'), 'Amazon', 'AMZ-MUG', 'seller_sku') $$,
  'set_sku_alias saves the marketplace identifier for the product on that platform');
select is(tests.refusal($$ select public.set_sku_alias(tests.id('plate'), 'Amazon', ' amz-mug ') $$),
  'P0001 | AMZ-MUG on Amazon is already an alias of Mug. | field:alias',
  'An alias another product has on the platform (any case, spaces aside) is refused, naming that product');
select is(tests.refusal($$ select public.set_sku_alias(tests.id('plate'), 'Amazon', 'mug-1') $$),
  'P0001 | mug-1 is the SKU of Mug. | field:alias',
  'An alias that is another product''s SKU is refused (the SKU would always win)');
select is((select id from public.set_sku_alias(tests.id('mug'), 'Amazon', 'amz-mug')), tests.id('mug-alias'),
  'Saving a product''s own alias again returns the same alias');
select is(tests.refusal($$ select public.set_sku_alias(tests.id('plate'), 'Amazon', repeat('x', 101)) $$),
  'P0001 | Marketplace SKU must be at most 100 characters. | field:alias', 'An alias of 101 characters is refused');

-- Order import: by SKU, then alias; an unknown SKU still reports it, and maps on the spot.
select results_eq(
  $$ select l ->> 'outcome', l ->> 'product_name', l ->> 'sku', l ->> 'message'
     from jsonb_array_elements(public.preview_sales_orders_import('Amazon', '[
       {"external_order_id": "A1", "order_date": "2026-01-05", "sku": "amz-mug", "quantity": 1, "total_amount": 100, "status": "Fulfilled"},
       {"external_order_id": "A2", "order_date": "2026-01-05", "sku": "B0PLATE", "quantity": 1, "total_amount": 200}]')) l $$,
  $$ values ('new', 'Mug', 'amz-mug', null), ('unknown_sku', null, 'B0PLATE', 'No product has SKU B0PLATE.') $$,
  'The preview resolves a line by the platform''s alias, and an unknown line still carries its SKU');
select public.set_sku_alias(tests.id('plate'), 'Amazon', 'B0PLATE', 'asin');
select is(
  public.preview_sales_orders_import('Amazon', '[{"external_order_id": "A2", "order_date": "2026-01-05", "sku": "B0PLATE", "quantity": 1, "total_amount": 200}]') -> 0 ->> 'product_id',
  tests.id('plate')::text, 'Once "This is…" saved the alias, the same line previews as a sale of that product');
select is(
  public.preview_sales_orders_import('Flipkart', '[{"external_order_id": "F1", "order_date": "2026-01-05", "sku": "AMZ-MUG", "quantity": 1, "total_amount": 100}]') -> 0 ->> 'outcome',
  'unknown_sku', 'An alias belongs to its platform: Flipkart''s report does not resolve Amazon''s alias');
select is(public.import_sales_orders('Amazon', '[
  {"external_order_id": "A1", "order_date": "2026-01-05", "sku": "amz-mug", "quantity": 1, "total_amount": 100, "status": "Fulfilled"},
  {"external_order_id": "A2", "order_date": "2026-01-05", "sku": "B0PLATE", "quantity": 1, "total_amount": 200}]'),
  '{"created": 2, "skipped": 0}'::jsonb, 'import_sales_orders records the lines named by aliases');
select results_eq(
  $$ select product_id, external_order_id from public.sales_orders order by external_order_id $$,
  $$ values (tests.id('mug'), 'A1'), (tests.id('plate'), 'A2') $$,
  'Each sale is of the product its alias names');
select results_eq($$ select sku, stock_on_hand from public.products where not is_combo order by sku $$,
  $$ values ('BWL-1', 2::numeric), ('MUG-1', 9), ('PLT-1', 2) $$, 'and their stock is taken');

-- Returns import by alias.
select is(
  public.preview_returns_import('Amazon', '[{"external_order_id": "A1", "sku": "AMZ-MUG", "quantity": 1, "kind": "customer_return", "return_date": "2026-01-10"}]') -> 0 ->> 'outcome',
  'new', 'The returns preview finds the order by the line''s alias');
select is(
  public.preview_returns_import('Amazon', '[{"external_order_id": "A1", "sku": "NOPE", "quantity": 1, "kind": "customer_return", "return_date": "2026-01-10"}]') -> 0 ->> 'sku',
  'NOPE', 'An unknown returns line still reports its SKU');
select is(
  public.import_returns('Amazon', '[{"external_order_id": "A1", "sku": "AMZ-MUG", "quantity": 1, "kind": "customer_return", "return_date": "2026-01-10"}]'),
  '{"created": 1, "skipped": 0}'::jsonb, 'import_returns records the return of the aliased line');
select is((select stock_on_hand from public.products where id = tests.id('mug')), 10::numeric,
  'and its sellable unit is back in stock');

-- Website webhook by a Brand Website alias.
select public.set_sku_alias(tests.id('plate'), 'Brand Website', 'shop-plate');
insert into tests.webhook select endpoint_token from public.create_website_webhook();
select tests.as_service_role();
select is(public.receive_website_order((select endpoint_token from tests.webhook), '#1001', null,
    '[{"sku": "SHOP-PLATE", "quantity": 1}]'),
  '{"sales": 1, "skipped": 0, "refused": 0}'::jsonb, 'The website webhook resolves a line by its Brand Website alias');
select tests.authenticate_as('owner');
select results_eq(
  $$ select product_id, platform::text from public.sales_orders where external_order_id = '#1001' $$,
  $$ values (tests.id('plate'), 'Brand Website') $$, 'and records a sale of that product');
select lives_ok($$ select public.remove_sku_alias(tests.id('mug-alias')) $$, 'remove_sku_alias removes an alias');
select is(
  public.preview_sales_orders_import('Amazon', '[{"external_order_id": "A9", "order_date": "2026-01-05", "sku": "AMZ-MUG", "quantity": 1, "total_amount": 100}]') -> 0 ->> 'outcome',
  'unknown_sku', 'A removed alias no longer resolves');

-- Owner: combos -----------------------------------------------------------------------------------
-- Stock now: mug 10, plate 1 (a webhook sale took one). Make the plate 4 for the combo tests.
select public.adjust_stock(tests.id('plate'), null, 4, 'Count');
insert into tests.ids select 'gift', id from public.create_combo('GIFT-1', 'Gift set', 'Gifts', 250,
  jsonb_build_array(jsonb_build_object('product_id', tests.id('mug'), 'quantity', 2),
                    jsonb_build_object('product_id', tests.id('plate'), 'quantity', 1)));
select results_eq(
  $$ select (r ->> 'stock_on_hand')::integer, (r ->> 'is_combo')::boolean
     from jsonb_array_elements(public.list_products(search => 'GIFT') -> 'rows') r $$,
  $$ values (4, true) $$, 'A combo''s stock is what its parts make up: min(floor(10 / 2), floor(4 / 1))');
select is((select stock_on_hand from public.products where id = tests.id('gift')), 0::numeric,
  'A combo holds no stock of its own');
select is(tests.refusal($$ select public.create_combo('PAIR', 'Pair of gifts', null, 400,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('gift'), 'quantity', 2))) $$),
  'P0001 | Gift set is a combo; a combo is made of products, not of other combos. | field:components',
  'A combo cannot contain a combo (so none contains itself at any depth)');
select is(tests.refusal($$ select public.update_combo(tests.id('gift'), 'GIFT-1', 'Gift set', 'Gifts', 250,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('gift'), 'quantity', 1))) $$),
  'P0001 | Gift set cannot contain itself. | field:components', 'A combo cannot contain itself');
select is(tests.refusal($$ select public.start_production(tests.id('gift'), 1) $$),
  'P0001 | Gift set is a combo: it is made up from its parts when sold, never produced. | no hint',
  'A combo cannot be produced');
select is(tests.refusal($$ select public.plan_production(jsonb_build_array(jsonb_build_object('product_id', tests.id('gift'), 'quantity', 1))) $$),
  'P0001 | Gift set is a combo: it is made up from its parts when sold, never produced. | field:targets',
  'A combo is never a production plan''s target');
select is(tests.refusal($$ select public.update_product(tests.id('gift'), 'GIFT-1', 'Gift set', 'Gifts', 250, 0,
    jsonb_build_array(jsonb_build_object('material_id', tests.id('clay'), 'quantity', 1))) $$),
  'P0001 | Gift set is a combo: it is made up from its parts when sold, never produced. | field:bom',
  'A combo cannot be given a bill of materials');
select is(tests.refusal($$ select public.adjust_stock(tests.id('gift'), null, 5, 'Found some') $$),
  'P0001 | Gift set is a combo: its stock is its parts'' stock, so it cannot be changed itself. | field:product_id',
  'A combo''s own stock cannot be counted in');

insert into tests.ids select 'gift-sale', id from public.log_sale(tests.id('gift'), 2, 'Flipkart');
select results_eq($$ select sku, stock_on_hand from public.products where id in (tests.id('mug'), tests.id('plate')) order by sku $$,
  $$ values ('MUG-1', 6::numeric), ('PLT-1', 2) $$, 'Selling 2 gift sets takes 4 mugs and 2 plates');
select results_eq(
  $$ select product_id, quantity, balance_after, reason::text from public.stock_movements
     where sales_order_id = tests.id('gift-sale') order by product_id $$,
  $$ select * from (values (tests.id('mug'), -4.000, 6.000, 'sale'), (tests.id('plate'), -2.000, 2.000, 'sale')) v
     order by 1 $$,
  'The ledger has a sale row per part, naming the combo''s order, with the parts'' balances');
select results_eq(
  $$ select product_id, product_name, unit_cost from public.sales_orders where id = tests.id('gift-sale') $$,
  $$ values (tests.id('gift'), 'Gift set', 150::numeric) $$,
  'The order names the combo; its unit cost is the parts'' costs: 2 x 40 + 70');
select is(tests.refusal($$ select public.log_sale(tests.id('gift'), 3, 'Flipkart') $$),
  'P0001 | Not enough stock for Gift set. Only 2 available. | no hint',
  'A combo sale its parts cannot make up is refused with log_sale''s message about the combo');
select results_eq($$ select stock_on_hand from public.products where id in (tests.id('mug'), tests.id('plate')) order by sku $$,
  $$ values (6::numeric), (2) $$, 'and takes nothing');
select results_eq(
  $$ select r ->> 'sku', (r ->> 'required')::integer
     from jsonb_array_elements(public.plan_production() -> 'make') r order by 1 $$,
  $$ values ('MUG-1', 4), ('PLT-1', 4) $$,
  'Open orders are planned as what they take: the open gift set order of 2 as 4 mugs and 2 plates, beside the 2 open plate sales; a combo is never made');
select is(public.import_sales_orders('Myntra', '[{"external_order_id": "M1", "order_date": "2026-01-06", "sku": "gift-1", "quantity": 1, "total_amount": 250, "status": "Fulfilled"}]'),
  '{"created": 1, "skipped": 0}'::jsonb, 'An imported combo line is recorded');
select results_eq($$ select stock_on_hand from public.products where id in (tests.id('mug'), tests.id('plate')) order by sku $$,
  $$ values (4::numeric), (1) $$, 'and takes its parts');
select is(
  public.preview_sales_orders_import('Myntra', '[{"external_order_id": "M2", "order_date": "2026-01-06", "sku": "GIFT-1", "quantity": 2, "total_amount": 500}]') -> 0 ->> 'message',
  'Not enough stock for Gift set. Only 1 available.', 'The import preview counts a combo''s stock from its parts');
select results_eq(
  $$ select l ->> 'outcome', l ->> 'message'
     from jsonb_array_elements(public.preview_sales_orders_import('Myntra', '[
       {"external_order_id": "M3", "order_date": "2026-01-06", "sku": "MUG-1", "quantity": 3, "total_amount": 300},
       {"external_order_id": "M4", "order_date": "2026-01-06", "sku": "GIFT-1", "quantity": 1, "total_amount": 250}]')) l $$,
  $$ values ('new', null), ('not_enough_stock', 'Not enough stock for Gift set. Only 0 available.') $$,
  'A part sold alone earlier in the file is counted before a combo using it (4 mugs: 3 alone leave 1, a gift set needs 2)');
select lives_ok($$ select public.cancel_sales_order(tests.id('gift-sale')) $$, 'A combo sale can be cancelled');
select results_eq($$ select stock_on_hand from public.products where id in (tests.id('mug'), tests.id('plate')) order by sku $$,
  $$ values (8::numeric), (3) $$, 'and cancelling puts its parts back');
select lives_ok($$ select public.return_sales_order((select id from public.sales_orders where external_order_id = 'M1')) $$,
  'A fulfilled combo sale can be returned');
select results_eq($$ select stock_on_hand from public.products where id in (tests.id('mug'), tests.id('plate')) order by sku $$,
  $$ values (10::numeric), (4) $$, 'and the sellable return restocks its parts');
select ok(tests.ledger_holds('owner'), 'Through every combo sale, cancel and return, each product''s stock is the sum of its ledger');
select is(tests.refusal($$ select public.create_combo('BIG', 'Big', null, 1,
    (select jsonb_agg(jsonb_build_object('product_id', tests.id('mug'), 'quantity', 1)) from generate_series(1, 10001))) $$),
  'P0001 | A combo can have at most 50 products; this one has 10001. | field:components',
  'A combo of 10,001 lines is refused before any is read');
select is(tests.refusal($$ select public.create_combo('HALF', 'Half', null, 1,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('mug'), 'quantity', 2.5))) $$),
  'P0001 | Quantity must be a whole number. | field:components', 'A component quantity of 2.5 is refused');

-- Owner: available to sell and stock sync ---------------------------------------------------------
-- Stock: mug 10, plate 4, bowl 2 (its clay builds 20 more). An open order: its units already left.
insert into tests.ids select 'open', id from public.log_sale(tests.id('mug'), 1, 'Flipkart');
select public.set_sku_alias(tests.id('mug'), 'Amazon', 'AMZ-MUG-2');
select public.set_sku_alias(tests.id('mug'), 'Amazon', 'B0MUG', 'asin');
select results_eq(
  $$ select r ->> 'sku', r ->> 'alias', (r ->> 'quantity')::integer
     from jsonb_array_elements(public.available_to_sell('Amazon')) r $$,
  $$ values ('BWL-1', 'BWL-1', 2), ('GIFT-1', 'GIFT-1', 4), ('MUG-1', 'AMZ-MUG-2', 9), ('MUG-1', 'B0MUG', 9),
            ('PLT-1', 'B0PLATE', 4) $$,
  'Without a buffer, available is stock (the Unfulfilled order''s unit already left it), one row per alias or the SKU');
select results_eq(
  $$ select buffer_units, buffer_percent from public.set_channel_buffer('Amazon', 1, 10) $$,
  $$ values (1, 10.00::numeric(5,2)) $$, 'set_channel_buffer sets units and percent');
select results_eq(
  $$ select r ->> 'sku', (r ->> 'quantity')::integer
     from jsonb_array_elements(public.available_to_sell('Amazon')) r where r ->> 'alias' <> 'AMZ-MUG-2' $$,
  $$ values ('BWL-1', 0), ('GIFT-1', 2), ('MUG-1', 7), ('PLT-1', 2) $$,
  'The buffer holds back units + ceil(percent): mug 9 - 1 - 1, plate 4 - 1 - 1, bowl never below 0; the combo from its parts'' available: min(floor(7 / 2), 2)');
select is((select (r ->> 'quantity')::integer from jsonb_array_elements(public.available_to_sell('Flipkart')) r
           where r ->> 'sku' = 'MUG-1'), 9, 'Another platform''s buffer is its own');
select public.set_sell_what_i_can_make(tests.id('bowl'), true);
select is((select (r ->> 'quantity')::integer from jsonb_array_elements(public.available_to_sell('Flipkart')) r
           where r ->> 'sku' = 'BWL-1'), 22, '"Sell what I can make" adds what the materials can still build: 2 + 100 / 5');
select is(tests.refusal($$ select public.set_channel_buffer('Amazon', 'NaN', 0) $$),
  'P0001 | Buffer units must be a number. | field:buffer_units', 'A NaN buffer is refused');
select is(tests.refusal($$ select public.set_channel_buffer('Amazon', 0, 100.5) $$),
  'P0001 | Buffer percent must be at most 100. | field:buffer_percent', 'A buffer above 100% is refused');

select results_eq(
  $$ select count(*) filter (where (r ->> 'changed')::boolean), count(*)
     from jsonb_array_elements(public.stock_sync('Amazon') -> 'rows') r $$,
  $$ values (5::bigint, 5::bigint) $$, 'Before any file, every row of the stock sync has changed');
select is(public.record_stock_file('Amazon', (select jsonb_agg(jsonb_build_object('alias', r ->> 'alias', 'quantity', (r ->> 'quantity')::integer))
    from jsonb_array_elements(public.available_to_sell('Amazon')) r)) ->> 'rows', '5',
  'record_stock_file stores the downloaded file');
select is(jsonb_path_query_array(public.stock_sync('Amazon') -> 'rows', '$[*] ? (@.changed == true)'), '[]'::jsonb,
  'Right after the download, nothing has changed');
select public.log_sale(tests.id('plate'), 2, 'Myntra');
select results_eq(
  $$ select r ->> 'alias', (r ->> 'quantity')::integer, (r ->> 'last_quantity')::integer
     from jsonb_array_elements(public.stock_sync('Amazon') -> 'rows') r where (r ->> 'changed')::boolean $$,
  $$ values ('GIFT-1', 0, 2), ('B0PLATE', 0, 2) $$,
  'A sale elsewhere changes exactly the rows it moved (the plate and the combo using it)');
select is(tests.refusal($$ select public.record_stock_file('Amazon', (select jsonb_agg(jsonb_build_object('alias', 'A' || g, 'quantity', 1)) from generate_series(1, 10001) g)) $$),
  'P0001 | A stock file can have at most 10000 rows; this one has 10001. | field:rows', 'A file of 10,001 rows is refused');

select public.log_sale(tests.id('gift'), 1, 'Amazon');
select results_eq(
  $$ select sku, units_30 from public.product_planning(array[tests.id('mug'), tests.id('gift')]) order by sku $$,
  $$ values ('GIFT-1', 0::bigint), ('MUG-1', 3::bigint) $$,
  'A combo''s sales count as its parts'' in sales velocity (a mug sold alone and a gift set of 2 mugs: 3), not as its own');

-- Another user --------------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.sku_aliases union all select 1 from public.combo_components
  union all select 1 from public.channel_settings union all select 1 from public.channel_stock_files $$,
  'Another user sees none of the owner''s aliases, combo components, buffers or stock files');
select is(tests.refusal($$ select public.set_sku_alias(tests.id('mug'), 'Amazon', 'MINE') $$),
  'P0001 | Product not found. | field:product_id', 'Another user cannot alias the owner''s product');
select is(tests.refusal($$ select public.remove_sku_alias((select id from public.sku_aliases limit 1)) $$),
  'P0001 | Alias not found. | no hint', 'Another user cannot remove an alias they cannot see');
insert into tests.ids select 'cup', id from public.create_product('CUP-1', 'Cup', null, 50, 5);
select is(tests.refusal($$ select public.create_combo('STEAL', 'Steal', null, 1,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('mug'), 'quantity', 1))) $$),
  'P0001 | Product not found. | field:components', 'Another user''s product cannot be a component');
select is(tests.refusal($$ select public.update_combo(tests.id('gift'), 'X', 'X', null, 1,
    jsonb_build_array(jsonb_build_object('product_id', tests.id('cup'), 'quantity', 1))) $$),
  'P0001 | Combo not found. | no hint', 'Another user cannot edit the owner''s combo');
select is(tests.refusal($$ select public.log_sale(tests.id('gift'), 1) $$),
  'P0001 | Product not found. | no hint', 'Another user cannot sell the owner''s combo');
select results_eq($$ select r ->> 'sku' from jsonb_array_elements(public.available_to_sell('Amazon')) r $$,
  $$ values ('CUP-1') $$, 'Another user''s available to sell lists only their own products');

-- anon ---------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select public.available_to_sell('Amazon') $$, '42501',
  'permission denied for function available_to_sell', 'anon cannot read available to sell');
select throws_ok($$ select public.set_sku_alias(null, 'Amazon', 'X') $$, '42501',
  'permission denied for function set_sku_alias', 'anon cannot save an alias');
select throws_ok($$ select 1 from public.sku_aliases $$, '42501', 'permission denied for table sku_aliases',
  'anon cannot read aliases');

select * from finish();
rollback;

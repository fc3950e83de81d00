-- The tax backfill in batches (issue 44): set_item_tax gives at most one batch of a product's
-- earlier orders their tax and continue_item_tax_backfill the rest, a batch a call; at exactly the
-- batch size one call does it all, at one more a second call takes the last; each order's tax is
-- filled once however often the calls repeat; an order on a day its rate was not in force stays
-- unknown and holds nothing open; clearing the tax ends the backfill; the kept totals follow; only
-- the owner sees or continues it.
begin;
set local client_min_messages = warning;
select plan(24);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');
insert into tests.ids select 'exact', id from public.create_product('EXACT-1', 'Exact tee', null, 118, 0);
insert into tests.ids select 'over', id from public.create_product('OVER-1', 'Over tee', null, 118, 0);
insert into tests.ids select 'lux', id from public.create_product('LUX-1', 'Lux watch', null, 1400, 0);

-- Orders recorded while the products had no rate (tax unknown), as many as a shop's years of sales:
-- exactly one batch of the first, one more of the second; the watch has one order before 40% was a
-- rate (22 September 2025) and one after.
reset role;
insert into public.sales_orders (user_id, product_id, product_name, quantity, unit_price, total_amount, taxable_value,
  order_date, place_of_supply)
select tests.id('owner'), p.id, p.product_name, 1, 118, 118, 118, timestamptz '2026-01-01 12:00+05:30' - g * interval '1 hour',
  case when g % 2 = 0 then '27' else '29' end
from public.products p
cross join lateral generate_series(1, case p.sku when 'EXACT-1' then rules.item_tax_backfill_batch()
  else rules.item_tax_backfill_batch() + 1 end) g
where p.sku in ('EXACT-1', 'OVER-1');
insert into public.sales_orders (user_id, product_id, product_name, quantity, unit_price, total_amount, taxable_value,
  order_date)
values (tests.id('owner'), tests.id('lux'), 'Lux watch', 1, 1400, 1400, 1400, '2025-06-01 12:00+05:30'),
  (tests.id('owner'), tests.id('lux'), 'Lux watch', 1, 1400, 1400, 1400, '2025-12-01 12:00+05:30');
select tests.authenticate_as('owner');
select public.set_business_profile('Tee Co', '1 Road, Pune', '27AAPFU0939F1ZV', '27', 'TC');

select is(rules.item_tax_backfill_batch(), 1000, 'A batch is 1,000 orders');

-- Exactly one batch ------------------------------------------------------------------------------
select is(public.set_item_tax(tests.id('exact'), hsn_code => '6109', gst_rate => 18), 1, 'The exact tee is 18%');
select is((select count(*)::integer from public.sales_orders where product_id = tests.id('exact') and gst_rate = 18),
  1000, 'Its 1,000 earlier orders all have their tax after the one call');
select is_empty($$ select 1 from public.item_tax_backfills $$, 'and nothing is left to continue');
select is((select to_jsonb(x) from (select sum(taxable_value) as taxable, sum(cgst) as cgst, sum(sgst) as sgst,
    sum(igst) as igst from public.sales_orders where product_id = tests.id('exact')) x),
  '{"taxable": 100000.00, "cgst": 4500.00, "sgst": 4500.00, "igst": 9000.00}'::jsonb,
  'Each Rs 118 at 18% is 100 taxable: half within the state (CGST 9 and SGST 9 each), half to Karnataka (IGST 18)');

-- One more than a batch --------------------------------------------------------------------------
select is(public.set_item_tax(tests.id('over'), hsn_code => '6109', gst_rate => 5), 1, 'The other tee is 5%');
select is((select count(*)::integer from public.sales_orders where product_id = tests.id('over') and gst_rate = 5),
  1000, 'One batch of its 1,001 orders has its tax after the call');
select is((select to_jsonb(b) - 'started_at' - 'user_id' from public.item_tax_backfills b),
  jsonb_build_object('product_id', tests.id('over'), 'orders_done', 1000, 'orders_total', 1001),
  'The backfill shows 1,000 of 1,001 done');
select is(public.continue_item_tax_backfill(), 0, 'The next call fills the last and says none is waiting');
select is((select count(*)::integer from public.sales_orders where product_id = tests.id('over') and gst_rate = 5),
  1001, 'Every one of the 1,001 orders has its tax');
select is_empty($$ select 1 from public.item_tax_backfills $$, 'The finished backfill is gone');
create temporary table filled on commit drop as
  select id, ctid::text as version, taxable_value, cgst, sgst, igst from public.sales_orders;
select is(public.continue_item_tax_backfill(), 0, 'Calling again finds nothing waiting');
select set_eq($$ select id, ctid::text as version, taxable_value, cgst, sgst, igst from public.sales_orders $$,
  $$ select * from filled $$, 'and writes no order again (each row where it was)');
select is((select sum(cgst) + sum(sgst) + sum(igst) from public.sales_orders where product_id = tests.id('over')),
  (select 1001 * (118 - round(118 * 100 / 105.0, 2))), 'Each order''s tax counted once: 1,001 times Rs 5.62');

-- The kept totals follow the batches ---------------------------------------------------------------
select is((select sum(revenue) from public.sales_by_day), (select sum(taxable_value) from public.sales_orders),
  'The kept daily totals'' revenue equals the orders'' taxable value after the batches');

-- A rate not yet in force on the order's day ------------------------------------------------------
select is(public.set_item_tax(tests.id('lux'), hsn_code => '9101', gst_rate => 40), 1, 'The watch is 40%');
select is((select jsonb_agg(gst_rate order by order_date) from public.sales_orders where product_id = tests.id('lux')),
  '[null, 40.00]'::jsonb, 'Its order before 40% was a rate stays unknown; the later one is 40%');
select is_empty($$ select 1 from public.item_tax_backfills $$, 'and the unknown one holds no backfill open');

-- Clearing the tax ends a backfill; only the owner sees or continues one ---------------------------
reset role;
update public.sales_orders set gst_rate = null, hsn_code = null, taxable_value = total_amount, cgst = 0, sgst = 0, igst = 0
where product_id = tests.id('over');
select tests.authenticate_as('owner');
select public.set_item_tax(tests.id('over'), hsn_code => '6109', gst_rate => 5);
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.item_tax_backfills $$, 'Another user sees no backfill of the owner');
select is(public.continue_item_tax_backfill(), 0, 'and their call finds nothing of theirs waiting');
select tests.authenticate_as('owner');
select is((select orders_done from public.item_tax_backfills), 1000, 'The owner''s backfill is where it was');
select public.set_item_tax(tests.id('over'));
select is_empty($$ select 1 from public.item_tax_backfills $$, 'Clearing the tee''s tax ends its backfill');
select is((select count(*)::integer from public.sales_orders where product_id = tests.id('over') and gst_rate is null),
  1, 'and its last order stays unknown');
select tests.authenticate_as_anon();
select throws_ok($$ select public.continue_item_tax_backfill() $$, '42501',
  'permission denied for function continue_item_tax_backfill', 'anon cannot continue a backfill');

select * from finish();
rollback;

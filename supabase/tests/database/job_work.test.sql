-- Job work (issue 45): greige fabric sent to a dyer with a delivery challan in the DC series, dyed
-- fabric received back in parts with loss, the dyer's Rs 12/m at 5% GST in the dyed fabric's cost
-- (hand computation to the paisa) and in supplier_dues; dyed fabric sent to a stitcher for kurtas,
-- used as the kurta's BOM says, the stitching charge in the kurta's unit cost. Over-receipt refused
-- on its field, a repeated request_id writes nothing, another user's ids are refused.
begin;
set local client_min_messages = warning;
select plan(34);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');

create function pg_temp.own_total_mismatches() returns bigint
language sql as $$
  select count(*) from (
    select p.stock_on_hand::numeric as figure,
      coalesce((select sum(s.quantity) from public.location_stock s join public.locations l on l.id = s.location_id
                where s.product_id = p.id and l.kind = 'own'), 0) as own_total
    from public.products p
    union all
    select m.stock_level,
      coalesce((select sum(s.quantity) from public.location_stock s join public.locations l on l.id = s.location_id
                where s.material_id = m.id and l.kind = 'own'), 0)
    from public.raw_materials m
  ) t where t.figure <> t.own_total
$$;
grant execute on function pg_temp.own_total_mismatches() to authenticated;

select from public.set_business_profile('Asha Textiles', '12 MG Road, Pune', '27AAPFU0939F1ZV', '27', 'AT');
insert into tests.ids select 'greige', id from public.create_raw_material('Greige fabric', null, 80, 100, 'm');
insert into tests.ids select 'dyed', id from public.create_raw_material('Dyed fabric', null, 0, 0, 'm');
insert into tests.ids select 'thread', id from public.create_raw_material('Thread', null, 2, 10, 'spools');
insert into tests.ids select 'kurta', id from public.create_product('KUR-1', 'Kurta', null, 799, 0, 2,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('dyed'), 'quantity', 2.5)));
insert into tests.ids select 'main', id from public.locations where is_main;
insert into tests.ids select 'dyer supplier', id from public.create_supplier('Rang Dyers', gstin => '24AAPFU0939F1Z1');
insert into tests.ids select 'dyer', id from public.create_location('Rang Dyers', 'job_worker', tests.id('dyer supplier'));
insert into tests.ids select 'stitcher supplier', id from public.create_supplier('Silai Works');
insert into tests.ids select 'stitcher', id
from public.create_location('Silai Works', 'job_worker', tests.id('stitcher supplier'));

-- send_job_work ---------------------------------------------------------------------------------------
select is(tests.refusal(format('select public.send_job_work(%L, %L, %L, %L, 12)', tests.id('main'), tests.id('main'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 50)),
    jsonb_build_object('material_id', tests.id('dyed'), 'quantity', 50))),
  'P0001 | Choose a job worker. | field:job_worker_location_id', 'Job work goes to a job worker');
select is(tests.refusal(format('select public.send_job_work(%L, %L, %L, %L, 12)', tests.id('dyer'), tests.id('main'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 50)),
    jsonb_build_object('material_id', tests.id('dyed'), 'quantity', 51))),
  'P0001 | 51 Dyed fabric need 51 m of Greige fabric; 50 are sent. | field:returns',
  'More to come back than what is sent makes is refused on returns');
select is(tests.refusal(format('select public.send_job_work(%L, %L, %L, %L, 12)', tests.id('dyer'), tests.id('main'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 10),
      jsonb_build_object('material_id', tests.id('thread'), 'quantity', 1)),
    jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 1))),
  'P0001 | Greige fabric is not in Kurta''s BOM: send the BOM''s items, or one item to be processed into it. | field:lines',
  'Two items, one not in the BOM of what comes back, are refused on lines');
select is((select count(*) from public.delivery_challans), 0::bigint, 'Refused orders issue no challan');

create temporary table dyeing as
select public.send_job_work(tests.id('dyer'), tests.id('main'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 50)),
  jsonb_build_object('material_id', tests.id('dyed'), 'quantity', 50), 12, 'metre', null,
  '00000000-0000-4000-8000-0000000000c1') as answer;
insert into tests.ids select 'dyeing', (answer ->> 'job_work_order_id')::uuid from dyeing;
select is((select answer ->> 'challan_number' from dyeing), format('DC/%s/1', rules.financial_year(now())),
  'Sending issues a challan in the DC series');
select results_eq(
  $$ select purpose, consignee_name, consignee_gstin, place_of_supply, taxable_value from public.delivery_challans $$,
  $$ values ('job_work', 'Rang Dyers', '24AAPFU0939F1Z1', '24', 4000.00::numeric) $$,
  'The challan is to the dyer: its name and GSTIN, its state, 50 m x Rs 80');
select is(public.send_job_work(tests.id('dyer'), tests.id('main'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 50)),
    jsonb_build_object('material_id', tests.id('dyed'), 'quantity', 50), 12, 'metre', null,
    '00000000-0000-4000-8000-0000000000c1'), (select answer from dyeing), 'A repeated request_id answers the same order');
select is((select count(*) from public.job_work_orders), 1::bigint, 'and writes no second order');
select is((select stock_level from public.raw_materials where id = tests.id('greige')), 50.000::numeric,
  'Greige fabric at own locations falls to 50 m');
select results_eq($$ select location_name, item_name, quantity from public.stock_by_location()
                     where location_kind = 'job_worker' $$,
  $$ values ('Rang Dyers', 'Greige fabric', 50::numeric) $$, 'and 50 m are at the dyer');
select is(pg_temp.own_total_mismatches(), 0::bigint, 'Own stock adds up to the spec''s figures after sending');

-- receive_job_work ------------------------------------------------------------------------------------
select is(tests.refusal(format('select public.receive_job_work(%L, 49, 2)', tests.id('dyeing'))),
  'P0001 | Only 50 m of Dyed fabric is still due back from Rang Dyers. | field:quantity_received',
  'Receiving more than is due is refused on quantity_received');
select is(tests.refusal(format('select public.receive_job_work(%L, 40, 2, gst_rate => 5)', tests.id('dyeing'))),
  'P0001 | Enter the supplier''s invoice number: the GST paid is claimed against it. | field:supplier_invoice_number',
  'GST needs the job worker''s invoice');
create temporary table first_receipt as
select public.receive_job_work(tests.id('dyeing'), 40, 2, null, 5, 'RD/101', rules.india_day(now()),
  '00000000-0000-4000-8000-0000000000c2') as answer;
-- By hand: 42 m used (40 back + 2 lost) x Rs 80 = 3360.00; charge 40 x 12 = 480.00, GST 5% = 24.00;
-- one dyed metre (3360 + 480) / 40 = 96.0000.
select is((select answer - 'receipt_id' - 'job_work_order_id' from first_receipt),
  '{"received": 40, "lost": 2, "due": 8, "inputs_value": 3360.00, "charge": 480.00, "gst_paid": 24.00, "unit_cost": 96.0000}'::jsonb,
  'The first receipt: 42 m used, Rs 480 charge and Rs 24 GST, Rs 96/m dyed');
select is(public.receive_job_work(tests.id('dyeing'), 40, 2, null, 5, 'RD/101', rules.india_day(now()),
    '00000000-0000-4000-8000-0000000000c2'), (select answer from first_receipt),
  'A repeated request_id answers the same receipt');
select is((select count(*) from public.job_work_receipts), 1::bigint, 'and writes no second receipt');
select results_eq($$ select stock_level, cost_per_unit from public.raw_materials where id = tests.id('dyed') $$,
  $$ values (40.000::numeric, 96.0000::numeric) $$, 'Dyed fabric rises by 40 m at Rs 96/m');
select results_eq($$ select item_name, quantity from public.stock_by_location() where location_kind = 'job_worker' $$,
  $$ values ('Greige fabric', 8::numeric) $$, 'The dyer still holds 8 m');
select results_eq($$ select received_quantity, lost_quantity from public.job_work_orders where id = tests.id('dyeing') $$,
  $$ values (40.000::numeric, 2.000::numeric) $$, 'The order keeps what came back and what was lost');
select results_eq($$ select supplier_name, billed, due, days_0_30 from public.supplier_dues() $$,
  $$ values ('Rang Dyers', 504.00::numeric, 504.00::numeric, 504.00::numeric) $$,
  'The charge and its GST are a bill of the dyer in supplier_dues, aged 0-30 days');
select is((select t -> 'invoices' from public.input_tax(to_char(rules.india_day(now()), 'YYYY-MM')) t),
  jsonb_build_array(jsonb_build_object('supplier_gstin', '24AAPFU0939F1Z1', 'supplier_name', 'Rang Dyers',
    'supplier_invoice_number', 'RD/101', 'supplier_invoice_date', rules.india_day(now()), 'po_number', null,
    'receipts', 1, 'purchase_value', 480.00, 'gst_paid', 24.00)),
  'The charge''s GST is the month''s input tax, against the dyer''s invoice');
select results_eq(
  $$ select job_worker_name, with_them, due_back -> 0 -> 'quantity', warning from public.job_work_pending() $$,
  $$ values ('Rang Dyers', '[{"item": "Greige fabric", "unit": "m", "quantity": 8.000}]'::jsonb, '8.000'::jsonb, false) $$,
  'job_work_pending: 8 m with the dyer, 8 m due back, no warning yet');
select is(tests.refusal(format('select public.receive_job_work(%L, 9)', tests.id('dyeing'))),
  'P0001 | Only 8 m of Dyed fabric is still due back from Rang Dyers. | field:quantity_received',
  'What is left due bounds the next receipt');

-- A product back: the BOM says what it used ------------------------------------------------------------
create temporary table stitching as
select public.send_job_work(tests.id('stitcher'), tests.id('main'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('dyed'), 'quantity', 25)),
  jsonb_build_object('product_id', tests.id('kurta'), 'quantity', 10), 50) as answer;
insert into tests.ids select 'stitching', (answer ->> 'job_work_order_id')::uuid from stitching;
select is((select answer ->> 'challan_number' from stitching), format('DC/%s/2', rules.financial_year(now())),
  'The second order takes the next number of the same series');
select is(tests.refusal(format('select public.receive_job_work(%L, 1.5)', tests.id('stitching'))),
  'P0001 | Quantity received must be a whole number. | field:quantity_received', 'Kurtas come back whole');
select is((select answer ->> 'inputs_value' from (select public.receive_job_work(tests.id('stitching'), 4) as answer) r),
  '960.00', 'Four kurtas used 4 x 2.5 m = 10 m of dyed fabric at Rs 96');
select results_eq($$ select item_name, quantity from public.stock_by_location()
                     where location_name = 'Silai Works' $$,
  $$ values ('Dyed fabric', 15::numeric) $$, 'The stitcher still holds 15 m');
select is((select stock_on_hand from public.products where id = tests.id('kurta')), 4::numeric, 'Four kurtas are in stock');
-- By hand: 2.5 m x Rs 96 = 240.00 of fabric, + Rs 50 stitching = 290.00.
select results_eq($$ select unit_cost, materials_cost, job_work_cost from public.product_costing()
                     where product_id = tests.id('kurta') $$,
  $$ values (290.00::numeric, 240.000::numeric, 50.00::numeric) $$, 'The kurta''s unit cost includes the stitching');
select is(pg_temp.own_total_mismatches(), 0::bigint, 'Own stock adds up to the spec''s figures after the receipts');

-- Another user ------------------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is(tests.refusal(format('select public.receive_job_work(%L, 1)', tests.id('dyeing'))),
  'P0001 | Job work order not found. | field:job_work_order_id', 'Another user cannot receive the owner''s order');
select is(tests.refusal(format('select public.send_job_work(%L, %L, %L, %L, 12)', tests.id('dyer'), tests.id('main'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 1)),
    jsonb_build_object('material_id', tests.id('dyed'), 'quantity', 1))),
  'P0001 | Choose a job worker. | field:job_worker_location_id', 'nor send to the owner''s job worker');
select is_empty($$ select 1 from public.job_work_orders_list() $$, 'and sees none of the owner''s orders');

-- The ledger, as the database owner ---------------------------------------------------------------------
reset role;
select is_empty(
  $$ select s.id from (
       select s.id, s.balance_after,
         sum(case when l.kind = 'own' then s.quantity else 0 end)
           over (partition by coalesce(s.product_id, s.material_id) order by s.id) as own_running
       from public.stock_movements s join public.locations l on l.id = s.location_id
       where s.user_id = tests.id('owner')) s
     where s.balance_after <> s.own_running $$,
  'Every movement''s balance_after is its item''s running total at own locations');

select * from finish();
rollback;

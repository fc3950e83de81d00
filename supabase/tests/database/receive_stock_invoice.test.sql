-- Receive stock's supplier invoice (issue 42): receive_material takes the supplier's invoice number
-- and date as receive_purchase_order does (private.check_supplier_invoice), refuses each on its
-- field and writes nothing then, and the month's input tax lists the receipt by the supplier's
-- GSTIN and invoice (input_tax(month).invoices).
begin;
set local client_min_messages = warning;
select plan(14);

select tests.create_user('owner');
select tests.authenticate_as('owner');
select from public.create_supplier('Arvind Mills', gstin => '27AAPFU0939F1ZV');
insert into tests.ids select 'fabric', id from public.create_raw_material('Fabric', 'Arvind Mills', 100, 10, 'm', 5);
insert into tests.ids select 'thread', id from public.create_raw_material('Thread', null, 2, 10, 'units', 5);

create temporary table today on commit drop as select rules.india_day(now()) as day;
grant select on today to authenticated;

-- Refusals, each on its field; nothing written -------------------------------------------------------
select is(tests.refusal($$ select public.receive_material(tests.id('fabric'), 10, 100, gst_rate => 5,
    supplier_invoice_date => (select day from today)) $$),
  'P0001 | Enter the supplier''s invoice number: the GST paid is claimed against it. | field:supplier_invoice_number',
  'With GST, the invoice number is required');
select is(tests.refusal($$ select public.receive_material(tests.id('fabric'), 10, 100, gst_paid => 50,
    supplier_invoice_number => 'AM-1') $$),
  'P0001 | Enter the supplier''s invoice date: the GST paid is claimed against it. | field:supplier_invoice_date',
  'With GST, the invoice date is required');
select is(tests.refusal($$ select public.receive_material(tests.id('fabric'), 10, 100, gst_rate => 5,
    supplier_invoice_number => 'AM/2627/1180001223', supplier_invoice_date => (select day from today)) $$),
  'P0001 | Supplier invoice number must be at most 16 characters. | field:supplier_invoice_number',
  'An invoice number of 17 characters is refused (Rule 46 allows 16)');
select is(tests.refusal($$ select public.receive_material(tests.id('fabric'), 10, 100, gst_rate => 5,
    supplier_invoice_number => 'AM 118', supplier_invoice_date => (select day from today)) $$),
  'P0001 | Supplier invoice number can have only letters, digits, - and /. | field:supplier_invoice_number',
  'A space is not a character Rule 46 allows');
select is(tests.refusal($$ select public.receive_material(tests.id('fabric'), 10, 100, gst_rate => 5,
    supplier_invoice_number => 'AM-1', supplier_invoice_date => (select day from today) + 1) $$),
  'P0001 | Supplier invoice date must be between 2000-01-01 and today. | field:supplier_invoice_date',
  'An invoice dated tomorrow (India) is refused');
select is(tests.refusal($$ select public.receive_material(tests.id('fabric'), 10, 100, gst_rate => 5,
    supplier_invoice_number => 'AM-1', supplier_invoice_date => date '1999-12-31') $$),
  'P0001 | Supplier invoice date must be between 2000-01-01 and today. | field:supplier_invoice_date',
  'An invoice dated before 2000 is refused');
select is((select jsonb_build_array(m.stock_level, (select count(*) from public.stock_movements s where s.material_id = m.id))
    from public.raw_materials m where m.id = tests.id('fabric')),
  '[10.000, 1]'::jsonb, 'The refusals wrote nothing: stock 10, only the opening row');

-- Accepted ---------------------------------------------------------------------------------------------
select is((select stock_level from public.receive_material(tests.id('fabric'), 60, 100, gst_rate => 5,
    supplier_invoice_number => 'AM/2627/11800012', supplier_invoice_date => (select day from today))),
  70.000, 'An invoice number of exactly 16 characters is taken: 10 + 60 = 70 m');
select is((select stock_level from public.receive_material(tests.id('fabric'), 40, 100, gst_paid => 200,
    supplier_invoice_number => 'AM/2627/11800012', supplier_invoice_date => (select day from today),
    request_id => '00000000-0000-4000-8000-000000000042')),
  110.000, 'A second receipt on the same invoice: 70 + 40 = 110 m');
select is((select stock_level from public.receive_material(tests.id('fabric'), 40, 100, gst_paid => 200,
    supplier_invoice_number => 'AM/2627/11800012', supplier_invoice_date => (select day from today),
    request_id => '00000000-0000-4000-8000-000000000042')),
  110.000, 'Its repeat (same request_id) writes nothing: still 110 m');
select is((select stock_level from public.receive_material(tests.id('thread'), 5, 2, supplier_invoice_number => 'T-9')),
  15.000, 'Without GST the invoice is optional; a number alone is kept');
select is((select stock_level from public.receive_material(tests.id('thread'), 100, 2)),
  115.000, 'and a receipt with neither, as before');
select is((select jsonb_agg(jsonb_build_array(supplier_invoice_number, supplier_invoice_date = (select day from today),
      purchase_value, gst_rate, gst_paid) order by id)
    from public.stock_movements where reason = 'purchase_receipt'),
  '[["AM/2627/11800012", true, 6000.00, 5.00, 300.00], ["AM/2627/11800012", true, 4000.00, null, 200.00],
    ["T-9", null, 10.00, null, null], [null, null, 200.00, null, null]]'::jsonb,
  'Each receipt keeps its invoice on its ledger row: 60 x 100 = 6,000.00 at 5% is 300.00; 40 x 100 = 4,000.00 with 200.00 given');

-- The month's input tax, by supplier GSTIN and invoice --------------------------------------------------
select is(public.input_tax(to_char(now() at time zone 'Asia/Kolkata', 'YYYY-MM')) -> 'invoices',
  jsonb_build_array(jsonb_build_object('supplier_gstin', '27AAPFU0939F1ZV', 'supplier_name', 'Arvind Mills',
    'supplier_invoice_number', 'AM/2627/11800012', 'supplier_invoice_date', (select day from today), 'po_number', null,
    'receipts', 2, 'purchase_value', 10000.00, 'gst_paid', 500.00)),
  'One row for the invoice, by the material''s supplier''s GSTIN: 6,000.00 + 4,000.00 = 10,000.00, GST 300.00 + 200.00 '
  '= 500.00 (receipts without GST are not input tax)');

select * from finish();
rollback;

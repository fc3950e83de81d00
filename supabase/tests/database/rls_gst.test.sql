-- Row-level security of the GST documents (issue 31): the owner sees their profile, invoice and
-- credit note and cannot edit an invoice, another anonymous user sees none, anon is refused.
begin;
set local client_min_messages = warning;
select plan(24);

select policies_are('public', 'business_profiles', array['Owners can read their business profile'],
  'business_profiles has only the owner read policy (set_business_profile writes it)');
select policies_are('public', 'invoices', array['Owners can read their invoices'],
  'invoices has only the owner read policy (create_invoice writes it; nothing edits or deletes it)');
select policies_are('public', 'invoice_lines', array['Owners can read their invoice lines'],
  'invoice_lines has only the owner read policy');
select policies_are('public', 'credit_notes', array['Owners can read their credit notes'],
  'credit_notes has only the owner read policy (create_credit_note writes it)');
select policies_are('public', 'credit_note_lines', array['Owners can read their credit note lines'],
  'credit_note_lines has only the owner read policy');
select policies_are('public', 'item_tax_backfills', array['Owners can read their item tax backfills'],
  'item_tax_backfills has only the owner read policy (set_item_tax and continue_item_tax_backfill write it; who sees a backfill: item_tax_backfill.test.sql)');

-- Owner ------------------------------------------------------------------------------------------
select tests.seed_owner_rows();
-- GST (issue 31): a profile, an invoiced website sale and a credit note.
select public.set_business_profile('Hat Co', '1 Road, Pune', '27AAPFU0939F1ZV', '27', 'HC');
select public.set_item_tax(product_id => tests.id('hat'), hsn_code => '6505', gst_rate => 5);
insert into tests.ids select 'web', id from public.log_sale(tests.id('hat'), 1, 'Brand Website');
insert into tests.ids
select 'invoice', (public.create_invoice(array[tests.id('web')], 'Ravi', buyer_state_code => '27') ->> 'invoice_id')::uuid;
select public.create_credit_note(tests.id('invoice'),
  jsonb_build_array(jsonb_build_object('invoice_line_id', (select id from public.invoice_lines), 'amount', 10)));
select is((select count(*) from public.business_profiles), 1::bigint, 'The owner sees their business profile');
select is((select count(*) from public.invoices), 1::bigint, 'The owner sees their invoice');
select is((select count(*) from public.invoice_lines), 1::bigint, 'The owner sees their invoice line');
select is((select count(*) from public.credit_notes), 1::bigint, 'The owner sees their credit note');
select is((select count(*) from public.credit_note_lines), 1::bigint, 'The owner sees their credit note line');
select throws_ok($$ update public.invoices set total = 1 $$,
  '42501', 'permission denied for table invoices', 'The owner cannot edit an invoice directly');

-- Another anonymous user -----------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.business_profiles $$, 'Another user sees no business profile');
select is_empty($$ select 1 from public.invoices $$, 'Another user sees no invoices');
select is_empty($$ select 1 from public.invoice_lines $$, 'Another user sees no invoice lines');
select is_empty($$ select 1 from public.credit_notes $$, 'Another user sees no credit notes');
select is_empty($$ select 1 from public.credit_note_lines $$, 'Another user sees no credit note lines');

-- anon -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select 1 from public.business_profiles $$, '42501',
  'permission denied for table business_profiles', 'anon cannot read business profiles');
select throws_ok($$ select 1 from public.invoices $$, '42501', 'permission denied for table invoices',
  'anon cannot read invoices');
select throws_ok($$ select 1 from public.invoice_lines $$, '42501', 'permission denied for table invoice_lines',
  'anon cannot read invoice lines');
select throws_ok($$ select 1 from public.credit_notes $$, '42501', 'permission denied for table credit_notes',
  'anon cannot read credit notes');
select throws_ok($$ select 1 from public.credit_note_lines $$, '42501', 'permission denied for table credit_note_lines',
  'anon cannot read credit note lines');

select policies_are('public', 'tally_exports', array['Owners can read their Tally exports'],
  'tally_exports has only the owner read policy (tally_export writes it)');
select policies_are('public', 'tally_exported_vouchers', array['Owners can read their exported Tally vouchers'],
  'tally_exported_vouchers has only the owner read policy (tally_export writes it)');

select * from finish();
rollback;

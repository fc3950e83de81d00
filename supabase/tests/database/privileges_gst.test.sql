-- Privileges of GST (issue 31): the business profile and tax documents are read-only to clients
-- (and the documents to the service role too); signed-in users (not anon) may call its functions.
begin;
set local client_min_messages = warning;
select plan(46);

-- Table privileges, as granted ------------------------------------------------------------------
select table_privs_are('public', t, 'anon', array[]::text[], format('anon has no privilege on %s', t))
from unnest(array['business_profiles', 'invoices', 'invoice_lines', 'credit_notes', 'credit_note_lines',
  'item_tax_backfills']) as t;
select table_privs_are('public', t, 'authenticated', array['SELECT'],
  format('authenticated may only read %s as a whole', t))
from unnest(array['business_profiles', 'invoices', 'invoice_lines', 'credit_notes', 'credit_note_lines',
  'item_tax_backfills']) as t;
select table_privs_are('public', 'item_tax_backfills', 'service_role', array[]::text[],
  'service_role has no privilege on item_tax_backfills: set_item_tax and continue_item_tax_backfill write it');
select table_privs_are('public', t, 'service_role',
  array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'],
  format('service_role holds every privilege on %s', t))
from unnest(array['business_profiles']) as t;
-- Tax documents are never edited or deleted, not even by the service role (GST, issue 31).
select table_privs_are('public', t, 'service_role', array['SELECT'],
  format('service_role may only read %s: create_invoice and create_credit_note write it', t))
from unnest(array['invoices', 'invoice_lines', 'credit_notes', 'credit_note_lines']) as t;

-- Functions: signed-in users only (two assertions each) ------------------------------------------
select tests.for_signed_in_users_only(f, args)
from (values ('gst_states', array[]::text[]),
             ('set_business_profile', array['text', 'text', 'text', 'text', 'text']),
             ('set_item_tax', array['uuid', 'uuid', 'text', 'numeric', 'jsonb', 'uuid']),
             ('continue_item_tax_backfill', array[]::text[]),
             ('set_place_of_supply', array['uuid', 'text']),
             ('create_invoice', array['uuid[]', 'text', 'text', 'text', 'text', 'uuid', 'date', 'uuid']),
             ('create_credit_note', array['uuid', 'jsonb', 'text', 'uuid']),
             ('get_invoice', array['uuid']),
             ('list_invoices', array['text', 'date', 'date', 'integer', 'integer']),
             ('get_credit_note', array['uuid']),
             ('list_credit_notes', array['text', 'date', 'date', 'integer', 'integer']),
             ('input_tax', array['text']),
             ('gstr1_summary', array['text']),
             ('set_operator_gstin', array['text', 'text'])) as f (f, args);

select * from finish();
rollback;

-- Privileges of platform fees and settlements (issue 30): the tables are read-only to clients;
-- signed-in users (not anon) may call their functions.
begin;
set local client_min_messages = warning;
select plan(21);

-- Table privileges, as granted ------------------------------------------------------------------
select table_privs_are('public', t, 'anon', array[]::text[], format('anon has no privilege on %s', t))
from unnest(array['platform_fees']) as t;
select table_privs_are('public', t, 'authenticated', array['SELECT'],
  format('authenticated may only read %s as a whole', t))
from unnest(array['platform_fees', 'settlement_lines']) as t;
select table_privs_are('public', t, 'service_role',
  array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'],
  format('service_role holds every privilege on %s', t))
from unnest(array['platform_fees', 'settlement_lines']) as t;

-- Functions: signed-in users only (two assertions each) ------------------------------------------
select tests.for_signed_in_users_only(f, args)
from (values ('set_platform_fees', array['text', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric']),
             ('preview_settlement_import', array['text', 'jsonb']),
             ('import_settlement', array['text', 'jsonb', 'uuid']),
             ('list_reconciliation', array['text', 'sales_platform', 'timestamp with time zone',
                                           'timestamp with time zone', 'text', 'boolean', 'integer', 'integer']),
             ('reconciliation_summary', array['text']),
             ('profit_leaks', array['text']),
             ('list_unmatched_settlement_lines', array['sales_platform', 'integer', 'integer']),
             ('order_payment_statuses', array['uuid[]'])) as f (f, args);

select * from finish();
rollback;

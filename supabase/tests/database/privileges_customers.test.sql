-- Privileges of customers and receivables (issue 46): the tables are read-only to clients and to
-- the service role (their operations are the one way in); signed-in users (not anon) may call the
-- customer operations, record_payment and the two reads.
begin;
set local client_min_messages = warning;
select plan(21);

-- Table privileges, as granted ------------------------------------------------------------------
select table_privs_are('public', t, 'anon', array[]::text[], format('anon has no privilege on %s', t))
from unnest(array['customers', 'customer_payments', 'customer_payment_allocations']) as t;
select table_privs_are('public', t, 'authenticated', array['SELECT'],
  format('authenticated may only read %s as a whole', t))
from unnest(array['customers', 'customer_payments', 'customer_payment_allocations']) as t;
select table_privs_are('public', t, 'service_role', array['SELECT'],
  format('service_role may only read %s: the customer operations and record_payment write it', t))
from unnest(array['customers', 'customer_payments', 'customer_payment_allocations']) as t;

-- Functions: signed-in users only (two assertions each) ------------------------------------------
select tests.for_signed_in_users_only(f, args)
from (values ('create_customer', array['text', 'text', 'text', 'text', 'text', 'text', 'text', 'integer', 'uuid']),
             ('update_customer', array['uuid', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'integer']),
             ('archive_customer', array['uuid', 'boolean']),
             ('record_payment', array['uuid', 'numeric', 'date', 'text', 'text', 'jsonb', 'uuid']),
             ('customer_dues', array[]::text[]),
             ('customer_statement', array['uuid', 'date', 'date'])) as f (f, args);

select * from finish();
rollback;

-- Privileges of purchasing (issue 32): its four tables are read-only to clients; signed-in users
-- (not anon) may call its operations.
begin;
set local client_min_messages = warning;
select plan(34);

-- Table privileges, as granted ------------------------------------------------------------------
select table_privs_are('public', t, 'anon', array[]::text[], format('anon has no privilege on %s', t))
from unnest(array['suppliers', 'purchase_units', 'purchase_orders', 'purchase_order_lines']) as t;
select table_privs_are('public', t, 'authenticated', array['SELECT'],
  format('authenticated may only read %s as a whole', t))
from unnest(array['suppliers', 'purchase_units', 'purchase_orders', 'purchase_order_lines']) as t;
select table_privs_are('public', t, 'service_role',
  array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'],
  format('service_role holds every privilege on %s', t))
from unnest(array['suppliers', 'purchase_units', 'purchase_orders', 'purchase_order_lines']) as t;

-- Functions: signed-in users only (two assertions each) ------------------------------------------
select tests.for_signed_in_users_only(f, args)
from (values ('what_to_buy', array[]::text[]),
             ('create_supplier', array['text', 'text', 'text', 'text', 'text', 'integer', 'text', 'text', 'uuid']),
             ('update_supplier', array['uuid', 'text', 'text', 'text', 'text', 'text', 'integer', 'text', 'text']),
             ('set_purchase_unit', array['uuid', 'uuid', 'text', 'numeric', 'numeric', 'numeric']),
             ('create_purchase_order', array['uuid', 'jsonb', 'date', 'text', 'uuid']),
             ('update_purchase_order', array['uuid', 'uuid', 'jsonb', 'date', 'text']),
             ('place_purchase_order', array['uuid']),
             ('receive_purchase_order', array['uuid', 'jsonb', 'text', 'uuid', 'text', 'date']),
             ('cancel_purchase_order', array['uuid']),
             ('list_purchase_orders', array['text', 'text', 'boolean', 'integer', 'integer']),
             ('create_suggested_purchase_orders', array['uuid'])) as f (f, args);

select * from finish();
rollback;

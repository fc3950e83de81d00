-- Privileges of locations (issue 45): places and stock per place are read-only to clients,
-- delivery challans read-only to the service role too (never edited); signed-in users (not anon)
-- may call the location operations and reads, the e-way bill file among them.
begin;
set local client_min_messages = warning;
select plan(22);

-- Table privileges, as granted ------------------------------------------------------------------
select table_privs_are('public', t, 'anon', array[]::text[], format('anon has no privilege on %s', t))
from unnest(array['locations', 'location_stock', 'delivery_challans', 'delivery_challan_lines']) as t;
select table_privs_are('public', t, 'authenticated', array['SELECT'],
  format('authenticated may only read %s as a whole', t))
from unnest(array['locations', 'location_stock', 'delivery_challans', 'delivery_challan_lines']) as t;
select table_privs_are('public', t, 'service_role',
  array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'],
  format('service_role holds every privilege on %s', t))
from unnest(array['locations', 'location_stock']) as t;
select table_privs_are('public', t, 'service_role', array['SELECT'],
  format('service_role may only read %s: transfer_stock writes it', t))
from unnest(array['delivery_challans', 'delivery_challan_lines']) as t;

-- Functions: signed-in users only (two assertions each) ------------------------------------------
select tests.for_signed_in_users_only(f, args)
from (values ('create_location', array['text', 'text', 'uuid', 'text', 'text', 'uuid']),
             ('stock_by_location', array[]::text[]),
             ('transfer_stock', array['uuid', 'uuid', 'jsonb', 'uuid']),
             ('get_delivery_challan', array['uuid']),
             ('eway_bill_json', array['uuid[]', 'text', 'integer', 'text'])) as f (f, args);

select * from finish();
rollback;

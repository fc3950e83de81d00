-- Privileges of job work (issue 45): the orders, their lines and receipts are read-only to
-- clients; signed-in users (not anon) may call the job work operations and reads, ITC-04 among them.
begin;
set local client_min_messages = warning;
select plan(19);

select table_privs_are('public', t, 'anon', array[]::text[], format('anon has no privilege on %s', t))
from unnest(array['job_work_orders', 'job_work_order_lines', 'job_work_receipts']) as t;
select table_privs_are('public', t, 'authenticated', array['SELECT'],
  format('authenticated may only read %s as a whole', t))
from unnest(array['job_work_orders', 'job_work_order_lines', 'job_work_receipts']) as t;
select table_privs_are('public', t, 'service_role',
  array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'],
  format('service_role holds every privilege on %s', t))
from unnest(array['job_work_orders', 'job_work_order_lines', 'job_work_receipts']) as t;

-- Functions: signed-in users only (two assertions each) ------------------------------------------
select tests.for_signed_in_users_only(f, args)
from (values ('send_job_work', array['uuid', 'uuid', 'jsonb', 'jsonb', 'numeric', 'text', 'date', 'uuid']),
             ('receive_job_work', array['uuid', 'numeric', 'numeric', 'uuid', 'numeric', 'text', 'date', 'uuid']),
             ('job_work_orders_list', array[]::text[]),
             ('job_work_pending', array[]::text[]),
             ('itc04', array['date', 'date'])) as f (f, args);

select * from finish();
rollback;

-- Row-level security of job work (issue 45): orders, their lines and receipts each have only the
-- owner's read policy; send_job_work and receive_job_work write them. What another user sees is in
-- job_work.test.sql.
begin;
set local client_min_messages = warning;
select plan(3);

select policies_are('public', t, array[p], format('%s has only the owner read policy', t))
from (values ('job_work_orders', 'Owners can read their job work orders'),
             ('job_work_order_lines', 'Owners can read their job work order lines'),
             ('job_work_receipts', 'Owners can read their job work receipts')) as x (t, p);

select * from finish();
rollback;

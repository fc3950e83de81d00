-- Row-level security of customers and receivables (issue 46): each table has only the owner's
-- read policy (the customer operations and record_payment write them), and anon reads none.
begin;
set local client_min_messages = warning;
select plan(6);

select policies_are('public', 'customers', array['Owners can read their customers'],
  'customers has only the owner read policy (create_customer and update_customer write it)');
select policies_are('public', 'customer_payments', array['Owners can read their customer payments'],
  'customer_payments has only the owner read policy (record_payment writes it)');
select policies_are('public', 'customer_payment_allocations', array['Owners can read their payment allocations'],
  'customer_payment_allocations has only the owner read policy');

-- anon -------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok(format('select 1 from public.%I', t), '42501', format('permission denied for table %s', t),
  format('anon cannot read %s', t))
from unnest(array['customers', 'customer_payments', 'customer_payment_allocations']) as t;

select * from finish();
rollback;

-- Row-level security of purchasing (issue 32): suppliers, purchase units, purchase orders and
-- their lines each have only the owner's read policy.
begin;
set local client_min_messages = warning;
select plan(5);

select policies_are('public', 'suppliers', array['Owners can read their suppliers'],
  'suppliers has only the owner read policy (create_supplier and update_supplier write it)');
select policies_are('public', 'purchase_units', array['Owners can read their purchase units'],
  'purchase_units has only the owner read policy (set_purchase_unit writes it)');
select policies_are('public', 'purchase_orders', array['Owners can read their purchase orders'],
  'purchase_orders has only the owner read policy (the purchase order operations write it)');
select policies_are('public', 'purchase_order_lines', array['Owners can read their purchase order lines'],
  'purchase_order_lines has only the owner read policy (the purchase order operations write it)');

select policies_are('public', 'supplier_payments', array['Owners can read their supplier payments'],
  'supplier_payments has only the owner read policy (record_supplier_payment writes it)');

select * from finish();
rollback;

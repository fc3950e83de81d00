-- Row-level security of locations (issue 45): places, stock per place and delivery challans each
-- have only the owner's read policy; the location operations and the ledger's trigger write them.
begin;
set local client_min_messages = warning;
select plan(4);

select policies_are('public', t, array[p], format('%s has only the owner read policy', t))
from (values ('locations', 'Owners can read their locations'),
             ('location_stock', 'Owners can read their stock per location'),
             ('delivery_challans', 'Owners can read their delivery challans'),
             ('delivery_challan_lines', 'Owners can read their delivery challan lines')) as x (t, p);

select * from finish();
rollback;

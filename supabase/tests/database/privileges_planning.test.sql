-- Privileges of planning (issue 33): signed-in users (not anon) may call its functions.
begin;
set local client_min_messages = warning;
select plan(12);

-- Functions: signed-in users only (two assertions each) ------------------------------------------
select tests.for_signed_in_users_only(f, args)
from (values ('product_planning', array['uuid[]']),
             ('running_out_soon', array['integer']),
             ('set_product_planning', array['uuid', 'numeric', 'numeric']),
             ('accept_reorder_point', array['uuid', 'uuid']),
             ('plan_production', array['jsonb', 'integer']),
             ('commit_production_plan', array['jsonb', 'uuid'])) as f (f, args);

select * from finish();
rollback;

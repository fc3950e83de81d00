-- Privileges of returns and claims (issue 29): signed-in users (not anon) may call their functions.
begin;
set local client_min_messages = warning;
select plan(12);

-- Functions: signed-in users only (two assertions each) ------------------------------------------
select tests.for_signed_in_users_only(f, args)
from (values ('record_return', array['uuid', 'text', 'numeric', 'numeric', 'numeric', 'numeric', 'numeric', 'text',
                                     'date', 'uuid']),
             ('update_claim', array['uuid', 'text', 'numeric']),
             ('preview_returns_import', array['text', 'jsonb']),
             ('import_returns', array['text', 'jsonb', 'uuid']),
             ('dashboard_returns', array['text']),
             ('platform_claim_windows', array[]::text[])) as f (f, args);

select * from finish();
rollback;

-- Privileges of styles: signed-in users (not anon) may call the style operations.
begin;
set local client_min_messages = warning;
select plan(10);

-- Functions: signed-in users only (two assertions each) ------------------------------------------
select tests.for_signed_in_users_only(f, args)
from (values ('create_style', array['text', 'text', 'text', 'numeric', 'jsonb', 'jsonb', 'uuid']),
             ('update_style', array['uuid', 'text', 'text', 'jsonb']),
             ('add_style_variants', array['uuid', 'jsonb', 'jsonb', 'uuid']),
             ('list_styles', array['text', 'integer', 'integer', 'uuid']),
             ('start_production_batch', array['jsonb', 'uuid'])) as f (f, args);

select * from finish();
rollback;

-- Workspaces in the owner reports (issue 17): each report row names its workspace (the saved email,
-- or 'anonymous ' and 8 characters of the id), reports.workspaces knows when each was last used, and
-- docs/owner-reports.md's cleanup snippet deletes abandoned anonymous workspaces with everything in
-- them.
begin;
set local client_min_messages = warning;
select plan(16);

select tests.create_user('saved');
select tests.create_user('abandoned');
select tests.create_user('recent');

-- The saved workspace has an email, as PUT /auth/v1/user leaves it.
update auth.users set email = 'owner@example.com', is_anonymous = false where id = tests.id('saved');

-- Every kind of row, in two workspaces.
select tests.authenticate_as('saved');
insert into tests.ids select 'saved felt', id from public.create_raw_material('Felt', null, 3, 50);
insert into tests.ids select 'saved hat', id from public.create_product('HAT-1', 'Hat', null, 300, 8, 10,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('saved felt'), 'quantity', 2)));
select from public.log_sale(tests.id('saved hat'), 1, 'Amazon');
select from public.start_production(tests.id('saved hat'), 1);

select tests.authenticate_as('abandoned');
insert into tests.ids select 'old felt', id from public.create_raw_material('Felt', null, 3, 50);
insert into tests.ids select 'old hat', id from public.create_product('HAT-1', 'Hat', null, 300, 8, 10,
  jsonb_build_array(jsonb_build_object('material_id', tests.id('old felt'), 'quantity', 2)));
select from public.log_sale(tests.id('old hat'), 1, 'Flipkart');
select from public.start_production(tests.id('old hat'), 1);
reset role;

-- Labels ------------------------------------------------------------------------------------------
-- Compared as text: a label is GoTrue's auth.users.email, a varchar(255) (the anonymous label is
-- coerced to it), and the expected values are text.
select results_eq(
  $$ select workspace::text from reports.revenue_by_platform_month order by workspace $$,
  format($$ values ('anonymous %s'), ('owner@example.com') $$, left(tests.id('abandoned')::text, 8)),
  'Revenue rows name their workspace: the saved email, or anonymous and the first 8 characters of the id'
);
select results_eq(
  $$ select distinct workspace::text from reports.stock_valuation where user_id = tests.id('saved') $$,
  $$ values ('owner@example.com') $$,
  'Stock valuation rows carry the workspace'
);
select results_eq(
  $$ select distinct workspace::text from reports.low_stock_items where user_id = tests.id('saved') $$,
  $$ values ('owner@example.com') $$,
  'Low-stock rows carry the workspace (the hat: 8 - 1 + 1 = 8 < 10)'
);
select results_eq(
  $$ select workspace::text from reports.material_consumption_by_month where user_id = tests.id('saved') $$,
  $$ values ('owner@example.com') $$,
  'Material consumption rows carry the workspace'
);
select results_eq(
  $$ select workspace::text, email::text, is_anonymous from reports.workspaces order by is_anonymous, user_id $$,
  format($$ values ('owner@example.com', 'owner@example.com', false),
                   ('anonymous %s', null, true), ('anonymous %s', null, true) $$,
    left(least(tests.id('abandoned'), tests.id('recent'))::text, 8),
    left(greatest(tests.id('abandoned'), tests.id('recent'))::text, 8)),
  'reports.workspaces lists every workspace with its label and whether it is still anonymous'
);
select is(
  (select array_agg(c.relname::text order by c.relname) from pg_class c
   where c.relnamespace = 'reports'::regnamespace and c.relkind = 'v'
     and 'security_invoker=true' = any (c.reloptions)),
  array['low_stock_items', 'material_consumption_by_month', 'product_margins', 'profit_by_platform_month',
    'revenue_by_platform_month', 'stock_valuation', 'workspaces'],
  'Every report view, workspaces included, is security invoker (a signed-in role would see only its own rows)'
);

-- Last activity -----------------------------------------------------------------------------------
-- Both anonymous workspaces were created 40 days ago; 'recent' refreshed its session yesterday.
update auth.users set created_at = now() - interval '40 days', last_sign_in_at = now() - interval '40 days'
where id in (tests.id('abandoned'), tests.id('recent'), tests.id('saved'));
insert into auth.sessions (id, user_id, created_at, updated_at)
values (gen_random_uuid(), tests.id('recent'), now() - interval '40 days', now() - interval '1 day'),
       (gen_random_uuid(), tests.id('abandoned'), now() - interval '40 days', now() - interval '39 days');
insert into auth.refresh_tokens (token, user_id, session_id)
select 'abandoned-token', user_id, id from auth.sessions where user_id = tests.id('abandoned');
select is(
  (select last_active_at from reports.workspaces where user_id = tests.id('recent')),
  now() - interval '1 day',
  'A session refreshed yesterday makes a workspace active yesterday'
);
select is(
  (select last_active_at from reports.workspaces where user_id = tests.id('abandoned')),
  now() - interval '39 days',
  'A workspace whose last session refresh was 39 days ago was last active then'
);

-- docs/owner-reports.md's cleanup snippet, verbatim -------------------------------------------
delete from auth.users
where id in (select user_id from reports.workspaces
             where is_anonymous and last_active_at < now() - interval '30 days');

select is_empty(
  $$ select 1 from auth.users where id = tests.id('abandoned') $$,
  'The cleanup deletes the anonymous workspace unused for more than 30 days'
);
select results_eq(
  format($$ select %s $$, string_agg(format('(select count(*) from public.%I where user_id = %L)',
    t, tests.id('abandoned')), ' + ')),
  $$ values (0::bigint) $$,
  'Everything in it cascades: products, materials, BOM rows, orders, production runs and the ledger'
)
from unnest(array['products', 'raw_materials', 'bom_items', 'sales_orders', 'manufacturing_orders',
  'stock_movements']) as t;
select is_empty(
  $$ select 1 from auth.sessions where user_id = tests.id('abandoned')
     union all select 1 from auth.refresh_tokens where token = 'abandoned-token' $$,
  'Its sessions and refresh tokens go with it'
);
select isnt_empty(
  $$ select 1 from auth.users where id = tests.id('recent') $$,
  'An anonymous workspace used yesterday is kept, however old'
);
select isnt_empty(
  $$ select 1 from public.products where user_id = tests.id('saved') $$,
  'A saved workspace is kept, however long unused'
);
select is(
  (select count(*) from public.stock_movements where user_id = tests.id('saved')),
  4::bigint,
  'The saved workspace keeps its whole ledger (opening stock x2, sale, consumption, and no output yet)'
);

-- Out of the API's reach --------------------------------------------------------------------------
select tests.authenticate_as('recent');
select throws_ok($$ select * from reports.workspaces $$, '42501', 'permission denied for schema reports',
  'A signed-in user cannot list the workspaces');
reset role;
select tests.authenticate_as_anon();
select throws_ok($$ select * from reports.workspaces $$, '42501', 'permission denied for schema reports',
  'anon cannot list the workspaces');

select * from finish();
rollback;

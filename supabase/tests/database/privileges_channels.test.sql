-- Privileges of the channels (issue 34) and the website and Shopify connections: the tables are
-- read-only to clients (the webhook and connection by column, see privileges.test.sql); signed-in
-- users (not anon) may call their functions; available_to_sell_for_user is the service role's.
begin;
set local client_min_messages = warning;
select plan(47);

-- Table privileges, as granted ------------------------------------------------------------------
select table_privs_are('public', t, 'anon', array[]::text[], format('anon has no privilege on %s', t))
from unnest(array['website_webhooks', 'website_order_refusals', 'website_order_shipping', 'sku_aliases', 'combo_components', 'channel_settings', 'channel_stock_files', 'shopify_connections']) as t;
select table_privs_are('public', t, 'authenticated', array['SELECT'],
  format('authenticated may only read %s as a whole', t))
from unnest(array['sku_aliases', 'combo_components', 'channel_settings', 'channel_stock_files']) as t;
select table_privs_are('public', t, 'service_role',
  array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'],
  format('service_role holds every privilege on %s', t))
from unnest(array['sku_aliases', 'combo_components', 'channel_settings', 'channel_stock_files']) as t;

select function_privs_are('public', 'available_to_sell_for_user', array['uuid', 'text'], 'anon', array[]::text[],
  'anon cannot execute available_to_sell_for_user');

-- Functions: signed-in users only (two assertions each) ------------------------------------------
select tests.for_signed_in_users_only(f, args)
from (values ('create_website_webhook', array[]::text[]),
             ('set_website_webhook_secret', array['text']),
             ('dismiss_website_order_refusal', array['uuid']),
             ('set_sku_alias', array['uuid', 'text', 'text', 'text']),
             ('remove_sku_alias', array['uuid']),
             ('create_combo', array['text', 'text', 'text', 'numeric', 'jsonb', 'uuid']),
             ('update_combo', array['uuid', 'text', 'text', 'text', 'numeric', 'jsonb']),
             ('set_channel_buffer', array['text', 'numeric', 'numeric']),
             ('set_sell_what_i_can_make', array['uuid', 'boolean']),
             ('available_to_sell', array['text']),
             ('record_stock_file', array['text', 'jsonb', 'uuid']),
             ('stock_sync', array['text']),
             ('set_shopify_connection', array['text', 'text', 'text']),
             ('remove_shopify_connection', array[]::text[]),
             ('shopify_connection_status', array[]::text[])) as f (f, args);

select * from finish();
rollback;

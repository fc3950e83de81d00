-- Row-level security of the channels (issue 34) and the website and Shopify connections: each
-- table has only the owner's read policy.
begin;
set local client_min_messages = warning;
select plan(8);

select policies_are('public', 'website_webhooks', array['Owners can read their website webhook'],
  'website_webhooks has only the owner read policy (its secret column is not granted; the webhook settings write it)');
select policies_are('public', 'shopify_connections', array['Owners can read their Shopify connection'],
  'shopify_connections has only the owner read policy (its token column is not granted; set_shopify_connection writes it)');
select policies_are('public', 'website_order_refusals', array['Owners can read their refused website order lines'],
  'website_order_refusals has only the owner read policy (receive_website_order writes it)');
select policies_are('public', 'website_order_shipping', array['Owners can read their website order shipping'],
  'website_order_shipping has only the owner read policy (receive_website_order writes it)');
select policies_are('public', 'sku_aliases', array['Owners can read their SKU aliases'],
  'sku_aliases has only the owner read policy (set_sku_alias and remove_sku_alias write it)');
select policies_are('public', 'combo_components', array['Owners can read their combo components'],
  'combo_components has only the owner read policy (create_combo and update_combo write it)');
select policies_are('public', 'channel_settings', array['Owners can read their channel settings'],
  'channel_settings has only the owner read policy (set_channel_buffer writes it)');
select policies_are('public', 'channel_stock_files', array['Owners can read their stock files'],
  'channel_stock_files has only the owner read policy (record_stock_file writes it)');

select * from finish();
rollback;

import { MB, HINDI, SQL_TEXTS, rpcCase, type Case } from './support';

/**
 * The Shopify connection (issue 34): hosts other than *.myshopify.com (the token would be sent
 * there), huge and SQL-shaped text, numbers that are not location ids; the plan (which holds the
 * token) refused to a signed-in user; the push function's bounds. Nothing is written by any of them.
 */
export default function cases(): Case[] {
  const TOKEN = 'shpat_0123456789abcdef0123456789abcd';
  const connect = (args: Record<string, unknown>) => ({
    shop_domain: 'my-shop.myshopify.com',
    access_token: TOKEN,
    ...args,
  });
  const DOMAIN = "Shop domain must be your shop's .myshopify.com address, like my-shop.myshopify.com.";
  const ACCESS = "Access token must be 20 to 200 letters, digits, _ or - (Shopify's start with shpat_).";
  const LOCATION = 'Location must be a Shopify location id (a number, or gid://shopify/Location/<number>).';
  const domains = [
    'evil.example.com',
    'my-shop.myshopify.com.evil.com',
    'user@my-shop.myshopify.com',
    '127.0.0.1',
    'my-shop.myshopify.com:8443',
    '-shop.myshopify.com',
    'x'.repeat(61) + '.myshopify.com',
    MB,
    HINDI,
    ...SQL_TEXTS,
  ];
  return [
    ...domains.map((domain, index) =>
      rpcCase('set_shopify_connection', `shop domain #${index}`, connect({ shop_domain: domain }), 400, DOMAIN),
    ),
    rpcCase(
      'set_shopify_connection',
      'shop domain blank',
      connect({ shop_domain: '  ' }),
      400,
      'Shop domain is required.',
    ),
    rpcCase(
      'set_shopify_connection',
      'no token on a first connection',
      connect({ access_token: null }),
      400,
      'Access token is required.',
    ),
    ...[MB, 'short', `${TOKEN} x`, "shpat_' or 1=1 --0000000000", HINDI.repeat(2)].map((token, index) =>
      rpcCase('set_shopify_connection', `access token #${index}`, connect({ access_token: token }), 400, ACCESS),
    ),
    ...['2.5', 'NaN', '-1', '1e3', 'Infinity', 'gid://shopify/Product/1', '1'.repeat(21), MB, ...SQL_TEXTS].map(
      (location, index) =>
        rpcCase('set_shopify_connection', `location #${index}`, connect({ location_id: location }), 400, LOCATION),
    ),
    rpcCase('set_shopify_connection', 'a number where text belongs', connect({ location_id: 2.5 }), 400, LOCATION),
    {
      name: "shopify_push_plan: a signed-in user asks for another user's token",
      route: '/rest/v1/rpc/shopify_push_plan',
      method: 'POST',
      body: { for_user: crypto.randomUUID() },
      status: 403,
      message: 'permission denied for function shopify_push_plan',
    },
    {
      name: "shopify-inventory: a body over the function's 4 KiB",
      route: '/functions/v1/shopify-inventory',
      method: 'POST',
      raw: JSON.stringify({ padding: 'x'.repeat(5000) }),
      headers: { 'content-type': 'application/json' },
      status: 413,
      message: 'The body is larger than 4096 bytes.',
    },
    {
      name: "shopify-inventory: a body over the gateway's 1 MiB",
      route: '/functions/v1/shopify-inventory',
      method: 'POST',
      raw: JSON.stringify({ padding: MB }),
      headers: { 'content-type': 'application/json' },
      status: 413,
    },
    {
      name: 'shopify-inventory: GET',
      route: '/functions/v1/shopify-inventory',
      status: 405,
      message: 'Only POST is accepted.',
    },
    {
      name: 'shopify-inventory: a user with no shop connected',
      route: '/functions/v1/shopify-inventory',
      method: 'POST',
      raw: '{}',
      headers: { 'content-type': 'application/json' },
      status: 409,
      message: 'Connect your Shopify shop first.',
    },
  ];
}

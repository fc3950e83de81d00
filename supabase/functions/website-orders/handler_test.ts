import { deepEqual, equal } from 'node:assert/strict';
import { createHandler, MAX_BODY_BYTES } from './handler.ts';
import { sign } from './signature.ts';

const token = '0123456789abcdef0123456789abcdef';
const secret = 'shpss_0123456789abcdef';
const url = `http://functions.test/website-orders/${token}`;
const order = JSON.stringify({
  name: '#1001',
  line_items: [{ sku: 'HAT-1', quantity: 1, price: '300.00' }],
  shipping_address: { province: 'Gujarat', province_code: 'GJ' },
  shipping_lines: [{ price: '105.00', discount_allocations: [] }],
});

/** The database's two calls, recorded; the secret call answers with secret (null: unknown token). */
function database(known: string | null = secret) {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const name = String(input).split('/rpc/')[1] ?? '';
    calls.push({ name, args: JSON.parse(String(init?.body)) });
    const answer = name === 'website_webhook_secret' ? known : { sales: 1, skipped: 0, refused: 0 };
    return new Response(JSON.stringify(answer), { status: 200 });
  }) as typeof globalThis.fetch;
  return { calls, handle: createHandler({ supabaseUrl: 'http://stack.test', serviceRoleKey: 'service-key', fetch }) };
}

const post = (body: string, headers: Record<string, string> = {}, target = url) =>
  new Request(target, { method: 'POST', body, headers });

Deno.test('a signed Shopify order is recorded for the token\'s webhook', async () => {
  const db = database();
  const response = await db.handle(post(order, { 'X-Shopify-Hmac-Sha256': await sign(new TextEncoder().encode(order), secret) }));
  equal(response.status, 200);
  deepEqual(db.calls, [
    { name: 'website_webhook_secret', args: { endpoint_token: token } },
    {
      name: 'receive_website_order',
      args: {
        endpoint_token: token,
        shop_order_id: '#1001',
        ordered_at: null,
        lines: [{ sku: 'HAT-1', quantity: 1, amount: 300 }],
        buyer_state: 'GJ',
        shipping: 105,
      },
    },
  ]);
});

Deno.test('?token= works as well as the path', async () => {
  const db = database();
  const signature = await sign(new TextEncoder().encode(order), secret);
  const response = await db.handle(post(order, { 'X-Shopify-Hmac-Sha256': signature }, `http://functions.test/website-orders?token=${token}`));
  equal(response.status, 200);
  equal(db.calls.length, 2);
});

Deno.test('a forged or missing signature gets 401 and nothing is recorded', async () => {
  const db = database();
  const forged = await sign(new TextEncoder().encode(order), 'not-the-owners-secret');
  equal((await db.handle(post(order, { 'X-Shopify-Hmac-Sha256': forged }))).status, 401);
  equal((await db.handle(post(order, { 'X-WC-Webhook-Signature': forged }))).status, 401);
  equal((await db.handle(post(order))).status, 401);
  deepEqual(db.calls.map((call) => call.name), ['website_webhook_secret', 'website_webhook_secret']);
});

Deno.test('refusals before the database: method, token, size, no signature', async () => {
  const db = database();
  equal((await db.handle(new Request(url))).status, 405);
  equal((await db.handle(post(order, {}, 'http://functions.test/website-orders/../secrets'))).status, 404);
  equal((await db.handle(post(order, {}, 'http://functions.test/website-orders/not-a-token'))).status, 404);
  equal((await db.handle(post('x'.repeat(MAX_BODY_BYTES + 1), { 'X-Shopify-Hmac-Sha256': 'x' }))).status, 413);
  equal((await db.handle(post(order))).status, 401);
  deepEqual(db.calls, []);
});

Deno.test('WooCommerce\'s unsigned ping gets 200 for a known webhook and 404 for a made-up token, and records nothing', async () => {
  const ping = () => post('webhook_id=12', { 'content-type': 'application/x-www-form-urlencoded' });
  const known = database();
  equal((await known.handle(ping())).status, 200);
  const unknown = database(null);
  const response = await unknown.handle(ping());
  deepEqual([response.status, await response.json()], [404, { message: 'Unknown webhook.' }]);
  for (const db of [known, unknown]) deepEqual(db.calls, [{ name: 'website_webhook_secret', args: { endpoint_token: token } }]);
});

Deno.test('a signed order\'s lines are checked one by one before the database adds up a SKU\'s lines', async () => {
  const db = database();
  const body = JSON.stringify({ name: '#1002', line_items: [{ sku: 'HAT-1', quantity: 5 }, { sku: 'HAT-1', quantity: -4 }, { sku: 'CAP-1', quantity: 1 }] });
  const response = await db.handle(post(body, { 'X-Shopify-Hmac-Sha256': await sign(new TextEncoder().encode(body), secret) }));
  equal(response.status, 200);
  deepEqual(db.calls[1]?.args.lines, [
    { sku: 'HAT-1', quantity: -4, amount: null },
    { sku: 'CAP-1', quantity: 1, amount: null },
  ]);
});

Deno.test('a signed order dated 0001-01-01 gets 400 and reaches no sale', async () => {
  const db = database();
  const body = JSON.stringify({ name: '#1003', created_at: '0001-01-01T00:00:00Z', line_items: [{ sku: 'HAT-1', quantity: 1 }] });
  const response = await db.handle(post(body, { 'X-Shopify-Hmac-Sha256': await sign(new TextEncoder().encode(body), secret) }));
  deepEqual([response.status, await response.json()], [400, { message: 'Order date must be between 2000-01-01 and today.' }]);
  deepEqual(db.calls.map((call) => call.name), ['website_webhook_secret']);
});

Deno.test('an unknown token gets 404; a signed non-order topic is acknowledged and ignored', async () => {
  const unknown = database(null);
  const signature = await sign(new TextEncoder().encode(order), secret);
  equal((await unknown.handle(post(order, { 'X-Shopify-Hmac-Sha256': signature }))).status, 404);
  const db = database();
  const response = await db.handle(post(order, { 'X-Shopify-Hmac-Sha256': signature, 'X-Shopify-Topic': 'orders/updated' }));
  equal(response.status, 200);
  deepEqual(db.calls.map((call) => call.name), ['website_webhook_secret']);
});

Deno.test('a signed body that is not an order gets 400', async () => {
  const db = database();
  const body = '{"hello":"world"}';
  const response = await db.handle(post(body, { 'X-Shopify-Hmac-Sha256': await sign(new TextEncoder().encode(body), secret) }));
  equal(response.status, 400);
  deepEqual(await response.json(), { message: 'The order has no id.' });
});

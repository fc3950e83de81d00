/**
 * The website-orders Edge Function through the running stack, as a shop would call it: signed
 * Shopify and WooCommerce webhooks become Brand Website sales of the webhook's owner only, once per
 * shop order; forged ones get 401 and write nothing; unknown SKUs and oversells become refused
 * lines the owner reads through supabase-js; nobody else can read the owner's secret.
 */
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { describeStack, rpcOk, signIn, stackKinds, startTestStack, type TestStack, type User } from './harness';

interface Webhook {
  endpoint_token: string;
  signing_secret: string;
}

async function createWebhook(user: User): Promise<Webhook> {
  const [created] = await rpcOk<Webhook[]>(user, 'create_website_webhook');
  if (!created) throw new Error('create_website_webhook returned no row');
  return created;
}

const hmac = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('base64');

function postWebhook(stack: TestStack, token: string, body: string, headers: Record<string, string>) {
  return fetch(`${stack.url}/functions/v1/website-orders/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

const shopify = (stack: TestStack, webhook: Webhook, order: unknown, secret = webhook.signing_secret) => {
  const body = JSON.stringify(order);
  return postWebhook(stack, webhook.endpoint_token, body, {
    'x-shopify-topic': 'orders/create',
    'x-shopify-hmac-sha256': hmac(body, secret),
  });
};

const woocommerce = (stack: TestStack, webhook: Webhook, order: unknown, secret = webhook.signing_secret) => {
  const body = JSON.stringify(order);
  return postWebhook(stack, webhook.endpoint_token, body, {
    'x-wc-webhook-topic': 'order.created',
    'x-wc-webhook-signature': hmac(body, secret),
  });
};

describeStack('website orders', (stack, kind) => {
  let owner: User;
  let other: User;
  let webhook: Webhook;
  let othersWebhook: Webhook;

  /** What a webhook may change: the owner's sales, refused lines and stock, the other user's sales and stock. */
  async function snapshot() {
    const [sales, refusals, products, otherSales, otherProducts] = await Promise.all([
      owner.client.from('sales_orders').select('external_order_id, product_name, quantity, platform').order('product_name'),
      owner.client.from('website_order_refusals').select('shop_order_id, sku, quantity, reason').order('sku'),
      owner.client.from('products').select('sku, stock_on_hand').order('sku'),
      other.client.from('sales_orders').select('id'),
      other.client.from('products').select('sku, stock_on_hand'),
    ]);
    return {
      sales: sales.data,
      refusals: refusals.data,
      products: products.data,
      otherSales: otherSales.data,
      otherProducts: otherProducts.data,
    };
  }

  beforeAll(async () => {
    owner = await signIn(stack());
    other = await signIn(stack());
    await rpcOk(owner, 'create_product', { sku: 'HAT-1', product_name: 'Hat', selling_price: 300, stock_on_hand: 5 });
    await rpcOk(owner, 'create_product', { sku: 'CAP-1', product_name: 'Cap', selling_price: 150, stock_on_hand: 10 });
    await rpcOk(other, 'create_product', { sku: 'HAT-1', product_name: 'Other hat', selling_price: 10, stock_on_hand: 50 });
    webhook = await createWebhook(owner);
    othersWebhook = await createWebhook(other);
  });

  it('a signed Shopify order becomes the owner\'s Brand Website sales, with the order name, and moves stock', async () => {
    const order = {
      id: 820982911946154508,
      name: '#1001',
      created_at: '2026-11-20T10:00:00+05:30',
      line_items: [
        { sku: 'HAT-1', quantity: 2, price: '300.00' },
        { sku: 'CAP-1', quantity: 1, price: '150.00' },
      ],
    };
    const response = await shopify(stack(), webhook, order);
    expect([response.status, await response.json()]).toEqual([200, { sales: 2, skipped: 0, refused: 0 }]);
    const after = await snapshot();
    expect(after.sales).toEqual([
      { external_order_id: '#1001', product_name: 'Cap', quantity: 1, platform: 'Brand Website' },
      { external_order_id: '#1001', product_name: 'Hat', quantity: 2, platform: 'Brand Website' },
    ]);
    expect(after.products).toEqual([
      { sku: 'CAP-1', stock_on_hand: 9 },
      { sku: 'HAT-1', stock_on_hand: 3 },
    ]);
    expect(after.otherSales).toEqual([]);
    expect(after.otherProducts).toEqual([{ sku: 'HAT-1', stock_on_hand: 50 }]);

    // Shopify retries until it gets a 2xx: the same order again changes nothing.
    const again = await shopify(stack(), webhook, order);
    expect([again.status, await again.json()]).toEqual([200, { sales: 0, skipped: 2, refused: 0 }]);
    expect(await snapshot()).toEqual(after);
  });

  it('a signed WooCommerce order becomes a sale with its order number', async () => {
    const response = await woocommerce(stack(), webhook, {
      id: 727,
      number: '727',
      date_created_gmt: '2026-11-21T09:00:00',
      line_items: [{ sku: 'CAP-1', quantity: 2, total: '300.00' }],
    });
    expect([response.status, await response.json()]).toEqual([200, { sales: 1, skipped: 0, refused: 0 }]);
    const { data } = await owner.client.from('sales_orders').select('quantity, order_date').eq('external_order_id', '727');
    expect(data).toEqual([{ quantity: 2, order_date: '2026-11-21T09:00:00+00:00' }]);
  });

  it('WooCommerce\'s unsigned ping on saving the webhook gets 200 and writes nothing', async () => {
    const before = await snapshot();
    const response = await fetch(`${stack().url}/functions/v1/website-orders/${webhook.endpoint_token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'webhook_id=42',
    });
    expect(response.status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('forged, missing and other users\' signatures get 401 and write nothing', async () => {
    const before = await snapshot();
    const order = { name: '#2001', line_items: [{ sku: 'HAT-1', quantity: 1 }] };
    const attempts = [
      shopify(stack(), webhook, order, 'a-guessed-secret-0123456789'),
      woocommerce(stack(), webhook, order, othersWebhook.signing_secret),
      postWebhook(stack(), webhook.endpoint_token, JSON.stringify(order), { 'x-shopify-hmac-sha256': '' }),
      postWebhook(stack(), webhook.endpoint_token, JSON.stringify(order), {}),
      // A body signed correctly, then changed.
      postWebhook(stack(), webhook.endpoint_token, JSON.stringify({ ...order, name: '#2002' }), {
        'x-shopify-hmac-sha256': hmac(JSON.stringify(order), webhook.signing_secret),
      }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(401);
    // The other user's own webhook with the other's secret sells the other's product, not the owner's.
    const theirs = await shopify(stack(), othersWebhook, order);
    expect(theirs.status).toBe(200);
    const after = await snapshot();
    expect({ ...after, otherSales: [], otherProducts: [] }).toEqual({ ...before, otherSales: [], otherProducts: [] });
    expect(after.otherProducts).toEqual([{ sku: 'HAT-1', stock_on_hand: 49 }]);
  });

  it('unknown SKUs and oversells become refused lines the owner reads, and nobody else does', async () => {
    const response = await shopify(stack(), webhook, {
      name: '#1002',
      line_items: [
        { sku: 'HAT-1', quantity: 99 },
        { sku: 'NOPE-9', quantity: 1 },
        { sku: 'CAP-1', quantity: 2.5 },
        { sku: null, quantity: 1 },
      ],
    });
    expect([response.status, await response.json()]).toEqual([200, { sales: 0, skipped: 0, refused: 4 }]);
    const { data, error } = await owner.client
      .from('website_order_refusals')
      .select('shop_order_id, sku, quantity, reason')
      .eq('shop_order_id', '#1002')
      .order('sku');
    expect(error).toBeNull();
    expect(data).toEqual([
      { shop_order_id: '#1002', sku: '', quantity: 1, reason: 'This line has no SKU.' },
      { shop_order_id: '#1002', sku: 'CAP-1', quantity: 2.5, reason: 'Quantity must be a whole number.' },
      { shop_order_id: '#1002', sku: 'HAT-1', quantity: 99, reason: 'Not enough stock for Hat. Only 3 available.' },
      { shop_order_id: '#1002', sku: 'NOPE-9', quantity: 1, reason: 'No product has SKU NOPE-9.' },
    ]);
    expect((await other.client.from('website_order_refusals').select('id')).data).toEqual([]);
    expect((await owner.client.from('products').select('sku, stock_on_hand').order('sku')).data).toEqual([
      { sku: 'CAP-1', stock_on_hand: 7 },
      { sku: 'HAT-1', stock_on_hand: 3 },
    ]);
  });

  it('hostile signed bodies: malformed ones get 400 and write nothing, odd lines become refusals', async () => {
    const before = await snapshot();
    const signed = (body: string) =>
      postWebhook(stack(), webhook.endpoint_token, body, { 'x-shopify-hmac-sha256': hmac(body, webhook.signing_secret) });
    const lines501 = Array.from({ length: 501 }, () => ({ sku: 'CAP-1', quantity: 1 }));
    for (const body of ['{"name":', '[]', '{"name":"#1"}', JSON.stringify({ name: '#4001', line_items: lines501 }),
      JSON.stringify({ name: 'x'.repeat(101), line_items: [] })]) {
      const response = await signed(body);
      expect([body.slice(0, 20), response.status]).toEqual([body.slice(0, 20), 400]);
    }
    expect(await snapshot()).toEqual(before);

    const response = await signed(JSON.stringify({
      name: "#4002'; delete from public.sales_orders; --",
      line_items: [
        { sku: "CAP-1'; drop table public.products; --", quantity: 1 },
        { sku: 'CAP-1', quantity: 1e30 },
        { sku: 'टोपी-१', quantity: 1 },
      ],
    }));
    expect([response.status, await response.json()]).toEqual([200, { sales: 0, skipped: 0, refused: 3 }]);
    const { data } = await owner.client.from('website_order_refusals').select('sku, reason')
      .eq('shop_order_id', "#4002'; delete from public.sales_orders; --").order('sku');
    expect(data).toEqual([
      { sku: "CAP-1'; drop table public.products; --", reason: "No product has SKU CAP-1'; drop table public.products; --." },
      { sku: 'CAP-1', reason: 'Quantity must be at most 1000000000.' },
      { sku: 'टोपी-१', reason: 'No product has SKU टोपी-१.' },
    ].sort((a, b) => (a.sku < b.sku ? -1 : 1)));
    const after = await snapshot();
    expect([after.sales, after.products]).toEqual([before.sales, before.products]);
  });

  it('no client can read a signing secret: not the owner\'s browser, not another user, not anon', async () => {
    const own = await owner.client.from('website_webhooks').select('signing_secret');
    expect(own.error?.code).toBe('42501');
    const token = await owner.client.from('website_webhooks').select('endpoint_token');
    expect(token.data).toEqual([{ endpoint_token: webhook.endpoint_token }]);
    const others = await other.client.from('website_webhooks').select('endpoint_token');
    expect(others.data).toEqual([{ endpoint_token: othersWebhook.endpoint_token }]);
    const bySecretCall = await other.client.rpc('website_webhook_secret', { endpoint_token: webhook.endpoint_token });
    expect(bySecretCall.error?.code).toBe('42501');
    const anon = stack().newClient();
    expect((await anon.from('website_webhooks').select('endpoint_token')).error?.code).toBe('42501');
    expect((await anon.rpc('website_webhook_secret', { endpoint_token: webhook.endpoint_token })).error?.code).toBe('42501');
    expect((await anon.rpc('receive_website_order', {
      endpoint_token: webhook.endpoint_token, shop_order_id: 'x', ordered_at: null, lines: [],
    })).error?.code).toBe('42501');
  });

  it('rotating replaces the URL and the secret: the old ones stop working', async () => {
    const rotated = await createWebhook(owner);
    const order = { name: '#3001', line_items: [{ sku: 'CAP-1', quantity: 1 }] };
    expect((await shopify(stack(), webhook, order)).status).toBe(404);
    expect((await shopify(stack(), { ...rotated, signing_secret: webhook.signing_secret }, order)).status).toBe(401);
    expect((await shopify(stack(), rotated, order)).status).toBe(200);
    webhook = rotated;
  });

  it('a pasted Shopify secret is the one orders must be signed with', async () => {
    const pasted = 'shpss_pasted_from_shopify_admin_0123';
    await rpcOk(owner, 'set_website_webhook_secret', { signing_secret: pasted });
    const order = { name: '#3002', line_items: [{ sku: 'CAP-1', quantity: 1 }] };
    expect((await shopify(stack(), webhook, order)).status).toBe(401);
    expect((await shopify(stack(), webhook, order, pasted)).status).toBe(200);
  });

  it('bounds and names: an oversized body, another method, an unknown function', async () => {
    const big = 'x'.repeat(1024 * 1024 + 1);
    const oversized = await postWebhook(stack(), webhook.endpoint_token, big, { 'x-shopify-hmac-sha256': hmac(big, 'x') });
    expect(oversized.status).toBe(413);
    const get = await fetch(`${stack().url}/functions/v1/website-orders/${webhook.endpoint_token}`);
    expect(get.status).toBe(405);
    for (const name of ['nope', '_shared', '..', 'website-orders%2F..%2F..']) {
      const response = await fetch(`${stack().url}/functions/v1/${name}`, { method: 'POST' });
      expect([name, response.status]).toEqual([name, 404]);
    }
    // A browser on a foreign origin is refused by the local stack's gateway, as for every API
    // (Supabase's own CORS is *).
    if (kind === 'supabase') return;
    const foreign = await fetch(`${stack().url}/functions/v1/website-orders/${webhook.endpoint_token}`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.2:8000' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
  });
});

/** Deno processes whose parent is this test process. */
function denoChildren(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.includes('(deno)') && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

it.skipIf(!stackKinds().includes('embedded'))('the function\'s Deno process ends with the stack', async () => {
  const running = await startTestStack('embedded');
  try {
    const response = await fetch(`${running.url}/functions/v1/website-orders/${'0'.repeat(32)}`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    expect(denoChildren()).toHaveLength(1);
  } finally {
    await running.close();
  }
  expect(denoChildren()).toEqual([]);
});

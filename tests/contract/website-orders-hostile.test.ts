/**
 * The website-orders Edge Function through the running stack, against orders no genuine shop
 * sends (issue 27): each line is checked on its own before lines of one SKU are added up, so `5`
 * and `-4` never become a sale of 1; an order dated outside import_sales_orders' bounds (2000-01-01
 * to a day from now) is refused whole; WooCommerce's unsigned ping gets 200 only for a webhook
 * that exists. Nothing is written by any refusal but the refused lines the owner is shown.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { createHmac } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeStack, rpcOk, signIn } from './harness';

interface Webhook {
  endpoint_token: string;
  signing_secret: string;
}

const hmac = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('base64');

describeStack('website orders from a hostile shop', (stack) => {
  let owner: SupabaseClient;
  let webhook: Webhook;

  const post = (token: string, body: string, headers: Record<string, string>) =>
    fetch(`${stack().url}/functions/v1/website-orders/${token}`, { method: 'POST', headers, body });

  const signedOrder = (order: unknown) => {
    const body = JSON.stringify(order);
    return post(webhook.endpoint_token, body, {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': hmac(body, webhook.signing_secret),
    });
  };

  /** Everything an order may change for the owner. */
  async function snapshot() {
    const [sales, refusals, products] = await Promise.all([
      owner.from('sales_orders').select('external_order_id, product_name, quantity').order('external_order_id').order('product_name'),
      owner.from('website_order_refusals').select('shop_order_id, sku, quantity, reason').order('shop_order_id').order('sku'),
      owner.from('products').select('sku, stock_on_hand').order('sku'),
    ]);
    return { sales: sales.data, refusals: refusals.data, products: products.data };
  }

  beforeAll(async () => {
    const user = await signIn(stack());
    owner = user.client;
    for (const [sku, name] of [['HAT-1', 'Hat'], ['CAP-1', 'Cap'], ['BAG-1', 'Bag'], ['ΑΣ-1', 'Greek hat']]) {
      await rpcOk(user, 'create_product', { sku, product_name: name, selling_price: 100, stock_on_hand: 20 });
    }
    webhook = (await rpcOk<Webhook[]>(user, 'create_website_webhook'))[0]!;
  });

  it('checks each line before adding up a SKU\'s lines: 5 and -4, or 2.5 and 0.5, are refused, not sold as 1 or 3', async () => {
    const response = await signedOrder({
      name: '#H1',
      line_items: [
        { sku: 'HAT-1', quantity: 5 },
        { sku: 'hat-1 ', quantity: -4 },
        { sku: 'CAP-1', quantity: 2.5 },
        { sku: 'CAP-1', quantity: 0.5 },
        { sku: 'BAG-1', quantity: 1 },
        { sku: 'BAG-1', quantity: 2 },
        // One SKU to Postgres' lower(), two to JavaScript's toLowerCase() (final sigma).
        { sku: 'ΑΣ-1', quantity: 5 },
        { sku: 'ασ-1', quantity: -4 },
      ],
    });
    expect([response.status, await response.json()]).toEqual([200, { sales: 1, skipped: 0, refused: 3 }]);
    expect(await snapshot()).toEqual({
      // Lines of one SKU that are each a whole number of at least 1 are still added up.
      sales: [{ external_order_id: '#H1', product_name: 'Bag', quantity: 3 }],
      refusals: [
        { shop_order_id: '#H1', sku: 'CAP-1', quantity: 2.5, reason: 'Quantity must be a whole number.' },
        { shop_order_id: '#H1', sku: 'hat-1', quantity: -4, reason: 'Quantity must be at least 1.' },
        { shop_order_id: '#H1', sku: 'ΑΣ-1', quantity: null, reason: 'Quantity must be a number.' },
      ],
      products: [
        { sku: 'BAG-1', stock_on_hand: 17 },
        { sku: 'CAP-1', stock_on_hand: 20 },
        { sku: 'HAT-1', stock_on_hand: 20 },
        { sku: 'ΑΣ-1', stock_on_hand: 20 },
      ],
    });
  });

  it('refuses an order dated before 2000 or more than a day ahead, as import_sales_orders does, and writes nothing', async () => {
    const before = await snapshot();
    const ahead = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
    for (const [name, createdAt] of [['#H2', '0001-01-01T00:00:00Z'], ['#H3', '1999-12-31T23:59:59Z'], ['#H4', ahead]]) {
      const response = await signedOrder({ name, created_at: createdAt, line_items: [{ sku: 'HAT-1', quantity: 1 }] });
      expect([name, response.status, await response.json()]).toEqual([
        name,
        400,
        { message: 'Order date must be between 2000-01-01 and today.' },
      ]);
    }
    expect(await snapshot()).toEqual(before);
    // The first day of the bound is taken.
    const response = await signedOrder({ name: '#H5', created_at: '2000-01-01T00:00:00Z', line_items: [{ sku: 'HAT-1', quantity: 1 }] });
    expect([response.status, await response.json()]).toEqual([200, { sales: 1, skipped: 0, refused: 0 }]);
  });

  it('answers WooCommerce\'s unsigned ping with 200 only for a webhook that exists', async () => {
    const before = await snapshot();
    const ping = (token: string) =>
      post(token, 'webhook_id=42', { 'content-type': 'application/x-www-form-urlencoded' });
    const madeUp = await ping('0123456789abcdef0123456789abcdef');
    expect([madeUp.status, await madeUp.json()]).toEqual([404, { message: 'Unknown webhook.' }]);
    const known = await ping(webhook.endpoint_token);
    expect(known.status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});

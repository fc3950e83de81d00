/**
 * The shopify-inventory Edge Function served by the stack, called through supabase-js
 * (functions.invoke) by signed-in users, against a local server playing Shopify's documented
 * responses (fake-shopify.ts, API 2025-07): quantities set by SKU, unknown SKUs reported, user
 * errors, a 429 and a THROTTLED answer waited out, a request slower than the timeout given up and
 * retried; a redirect reported, not followed; each user's push uses that user's token only; anon is
 * refused; no client reads a token; the function reaches no loopback port but those declared.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeShopify, API_PATH, PRIMARY_LOCATION, type FakeShopify } from '../support/fake-shopify';
import { rpc, rpcOk, signIn, stackKinds, startTestStack, type TestStack, type User } from './harness';

const OWNER_TOKEN = 'shpat_owner0000000000000000000000aaaa';
const OTHER_TOKEN = 'shpat_other0000000000000000000000bbbb';
/** One Shopify request's timeout in these tests (SHOPIFY_TIMEOUT_MS); production's is 10 s. */
const SHOPIFY_TIMEOUT_MS = 1000;

/** The function's answer: its status and body, as the browser's supabase-js sees them. */
async function pushStock(user: Pick<User, 'client'>): Promise<{ status: number; body: unknown }> {
  const { data, error } = await user.client.functions.invoke('shopify-inventory', { body: {} });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: await response.json() };
  }
  if (error) throw error;
  return { status: 200, body: data };
}

/** A loopback server no function declares: it counts the connections anything makes to it. */
async function startBystander(): Promise<{ origin: string; connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const server = createServer((_req, res) => res.end('{}'));
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

for (const kind of stackKinds().filter((k) => k !== 'supabase')) {
  describe(`shopify-inventory [${kind}]`, () => {
    let shopify: FakeShopify;
    let stack: TestStack;
    let owner: User;
    let other: User;
    let bystander: Awaited<ReturnType<typeof startBystander>>;

    beforeAll(async () => {
      shopify = await startFakeShopify();
      bystander = await startBystander();
      stack = await startTestStack(kind, {
        functions: {
          env: { SHOPIFY_API_ORIGIN: shopify.origin, SHOPIFY_TIMEOUT_MS: String(SHOPIFY_TIMEOUT_MS) },
          netHosts: { 'shopify-inventory': [shopify.host] },
        },
      });
      owner = await signIn(stack);
      other = await signIn(stack);
      await rpcOk(owner, 'create_product', { sku: 'HAT-1', product_name: 'Hat', selling_price: 300, stock_on_hand: 5 });
      await rpcOk(owner, 'create_product', { sku: 'CAP-1', product_name: 'Cap', selling_price: 150, stock_on_hand: 3 });
      await rpcOk(owner, 'create_product', {
        sku: 'NOPE-1',
        product_name: 'Not on Shopify',
        selling_price: 10,
        stock_on_hand: 2,
      });
      await rpcOk(other, 'create_product', {
        sku: 'HAT-1',
        product_name: 'Other hat',
        selling_price: 10,
        stock_on_hand: 40,
      });
      shopify.addShop({
        token: OWNER_TOKEN,
        // cap-1 in another case; HAT-10 is a near match Shopify's search also returns.
        variants: {
          'HAT-1': 'gid://shopify/InventoryItem/11',
          'cap-1': 'gid://shopify/InventoryItem/12',
          'HAT-10': 'gid://shopify/InventoryItem/13',
        },
      });
      shopify.addShop({ token: OTHER_TOKEN, variants: { 'HAT-1': 'gid://shopify/InventoryItem/21' } });
      await rpcOk(owner, 'set_shopify_connection', {
        shop_domain: 'owner-shop.myshopify.com',
        access_token: OWNER_TOKEN,
      });
    }, 120_000);

    afterAll(async () => {
      await stack?.close();
      await shopify?.close();
      await bystander?.close();
    });

    const requestsSince = (start: number) => shopify.requests.slice(start);

    it("sets each SKU's quantity through inventorySetQuantities and reports SKUs Shopify lacks", async () => {
      const start = shopify.requests.length;
      const { status, body } = await pushStock(owner);
      expect(status).toBe(200);
      expect(body).toEqual({ updated: 2, not_found_skus: ['NOPE-1'], errors: [] });
      expect(shopify.levels.get('gid://shopify/InventoryItem/11')).toBe(5);
      expect(shopify.levels.get('gid://shopify/InventoryItem/12')).toBe(3);
      expect(shopify.levels.has('gid://shopify/InventoryItem/13')).toBe(false);

      const sent = requestsSince(start);
      expect(sent.map((r) => r.operation)).toEqual(['location', 'variants', 'set']);
      expect(new Set(sent.map((r) => r.path))).toEqual(new Set([API_PATH]));
      expect(new Set(sent.map((r) => r.token))).toEqual(new Set([OWNER_TOKEN]));
      expect(sent[1]!.variables).toEqual({ first: 250, query: 'sku:"CAP-1" OR sku:"HAT-1" OR sku:"NOPE-1"' });
      expect(sent[2]!.variables.input).toMatchObject({
        name: 'available',
        reason: 'correction',
        ignoreCompareQuantity: true,
        quantities: [
          { inventoryItemId: 'gid://shopify/InventoryItem/12', locationId: PRIMARY_LOCATION, quantity: 3 },
          { inventoryItemId: 'gid://shopify/InventoryItem/11', locationId: PRIMARY_LOCATION, quantity: 5 },
        ],
      });
    });

    it('reports the lines Shopify refuses (userErrors) and sets the others in a second call', async () => {
      await rpcOk(owner, 'set_shopify_connection', {
        shop_domain: 'owner-shop.myshopify.com',
        access_token: '',
        location_id: PRIMARY_LOCATION.split('/').pop(),
      });
      shopify.addShop({
        token: OWNER_TOKEN,
        variants: { 'HAT-1': 'gid://shopify/InventoryItem/11', 'cap-1': 'gid://shopify/InventoryItem/12' },
        notStocked: ['gid://shopify/InventoryItem/12'],
      });
      shopify.levels.clear();
      const start = shopify.requests.length;

      const { status, body } = await pushStock(owner);
      expect(status).toBe(200);
      expect(body).toEqual({
        updated: 1,
        not_found_skus: ['NOPE-1'],
        errors: [{ skus: ['CAP-1'], message: 'The specified inventory item is not stocked at the location.' }],
      });
      // The location saved is used: no location query. The refused call applied nothing; the retry set the hat.
      expect(requestsSince(start).map((r) => r.operation)).toEqual(['variants', 'set', 'set']);
      expect([...shopify.levels.keys()]).toEqual(['gid://shopify/InventoryItem/11']);
      shopify.addShop({
        token: OWNER_TOKEN,
        variants: { 'HAT-1': 'gid://shopify/InventoryItem/11', 'cap-1': 'gid://shopify/InventoryItem/12' },
      });
    });

    it('waits out a 429 and a THROTTLED answer, then succeeds', async () => {
      shopify.disturb(OWNER_TOKEN, { kind: 'http429', retryAfterSeconds: 1 }, { kind: 'throttled' });
      shopify.levels.clear();
      const start = shopify.requests.length;
      const { status, body } = await pushStock(owner);
      expect(status).toBe(200);
      expect(body).toEqual({ updated: 2, not_found_skus: ['NOPE-1'], errors: [] });
      // The search was sent three times (429, THROTTLED, answered), the update once.
      expect(requestsSince(start).map((r) => r.operation)).toEqual(['variants', 'variants', 'variants', 'set']);
      expect(shopify.levels.size).toBe(2);
    });

    it("reports a redirect as Shopify's answer for its SKUs and follows it nowhere: the token stays with Shopify", async () => {
      shopify.disturb(OWNER_TOKEN, { kind: 'redirect', status: 307, location: `${bystander.origin}${API_PATH}` });
      const start = shopify.requests.length;
      expect(await pushStock(owner)).toEqual({
        status: 200,
        body: {
          updated: 0,
          not_found_skus: [],
          errors: [{ skus: ['CAP-1', 'HAT-1', 'NOPE-1'], message: 'Shopify answered 307 (a redirect, not followed).' }],
        },
      });
      expect(requestsSince(start).map((r) => r.operation)).toEqual(['variants']);
      expect(bystander.connections()).toBe(0);
    });

    it('gives up on a request slower than the timeout, retries it, and reports a request that never answers', async () => {
      shopify.disturb(OWNER_TOKEN, { kind: 'slow', ms: SHOPIFY_TIMEOUT_MS * 3 });
      const start = shopify.requests.length;
      const retried = await pushStock(owner);
      expect(retried).toEqual({ status: 200, body: { updated: 2, not_found_skus: ['NOPE-1'], errors: [] } });
      expect(requestsSince(start).map((r) => r.operation)).toEqual(['variants', 'variants', 'set']);

      // Four tries of the search, each given up after the timeout: the push stops and says why.
      const slow = { kind: 'slow', ms: SHOPIFY_TIMEOUT_MS * 3 } as const;
      shopify.disturb(OWNER_TOKEN, slow, slow, slow, slow);
      const started = performance.now();
      const gaveUp = await pushStock(owner);
      expect(gaveUp).toEqual({
        status: 200,
        body: {
          updated: 0,
          not_found_skus: [],
          errors: [{ skus: ['CAP-1', 'HAT-1', 'NOPE-1'], message: 'Shopify did not answer within 1 s.' }],
        },
      });
      // 4 timeouts and 0.5 + 1 + 2 s between them: bounded, well within the function's 30 s.
      expect(performance.now() - started).toBeLessThan(15_000);
    }, 30_000);

    it("pushes another user's stock with that user's token only, and never the first user's", async () => {
      expect((await pushStock(other)).status).toBe(409);
      await rpcOk(other, 'set_shopify_connection', {
        shop_domain: 'other-shop.myshopify.com',
        access_token: OTHER_TOKEN,
      });
      const ownerLevels = new Map(shopify.levels);
      const start = shopify.requests.length;
      const { status, body } = await pushStock(other);
      expect([status, body]).toEqual([200, { updated: 1, not_found_skus: [], errors: [] }]);
      expect(new Set(requestsSince(start).map((r) => r.token))).toEqual(new Set([OTHER_TOKEN]));
      expect(shopify.levels.get('gid://shopify/InventoryItem/21')).toBe(40);
      for (const [item, quantity] of ownerLevels) expect(shopify.levels.get(item)).toBe(quantity);
    });

    it('answers a user who has not connected a shop with 409 and calls no Shopify', async () => {
      const stranger = await signIn(stack);
      const start = shopify.requests.length;
      expect(await pushStock(stranger)).toEqual({ status: 409, body: { message: 'Connect your Shopify shop first.' } });
      expect(requestsSince(start)).toEqual([]);
    });

    it('refuses anon (the anon key is a valid JWT, but of nobody) and a request without a JWT', async () => {
      const start = shopify.requests.length;
      expect(await pushStock({ client: stack.newClient() })).toEqual({
        status: 401,
        body: { message: 'Sign in to push stock to Shopify.' },
      });
      const bare = await fetch(`${stack.url}/functions/v1/shopify-inventory`, { method: 'POST', body: '{}' });
      expect(bare.status).toBe(401);
      expect(requestsSince(start)).toEqual([]);
    });

    it('never lets a client read a token: not the owner, not another user, not anon', async () => {
      const own = await owner.client.from('shopify_connections').select('access_token');
      expect(own.error?.message).toBe('permission denied for table shopify_connections');
      const all = await owner.client.from('shopify_connections').select('*');
      expect(all.error?.message).toBe('permission denied for table shopify_connections');
      const visible = await owner.client.from('shopify_connections').select('shop_domain, token_last4');
      expect(visible.data).toEqual([{ shop_domain: 'owner-shop.myshopify.com', token_last4: 'aaaa' }]);
      const status = await rpcOk<{ shop_domain: string; token_last4: string }[]>(owner, 'shopify_connection_status');
      expect(status.map(({ shop_domain, token_last4 }) => ({ shop_domain, token_last4 }))).toEqual([
        { shop_domain: 'owner-shop.myshopify.com', token_last4: 'aaaa' },
      ]);
      expect(JSON.stringify(status)).not.toContain(OWNER_TOKEN);

      const plan = await rpc(other, 'shopify_push_plan', { for_user: owner.id });
      expect(plan.error?.message).toBe('permission denied for function shopify_push_plan');
      const anon = stack.newClient();
      expect((await anon.from('shopify_connections').select('shop_domain')).error?.message).toBe(
        'permission denied for table shopify_connections',
      );
      expect((await anon.rpc('shopify_push_plan', { for_user: owner.id })).error?.message).toBe(
        'permission denied for function shopify_push_plan',
      );
    });
  });
}

for (const kind of stackKinds().filter((k) => k === 'postgres')) {
  describe(`shopify-inventory reaches only its declared hosts [${kind}]`, () => {
    let shopify: FakeShopify;
    let bystander: Awaited<ReturnType<typeof startBystander>>;
    let stack: TestStack;

    beforeAll(async () => {
      shopify = await startFakeShopify();
      bystander = await startBystander();
      // Shopify's port is the declared host; the function is pointed at another loopback port.
      stack = await startTestStack(kind, {
        functions: {
          env: { SHOPIFY_API_ORIGIN: bystander.origin },
          netHosts: { 'shopify-inventory': [shopify.host] },
        },
      });
    }, 120_000);

    afterAll(async () => {
      await stack?.close();
      await shopify?.close();
      await bystander?.close();
    });

    it('cannot connect to a loopback port it does not declare: the push says Shopify could not be reached', async () => {
      const owner = await signIn(stack);
      await rpcOk(owner, 'create_product', { sku: 'HAT-1', product_name: 'Hat', selling_price: 300, stock_on_hand: 5 });
      await rpcOk(owner, 'set_shopify_connection', {
        shop_domain: 'owner-shop.myshopify.com',
        access_token: OWNER_TOKEN,
        location_id: PRIMARY_LOCATION.split('/').pop(),
      });
      expect(await pushStock(owner)).toEqual({
        status: 200,
        body: {
          updated: 0,
          not_found_skus: [],
          errors: [{ skus: ['HAT-1'], message: 'Shopify could not be reached.' }],
        },
      });
      expect(bystander.connections()).toBe(0);
      expect(shopify.requests).toEqual([]);
    }, 30_000);
  });
}

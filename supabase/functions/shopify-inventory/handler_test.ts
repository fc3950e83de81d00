import { deepEqual, equal, ok } from 'node:assert/strict';
import { createHandler, MAX_BODY_BYTES } from './handler.ts';
import { MAX_SKUS } from './push.ts';
import { throttleWaitMs } from './shopify.ts';

const USER = '00000000-0000-4000-8000-000000000001';
const TOKEN = 'shpat_0123456789abcdef0123456789abcd';

interface Call {
  url: string;
  headers: Headers;
  redirect: RequestRedirect | undefined;
  body: { query?: string; variables?: Record<string, unknown>; for_user?: string } | null;
}

/**
 * The stack and Shopify behind one fetch: /auth/v1/user knows `Bearer user-jwt`, the plan holds
 * `quantities`, and Shopify answers each request with the next of `shopify` (then a default).
 */
function world(quantities: { sku: string; quantity: number }[], shopify: ((call: Call) => Response)[] = []) {
  const calls: Call[] = [];
  const slept: number[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      headers: new Headers(init?.headers),
      redirect: init?.redirect,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    };
    calls.push(call);
    if (call.url.endsWith('/auth/v1/user')) {
      return call.headers.get('authorization') === 'Bearer user-jwt'
        ? Response.json({ id: USER, aud: 'authenticated' })
        : Response.json({ code: 'bad_jwt' }, { status: 403 });
    }
    if (call.url.endsWith('/rest/v1/rpc/shopify_push_plan')) {
      return Response.json({
        shop_domain: 'my-shop.myshopify.com',
        access_token: TOKEN,
        location_id: 'gid://shopify/Location/7',
        quantities,
      });
    }
    const next = shopify.shift();
    if (next) return next(call);
    if (call.body?.query?.includes('productVariants')) {
      return Response.json({ data: { productVariants: { nodes: [], pageInfo: { hasNextPage: false } } } });
    }
    return Response.json({ data: { inventorySetQuantities: { userErrors: [] } } });
  }) as typeof globalThis.fetch;
  const handle = createHandler({
    supabaseUrl: 'http://stack.test',
    anonKey: 'anon-key',
    serviceRoleKey: 'service-key',
    fetch,
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  const shopifyCalls = () => calls.filter((call) => call.url.includes('myshopify.com'));
  return { calls, slept, shopifyCalls, handle };
}

const push = (headers: Record<string, string> = { authorization: 'Bearer user-jwt' }, init: RequestInit = {}) =>
  new Request('http://functions.test/shopify-inventory', { method: 'POST', body: '{}', headers, ...init });

const variants =
  (...nodes: [string, string][]) =>
  () =>
    Response.json({
      data: {
        productVariants: {
          nodes: nodes.map(([sku, id]) => ({ sku, inventoryItem: { id } })),
          pageInfo: { hasNextPage: false },
        },
      },
    });

Deno.test('the preflight gets CORS headers; only POST is taken; a large body is refused unread', async () => {
  const w = world([]);
  const preflight = await w.handle(new Request('http://functions.test/shopify-inventory', { method: 'OPTIONS' }));
  equal(preflight.status, 204);
  equal(preflight.headers.get('access-control-allow-headers'), 'authorization, x-client-info, apikey, content-type');
  equal((await w.handle(new Request('http://functions.test/shopify-inventory'))).status, 405);
  const large = await w.handle(
    push(
      { authorization: 'Bearer user-jwt', 'content-length': String(MAX_BODY_BYTES + 1) },
      { body: 'x'.repeat(MAX_BODY_BYTES + 1) },
    ),
  );
  equal(large.status, 413);
  deepEqual(w.calls, []);
});

Deno.test(
  'a caller the Auth server does not know (anon key, forged JWT, none) gets 401 and no plan is read',
  async () => {
    const w = world([{ sku: 'HAT-1', quantity: 1 }]);
    equal((await w.handle(push({ authorization: 'Bearer anon-key' }))).status, 401);
    equal((await w.handle(push({}))).status, 401);
    ok(w.calls.every((call) => call.url.endsWith('/auth/v1/user')));
  },
);

Deno.test('the plan is read for the user the Auth server names, with the service_role key', async () => {
  const w = world([]);
  deepEqual(await (await w.handle(push())).json(), { updated: 0, not_found_skus: [], errors: [] });
  const plan = w.calls.find((call) => call.url.endsWith('/rpc/shopify_push_plan'))!;
  deepEqual(plan.body, { for_user: USER });
  equal(plan.headers.get('authorization'), 'Bearer service-key');
  deepEqual(w.shopifyCalls(), []);
});

Deno.test(
  "requests go to the shop's own Admin API, version 2025-07, with the token header; SKUs are quoted",
  async () => {
    const w = world([{ sku: 'A"B\\C', quantity: 2 }], [variants(['A"B\\C', 'gid://shopify/InventoryItem/1'])]);
    deepEqual(await (await w.handle(push())).json(), { updated: 1, not_found_skus: [], errors: [] });
    const [lookup, set] = w.shopifyCalls();
    equal(lookup!.url, 'https://my-shop.myshopify.com/admin/api/2025-07/graphql.json');
    equal(lookup!.headers.get('x-shopify-access-token'), TOKEN);
    equal(lookup!.body?.variables?.query, 'sku:"A\\"B\\\\C"');
    deepEqual((set!.body?.variables?.input as { quantities: unknown }).quantities, [
      { inventoryItemId: 'gid://shopify/InventoryItem/1', locationId: 'gid://shopify/Location/7', quantity: 2 },
    ]);
  },
);

Deno.test(
  'more than 1000 SKUs: the first 1000 are pushed, in batches of 50 searches and 100 updates; the rest reported',
  async () => {
    const skus = Array.from({ length: MAX_SKUS + 1 }, (_, i) => `SKU-${String(i).padStart(4, '0')}`);
    const w = world(
      skus.map((sku) => ({ sku, quantity: 1 })),
      Array.from({ length: 20 }, (_, batch) =>
        variants(
          ...skus
            .slice(batch * 50, batch * 50 + 50)
            .map((sku, i) => [sku, `gid://shopify/InventoryItem/${batch * 50 + i}`] as [string, string]),
        ),
      ),
    );
    const summary = await (await w.handle(push())).json();
    equal(summary.updated, MAX_SKUS);
    deepEqual(summary.errors, [
      { skus: ['SKU-1000'], message: 'Only 1000 SKUs are pushed at a time: these were not pushed.' },
    ]);
    const calls = w.shopifyCalls();
    equal(calls.filter((call) => call.body?.query?.includes('productVariants')).length, 20);
    const sets = calls.filter((call) => call.body?.query?.includes('inventorySetQuantities'));
    deepEqual(
      sets.map((call) => (call.body?.variables?.input as { quantities: unknown[] }).quantities.length),
      Array(10).fill(100),
    );
  },
);

Deno.test(
  "a redirect is Shopify's answer for the SKUs it concerns: not followed, the token sent nowhere else",
  async () => {
    const moved = () =>
      new Response(null, { status: 301, headers: { location: 'https://collector.example/admin/api/graphql.json' } });
    const w = world([{ sku: 'HAT-1', quantity: 1 }], [moved]);
    deepEqual(await (await w.handle(push())).json(), {
      updated: 0,
      not_found_skus: [],
      errors: [{ skus: ['HAT-1'], message: 'Shopify answered 301 (a redirect, not followed).' }],
    });
    const shopify = w.shopifyCalls();
    equal(shopify.length, 1);
    equal(shopify[0]!.redirect, 'manual');
    ok(w.calls.every((call) => !call.url.includes('collector.example')));
  },
);

Deno.test('Shopify refusing the token stops the push at once, with the reason', async () => {
  const w = world(
    [{ sku: 'HAT-1', quantity: 1 }],
    [() => new Response('{"errors":"[API] Invalid API key or access token"}', { status: 401 })],
  );
  const summary = await (await w.handle(push())).json();
  equal(summary.updated, 0);
  equal(summary.errors.length, 1);
  ok(summary.errors[0].message.startsWith('Shopify refused the access token (401)'));
  equal(w.shopifyCalls().length, 1);
});

Deno.test(
  '429 waits Retry-After; THROTTLED waits what the cost extension says; 5xx backs off; then gives up',
  async () => {
    const throttled = () =>
      Response.json({
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
        extensions: {
          cost: {
            requestedQueryCost: 252,
            actualQueryCost: null,
            throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2, restoreRate: 100 },
          },
        },
      });
    const w = world(
      [{ sku: 'HAT-1', quantity: 1 }],
      [
        () => new Response('', { status: 429, headers: { 'retry-after': '2' } }),
        throttled,
        () => new Response('', { status: 503 }),
        () => new Response('', { status: 502 }),
      ],
    );
    const summary = await (await w.handle(push())).json();
    deepEqual(summary, {
      updated: 0,
      not_found_skus: [],
      errors: [{ skus: ['HAT-1'], message: 'Shopify answered 502.' }],
    });
    deepEqual(w.slept, [2000, 2500, 2000]);
    equal(w.shopifyCalls().length, 4);
    equal(throttleWaitMs({}), 1000);
  },
);

Deno.test(
  'two products whose SKUs differ in case are one Shopify variant: the first is pushed, the second reported',
  async () => {
    const w = world(
      [
        { sku: 'HAT-1', quantity: 3 },
        { sku: 'hat-1', quantity: 9 },
      ],
      [variants(['Hat-1', 'gid://shopify/InventoryItem/1'])],
    );
    const summary = await (await w.handle(push())).json();
    deepEqual(summary, {
      updated: 1,
      not_found_skus: [],
      errors: [{ skus: ['hat-1'], message: 'Shopify has one variant for HAT-1 and hat-1: only HAT-1 was pushed.' }],
    });
  },
);

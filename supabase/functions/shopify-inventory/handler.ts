/**
 * POST /shopify-inventory from the owner's browser (supabase-js functions.invoke, with their
 * session): sets their Shopify shop's inventory to what FactoryFlow can sell, and answers
 * {updated, not_found_skus, errors}. The caller is who the Auth server says their JWT belongs to;
 * only that user's shop and token are read (with the service_role key), so no caller can push with,
 * or learn anything of, another user's token.
 */
import { push, type PushPlan } from './push.ts';
import { createShopify } from './shopify.ts';

export interface HandlerOptions {
  /** The project's URL (SUPABASE_URL), anon key (for the Auth check) and service_role key (for the plan). */
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The Shopify API's origin instead of https://<shop domain> (tests only: SHOPIFY_API_ORIGIN). */
  shopifyOrigin?: string;
  /** One Shopify request's timeout. Default 10 s. */
  shopifyTimeoutMs?: number;
  /** The whole push's. Default 25 s, within the 30 s a function may take on the local stack. */
  pushTimeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** The browser sends `{}`; anything larger than this is not a push request. */
export const MAX_BODY_BYTES = 4096;
const DATABASE_TIMEOUT_MS = 10_000;

/** As Supabase's guide for functions called from a browser: the hosted gateway leaves CORS to them. */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json', ...CORS_HEADERS, ...headers },
  });

export function createHandler(options: HandlerOptions): (req: Request) => Promise<Response> {
  const fetchFn = options.fetch ?? fetch;
  const base = options.supabaseUrl.replace(/\/+$/, '');

  /** The signed-in user's id, as the Auth server reads their JWT; null for anon or a bad token. */
  async function callerId(authorization: string): Promise<string | null> {
    const response = await fetchFn(`${base}/auth/v1/user`, {
      headers: { apikey: options.anonKey, authorization },
      signal: AbortSignal.timeout(DATABASE_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const user = (await response.json().catch(() => null)) as { id?: unknown } | null;
    return typeof user?.id === 'string' ? user.id : null;
  }

  async function pushPlan(userId: string): Promise<PushPlan | null> {
    const response = await fetchFn(`${base}/rest/v1/rpc/shopify_push_plan`, {
      method: 'POST',
      headers: {
        apikey: options.serviceRoleKey,
        authorization: `Bearer ${options.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ for_user: userId }),
      signal: AbortSignal.timeout(DATABASE_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`shopify_push_plan answered ${response.status}`);
    return (await response.json()) as PushPlan | null;
  }

  return async function handle(req: Request): Promise<Response> {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
    if (req.method !== 'POST') return json(405, { message: 'Only POST is accepted.' }, { allow: 'POST, OPTIONS' });
    if (Number(req.headers.get('content-length')) > MAX_BODY_BYTES) {
      return json(413, { message: `The body is larger than ${MAX_BODY_BYTES} bytes.` });
    }
    await req.body?.cancel();

    const authorization = req.headers.get('authorization');
    let userId: string | null = null;
    let plan: PushPlan | null;
    try {
      if (authorization) userId = await callerId(authorization);
      if (!userId) return json(401, { message: 'Sign in to push stock to Shopify.' });
      plan = await pushPlan(userId);
    } catch {
      return json(502, { message: 'The database could not be reached.' });
    }
    if (!plan) return json(409, { message: 'Connect your Shopify shop first.' });

    const shopify = createShopify({
      shopDomain: plan.shop_domain,
      accessToken: plan.access_token,
      origin: options.shopifyOrigin,
      fetch: fetchFn,
      timeoutMs: options.shopifyTimeoutMs ?? 10_000,
      deadline: performance.now() + (options.pushTimeoutMs ?? 25_000),
      sleep: options.sleep,
    });
    // Shows in the shop's inventory history which app set the quantity, and when.
    const reference = `gid://factoryflow/StockPush/${Date.now()}`;
    return json(200, await push(plan, shopify, reference));
  };
}

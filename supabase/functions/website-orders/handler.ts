/**
 * The webhook endpoint: POST /website-orders/<endpoint token> (or ?token=<endpoint token>) from
 * the owner's Shopify or WooCommerce shop. Only a request signed with that webhook's secret
 * reaches the database; everything else is answered before anything is written.
 */
import { detectShop, isNewOrderTopic, isWooCommercePing, linesToRecord, parseOrder, SIGNATURE_HEADERS } from './orders.ts';
import { verifySignature } from './signature.ts';

export interface HandlerOptions {
  /** The project's URL (SUPABASE_URL) and service_role key, for the two RPCs. */
  supabaseUrl: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}

/** Shop order webhooks are a few kilobytes; a larger body is refused unread. */
export const MAX_BODY_BYTES = 1024 * 1024;
const TOKEN = /^[0-9a-f]{32}$/;
const DATABASE_TIMEOUT_MS = 15_000;

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

export function createHandler(options: HandlerOptions): (req: Request) => Promise<Response> {
  const fetchFn = options.fetch ?? fetch;

  async function rpc(name: string, args: Record<string, unknown>): Promise<Response> {
    return await fetchFn(`${options.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: options.serviceRoleKey,
        authorization: `Bearer ${options.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(DATABASE_TIMEOUT_MS),
    });
  }

  return async function handle(req: Request): Promise<Response> {
    if (req.method !== 'POST') {
      return new Response(JSON.stringify({ message: 'Only POST is accepted.' }), {
        status: 405,
        headers: { 'content-type': 'application/json', allow: 'POST' },
      });
    }
    const token = endpointToken(new URL(req.url));
    if (!token) return json(404, { message: 'Unknown webhook.' });

    const body = await readBody(req);
    if (!body) return json(413, { message: `The body is larger than ${MAX_BODY_BYTES} bytes.` });
    const text = new TextDecoder().decode(body);

    const shop = detectShop(req.headers);
    const ping = !shop && isWooCommercePing(text);
    if (!shop && !ping) return json(401, { message: 'The request is not signed.' });

    // The webhook's secret, or null for a token no webhook has: that is 404, a ping included.
    const secretResponse = await rpc('website_webhook_secret', { endpoint_token: token });
    if (!secretResponse.ok) return json(502, { message: 'The database could not be reached.' });
    const secret: unknown = await secretResponse.json();
    if (typeof secret !== 'string') return json(404, { message: 'Unknown webhook.' });
    // WooCommerce checks a new webhook with an unsigned ping and disables it unless it gets a 2xx.
    if (!shop) return json(200, { message: 'Ping received.' });
    if (!(await verifySignature(body, secret, req.headers.get(SIGNATURE_HEADERS[shop])))) {
      return json(401, { message: 'The signature does not match this webhook\'s secret.' });
    }

    if (!isNewOrderTopic(shop, req.headers)) return json(200, { message: 'Not a new order: ignored.' });
    const parsed = parseOrder(shop, text);
    if (!parsed.ok) return json(400, { message: parsed.message });

    const received = await rpc('receive_website_order', {
      endpoint_token: token,
      shop_order_id: parsed.order.shopOrderId,
      ordered_at: parsed.order.orderedAt,
      // Each line checked on its own before the database adds up lines of one SKU.
      lines: linesToRecord(parsed.order.lines),
      buyer_state: parsed.order.buyerState,
      shipping: parsed.order.shipping,
    });
    const result: unknown = await received.json().catch(() => null);
    if (received.status === 400) return json(400, { message: (result as { message?: string } | null)?.message });
    if (!received.ok) return json(502, { message: 'The order could not be recorded.' });
    // 200 even with refused lines: they are recorded for the owner, and a retry would change nothing.
    return json(200, result);
  };
}

/** The token from /website-orders/<token> (any prefix: the hosted and local paths differ) or ?token=. */
function endpointToken(url: URL): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  const at = segments.lastIndexOf('website-orders');
  const candidate = (at >= 0 ? segments[at + 1] : undefined) ?? url.searchParams.get('token');
  return candidate && TOKEN.test(candidate) ? candidate : null;
}

/** The raw body, or null when it is over MAX_BODY_BYTES (stopped reading there). */
async function readBody(req: Request): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(req.headers.get('content-length'));
  if (declared > MAX_BODY_BYTES) return null;
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

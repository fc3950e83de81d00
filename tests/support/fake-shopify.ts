/**
 * A local HTTP server playing the Shopify Admin GraphQL API (version 2025-07) as its reference
 * documents it, for the three calls the shopify-inventory function makes: `location` (the primary
 * location), `productVariants(query: "sku:…")` and `inventorySetQuantities`. Shops are told apart
 * by their access token. Not a GraphQL server: it recognises the function's operations by name.
 *
 * Documented behaviour played: an unknown token gets 401 (`{"errors":"[API] Invalid API key or
 * access token …"}`); every answer carries `extensions.cost`; a throttled query gets 200 with
 * `errors: [{message: "Throttled", extensions: {code: "THROTTLED"}}]` and `actualQueryCost: null`;
 * `inventorySetQuantities` refuses with `userErrors {code field message}` (field
 * `["input", "quantities", "<index>", …]`) and then applies nothing; its compare check must be
 * skipped with `ignoreCompareQuantity: true` (COMPARE_QUANTITY_REQUIRED otherwise).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const API_PATH = '/admin/api/2025-07/graphql.json';
export const PRIMARY_LOCATION = 'gid://shopify/Location/1';

export interface FakeShop {
  token: string;
  /** SKU as the merchant typed it -> inventory item id. */
  variants: Record<string, string>;
  /** Items Shopify does not stock at the primary location (inventorySetQuantities refuses them). */
  notStocked?: string[];
}

export interface RecordedRequest {
  token: string | undefined;
  path: string;
  operation: 'location' | 'variants' | 'set' | 'unknown';
  variables: Record<string, unknown>;
}

/** How the next requests are answered before the normal answer: one entry per request. */
export type Disturbance =
  | { kind: 'http429'; retryAfterSeconds: number }
  | { kind: 'throttled' }
  | { kind: 'slow'; ms: number }
  | { kind: 'redirect'; status: 301 | 302 | 307 | 308; location: string };

export interface FakeShopify {
  origin: string;
  host: string;
  requests: RecordedRequest[];
  /** Available quantity per inventory item, as set by inventorySetQuantities. */
  levels: Map<string, number>;
  addShop(shop: FakeShop): void;
  /** Queues disturbances for the next requests of the shop with this token. */
  disturb(token: string, ...disturbances: Disturbance[]): void;
  close(): Promise<void>;
}

const cost = (requested: number, actual: number | null, available = 2000) => ({
  cost: {
    requestedQueryCost: requested,
    actualQueryCost: actual,
    throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate: 100 },
  },
});

async function readJson(req: IncomingMessage): Promise<{ query?: string; variables?: Record<string, unknown> }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/** The SKUs of a `sku:"A" OR sku:"B"` search, unescaped. */
function searchedSkus(search: string): string[] {
  return [...search.matchAll(/sku:"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!.replace(/\\(.)/g, '$1'));
}

export async function startFakeShopify(): Promise<FakeShopify> {
  const shops = new Map<string, FakeShop>();
  const disturbances = new Map<string, Disturbance[]>();
  const requests: RecordedRequest[] = [];
  const levels = new Map<string, number>();
  const pending = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readJson(req);
      const token = req.headers['x-shopify-access-token'] as string | undefined;
      const query = body.query ?? '';
      const operation = /inventorySetQuantities/.test(query)
        ? 'set'
        : /productVariants/.test(query)
          ? 'variants'
          : /\blocation\s*\{/.test(query)
            ? 'location'
            : 'unknown';
      requests.push({ token, path: req.url ?? '', operation, variables: body.variables ?? {} });
      const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(value));
      };

      const shop = token ? shops.get(token) : undefined;
      if (req.method !== 'POST' || req.url !== API_PATH) return send(404, { errors: 'Not Found' });
      if (!shop)
        return send(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });

      const disturbance = disturbances.get(shop.token)?.shift();
      if (disturbance?.kind === 'http429') {
        return send(
          429,
          {
            errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
          },
          {
            'retry-after': String(disturbance.retryAfterSeconds),
          },
        );
      }
      if (disturbance?.kind === 'throttled') {
        // 112 wanted, 102 left, 100 a second back: Shopify's numbers say wait 0.1 s.
        return send(200, {
          errors: [
            {
              message: 'Throttled',
              extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
            },
          ],
          extensions: cost(112, null, 102),
        });
      }
      if (disturbance?.kind === 'redirect') {
        if (res.destroyed) return;
        res.writeHead(disturbance.status, { location: disturbance.location });
        return res.end();
      }
      if (disturbance?.kind === 'slow') {
        // Answers (normally) after the client has given up; the function must not wait for it.
        const timer = setTimeout(() => {
          pending.delete(timer);
          send(200, { data: { location: { id: PRIMARY_LOCATION } }, extensions: cost(1, 1) });
        }, disturbance.ms);
        pending.add(timer);
        return;
      }

      if (operation === 'location')
        return send(200, { data: { location: { id: PRIMARY_LOCATION } }, extensions: cost(2, 2) });
      if (operation === 'variants') {
        const wanted = searchedSkus(String(body.variables?.query ?? '')).map((sku) => sku.toLowerCase());
        // Shopify's search is by token and prefix: it answers near matches too (HAT-1 finds HAT-10).
        const nodes = Object.entries(shop.variants)
          .filter(([sku]) => wanted.some((w) => sku.toLowerCase().startsWith(w)))
          .map(([sku, item]) => ({ sku, inventoryItem: { id: item } }));
        return send(200, {
          data: { productVariants: { nodes, pageInfo: { hasNextPage: false } } },
          extensions: cost(252, 2 + nodes.length),
        });
      }
      if (operation === 'set') {
        const input = body.variables?.input as {
          name?: string;
          reason?: string;
          ignoreCompareQuantity?: boolean;
          quantities?: { inventoryItemId: string; locationId: string; quantity: number }[];
        };
        const quantities = input?.quantities ?? [];
        const userErrors: { code: string; field: string[]; message: string }[] = [];
        if (input?.name !== 'available' && input?.name !== 'on_hand') {
          userErrors.push({
            code: 'INVALID_NAME',
            field: ['input', 'name'],
            message: "The quantity name must be either 'available' or 'on_hand'.",
          });
        }
        if (input?.reason !== 'correction') {
          userErrors.push({
            code: 'INVALID_REASON',
            field: ['input', 'reason'],
            message: 'The specified reason is invalid.',
          });
        }
        const known = new Set(Object.values(shop.variants));
        quantities.forEach((line, index) => {
          const field = ['input', 'quantities', String(index)];
          if (!input.ignoreCompareQuantity) {
            userErrors.push({
              code: 'COMPARE_QUANTITY_REQUIRED',
              field: [...field, 'compareQuantity'],
              message:
                'The compareQuantity argument must be given to each quantity or ignored using ignoreCompareQuantity.',
            });
          } else if (!known.has(line.inventoryItemId)) {
            userErrors.push({
              code: 'INVALID_INVENTORY_ITEM',
              field: [...field, 'inventoryItemId'],
              message: 'The specified inventory item could not be found.',
            });
          } else if (line.locationId !== PRIMARY_LOCATION) {
            userErrors.push({
              code: 'INVALID_LOCATION',
              field: [...field, 'locationId'],
              message: 'The specified location could not be found.',
            });
          } else if (shop.notStocked?.includes(line.inventoryItemId)) {
            userErrors.push({
              code: 'ITEM_NOT_STOCKED_AT_LOCATION',
              field: [...field, 'locationId'],
              message: 'The specified inventory item is not stocked at the location.',
            });
          } else if (!Number.isInteger(line.quantity) || line.quantity < 0) {
            userErrors.push({
              code: 'INVALID_QUANTITY_NEGATIVE',
              field: [...field, 'quantity'],
              message: "The quantity can't be negative.",
            });
          }
        });
        // A call with user errors changes nothing.
        if (userErrors.length === 0) for (const line of quantities) levels.set(line.inventoryItemId, line.quantity);
        return send(200, {
          data: {
            inventorySetQuantities: {
              inventoryAdjustmentGroup: userErrors.length ? null : { id: 'gid://shopify/InventoryAdjustmentGroup/1' },
              userErrors,
            },
          },
          extensions: cost(10, 10),
        });
      }
      send(200, { errors: [{ message: 'Unknown operation', extensions: { code: 'undefinedField' } }] });
    })().catch(() => res.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    levels,
    addShop: (shop) => shops.set(shop.token, shop),
    disturb: (token, ...more) => disturbances.set(token, [...(disturbances.get(token) ?? []), ...more]),
    close: async () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

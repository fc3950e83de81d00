/**
 * The Shopify Admin GraphQL API, as far as the stock push needs it: find variants by SKU, find the
 * primary location, set "available" quantities. Every request is bounded (a timeout per request,
 * a deadline for the whole push, a few retries) and throttling is waited out, not fought.
 * Followed: Admin GraphQL API version 2025-07 (shopify.dev/docs/api/admin-graphql/2025-07).
 */

export const API_VERSION = '2025-07';
/** SKUs per productVariants search: the query string stays short and one page holds the answer. */
export const LOOKUP_BATCH = 50;
/** Variants asked for per search: a SKU may match a few variants (exact matches are kept). */
const LOOKUP_PAGE = 250;
/** Quantities per inventorySetQuantities call. */
export const SET_BATCH = 100;
/** Tries per request: the first and three retries (429, THROTTLED, 5xx, timeouts). */
const MAX_ATTEMPTS = 4;
const MAX_WAIT_MS = 10_000;
/** A Shopify answer larger than this is not read (a page of 250 variants is about 40 KB). */
const MAX_RESPONSE_CHARS = 2_000_000;

export interface ShopifyOptions {
  shopDomain: string;
  accessToken: string;
  /** Where the API is: https://<shop domain> unless given (tests point it at a local server). */
  origin?: string;
  fetch?: typeof fetch;
  /** One request's timeout. */
  timeoutMs: number;
  /** performance.now() after which no request starts. */
  deadline: number;
  sleep?: (ms: number) => Promise<void>;
}

/** A refusal for the whole push (a bad token, no such shop) or for one request (after retries). */
export class ShopifyError extends Error {
  constructor(
    message: string,
    /** The push cannot go on: every later request would fail the same way. */
    readonly fatal = false,
  ) {
    super(message);
  }
}

interface GraphqlAnswer<T> {
  data?: T;
  errors?: { message?: string; extensions?: { code?: string } }[];
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      throttleStatus?: { currentlyAvailable?: number; restoreRate?: number };
    };
  };
}

export interface InventoryQuantity {
  inventoryItemId: string;
  locationId: string;
  quantity: number;
}

export interface UserError {
  code?: string | null;
  field?: string[] | null;
  message: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createShopify(options: ShopifyOptions) {
  const fetchFn = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const endpoint = `${(options.origin ?? `https://${options.shopDomain}`).replace(/\/+$/, '')}/admin/api/${API_VERSION}/graphql.json`;

  /** Waits ms, or fails when that would pass the deadline. */
  async function wait(ms: number, why: string): Promise<void> {
    const bounded = Math.min(Math.max(ms, 0), MAX_WAIT_MS);
    if (performance.now() + bounded >= options.deadline) throw new ShopifyError(`${why}; the push ran out of time.`);
    await sleep(bounded);
  }

  async function graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    let problem = 'Shopify could not be reached.';
    let delayMs = 0;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      if (attempt > 0) await wait(delayMs, problem);
      const remaining = options.deadline - performance.now();
      if (remaining <= 0) throw new ShopifyError(`${problem} The push ran out of time.`);
      // Unless Shopify says how long to wait: 0.5, 1, 2 s.
      delayMs = 500 * 2 ** attempt;
      let response: Response;
      try {
        response = await fetchFn(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-shopify-access-token': options.accessToken,
          },
          body: JSON.stringify({ query, variables }),
          // A redirect is Shopify's answer, never followed: following it would send the access
          // token to wherever the Location header points.
          redirect: 'manual',
          signal: AbortSignal.timeout(Math.min(options.timeoutMs, remaining)),
        });
      } catch (error) {
        // A timed-out request may still have been applied: every call here is a read, or sets
        // absolute quantities, so sending it again is safe.
        const timedOut =
          error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
        problem = timedOut
          ? `Shopify did not answer within ${options.timeoutMs / 1000} s.`
          : 'Shopify could not be reached.';
        continue;
      }

      if (response.status === 429) {
        await response.body?.cancel();
        problem = 'Shopify is throttling requests (429).';
        const retryAfter = Number(response.headers.get('retry-after'));
        if (Number.isFinite(retryAfter) && retryAfter > 0) delayMs = retryAfter * 1000;
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new ShopifyError(
          `Shopify refused the access token (${response.status}): check it, and that the app has the read_products, read_inventory and write_inventory scopes.`,
          true,
        );
      }
      if (response.status === 404) {
        await response.body?.cancel();
        throw new ShopifyError(`Shopify has no shop at ${options.shopDomain} (404).`, true);
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        problem = `Shopify answered ${response.status}.`;
        continue;
      }
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        throw new ShopifyError(`Shopify answered ${response.status} (a redirect, not followed).`);
      }
      const text = await response.text();
      if (!response.ok) throw new ShopifyError(`Shopify answered ${response.status}.`);
      if (text.length > MAX_RESPONSE_CHARS) throw new ShopifyError("Shopify's answer was too large to read.");
      let answer: GraphqlAnswer<T>;
      try {
        answer = JSON.parse(text);
      } catch {
        throw new ShopifyError("Shopify's answer was not JSON.");
      }
      if (answer.errors?.some((e) => e.extensions?.code === 'THROTTLED')) {
        problem = 'Shopify is throttling requests (THROTTLED).';
        delayMs = throttleWaitMs(answer);
        continue;
      }
      if (answer.errors?.length || !answer.data) {
        throw new ShopifyError(`Shopify refused the request: ${answer.errors?.[0]?.message ?? 'no data'}.`);
      }
      return answer.data;
    }
    throw new ShopifyError(problem);
  }

  return {
    /** The shop's primary location (location without an id is that, by the API's definition). */
    async primaryLocationId(): Promise<string> {
      const data = await graphql<{ location: { id: string } | null }>('query PrimaryLocation { location { id } }', {});
      if (!data.location?.id)
        throw new ShopifyError('Shopify did not name a primary location: set one in FactoryFlow.', true);
      return data.location.id;
    },

    /**
     * The inventory item ids of the variants whose SKU is one of `skus` (exactly, any case, spaces
     * trimmed; Shopify's search also returns near matches, which are dropped). complete is false
     * when Shopify had more matches than one page: unmatched SKUs are then unknown, not missing.
     */
    async inventoryItemsBySku(skus: string[]): Promise<{ items: Map<string, string[]>; complete: boolean }> {
      const search = skus.map((sku) => `sku:"${sku.replace(/["\\]/g, '\\$&')}"`).join(' OR ');
      const data = await graphql<{
        productVariants: {
          nodes: { sku: string | null; inventoryItem: { id: string } | null }[];
          pageInfo: { hasNextPage: boolean };
        };
      }>(
        `
          query VariantsBySku($first: Int!, $query: String!) {
            productVariants(first: $first, query: $query) {
              nodes {
                sku
                inventoryItem {
                  id
                }
              }
              pageInfo {
                hasNextPage
              }
            }
          }
        `,
        { first: LOOKUP_PAGE, query: search },
      );
      const wanted = new Set(skus.map(skuKey));
      const items = new Map<string, string[]>();
      for (const node of data.productVariants?.nodes ?? []) {
        const key = skuKey(node.sku ?? '');
        if (!node.inventoryItem?.id || !wanted.has(key)) continue;
        items.set(key, [...(items.get(key) ?? []), node.inventoryItem.id]);
      }
      return { items, complete: !data.productVariants?.pageInfo?.hasNextPage };
    },

    /** Sets "available" to each quantity, as the source of truth (no compare quantity). */
    async setAvailable(quantities: InventoryQuantity[], reference: string): Promise<UserError[]> {
      const data = await graphql<{ inventorySetQuantities: { userErrors: UserError[] } | null }>(
        `
          mutation SetAvailable($input: InventorySetQuantitiesInput!) {
            inventorySetQuantities(input: $input) {
              inventoryAdjustmentGroup {
                id
              }
              userErrors {
                code
                field
                message
              }
            }
          }
        `,
        {
          input: {
            name: 'available',
            reason: 'correction',
            ignoreCompareQuantity: true,
            referenceDocumentUri: reference,
            quantities,
          },
        },
      );
      if (!data.inventorySetQuantities) throw new ShopifyError('Shopify did not answer the inventory update.');
      return data.inventorySetQuantities.userErrors ?? [];
    },
  };
}

/** SKUs compare as FactoryFlow compares them: spaces trimmed, any case. */
export function skuKey(sku: string): string {
  return sku.trim().toLowerCase();
}

/** How long until the bucket holds the refused query's cost again, from Shopify's cost extension. */
export function throttleWaitMs(answer: GraphqlAnswer<unknown>): number {
  const cost = answer.extensions?.cost;
  const needed = (cost?.requestedQueryCost ?? 0) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
  const rate = cost?.throttleStatus?.restoreRate ?? 0;
  if (rate > 0 && needed > 0) return Math.ceil((needed / rate) * 1000);
  return 1000;
}

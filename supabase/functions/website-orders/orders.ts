/**
 * What a shop's order webhook means for FactoryFlow: which shop sent it, and the order it carries
 * reduced to what receive_website_order takes (the shop's order id, when it was placed, and each
 * line's SKU and quantity). Prices are not taken: a sale is priced at the product's selling price,
 * as every sale in FactoryFlow is.
 */

export type Shop = 'shopify' | 'woocommerce';

export interface OrderLine {
  /** Trimmed; null when the shop sent none (Shopify custom items have none). */
  sku: string | null;
  /** As sent when it is a finite number (2.5 included: the database says why it is refused); else null. */
  quantity: number | null;
}

export interface WebsiteOrder {
  shopOrderId: string;
  /** ISO 8601, or null when the shop's date cannot be read. */
  orderedAt: string | null;
  lines: OrderLine[];
}

export type ParsedOrder = { ok: true; order: WebsiteOrder } | { ok: false; message: string };

/** An order with more lines is refused whole, as receive_website_order does. */
export const MAX_LINES = 500;

export const SIGNATURE_HEADERS: Record<Shop, string> = {
  shopify: 'x-shopify-hmac-sha256',
  woocommerce: 'x-wc-webhook-signature',
};

/** The topics that mean a new order; other topics are acknowledged and ignored. */
const ORDER_TOPICS: Record<Shop, { header: string; topic: string }> = {
  shopify: { header: 'x-shopify-topic', topic: 'orders/create' },
  woocommerce: { header: 'x-wc-webhook-topic', topic: 'order.created' },
};

/** The shop whose signature header the request carries; null when it carries neither. */
export function detectShop(headers: Headers): Shop | null {
  if (headers.has(SIGNATURE_HEADERS.shopify)) return 'shopify';
  if (headers.has(SIGNATURE_HEADERS.woocommerce)) return 'woocommerce';
  return null;
}

/** Whether a signed request is a new order (a request without a topic header is taken as one). */
export function isNewOrderTopic(shop: Shop, headers: Headers): boolean {
  const { header, topic } = ORDER_TOPICS[shop];
  const sent = headers.get(header);
  return sent === null || sent.trim() === topic;
}

/**
 * WooCommerce's delivery check when a webhook is saved: an unsigned form body `webhook_id=<n>`,
 * which must get a 2xx or WooCommerce disables the webhook. It carries no order.
 */
export function isWooCommercePing(body: string): boolean {
  return /^webhook_id=\d{1,20}$/.test(body.trim());
}

export function parseOrder(shop: Shop, body: string): ParsedOrder {
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return { ok: false, message: 'The body is not JSON.' };
  }
  if (!isObject(payload)) return { ok: false, message: 'The body is not an order.' };

  // The order id the merchant sees: Shopify's name (#1001), WooCommerce's number; else the id.
  const shopOrderId = text(shop === 'shopify' ? payload.name : payload.number) ?? text(payload.id);
  if (!shopOrderId) return { ok: false, message: 'The order has no id.' };
  if (shopOrderId.length > 100) return { ok: false, message: 'The order id is longer than 100 characters.' };

  const items = payload.line_items;
  if (!Array.isArray(items)) return { ok: false, message: 'The order has no line_items.' };
  if (items.length > MAX_LINES) return { ok: false, message: `An order may have at most ${MAX_LINES} lines.` };

  const lines = items.map((item): OrderLine => {
    const line = isObject(item) ? item : {};
    return {
      sku: text(line.sku),
      quantity: typeof line.quantity === 'number' && Number.isFinite(line.quantity) ? line.quantity : null,
    };
  });

  // WooCommerce's date_created is the site's local time without a zone; date_created_gmt is UTC.
  const orderedAt =
    shop === 'shopify' ? isoDate(payload.created_at) : isoDate(utc(payload.date_created_gmt)) ?? isoDate(payload.date_created);
  return { ok: true, order: { shopOrderId, orderedAt, lines } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A trimmed non-empty string from a string or a number (order ids are numbers in both shops). */
function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function utc(value: unknown): unknown {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value) ? `${value}Z` : value;
}

function isoDate(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

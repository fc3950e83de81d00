/**
 * What a shop's order webhook means for FactoryFlow: which shop sent it, and the order it carries
 * reduced to what receive_website_order takes (the shop's order id, when it was placed, the ship-to
 * state, and each line's SKU, quantity and what the buyer paid for it). The amount paid, not the
 * list price, is the sale's value and its GST's base (issue 42).
 */

export type Shop = 'shopify' | 'woocommerce';

export interface OrderLine {
  /** Trimmed; null when the shop sent none (Shopify custom items have none). */
  sku: string | null;
  /** As sent when it is a finite number (2.5 included: the database says why it is refused); else null. */
  quantity: number | null;
  /**
   * What the buyer paid for the line in rupees, GST included, after the line's own discounts and
   * its share of the order's; null when the shop's figures cannot be read (the database then
   * prices the line at the product's selling price).
   */
  amount: number | null;
}

export interface WebsiteOrder {
  shopOrderId: string;
  /** ISO 8601, or null when the shop's date cannot be read. */
  orderedAt: string | null;
  /** The ship-to address's state as the shop writes it (the place of supply); null when it gives none. */
  buyerState: string | null;
  lines: OrderLine[];
  /**
   * What the buyer paid for shipping in rupees, GST included, after its discounts (0 when none was
   * charged); null when the shop's figures cannot be read (then none is recorded). A taxable line of
   * the order, not a product sold (issue 42).
   */
  shipping: number | null;
}

export type ParsedOrder = { ok: true; order: WebsiteOrder } | { ok: false; message: string };

/** An order with more lines is refused whole, as receive_website_order does. */
export const MAX_LINES = 500;

/**
 * Order dates import_sales_orders takes (private.require_order_date): from 2000-01-01 to a day from
 * now (a shop's clock a little ahead is not refused). An order dated outside is refused whole.
 */
const EARLIEST_ORDER = Date.parse('2000-01-01T00:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
export const ORDER_DATE_MESSAGE = 'Order date must be between 2000-01-01 and today.';

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

/** now: the time the order date may be at most a day after (a parameter for tests). */
export function parseOrder(shop: Shop, body: string, now = Date.now()): ParsedOrder {
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

  const taxesIncluded = payload.taxes_included !== false;
  const lines = items.map((item): OrderLine => {
    const line = isObject(item) ? item : {};
    const quantity = typeof line.quantity === 'number' && Number.isFinite(line.quantity) ? line.quantity : null;
    return {
      sku: text(line.sku),
      quantity,
      amount: shop === 'shopify' ? shopifyLinePaid(line, quantity, taxesIncluded) : wooCommerceLinePaid(line),
    };
  });
  // Shopify: shipping_address.province_code ("GJ"), else its name; WooCommerce: shipping.state ("GJ").
  const shipTo = isObject(shop === 'shopify' ? payload.shipping_address : payload.shipping)
    ? ((shop === 'shopify' ? payload.shipping_address : payload.shipping) as Record<string, unknown>)
    : {};
  const buyerState = shop === 'shopify' ? (text(shipTo.province_code) ?? text(shipTo.province)) : text(shipTo.state);

  // WooCommerce's date_created is the site's local time without a zone; date_created_gmt is UTC.
  const orderedAt =
    shop === 'shopify' ? isoDate(payload.created_at) : isoDate(utc(payload.date_created_gmt)) ?? isoDate(payload.date_created);
  if (orderedAt !== null) {
    const time = Date.parse(orderedAt);
    if (time < EARLIEST_ORDER || time > now + DAY_MS) return { ok: false, message: ORDER_DATE_MESSAGE };
  }
  const shipping = shop === 'shopify' ? shopifyShippingPaid(payload, taxesIncluded) : wooCommerceShippingPaid(payload);
  return { ok: true, order: { shopOrderId, orderedAt, buyerState, lines, shipping } };
}

/**
 * A Shopify line's amount paid: price x quantity less its discount_allocations (its own discounts
 * and its share of the order's), plus its tax_lines when the shop's prices exclude tax
 * (taxes_included false). Counted in paise, so the rupees come out exact.
 */
function shopifyLinePaid(line: Record<string, unknown>, quantity: number | null, taxesIncluded: boolean): number | null {
  const price = paise(line.price);
  if (price === null || quantity === null) return null;
  const allocations = Array.isArray(line.discount_allocations) ? line.discount_allocations : [];
  const discount = sumPaise(allocations.map((a) => (isObject(a) ? a.amount : null)));
  const taxes = Array.isArray(line.tax_lines) ? line.tax_lines : [];
  const tax = taxesIncluded ? 0 : sumPaise(taxes.map((t) => (isObject(t) ? t.price : null)));
  if (discount === null || tax === null) return null;
  return (price * quantity - discount + tax) / 100;
}

/** A WooCommerce line's amount paid: its total (after coupons, before tax) plus its total_tax. */
function wooCommerceLinePaid(line: Record<string, unknown>): number | null {
  const total = paise(line.total);
  const tax = paise(line.total_tax ?? '0');
  return total === null || tax === null ? null : (total + tax) / 100;
}

/**
 * Shopify's shipping paid: each of shipping_lines' price less its discount_allocations, plus its
 * tax_lines when prices exclude tax. An order without shipping_lines: total_shipping_price_set's
 * shop_money amount (before discounts, which only the shipping lines carry); neither: 0.
 */
function shopifyShippingPaid(payload: Record<string, unknown>, taxesIncluded: boolean): number | null {
  if (!Array.isArray(payload.shipping_lines)) {
    const set = isObject(payload.total_shipping_price_set) ? payload.total_shipping_price_set : {};
    const amount = isObject(set.shop_money) ? set.shop_money.amount : undefined;
    if (amount === undefined) return 0;
    const total = paise(amount);
    return total === null ? null : total / 100;
  }
  let sum = 0;
  for (const shippingLine of payload.shipping_lines) {
    const line = isObject(shippingLine) ? shippingLine : {};
    const price = paise(line.price);
    const allocations = Array.isArray(line.discount_allocations) ? line.discount_allocations : [];
    const discount = sumPaise(allocations.map((a) => (isObject(a) ? a.amount : null)));
    const taxes = Array.isArray(line.tax_lines) ? line.tax_lines : [];
    const tax = taxesIncluded ? 0 : sumPaise(taxes.map((t) => (isObject(t) ? t.price : null)));
    if (price === null || discount === null || tax === null) return null;
    sum += price - discount + tax;
  }
  return sum / 100;
}

/**
 * WooCommerce's shipping paid: each of shipping_lines' total (after coupons, before tax) plus its
 * total_tax; without shipping_lines, the order's shipping_total plus shipping_tax; neither: 0.
 */
function wooCommerceShippingPaid(payload: Record<string, unknown>): number | null {
  if (!Array.isArray(payload.shipping_lines)) {
    if (payload.shipping_total === undefined) return 0;
    const total = paise(payload.shipping_total);
    const tax = paise(payload.shipping_tax ?? '0');
    return total === null || tax === null ? null : (total + tax) / 100;
  }
  let sum = 0;
  for (const shippingLine of payload.shipping_lines) {
    const paid = wooCommerceLinePaid(isObject(shippingLine) ? shippingLine : {});
    if (paid === null) return null;
    sum += Math.round(paid * 100);
  }
  return sum / 100;
}

/** Rupees as the shops write them ("949.00", or a number) in whole paise; null when not an amount. */
function paise(value: unknown): number | null {
  const rupees = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  return typeof rupees === 'number' && Number.isFinite(rupees) ? Math.round(rupees * 100) : null;
}

function sumPaise(values: unknown[]): number | null {
  let sum = 0;
  for (const value of values) {
    const amount = paise(value);
    if (amount === null) return null;
    sum += amount;
  }
  return sum;
}

/**
 * The lines to send to receive_website_order, which adds up the lines of one SKU (any case) before
 * it checks the quantity: 5 and -4 would be a sale of 1, 2.5 and 0.5 a sale of 3. So each line is
 * checked here first, on its own: a quantity that is not a whole number of at least 1 (or not a
 * number) stands alone for its SKU, and the SKU's other lines are not sent, so the database
 * refuses that line with its own message ("Quantity must be at least 1.", "… a whole number.",
 * "… a number.") and sells none of the SKU in this order. Lines of one SKU that are all good are
 * sent as they came, for the database to add up.
 *
 * The database's lower() and JavaScript's toLowerCase() differ on a few letters (a final Σ, for
 * one): a bad line whose SKU might still be added to another line there is sent with no number,
 * which the database refuses whatever it is added to.
 */
export function linesToRecord<Line extends Pick<OrderLine, 'sku' | 'quantity'>>(lines: Line[]): Line[] {
  const bad = (line: Line) => line.quantity === null || !Number.isInteger(line.quantity) || line.quantity < 1;
  const key = (line: Line) => (line.sku ?? '').toLowerCase();
  const firstBad = new Map<string, Line>();
  for (const line of lines) if (bad(line) && !firstBad.has(key(line))) firstBad.set(key(line), line);

  const kept: Line[] = [];
  for (const line of lines) {
    const standIn = firstBad.get(key(line));
    if (!standIn) kept.push(line);
    else if (standIn === line) kept.push({ ...line });
  }
  // Another SKU that only a coarser comparison tells apart: the stand-in loses its number.
  const coarse = (line: Line) => (line.sku ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().toLowerCase();
  for (const line of kept) {
    if (!bad(line) || line.quantity === null) continue;
    if (kept.some((other) => other !== line && key(other) !== key(line) && coarse(other) === coarse(line))) line.quantity = null;
  }
  return kept;
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

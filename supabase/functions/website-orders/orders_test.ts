import { deepEqual, equal } from 'node:assert/strict';
import { detectShop, isNewOrderTopic, isWooCommercePing, linesToRecord, MAX_LINES, parseOrder } from './orders.ts';

// Trimmed from Shopify's orders/create sample payload: the fields FactoryFlow reads, and some it does not.
const shopifyOrder = {
  id: 820982911946154508,
  admin_graphql_api_id: 'gid://shopify/Order/820982911946154508',
  name: '#9999',
  order_number: 1234,
  created_at: '2026-11-20T10:00:00-05:00',
  currency: 'INR',
  line_items: [
    {
      id: 866550311766439020,
      sku: 'HAT-1',
      quantity: 2,
      price: '300.00',
      title: 'Hat',
      discount_allocations: [{ amount: '30.00', discount_application_index: 0 }, { amount: '20.00', discount_application_index: 1 }],
    },
    { id: 141249953214522974, sku: ' CAP-1 ', quantity: 1, price: '150.00', title: 'Cap' },
    { id: 1, sku: null, quantity: 1, price: '50.00', title: 'Gift wrap (custom item)' },
    { id: 2, sku: '', quantity: 1, price: '0.00', title: 'Sample' },
  ],
  shipping_address: { city: 'Surat', province: 'Gujarat', province_code: 'GJ', country_code: 'IN' },
  shipping_lines: [{ id: 271878346596884015, title: 'Standard', price: '120.00', discount_allocations: [{ amount: '20.00' }] }],
  total_shipping_price_set: { shop_money: { amount: '120.00', currency_code: 'INR' } },
};

// Trimmed from WooCommerce's order.created payload (REST API v3 order).
const wooOrder = {
  id: 727,
  number: '727',
  status: 'processing',
  date_created: '2026-11-20T15:30:00',
  date_created_gmt: '2026-11-20T10:00:00',
  line_items: [
    { id: 315, name: 'Hat', product_id: 93, quantity: 2.5, sku: 'HAT-1', total: '750.00' },
    { id: 316, name: 'Bag', product_id: 94, quantity: '3', sku: 'BAG-1', total: '2700.00', total_tax: '486.00' },
  ],
  shipping: { city: 'Jaipur', state: 'RJ', country: 'IN' },
  shipping_total: '80.00',
  shipping_tax: '14.40',
  shipping_lines: [{ id: 317, method_title: 'Flat rate', total: '80.00', total_tax: '14.40' }],
};

Deno.test('a Shopify order: its name as the order id, its time in UTC, every line kept (SKU-less ones too)', () => {
  deepEqual(parseOrder('shopify', JSON.stringify(shopifyOrder)), {
    ok: true,
    order: {
      shopOrderId: '#9999',
      orderedAt: '2026-11-20T15:00:00.000Z',
      buyerState: 'GJ',
      lines: [
        // 2 x 300.00 less the discounts allocated to the line, 30.00 + 20.00: 550.00
        { sku: 'HAT-1', quantity: 2, amount: 550 },
        { sku: 'CAP-1', quantity: 1, amount: 150 },
        { sku: null, quantity: 1, amount: 50 },
        { sku: null, quantity: 1, amount: 0 },
      ],
      // shipping_lines' 120.00 less its 20.00 discount (total_shipping_price_set is before discounts)
      shipping: 100,
    },
  });
});

Deno.test('a WooCommerce order: its number, the GMT date, 2.5 kept as sent and a string quantity as null', () => {
  deepEqual(parseOrder('woocommerce', JSON.stringify(wooOrder)), {
    ok: true,
    order: {
      shopOrderId: '727',
      orderedAt: '2026-11-20T10:00:00.000Z',
      buyerState: 'RJ',
      lines: [
        { sku: 'HAT-1', quantity: 2.5, amount: 750 },
        // total (after coupons, before tax) 2,700.00 + total_tax 486.00
        { sku: 'BAG-1', quantity: null, amount: 3186 },
      ],
      // the shipping line's total 80.00 + total_tax 14.40
      shipping: 94.4,
    },
  });
});

Deno.test('issue 42: 2 kurtas at 949.00 with 100.00 off each, shipped to Gujarat, are 1,698.00 paid, to GJ', () => {
  const kurtas = {
    name: '#1042',
    taxes_included: true,
    line_items: [{ sku: 'KURTA-M', quantity: 2, price: '949.00', discount_allocations: [{ amount: '200.00' }] }],
    shipping_address: { province: 'Gujarat', province_code: 'GJ' },
  };
  // 2 x 949.00 = 1,898.00, less 2 x 100.00 = 200.00 allocated to the line: 1,698.00
  deepEqual(parseOrder('shopify', JSON.stringify(kurtas)), {
    ok: true,
    order: { shopOrderId: '#1042', orderedAt: null, buyerState: 'GJ', lines: [{ sku: 'KURTA-M', quantity: 2, amount: 1698 }], shipping: 0 },
  });
});

Deno.test('a Shopify shop whose prices exclude tax: the line tax is added; no province code: the province name', () => {
  const order = {
    name: '#1043',
    taxes_included: false,
    line_items: [{ sku: 'K', quantity: 1, price: '800.00', discount_allocations: [], tax_lines: [{ price: '40.00', rate: 0.05 }] }],
    shipping_address: { province: 'Rajasthan' },
  };
  // 800.00 - 0 + 40.00 tax on top: 840.00
  deepEqual(parseOrder('shopify', JSON.stringify(order)), {
    ok: true,
    order: { shopOrderId: '#1043', orderedAt: null, buyerState: 'Rajasthan', lines: [{ sku: 'K', quantity: 1, amount: 840 }], shipping: 0 },
  });
});

Deno.test('shipping paid: Shopify without shipping_lines, taxes on top, several lines; WooCommerce without shipping_lines', () => {
  const shipping = (shop: 'shopify' | 'woocommerce', fields: Record<string, unknown>) => {
    const parsed = parseOrder(shop, JSON.stringify({ id: 1, line_items: [], ...fields }));
    return parsed.ok ? parsed.order.shipping : parsed.message;
  };
  // no shipping_lines: total_shipping_price_set's shop money
  equal(shipping('shopify', { total_shipping_price_set: { shop_money: { amount: '99.00' } } }), 99);
  // prices without tax: 100.00 - 10.00 + 18.00 tax = 108.00, and a second line of 50.00: 158.00
  equal(shipping('shopify', { taxes_included: false, shipping_lines: [
    { price: '100.00', discount_allocations: [{ amount: '10.00' }], tax_lines: [{ price: '18.00' }] },
    { price: '50.00' },
  ] }), 158);
  // 0.10 + 0.20 counted in paise is 0.30, not 0.30000000000000004
  equal(shipping('shopify', { shipping_lines: [{ price: '0.10' }, { price: '0.20' }] }), 0.3);
  equal(shipping('shopify', { shipping_lines: [{ price: 'free' }] }), null);
  // no shipping_lines: shipping_total 60.00 + shipping_tax 10.80
  equal(shipping('woocommerce', { shipping_total: '60.00', shipping_tax: '10.80' }), 70.8);
  equal(shipping('woocommerce', { shipping_lines: [{ total: '40.00' }, { total: '10.00', total_tax: '1.80' }] }), 51.8);
  equal(shipping('woocommerce', { shipping_lines: [{ total: 'n/a' }] }), null);
  equal(shipping('woocommerce', {}), 0);
});

Deno.test('the numeric id stands in for a missing name or number; an unreadable date becomes null', () => {
  const parsed = parseOrder('woocommerce', JSON.stringify({ id: 728, date_created_gmt: 'yesterday', line_items: [] }));
  deepEqual(parsed, { ok: true, order: { shopOrderId: '728', orderedAt: null, buyerState: null, lines: [], shipping: 0 } });
});

Deno.test('bodies that are not orders are refused with a message', () => {
  deepEqual(parseOrder('shopify', 'not json'), { ok: false, message: 'The body is not JSON.' });
  deepEqual(parseOrder('shopify', '[1,2]'), { ok: false, message: 'The body is not an order.' });
  deepEqual(parseOrder('shopify', '{"line_items":[]}'), { ok: false, message: 'The order has no id.' });
  deepEqual(parseOrder('shopify', '{"name":"#1"}'), { ok: false, message: 'The order has no line_items.' });
  deepEqual(parseOrder('woocommerce', JSON.stringify({ number: 'x'.repeat(101), line_items: [] })), {
    ok: false,
    message: 'The order id is longer than 100 characters.',
  });
  const huge = { name: '#2', line_items: Array.from({ length: MAX_LINES + 1 }, () => ({ sku: 'HAT-1', quantity: 1 })) };
  deepEqual(parseOrder('shopify', JSON.stringify(huge)), { ok: false, message: 'An order may have at most 500 lines.' });
});

Deno.test('line items that are not objects become lines without SKU or quantity', () => {
  const parsed = parseOrder('shopify', JSON.stringify({ name: '#3', line_items: [null, 7, { sku: 5, quantity: Infinity }] }));
  deepEqual(parsed, {
    ok: true,
    order: {
      shopOrderId: '#3',
      orderedAt: null,
      buyerState: null,
      lines: [
        { sku: null, quantity: null, amount: null },
        { sku: null, quantity: null, amount: null },
        { sku: '5', quantity: null, amount: null },
      ],
      shipping: 0,
    },
  });
});

Deno.test('the shop is told by its signature header', () => {
  equal(detectShop(new Headers({ 'X-Shopify-Hmac-Sha256': 'x' })), 'shopify');
  equal(detectShop(new Headers({ 'X-WC-Webhook-Signature': 'x' })), 'woocommerce');
  equal(detectShop(new Headers({ 'content-type': 'application/json' })), null);
});

Deno.test('only new-order topics are processed', () => {
  equal(isNewOrderTopic('shopify', new Headers({ 'X-Shopify-Topic': 'orders/create' })), true);
  equal(isNewOrderTopic('shopify', new Headers({ 'X-Shopify-Topic': 'orders/updated' })), false);
  equal(isNewOrderTopic('woocommerce', new Headers({ 'X-WC-Webhook-Topic': 'order.created' })), true);
  equal(isNewOrderTopic('woocommerce', new Headers({ 'X-WC-Webhook-Topic': 'order.deleted' })), false);
  equal(isNewOrderTopic('woocommerce', new Headers()), true);
});

Deno.test('WooCommerce\'s ping is recognised, and nothing else is', () => {
  equal(isWooCommercePing('webhook_id=15'), true);
  equal(isWooCommercePing('webhook_id=15&x=1'), false);
  equal(isWooCommercePing('{"webhook_id":15}'), false);
  equal(isWooCommercePing(''), false);
});

Deno.test('each line is checked on its own before lines of one SKU are added up: a bad line stands for its SKU, alone', () => {
  deepEqual(
    linesToRecord([
      { sku: 'HAT-1', quantity: 5 },
      { sku: 'CAP-1', quantity: 2 },
      { sku: 'hat-1', quantity: -4 },
      { sku: 'CAP-1', quantity: 3 },
      { sku: 'BAG-1', quantity: 2.5 },
      { sku: 'bag-1', quantity: 0.5 },
      { sku: 'BOX-1', quantity: 0 },
      { sku: 'BOX-1', quantity: 1 },
      { sku: 'PEN-1', quantity: 1 },
      { sku: 'PEN-1', quantity: null },
      { sku: null, quantity: 1 },
      { sku: null, quantity: 2 },
    ]),
    [
      // Good lines of one SKU are left for the database to add up, as before.
      { sku: 'CAP-1', quantity: 2 },
      // A bad line stands alone for its SKU, where it was: the database refuses it for its own
      // quantity, and sells none of the SKU (HAT-1's 5 is not sent).
      { sku: 'hat-1', quantity: -4 },
      { sku: 'CAP-1', quantity: 3 },
      { sku: 'BAG-1', quantity: 2.5 },
      { sku: 'BOX-1', quantity: 0 },
      { sku: 'PEN-1', quantity: null },
      { sku: null, quantity: 1 },
      { sku: null, quantity: 2 },
    ],
  );
});

Deno.test('a bad line whose SKU the database might still add to another\'s (case rules differ) is sent as no number', () => {
  // JavaScript lowercases a final capital sigma to ς, Postgres to σ: 'ΑΣ' and 'ασ' are one SKU to
  // the database but two here. The bad line is then sent without a number, which the database
  // refuses whatever it is added to, rather than -4 that 5 would turn into a sale of 1.
  deepEqual(linesToRecord([{ sku: 'ΑΣ', quantity: 5 }, { sku: 'ασ', quantity: -4 }]), [
    { sku: 'ΑΣ', quantity: 5 },
    { sku: 'ασ', quantity: null },
  ]);
  deepEqual(linesToRecord([{ sku: 'K-1', quantity: 5 }, { sku: '\u212a-1', quantity: -4 }]), [{ sku: '\u212a-1', quantity: -4 }]);
});

Deno.test('an order dated before 2000-01-01 or more than a day ahead is refused, as import_sales_orders refuses it', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const dated = (created_at: string) => parseOrder('shopify', JSON.stringify({ name: '#1', created_at, line_items: [] }), now);
  const refused = { ok: false, message: 'Order date must be between 2000-01-01 and today.' };
  deepEqual(dated('0001-01-01T00:00:00Z'), refused);
  deepEqual(dated('1999-12-31T23:59:59.999Z'), refused);
  deepEqual(dated('2026-11-25T12:00:00.001Z'), refused);
  deepEqual(dated('+275760-09-13T00:00:00Z'), refused);
  equal(dated('2000-01-01T00:00:00Z').ok, true);
  equal(dated('2026-11-25T12:00:00Z').ok, true);
  // WooCommerce's GMT date is read as UTC, then bounded the same way.
  const woo = parseOrder('woocommerce', JSON.stringify({ number: '1', date_created_gmt: '1970-01-01T00:00:00', line_items: [] }), now);
  deepEqual(woo, refused);
});

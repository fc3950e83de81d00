/**
 * Sales orders' statuses, as issue 26 asked: an Amazon report's Shipped rows import as Fulfilled
 * (its Pending row Unfulfilled, its Cancelled row skipped, a row on its way back Unfulfilled), the
 * list's search finds a marketplace order id, the Fulfill button says it worked, and orders ticked
 * in the list are fulfilled together (Fulfil selected) with a notification, at 1280x800 and 390x844.
 * Screenshots in .test-artifacts/screenshots/sales-order-status-*.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dialog, dismissNotifications, eventually, openTab, rowCells, settle } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

const e2e = useE2e();

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');
const shot = async (page: Page, name: string) => {
  const size = page.viewportSize()!;
  await settle(page);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `sales-order-status-${name}-${size.width}x${size.height}.png`),
  });
};

// An Amazon order report (tab-delimited) as Seller Central writes it, with amazon.in's statuses.
const HEADER = [
  'amazon-order-id',
  'merchant-order-id',
  'purchase-date',
  'last-updated-date',
  'order-status',
  'fulfillment-channel',
  'sales-channel',
  'product-name',
  'sku',
  'asin',
  'item-status',
  'quantity',
  'currency',
  'item-price',
];
const row = (id: string, date: string, status: string, sku: string, quantity: number, price: string) =>
  [id, '', date, date, status, 'Merchant', 'Amazon.in', sku, sku, 'B0', status, quantity, 'INR', price].join('\t');
const REPORT = [
  HEADER.join('\t'),
  row('171-5550001-0000001', '2026-01-05T10:30:00+00:00', 'Shipped', 'KURTA-BLU', 2, '1198.00'),
  row('171-5550002-0000002', '2026-01-06T10:30:00+00:00', 'Shipped - Delivered to Buyer', 'DUP-RED', 1, '499.50'),
  row('171-5550003-0000003', '2026-01-07T10:30:00+00:00', 'Pending', 'KURTA-BLU', 1, '599.00'),
  row('171-5550004-0000004', '2026-01-07T11:30:00+00:00', 'Cancelled', 'DUP-RED', 1, '499.50'),
  row('171-5550005-0000005', '2026-01-08T10:30:00+00:00', 'Shipped - Returned to Seller', 'DUP-RED', 1, '499.50'),
].join('\n');

/** Creates products as the page's signed-in user, by RPC: the product form is not what this test is about. */
async function seedProducts(page: Page, products: [sku: string, name: string, price: number, stock: number][]) {
  const client = await e2e.clientOf(page);
  for (const [sku, product_name, selling_price, stock_on_hand] of products) {
    const { error } = await client.rpc('create_product', { sku, product_name, selling_price, stock_on_hand });
    if (error) throw new Error(error.message);
  }
}

/** The user's orders, by their marketplace order id (or product name for a sale logged by hand). */
async function statuses(page: Page): Promise<Record<string, string>> {
  const client = await e2e.clientOf(page);
  const { data, error } = await client.from('sales_orders').select('external_order_id, product_name, status');
  if (error) throw new Error(error.message);
  return Object.fromEntries(data.map((order) => [order.external_order_id ?? order.product_name, order.status]));
}

async function stockOf(page: Page, sku: string): Promise<number> {
  const client = await e2e.clientOf(page);
  const { data, error } = await client.from('products').select('stock_on_hand').eq('sku', sku).single();
  if (error) throw new Error(error.message);
  return data.stock_on_hand;
}

/** The Outcome cell of the preview row with this order id. */
async function outcome(form: Locator, orderId: string): Promise<string> {
  const found = form.getByRole('row').filter({ hasText: orderId });
  if ((await found.count()) !== 1) return '';
  return (await found.getByRole('cell').last().innerText()).replace(/\s+/g, ' ').trim();
}

const notification = (page: Page, text: string) =>
  page.locator('.mantine-Notifications-root').getByText(text, { exact: true });

describe('imported statuses, order id search and fulfilling', { timeout: 180_000 }, () => {
  it("imports an Amazon report's Shipped rows as Fulfilled, and the search finds a marketplace order id", async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    await seedProducts(page, [
      ['KURTA-BLU', 'Cotton Kurta', 599, 10],
      ['DUP-RED', 'Silk Dupatta', 499.5, 5],
    ]);

    await openTab(page, 'Sales Orders');
    await page.getByRole('button', { name: 'Import orders' }).click();
    const form = dialog(page, 'Import orders');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'amazon-orders.txt', mimeType: 'text/plain', buffer: Buffer.from(REPORT) });
    await form.getByText('Recognised as Amazon order report.').waitFor();
    await form.getByRole('button', { name: 'Preview' }).click();
    await form.getByRole('table').waitFor();

    // The preview says which rows come in Fulfilled, in the report's own words.
    expect(await outcome(form, '171-5550001-0000001')).toBe('New sale Imports as Fulfilled (report status: Shipped).');
    expect(await outcome(form, '171-5550002-0000002')).toBe(
      'New sale Imports as Fulfilled (report status: Shipped - Delivered to Buyer).',
    );
    expect(await outcome(form, '171-5550003-0000003')).toBe('New sale');
    expect(await outcome(form, '171-5550004-0000004')).toBe('Cancelled in the report (skipped)');
    expect(await outcome(form, '171-5550005-0000005')).toBe('New sale');
    await shot(page, 'import-preview');

    await form.getByRole('button', { name: /^Import \d/ }).click();
    await eventually(() => statuses(page)).toEqual({
      '171-5550001-0000001': 'Fulfilled',
      '171-5550002-0000002': 'Fulfilled',
      '171-5550003-0000003': 'Unfulfilled',
      '171-5550005-0000005': 'Unfulfilled',
    });
    // Stock moved for every imported line, Fulfilled or not, as for any sale: 10 - 2 - 1, 5 - 1 - 1.
    expect(await stockOf(page, 'KURTA-BLU')).toBe(7);
    expect(await stockOf(page, 'DUP-RED')).toBe(3);
    // However the dialog ends (closing itself, or a Done button), close it.
    const done = form.getByRole('button', { name: 'Done' });
    if (await done.isVisible()) await done.click();
    await form.waitFor({ state: 'hidden' });

    // In the list: the spec's columns, the imported status in Status, Fulfill only on the open ones.
    await eventually(async () => (await rowCells(page, '171-5550001-0000001')).slice(1, 6)).toEqual([
      'Cotton Kurta Order 171-5550001-0000001',
      'Amazon',
      '2',
      '₹1,198.00',
      'Fulfilled',
    ]);
    expect((await rowCells(page, '171-5550003-0000003'))[5]).toBe('Unfulfilled');
    const shipped = page.getByRole('row').filter({ hasText: '171-5550001-0000001' });
    expect(await shipped.getByRole('button', { name: 'Fulfill' }).count()).toBe(0);
    expect(await shipped.getByRole('button', { name: 'Return' }).count()).toBe(1);
    await dismissNotifications(page);
    await shot(page, 'imported');

    // The search finds an order by part of its marketplace order id.
    const search = page.getByRole('searchbox', { name: 'Search sales orders' });
    await search.fill('5550002');
    await eventually(() => page.getByRole('row').filter({ hasText: '171-' }).count()).toBe(1);
    expect((await rowCells(page, '171-5550002-0000002')).slice(1, 6)).toEqual([
      'Silk Dupatta Order 171-5550002-0000002',
      'Amazon',
      '1',
      '₹499.50',
      'Fulfilled',
    ]);
    await shot(page, 'search-order-id');

    await page.setViewportSize(PHONE);
    await search.fill('171-5550003');
    await eventually(() => page.getByText('Order 171-5550003-0000003').isVisible()).toBe(true);
    await eventually(() => page.getByText('Order 171-5550001-0000001').count()).toBe(0);
    await page.getByText('Order 171-5550003-0000003').scrollIntoViewIfNeeded();
    await shot(page, 'search-order-id');
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`fulfils one order, then the ticked ones together, each with a notification, at ${viewport.width}x${viewport.height}`, async () => {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      const { page } = await e2e.openApp({ viewport });
      await seedProducts(page, [
        ['LAMP-1', 'Brass Lamp', 800, 20],
        ['MUG-1', 'Clay Mug', 250, 20],
        ['RUG-1', 'Cotton Rug', 1200, 20],
        ['BAG-1', 'Jute Bag', 300, 20],
      ]);
      const client = await e2e.clientOf(page);
      const ids: Record<string, string> = {};
      for (const [name, sku, quantity] of [
        ['Brass Lamp', 'LAMP-1', 1],
        ['Clay Mug', 'MUG-1', 2],
        ['Cotton Rug', 'RUG-1', 1],
        ['Jute Bag', 'BAG-1', 3],
      ] as const) {
        const { data: product } = await client.from('products').select('id').eq('sku', sku).single();
        const { data, error } = await client.rpc('log_sale', { product_id: product!.id, quantity, platform: 'Amazon' });
        if (error) throw new Error(error.message);
        ids[name] = data.id;
      }

      await openTab(page, 'Sales Orders');
      await page.getByRole('heading', { name: 'Sales Orders' }).waitFor();
      const bulk = page.getByRole('button', { name: /^Fulfil selected/ });
      await bulk.waitFor();
      expect(await bulk.isDisabled()).toBe(true);

      // The Fulfill button: the order is Fulfilled and a notification says so.
      const lampRow = page.getByRole('row').filter({ hasText: 'Brass Lamp' });
      await lampRow.getByRole('button', { name: 'Fulfill' }).click();
      await notification(page, 'Order fulfilled: 1 × Brass Lamp on Amazon.').waitFor();
      await eventually(async () => (await statuses(page))['Brass Lamp']).toBe('Fulfilled');
      await eventually(() => page.getByRole('checkbox', { name: /Brass Lamp/ }).count()).toBe(0);
      await shot(page, 'fulfil-one');
      await dismissNotifications(page);

      // Tick two of the three open orders; the third stays as it is.
      await page.getByRole('checkbox', { name: 'Select the Amazon order for Clay Mug' }).check();
      await page.getByRole('checkbox', { name: 'Select the Amazon order for Jute Bag' }).check();
      await eventually(() => bulk.innerText()).toBe('Fulfil selected (2)');
      expect(await page.getByRole('checkbox', { name: 'Select all unfulfilled on this page' }).isChecked()).toBe(false);
      await shot(page, 'selected');

      await bulk.click();
      const confirm = dialog(page, 'Fulfil 2 orders?');
      await confirm.waitFor();
      await shot(page, 'confirm');
      await confirm.getByRole('button', { name: 'Fulfil 2 orders' }).click();
      await notification(page, '2 orders fulfilled.').waitFor();
      await confirm.waitFor({ state: 'hidden' });
      expect(await statuses(page)).toEqual({
        'Brass Lamp': 'Fulfilled',
        'Clay Mug': 'Fulfilled',
        'Cotton Rug': 'Unfulfilled',
        'Jute Bag': 'Fulfilled',
      });
      // Only the status changed: stock left when the sales were logged.
      expect(await stockOf(page, 'MUG-1')).toBe(18);
      await eventually(() => page.getByRole('checkbox', { name: /^Select the/ }).count()).toBe(1);
      await shot(page, 'fulfilled');

      // Select all takes the page's open orders: the last one.
      await dismissNotifications(page);
      await page.getByRole('checkbox', { name: 'Select all unfulfilled on this page' }).check();
      await eventually(() => bulk.innerText()).toBe('Fulfil selected (1)');
      await bulk.click();
      await dialog(page, 'Fulfil 1 order?').getByRole('button', { name: 'Fulfil 1 order' }).click();
      await notification(page, '1 order fulfilled.').waitFor();
      await eventually(async () => (await statuses(page))['Cotton Rug']).toBe('Fulfilled');
      // Nothing open is left: no selection to make.
      await eventually(() => bulk.count()).toBe(0);
    });
  }
});

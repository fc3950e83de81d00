/**
 * Channels (issue 34), as a shop owner uses them: an Amazon order report names a product by its
 * Amazon SKU, which is Unknown until "This is…" maps it to the product (the preview runs again and
 * the line becomes a new sale); a pack of 2 made in the product form sells by taking two of its
 * part; Inventory's Stock sync downloads Amazon's stock file, which is read back (tab-delimited,
 * the Price & Quantity template's header rows, quantities under the Amazon SKUs), and then shows
 * nothing changed; Shopify's, Flipkart's and Myntra's files are read back against their templates
 * (Shopify's own, tests/fixtures/real/shopify). Screenshots at desktop and phone size.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  choose,
  dialog,
  dismissNotifications,
  eventually,
  download,
  fillSale,
  openTab,
  rowCells,
  screenshot,
  settle,
} from './support/actions';
import { FLIPKART_COLUMNS } from '../../src/features/channels/lib/stock-files';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

const e2e = useE2e();
const SHOPIFY_TEMPLATE = path.resolve(
  import.meta.dirname,
  '../fixtures/real/shopify/inventory_bin_new_on_hand_template.csv',
);

// An Amazon order report (its column names as the app's layout knows them): one line by the
// owner's own SKU, one by the SKU the listing has on Amazon.
const REPORT = [
  [
    'amazon-order-id',
    'purchase-date',
    'order-status',
    'product-name',
    'sku',
    'item-status',
    'quantity',
    'currency',
    'item-price',
  ],
  [
    '407-1000001-0000001',
    '2026-11-20T10:30:00+00:00',
    'Shipped',
    'Cotton Kurta',
    'KURTA-BLU',
    'Shipped',
    '2',
    'INR',
    '1198.00',
  ],
  [
    '407-1000002-0000002',
    '2026-11-21T11:00:00+00:00',
    'Shipped',
    'Clay Mug (Amazon)',
    'AMZ-MUG-BLUE',
    'Shipped',
    '1',
    'INR',
    '250.00',
  ],
]
  .map((cells) => cells.join('\t'))
  .join('\n');

async function seedProducts(page: Page, products: [sku: string, name: string, price: number, stock: number][]) {
  const client = await e2e.clientOf(page);
  for (const [sku, product_name, selling_price, stock_on_hand] of products) {
    const { error } = await client.rpc('create_product', { sku, product_name, selling_price, stock_on_hand });
    if (error) throw new Error(error.message);
  }
}

/** The Outcome cell of the preview row with this SKU, as read. */
async function outcome(form: Locator, sku: string): Promise<string> {
  const row = form.getByRole('row').filter({ hasText: sku });
  if ((await row.count()) !== 1) return '';
  return (await row.getByRole('cell').last().innerText()).replace(/\s+/g, ' ').trim();
}

/** The Stock on Hand of a product in the Products list. */
async function productStock(page: Page, name: string): Promise<string | undefined> {
  return (await rowCells(page.getByRole('table').first(), name)).at(-1);
}

describe('channels: marketplace SKUs, a pack of 2 and the Amazon stock file', { timeout: 180_000 }, () => {
  it('maps an unknown Amazon SKU from the preview, sells a pack of 2 from its part, and downloads the stock file', async () => {
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    await seedProducts(page, [
      ['KURTA-BLU', 'Cotton Kurta', 599, 10],
      ['MUG-01', 'Clay Mug', 250, 9],
    ]);
    const reportFile = path.join(os.tmpdir(), `channels-amazon-orders-${Date.now()}.txt`);
    await writeFile(reportFile, REPORT);

    // 1. The report: the Amazon SKU is unknown until it is mapped, then the line is a new sale.
    await openTab(page, 'Sales Orders');
    await page.getByRole('button', { name: 'Import orders' }).click();
    const form = dialog(page, 'Import orders');
    await form.locator('input[type="file"]').setInputFiles(reportFile);
    await form.getByText('Recognised as Amazon order report.').waitFor();
    await form.getByRole('button', { name: 'Preview' }).click();
    await form.getByRole('table').waitFor();
    expect(await outcome(form, 'AMZ-MUG-BLUE')).toMatch(/^Unknown SKU .*This is…$/);
    await form.getByRole('button', { name: 'This is… (map AMZ-MUG-BLUE)' }).click();
    await settle(page);
    await screenshot(page, 'channels-map-unknown-sku');
    // The same on a phone, where the dialog takes the screen.
    await page.setViewportSize(PHONE);
    await form.getByRole('combobox', { name: 'AMZ-MUG-BLUE is' }).scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'channels-map-unknown-sku');
    await page.setViewportSize(DESKTOP);
    await choose(page, form.getByRole('combobox', { name: 'AMZ-MUG-BLUE is' }), 'Clay Mug (MUG-01)');
    await eventually(() => outcome(form, 'AMZ-MUG-BLUE')).toMatch(/^New sale/);
    expect(await outcome(form, 'KURTA-BLU')).toMatch(/^New sale/);
    await form.getByRole('button', { name: 'Import 2 orders' }).click();
    await page.getByText('Imported 2 orders.').waitFor();
    await form.waitFor({ state: 'hidden' });
    await eventually(async () => (await rowCells(page, 'Clay Mug')).slice(1, 3)).toEqual([
      'Clay Mug Order 407-1000002-0000002',
      'Amazon',
    ]);

    // The mapping is the product's Amazon SKU, in its drawer.
    await openTab(page, 'Products');
    await page.getByRole('button', { name: 'Clay Mug', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Clay Mug' });
    const skus = drawer.getByRole('region', { name: 'Marketplace SKUs' });
    await skus.getByText('AMZ-MUG-BLUE').waitFor();
    expect(await skus.getByRole('button', { name: 'Remove Amazon SKU AMZ-MUG-BLUE' }).count()).toBe(1);
    await settle(page);
    await screenshot(page, 'channels-marketplace-skus');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // 2. A pack of 2: no stock of its own, what its part makes (8 mugs left: 4 packs).
    await page.getByRole('button', { name: 'Add New Product' }).click();
    const add = dialog(page, 'Add New Product');
    await add.getByText('A combo or pack').click();
    await add.getByLabel('SKU').fill('MUG-PACK2');
    await add.getByLabel('Product Name').fill('Clay Mug, pack of 2');
    await add.getByLabel('Selling Price').fill('450');
    await choose(page, add.getByRole('combobox', { name: 'Part 1' }), 'Clay Mug (MUG-01)');
    await add.getByLabel('Quantity 1').fill('2');
    await settle(page);
    await screenshot(page, 'channels-combo-form');
    await add.getByRole('button', { name: 'Save Combo' }).click();
    await add.waitFor({ state: 'hidden' });
    await eventually(() => productStock(page, 'Clay Mug, pack of 2')).toBe('4');
    expect(await rowCells(page, 'MUG-PACK2').then((cells) => cells[1])).toMatch(/Combo/);
    expect(await productStock(page, 'MUG-01')).toBe('8');

    // Sold: two mugs leave stock, the pack shows what is left of them.
    const sale = await fillSale(page, { product: 'Clay Mug, pack of 2 (MUG-PACK2)', quantity: '1' });
    // The form's stock is the pack's: what its part makes.
    await sale.getByText('4 in stock').waitFor();
    await sale.getByRole('button', { name: 'Log Sale' }).click();
    await sale.waitFor({ state: 'hidden' });
    await openTab(page, 'Products');
    await eventually(() => productStock(page, 'MUG-01')).toBe('6');
    expect(await productStock(page, 'Clay Mug, pack of 2')).toBe('3');
    await dismissNotifications(page);
    await settle(page);
    await screenshot(page, 'channels-products');
    // The pack's drawer: its part, per pack and in stock.
    await page.getByRole('button', { name: 'Clay Mug, pack of 2', exact: true }).click();
    const pack = page.getByRole('dialog', { name: 'Clay Mug, pack of 2' });
    const parts = pack.getByRole('region', { name: 'Parts of this combo' });
    await eventually(() => rowCells(parts, 'Clay Mug')).toEqual(['Clay Mug MUG-01', '2', '6']);
    await settle(page);
    await screenshot(page, 'channels-combo-drawer');
    await page.keyboard.press('Escape');
    await pack.waitFor({ state: 'hidden' });

    // A combo is never produced: Create New Order's picker offers its part, not the pack.
    await openTab(page, 'Manufacturing');
    await page.getByRole('button', { name: 'Create New Order' }).click();
    const production = dialog(page, 'Create New Order');
    const picker = production.getByRole('combobox', { name: 'Product' });
    await picker.fill('Clay Mug');
    await page.getByRole('option', { name: 'Clay Mug (MUG-01)' }).waitFor();
    expect(await page.getByRole('option', { name: 'Clay Mug, pack of 2 (MUG-PACK2)' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await production.waitFor({ state: 'hidden' });

    // 3. Stock sync, on Channels: Amazon's file lists each listing under its Amazon SKU.
    await openTab(page, 'Channels');
    const sync = page.getByRole('region', { name: 'Stock sync' });
    await sync.getByText('No file downloaded yet').waitFor();
    await sync.scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'channels-stock-sync');
    const [amazonFile] = await Promise.all([
      page.waitForEvent('download'),
      sync.getByRole('button', { name: 'Download Amazon file' }).click(),
    ]);
    expect(amazonFile.suggestedFilename()).toMatch(/^amazon-inventory-\d{4}-\d{2}-\d{2}\.txt$/);
    const text = await readFile(await amazonFile.path(), 'utf8');
    const lines = text
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split('\t'));
    expect(lines.slice(0, 3)).toEqual([
      ['TemplateType=PriceInventory', 'Version=2018.0924'],
      ['SKU', 'Quantity'],
      ['sku', 'quantity'],
    ]);
    expect(Object.fromEntries(lines.slice(3))).toEqual({ 'AMZ-MUG-BLUE': '6', 'KURTA-BLU': '8', 'MUG-PACK2': '3' });
    // Recorded: nothing is left to upload until stock changes.
    await sync.getByText(/Last file downloaded .*Nothing changed since\./).waitFor();

    // A buffer of 1 unit on Amazon (Channels → Buffers): every listing changes, a pack by its part.
    await openTab(page, 'Channels');
    const channels = page.getByRole('region', { name: 'Buffers' });
    await channels.getByLabel('Buffer units').fill('1');
    await channels.getByRole('button', { name: 'Save buffer' }).click();
    await page.getByText('Amazon buffer saved.').waitFor();
    await eventually(async () => (await rowCells(channels, 'Amazon')).join(' | ')).toBe('Amazon | 1 | 0%');
    await dismissNotifications(page);
    await settle(page);
    await screenshot(page, 'channels-settings');
    await openTab(page, 'Channels');
    await sync.getByText('3 of 3 listings changed.').waitFor();
    expect(await rowCells(sync, 'AMZ-MUG-BLUE')).toEqual(['AMZ-MUG-BLUE', 'Clay Mug (MUG-01)', '6', '5']);
    expect(await rowCells(sync, 'MUG-PACK2')).toEqual(['MUG-PACK2', 'Clay Mug, pack of 2 (MUG-PACK2)', '3', '2']);

    // Shopify's file: its inventory CSV, at the location named, each product under its own SKU.
    await sync.getByText('Website (Shopify)').click();
    await sync.getByLabel('Shopify location').fill('Main Warehouse');
    const shopify = await download(page, sync.getByRole('button', { name: 'Download Shopify file' }));
    expect(shopify.name).toMatch(/^shopify-inventory-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...shopifyRows] = shopify.lines;
    // Column for column as Shopify's own template (a real file, kept in the repo).
    const template = await readFile(SHOPIFY_TEMPLATE, 'utf8');
    expect(header).toEqual(template.split('\r\n')[0]!.split(','));
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(
      shopifyRows.map((row) => [
        cell(row, 'Handle'),
        cell(row, 'SKU'),
        cell(row, 'Location'),
        cell(row, 'On hand (new)'),
        cell(row, 'On hand (current)'),
      ]),
    ).toEqual([
      ['cotton-kurta', 'KURTA-BLU', 'Main Warehouse', '8', ''],
      ['clay-mug', 'MUG-01', 'Main Warehouse', '6', ''],
      ['clay-mug-pack-of-2', 'MUG-PACK2', 'Main Warehouse', '3', ''],
    ]);
    expect([cell(shopifyRows[0]!, 'Option1 Name'), cell(shopifyRows[0]!, 'Option1 Value')]).toEqual([
      'Title',
      'Default Title',
    ]);

    // Flipkart's listing file: its columns, the SKU under Seller SKU Id (as Flipkart spells it) and
    // the quantity under Your Stock Count; Myntra's file: the SKU and quantity it names.
    await sync.getByText('Flipkart', { exact: true }).click();
    const flipkart = await download(page, sync.getByRole('button', { name: 'Download Flipkart file' }));
    expect(flipkart.name).toMatch(/^flipkart-stock-\d{4}-\d{2}-\d{2}\.csv$/);
    const [flipkartHeader, ...flipkartRows] = flipkart.lines;
    expect(flipkartHeader).toEqual([...FLIPKART_COLUMNS]);
    const flipkartCell = (row: string[], column: string) => row[flipkartHeader!.indexOf(column)];
    expect(
      Object.fromEntries(
        flipkartRows.map((row) => [flipkartCell(row, 'Seller SKU Id'), flipkartCell(row, 'Your Stock Count')]),
      ),
    ).toEqual({ 'KURTA-BLU': '8', 'MUG-01': '6', 'MUG-PACK2': '3' });
    await dismissNotifications(page);
    await settle(page);
    await screenshot(page, 'channels-stock-sync-flipkart');
    await sync.getByText('Myntra', { exact: true }).click();
    const myntra = await download(page, sync.getByRole('button', { name: 'Download Myntra file' }));
    expect(myntra.lines[0]).toEqual(['seller_sku_code', 'quantity']);
    expect(Object.fromEntries(myntra.lines.slice(1))).toEqual({ 'KURTA-BLU': '8', 'MUG-01': '6', 'MUG-PACK2': '3' });

    // Edit the pack into a pack of 3: two packs' worth of mugs left.
    await openTab(page, 'Products');
    await page.getByRole('button', { name: 'Actions for Clay Mug, pack of 2', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Actions for Clay Mug, pack of 2' })
      .getByRole('button', { name: 'Edit', exact: true })
      .click();
    const edit = dialog(page, 'Edit Clay Mug, pack of 2');
    await edit.getByLabel('Quantity 1').fill('3');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await eventually(() => productStock(page, 'Clay Mug, pack of 2')).toBe('2');

    // The phone: the same sections, readable.
    await page.setViewportSize(PHONE);
    await openTab(page, 'Channels');
    await sync.getByText('Website (Shopify)').click();
    await sync.scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'channels-stock-sync');
    await sync.getByText('Flipkart', { exact: true }).click();
    await settle(page);
    await screenshot(page, 'channels-stock-sync-flipkart');
    await channels.scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'channels-settings');
    await openTab(page, 'Products');
    await page.getByRole('button', { name: 'Add New Product' }).click();
    await dialog(page, 'Add New Product').getByText('A combo or pack').click();
    await settle(page);
    await screenshot(page, 'channels-combo-form');
  });
});

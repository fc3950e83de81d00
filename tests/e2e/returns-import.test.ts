/**
 * Importing a marketplace's returns report (issue 29): Flipkart orders are imported through
 * "Import orders" (shipped, so Fulfilled), then Flipkart's returns report through "Import returns":
 * recognised, previewed row by row (an RTO, a customer return of 2 of 3 units, a return still on
 * its way), imported; the orders' statuses and the stock move; the same report again skips every
 * line. Screenshots of the dialog and the list at desktop and phone size.
 */
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dialog, dismissNotifications, eventually, openTab, rowCells, screenshot, settle } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

const e2e = useE2e();

const FIXTURES = path.resolve(import.meta.dirname, '../../src/features/marketplace-files/utils/__fixtures__');
const RETURNS_REPORT = path.join(FIXTURES, 'flipkart-returns-report.csv');
const FBA_RETURNS_REPORT = path.join(FIXTURES, 'amazon-fba-returns-report.txt');

// The orders the returns report's first two rows return, as Flipkart's orders export lists them.
const ORDERS_EXPORT = [
  'Ordered On,Order Id,Order State,SKU,Invoice Amount,Quantity',
  '15-01-2026 10:20:30,OD1234567890,Delivered,KURTA-BLU,599.00,1',
  '16-01-2026 11:00:00,OD1234567891,Delivered,DUP-RED,"1,498.50",3',
].join('\n');

/** Creates products as the page's signed-in user, by RPC: the form that adds products is not what this test is about. */
async function seedProducts(page: Page, products: [sku: string, name: string, price: number, stock: number][]) {
  const client = await e2e.clientOf(page);
  for (const [sku, product_name, selling_price, stock_on_hand] of products) {
    const { error } = await client.rpc('create_product', { sku, product_name, selling_price, stock_on_hand });
    if (error) throw new Error(error.message);
  }
}

async function stockOf(page: Page, sku: string): Promise<number> {
  const client = await e2e.clientOf(page);
  const { data, error } = await client.from('products').select('stock_on_hand').eq('sku', sku).single();
  if (error) throw new Error(error.message);
  return Number(data.stock_on_hand);
}

/** The Status cell of a product's order in the Sales Orders table (its first table). */
async function orderStatus(page: Page, product: string): Promise<string | undefined> {
  return (await rowCells(page.getByRole('table').first(), product))[5];
}

/** The Outcome cell of the preview row with this order id. */
async function outcome(form: Locator, orderId: string): Promise<string> {
  const row = form.getByRole('row').filter({ hasText: orderId });
  if ((await row.count()) !== 1) return '';
  return (await row.getByRole('cell').last().innerText()).replace(/\s+/g, ' ').trim();
}

async function importOrders(page: Page) {
  await openTab(page, 'Sales Orders');
  await page.getByRole('button', { name: 'Import orders' }).click();
  const form = dialog(page, 'Import orders');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(ORDERS_EXPORT) });
  await form.getByRole('button', { name: 'Import as Flipkart' }).click();
  await form.getByRole('button', { name: 'Preview' }).click();
  await form.getByRole('button', { name: 'Import 2 orders' }).click();
  await page.getByText('Imported 2 orders.').waitFor();
  await form.waitFor({ state: 'hidden' });
}

/** Previews the Flipkart returns report; the dialog starts on Amazon, and keeps the platform chosen while the page lives. */
async function previewReturns(page: Page, { platformChosen }: { platformChosen: boolean }): Promise<Locator> {
  await openTab(page, 'Returns');
  await page.getByRole('button', { name: 'Import returns' }).click();
  const form = dialog(page, 'Import returns');
  await form.locator('input[type="file"]').setInputFiles(RETURNS_REPORT);
  await form.getByText('Recognised as Flipkart returns report.').waitFor();
  if (!platformChosen) await form.getByRole('button', { name: 'Import as Flipkart' }).click();
  await form.getByRole('button', { name: 'Preview' }).click();
  await form.getByRole('table').waitFor();
  return form;
}

describe('importing a Flipkart returns report', { timeout: 120_000 }, () => {
  it('previews an RTO and a customer return, imports them, moves the statuses and stock, and skips them the second time', async () => {
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    await seedProducts(page, [
      ['KURTA-BLU', 'Cotton Kurta', 599, 10],
      ['DUP-RED', 'Silk Dupatta', 499.5, 5],
    ]);
    await importOrders(page);
    await eventually(() => orderStatus(page, 'Silk Dupatta')).toBe('Fulfilled');
    expect(await stockOf(page, 'KURTA-BLU')).toBe(9);
    expect(await stockOf(page, 'DUP-RED')).toBe(2);
    await dismissNotifications(page);

    const form = await previewReturns(page, { platformChosen: false });
    expect(await rowCells(form, 'OD1234567890')).toEqual([
      '2',
      'OD1234567890',
      '20 Jan 2026',
      'KURTA-BLU',
      '1',
      'RTO',
      'Sellable',
      '',
      'New return',
    ]);
    expect(await outcome(form, 'OD1234567891')).toBe('New return');
    expect((await rowCells(form, 'OD1234567891')).slice(4, 6)).toEqual(['2', 'Customer return']);
    expect(await outcome(form, 'OD1234567892')).toBe('Not back yet (skipped)');
    await settle(page);
    await screenshot(page, 'returns-import-preview');
    await form.getByRole('button', { name: 'Import 2 returns' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'returns-import-commit');

    await form.getByRole('button', { name: 'Import 2 returns' }).click();
    await page.getByText('Imported 2 returns.').waitFor();
    await form.waitFor({ state: 'hidden' });
    await openTab(page, 'Sales Orders');

    // Every unit of the RTO is back: Returned; 2 of the 3 units of the customer return: Partially returned.
    await eventually(() => orderStatus(page, 'Cotton Kurta')).toBe('Returned');
    await eventually(() => orderStatus(page, 'Silk Dupatta')).toBe('Partially returned');
    // Sellable (the report gives no inspection): back in stock.
    expect(await stockOf(page, 'KURTA-BLU')).toBe(10);
    expect(await stockOf(page, 'DUP-RED')).toBe(4);
    await settle(page);
    await screenshot(page, 'returns-import-sales-orders');

    // The same report again: every line is skipped, nothing is left to import, nothing moves.
    const again = await previewReturns(page, { platformChosen: true });
    expect(await outcome(again, 'OD1234567890')).toBe('Already imported (skipped)');
    expect(await outcome(again, 'OD1234567891')).toBe('Already imported (skipped)');
    expect(await outcome(again, 'OD1234567892')).toBe('Not back yet (skipped)');
    expect(await again.getByRole('button', { name: 'Import 0 returns' }).isDisabled()).toBe(true);

    await page.setViewportSize(PHONE);
    await dismissNotifications(page);
    await settle(page);
    await screenshot(page, 'returns-import-top');
    await again.getByRole('table').scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'returns-import-preview');
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
    expect(await stockOf(page, 'KURTA-BLU')).toBe(10);
    expect(await stockOf(page, 'DUP-RED')).toBe(4);
    // On a phone each order is a card: its status in words, below the buttons.
    await openTab(page, 'Sales Orders');
    await page.locator('#root').getByText('Partially returned').scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'returns-import-sales-orders');
  });

  it("reads Amazon's FBA report: units folded, a damaged unit not restocked but claimed, UNDELIVERABLE an RTO", async () => {
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    await seedProducts(page, [
      ['KURTA-BLU', 'Cotton Kurta', 599, 10],
      ['DUP-RED', 'Silk Dupatta', 499.5, 5],
      ['SHIRT-WHT', 'Linen Shirt', 899, 5],
    ]);
    // Shipped Amazon orders, imported by RPC: the order import is not what this test is about.
    const client = await e2e.clientOf(page);
    const orders = [
      ['402-5555555-5555555', 'KURTA-BLU', 3, 1797],
      ['402-6666666-6666666', 'DUP-RED', 1, 499.5],
      ['402-7777777-7777777', 'SHIRT-WHT', 1, 899],
    ] as const;
    const { error } = await client.rpc('import_sales_orders', {
      platform: 'Amazon',
      lines: orders.map(([external_order_id, sku, quantity, total_amount]) => ({
        external_order_id,
        order_date: '2026-02-01',
        sku,
        quantity,
        total_amount,
        status: 'Fulfilled',
      })),
    });
    if (error) throw new Error(error.message);

    await openTab(page, 'Returns');
    await page.getByRole('button', { name: 'Import returns' }).click();
    const form = dialog(page, 'Import returns');
    await form.locator('input[type="file"]').setInputFiles(FBA_RETURNS_REPORT);
    await form.getByText('Recognised as Amazon FBA customer returns report.').waitFor();
    await form.getByRole('button', { name: 'Preview' }).click();
    await form.getByRole('table').waitFor();
    const row = async (line: string) =>
      (
        await form
          .getByRole('row')
          .nth(Number(line) - 1)
          .innerText()
      ).replace(/\s+/g, ' ');
    // Two SELLABLE units of one order and day: one return of 2; the third unit came back damaged.
    expect(await row('2')).toBe('2 402-5555555-5555555 10 Feb 2026 KURTA-BLU 1 Customer return Sellable New return');
    expect(await row('3')).toBe(
      '3 402-5555555-5555555 10 Feb 2026 KURTA-BLU 1 Customer return Sellable New return Added to row 2 (same order, SKU, kind, date and condition).',
    );
    expect(await row('4')).toBe('4 402-5555555-5555555 10 Feb 2026 KURTA-BLU 1 Customer return Damaged New return');
    expect(await row('5')).toBe('5 402-6666666-6666666 12 Feb 2026 DUP-RED 1 RTO Sellable New return');
    expect(await row('6')).toBe('6 402-7777777-7777777 12 Feb 2026 SHIRT-WHT 1 Customer return Damaged New return');
    await settle(page);
    await screenshot(page, 'returns-import-amazon-preview');

    await form.getByRole('button', { name: 'Import 4 returns' }).click();
    await page.getByText('Imported 4 returns.').waitFor();
    await form.waitFor({ state: 'hidden' });
    // The claims the import opened, in Returns' Claims section, there as soon as the import is answered.
    const claimsTable = page.getByRole('region', { name: 'Claims', exact: true }).getByRole('table');
    await eventually(() => rowCells(claimsTable, 'Linen Shirt')).toContain('Damaged × 1');
    expect(await rowCells(claimsTable, 'Cotton Kurta')).toContain('Damaged × 1');
    await claimsTable.scrollIntoViewIfNeeded();
    await dismissNotifications(page);
    await settle(page);
    await screenshot(page, 'returns-import-amazon-claims');
    await openTab(page, 'Sales Orders');
    await eventually(() => orderStatus(page, 'Cotton Kurta')).toBe('Returned');
    // Sellable units back in stock; the damaged ones not, each a claim.
    expect(await stockOf(page, 'KURTA-BLU')).toBe(7 + 2);
    expect(await stockOf(page, 'DUP-RED')).toBe(4 + 1);
    expect(await stockOf(page, 'SHIRT-WHT')).toBe(4);
    const { data: claims } = await client.from('return_claims').select('reason, units').order('units');
    expect(claims).toEqual([
      { reason: 'damaged', units: 1 },
      { reason: 'damaged', units: 1 },
    ]);
  });
});

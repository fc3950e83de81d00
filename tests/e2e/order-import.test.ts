/**
 * Importing a marketplace's order report: an Amazon report (tab-delimited, one order over two
 * lines, a cancelled line, a product out of stock, an unknown SKU) is chosen in Sales Orders'
 * "Import orders", recognised, previewed row by row, committed; the orders show with their
 * marketplace order ids; the same report again is all skipped. Screenshots of the dialog at
 * desktop and phone size.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dialog, eventually, openTab, rowCells, settle } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

const e2e = useE2e();

const REPORT = path.resolve(
  import.meta.dirname,
  '../../src/features/marketplace-files/utils/__fixtures__/amazon-order-report.txt',
);
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');
const shot = (page: Page, name: string, size: { width: number; height: number }) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `order-import-${name}-${size.width}x${size.height}.png`) });

/** Creates products as the page's signed-in user, by RPC: the form that adds products is not what this test is about. */
async function seedProducts(page: Page, products: [sku: string, name: string, price: number, stock: number][]) {
  const client = await e2e.clientOf(page);
  for (const [sku, product_name, selling_price, stock_on_hand] of products) {
    const { error } = await client.rpc('create_product', { sku, product_name, selling_price, stock_on_hand });
    if (error) throw new Error(error.message);
  }
}

/** The Outcome cell of the preview row with this order id and SKU. */
async function outcome(form: Locator, orderId: string, sku: string): Promise<string> {
  const row = form.getByRole('row').filter({ hasText: orderId }).filter({ hasText: sku });
  if ((await row.count()) !== 1) return '';
  return (await row.getByRole('cell').last().innerText()).replace(/\s+/g, ' ').trim();
}

async function previewReport(page: Page): Promise<Locator> {
  await openTab(page, 'Sales Orders');
  await page.getByRole('button', { name: 'Import orders' }).click();
  const form = dialog(page, 'Import orders');
  await form.locator('input[type="file"]').setInputFiles(REPORT);
  await form.getByText('Recognised as Amazon order report.').waitFor();
  await form.getByRole('button', { name: 'Preview' }).click();
  await form.getByRole('table').waitFor();
  return form;
}

describe('importing an Amazon order report', { timeout: 120_000 }, () => {
  it('previews every row, imports the new ones with their order ids, and skips them the second time', async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    await seedProducts(page, [
      ['KURTA-BLU', 'Cotton Kurta', 599, 10],
      ['DUP-RED', 'Silk Dupatta', 499.5, 5],
      ['SHIRT-WHT', 'Linen Shirt', 899, 0],
    ]);

    const form = await previewReport(page);
    // Shipped in the report: they come in Fulfilled (issue 26).
    expect(await outcome(form, '402-1111111-1111111', 'KURTA-BLU')).toBe(
      'New sale Imports as Fulfilled (report status: Shipped).',
    );
    expect(await outcome(form, '402-1111111-1111111', 'DUP-RED')).toBe(
      'New sale Imports as Fulfilled (report status: Shipped).',
    );
    expect(await outcome(form, '402-2222222-2222222', 'KURTA-BLU')).toBe('Cancelled in the report (skipped)');
    expect(await outcome(form, '402-3333333-3333333', 'SHIRT-WHT')).toBe(
      'Not enough stock Not enough stock for Linen Shirt. Only 0 available.',
    );
    // With the button that maps it to a product (issue 34; tests/e2e/channels.test.ts).
    expect(await outcome(form, '402-4444444-4444444', 'NOT-OURS')).toBe(
      'Unknown SKU No product has SKU NOT-OURS. This is…',
    );
    await settle(page);
    await shot(page, 'preview', DESKTOP);
    // One Amazon order of two products: two lines, one order.
    await form.getByRole('button', { name: 'Import 1 order (2 lines)' }).scrollIntoViewIfNeeded();
    await shot(page, 'commit', DESKTOP);

    await form.getByRole('button', { name: 'Import 1 order (2 lines)' }).click();
    // Done, the dialog closes with a notification, as the catalogue import does.
    await page.getByText('Imported 1 order (2 lines).').waitFor();
    await form.waitFor({ state: 'hidden' });

    // The spec's columns, with the marketplace order id under the product.
    await eventually(async () => (await rowCells(page, 'Silk Dupatta')).slice(1, 6)).toEqual([
      'Silk Dupatta Order 402-1111111-1111111',
      'Amazon',
      '1',
      '₹499.50',
      'Fulfilled',
    ]);
    expect((await rowCells(page, 'Cotton Kurta')).slice(1, 5)).toEqual([
      'Cotton Kurta Order 402-1111111-1111111',
      'Amazon',
      '2',
      '₹1,198.00',
    ]);
    // The marketplace's order date, not the day of the import.
    expect((await rowCells(page, 'Silk Dupatta'))[0]).toMatch(/^5 Jan 2026/);
    await settle(page);
    await shot(page, 'sales-orders', DESKTOP);

    // The same report again: what went in is skipped, nothing is left to import.
    const again = await previewReport(page);
    expect(await outcome(again, '402-1111111-1111111', 'KURTA-BLU')).toBe('Already imported (skipped)');
    expect(await outcome(again, '402-1111111-1111111', 'DUP-RED')).toBe('Already imported (skipped)');
    expect(await again.getByRole('button', { name: 'Import 0 orders' }).isDisabled()).toBe(true);

    await page.setViewportSize(PHONE);
    await settle(page);
    await shot(page, 'top', PHONE);
    await again.getByRole('table').scrollIntoViewIfNeeded();
    await settle(page);
    await shot(page, 'preview', PHONE);
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
    await settle(page);
    await shot(page, 'sales-orders', PHONE);
  });
});

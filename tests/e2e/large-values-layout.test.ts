/**
 * The largest values a shop will see, at 1280x800, 1024x768 and 390x844: dashboard cards with
 * ₹99,99,99,999.99 and 7-digit counts, inventory rows with long names, 7-digit stock and status
 * badges. Nothing may overlap, be cut off or push the page sideways; screenshots of each land in
 * .test-artifacts/screenshots/.
 *
 * The revenue, stock and names are real rows. The three dashboard counts of a million orders or
 * low-stock items would take minutes to create; only their width matters here, so the real
 * dashboard_summary answer is passed on with those three counts set to 99,99,999.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addProduct, addRawMaterial, logSale, openTab, settle } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

const e2e = useE2e();

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');
const SIZES = [DESKTOP, { width: 1024, height: 768 }, PHONE];
const LARGEST_COUNT = 9_999_999;
const CARDS = ['Total Revenue', 'Open Sales Orders', 'Low Stock Products', 'Low Stock Materials'];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not on screen`);
  return found;
}

/** Whether an element's content is wider or taller than the element: cut off or spilling out. */
const clipped = (locator: Locator) =>
  locator.evaluate(
    (element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
  );

/** Whether the page itself scrolls sideways. */
const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

function card(page: Page, label: string): Locator {
  return page.getByRole('button', { name: label }).or(page.getByRole('region', { name: label }));
}

describe('the largest values at every size', { timeout: 300_000 }, () => {
  it('fit their cards and badges without overlap or truncation', async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const { page } = await e2e.openApp();
    await page.route('**/rest/v1/rpc/dashboard_summary', async (route) => {
      const response = await route.fetch();
      const summary = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: {
          ...summary,
          open_sales_orders: LARGEST_COUNT,
          low_stock_products: LARGEST_COUNT,
          low_stock_materials: LARGEST_COUNT,
        },
      });
    });

    await addRawMaterial(page, {
      name: 'Hand-block printed Sanganeri cotton voile, 44 inch, pre-washed, indigo',
      costPerUnit: '0.125',
      stockLevel: '9999999',
      unit: 'metres',
      reorderPoint: '10000000',
    });
    await addProduct(page, {
      sku: 'ANK-HBP-SANG-INDIGO-0001',
      name: 'Hand-embroidered Chanderi silk Anarkali kurta with dupatta and lining, festive edition',
      category: 'Kurtas',
      sellingPrice: '999999999.99',
      stockOnHand: '9999999',
      reorderPoint: '0',
    });
    await logSale(page, {
      product:
        'Hand-embroidered Chanderi silk Anarkali kurta with dupatta and lining, festive edition (ANK-HBP-SANG-INDIGO-0001)',
      quantity: '1',
    });

    for (const size of SIZES) {
      await page.setViewportSize(size);
      await openTab(page, 'Dashboard');
      await card(page, 'Total Revenue').getByText('₹99,99,99,999.99').waitFor();
      await card(page, 'Open Sales Orders').getByText('99,99,999').waitFor();
      await settle(page);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `large-values-dashboard-${size.width}x${size.height}.png`),
        fullPage: true,
      });

      const boxes: Box[] = [];
      for (const label of CARDS) {
        const cardBox = await box(card(page, label));
        const figure = card(page, label).locator('p').last();
        const icon = card(page, label).locator('.mantine-ThemeIcon-root');
        expect(inside(await box(figure), cardBox), `${label}: figure inside its card at ${size.width}`).toBe(true);
        expect(inside(await box(icon), cardBox), `${label}: icon inside its card at ${size.width}`).toBe(true);
        expect(overlap(await box(figure), await box(icon)), `${label}: figure clear of the icon`).toBe(false);
        expect(await clipped(figure), `${label}: figure not cut off at ${size.width}`).toBe(false);
        boxes.push(cardBox);
      }
      for (const [index, a] of boxes.entries()) {
        for (const b of boxes.slice(index + 1)) expect(overlap(a, b), 'cards overlap').toBe(false);
      }
      expect(await pageScrollsSideways(page)).toBe(false);

      await openTab(page, 'Inventory');
      await page.getByRole('region', { name: 'Raw Materials' }).getByText('99,99,999').waitFor();
      await settle(page);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `large-values-inventory-${size.width}x${size.height}.png`),
        fullPage: true,
      });
      const badges = page.locator('.mantine-Badge-root');
      expect(await badges.count()).toBe(2);
      for (const badge of await badges.all()) {
        expect(await badge.innerText()).toMatch(/^(Low Stock|In Stock)$/);
        expect(await clipped(badge), `badge "${await badge.innerText()}" cut off at ${size.width}`).toBe(false);
        expect(await clipped(badge.locator('.mantine-Badge-label'))).toBe(false);
      }
      expect(await pageScrollsSideways(page)).toBe(false);
    }
  });
});

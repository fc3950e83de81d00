/**
 * What the owner really earned, at both screen sizes: set two platforms' fees in Settings →
 * Platform fees, log a sale on each, read revenue, fees and profit by platform on Profit,
 * the unit cost, margin and bottleneck in the product drawer, then build the What to buy list,
 * change a quantity and download it as CSV.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dialog, dismissNotifications, eventually, openTab, rowCells, settle } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');
const shot = (page: Page, name: string, size: { width: number; height: number }) =>
  page.screenshot({
    path: path.join(SCREENSHOT_DIR, `profit-${name}-${size.width}x${size.height}.png`),
    fullPage: true,
  });

async function setFees(page: Page, platform: string, commission: string, fee: string, shipping: string) {
  const form = page.getByRole('region', { name: 'Platform fees', exact: true });
  await form.getByRole('combobox', { name: 'Platform' }).click();
  await page.getByRole('option', { name: platform, exact: true }).click();
  await form.getByLabel('Commission (%)').fill(commission);
  await form.getByLabel('Fee per order (₹)').fill(fee);
  await form.getByLabel('Shipping per order (₹)').fill(shipping);
  await form.getByRole('button', { name: 'Save fees' }).click();
  await page.getByText(`${platform} fees saved.`).waitFor();
}

/** A figure of the profit panels, e.g. '₹2,088.19'. */
async function panelFigure(page: Page, label: string): Promise<string> {
  const text = await page
    .getByRole('region', { name: 'Profit', exact: true })
    .getByRole('region', { name: label, exact: true })
    .innerText();
  return text.replace(label, '').trim();
}

describe('costs, fees and profit', { timeout: 240_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: fees, profit by platform, the product's margin and what to buy`, async () => {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      const { context, page } = await e2e.openApp({ viewport: size });

      const seed = seeder(await e2e.clientOf(page));
      const fabric = await seed.material({
        material_name: 'Cotton Fabric',
        supplier: 'Arvind Mills',
        cost_per_unit: 1205,
        stock_level: 10,
        unit_of_measure: 'm',
        reorder_point: 50,
      });
      const thread = await seed.material({
        material_name: 'Thread',
        supplier: 'Arvind Mills',
        cost_per_unit: 0.75,
        stock_level: 100,
        unit_of_measure: 'spools',
        reorder_point: 5,
      });
      await seed.material({
        material_name: 'Buttons',
        supplier: 'Button House',
        cost_per_unit: 2,
        stock_level: 5,
        unit_of_measure: 'units',
        reorder_point: 10,
      });
      // Unit cost 1.25 x 1205 + 3.5 x 0.75 = 1508.875.
      const tshirt = await seed.product({
        sku: 'TS-1',
        product_name: 'T-shirt',
        selling_price: 2499,
        stock_on_hand: 20,
        bom: [
          { material_id: fabric, quantity: 1.25 },
          { material_id: thread, quantity: 3.5 },
        ],
      });

      // Fees, in Settings.
      await openTab(page, 'Settings');
      const fees = page.getByRole('region', { name: 'Platform fees', exact: true });
      await fees.getByRole('button', { name: 'Save fees' }).waitFor();
      await setFees(page, 'Flipkart', '10', '20', '50');
      await setFees(page, 'Amazon', '12.5', '0', '0');
      await eventually(() => rowCells(fees, 'Flipkart')).toEqual([
        'Flipkart',
        '10%',
        '₹20.00',
        '₹50.00',
        '14 days',
        // The payment cycle (issue 30): the default until set.
        '15 days',
      ]);
      await settle(page);
      await shot(page, 'platform-fees', size);

      // Flipkart: 4998 - fees (499.80 + 20 + 50) - cost round(3017.75) = 1410.45.
      // Amazon: 2499 - fees 312.375 -> 312.38 - cost round(1508.875) = 1508.88 -> 677.74.
      await seed.sale(tshirt, 'Flipkart', 2);
      await seed.sale(tshirt, 'Amazon', 1);

      await openTab(page, 'Profit');
      const byPlatform = page.getByRole('region', { name: 'Revenue, fees and profit by platform' });
      await eventually(() => rowCells(byPlatform, 'Flipkart')).toEqual([
        'Flipkart',
        '1',
        '₹4,998.00',
        '₹569.80',
        '₹1,410.45',
      ]);
      expect(await rowCells(byPlatform, 'Amazon')).toEqual(['Amazon', '1', '₹2,499.00', '₹312.38', '₹677.74']);
      expect(await panelFigure(page, 'Revenue (net of GST)')).toBe('₹7,497.00');
      expect(await panelFigure(page, 'Platform fees')).toBe('₹882.18');
      expect(await panelFigure(page, 'Profit after returns')).toBe('₹2,088.19');
      expect(await panelFigure(page, 'Margin')).toBe('27.9%');
      await byPlatform.locator('.recharts-bar-rectangle').first().waitFor();
      const profitPanels = page.getByRole('region', { name: 'Profit', exact: true });
      expect(await profitPanels.getByText('Cost unknown').count()).toBe(0);
      await settle(page);
      await shot(page, 'dashboard', size);

      // Issue 33: a dupatta bought in, with neither BOM nor purchase cost yet. Its sale adds revenue
      // but no profit: profit and margin (over the revenue of known cost) stay as they were, a
      // warning counts it, and it is never a top product by profit.
      const dupatta = await seed.product({
        sku: 'DUP-1',
        product_name: 'Dupatta',
        selling_price: 800,
        stock_on_hand: 5,
      });
      await seed.sale(dupatta, 'Myntra', 1);
      await eventually(() => panelFigure(page, 'Revenue (net of GST)')).toBe('₹8,297.00');
      expect(await panelFigure(page, 'Profit after returns')).toBe('₹2,088.19');
      expect(await panelFigure(page, 'Margin')).toBe('27.9%');
      const warning = profitPanels.getByRole('alert').filter({ hasText: 'Cost unknown' });
      expect(await warning.innerText()).toContain(
        'Profit leaves out 1 order of products without a cost: add a BOM or a purchase cost to count them.',
      );
      expect(await rowCells(byPlatform, 'Myntra')).toEqual([
        'Myntra',
        '1',
        '₹800.00',
        '₹0.00',
        '₹0.00 1 without cost left out',
      ]);
      const topByRevenue = page.getByRole('region', { name: 'Top 5 products by revenue', exact: true });
      const topByProfit = page.getByRole('region', { name: 'Top 5 products by profit', exact: true });
      expect(await rowCells(topByRevenue, 'Dupatta')).toEqual(['Dupatta', '1', '₹800.00', 'Cost unknown']);
      expect(await topByProfit.getByText('Dupatta').count()).toBe(0);
      await dismissNotifications(page);
      await settle(page);
      await shot(page, 'dashboard-cost-unknown', size);

      // Given a purchase cost of 500 in its form, its next sale counts (800 - 500 = 300); the first
      // sale stays left out.
      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'Actions for Dupatta', exact: true }).click();
      await dialog(page, 'Actions for Dupatta').getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = dialog(page, 'Edit Dupatta');
      await edit.getByLabel('Purchase cost').fill('500');
      // One write: update_product carries the costs (no set_product_costs after it).
      const writes: string[] = [];
      const onRequest = (request: { url(): string; method(): string }) => {
        const rpc = /\/rest\/v1\/rpc\/(\w+)/.exec(request.url());
        if (rpc && request.method() === 'POST') writes.push(rpc[1]!);
      };
      page.on('request', onRequest);
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.waitFor({ state: 'hidden' });
      page.off('request', onRequest);
      expect(writes.filter((name) => /^(create|update|set)_/.test(name))).toEqual(['update_product']);
      await seed.sale(dupatta, 'Myntra', 1);
      await openTab(page, 'Profit');
      await eventually(() => panelFigure(page, 'Profit after returns')).toBe('₹2,388.19');
      expect(await panelFigure(page, 'Revenue (net of GST)')).toBe('₹9,097.00');
      expect(await panelFigure(page, 'Margin')).toBe('28.8%'); // 2,388.19 over 7,497 + 800
      expect(await warning.innerText()).toContain('Profit leaves out 1 order of products without a cost');
      expect(await rowCells(topByProfit, 'Dupatta')).toEqual(['Dupatta', '2', '₹1,600.00', '₹300.00']);

      // The product drawer: unit cost, margin and what runs out first.
      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'T-shirt', exact: true }).click();
      const drawer = dialog(page, 'T-shirt');
      await drawer.getByText('Can build 8 (Cotton Fabric runs out first)').waitFor();
      expect(await drawer.getByText('₹1,508.88').count()).toBe(1); // unit cost, to the paisa
      expect(await drawer.getByText('₹990.13').isVisible()).toBe(true); // margin 2499 - 1508.875
      expect(await drawer.getByText('39.62%').isVisible()).toBe(true);
      expect(await rowCells(drawer, 'Cotton Fabric')).toEqual(['Cotton Fabric', '1.25 m', '₹1,205.00', '₹1,506.25']);
      await settle(page);
      await shot(page, 'product-drawer', size);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // What to buy: cotton (10 < 50, buy 90) and buttons (5 < 10, buy 15), by supplier.
      await openTab(page, 'Purchasing');
      const list = page.getByRole('region', { name: 'What to buy' });
      const arvind = list.getByRole('region', { name: 'To buy from Arvind Mills' });
      const buttonHouse = list.getByRole('region', { name: 'To buy from Button House' });
      await eventually(() => rowCells(arvind, 'Cotton Fabric')).toContain('₹1,08,450.00');
      expect(await list.getByText('Thread').count()).toBe(0);
      const buttons = buttonHouse.getByRole('textbox', { name: 'Quantity of Buttons to buy (units)' });
      expect(await buttons.inputValue()).toBe('15');
      await buttons.fill('20');
      await eventually(() => rowCells(buttonHouse, 'Buttons')).toContain('₹40.00');
      expect(await buttonHouse.getByText('Total ₹40.00').isVisible()).toBe(true);
      await settle(page);
      await shot(page, 'what-to-buy', size);

      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(e2e.appUrl).origin });
      await list.getByRole('button', { name: 'Copy' }).click();
      await page.getByText('List copied. Paste it into a message to your supplier.').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        [
          'Arvind Mills',
          '- Cotton Fabric: 90 m (₹1,08,450.00)',
          'Total: ₹1,08,450.00',
          '',
          'Button House',
          '- Buttons: 20 units (₹40.00)',
          'Total: ₹40.00',
        ].join('\n'),
      );

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        list.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^what-to-buy-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(await readFile(await download.path(), 'utf8')).toBe(
        [
          '\uFEFFSupplier,Material,Quantity,Unit,Cost per unit,Estimated cost',
          'Arvind Mills,Cotton Fabric,90,m,1205,108450.00',
          'Button House,Buttons,20,units,2,40.00',
          '',
        ].join('\r\n'),
      );
    });
  }
});

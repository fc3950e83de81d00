/**
 * Products counted in metres (issue 45, item 5), as a dyeing-and-cutting workshop uses them, on a
 * desktop and on a phone: greige fabric (a material) is dyed into dyed fabric, a product in
 * metres, in a run of 7.5 m; a cut panel (in pieces) takes 1.2 m of it; 5 panels take 6 m. The
 * unit shows beside the stock, the BOM quantity, the run's quantity and what can be built; pieces
 * stay whole. Screenshots land in .test-artifacts/screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  addRawMaterial,
  choose,
  dialog,
  dismissNotifications,
  eventually,
  fieldMessage,
  fillProductionOrder,
  openTab,
  rowCells,
  screenshot,
  settle,
} from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

const e2e = useE2e();

/** Completes the one run in progress of a product from the Manufacturing list. */
async function completeRun(page: Page, productName: string): Promise<void> {
  await openTab(page, 'Manufacturing');
  const run = page.getByRole('row').filter({ hasText: productName }).filter({ hasText: 'In Progress' });
  await run.getByRole('button', { name: 'Mark as Completed' }).click();
  await dialog(page, 'Complete this production run?').getByRole('button', { name: 'Complete Run' }).click();
  await page.getByRole('row').filter({ hasText: productName }).filter({ hasText: 'Completed' }).waitFor();
}

/** The Products table's stock figure of a product (its fifth cell). */
async function stockOf(page: Page, sku: string): Promise<string | undefined> {
  return (await rowCells(page, sku))[4];
}

describe('dyed fabric in metres, cut into panels', { timeout: 240_000 }, () => {
  for (const [size, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    it(`dyes 7.5 m, cuts panels of 1.2 m each and shows metres wherever the fabric's quantities are (${size})`, async () => {
      const { page } = await e2e.openApp({ viewport });
      await addRawMaterial(page, { name: 'Greige fabric', costPerUnit: '80', stockLevel: '20', unit: 'metres' });

      // Dyed fabric, in metres: 1.1 m of greige a metre.
      await addProduct(page, {
        sku: 'DF-01',
        name: 'Dyed Fabric',
        sellingPrice: '150',
        reorderPoint: '0',
        unit: 'm',
        bom: [{ material: 'Greige fabric (metres)', quantity: '1.1' }],
      });
      await eventually(() => stockOf(page, 'DF-01')).toBe('0 m');

      // A run of 7.5 m takes 7.5 x 1.1 = 8.25 m of greige; 20 m can dye 18.181 m.
      let order = await fillProductionOrder(page, { product: 'Dyed Fabric (DF-01)', quantity: '7.5' });
      let requirements = order.getByRole('table', { name: 'Required materials' });
      await eventually(() => rowCells(requirements, 'Greige fabric')).toEqual([
        'Greige fabric (metres)',
        '8.25',
        '20',
        '',
      ]);
      expect(await order.getByText('The materials in stock are enough for up to 18.181 m.').isVisible()).toBe(true);
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, `units-of-measure-dye-order-${size}`);
      await order.getByRole('button', { name: 'Start Production' }).click();
      await order.waitFor({ state: 'hidden' });
      await completeRun(page, 'Dyed Fabric');
      await openTab(page, 'Products');
      await eventually(() => stockOf(page, 'DF-01')).toBe('7.5 m');

      // A cut panel, in pieces, takes 1.2 m of dyed fabric: the BOM row shows the part's unit.
      await page.getByRole('button', { name: 'Add New Product' }).click();
      const form = dialog(page, 'Add New Product');
      await form.getByLabel('SKU').fill('CP-01');
      await form.getByLabel('Product Name').fill('Cut Panel');
      await form.getByLabel('Selling Price').fill('300');
      await form.getByLabel('Reorder Point').fill('0');
      await form.getByRole('button', { name: 'Add Material' }).click();
      await choose(page, form.getByRole('combobox', { name: 'Material 1' }), 'Dyed Fabric (DF-01) · Product');
      await form.getByLabel('Quantity 1').fill('1.2');
      await eventually(() => form.getByText('m', { exact: true }).isVisible()).toBe(true);
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, `units-of-measure-panel-form-${size}`);
      await form.getByRole('button', { name: 'Save Product' }).click();
      await form.waitFor({ state: 'hidden' });
      await page.getByRole('row').filter({ hasText: 'CP-01' }).waitFor();

      // Panels are pieces: 2.5 is refused on the field; 5 panels take 6 m of the 7.5 m.
      order = await fillProductionOrder(page, { product: 'Cut Panel (CP-01)', quantity: '2.5' });
      await eventually(() => fieldMessage(order.getByLabel('Quantity to Produce'))).toBe(
        'Quantity to produce must be a whole number.',
      );
      await order.getByLabel('Quantity to Produce').fill('5');
      requirements = order.getByRole('table', { name: 'Required materials' });
      await eventually(() => rowCells(requirements, 'Dyed Fabric')).toEqual(['Dyed Fabric (m)', '6', '7.5', '']);
      expect(await order.getByText('The materials in stock are enough for up to 6.').isVisible()).toBe(true);
      await order.getByRole('button', { name: 'Start Production' }).click();
      await order.waitFor({ state: 'hidden' });
      await completeRun(page, 'Cut Panel');

      await openTab(page, 'Products');
      await eventually(() => stockOf(page, 'DF-01')).toBe('1.5 m');
      expect(await stockOf(page, 'CP-01')).toBe('5');
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, `units-of-measure-products-${size}`);

      // The panel's drawer: 1.2 m of dyed fabric at ₹88.00 a metre (1.1 x 80); the greige left
      // (11.75 m) dyes 10.681 m more, so (1.5 + 10.681) / 1.2 = 10.15: 10 whole panels.
      await page.getByRole('button', { name: 'Cut Panel', exact: true }).click();
      const drawer = dialog(page, 'Cut Panel');
      const tree = drawer.getByRole('list', { name: 'Sub-assembly tree' });
      await eventually(async () => (await tree.innerText()).replace(/\s+/g, ' ').trim()).toBe(
        '1.2 m × Dyed Fabric · 1.5 m in stock · ₹88.00 per m',
      );
      expect(await drawer.getByText('Can build 10 (Greige fabric runs out first)').isVisible()).toBe(true);
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, `units-of-measure-drawer-${size}`);
      await drawer.getByRole('button', { name: 'Close' }).click();
      await drawer.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Dyed Fabric', exact: true }).click();
      const fabric = dialog(page, 'Dyed Fabric');
      await eventually(() => fabric.getByText('Can build 10.681 m (Greige fabric runs out first)').isVisible()).toBe(
        true,
      );
    });
  }
});

/**
 * Sub-assemblies and full unit cost (issue 33), as a kurta maker uses them, on a desktop and on a
 * phone: dyed fabric (a material, cut with 6% wastage) becomes cut panels (a product with its own
 * labour and overhead), two sets of which go into a kurta (a product with thread, labour and
 * overhead). The panels are produced first, then the kurtas, which take the panels from stock;
 * every level's stock moves, and the kurta's drawer shows its cost built up from materials,
 * wastage, labour and overhead through both levels, in exact rupees, and the tree of sub-assemblies.
 * Screenshots land in .test-artifacts/screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  addRawMaterial,
  dialog,
  dismissNotifications,
  eventually,
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

describe('a kurta made from cut panels made from dyed fabric', { timeout: 240_000 }, () => {
  for (const [size, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    it(`produces panels, then kurtas from them, and shows every level's stock and the kurta's full cost (${size})`, async () => {
      const { page } = await e2e.openApp({ viewport });
      await addRawMaterial(page, { name: 'Dyed fabric', costPerUnit: '150', stockLevel: '20', unit: 'metres' });
      await addRawMaterial(page, { name: 'Thread', costPerUnit: '0.5', stockLevel: '500', unit: 'metres' });

      // Cut panels: 1.5 m of fabric with 6% cutting wastage (1.59 m per set), stitching ₹15 a set,
      // ₹200 of setup per run of 20 sets.
      await addProduct(page, {
        sku: 'PNL-01',
        name: 'Cut Panels',
        sellingPrice: '400',
        reorderPoint: '0',
        bom: [{ material: 'Dyed fabric (metres)', quantity: '1.5', wastage: '6' }],
        costs: { labour: '15', overheadPerRun: '200', runSize: '20' },
      });
      // The kurta: two sets of panels (the BOM picker offers the product, marked Product) and 20 m
      // of thread; stitching ₹60, ₹300 per run of 10.
      await addProduct(page, {
        sku: 'KUR-01',
        name: 'Panel Kurta',
        sellingPrice: '1299',
        reorderPoint: '0',
        bom: [
          { material: 'Cut Panels (PNL-01) · Product', quantity: '2' },
          { material: 'Thread (metres)', quantity: '20' },
        ],
        costs: { labour: '60', overheadPerRun: '300', runSize: '10' },
      });

      // Produce 10 sets of panels: 10 x 1.59 = 15.9 m of fabric.
      let order = await fillProductionOrder(page, { product: 'Cut Panels (PNL-01)', quantity: '10' });
      let requirements = order.getByRole('table', { name: 'Required materials' });
      await eventually(() => rowCells(requirements, 'Dyed fabric')).toEqual(['Dyed fabric (metres)', '15.9', '20', '']);
      await order.getByRole('button', { name: 'Start Production' }).click();
      await order.waitFor({ state: 'hidden' });
      await completeRun(page, 'Cut Panels');

      // Then 4 kurtas: 8 sets of panels from stock and 80 m of thread. 5 would need 10 sets.
      order = await fillProductionOrder(page, { product: 'Panel Kurta (KUR-01)', quantity: '5' });
      requirements = order.getByRole('table', { name: 'Required materials' });
      await eventually(() => rowCells(requirements, 'Cut Panels')).toEqual(['Cut Panels (pieces)', '10', '10', '']);
      await order.getByLabel('Quantity to Produce').fill('6');
      await eventually(() => rowCells(requirements, 'Cut Panels')).toEqual(['Cut Panels (pieces)', '12', '10', '']);
      expect(await order.getByText('Not enough raw materials to start production.').isVisible()).toBe(true);
      expect(await order.getByRole('button', { name: 'Start Production' }).isDisabled()).toBe(true);
      await order.getByLabel('Quantity to Produce').fill('4');
      await eventually(() => rowCells(requirements, 'Cut Panels')).toEqual(['Cut Panels (pieces)', '8', '10', '']);
      expect(await rowCells(requirements, 'Thread')).toEqual(['Thread (metres)', '80', '500', '']);
      // What can start now is what the panels in stock allow.
      expect(await order.getByText('The materials in stock are enough for up to 5.').isVisible()).toBe(true);
      expect(await order.getByText('Cut Panels runs out first.').isVisible()).toBe(true);
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, `sub-assemblies-order-${size}`);
      await order.getByRole('button', { name: 'Start Production' }).click();
      await order.waitFor({ state: 'hidden' });

      // Every level moved: the panels went into the run in progress, the fabric and thread were used.
      await openTab(page, 'Products');
      await eventually(async () => (await rowCells(page, 'PNL-01'))[4]).toBe('2');
      expect((await rowCells(page, 'KUR-01'))[4]).toBe('0');
      await openTab(page, 'Raw Materials');
      await eventually(() => rowCells(page, 'Dyed fabric')).toEqual(['Dyed fabric', '—', '₹150.00', '4.1', 'metres']);
      expect(await rowCells(page, 'Thread')).toEqual(['Thread', '—', '₹0.50', '420', 'metres']);
      await completeRun(page, 'Panel Kurta');
      await openTab(page, 'Products');
      await eventually(async () => (await rowCells(page, 'KUR-01'))[4]).toBe('4');
      expect((await rowCells(page, 'PNL-01'))[4]).toBe('2');

      // The kurta's cost: materials 2 x 225 + 20 x 0.50 = 460, wastage 2 x 13.50 = 27, labour
      // 2 x 15 + 60 = 90, overhead 2 x 200 / 20 + 300 / 10 = 50: ₹627.00, a margin of ₹672.00.
      await page.getByRole('button', { name: 'Panel Kurta', exact: true }).click();
      const drawer = dialog(page, 'Panel Kurta');
      const buildUp = drawer.getByRole('table', { name: 'Cost build-up' });
      await buildUp.waitFor();
      expect(await rowCells(buildUp, 'Materials')).toEqual(['Materials', '₹460.00']);
      expect(await rowCells(buildUp, 'Wastage')).toEqual(['Wastage', '₹27.00']);
      expect(await rowCells(buildUp, 'Labour')).toEqual(['Labour', '₹90.00']);
      expect(await rowCells(buildUp, 'Overhead')).toEqual(['Overhead', '₹50.00']);
      expect(await rowCells(buildUp, 'Unit cost')).toEqual(['Unit cost', '₹627.00']);
      expect(await drawer.getByText('₹672.00').isVisible()).toBe(true);
      expect(await drawer.getByText('51.73%').isVisible()).toBe(true);
      // 2 sets in stock and 2 more from the 4.1 m of fabric: 2 kurtas, limited a level down.
      expect(await drawer.getByText('Can build 2 (Dyed fabric runs out first)').isVisible()).toBe(true);
      const tree = drawer.getByRole('list', { name: 'Sub-assembly tree' });
      await eventually(async () => (await tree.innerText()).replace(/\s+/g, ' ').trim()).toBe(
        '2 × Cut Panels · 2 in stock · ₹263.50 each',
      );
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, `sub-assemblies-drawer-${size}`);
      await drawer.getByRole('button', { name: 'Close' }).click();

      // The panels' own build-up: 225 + 13.50 wastage + 15 labour + 10 overhead.
      await page.getByRole('button', { name: 'Cut Panels', exact: true }).click();
      const panels = dialog(page, 'Cut Panels');
      const panelsBuildUp = panels.getByRole('table', { name: 'Cost build-up' });
      await panelsBuildUp.waitFor();
      expect(await rowCells(panelsBuildUp, 'Unit cost')).toEqual(['Unit cost', '₹263.50']);
      expect(await panels.getByText('+6% wastage: uses 1.59 metres').isVisible()).toBe(true);
      await panels.getByRole('button', { name: 'Close' }).click();
      await panels.waitFor({ state: 'hidden' });

      // The kurta's form shows its material lines, then its sub-assembly line (marked Product,
      // without wastage), and its costs as saved.
      await page.getByRole('button', { name: 'Actions for Panel Kurta', exact: true }).click();
      await dialog(page, 'Actions for Panel Kurta').getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = dialog(page, 'Edit Panel Kurta');
      await eventually(() => edit.getByRole('combobox', { name: 'Material 2' }).inputValue()).toBe(
        'Cut Panels (PNL-01) · Product',
      );
      expect(await edit.getByLabel('Wastage % 2').count()).toBe(0);
      expect(await edit.getByRole('combobox', { name: 'Material 1' }).inputValue()).toBe('Thread (metres)');
      expect(await edit.getByLabel('Labour per unit').inputValue()).toBe('60');
      expect(await edit.getByLabel('Overhead per run').inputValue()).toBe('300');
      expect(await edit.getByLabel('Run size').inputValue()).toBe('10');
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, `sub-assemblies-form-${size}`);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'hidden' });

      // Cancelling a kurta run puts back its sets of panels with its thread.
      const one = await fillProductionOrder(page, { product: 'Panel Kurta (KUR-01)', quantity: '1' });
      await one.getByRole('button', { name: 'Start Production' }).click();
      await one.waitFor({ state: 'hidden' });
      await page
        .getByRole('row')
        .filter({ hasText: 'Panel Kurta' })
        .filter({ hasText: 'In Progress' })
        .getByRole('button', { name: 'Cancel', exact: true })
        .click();
      const cancel = dialog(page, 'Cancel this production run?');
      await eventually(async () => (await cancel.getByRole('listitem').allInnerTexts()).sort()).toEqual([
        '2 pieces of Cut Panels',
        '20 metres of Thread',
      ]);
      await cancel.getByRole('button', { name: 'Cancel Run' }).click();
      await cancel.waitFor({ state: 'hidden' });
      await openTab(page, 'Products');
      await eventually(async () => (await rowCells(page, 'PNL-01'))[4]).toBe('2');

      // A bought-in belt with neither BOM nor purchase cost: its cost is unknown, never a margin of
      // its whole price.
      await addProduct(page, { sku: 'BLT-01', name: 'Leather Belt', sellingPrice: '499' });
      await page.getByRole('button', { name: 'Leather Belt', exact: true }).click();
      const belt = dialog(page, 'Leather Belt');
      await belt.getByText('Cost unknown', { exact: true }).first().waitFor();
      expect(await belt.getByRole('alert').innerText()).toContain('neither a bill of materials nor a purchase cost');
      expect(await belt.getByText('%').count()).toBe(0);
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, `sub-assemblies-cost-unknown-${size}`);
    });
  }
});

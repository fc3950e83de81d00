/**
 * Planning (issue 33), as a kurta maker uses it, on a desktop and on a phone: a kurta made of two
 * sets of cut panels, each cut from 1.5 m of dyed fabric. 50 kurtas are ordered and none are in
 * stock; Plan on Planning, from the open orders, says to make 50 kurtas and 100 sets of panels
 * (150 m of fabric). Start these runs starts the panels (the kurtas wait for them); once the panels
 * are completed the next plan starts the kurtas, and every level moves: fabric, panels, kurtas.
 * Inventory then shows the kurta's days of stock left, and Planning and the Dashboard's card list it
 * as Running out soon.
 * Screenshots land in .test-artifacts/screenshots/.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dialog, dismissNotifications, eventually, openTab, rowCells, screenshot, settle } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

/** Completes the one run in progress of a product from the Manufacturing list. */
async function completeRun(page: Page, productName: string): Promise<void> {
  const run = page.getByRole('row').filter({ hasText: productName }).filter({ hasText: 'In Progress' });
  await run.getByRole('button', { name: 'Mark as Completed' }).click();
  await dialog(page, 'Complete this production run?').getByRole('button', { name: 'Complete Run' }).click();
  await page.getByRole('row').filter({ hasText: productName }).filter({ hasText: 'Completed' }).first().waitFor();
}

/** Needed, in stock, in progress and to make of a product in the plan's table of its level. */
async function planned(plan: Locator, level: number, product: string): Promise<string[]> {
  return (await rowCells(plan.getByRole('table', { name: `Plan level ${level}` }), product)).slice(1, 5);
}

describe('planning a kurta from cut panels from dyed fabric', { timeout: 240_000 }, () => {
  for (const [size, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    it(`plans 50 kurtas from open orders, starts the plan and moves every level (${size})`, async () => {
      const { page } = await e2e.openApp({ viewport });
      const client = await e2e.clientOf(page);
      const seed = seeder(client);
      const fabric = await seed.material({
        material_name: 'Dyed fabric',
        unit_of_measure: 'metres',
        stock_level: 200,
        cost_per_unit: 150,
      });
      const panels = await seed.product({
        sku: 'PNL-01',
        product_name: 'Cut Panels',
        selling_price: 400,
        bom: [{ material_id: fabric, quantity: 1.5 }],
      });
      const kurta = await client.rpc('create_product', {
        sku: 'KUR-01',
        product_name: 'Panel Kurta',
        selling_price: 1299,
        stock_on_hand: 50,
        bom: [{ product_id: panels, quantity: 2 }],
      });
      expect(kurta.error).toBeNull();
      // 50 kurtas ordered: the order takes the 50 in stock, and stays open (Unfulfilled).
      await seed.sale(kurta.data!.id, 'Flipkart', 50);

      await openTab(page, 'Planning');
      const plan = page.getByRole('region', { name: 'Plan' });
      await plan.getByRole('button', { name: 'Make plan' }).click();
      // Level 1: 50 ordered, none in stock, none in progress: make 50. Level 2: 2 sets a kurta.
      await eventually(() => planned(plan, 1, 'Panel Kurta')).toEqual(['50', '0', '0', '50']);
      expect(await planned(plan, 2, 'Cut Panels')).toEqual(['100', '0', '0', '100']);
      expect((await rowCells(plan.getByRole('table', { name: 'Plan materials' }), 'Dyed fabric')).slice(0, 5)).toEqual([
        'Dyed fabric',
        '150 metres',
        '200 metres',
        '—',
        '—',
      ]);
      await plan.getByText('1 run can start now', { exact: false }).waitFor();
      await dismissNotifications(page);
      await settle(page);
      await plan.getByText('Level 1: what was asked for').evaluate((heading) => heading.scrollIntoView());
      await screenshot(page, `planning-plan-${size}`);

      // Start these runs: the panels start (the fabric goes into them); the plan now counts them In Progress.
      await plan.getByRole('button', { name: 'Start these runs' }).click();
      await page.getByText('Started 1 run.').waitFor();
      await eventually(() => planned(plan, 2, 'Cut Panels')).toEqual(['100', '0', '100', '0']);
      await openTab(page, 'Manufacturing');
      await page.getByRole('row').filter({ hasText: 'Cut Panels' }).filter({ hasText: 'In Progress' }).waitFor();
      const fabricLeft = await client.from('raw_materials').select('stock_level').eq('id', fabric).single();
      expect(Number(fabricLeft.data!.stock_level)).toBe(50);

      // The panels are made (on Manufacturing); the next plan (on Planning) starts the kurtas from them.
      await completeRun(page, 'Cut Panels');
      await openTab(page, 'Planning');
      await plan.getByRole('button', { name: 'Make plan' }).click();
      await eventually(() => planned(plan, 2, 'Cut Panels')).toEqual(['100', '100', '0', '0']);
      await plan.getByText('1 run can start now', { exact: false }).waitFor();
      // The first start's notification may still show: the one to wait for is this start's.
      await dismissNotifications(page);
      await plan.getByRole('button', { name: 'Start these runs' }).click();
      await page.getByText('Started 1 run.').waitFor();
      await eventually(() => planned(plan, 1, 'Panel Kurta')).toEqual(['50', '0', '50', '0']);
      await openTab(page, 'Manufacturing');
      await completeRun(page, 'Panel Kurta');
      await openTab(page, 'Planning');
      await plan.getByRole('button', { name: 'Make plan' }).click();
      await eventually(() => planned(plan, 1, 'Panel Kurta')).toEqual(['50', '50', '0', '0']);
      await dismissNotifications(page);
      await settle(page);
      await plan.getByText('Level 1: what was asked for').evaluate((heading) => heading.scrollIntoView());
      await screenshot(page, `planning-started-${size}`);

      // Every level moved: 50 m of fabric, no panels left, 50 kurtas in stock for the open order.
      const stock = await client.from('products').select('sku, stock_on_hand').order('sku');
      expect(stock.data).toEqual([
        { sku: 'KUR-01', stock_on_hand: 50 },
        { sku: 'PNL-01', stock_on_hand: 0 },
      ]);

      // Inventory: 50 sold in 30 days is 1.7 a day, so 50 in stock last 30 days.
      await openTab(page, 'Inventory');
      const products = page.getByRole('region', { name: 'Finished Products' });
      await products.getByText('30 days', { exact: true }).waitFor();
      expect(await products.getByText('1.7 a day', { exact: false }).isVisible()).toBe(true);
      // 50 a month over 7 days of lead time and 7 safety days: ceil(50 x 14 / 30) = 24.
      expect(
        await products.getByRole('button', { name: 'Use 24 as the reorder point of Panel Kurta' }).isVisible(),
      ).toBe(true);
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, `planning-inventory-${size}`);

      // The owner's lead time, in the product's drawer: 14 days (and the default 7 safety days) make it
      // ceil(50 x 21 / 30) = 35. Half a day is refused on the field and saves nothing.
      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'Panel Kurta', exact: true }).click();
      const drawer = dialog(page, 'Panel Kurta');
      const planningForm = drawer.getByRole('form', { name: 'Planning' });
      const leadTime = planningForm.getByRole('textbox', { name: 'Lead time (days)' });
      await leadTime.fill('2.5');
      await planningForm.getByRole('button', { name: 'Save planning' }).click();
      await planningForm.getByText('Lead time must be a whole number.').waitFor();
      await leadTime.fill('14');
      await planningForm.getByRole('button', { name: 'Save planning' }).click();
      await page.getByText('Panel Kurta: planning saved.').waitFor();
      const days = await client.from('products').select('lead_time_days, safety_days').eq('sku', 'KUR-01').single();
      expect(days.data).toEqual({ lead_time_days: 14, safety_days: null });
      await dismissNotifications(page);
      await planningForm.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, `planning-drawer-${size}`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await openTab(page, 'Inventory');
      await products.getByRole('button', { name: 'Use 35 as the reorder point of Panel Kurta' }).click();
      await page.getByText('Panel Kurta: reorder point set to 35.').waitFor();
      const reorderPoint = await client.from('products').select('reorder_point').eq('sku', 'KUR-01').single();
      expect(reorderPoint.data!.reorder_point).toBe(35);

      await openTab(page, 'Dashboard');
      const card = page.getByRole('region', { name: 'Running out soon' });
      await card.getByText('Panel Kurta').waitFor();
      expect(await card.getByText('30 days left', { exact: false }).isVisible()).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, `planning-dashboard-${size}`);

      // Planning lists it in full, with the day it runs out.
      await card.getByRole('button', { name: 'See the plan' }).click();
      const list = page.getByRole('region', { name: 'Running out soon' });
      await list.getByText('Panel Kurta').waitFor();
      expect(await list.getByText('30 days left', { exact: false }).isVisible()).toBe(true);
      await page.getByRole('heading', { name: 'Planning', level: 2 }).waitFor();
    });
  }
});

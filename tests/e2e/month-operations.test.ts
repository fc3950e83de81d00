// A month in the shop, through the browser at 1280x800 and 390x844: receive materials and start the
// production that was short before, count stock, read an item's history, edit a BOM, archive and
// restore, cancel and return sales while revenue and stock follow, cancel a production run and
// watch its materials come back. Screenshots of each new screen land in .test-artifacts/screenshots.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dialog,
  dismissNotifications,
  eventually,
  fillProductionOrder,
  openTab,
  rowCells,
  settle,
  startProduction,
  cardValue,
} from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');

async function screenshot(page: Page, name: string): Promise<void> {
  await dismissNotifications(page);
  await settle(page);
  const size = page.viewportSize()!;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`) });
}

/** Opens the row menu of an item (products, raw materials) and picks one of its actions. */
async function rowAction(page: Page, itemName: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${itemName}`, exact: true }).click();
  await page
    .getByRole('dialog', { name: `Actions for ${itemName}` })
    .getByRole('button', { name: action, exact: true })
    .click();
}

/** Opens Products and waits until the product's Stock on Hand reads `stock`. */
async function expectProductStock(page: Page, sku: string, stock: string): Promise<void> {
  await openTab(page, 'Products');
  await eventually(async () => (await rowCells(page, sku))[4]).toBe(stock);
}

/** The history drawer's entries, each as its lines of text. */
async function historyEntries(drawer: Locator): Promise<string[]> {
  const items = drawer.getByRole('list', { name: 'Stock changes' }).getByRole('listitem');
  return (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

for (const viewport of [DESKTOP, PHONE]) {
  const size = `${viewport.width}x${viewport.height}`;

  describe(`the month's operations at ${size}`, { timeout: 180_000 }, () => {
    it('receives materials, then starts the production that was short; counts stock; reads the history', async () => {
      const { page } = await e2e.openApp({ viewport });
      const seed = seeder(await e2e.clientOf(page));
      const fabric = await seed.material({
        material_name: 'Cotton fabric',
        supplier: 'Surat Mills',
        cost_per_unit: 100,
        stock_level: 2,
        unit_of_measure: 'metres',
      });
      await seed.product({
        sku: 'KUR-01',
        product_name: 'Cotton Kurta',
        selling_price: 899,
        bom: [{ material_id: fabric, quantity: 2.5 }],
      });

      // Two kurtas need 5 metres; 2 are in stock.
      let form = await fillProductionOrder(page, { product: 'Cotton Kurta (KUR-01)', quantity: '2' });
      await form.getByText('Not enough raw materials to start production.').waitFor();
      expect(await form.getByRole('button', { name: 'Start Production' }).isDisabled()).toBe(true);
      await form.getByRole('button', { name: 'Cancel', exact: true }).click();
      await form.waitFor({ state: 'hidden' });

      await openTab(page, 'Raw Materials');
      await rowAction(page, 'Cotton fabric', 'Receive stock');
      form = dialog(page, 'Receive stock: Cotton fabric');
      expect(await form.getByLabel('Unit cost paid').inputValue()).toBe('100');
      await form.getByLabel('Quantity (metres)').fill('10');
      await form.getByLabel('Unit cost paid').fill('130');
      await form.getByLabel('Note').fill('Invoice 42');
      // (2 x 100 + 10 x 130) / 12 = 125
      await form.getByText('Cost per unit becomes ₹125.00').waitFor();
      await screenshot(page, 'receive-stock');
      await form.getByRole('button', { name: 'Receive Stock' }).click();
      await form.waitFor({ state: 'hidden' });
      await page.getByText('Received 10 metres of Cotton fabric. In stock: 12.').waitFor();
      await eventually(() => rowCells(page, 'Cotton fabric')).toEqual([
        'Cotton fabric',
        'Surat Mills',
        '₹125.00',
        '12',
        'metres',
      ]);

      await startProduction(page, { product: 'Cotton Kurta (KUR-01)', quantity: '2' });
      await openTab(page, 'Raw Materials');
      await eventually(async () => (await rowCells(page, 'Cotton fabric'))[3]).toBe('7');

      await rowAction(page, 'Cotton fabric', 'Count stock');
      form = dialog(page, 'Count stock: Cotton fabric');
      await form.getByRole('button', { name: 'Save Count' }).click();
      await form.getByText('A reason is required.').waitFor();
      await form.getByLabel('Counted stock (metres)').fill('7');
      await form.getByLabel('Reason').fill('Monthly count');
      await form.getByRole('button', { name: 'Save Count' }).click();
      await form.getByText('Stock is already 7.').waitFor();
      await form.getByLabel('Counted stock (metres)').fill('6.5');
      await form.getByText('0.5 metres missing').waitFor();
      await screenshot(page, 'count-stock');
      await form.getByRole('button', { name: 'Save Count' }).click();
      await form.waitFor({ state: 'hidden' });
      await eventually(async () => (await rowCells(page, 'Cotton fabric'))[3]).toBe('6.5');

      await rowAction(page, 'Cotton fabric', 'History');
      const drawer = dialog(page, 'History: Cotton fabric');
      await eventually(() => historyEntries(drawer)).toEqual([
        expect.stringMatching(/^Counted: 0\.5 missing −0\.5 metres .+ Balance after: 6\.5 metres “Monthly count”$/),
        expect.stringMatching(
          /^Used to make 2 Cotton Kurta −5 metres .+ Balance after: 7 metres Production run \w{8}$/,
        ),
        expect.stringMatching(/^Received from Surat Mills \+10 metres .+ Balance after: 12 metres “Invoice 42”$/),
        expect.stringMatching(/^Opening stock \+2 metres .+ Balance after: 2 metres$/),
      ]);
      await screenshot(page, 'stock-history');
      await drawer.getByRole('button', { name: 'Close history' }).click();
      await drawer.waitFor({ state: 'hidden' });
    });

    it('edits a BOM; archives and restores a product and a material, which pickers then skip', async () => {
      const { page } = await e2e.openApp({ viewport });
      const seed = seeder(await e2e.clientOf(page));
      const silk = await seed.material({ material_name: 'Silk', stock_level: 100, unit_of_measure: 'metres' });
      await seed.material({ material_name: 'Zari', stock_level: 50, unit_of_measure: 'grams' });
      await seed.product({
        sku: 'SAR-01',
        product_name: 'Silk Saree',
        selling_price: 4999,
        stock_on_hand: 4,
        bom: [{ material_id: silk, quantity: 6 }],
      });
      await openTab(page, 'Products');

      await rowAction(page, 'Silk Saree', 'Edit');
      let form = dialog(page, 'Edit Silk Saree');
      await form.getByLabel('Selling Price').fill('5499');
      await form.getByLabel('Quantity 1').fill('5.5');
      await form.getByRole('button', { name: 'Add Material' }).click();
      await form.getByRole('combobox', { name: 'Material 2' }).click();
      await page.getByRole('option', { name: 'Zari (grams)', exact: true }).click();
      await form.getByLabel('Quantity 2').fill('0');
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await form.getByText('BOM quantity must be at least 0.001.').waitFor();
      await form.getByLabel('Quantity 2').fill('20');
      await screenshot(page, 'edit-product');
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await form.waitFor({ state: 'hidden' });
      await eventually(async () => (await rowCells(page, 'SAR-01'))[3]).toBe('₹5,499.00');

      form = await fillProductionOrder(page, { product: 'Silk Saree (SAR-01)', quantity: '2' });
      const requirements = form.getByRole('table', { name: 'Required materials' });
      // Units beside the material's name (issue 13's wording), so the figures stand alone.
      await eventually(() => rowCells(requirements, 'Silk')).toEqual(['Silk (metres)', '11', '100', '']);
      expect(await rowCells(requirements, 'Zari')).toEqual(['Zari (grams)', '40', '50', '']);
      await form.getByRole('button', { name: 'Cancel', exact: true }).click();
      await form.waitFor({ state: 'hidden' });

      await openTab(page, 'Products');
      await rowAction(page, 'Silk Saree', 'Archive');
      form = dialog(page, 'Archive Silk Saree?');
      await form.getByText(/Its stock \(4 units\) stays as it is/).waitFor();
      await screenshot(page, 'archive-product');
      await form.getByRole('button', { name: 'Archive', exact: true }).click();
      await form.waitFor({ state: 'hidden' });
      await eventually(() => page.getByRole('row').filter({ hasText: 'SAR-01' }).count()).toBe(0);

      await openTab(page, 'Sales Orders');
      await page.getByRole('button', { name: 'Add New Sale' }).click();
      form = dialog(page, 'Add New Sale');
      const productPicker = form.getByRole('combobox', { name: 'Product' });
      // Loaded, and with no product left to offer (the only one is archived): the picker says so.
      await eventually(() => productPicker.getAttribute('placeholder')).toBe('Add a product first');
      await productPicker.click();
      expect(await page.getByRole('option', { name: /Silk Saree/ }).count()).toBe(0);
      await form.getByRole('button', { name: 'Cancel', exact: true }).click();
      await form.waitFor({ state: 'hidden' });

      await openTab(page, 'Products');
      await page.getByRole('switch', { name: 'Show archived' }).check();
      await eventually(() => rowCells(page, 'SAR-01')).toEqual([
        'SAR-01',
        'Silk Saree Archived',
        '—',
        '₹5,499.00',
        '4',
      ]);
      await screenshot(page, 'show-archived');
      await rowAction(page, 'Silk Saree', 'Restore');
      form = dialog(page, 'Restore Silk Saree?');
      await form.getByRole('button', { name: 'Restore', exact: true }).click();
      await form.waitFor({ state: 'hidden' });
      await eventually(async () => (await rowCells(page, 'SAR-01'))[1]).toBe('Silk Saree');

      await openTab(page, 'Raw Materials');
      await rowAction(page, 'Zari', 'Archive');
      form = dialog(page, 'Archive Zari?');
      await form.getByRole('button', { name: 'Archive', exact: true }).click();
      await form.waitFor({ state: 'hidden' });
      await eventually(() => page.getByRole('row').filter({ hasText: 'Zari' }).count()).toBe(0);
      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'Add New Product' }).click();
      form = dialog(page, 'Add New Product');
      await form.getByRole('button', { name: 'Add Material' }).click();
      await form.getByRole('combobox', { name: 'Material 1' }).click();
      await page.getByRole('option', { name: 'Silk (metres)', exact: true }).waitFor();
      expect(await page.getByRole('option', { name: /Zari/ }).count()).toBe(0);
    });

    it('cancels and returns sales while revenue and stock follow', async () => {
      const { page } = await e2e.openApp({ viewport });
      const seed = seeder(await e2e.clientOf(page));
      const cap = await seed.product({
        sku: 'CAP-01',
        product_name: 'Cotton Cap',
        selling_price: 350,
        stock_on_hand: 10,
      });
      await seed.sale(cap, 'Flipkart', 2);
      await seed.sale(cap, 'Amazon', 3);
      await openTab(page, 'Dashboard');
      await eventually(() => cardValue(page, 'Total Revenue')).toBe('₹1,750.00');

      await openTab(page, 'Sales Orders');
      const flipkart = page.getByRole('row').filter({ hasText: 'Flipkart' });
      await flipkart.getByRole('button', { name: 'Cancel', exact: true }).click();
      let form = dialog(page, 'Cancel this order?');
      await form.getByText(/The 2 units go back into stock, and its ₹700\.00 no longer counts as revenue/).waitFor();
      await screenshot(page, 'cancel-sale');
      await form.getByRole('button', { name: 'Cancel Order' }).click();
      await form.waitFor({ state: 'hidden' });
      await page.getByText('Order cancelled. 2 units of Cotton Cap are back in stock.').waitFor();
      await eventually(async () => (await rowCells(page, 'Flipkart'))[5]).toBe('Cancelled');
      expect(await flipkart.getByRole('button').count()).toBe(0);
      await expectProductStock(page, 'CAP-01', '7');
      await openTab(page, 'Dashboard');
      await eventually(() => cardValue(page, 'Total Revenue')).toBe('₹1,050.00');

      await openTab(page, 'Sales Orders');
      const amazon = page.getByRole('row').filter({ hasText: 'Amazon' });
      await amazon.getByRole('button', { name: 'Fulfill' }).click();
      await eventually(async () => (await rowCells(page, 'Amazon')).slice(5, 7)).toEqual(['Fulfilled', 'Return']);
      await amazon.getByRole('button', { name: 'Return' }).click();
      form = dialog(page, 'Record a return');
      // An RTO of every unit still out, all sellable, is what the form starts with (issue 29).
      await form.getByText('3 of 3 can still be returned').waitFor();
      await form.getByText('3 units of Cotton Cap go back into stock.').waitFor();
      await form.getByLabel('Note').fill('RTO');
      await screenshot(page, 'return-sale');
      await form.getByRole('button', { name: 'Record Return' }).click();
      await form.waitFor({ state: 'hidden' });
      await eventually(async () => (await rowCells(page, 'Amazon'))[5]).toBe('Returned');
      // No action is left (only the way to its history of returns).
      expect(await amazon.getByRole('button', { name: /^(Fulfill|Cancel|Return)$/ }).count()).toBe(0);
      await amazon.getByRole('button', { name: '3 of 3 returned · History' }).waitFor();
      await expectProductStock(page, 'CAP-01', '10');
      await openTab(page, 'Dashboard');
      await eventually(() => cardValue(page, 'Total Revenue')).toBe('₹0.00');
      expect(await cardValue(page, 'Open Sales Orders')).toBe('0');

      // A damaged return: the order is Returned, the stock stays where the sale left it.
      await seed.sale(cap, 'Myntra', 1);
      await openTab(page, 'Sales Orders');
      const myntra = page.getByRole('row').filter({ hasText: 'Myntra' });
      await myntra.getByRole('button', { name: 'Fulfill' }).click();
      await myntra.getByRole('button', { name: 'Return' }).click();
      form = dialog(page, 'Record a return');
      await form.getByLabel('Sellable').fill('0');
      await form.getByLabel('Damaged').fill('1');
      await form.getByText('Stock stays as it is (damaged or lost goods).').waitFor();
      await form.getByRole('button', { name: 'Record Return' }).click();
      await form.waitFor({ state: 'hidden' });
      // The orders' table; the damaged unit's claim is now in Returns' Claims section.
      const orders = page.getByRole('table').first();
      await eventually(async () => (await rowCells(orders, 'Myntra'))[5]).toBe('Returned');
      await openTab(page, 'Returns');
      await page.getByRole('region', { name: 'Claims' }).getByRole('row').filter({ hasText: 'Damaged × 1' }).waitFor();
      await expectProductStock(page, 'CAP-01', '9');
    });

    it('cancels a production run and its materials come back', async () => {
      const { page } = await e2e.openApp({ viewport });
      const seed = seeder(await e2e.clientOf(page));
      const denim = await seed.material({ material_name: 'Denim', stock_level: 40, unit_of_measure: 'metres' });
      const jeans = await seed.product({
        sku: 'JNS-01',
        product_name: 'Denim Jeans',
        selling_price: 1999,
        bom: [{ material_id: denim, quantity: 1.5 }],
      });
      await seed.production(jeans, 10);
      await openTab(page, 'Raw Materials');
      await eventually(async () => (await rowCells(page, 'Denim'))[3]).toBe('25');

      await openTab(page, 'Manufacturing');
      const run = page.getByRole('row').filter({ hasText: 'Denim Jeans' });
      await run.getByRole('button', { name: 'Cancel', exact: true }).click();
      const form = dialog(page, 'Cancel this production run?');
      await form.getByText('15 metres of Denim').waitFor();
      await screenshot(page, 'cancel-production');
      await form.getByRole('button', { name: 'Cancel Run' }).click();
      await form.waitFor({ state: 'hidden' });
      await eventually(async () => (await rowCells(page, 'Denim Jeans'))[3]).toBe('Cancelled');
      expect(await run.getByRole('button').count()).toBe(0);
      await openTab(page, 'Raw Materials');
      await eventually(async () => (await rowCells(page, 'Denim'))[3]).toBe('40');
      await expectProductStock(page, 'JNS-01', '0');
    });
  });
}

describe('the month operations reach every open tab', { timeout: 120_000 }, () => {
  it('shows a count and a cancelled sale in another tab, history drawer included, without a reload', async () => {
    const first = await e2e.openApp();
    const seed = seeder(await e2e.clientOf(first.page));
    const mug = await seed.product({ sku: 'MUG-01', product_name: 'Clay Mug', selling_price: 250, stock_on_hand: 8 });
    await seed.sale(mug, 'Myntra', 3);

    const second = await e2e.openApp({ storageState: await first.context.storageState() });
    await openTab(second.page, 'Products');
    await rowAction(second.page, 'Clay Mug', 'History');
    const drawer = dialog(second.page, 'History: Clay Mug');
    await eventually(() => historyEntries(drawer)).toHaveLength(2);

    await openTab(first.page, 'Sales Orders');
    await first.page
      .getByRole('row')
      .filter({ hasText: 'Myntra' })
      .getByRole('button', { name: 'Cancel', exact: true })
      .click();
    await dialog(first.page, 'Cancel this order?').getByRole('button', { name: 'Cancel Order' }).click();
    await eventually(async () => (await historyEntries(drawer))[0]).toMatch(/^Sale on Myntra cancelled \+3 units/);

    await openTab(first.page, 'Products');
    await rowAction(first.page, 'Clay Mug', 'Count stock');
    const form = dialog(first.page, 'Count stock: Clay Mug');
    await form.getByLabel('Counted stock (units)').fill('6');
    await form.getByLabel('Reason').fill('Two broke');
    await form.getByRole('button', { name: 'Save Count' }).click();
    await eventually(async () => (await historyEntries(drawer))[0]).toMatch(
      /^Counted: 2 missing −2 units .+ “Two broke”$/,
    );
    await drawer.getByRole('button', { name: 'Close history' }).click();
    await eventually(async () => (await rowCells(second.page, 'MUG-01'))[4]).toBe('6');
  });
});

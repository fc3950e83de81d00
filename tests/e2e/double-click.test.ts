/**
 * One click is one write: a double click on the save button of every dialog that creates something
 * (or records a return; a style and its variants, a batch of runs) sends one request and writes once,
 * at both screen sizes. The button is
 * busy from the first click, while the form checks its fields and then while the save is on its
 * way; the server's request_id (pgTAP request_ids.test.sql) covers a retry after a lost answer.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose, countRpcCalls, dialog, eventually, fillProductionOrder, fillSale, openTab } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

const e2e = useE2e({ motion: 'full' });

/** Double-clicks the button as a hurried user does, then waits for the dialog to close. */
async function doubleClick(form: Locator, button: string): Promise<void> {
  await form.getByRole('button', { name: button, exact: true }).dblclick();
  await form.waitFor({ state: 'hidden' });
}

async function rowMenu(page: Page, item: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${item}`, exact: true }).click();
  await page
    .getByRole('dialog', { name: `Actions for ${item}` })
    .getByRole('button', { name: action, exact: true })
    .click();
}

describe('a double click writes once', { timeout: 240_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`on every create dialog at ${size.width}x${size.height}`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const client = await e2e.clientOf(page);
      const count = async (table: 'products' | 'raw_materials' | 'sales_orders' | 'manufacturing_orders') =>
        (await client.from(table).select('id', { count: 'exact', head: true })).count;
      const calls = Object.fromEntries(
        [
          'create_raw_material',
          'create_product',
          'log_sale',
          'start_production',
          'receive_material',
          'adjust_stock',
          'record_return',
          'create_style',
          'start_production_batch',
          'create_combo',
        ].map((rpc) => [rpc, countRpcCalls(page, rpc)]),
      );

      await openTab(page, 'Raw Materials');
      await page.getByRole('button', { name: 'Add New Material' }).click();
      let form = dialog(page, 'Add New Material');
      await form.getByLabel('Material Name').fill('Cotton fabric');
      await form.getByLabel('Stock Level').fill('100');
      await form.getByLabel('Unit of Measure').fill('metres');
      await doubleClick(form, 'Save Material');
      expect(await count('raw_materials')).toBe(1);

      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'Add New Product' }).click();
      form = dialog(page, 'Add New Product');
      await form.getByLabel('SKU').fill('SH-1');
      await form.getByLabel('Product Name').fill('Linen Shirt');
      await form.getByLabel('Selling Price').fill('999');
      await form.getByLabel('Stock on Hand').fill('5');
      await form.getByRole('button', { name: 'Add Material' }).click();
      await form.getByRole('combobox', { name: 'Material 1' }).click();
      await page.getByRole('option', { name: 'Cotton fabric (metres)', exact: true }).click();
      await form.getByLabel('Quantity 1').fill('2');
      await doubleClick(form, 'Save Product');
      expect(await count('products')).toBe(1);

      form = await fillSale(page, { product: 'Linen Shirt (SH-1)', quantity: '1' });
      await doubleClick(form, 'Log Sale');
      expect(await count('sales_orders')).toBe(1);

      form = await fillProductionOrder(page, { product: 'Linen Shirt (SH-1)', quantity: '3' });
      await doubleClick(form, 'Start Production');
      expect(await count('manufacturing_orders')).toBe(1);

      await openTab(page, 'Raw Materials');
      await rowMenu(page, 'Cotton fabric', 'Receive stock');
      form = dialog(page, 'Receive stock: Cotton fabric');
      await form.getByLabel('Quantity (metres)').fill('10');
      await doubleClick(form, 'Receive Stock');
      await rowMenu(page, 'Cotton fabric', 'Count stock');
      form = dialog(page, 'Count stock: Cotton fabric');
      await form.getByLabel('Counted stock (metres)').fill('99');
      await form.getByLabel('Reason').fill('Monthly count');
      await doubleClick(form, 'Save Count');
      // 100 - 3 x 2 + 10 = 104 received once, then counted to 99 once.
      const fabric = await client.from('raw_materials').select('stock_level').single();
      expect(Number(fabric.data!.stock_level)).toBe(99);
      const ledger = await client.from('stock_movements').select('reason').not('material_id', 'is', null);
      expect(ledger.data!.map((row) => row.reason).sort()).toEqual([
        'adjustment',
        'opening_stock',
        'production_consumption',
        'purchase_receipt',
      ]);

      await openTab(page, 'Sales Orders');
      const sale = page.getByRole('row').filter({ hasText: 'Linen Shirt' });
      await sale.getByRole('button', { name: 'Fulfill' }).click();
      await sale.getByRole('button', { name: 'Return' }).waitFor();
      await sale.getByRole('button', { name: 'Return' }).click();
      form = dialog(page, 'Record a return');
      await doubleClick(form, 'Record Return');
      await eventually(() => sale.getByText('Returned', { exact: true }).count()).toBe(1);

      // A style of two sizes, then a batch of both: one style, two variants, two runs.
      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'Add New Product' }).click();
      form = dialog(page, 'Add New Product');
      await form.getByText('Several sizes or colours').click();
      await form.getByLabel('Style Name').fill('Kurta');
      await form.getByLabel('SKU Prefix').fill('KUR');
      await form.getByLabel('Selling Price').fill('899');
      await form.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Size');
      const sizes = form.getByRole('combobox', { name: 'Values of option 1', exact: true });
      for (const value of ['S', 'M']) {
        await sizes.fill(value);
        await sizes.press('Enter');
      }
      await doubleClick(form, 'Save Style');
      expect((await client.from('styles').select('id', { count: 'exact', head: true })).count).toBe(1);
      expect(await count('products')).toBe(3);

      await openTab(page, 'Manufacturing');
      await page.getByRole('button', { name: 'Create New Order' }).click();
      form = dialog(page, 'Create New Order');
      await form.getByText('A style in several sizes').click();
      await choose(page, form.getByRole('combobox', { name: 'Style' }), 'Kurta (KUR)');
      await form.getByLabel('Quantity of S', { exact: true }).fill('2');
      await form.getByLabel('Quantity of M', { exact: true }).fill('3');
      await doubleClick(form, 'Start Production');
      expect(await count('manufacturing_orders')).toBe(3);

      // A pack of 2 (issue 34): one combo.
      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'Add New Product' }).click();
      form = dialog(page, 'Add New Product');
      await form.getByText('A combo or pack').click();
      await form.getByLabel('SKU').fill('SH-PACK2');
      await form.getByLabel('Product Name').fill('Linen Shirt, pack of 2');
      await form.getByLabel('Selling Price').fill('1500');
      await choose(page, form.getByRole('combobox', { name: 'Part 1' }), 'Linen Shirt (SH-1)');
      await form.getByLabel('Quantity 1').fill('2');
      await doubleClick(form, 'Save Combo');
      expect(await count('products')).toBe(4);

      expect(Object.fromEntries(Object.entries(calls).map(([rpc, called]) => [rpc, called()]))).toEqual({
        create_raw_material: 1,
        create_product: 1,
        log_sale: 1,
        start_production: 1,
        receive_material: 1,
        adjust_stock: 1,
        record_return: 1,
        create_style: 1,
        start_production_batch: 1,
        create_combo: 1,
      });
    });
  }
});

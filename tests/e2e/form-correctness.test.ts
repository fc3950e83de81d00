/**
 * What a new user types, taken exactly or refused on the field with a message and nothing sent:
 * decimals in whole-number fields, out-of-range numbers, '1e3', a 5,000-character name, duplicate
 * SKUs and material names in another case and with spaces; the raw-material form's defaults;
 * pickers that open only when opened and modals that close at the first Cancel or Escape; the
 * words and dates the lists show; a production refusal shown once.
 */
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  addRawMaterial,
  countRpcCalls,
  dialog,
  eventually,
  fieldMessage,
  fillProductionOrder,
  fillSale,
  logSale,
  openTab,
  rowCells,
  startProduction,
} from './support/actions';
import { useE2e } from './support/fixture';

const e2e = useE2e();

describe('numbers, names and limits in the forms', { timeout: 180_000 }, () => {
  it('refuses 2.5, -5, 0 and 1e3 on their fields and sends nothing', async () => {
    const { page } = await e2e.openApp();
    await addProduct(page, { sku: 'TEE-01', name: 'Plain Tee', sellingPrice: '499', stockOnHand: '20' });
    await addRawMaterial(page, { name: 'Cotton fabric', stockLevel: '100', unit: 'metres' });
    await addProduct(page, {
      sku: 'KUR-01',
      name: 'Cotton Kurta',
      sellingPrice: '1299',
      bom: [{ material: 'Cotton fabric (metres)', quantity: '2' }],
    });
    const createProductCalls = countRpcCalls(page, 'create_product');
    const createMaterialCalls = countRpcCalls(page, 'create_raw_material');
    const logSaleCalls = countRpcCalls(page, 'log_sale');
    const startProductionCalls = countRpcCalls(page, 'start_production');

    // Product: decimals in whole-number fields, a negative price.
    await openTab(page, 'Products');
    await page.getByRole('button', { name: 'Add New Product' }).click();
    const product = dialog(page, 'Add New Product');
    await product.getByLabel('SKU').fill('SHI-01');
    await product.getByLabel('Product Name').fill('Linen Shirt');
    await product.getByLabel('Selling Price').fill('-5');
    await product.getByLabel('Stock on Hand').fill('2.5');
    await product.getByLabel('Reorder Point').fill('7.5');
    await product.getByRole('button', { name: 'Save Product' }).click();
    await eventually(() => fieldMessage(product.getByLabel('Selling Price'))).toBe(
      'Selling price must be at least 0.01.',
    );
    expect(await fieldMessage(product.getByLabel('Stock on Hand'))).toBe('Stock on hand must be a whole number.');
    expect(await fieldMessage(product.getByLabel('Reorder Point'))).toBe('Reorder point must be a whole number.');
    expect(await product.getByLabel('Stock on Hand').inputValue()).toBe('2.5');
    await product.getByLabel('Stock on Hand').fill('-10');
    await eventually(() => fieldMessage(product.getByLabel('Stock on Hand'))).toBe('Stock on hand must be at least 0.');
    await product.getByRole('button', { name: 'Cancel' }).click();
    await product.waitFor({ state: 'hidden' });

    // Material: a negative cost, a cost finer than the database keeps.
    await openTab(page, 'Raw Materials');
    await page.getByRole('button', { name: 'Add New Material' }).click();
    const material = dialog(page, 'Add New Material');
    await material.getByLabel('Material Name').fill('Buttons');
    await material.getByLabel('Cost per Unit').fill('-5');
    await material.getByRole('button', { name: 'Save Material' }).click();
    await eventually(() => fieldMessage(material.getByLabel('Cost per Unit'))).toBe(
      'Cost per unit must be at least 0.',
    );
    await material.getByLabel('Cost per Unit').fill('1.23456');
    await eventually(() => fieldMessage(material.getByLabel('Cost per Unit'))).toBe(
      'Cost per unit can have at most 4 decimal places.',
    );
    await material.getByRole('button', { name: 'Cancel' }).click();
    await material.waitFor({ state: 'hidden' });

    // Sale: 2.5, 0 and 1e3.
    const sale = await fillSale(page, { product: 'Plain Tee (TEE-01)', quantity: '2.5' });
    const saleQuantity = sale.getByLabel('Quantity');
    for (const [typed, message] of [
      ['2.5', 'Quantity must be a whole number.'],
      ['0', 'Quantity must be at least 1.'],
      ['1e3', 'Quantity must be a number.'],
    ] as const) {
      await saleQuantity.fill(typed);
      await sale.getByRole('button', { name: 'Log Sale' }).click();
      await eventually(() => fieldMessage(saleQuantity)).toBe(message);
      expect(await saleQuantity.inputValue()).toBe(typed);
    }
    await sale.getByRole('button', { name: 'Cancel' }).click();
    await sale.waitFor({ state: 'hidden' });

    // Production: 0, -3, -5 and 2.5.
    const run = await fillProductionOrder(page, { product: 'Cotton Kurta (KUR-01)', quantity: '0' });
    const runQuantity = run.getByLabel('Quantity to Produce');
    for (const [typed, message] of [
      ['0', 'Quantity to produce must be at least 1.'],
      ['-3', 'Quantity to produce must be at least 1.'],
      ['-5', 'Quantity to produce must be at least 1.'],
      ['2.5', 'Quantity to produce must be a whole number.'],
    ] as const) {
      await runQuantity.fill(typed);
      // Said on the field as typed; Start Production stays off while it is wrong.
      await eventually(() => fieldMessage(runQuantity)).toBe(message);
      expect(await run.getByRole('button', { name: 'Start Production' }).isDisabled()).toBe(true);
    }
    await run.getByRole('button', { name: 'Cancel' }).click();
    await run.waitFor({ state: 'hidden' });

    expect([createProductCalls(), createMaterialCalls(), logSaleCalls(), startProductionCalls()]).toEqual([0, 0, 0, 0]);
    expect(await page.getByText('No production runs yet').isVisible()).toBe(true);
    await openTab(page, 'Sales Orders');
    expect(await page.getByText('No sales yet').isVisible()).toBe(true);
    await openTab(page, 'Raw Materials');
    expect((await rowCells(page, 'Cotton fabric'))[3]).toBe('100');
  });

  it('keeps ₹0.125 a button; saves an empty unit as units and an empty cost as ₹0.00', async () => {
    const { page } = await e2e.openApp();
    await addRawMaterial(page, { name: 'Shirt button', costPerUnit: '0.125', stockLevel: '500' });
    expect(await rowCells(page, 'Shirt button')).toEqual(['Shirt button', '—', '₹0.125', '500', 'units']);

    await page.getByRole('button', { name: 'Add New Material' }).click();
    const form = dialog(page, 'Add New Material');
    await form.getByLabel('Material Name').fill('Jute twine');
    await form.getByLabel('Cost per Unit').fill('');
    await form.getByLabel('Unit of Measure').fill('');
    await form.getByLabel('Stock Level').fill('');
    await form.getByRole('button', { name: 'Save Material' }).click();
    await form.waitFor({ state: 'hidden' });
    await eventually(() => rowCells(page, 'Jute twine')).toEqual(['Jute twine', '—', '₹0.00', '0', 'units']);
  });

  it('says a 5,000-character name is too long on the field as it is typed, and sends nothing', async () => {
    const { page } = await e2e.openApp();
    const calls = countRpcCalls(page, 'create_product');
    await openTab(page, 'Products');
    await page.getByRole('button', { name: 'Add New Product' }).click();
    const form = dialog(page, 'Add New Product');
    const name = form.getByLabel('Product Name');
    await name.fill('x'.repeat(5000));
    // Before any save: the field knows the database's limit.
    await eventually(() => fieldMessage(name)).toBe('Product name must be at most 200 characters.');
    expect(await form.getByText('5,000/200 characters').isVisible()).toBe(true);
    expect(await name.inputValue()).toHaveLength(5000);

    await form.getByLabel('SKU').fill('LONG-1');
    await form.getByLabel('Selling Price').fill('100');
    await form.getByRole('button', { name: 'Save Product' }).click();
    await eventually(() => fieldMessage(name)).toBe('Product name must be at most 200 characters.');
    expect(calls()).toBe(0);
  });

  it('refuses a SKU or material name that differs from an existing one only in case and spaces', async () => {
    const { page } = await e2e.openApp();
    await addProduct(page, { sku: 'P-1', name: 'Plain Tee', sellingPrice: '499' });
    await addRawMaterial(page, { name: 'Cotton fabric', stockLevel: '10' });
    // Uniqueness is the server's answer (it alone sees every item): its refusal lands on the field.
    e2e.expectRefusal('create_product');
    e2e.expectRefusal('create_raw_material');
    const productCalls = countRpcCalls(page, 'create_product');
    const materialCalls = countRpcCalls(page, 'create_raw_material');

    await openTab(page, 'Products');
    await page.getByRole('button', { name: 'Add New Product' }).click();
    const product = dialog(page, 'Add New Product');
    await product.getByLabel('SKU').fill(' p-1 ');
    await product.getByLabel('Product Name').fill('Another Tee');
    await product.getByLabel('Selling Price').fill('399');
    await product.getByRole('button', { name: 'Save Product' }).click();
    await eventually(() => fieldMessage(product.getByLabel('SKU'))).toBe('A product with SKU P-1 already exists.');
    await product.getByRole('button', { name: 'Cancel' }).click();

    await openTab(page, 'Raw Materials');
    await page.getByRole('button', { name: 'Add New Material' }).click();
    const material = dialog(page, 'Add New Material');
    await material.getByLabel('Material Name').fill('  COTTON Fabric ');
    await material.getByRole('button', { name: 'Save Material' }).click();
    await eventually(() => fieldMessage(material.getByLabel('Material Name'))).toBe(
      'A material named Cotton fabric already exists.',
    );
    // One refused call each, and nothing written.
    expect([productCalls(), materialCalls()]).toEqual([1, 1]);
    const client = await e2e.clientOf(page);
    const items = await Promise.all(
      (['products', 'raw_materials'] as const).map(async (table) => {
        const { count } = await client.from(table).select('id', { count: 'exact', head: true });
        return count;
      }),
    );
    expect(items).toEqual([1, 1]);
  });
});

describe('pickers and modals', { timeout: 120_000 }, () => {
  it('leave the product picker closed until it is opened; Escape and Cancel close at the first press', async () => {
    const { page } = await e2e.openApp();
    await addProduct(page, { sku: 'TEE-01', name: 'Plain Tee', sellingPrice: '499', stockOnHand: '5' });

    for (const [tab, button, title] of [
      ['Sales Orders', 'Add New Sale', 'Add New Sale'],
      ['Manufacturing', 'Create New Order', 'Create New Order'],
    ] as const) {
      await openTab(page, tab);
      await page.getByRole('button', { name: button }).click();
      const form = dialog(page, title);
      const picker = form.getByRole('combobox', { name: 'Product' });
      await eventually(() => picker.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await page.getByRole('listbox').count()).toBe(0);
      expect(await picker.getAttribute('aria-expanded')).toBe('false');

      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: button }).click();
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'hidden' });
      expect(await picker.count()).toBe(0);
    }
    await openTab(page, 'Sales Orders');
    expect(await page.getByText('No sales yet').isVisible()).toBe(true);
  });
});

describe('words, dates and refusals', { timeout: 180_000 }, () => {
  it('writes dates the Indian way and names units beside materials, so nothing reads "1 spools"', async () => {
    const { page } = await e2e.openApp();
    await addRawMaterial(page, { name: 'Zari thread', stockLevel: '6', unit: 'spools' });
    await addProduct(page, {
      sku: 'DUP-01',
      name: 'Zari Dupatta',
      sellingPrice: '2450',
      stockOnHand: '4',
      bom: [{ material: 'Zari thread (spools)', quantity: '0.5' }],
    });
    await logSale(page, { product: 'Zari Dupatta (DUP-01)', quantity: '1' });
    const [date] = await rowCells(page, 'Zari Dupatta');
    expect(date).toMatch(/^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{1,2}:\d{2} (am|pm)$/);

    const form = await fillProductionOrder(page, { product: 'Zari Dupatta (DUP-01)', quantity: '2' });
    const requirements = form.getByRole('table', { name: 'Required materials' });
    await eventually(() => rowCells(requirements, 'Zari thread')).toEqual(['Zari thread (spools)', '1', '6', '']);
    await form.getByRole('button', { name: 'Start Production' }).click();
    await form.waitFor({ state: 'hidden' });
    const [created] = await rowCells(page, 'Zari Dupatta');
    expect(created).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)$/);

    await openTab(page, 'Inventory');
    const materials = page.getByRole('region', { name: 'Raw Materials' });
    await eventually(() => rowCells(materials, 'Zari thread')).toEqual([
      'Zari thread (spools)',
      '5',
      '20',
      'Low Stock',
    ]);
  });

  it('shows the server refusing production in a race once, not twice', async () => {
    e2e.expectRefusal('start_production');
    const fresh = await e2e.openApp();
    await addRawMaterial(fresh.page, { name: 'Zip', stockLevel: '10' });
    await addProduct(fresh.page, {
      sku: 'BAG-01',
      name: 'Canvas Bag',
      sellingPrice: '500',
      bom: [{ material: 'Zip (units)', quantity: '1' }],
    });
    // A second browser of the same user that hears no realtime event: only the server can refuse.
    const stale = await e2e.openApp({
      storageState: await fresh.context.storageState(),
      beforeLoad: (page) => page.routeWebSocket(/\/realtime\/v1\/websocket/, () => {}),
    });
    const form = await fillProductionOrder(stale.page, { product: 'Canvas Bag (BAG-01)', quantity: '8' });
    await eventually(() => form.getByRole('button', { name: 'Start Production' }).isEnabled()).toBe(true);
    await startProduction(fresh.page, { product: 'Canvas Bag (BAG-01)', quantity: '5' });

    await form.getByRole('button', { name: 'Start Production' }).click();
    await form.getByRole('alert').waitFor();
    // The refusal refreshed the stock, so the form's own check now agrees: still one message.
    await eventually(() => form.getByRole('button', { name: 'Start Production' }).isDisabled()).toBe(true);
    expect(await form.getByText('Not enough raw materials to start production.').count()).toBe(1);
  });
});

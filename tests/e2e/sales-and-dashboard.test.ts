import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  addRawMaterial,
  eventually,
  fillSale,
  logSale,
  openTab,
  rowCells,
  cardValue,
} from './support/actions';
import { useE2e } from './support/fixture';

const e2e = useE2e();

async function productStock(page: Page, sku: string): Promise<string | undefined> {
  await openTab(page, 'Products');
  return (await rowCells(page, sku))[4];
}

describe('sales orders and the dashboard', { timeout: 180_000 }, () => {
  it('logging a sale lowers stock and shows its rupee total, newest first', async () => {
    const { page } = await e2e.openApp();
    await addProduct(page, { sku: 'TSH-01', name: 'Graphic Tee', sellingPrice: '499', stockOnHand: '20' });

    await logSale(page, { product: 'Graphic Tee (TSH-01)', platform: 'Myntra', quantity: '3' });
    await eventually(() => rowCells(page, 'Graphic Tee')).toEqual([
      expect.any(String),
      'Graphic Tee',
      'Myntra',
      '3',
      '₹1,497.00',
      'Unfulfilled',
      'Fulfill Cancel',
      // Select (a checkbox; not one of the spec's columns)
      '',
      // Payment (issue 30; not one of the spec's columns): none for an order without a marketplace order id
      '',
    ]);
    await eventually(() => productStock(page, 'TSH-01')).toBe('17');
  });

  it('refuses an oversell with the exact message, keeps the form, and changes nothing', async () => {
    e2e.expectRefusal('log_sale');
    const { page } = await e2e.openApp();
    await addProduct(page, { sku: 'KUR-01', name: 'Cotton Kurta', sellingPrice: '1299', stockOnHand: '3' });

    const form = await fillSale(page, { product: 'Cotton Kurta (KUR-01)', quantity: '5' });
    // The hint waits for the product's stock to load.
    await form.getByText('Only 3 available.', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Log Sale' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe('Not enough stock for Cotton Kurta. Only 3 available.');
    // What the user typed is still there to correct.
    expect(await form.getByRole('combobox', { name: 'Product' }).inputValue()).toBe('Cotton Kurta (KUR-01)');
    expect(await form.getByLabel('Quantity').inputValue()).toBe('5');

    await form.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByText('No sales yet').isVisible()).toBe(true);
    expect(await productStock(page, 'KUR-01')).toBe('3');
    await openTab(page, 'Dashboard');
    await eventually(() => cardValue(page, 'Total Revenue')).toBe('₹0.00');
  });

  it('Fulfill changes only the status', async () => {
    const { page } = await e2e.openApp();
    await addProduct(page, { sku: 'CAP-01', name: 'Cotton Cap', sellingPrice: '350', stockOnHand: '10' });
    await logSale(page, { product: 'Cotton Cap (CAP-01)', platform: 'Amazon', quantity: '2' });
    const unfulfilled = [expect.any(String), 'Cotton Cap', 'Amazon', '2', '₹700.00'];
    await eventually(() => rowCells(page, 'Cotton Cap')).toEqual([
      ...unfulfilled,
      'Unfulfilled',
      'Fulfill Cancel',
      // Select, then Payment (none without a marketplace order id)
      '',
      '',
    ]);
    const orderDate = (await rowCells(page, 'Cotton Cap'))[0];

    await page.getByRole('button', { name: 'Fulfill' }).click();
    await eventually(() => rowCells(page, 'Cotton Cap')).toEqual([
      orderDate,
      'Cotton Cap',
      'Amazon',
      '2',
      '₹700.00',
      'Fulfilled',
      'Return',
      // Select: empty, a Fulfilled order cannot be ticked
      '',
      // Payment: none without a marketplace order id
      '',
    ]);
    expect(await productStock(page, 'CAP-01')).toBe('8');
    await openTab(page, 'Dashboard');
    // Both figures come from one summary; before it arrives the cards show 0 and ₹0.00.
    await eventually(() => cardValue(page, 'Total Revenue')).toBe('₹700.00');
    expect(await cardValue(page, 'Open Sales Orders')).toBe('0');
  });

  it('shows the dashboard figures, the 5 newest sales, and opens the tabs its cards name', async () => {
    const { page } = await e2e.openApp();
    await addRawMaterial(page, { name: 'Zari', stockLevel: '5' });
    await addRawMaterial(page, { name: 'Lining', stockLevel: '50' });
    await addProduct(page, { sku: 'A-01', name: 'Anarkali', sellingPrice: '1000', stockOnHand: '20' });
    await addProduct(page, { sku: 'B-01', name: 'Bandhani Scarf', sellingPrice: '250', stockOnHand: '5' });

    const sales = [
      { product: 'Anarkali (A-01)', platform: 'Flipkart', quantity: '2' },
      { product: 'Bandhani Scarf (B-01)', platform: 'Myntra', quantity: '1' },
      { product: 'Anarkali (A-01)', platform: 'Amazon', quantity: '1' },
      { product: 'Anarkali (A-01)', platform: 'Brand Website', quantity: '1' },
      { product: 'Anarkali (A-01)', platform: 'Myntra', quantity: '1' },
      { product: 'Anarkali (A-01)', platform: 'Other', quantity: '1' },
    ];
    for (const sale of sales) await logSale(page, sale);
    await eventually(() => page.getByRole('button', { name: 'Fulfill' }).count()).toBe(6);
    await page
      .getByRole('row')
      .filter({ hasText: 'Myntra' })
      .filter({ hasText: 'Bandhani' })
      .getByRole('button', { name: 'Fulfill' })
      .click();
    await eventually(() => page.getByRole('button', { name: 'Fulfill' }).count()).toBe(5);

    await openTab(page, 'Dashboard');
    await eventually(() => cardValue(page, 'Total Revenue')).toBe('₹6,250.00');
    expect(await cardValue(page, 'Open Sales Orders')).toBe('5');
    expect(await cardValue(page, 'Low Stock Products')).toBe('1');
    expect(await cardValue(page, 'Low Stock Materials')).toBe('1');

    const recent = page.getByRole('table').filter({ hasText: 'Order ID' });
    const rows = await recent.getByRole('row').all();
    expect(rows).toHaveLength(1 + 5);
    const [, newest, ...older] = await Promise.all(
      rows.map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())),
    );
    expect(newest).toEqual([expect.stringMatching(/^[0-9a-f]{8}$/), 'Other', '₹1,000.00', 'Unfulfilled']);
    expect(older.map((cells) => cells[1])).toEqual(['Myntra', 'Brand Website', 'Amazon', 'Myntra']);
    expect(older.map((cells) => cells[3])).toEqual(['Unfulfilled', 'Unfulfilled', 'Unfulfilled', 'Fulfilled']);

    await page.getByRole('button', { name: 'Open Sales Orders' }).click();
    await page.getByRole('heading', { name: 'Sales Orders', level: 2 }).waitFor();
    await openTab(page, 'Dashboard');
    await page.getByRole('button', { name: 'Low Stock Products' }).click();
    await page.getByRole('heading', { name: 'Inventory Status', level: 2 }).waitFor();
    await openTab(page, 'Dashboard');
    await page.getByRole('button', { name: 'Low Stock Materials' }).click();
    await page.getByRole('heading', { name: 'Inventory Status', level: 2 }).waitFor();
    // Total Revenue leads nowhere.
    expect(await page.getByRole('button', { name: 'Total Revenue' }).count()).toBe(0);
  });
});

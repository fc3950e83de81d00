/**
 * Screens for the whole business (issue 41): the spec's six tabs, then one screen per capability and
 * Settings, each one click from the navigation with its heading at 1280x800 and 390x844; with a
 * month of a shop's data the Dashboard is at most 1,600 px tall at 1280x800, no screen is over four
 * phone heights (its lists counted at five rows), its compact cards open their screens, and Sales Orders fits 1280 px without a
 * horizontal scroll; a reload keeps the screen, Back and Forward move between screens; leaving a
 * half-filled Add New Sale (Back, Escape) asks first.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, dialog, choose, eventually, openTab, SCREENS, settle, screenshot } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

/** Each screen's heading: the spec's own titles for its tabs, else the screen's label. */
const HEADINGS: Record<(typeof SCREENS)[number], string> = {
  Dashboard: 'Dashboard',
  Inventory: 'Inventory Status',
  Products: 'Products Master',
  'Raw Materials': 'Raw Materials',
  'Sales Orders': 'Sales Orders',
  Manufacturing: 'Manufacturing Orders',
  Purchasing: 'Purchasing',
  Returns: 'Returns',
  Customers: 'Customers',
  Payments: 'Payments',
  Profit: 'Profit',
  GST: 'GST',
  Planning: 'Planning',
  Channels: 'Channels',
  Locations: 'Locations',
  'Job work': 'Job work',
  Accounts: 'Accounts',
  Settings: 'Settings',
};

const heading = (page: Page, screen: (typeof SCREENS)[number]) =>
  page.getByRole('heading', { name: HEADINGS[screen], level: 2, exact: true });

/** The day `back` days before today in India, as 'YYYY-MM-DD'. */
const daysAgo = (back: number) => new Date(Date.now() + 5.5 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);

/**
 * A month of a small shop: three products, 90 marketplace orders over the last 30 days (most shipped),
 * a third of them back as returns (some damaged: claims), a late purchase order.
 */
async function seedMonth(page: Page): Promise<void> {
  const client = await e2e.clientOf(page);
  const seed = seeder(client);
  const fabric = await seed.material({
    material_name: 'Cotton fabric',
    supplier: 'Arvind Mills',
    cost_per_unit: 120,
    stock_level: 400,
    unit_of_measure: 'metres',
    reorder_point: 500,
  });
  const products = [
    ['KUR-01', 'Cotton Kurta', 899],
    ['DUP-02', 'Silk Dupatta', 1299],
    ['SAR-03', 'Linen Saree', 2499],
  ] as const;
  for (const [sku, product_name, selling_price] of products) {
    await seed.product({
      sku,
      product_name,
      selling_price,
      stock_on_hand: 200,
      bom: [{ material_id: fabric, quantity: 2 }],
    });
  }
  const platforms = ['Flipkart', 'Amazon', 'Myntra'] as const;
  for (const [index, platform] of platforms.entries()) {
    const orders = Array.from({ length: 30 }, (_, day) => ({
      external_order_id: `${platform.slice(0, 2).toUpperCase()}-${day}`,
      order_date: daysAgo(day),
      sku: products[(day + index) % 3]![0],
      quantity: 1 + (day % 3),
      total_amount: products[(day + index) % 3]![2] * (1 + (day % 3)),
      status: day < 3 ? 'Unfulfilled' : 'Fulfilled',
    }));
    const imported = await client.rpc('import_sales_orders', { platform, lines: orders });
    expect(imported.error).toBeNull();
    const returns = orders
      .filter((_, day) => day >= 3 && day % 3 === 0)
      .map((order, index) => ({
        external_order_id: order.external_order_id,
        sku: order.sku,
        quantity: 1,
        kind: 'customer_return',
        return_date: daysAgo(1),
        condition: index % 3 ? 'sellable' : 'damaged',
      }));
    const returned = await client.rpc('import_returns', { platform, lines: returns });
    expect(returned.error).toBeNull();
  }
  // The material's supplier is one of the suppliers already.
  const { data: supplier } = await client.from('suppliers').select('id').eq('supplier_name', 'Arvind Mills').single();
  const late = await client.rpc('create_purchase_order', {
    supplier_id: supplier!.id,
    lines: [{ material_id: fabric, quantity: 100, unit_price: 118 }],
    expected_date: daysAgo(2),
  });
  expect(late.error).toBeNull();
  const placed = await client.rpc('place_purchase_order', {
    po_id: (late.data as { purchase_order_id: string }).purchase_order_id,
  });
  expect(placed.error).toBeNull();
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/**
 * The page's height with every list counted at its first five rows: a list (25 rows a page, on a
 * phone as cards) is as long as the rows the owner pages through; the rest of the screen is not.
 */
const heightWithListsOfFive = (page: Page) =>
  page.evaluate(() => {
    let beyondFive = 0;
    for (const body of Array.from(document.querySelectorAll('main table tbody'))) {
      const rows = Array.from(body.children).slice(5);
      for (const row of rows)
        beyondFive += row.getBoundingClientRect().height + parseFloat(getComputedStyle(row).marginTop);
    }
    return document.documentElement.scrollHeight - beyondFive;
  });

describe('screens for the whole business', { timeout: 300_000 }, () => {
  it('lists the spec’s tabs, then each capability, then Settings, each one click away with its heading, at both sizes', async () => {
    const { page } = await e2e.openApp();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await navigation.getByRole('button').allInnerTexts()).toEqual([...SCREENS]);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      for (const screen of [...CAPABILITIES, 'Settings' as const]) {
        await openTab(page, screen);
        await heading(page, screen).waitFor();
        expect(await navigation.getByRole('button', { name: screen, exact: true }).getAttribute('aria-current')).toBe(
          'page',
        );
      }
    }
  });

  it('keeps the Dashboard within 1,600 px at 1280x800 and every screen within four phone heights, with a month of data', async () => {
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    await seedMonth(page);
    await page.reload();
    await heading(page, 'Dashboard').waitFor();
    // The compact cards, each with its figure.
    const cards = {
      'Profit this month': 'Profit',
      'Payments overdue': 'Payments',
      'Claims due in 3 days': 'Returns',
      'GST due this month': 'GST',
      'Running out soon': 'Planning',
      'Late purchase orders': 'Purchasing',
    } as const;
    for (const title of Object.keys(cards)) {
      await page.getByRole('region', { name: title, exact: true }).locator('[aria-busy="false"]').waitFor();
    }
    await page
      .getByRole('region', { name: 'Late purchase orders', exact: true })
      .getByText('1 late', { exact: true })
      .waitFor();
    await page.getByRole('region', { name: 'Running out soon', exact: true }).getByText('3 products').waitFor();
    await settle(page);
    await screenshot(page, 'navigation-dashboard-month', true);
    expect(await pageHeight(page)).toBeLessThanOrEqual(1_600);

    // Each card opens its screen.
    for (const [title, screen] of Object.entries(cards)) {
      await openTab(page, 'Dashboard');
      await page.getByRole('region', { name: title, exact: true }).getByRole('button').click();
      await heading(page, screen).waitFor();
    }

    await page.setViewportSize(PHONE);
    const tooTall: string[] = [];
    for (const screen of SCREENS) {
      await openTab(page, screen);
      await heading(page, screen).waitFor();
      await settle(page);
      await screenshot(page, `navigation-month-${screen.toLowerCase().replace(/ /g, '-')}`, true);
      const height = await heightWithListsOfFive(page);
      if (height > 4 * PHONE.height) tooTall.push(`${screen}: ${height} px`);
    }
    expect(tooTall).toEqual([]);
  });

  it('fits Sales Orders in 1280 px without a horizontal scroll', async () => {
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    await seedMonth(page);
    await openTab(page, 'Sales Orders');
    const table = page.getByRole('main').getByRole('table');
    await eventually(() => table.getByRole('row').count()).toBeGreaterThan(25);
    // Every column is on screen, the last (Payment) too, its badges whole, and nothing on the page
    // scrolls sideways.
    await table.getByRole('columnheader', { name: 'Payment' }).waitFor();
    await table.getByText('Awaiting payment', { exact: true }).first().waitFor();
    await settle(page);
    await screenshot(page, 'navigation-sales-orders-month');
    const sideways = await page.evaluate(() =>
      [document.documentElement, ...Array.from(document.querySelectorAll('main *'))]
        .filter((element) => {
          const overflow = getComputedStyle(element).overflowX;
          return (
            (element === document.documentElement || overflow === 'auto' || overflow === 'scroll') &&
            element.scrollWidth > element.clientWidth
          );
        })
        .map((element) => `${element.tagName}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}`),
    );
    expect(sideways).toEqual([]);
    const cutShort = await table
      .locator('.mantine-Badge-label')
      .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).length);
    expect(cutShort).toBe(0);
    const payment = await table.getByRole('columnheader', { name: 'Payment' }).boundingBox();
    expect(payment!.x + payment!.width).toBeLessThanOrEqual(DESKTOP.width);
  });

  it('keeps the screen across a reload, and Back and Forward move between screens', async () => {
    const { page } = await e2e.openApp();
    await openTab(page, 'Payments');
    await heading(page, 'Payments').waitFor();
    await page.reload();
    await heading(page, 'Payments').waitFor();
    await openTab(page, 'GST');
    await heading(page, 'GST').waitFor();
    await page.reload();
    await heading(page, 'GST').waitFor();
    await page.goBack();
    await heading(page, 'Payments').waitFor();
    await page.goForward();
    await heading(page, 'GST').waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('button', { name: 'GST', exact: true })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  for (const size of [DESKTOP, PHONE]) {
    it(`asks before Back or Escape drops a half-filled Add New Sale, at ${size.width}x${size.height}`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const seed = seeder(await e2e.clientOf(page));
      await seed.product({ sku: 'KUR-01', product_name: 'Cotton Kurta', selling_price: 899, stock_on_hand: 10 });
      await openTab(page, 'Sales Orders');
      await page.getByRole('button', { name: 'Add New Sale' }).click();
      const sale = dialog(page, 'Add New Sale');
      await choose(page, sale.getByRole('combobox', { name: 'Product' }), 'Cotton Kurta (KUR-01)');
      await sale.getByLabel('Quantity').fill('3');
      const discard = dialog(page, 'Discard your changes?');

      // Back asks; Keep editing keeps the form and what was typed, on the same screen.
      await page.goBack();
      await discard.waitFor();
      await settle(page);
      await screenshot(page, 'navigation-discard-changes');
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await discard.waitFor({ state: 'hidden' });
      expect(await sale.getByLabel('Quantity').inputValue()).toBe('3');
      expect(await sale.getByRole('combobox', { name: 'Product' }).inputValue()).toBe('Cotton Kurta (KUR-01)');
      await heading(page, 'Sales Orders').waitFor();

      // Escape asks too; Keep editing, then Back and Discard: the form goes, and Back goes back.
      await sale.getByLabel('Quantity').press('Escape');
      await discard.waitFor();
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await discard.waitFor({ state: 'hidden' });
      expect(await sale.getByLabel('Quantity').inputValue()).toBe('3');
      await page.goBack();
      await discard.getByRole('button', { name: 'Discard' }).click();
      await sale.waitFor({ state: 'detached' });
      await heading(page, 'Dashboard').waitFor();

      // Nothing typed: Back leaves at once.
      await openTab(page, 'Sales Orders');
      await page.getByRole('button', { name: 'Add New Sale' }).click();
      await sale.getByLabel('Quantity').waitFor();
      await page.goBack();
      await heading(page, 'Dashboard').waitFor();
      expect(await discard.count()).toBe(0);
      const orders = await (await e2e.clientOf(page)).from('sales_orders').select('id');
      expect(orders.data).toEqual([]);
    });

    it(`asks before Escape, a click outside or Back drops a half-filled Create New Order, at ${size.width}x${size.height}`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const seed = seeder(await e2e.clientOf(page));
      const fabric = await seed.material({
        material_name: 'Cotton fabric',
        stock_level: 30,
        unit_of_measure: 'metres',
      });
      await seed.product({
        sku: 'KUR-01',
        product_name: 'Cotton Kurta',
        selling_price: 899,
        bom: [{ material_id: fabric, quantity: 2 }],
      });
      await openTab(page, 'Manufacturing');
      await page.getByRole('button', { name: 'Create New Order' }).click();
      const order = dialog(page, 'Create New Order');
      await choose(page, order.getByRole('combobox', { name: 'Product' }), 'Cotton Kurta (KUR-01)');
      await order.getByLabel('Quantity to Produce').fill('5');
      const discard = dialog(page, 'Discard your changes?');

      // Escape asks; Keep editing keeps what was typed.
      await order.getByLabel('Quantity to Produce').press('Escape');
      await discard.waitFor();
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await discard.waitFor({ state: 'hidden' });
      expect(await order.getByLabel('Quantity to Produce').inputValue()).toBe('5');

      // A click outside asks too; then Back asks, and Discard drops the form and goes back.
      await page.mouse.click(5, size.height - 5);
      await discard.waitFor();
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await discard.waitFor({ state: 'hidden' });
      await page.goBack();
      await discard.getByRole('button', { name: 'Discard' }).click();
      await heading(page, 'Dashboard').waitFor();
      expect(await order.count()).toBe(0);
      const runs = await (await e2e.clientOf(page)).from('manufacturing_orders').select('id');
      expect(runs.data).toEqual([]);
    });
  }
});

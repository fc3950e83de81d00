import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose, eventually, openTab, settle } from './support/actions';
import { PHONE } from './support/environment';
import { useE2e } from './support/fixture';

const e2e = useE2e();

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `list-paging-${name}.png`), fullPage });

async function sessionOf(page: Page): Promise<{ userId: string; token: string }> {
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.*-auth-token$/.test(name));
    return key ? localStorage.getItem(key) : null;
  });
  if (!stored) throw new Error('the app stored no session');
  const session = JSON.parse(stored) as { access_token: string; user: { id: string } };
  return { userId: session.user.id, token: session.access_token };
}

/** An RPC as the app's user from outside the browser: another device of the same account. */
async function rpcAs(token: string, fn: string, args: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(`${e2e.stack.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: e2e.stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`${fn}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Three products through the API and 300 orders of them in one statement: order n is n minutes old
 * and has quantity n (so each row says where it belongs), product n mod 3, platform n mod 5 and
 * status n mod 4 of their lists.
 */
async function seedOrders(token: string, userId: string): Promise<void> {
  for (const [sku, name] of [
    ['PGN-RED', 'Red Kurta'],
    ['PGN-BLU', 'Blue Kurta'],
    ['TOT-01', 'Canvas Tote'],
    ['LIV-01', 'Live Scarf'],
  ]) {
    await rpcAs(token, 'create_product', { sku, product_name: name, selling_price: 100, stock_on_hand: 50 });
  }
  await e2e.stack.db.query(
    `insert into public.sales_orders (user_id, platform, product_id, product_name, quantity, unit_price,
       total_amount, status, order_date)
     select $1, (enum_range(null::public.sales_platform))[1 + n % 5], p.id, p.product_name, n, 100, 100 * n,
       (enum_range(null::public.sales_order_status))[1 + n % 4], now() - make_interval(mins => n)
     from generate_series(1, 300) as n
       join public.products p on p.user_id = $1 and p.sku = (array['PGN-RED', 'PGN-BLU', 'TOT-01'])[1 + n % 3]`,
    [userId],
  );
}

const countOf = async (where: string, userId: string) =>
  Number(
    (
      await e2e.stack.db.query<{ n: string }>(
        `select count(*) as n from public.sales_orders where user_id = $1 and ${where}`,
        [userId],
      )
    ).rows[0]!.n,
  );

/** The Qty column of the rows on screen, top to bottom. */
const quantities = (page: Page) =>
  page
    .locator('td[data-label="Qty"]')
    .allInnerTexts()
    .then((cells) => cells.map((cell) => Number(cell.replace(/,/g, ''))));
const productsShown = (page: Page) => page.locator('td[data-label="Product"]').allInnerTexts();
const platformsShown = (page: Page) => page.locator('td[data-label="Platform"]').allInnerTexts();
const statusesShown = (page: Page) => page.locator('td[data-label="Status"]').allInnerTexts();
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('Sales Orders a page at a time', { timeout: 120_000 }, () => {
  it('pages, searches, filters, sorts and keeps its place; a new sale arrives live on page 1 only', async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const first = await e2e.openApp();
    const { page } = first;
    const { userId, token } = await sessionOf(page);
    await seedOrders(token, userId);

    await openTab(page, 'Sales Orders');
    await page.getByText('1–25 of 300 sales orders').waitFor();
    expect(await quantities(page)).toEqual(range(1, 25));
    await settle(page);
    await shot(page, 'desktop');
    // Wide enough for headers that sort: no sort menu.
    expect(await page.getByRole('combobox', { name: 'Sort by' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Page 3' }).click();
    await page.getByText('51–75 of 300 sales orders').waitFor();
    expect(await quantities(page)).toEqual(range(51, 75));

    // The page survives switching tabs.
    await openTab(page, 'Products');
    await page.getByRole('heading', { name: 'Products Master', level: 2 }).waitFor();
    await openTab(page, 'Sales Orders');
    await page.getByText('51–75 of 300 sales orders').waitFor();
    expect(await quantities(page)).toEqual(range(51, 75));

    // A bigger page starts again from the newest.
    await choose(page, page.getByRole('combobox', { name: 'Rows per page' }), '50');
    await page.getByText('1–50 of 300 sales orders').waitFor();
    expect(await quantities(page)).toEqual(range(1, 50));

    // Search by SKU, in any case: only that product's orders.
    await page.getByRole('searchbox', { name: 'Search sales orders' }).fill('pgn-blu');
    await page.getByText('1–50 of 100 sales orders').waitFor();
    expect(new Set(await productsShown(page))).toEqual(new Set(['Blue Kurta']));
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByText('1–50 of 300 sales orders').waitFor();

    // Platform and status together.
    const amazonFulfilled = await countOf(`platform = 'Amazon' and status = 'Fulfilled'`, userId);
    await choose(page, page.getByRole('combobox', { name: 'Platform' }), 'Amazon');
    await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Fulfilled');
    await page.getByText(`1–${amazonFulfilled} of ${amazonFulfilled} sales orders`).waitFor();
    expect(new Set(await platformsShown(page))).toEqual(new Set(['Amazon']));
    expect(new Set(await statusesShown(page))).toEqual(new Set(['Fulfilled']));
    await settle(page);
    await shot(page, 'filtered-desktop');
    await choose(page, page.getByRole('combobox', { name: 'Platform' }), 'All platforms');
    await choose(page, page.getByRole('combobox', { name: 'Status' }), 'All statuses');

    // Sorting by a column, largest first, then the other way.
    await page.getByRole('button', { name: 'Qty' }).click();
    await eventually(() => quantities(page).then((q) => q.slice(0, 3))).toEqual([300, 299, 298]);
    await page.getByRole('button', { name: 'Qty' }).click();
    await eventually(() => quantities(page).then((q) => q.slice(0, 3))).toEqual([1, 2, 3]);
    await page.getByRole('button', { name: 'Date' }).click();
    await page.getByText('1–50 of 300 sales orders').waitFor();
    await choose(page, page.getByRole('combobox', { name: 'Rows per page' }), '25');

    // The same user on another device, on page 3; a sale logged elsewhere shows on page 1 only.
    const other = await e2e.openApp({ storageState: await first.context.storageState() });
    await openTab(other.page, 'Sales Orders');
    await other.page.getByRole('button', { name: 'Page 3' }).click();
    await other.page.getByText('51–75 of 300 sales orders').waitFor();
    const liveScarf = (
      await e2e.stack.db.query<{ id: string }>(`select id from public.products where user_id = $1 and sku = 'LIV-01'`, [
        userId,
      ])
    ).rows[0]!.id;
    await rpcAs(token, 'log_sale', { product_id: liveScarf, quantity: 7, platform: 'Myntra' });

    await page.getByText('1–25 of 301 sales orders').waitFor();
    expect((await productsShown(page))[0]).toBe('Live Scarf');
    await other.page.getByText('51–75 of 301 sales orders').waitFor();
    expect(await productsShown(other.page)).not.toContain('Live Scarf');
    // Every row moved down one: page 3 now starts with the order that ended page 2.
    expect(await quantities(other.page)).toEqual(range(50, 74));
  });

  it('lets a phone user search and page', async () => {
    const { page } = await e2e.openApp({ viewport: PHONE });
    const { userId, token } = await sessionOf(page);
    await seedOrders(token, userId);

    await openTab(page, 'Sales Orders');
    await page.getByText('1–25 of 300 sales orders').waitFor();
    await page.getByRole('searchbox', { name: 'Search sales orders' }).fill('canvas');
    await page.getByText('1–25 of 100 sales orders').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('26–50 of 100 sales orders').waitFor();
    expect(new Set(await productsShown(page))).toEqual(new Set(['Canvas Tote']));
    // The headers are out of sight on a phone: a sort menu above the cards sorts instead, from page 1.
    // Canvas Tote's orders are those with n mod 3 = 2, quantity n: 299, 296, … first.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Qty: highest first' });
    await page.getByText('1–25 of 100 sales orders').waitFor();
    await eventually(() => quantities(page)).toEqual(range(0, 24).map((k) => 299 - 3 * k));
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('combobox', { name: 'Sort by' }).scrollIntoViewIfNeeded();
    await settle(page);
    await shot(page, 'phone-top', false);
    await page.getByRole('button', { name: 'Next page' }).scrollIntoViewIfNeeded();
    await shot(page, 'phone-pages', false);
  });

  it('pages the manufacturing orders and filters them by status and product', async () => {
    const { page } = await e2e.openApp();
    const { userId, token } = await sessionOf(page);
    await seedOrders(token, userId);
    // 60 runs, run n n minutes old, of product n mod 3, every third one completed.
    await e2e.stack.db.query(
      `insert into public.manufacturing_orders (user_id, product_id, product_name, quantity_to_produce, status,
         creation_date, completion_date)
       select $1, p.id, p.product_name, n, case when n % 3 = 0 then 'Completed' else 'In Progress' end::public.manufacturing_order_status,
         now() - make_interval(mins => n), case when n % 3 = 0 then now() end
       from generate_series(1, 60) as n
         join public.products p on p.user_id = $1 and p.sku = (array['PGN-RED', 'PGN-BLU', 'TOT-01'])[1 + n % 3]`,
      [userId],
    );

    await openTab(page, 'Manufacturing');
    await page.getByText('1–25 of 60 manufacturing orders').waitFor();
    await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Completed');
    await page.getByText('1–20 of 20 manufacturing orders').waitFor();
    expect(new Set(await statusesShown(page))).toEqual(new Set(['Completed']));
    await choose(page, page.getByRole('combobox', { name: 'Status' }), 'All statuses');
    // The product filter searches the products on the server as the user types: name or SKU.
    const productFilter = page.getByRole('combobox', { name: 'Product' });
    await productFilter.click();
    await productFilter.fill('tot');
    await eventually(() => page.getByRole('listbox').getByRole('option').allInnerTexts()).toEqual([
      'All products',
      'Canvas Tote (TOT-01)',
    ]);
    await productFilter.fill('pgn-blu');
    await eventually(() => page.getByRole('listbox').getByRole('option').allInnerTexts()).toEqual([
      'All products',
      'Blue Kurta (PGN-BLU)',
    ]);
    await page.getByRole('option', { name: 'Blue Kurta (PGN-BLU)' }).click();
    await page.getByText('1–20 of 20 manufacturing orders').waitFor();
    expect(new Set(await productsShown(page))).toEqual(new Set(['Blue Kurta']));
    await settle(page);
    await shot(page, 'manufacturing-desktop');
  });

  it('pages and filters the products, the inventory tables and an item history', async () => {
    const { page } = await e2e.openApp();
    const { userId, token } = await sessionOf(page);
    // 40 products, every fourth below its reorder point, and one with 61 ledger rows.
    await e2e.stack.db.query(
      `insert into public.products (user_id, sku, product_name, selling_price, stock_on_hand, reorder_point)
       select $1, format('BLK-%s', lpad(n::text, 2, '0')), format('Block print %s', n), 100,
         case when n % 4 = 0 then 1 else 50 end, 10
       from generate_series(1, 40) as n`,
      [userId],
    );
    await rpcAs(token, 'create_product', {
      sku: 'HIS-01',
      product_name: 'History Kurta',
      selling_price: 100,
      stock_on_hand: 5,
    });
    await e2e.stack.db.query(
      `insert into public.stock_movements (user_id, product_id, quantity, balance_after, reason)
       select $1, p.id, 1, 5 + n, 'opening_stock' from public.products p, generate_series(1, 60) as n
       where p.user_id = $1 and p.sku = 'HIS-01'`,
      [userId],
    );

    await openTab(page, 'Products');
    await page.getByText('1–25 of 41 products').waitFor();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('blk-0');
    await page.getByText('1–9 of 9 products').waitFor();
    await page.getByRole('switch', { name: 'Low stock only' }).check();
    await page.getByText('1–2 of 2 products').waitFor();
    expect((await page.locator('td[data-label="SKU"]').allInnerTexts()).sort()).toEqual(['BLK-04', 'BLK-08']);
    // With the History Kurta (5 below its 10).
    await page.getByRole('searchbox', { name: 'Search products' }).fill('');
    await page.getByText('1–11 of 11 products').waitFor();

    await openTab(page, 'Inventory');
    const finished = page.getByRole('region', { name: 'Finished Products' });
    await finished.getByText('1–25 of 41 products').waitFor();
    // A page of 25 still scrolls inside 60% of the viewport height, the pages below it.
    const scrollBox = finished.locator('table').locator('xpath=..');
    expect(await scrollBox.evaluate((element) => getComputedStyle(element).maxHeight)).toBe(`${800 * 0.6}px`);
    expect((await scrollBox.boundingBox())!.height).toBeLessThanOrEqual(800 * 0.6);
    await finished
      .locator('label')
      .filter({ hasText: /^Low Stock$/ })
      .click();
    await finished.getByText('1–11 of 11 products').waitFor();
    await settle(page);
    await shot(page, 'inventory-desktop');

    await openTab(page, 'Products');
    await page.getByRole('switch', { name: 'Low stock only' }).uncheck();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('HIS-01');
    await page.getByText('1–1 of 1 products').waitFor();
    await page.getByRole('button', { name: 'Actions for History Kurta', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Actions for History Kurta' })
      .getByRole('button', { name: 'History', exact: true })
      .click();
    const drawer = page.getByRole('dialog', { name: 'History: History Kurta' });
    const entries = drawer.getByRole('list', { name: 'Stock changes' }).getByRole('listitem');
    await eventually(() => entries.count()).toBe(50);
    await drawer.getByRole('button', { name: 'Show older changes' }).click();
    await eventually(() => entries.count()).toBe(61);
    expect(await drawer.getByRole('button', { name: 'Show older changes' }).count()).toBe(0);
  });
});

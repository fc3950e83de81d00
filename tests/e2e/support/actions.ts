import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Polls until the value matches: the stand-in for Playwright's auto-waiting assertions. */
export function eventually<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 10_000, interval: 100 });
}

/**
 * Waits until nothing is loading or moving any more (a lazy tab, a query, a modal's fade-in): the
 * screen as the user reads it.
 */
export async function settle(page: Page): Promise<void> {
  await eventually(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  await eventually(() =>
    page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length),
  ).toBe(0);
}

/** The left navigation's tabs, in its order: the spec's six. */
export const TABS = ['Dashboard', 'Inventory', 'Products', 'Raw Materials', 'Sales Orders', 'Manufacturing'] as const;
/** Below the spec's tabs, one screen per capability of the business (issue 41), then Settings. */
export const CAPABILITIES = [
  'Purchasing',
  'Returns',
  'Customers',
  'Payments',
  'Profit',
  'GST',
  'Planning',
  'Channels',
  'Locations',
  'Job work',
  'Accounts',
] as const;
/** Every screen of the navigation, in its order. */
export const SCREENS = [...TABS, ...CAPABILITIES, 'Settings'] as const;
export type TabName = (typeof SCREENS)[number];

/** Each screen's heading: the spec's own titles for its tabs, else the screen's label. */
export const SCREEN_HEADINGS: Record<TabName, string> = {
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

export const screenHeading = (page: Page, screen: TabName) =>
  page.getByRole('heading', { name: SCREEN_HEADINGS[screen], level: 2, exact: true });

/** Whether the left navigation is on screen: collapsed, it stays rendered but slid off the left edge. */
export async function navigationOnScreen(page: Page): Promise<boolean> {
  const box = await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox();
  return box !== null && box.x + box.width > 0;
}

/**
 * Dismisses the notifications of earlier steps, as a user taps their X: so a screenshot shows the
 * screen under test, and so a phone's burger is not under one (a hovered notification never closes).
 */
export async function dismissNotifications(page: Page): Promise<void> {
  // Only the notifications' own buttons: rows elsewhere (refused website orders) have a Dismiss too.
  const dismiss = page.locator('.mantine-Notifications-root').getByRole('button', { name: 'Dismiss', exact: true });
  // Each button is clicked as found: one whose notification closed by itself (or slid away as
  // another closed) fails at once, where a locator would wait for a new one to appear. Bounded, so
  // a button that cannot be clicked fails the screenshot's wait instead of looping forever.
  for (let attempt = 0; attempt < 10; attempt++) {
    const buttons = await dismiss.elementHandles();
    if (buttons.length === 0) return;
    for (const button of buttons) await button.click({ timeout: 2_000 }).catch(() => undefined);
  }
}

/** Opens a screen as a user would: on a phone through the burger, waiting for the menu to slide away. */
export async function openTab(page: Page, tab: TabName): Promise<void> {
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const burger = page.getByRole('button', { name: 'Open navigation' });
  const phone = await burger.isVisible();
  if (phone) {
    await dismissNotifications(page);
    await burger.click();
  }
  await navigation.getByRole('button', { name: tab, exact: true }).click();
  if (phone) await eventually(() => navigationOnScreen(page)).toBe(false);
}

export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

export async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The texts of the cells of the one table row that contains `text`, as the user reads them
 * (lines joined by single spaces); empty while there is no such row.
 */
export async function rowCells(scope: Page | Locator, text: string): Promise<string[]> {
  const row = scope.getByRole('row').filter({ hasText: text });
  if ((await row.count()) !== 1) return [];
  return (await row.getByRole('cell').allInnerTexts()).map((cell) => cell.replace(/\s+/g, ' ').trim());
}

export interface NewMaterial {
  name: string;
  supplier?: string;
  costPerUnit?: string;
  stockLevel: string;
  unit?: string;
  reorderPoint?: string;
}

export async function addRawMaterial(page: Page, material: NewMaterial): Promise<void> {
  await openTab(page, 'Raw Materials');
  await page.getByRole('button', { name: 'Add New Material' }).click();
  const form = dialog(page, 'Add New Material');
  await form.getByLabel('Material Name').fill(material.name);
  if (material.supplier) await form.getByLabel('Supplier').fill(material.supplier);
  if (material.costPerUnit) await form.getByLabel('Cost per Unit').fill(material.costPerUnit);
  await form.getByLabel('Stock Level').fill(material.stockLevel);
  if (material.unit) await form.getByLabel('Unit of Measure').fill(material.unit);
  if (material.reorderPoint) await form.getByLabel('Reorder Point').fill(material.reorderPoint);
  await form.getByRole('button', { name: 'Save Material' }).click();
  await form.waitFor({ state: 'hidden' });
  await page.getByRole('row').filter({ hasText: material.name }).waitFor();
}

export interface NewProduct {
  sku: string;
  name: string;
  category?: string;
  sellingPrice: string;
  stockOnHand?: string;
  reorderPoint?: string;
  /** What it is counted in (issue 45): pcs (the form's default), m or kg. */
  unit?: string;
  /**
   * Material option labels, e.g. 'Cotton fabric (metres)', or product ones ('Cut Panels (PNL-01) ·
   * Product', a sub-assembly), with the quantity one unit uses and a material's wastage %.
   */
  bom?: { material: string; quantity: string; wastage?: string }[];
  /** Costs beyond materials (issue 33). */
  costs?: { labour?: string; overheadPerRun?: string; runSize?: string; purchaseCost?: string };
}

export async function addProduct(page: Page, product: NewProduct): Promise<void> {
  await openTab(page, 'Products');
  await page.getByRole('button', { name: 'Add New Product' }).click();
  const form = dialog(page, 'Add New Product');
  await form.getByLabel('SKU').fill(product.sku);
  await form.getByLabel('Product Name').fill(product.name);
  if (product.category) await form.getByLabel('Category').fill(product.category);
  await form.getByLabel('Selling Price').fill(product.sellingPrice);
  if (product.unit) await form.getByLabel('Unit', { exact: true }).selectOption(product.unit);
  if (product.stockOnHand) await form.getByLabel('Stock on Hand').fill(product.stockOnHand);
  if (product.reorderPoint) await form.getByLabel('Reorder Point').fill(product.reorderPoint);
  for (const [index, row] of (product.bom ?? []).entries()) {
    await form.getByRole('button', { name: 'Add Material' }).click();
    await choose(page, form.getByRole('combobox', { name: `Material ${index + 1}` }), row.material);
    await form.getByLabel(`Quantity ${index + 1}`).fill(row.quantity);
    if (row.wastage) await form.getByLabel(`Wastage % ${index + 1}`).fill(row.wastage);
  }
  const costs = product.costs ?? {};
  if (costs.labour) await form.getByLabel('Labour per unit').fill(costs.labour);
  if (costs.overheadPerRun) await form.getByLabel('Overhead per run').fill(costs.overheadPerRun);
  if (costs.runSize) await form.getByLabel('Run size').fill(costs.runSize);
  if (costs.purchaseCost) await form.getByLabel('Purchase cost').fill(costs.purchaseCost);
  await form.getByRole('button', { name: 'Save Product' }).click();
  await form.waitFor({ state: 'hidden' });
  await page.getByRole('row').filter({ hasText: product.sku }).waitFor();
}

export interface NewSale {
  /** The product option label, e.g. 'Cotton Kurta (KUR-01)'. */
  product: string;
  platform?: string;
  quantity: string;
}

/** Opens 'Add New Sale' and fills it in, leaving the modal open for the caller to submit. */
export async function fillSale(page: Page, sale: NewSale): Promise<Locator> {
  await openTab(page, 'Sales Orders');
  await page.getByRole('button', { name: 'Add New Sale' }).click();
  const form = dialog(page, 'Add New Sale');
  await choose(page, form.getByRole('combobox', { name: 'Product' }), sale.product);
  if (sale.platform) await choose(page, form.getByRole('combobox', { name: 'Platform' }), sale.platform);
  await form.getByLabel('Quantity').fill(sale.quantity);
  return form;
}

export async function logSale(page: Page, sale: NewSale): Promise<void> {
  const form = await fillSale(page, sale);
  await form.getByRole('button', { name: 'Log Sale' }).click();
  await form.waitFor({ state: 'hidden' });
}

/** Opens 'Create New Order' and fills it in, leaving the modal open for the caller to submit. */
export async function fillProductionOrder(page: Page, order: { product: string; quantity: string }): Promise<Locator> {
  await openTab(page, 'Manufacturing');
  await page.getByRole('button', { name: 'Create New Order' }).click();
  const form = dialog(page, 'Create New Order');
  await choose(page, form.getByRole('combobox', { name: 'Product' }), order.product);
  await form.getByLabel('Quantity to Produce').fill(order.quantity);
  return form;
}

export async function startProduction(page: Page, order: { product: string; quantity: string }): Promise<void> {
  const form = await fillProductionOrder(page, order);
  await form.getByRole('button', { name: 'Start Production' }).click();
  await form.waitFor({ state: 'hidden' });
}

/** The colour an element is drawn in, and a theme colour resolved the same way, as rgb(). */
export async function textColor(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).color);
}

export async function themeColor(page: Page, name: string): Promise<string> {
  return page.evaluate((variable) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${variable})`;
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, `--mantine-color-${name}`);
}

/** Counts the calls of a database operation (an RPC such as 'log_sale') the page makes from now on. */
export function countRpcCalls(page: Page, rpc: string): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/rest/v1/rpc/${rpc}`) calls++;
  });
  return () => calls;
}

/** The message a form shows on a field (Mantine links it to the input as its description). */
export async function fieldMessage(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby'))?.split(/\s+/).filter(Boolean) ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  if (!errorId) return '';
  return field.page().locator(`[id="${errorId}"]`).innerText();
}

/** Clicks a download button and returns the file's name and its lines (CSV parsed, BOM and header checked by the caller). */
export async function download(
  page: Page,
  button: Locator,
): Promise<{ name: string; text: string; lines: string[][] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = await readFile(await file.path(), 'utf8');
  const { data, errors } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { newline: '\r\n', skipEmptyLines: true });
  expect(errors).toEqual([]);
  return { name: file.suggestedFilename(), text, lines: data };
}

/** The figure on a dashboard card, e.g. '₹6,250.00' or '5' (without its label or note). */
export async function cardValue(page: Page, label: string): Promise<string> {
  const card = page.getByRole('button', { name: label }).or(page.getByRole('region', { name: label }));
  return (await card.locator('[aria-busy]').innerText()).trim();
}

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../.test-artifacts/screenshots');

/** Saves the page (the screen, or the whole page) as .test-artifacts/screenshots/<name>-<width>x<height>.png, to be looked at. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const { width, height } = page.viewportSize()!;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}x${height}.png`), fullPage });
}

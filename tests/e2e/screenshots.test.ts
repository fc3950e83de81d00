import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import {
  addProduct,
  addRawMaterial,
  eventually,
  fillProductionOrder,
  logSale,
  navigationOnScreen,
  openTab,
  settle,
  startProduction,
  SCREENS,
} from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

// Vite's dev server: walking every screen there also catches React's development-only warnings.
const e2e = useE2e({ app: 'dev' });

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');
const SIZES = [DESKTOP, PHONE];

const fileName = (name: string, size: { width: number; height: number }) =>
  path.join(SCREENSHOT_DIR, `${name.toLowerCase().replace(/ /g, '-')}-${size.width}x${size.height}.png`);

async function shootEveryScreen(page: Page, prefix: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const tab of SCREENS) {
      await openTab(page, tab);
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('button', { name: tab, exact: true })
        .and(page.locator('[aria-current="page"]'))
        .waitFor({ state: 'attached' });
      await settle(page);
      await page.screenshot({ path: fileName(`${prefix}${tab}`, size), fullPage: true });
    }
  }
}

describe('every screen at 1280x800 and 390x844', { timeout: 300_000 }, () => {
  it('collapses the navigation behind a burger on a phone', async () => {
    const { page } = await e2e.openApp({ viewport: PHONE });
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const onScreen = () => navigationOnScreen(page);
    await eventually(onScreen).toBe(false);

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await eventually(onScreen).toBe(true);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: fileName('navigation-open', PHONE) });

    await navigation.getByRole('button', { name: 'Products', exact: true }).click();
    await page.getByRole('heading', { name: 'Products Master', level: 2 }).waitFor();
    await eventually(onScreen).toBe(false);
  });

  it('writes screenshots of a first-time user and of a user with data', async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const seeding = await e2e.openApp();
    const viewer = await e2e.openApp({ storageState: await seeding.context.storageState() });
    await shootEveryScreen(viewer.page, 'empty-');

    const { page } = seeding;
    await addRawMaterial(page, {
      name: 'Cotton fabric',
      supplier: 'Surat Textile Mills',
      costPerUnit: '185.5',
      stockLevel: '120',
      unit: 'metres',
    });
    await addRawMaterial(page, { name: 'Buttons', supplier: 'Ludhiana Trims', costPerUnit: '2.25', stockLevel: '600' });
    await addRawMaterial(page, {
      name: 'Zari thread',
      supplier: 'Varanasi Silk House',
      costPerUnit: '1450',
      stockLevel: '6',
      unit: 'spools',
    });
    await addProduct(page, {
      sku: 'KUR-COT-01',
      name: 'Cotton Kurta',
      category: 'Kurtas',
      sellingPrice: '1299',
      stockOnHand: '40',
      bom: [
        { material: 'Cotton fabric (metres)', quantity: '2.5' },
        { material: 'Buttons (units)', quantity: '6' },
      ],
    });
    await addProduct(page, {
      sku: 'DUP-ZAR-02',
      name: 'Zari Dupatta',
      category: 'Dupattas',
      sellingPrice: '2450',
      stockOnHand: '4',
      bom: [{ material: 'Zari thread (spools)', quantity: '0.5' }],
    });
    await logSale(page, { product: 'Cotton Kurta (KUR-COT-01)', platform: 'Flipkart', quantity: '3' });
    await logSale(page, { product: 'Zari Dupatta (DUP-ZAR-02)', platform: 'Myntra', quantity: '1' });
    await logSale(page, { product: 'Cotton Kurta (KUR-COT-01)', platform: 'Amazon', quantity: '12' });
    await page.getByRole('button', { name: 'Fulfill' }).last().click();
    await startProduction(page, { product: 'Cotton Kurta (KUR-COT-01)', quantity: '20' });
    await startProduction(page, { product: 'Zari Dupatta (DUP-ZAR-02)', quantity: '4' });
    await page.getByRole('button', { name: 'Mark as Completed' }).last().click();
    await page
      .getByRole('dialog', { name: 'Complete this production run?' })
      .getByRole('button', { name: 'Complete Run' })
      .click();
    await eventually(() => page.getByRole('button', { name: 'Mark as Completed' }).count()).toBe(1);

    await shootEveryScreen(viewer.page, '');

    for (const size of SIZES) {
      await viewer.page.setViewportSize(size);
      const form = await fillProductionOrder(viewer.page, { product: 'Zari Dupatta (DUP-ZAR-02)', quantity: '10' });
      await form.getByRole('table', { name: 'Required materials' }).waitFor();
      await settle(viewer.page);
      await viewer.page.screenshot({ path: fileName('create-new-order-modal', size) });
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'hidden' });
    }
  });
});

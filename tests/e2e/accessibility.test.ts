import type { AxeResults } from 'axe-core';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  addRawMaterial,
  dialog,
  logSale,
  openTab,
  settle,
  startProduction,
  TABS,
  type TabName,
} from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

const e2e = useE2e();
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Each tab's form, opened by a button that bears the form's title. */
const FORMS: [TabName, string][] = [
  ['Products', 'Add New Product'],
  ['Raw Materials', 'Add New Material'],
  ['Sales Orders', 'Add New Sale'],
  ['Manufacturing', 'Create New Order'],
];

/**
 * axe-core's WCAG 2 A and AA rules on what the page shows now: each serious or critical violation
 * as "rule: element". Moderate findings are left out: Mantine draws a modal's header as a <header>,
 * which axe counts as a second banner landmark.
 */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(
    () =>
      (window as unknown as { axe: { run(options: object): Promise<AxeResults> } }).axe.run({
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      }),
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${where}: ${violation.id}: ${node.html.slice(0, 120)}`),
    );
}

describe('accessibility (axe-core, WCAG 2.1 A and AA)', { timeout: 240_000 }, () => {
  it('finds no serious or critical violation on any tab or form, with data, at both sizes', async () => {
    const { page } = await e2e.openApp();
    await addRawMaterial(page, { name: 'Cotton fabric', stockLevel: '30', unit: 'metres' });
    await addProduct(page, {
      sku: 'KUR-01',
      name: 'Cotton Kurta',
      sellingPrice: '1299',
      stockOnHand: '12',
      bom: [{ material: 'Cotton fabric (metres)', quantity: '2' }],
    });
    await logSale(page, { product: 'Cotton Kurta (KUR-01)', quantity: '4' });
    await logSale(page, { product: 'Cotton Kurta (KUR-01)', quantity: '1' });
    await page.getByRole('button', { name: 'Fulfill' }).first().click();
    await startProduction(page, { product: 'Cotton Kurta (KUR-01)', quantity: '5' });

    const violations: string[] = [];
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      const at = `${size.width}x${size.height}`;
      for (const tab of TABS) {
        await openTab(page, tab);
        violations.push(...(await seriousViolations(page, `${tab} ${at}`)));
      }
      for (const [tab, title] of FORMS) {
        await openTab(page, tab);
        await page.getByRole('button', { name: title }).click();
        violations.push(...(await seriousViolations(page, `${title} ${at}`)));
        await dialog(page, title).getByRole('button', { name: 'Cancel' }).click();
        await dialog(page, title).waitFor({ state: 'hidden' });
      }
      // Platform fees (from the header) and a product's detail drawer.
      await page.getByRole('button', { name: 'Platform fees' }).click();
      await dialog(page, 'Platform fees').getByRole('button', { name: 'Save fees' }).waitFor();
      violations.push(...(await seriousViolations(page, `Platform fees ${at}`)));
      await page.keyboard.press('Escape');
      await dialog(page, 'Platform fees').waitFor({ state: 'detached' });
      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'Cotton Kurta' }).click();
      await dialog(page, 'Cotton Kurta').getByText(/^Can build/).waitFor();
      violations.push(...(await seriousViolations(page, `Product drawer ${at}`)));
      await page.keyboard.press('Escape');
      await dialog(page, 'Cotton Kurta').waitFor({ state: 'hidden' });
    }
    expect(violations).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dialog, openTab, type TabName } from './support/actions';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

/** What axe checks while a form, menu or drawer is open: the dialog, drawn in its portal. */
const OPEN_DIALOG = '[role="dialog"]';

/** Each screen's form, opened by a button that bears the form's title. */
const FORMS: [TabName, string][] = [
  ['Products', 'Add New Product'],
  ['Raw Materials', 'Add New Material'],
  ['Sales Orders', 'Add New Sale'],
  ['Sales Orders', 'Import orders'],
  ['Returns', 'Import returns'],
  ['Payments', 'Import settlement'],
  // Issue 31: the Invoices section, on GST.
  ['GST', 'Create invoice'],
  ['Manufacturing', 'Create New Order'],
];

/** The dialogs and drawer a row opens (issue 14): how to open each, and its title. */
const menuAction = (item: string, action: string) => async (page: Page) => {
  await page.getByRole('button', { name: `Actions for ${item}`, exact: true }).click();
  await page
    .getByRole('dialog', { name: `Actions for ${item}` })
    .getByRole('button', { name: action, exact: true })
    .click();
};
const rowButton = (row: string, button: string) => async (page: Page) => {
  await page.getByRole('row').filter({ hasText: row }).getByRole('button', { name: button, exact: true }).click();
};
const ROW_DIALOGS: [TabName, (page: Page) => Promise<void>, string][] = [
  ['Raw Materials', menuAction('Cotton fabric', 'Receive stock'), 'Receive stock: Cotton fabric'],
  ['Raw Materials', menuAction('Cotton fabric', 'Count stock'), 'Count stock: Cotton fabric'],
  ['Raw Materials', menuAction('Cotton fabric', 'Edit'), 'Edit Cotton fabric'],
  ['Raw Materials', menuAction('Cotton fabric', 'History'), 'History: Cotton fabric'],
  ['Raw Materials', menuAction('Cotton fabric', 'Archive'), 'Archive Cotton fabric?'],
  ['Products', menuAction('Cotton Kurta', 'Edit'), 'Edit Cotton Kurta'],
  ['Products', menuAction('Cotton Kurta', 'History'), 'History: Cotton Kurta'],
  ['Sales Orders', rowButton('Unfulfilled', 'Cancel'), 'Cancel this order?'],
  ['Sales Orders', rowButton('Fulfilled', 'Return'), 'Record a return'],
  ['Manufacturing', rowButton('In Progress', 'Cancel'), 'Cancel this production run?'],
];

describe('accessibility (axe-core, WCAG 2.1 A and AA)', { timeout: 240_000 }, () => {
  it('finds no serious or critical violation on any form, row menu or row dialog, with data, at both sizes', async () => {
    const { page } = await e2e.openApp();
    const seed = seeder(await e2e.clientOf(page));
    const fabric = await seed.material({ material_name: 'Cotton fabric', stock_level: 30, unit_of_measure: 'metres' });
    const kurta = await seed.product({
      sku: 'KUR-01',
      product_name: 'Cotton Kurta',
      selling_price: 1299,
      stock_on_hand: 12,
      bom: [{ material_id: fabric, quantity: 2 }],
    });
    await seed.sale(kurta, 'Flipkart', 4);
    await seed.sale(kurta, 'Flipkart', 1);
    await openTab(page, 'Sales Orders');
    await page.getByRole('button', { name: 'Fulfill' }).first().click();
    await seed.production(kurta, 5);

    const violations: string[] = [];
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      const at = `${size.width}x${size.height}`;
      // Every screen is checked in screenshots.test.ts's walk. A dialog is checked on its own; the
      // first form with the whole page, for what a modal does outside itself (hiding the page behind).
      for (const [index, [tab, title]] of FORMS.entries()) {
        await openTab(page, tab);
        await page.getByRole('button', { name: title }).click();
        await dialog(page, title).waitFor();
        violations.push(...(await seriousViolations(page, `${title} ${at}`, index === 0 ? undefined : OPEN_DIALOG)));
        await dialog(page, title).getByRole('button', { name: 'Cancel' }).click();
        await dialog(page, title).waitFor({ state: 'hidden' });
      }
      // Add New Product's combo form (issue 34).
      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'Add New Product' }).click();
      await dialog(page, 'Add New Product').getByText('A combo or pack').click();
      await dialog(page, 'Add New Product').getByRole('button', { name: 'Save Combo' }).waitFor();
      violations.push(...(await seriousViolations(page, `Combo form ${at}`, OPEN_DIALOG)));
      await dialog(page, 'Add New Product').getByRole('button', { name: 'Cancel' }).click();
      await dialog(page, 'Add New Product').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Actions for Cotton Kurta', exact: true }).click();
      await dialog(page, 'Actions for Cotton Kurta').waitFor();
      violations.push(...(await seriousViolations(page, `Row menu ${at}`, OPEN_DIALOG)));
      await page.keyboard.press('Escape');
      await dialog(page, 'Actions for Cotton Kurta').waitFor({ state: 'hidden' });
      for (const [tab, open, title] of ROW_DIALOGS) {
        await openTab(page, tab);
        await open(page);
        await dialog(page, title).waitFor();
        violations.push(...(await seriousViolations(page, `${title} ${at}`, OPEN_DIALOG)));
        await page.keyboard.press('Escape');
        await dialog(page, title).waitFor({ state: 'hidden' });
      }
      // The catalogue import and a product's detail drawer.
      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog(page, 'Import products').getByRole('button', { name: 'Choose CSV file' }).waitFor();
      violations.push(...(await seriousViolations(page, `Import products ${at}`, OPEN_DIALOG)));
      await page.keyboard.press('Escape');
      await dialog(page, 'Import products').waitFor({ state: 'detached' });
      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'Cotton Kurta', exact: true }).click();
      await dialog(page, 'Cotton Kurta')
        .getByText(/^Can build/)
        .waitFor();
      violations.push(...(await seriousViolations(page, `Product drawer ${at}`, OPEN_DIALOG)));
      await page.keyboard.press('Escape');
      await dialog(page, 'Cotton Kurta').waitFor({ state: 'hidden' });
    }
    expect(violations).toEqual([]);
  });

  it('finds none on the workspace prompt, its dialogs and Settings, before and after saving, at both sizes', async () => {
    const { page } = await e2e.openApp();
    await seeder(await e2e.clientOf(page)).material({
      material_name: 'Cotton fabric',
      stock_level: 30,
      unit_of_measure: 'metres',
    });
    const settings = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Settings' });
    const openSettings = async () => {
      const burger = page.getByRole('button', { name: 'Open navigation' });
      if (await burger.isVisible()) await burger.click();
      await settings.click();
      await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
    };
    const check = async (title: string, at: string, opener: string) => {
      await page.getByRole('main').getByRole('button', { name: opener }).first().click();
      await dialog(page, title).waitFor();
      violations.push(...(await seriousViolations(page, `${title} ${at}`, OPEN_DIALOG)));
      await dialog(page, title).getByRole('button', { name: 'Cancel' }).click();
      await dialog(page, title).waitFor({ state: 'hidden' });
    };

    const violations: string[] = [];
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      const at = `${size.width}x${size.height}`;
      await openTab(page, 'Raw Materials');
      violations.push(...(await seriousViolations(page, `save prompt ${at}`)));
      // A light button's text on the darker tint it shows while the pointer is over it.
      await page.getByRole('banner').getByRole('button', { name: 'Save workspace' }).hover();
      violations.push(...(await seriousViolations(page, `hovered light button ${at}`, 'header')));
      await page.mouse.move(0, 0);
      await check('Save your workspace', at, 'Save your workspace');
      await check('Sign in to your workspace', at, 'Sign in');
      await openSettings();
      violations.push(...(await seriousViolations(page, `Settings, anonymous ${at}`)));
    }

    await page.getByRole('main').getByRole('button', { name: 'Save your workspace' }).click();
    const save = dialog(page, 'Save your workspace');
    await save.getByLabel('Email').fill(`a11y-${Date.now()}@example.com`);
    await save.getByRole('textbox', { name: 'Password' }).fill('kurta-factory-7');
    await save.getByRole('button', { name: 'Save Workspace' }).click();
    await save.waitFor({ state: 'hidden' });
    await page.getByText('Saved as a11y-').waitFor();
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      const at = `${size.width}x${size.height}`;
      violations.push(...(await seriousViolations(page, `Settings, saved ${at}`)));
      await check('Set a new password', at, 'Change password');
      await check('Sign out?', at, 'Sign out');
    }
    expect(violations).toEqual([]);
  });
});

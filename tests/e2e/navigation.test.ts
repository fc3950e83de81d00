/**
 * Screens for the whole business (issue 41): the spec's six tabs, then one screen per capability and
 * Settings, each one click from the navigation with its heading at 1280x800 and 390x844; with a
 * month of a shop's data the Dashboard is at most 1,600 px tall at 1280x800, its compact cards open
 * their screens, and Sales Orders fits 1280 px without a horizontal scroll (how tall each screen is
 * on a phone: screenshots.test.ts, which walks them all); a reload keeps the screen, Back and
 * Forward move between screens; leaving a half-filled Add New Sale (Back, Escape) asks first.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  dialog,
  choose,
  eventually,
  openTab,
  SCREENS,
  screenHeading,
  settle,
  screenshot,
} from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder, seedMonth } from './support/seed';

const e2e = useE2e();

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

describe('screens for the whole business', { timeout: 300_000 }, () => {
  it('lists the spec’s tabs, then each capability, then Settings, each one click away with its heading, at both sizes', async () => {
    const { page } = await e2e.openApp();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await navigation.getByRole('button').allInnerTexts()).toEqual([...SCREENS]);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      for (const screen of [...CAPABILITIES, 'Settings' as const]) {
        await openTab(page, screen);
        await screenHeading(page, screen).waitFor();
        expect(await navigation.getByRole('button', { name: screen, exact: true }).getAttribute('aria-current')).toBe(
          'page',
        );
      }
    }
  });

  it('keeps the Dashboard within 1,600 px at 1280x800 with a month of data, its cards opening their screens, and fits Sales Orders in 1280 px', async () => {
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    await seedMonth(await e2e.clientOf(page));
    await page.reload();
    await screenHeading(page, 'Dashboard').waitFor();
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
      await screenHeading(page, screen).waitFor();
    }

    // Sales Orders: every column within 1280 px, without a horizontal scroll.
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
    await screenHeading(page, 'Payments').waitFor();
    await page.reload();
    await screenHeading(page, 'Payments').waitFor();
    await openTab(page, 'GST');
    await screenHeading(page, 'GST').waitFor();
    await page.reload();
    await screenHeading(page, 'GST').waitFor();
    await page.goBack();
    await screenHeading(page, 'Payments').waitFor();
    await page.goForward();
    await screenHeading(page, 'GST').waitFor();
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
      await screenHeading(page, 'Sales Orders').waitFor();

      // Escape asks too; Keep editing, then Back and Discard: the form goes, and Back goes back.
      await sale.getByLabel('Quantity').press('Escape');
      await discard.waitFor();
      await discard.getByRole('button', { name: 'Keep editing' }).click();
      await discard.waitFor({ state: 'hidden' });
      expect(await sale.getByLabel('Quantity').inputValue()).toBe('3');
      await page.goBack();
      await discard.getByRole('button', { name: 'Discard' }).click();
      await sale.waitFor({ state: 'detached' });
      await screenHeading(page, 'Dashboard').waitFor();

      // Nothing typed: Back leaves at once.
      await openTab(page, 'Sales Orders');
      await page.getByRole('button', { name: 'Add New Sale' }).click();
      await sale.getByLabel('Quantity').waitFor();
      await page.goBack();
      await screenHeading(page, 'Dashboard').waitFor();
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
      await screenHeading(page, 'Dashboard').waitFor();
      expect(await order.count()).toBe(0);
      const runs = await (await e2e.clientOf(page)).from('manufacturing_orders').select('id');
      expect(runs.data).toEqual([]);
    });
  }
});

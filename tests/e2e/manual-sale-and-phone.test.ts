/**
 * The last of a month of real use (issue 26), at 1280x800 and 390x844:
 *  - a sale logged by hand as the marketplace's order page shows it: an offer price, the day it was
 *    ordered and its order id, each optional (the list price, now, no id); a future day is refused
 *    on its field before a round trip, the same order line twice by the server, on its field;
 *  - What to buy takes whole pcs only (2.5 pcs cannot be typed), while metres keep their decimals;
 *  - on a phone the four dashboard cards take less than half of the first screen.
 * Screenshots land in .test-artifacts/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import { eventually, fillSale, openTab, rowCells, screenshot, settle } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

const IST_MS = 5.5 * 3_600_000;
const DAY_MS = 86_400_000;
/** A day in India counted from today, as a date input takes it (YYYY-MM-DD). */
const dayInIndia = (fromToday: number) => new Date(Date.now() + IST_MS + fromToday * DAY_MS).toISOString().slice(0, 10);

describe('a sale as the marketplace shows it; whole pcs; the dashboard on a phone', { timeout: 240_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    const at = `${size.width}x${size.height}`;

    it(`at ${at}: logs an offer price, a past day and an order id, and refuses a future day and a repeat`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const seed = seeder(await e2e.clientOf(page));
      await seed.product({ sku: 'KUR-M', product_name: 'Kurta M', selling_price: 1299, stock_on_hand: 20 });

      let form = await fillSale(page, { product: 'Kurta M (KUR-M)', platform: 'Myntra', quantity: '2' });
      const price = form.getByLabel('Sale Price');
      expect(await price.getAttribute('placeholder')).toBe('1299');
      await eventually(() => form.getByLabel('Sale total').innerText()).toBe('₹2,598.00');
      await price.fill('999.50');
      await eventually(() => form.getByLabel('Sale total').innerText()).toBe('₹1,999.00');

      // Tomorrow is refused on the field, and nothing is sent.
      await form.getByLabel('Order Date').fill(dayInIndia(1));
      await form.getByRole('button', { name: 'Log Sale' }).click();
      await form.getByText('Order date must be between 2000-01-01 and today.').waitFor();
      expect(await form.getByLabel('Order Date').getAttribute('aria-invalid')).toBe('true');

      await form.getByLabel('Order Date').fill(dayInIndia(-1));
      await form.getByLabel('Order ID').fill('MYN-20261124-7');
      await settle(page);
      await screenshot(page, 'manual-sale-details');
      await form.getByRole('button', { name: 'Log Sale' }).click();
      await form.waitFor({ state: 'hidden' });

      await eventually(() => rowCells(page, 'MYN-20261124-7')).toEqual(
        expect.arrayContaining(['Kurta M Order MYN-20261124-7', 'Myntra', '2', '₹1,999.00', 'Unfulfilled']),
      );
      // Recorded at the start of that day in India, and listed under it.
      const client = await e2e.clientOf(page);
      const { data: sale } = await client.from('sales_orders').select('order_date').single().throwOnError();
      expect(Date.parse(sale.order_date)).toBe(Date.parse(`${dayInIndia(-1)}T00:00:00+05:30`));
      const listed = await page.evaluate(
        (date) =>
          new Intl.DateTimeFormat('en-IN', {
            day: 'numeric',
            month: 'short',
            year: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            hour12: true,
            timeZone: 'Asia/Kolkata',
          }).format(new Date(date)),
        sale.order_date,
      );
      expect((await rowCells(page, 'MYN-20261124-7'))[0]).toBe(listed);

      // The same order line again: the server refuses it on the Order ID field; nothing is written.
      e2e.expectRefusal('log_sale');
      form = await fillSale(page, { product: 'Kurta M (KUR-M)', platform: 'Myntra', quantity: '1' });
      await form.getByLabel('Order ID').fill('MYN-20261124-7');
      await form.getByRole('button', { name: 'Log Sale' }).click();
      await form.getByText('Myntra order MYN-20261124-7 already has a sale of Kurta M.').waitFor();
      expect(await form.getByLabel('Order ID').getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'manual-sale-repeat-refused');
      await form.getByRole('button', { name: 'Cancel' }).click();
      const { count } = await client.from('sales_orders').select('id', { count: 'exact', head: true });
      expect(count).toBe(1);

      // Left empty, the details are the list price and now.
      form = await fillSale(page, { product: 'Kurta M (KUR-M)', platform: 'Amazon', quantity: '1' });
      await form.getByRole('button', { name: 'Log Sale' }).click();
      await form.waitFor({ state: 'hidden' });
      await eventually(async () => (await rowCells(page, 'Amazon')).slice(3, 5)).toEqual(['1', '₹1,299.00']);
    });

    it(`at ${at}: What to buy takes whole pcs and decimal metres`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const seed = seeder(await e2e.clientOf(page));
      await seed.material({ material_name: 'Buttons', stock_level: 5, unit_of_measure: 'pcs', reorder_point: 100 });
      await seed.material({ material_name: 'Cotton', stock_level: 1, unit_of_measure: 'metres', reorder_point: 10 });
      await openTab(page, 'Purchasing');
      const toBuy = page.getByRole('region', { name: 'What to buy' });
      const buttons = toBuy.getByRole('textbox', { name: 'Quantity of Buttons to buy (pcs)' });
      await buttons.fill('');
      await buttons.pressSequentially('2.5');
      expect(await buttons.inputValue()).toBe('25');
      const cotton = toBuy.getByRole('textbox', { name: 'Quantity of Cotton to buy (metres)' });
      await cotton.fill('');
      await cotton.pressSequentially('2.5');
      expect(await cotton.inputValue()).toBe('2.5');
      await settle(page);
      await screenshot(page, 'what-to-buy-whole-pcs');
    });
  }

  it('at 390x844: the four dashboard cards take less than half of the first screen; three orders fit a screen', async () => {
    const { page } = await e2e.openApp({ viewport: PHONE });
    const seed = seeder(await e2e.clientOf(page));
    const tee = await seed.product({ sku: 'TEE-M', product_name: 'Tee M', selling_price: 499, stock_on_hand: 50 });
    for (const platform of ['Flipkart', 'Amazon', 'Myntra', 'Flipkart', 'Amazon']) await seed.sale(tee, platform, 1);
    // As a new user does once they have read it: the reminder to save the workspace stays closed. It
    // is read once it speaks of the seeded sales: dismissed while the page still thought the workspace
    // empty, it would come back with the data, as it is meant to.
    await page.getByText('Clearing this browser’s data would lose it.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Dismiss this reminder' }).click();
    await settle(page);
    const cards = ['Total Revenue', 'Open Sales Orders', 'Low Stock Products', 'Low Stock Materials'];
    const bottoms = await Promise.all(
      cards.map(async (label) => {
        const box = await page
          .getByRole('button', { name: label })
          .or(page.getByRole('region', { name: label }))
          .boundingBox();
        return box!.y + box!.height;
      }),
    );
    await screenshot(page, 'dashboard-phone-cards');
    expect(Math.max(...bottoms)).toBeLessThan(PHONE.height / 2);

    await openTab(page, 'Sales Orders');
    await eventually(() => page.getByRole('row').filter({ hasText: 'Tee M' }).count()).toBe(5);
    await settle(page);
    await screenshot(page, 'sales-orders-phone-cards');
    const heights = await page
      .getByRole('row')
      .filter({ hasText: 'Tee M' })
      .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    for (const height of heights) expect(height).toBeLessThan(PHONE.height / 3);
  });
});

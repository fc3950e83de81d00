/**
 * Payments (issue 30), at both screen sizes: three Flipkart orders imported, then a settlement that
 * pays one in full, one ₹10 short (a commission above the owner's rate) and leaves the third, ordered
 * in January, unpaid: the Payments screen flags the short-paid and the overdue order, its Flipkart
 * card adds up exactly, each order row in Sales Orders carries its payment badge, and Payments
 * shows estimated / actual profit and the two leaks. The settlement goes in through import_settlement
 * (the Import settlement dialog has its own e2e test).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose, dismissNotifications, eventually, openTab, screenshot, settle } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

const line = (order: string, category: string, amount: number) => ({
  settlement_id: 'FK-SETTLE-1',
  external_order_id: order,
  sku: 'KUR-1',
  posted_date: '2026-01-25',
  category,
  amount,
  description: category,
});

/** The text of a line of the Flipkart summary card, e.g. 'Settled₹790.00'. */
async function cardLine(page: Page, label: string): Promise<string> {
  const card = page.getByRole('region', { name: 'Payments' }).getByRole('article', { name: 'Flipkart payments' });
  return (await card.getByText(label, { exact: true }).locator('..').innerText()).replace(/\s+/g, ' ');
}

describe('payments', { timeout: 240_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: a short-paid and an overdue order flagged, the summary exact`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const client = await e2e.clientOf(page);
      const seed = seeder(client);
      // A kurta costs 1 m of cotton at ₹100 and sells at ₹500; Flipkart keeps 10% + ₹20 + ₹30: each
      // one-kurta order expects 500 - 100 = ₹400.
      const cotton = await seed.material({
        material_name: 'Cotton',
        cost_per_unit: 100,
        stock_level: 50,
        unit_of_measure: 'm',
      });
      await seed.product({
        sku: 'KUR-1',
        product_name: 'Kurta',
        selling_price: 500,
        stock_on_hand: 10,
        bom: [{ material_id: cotton, quantity: 1 }],
      });
      expect(
        (
          await client.rpc('set_platform_fees', {
            platform: 'Flipkart',
            commission_percent: 10,
            fee_per_order: 20,
            shipping_per_order: 30,
          })
        ).error,
      ).toBeNull();
      const orders = await client.rpc('import_sales_orders', {
        platform: 'Flipkart',
        lines: ['FK-PAID', 'FK-SHORT', 'FK-LATE'].map((id) => ({
          external_order_id: id,
          order_date: '2026-01-10',
          sku: 'KUR-1',
          quantity: 1,
          total_amount: 500,
          status: 'Fulfilled',
        })),
      });
      expect(orders.data).toEqual({ created: 3, skipped: 0 });
      const settlement = await client.rpc('import_settlement', {
        platform: 'Flipkart',
        lines: [
          line('FK-PAID', 'sale', 500),
          line('FK-PAID', 'commission', -50),
          line('FK-PAID', 'fixed_fee', -20),
          line('FK-PAID', 'shipping_fee', -30),
          line('FK-PAID', 'tcs', -5),
          line('FK-SHORT', 'sale', 500),
          line('FK-SHORT', 'commission', -60),
          line('FK-SHORT', 'fixed_fee', -20),
          line('FK-SHORT', 'shipping_fee', -30),
        ],
      });
      expect(settlement.data).toEqual({ created: 9, skipped: 0, unmatched: 0 });

      await openTab(page, 'Payments');
      const payments = page.getByRole('region', { name: 'Payments' });
      const row = (order: string) => payments.getByRole('row').filter({ hasText: order });
      await eventually(async () => (await row('FK-SHORT').innerText()).includes('Short paid')).toBe(true);
      expect(await row('FK-SHORT').innerText()).toContain('-₹10.00');
      expect(await row('FK-LATE').innerText()).toContain('Overdue');
      expect(await row('FK-PAID').innerText()).toContain('Settled');
      // Estimated / actual profit: 300 / 290 for the short-paid order (390 settled - 100 of cotton).
      expect(await row('FK-SHORT').innerText()).toContain('₹300.00 / ₹290.00');
      // The cards add up the period chosen: the January orders are in All time.
      await choose(page, payments.getByRole('combobox', { name: 'Cards for' }), 'All time');
      await eventually(() => cardLine(page, 'Expected')).toBe('Expected ₹1,200.00');
      expect(await cardLine(page, 'Expected')).toBe('Expected ₹1,200.00');
      expect(await cardLine(page, 'Settled')).toBe('Settled ₹790.00');
      expect(await cardLine(page, 'Short paid (1)')).toBe('Short paid (1) ₹10.00');
      expect(await cardLine(page, 'Overdue (1)')).toBe('Overdue (1) ₹400.00');
      expect(await cardLine(page, 'Fees charged / your rates')).toBe('Fees charged / your rates ₹210.00 / ₹200.00');
      expect(await cardLine(page, 'TCS / TDS withheld')).toBe('TCS / TDS withheld ₹5.00 / ₹0.00');

      // Filtered to Overdue: the January order alone.
      await choose(page, payments.getByRole('combobox', { name: 'Payment status' }), 'Overdue');
      await eventually(() => payments.getByRole('row').filter({ hasText: 'FK-' }).count()).toBe(1);
      expect(await row('FK-LATE').count()).toBe(1);
      await choose(page, payments.getByRole('combobox', { name: 'Payment status' }), 'All payment statuses');
      await eventually(() => payments.getByRole('row').filter({ hasText: 'FK-' }).count()).toBe(3);

      await dismissNotifications(page);
      await payments.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, 'payments');

      // Estimated / actual profit of the two paid orders (300 + 300 / 300 + 290), and the leaks.
      await page.getByRole('tab', { name: 'Profit leaks' }).click();
      const actual = page.getByRole('region', { name: 'Estimated and actual profit' });
      await choose(page, actual.getByRole('combobox', { name: 'Profit leaks period' }), 'All time');
      await eventually(async () => (await actual.innerText()).includes('₹600.00 / ₹590.00')).toBe(true);
      const leaks = actual.getByRole('row');
      await eventually(async () =>
        (await leaks.filter({ hasText: 'Fees above your rates' }).innerText()).includes('FK-SHORT'),
      ).toBe(true);
      expect(await leaks.filter({ hasText: 'Fees above your rates' }).innerText()).toContain('₹10.00');
      expect(await leaks.filter({ hasText: 'Payment overdue' }).innerText()).toContain('FK-LATE');
      await actual.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, 'payments-leaks');

      // Each order row of Sales Orders shows its payment status beside its own.
      await openTab(page, 'Sales Orders');
      const salesRow = page.getByRole('row').filter({ hasText: 'Order FK-SHORT' });
      await eventually(async () => (await salesRow.innerText()).includes('Short paid')).toBe(true);
      expect(await page.getByRole('row').filter({ hasText: 'Order FK-LATE' }).innerText()).toContain('Overdue');
    });
  }
});

/**
 * Returns as they happen (issue 29), at both screen sizes: an RTO of a whole order (all sellable,
 * back in stock), a customer return of 1 of 3 units that came back damaged with its return fees,
 * the claim it opens filed and approved (on Returns), the order's history, and Profit's profit after
 * returns moving by the exact rupees each step should move it; the Returns screen's rates.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dialog,
  dismissNotifications,
  eventually,
  fieldMessage,
  openTab,
  rowCells,
  screenshot,
  settle,
} from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

/** A figure of the profit panels, e.g. '₹2,088.19'. */
async function panelFigure(page: Page, label: string): Promise<string> {
  const text = await page
    .getByRole('region', { name: 'Profit', exact: true })
    .getByRole('region', { name: label, exact: true })
    .innerText();
  return text.replace(label, '').trim();
}

async function profitAfterReturns(page: Page): Promise<string> {
  await openTab(page, 'Profit');
  await page.getByRole('region', { name: 'Profit after returns', exact: true }).waitFor();
  await settle(page);
  return panelFigure(page, 'Profit after returns');
}

describe('returns and claims', { timeout: 240_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: an RTO, a damaged customer return, a claim approved, profit after returns`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const client = await e2e.clientOf(page);
      const seed = seeder(client);
      // A kurta costs 1 m of cotton at ₹100 and sells at ₹500. Flipkart keeps 10% + ₹20 + ₹30.
      const cotton = await seed.material({
        material_name: 'Cotton',
        cost_per_unit: 100,
        stock_level: 50,
        unit_of_measure: 'm',
      });
      const kurta = await seed.product({
        sku: 'KUR-1',
        product_name: 'Kurta',
        selling_price: 500,
        stock_on_hand: 10,
        bom: [{ material_id: cotton, quantity: 1 }],
      });
      const fees = await client.rpc('set_platform_fees', {
        platform: 'Flipkart',
        commission_percent: 10,
        fee_per_order: 20,
        shipping_per_order: 30,
      });
      expect(fees.error).toBeNull();
      // Amazon: 1 x 500, profit 500 - 100 = 400. Flipkart: 3 x 500 = 1500, fees 150 + 20 + 30 = 200,
      // profit 1500 - 300 - 200 = 1000. Both shipped.
      await seed.sale(kurta, 'Amazon', 1);
      await seed.sale(kurta, 'Flipkart', 3);
      const shipped = await client.from('sales_orders').select('id');
      for (const order of shipped.data!) await client.rpc('fulfil_sales_order', { order_id: order.id });

      await eventually(() => profitAfterReturns(page)).toBe('₹1,400.00');

      // The RTO: the Amazon order's one unit comes back sellable.
      await openTab(page, 'Sales Orders');
      const amazon = page.getByRole('row').filter({ hasText: 'Amazon' }).filter({ hasText: '₹500.00' });
      await amazon.getByRole('button', { name: 'Return' }).click();
      let form = dialog(page, 'Record a return');
      await form.getByText('1 of 1 can still be returned').waitFor();
      await form.getByText('1 unit of Kurta goes back into stock.').waitFor();
      await form.getByRole('button', { name: 'Record Return' }).click();
      await form.waitFor({ state: 'hidden' });
      await page.getByText('Return recorded. 1 unit of Kurta is back in stock.').waitFor();
      await eventually(async () => (await amazon.getByText('Returned', { exact: true }).count()) > 0).toBe(true);
      // 400 - 400: the refund of 500 and no cost left (the unit is back).
      await eventually(() => profitAfterReturns(page)).toBe('₹1,000.00');

      // The customer return: 1 of the 3 Flipkart units, damaged, with ₹60 of reverse shipping.
      await openTab(page, 'Sales Orders');
      const flipkart = page.getByRole('row').filter({ hasText: 'Flipkart' }).filter({ hasText: '₹1,500.00' });
      await flipkart.getByRole('button', { name: 'Return' }).click();
      form = dialog(page, 'Record a return');
      await form.getByText('3 of 3 can still be returned').waitFor();
      await form.getByText('Customer return').click();
      // More units than the order has: refused on the field, before any call.
      await form.getByLabel('Sellable').fill('4');
      await form.getByRole('button', { name: 'Record Return' }).click();
      await eventually(() => fieldMessage(form.getByLabel('Sellable'))).toBe(
        'Only 3 units of this order can still be returned.',
      );
      await form.getByLabel('Sellable').fill('0');
      await form.getByLabel('Damaged').fill('1');
      // The units' check follows every count: with one damaged unit, Sellable 0 is fine.
      await eventually(() => fieldMessage(form.getByLabel('Sellable'))).toBe('');
      await form.getByLabel('Return fees').fill('60');
      await form.getByLabel('Note').fill('Torn seam');
      await form
        .getByText(
          'Stock stays as it is (damaged or lost goods). 1 unit not restocked: a claim against Flipkart opens.',
        )
        .waitFor();
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, 'returns-form');
      await form.getByRole('button', { name: 'Record Return' }).click();
      await form.waitFor({ state: 'hidden' });
      await page.getByText('Return recorded. Stock of Kurta is unchanged.').waitFor();
      await eventually(async () => (await flipkart.getByText('Partially returned').count()) > 0).toBe(true);
      await flipkart.getByRole('button', { name: '1 of 3 returned · History' }).waitFor();
      // Stock: 10 - 4 sold + 1 back from the RTO; the damaged unit stays out.
      const stock = await client.from('products').select('stock_on_hand').eq('id', kurta).single();
      expect(stock.data!.stock_on_hand).toBe(7);
      // 1000 kept revenue (1500 - 500 refunded) - 300 (the 2 kept units and the damaged one) - 200
      // fees - 60 return fees = 440, with the RTO's 0.
      expect(await profitAfterReturns(page)).toBe('₹440.00');
      await openTab(page, 'Returns');

      // The claim, in the Claims section on Returns: due 14 days after today (Flipkart's default).
      const claims = page.getByRole('region', { name: 'Claims' });
      const claim = claims.getByRole('row').filter({ hasText: 'Damaged × 1' });
      await eventually(async () => (await claim.count()) === 1 && (await claim.innerText()).includes('14 days')).toBe(
        true,
      );
      await claim.scrollIntoViewIfNeeded();
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, 'returns-claims');
      await claim.getByRole('button', { name: 'File' }).click();
      await eventually(async () => (await claim.getByText('Filed').count()) > 0).toBe(true);
      await claim.getByRole('button', { name: 'Approve' }).click();
      const approve = dialog(page, 'Approve the claim');
      // At most the damaged unit's sale value, ₹500.
      await approve.getByLabel('Amount reimbursed').fill('500.01');
      await approve.getByRole('button', { name: 'Approve' }).click();
      await eventually(() => fieldMessage(approve.getByLabel('Amount reimbursed'))).toBe(
        "Amount reimbursed can be at most 500.00, the sale value of the claim's units.",
      );
      await approve.getByLabel('Amount reimbursed').fill('400');
      await approve.getByRole('button', { name: 'Approve' }).click();
      await approve.waitFor({ state: 'hidden' });
      await claims.getByText('No claims to file: every return so far came back sellable.').waitFor();
      await claims.getByText('Decided').click();
      await eventually(() => rowCells(claims, 'Damaged × 1')).toContain('₹400.00');

      // The order's history: the sale, then its return with the approved claim.
      await openTab(page, 'Sales Orders');
      await flipkart.getByRole('button', { name: '1 of 3 returned · History' }).click();
      const history = dialog(page, 'Order history');
      await history.getByText('Torn seam').waitFor();
      await history.getByText('Came back: Damaged 1').waitFor();
      await history.getByText('Damaged: Approved ₹400.00').waitFor();
      await history.getByText('Profit after returns').waitFor();
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, 'returns-order-history');
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'hidden' });

      // The reimbursement counts back: 440 + 400 = 840.
      expect(await profitAfterReturns(page)).toBe('₹840.00');
      expect(await panelFigure(page, 'Revenue (net of GST)')).toBe('₹1,000.00');
      await openTab(page, 'Returns');
      const rates = page.getByRole('region', { name: 'Return and RTO rates by platform' });
      await eventually(() => rowCells(rates, 'Flipkart')).toEqual(['Flipkart', '3', '1', '33.3%', '0%']);
      expect(await rowCells(rates, 'Amazon')).toEqual(['Amazon', '1', '1', '100%', '100%']);
      expect(await rowCells(page.getByRole('region', { name: 'Products returned most' }), 'Kurta')).toEqual([
        'Kurta',
        '2',
      ]);
      await page.getByRole('region', { name: 'Returns', exact: true }).scrollIntoViewIfNeeded();
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, 'returns-screen');
    });
  }
});

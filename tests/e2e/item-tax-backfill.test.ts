/**
 * Setting the tax of a product with 2,500 earlier orders (issue 44), at both screen sizes: the save
 * answers after the first batch of 1,000; while the app's next batch is held back, the Products
 * screen shows "1,000 of 2,500" with a progress bar; let go, the app finishes the rest by itself,
 * the progress goes, and every order has its tax once.
 */
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose, dialog, dismissNotifications, eventually, openTab, screenshot, settle } from './support/actions';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

const e2e = useE2e();
const ORDERS = 2500;

describe('The tax backfill in batches', { timeout: 240_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: the progress while it runs, every earlier order taxed once after`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const client = await e2e.clientOf(page);
      const { data: shirt, error } = await client.rpc('create_product', {
        sku: 'LIN-1',
        product_name: 'Linen Shirt',
        selling_price: 1050,
        stock_on_hand: 0,
      });
      expect(error).toBeNull();
      // Orders recorded before the shirt had a rate (tax unknown), as years of sales would be.
      await e2e.stack.db.query(
        `insert into public.sales_orders (user_id, product_id, product_name, quantity, unit_price, total_amount,
           taxable_value, order_date)
         select $1, $2, 'Linen Shirt', 1, 1050, 1050, 1050, now() - g * interval '1 hour' from generate_series(1, $3::int) g`,
        [shirt!.user_id, shirt!.id, ORDERS],
      );

      // The app's next batches wait until the test lets them go.
      const held: Route[] = [];
      let holding = true;
      await page.route('**/rest/v1/rpc/continue_item_tax_backfill', (route) =>
        holding ? void held.push(route) : route.continue(),
      );

      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'Actions for Linen Shirt', exact: true }).click();
      await dialog(page, 'Actions for Linen Shirt').getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = dialog(page, 'Edit Linen Shirt');
      await edit.getByLabel('HSN code').fill('6205');
      await choose(page, edit.getByRole('combobox', { name: 'GST rate' }), '5%');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.waitFor({ state: 'hidden' });

      const progress = page.getByRole('alert').filter({ hasText: 'Giving earlier orders their tax' });
      await progress.waitFor();
      expect(await progress.textContent()).toContain(
        '1,000 of 2,500 orders recorded before the tax was set have it now. The rest follow while FactoryFlow is open.',
      );
      expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
      await eventually(() => held.length).toBe(1);
      await dismissNotifications(page);
      await settle(page);
      await screenshot(page, 'item-tax-backfill-progress');
      expect(await seriousViolations(page, 'item-tax-backfill-progress')).toEqual([]);

      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await progress.waitFor({ state: 'hidden', timeout: 30_000 });
      const { rows } = await e2e.stack.db.query<{ taxed: number; tax: string }>(
        `select count(*) filter (where gst_rate = 5)::int as taxed, sum(cgst + sgst + igst)::text as tax
         from public.sales_orders where product_id = $1`,
        [shirt!.id],
      );
      expect(rows[0]).toEqual({ taxed: ORDERS, tax: (ORDERS * 50).toFixed(2) });
    });
  }
});

/**
 * A combo's tax (issue 42, item 2), at both screen sizes: a pack of 2 kurtas and a dupatta sold at
 * Rs 1,799 before it had a rate; its edit's Tax section takes its parts' highest rate (the kurtas'
 * garment rule), saved; the sale is then taxed (5%: Rs 599.67 a piece), in GSTR-1's b2cs and HSN
 * summary, and the Profit screen counts it net of its Rs 85.67 of tax.
 */
import { describe, expect, it } from 'vitest';
import { dialog, dismissNotifications, download, eventually, openTab, screenshot, settle } from './support/actions';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

const e2e = useE2e();

describe('A combo taxed', { timeout: 240_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: its tax set in its edit, its sale in b2cs and hsn, profit net of its tax`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const client = await e2e.clientOf(page);
      const violations: string[] = [];
      const look = async (name: string, scope?: string) => {
        await dismissNotifications(page);
        await settle(page);
        await screenshot(page, name);
        violations.push(...(await seriousViolations(page, name, scope)));
      };
      const call = async (rpc: string, args: Record<string, unknown>) => {
        const { data, error } = await client.rpc(rpc as never, args as never);
        expect(error).toBeNull();
        return data as unknown as { id: string };
      };

      // What the test is not about, through the API: the business in Maharashtra, the parts with
      // their costs and rates, the combo and its sale before it had a rate.
      await call('set_business_profile', {
        legal_name: 'Asha Textiles',
        address: '12 MG Road, Pune',
        gstin: '27AAPFU0939F1ZV',
        state_code: '27',
        invoice_prefix: 'AT',
      });
      const kurta = await call('create_product', {
        sku: 'KUR-1',
        product_name: 'Cotton Kurta',
        category: 'Apparel',
        selling_price: 999,
        stock_on_hand: 20,
        reorder_point: 2,
        bom: [],
        costs: { labour_per_unit: 0, overhead_per_run: 0, run_size: 1, purchase_cost: 209.93 },
      });
      const dupatta = await call('create_product', {
        sku: 'DUP-1',
        product_name: 'Dupatta',
        category: 'Apparel',
        selling_price: 499,
        stock_on_hand: 10,
        reorder_point: 2,
        bom: [],
        costs: { labour_per_unit: 0, overhead_per_run: 0, run_size: 1, purchase_cost: 100 },
      });
      await call('set_item_tax', {
        product_id: kurta.id,
        hsn_code: '6211',
        rate_rule: { up_to: 2500, rate: 5, above: 18 },
      });
      await call('set_item_tax', { product_id: dupatta.id, hsn_code: '6214', gst_rate: 5 });
      const pack = await call('create_combo', {
        sku: 'PACK-3',
        product_name: 'Kurta Pack of 3',
        category: 'Apparel',
        selling_price: 1799,
        components: [
          { product_id: kurta.id, quantity: 2 },
          { product_id: dupatta.id, quantity: 1 },
        ],
      });
      await call('log_sale', { product_id: pack.id, platform: 'Other', quantity: 1 });

      // The GST screen lists the sale as one without a rate.
      await openTab(page, 'GST');
      const gst = page.getByRole('region', { name: 'GST', exact: true });
      await gst.getByText('1 sales have no GST rate').waitFor();

      // The combo's edit: its Tax section follows its parts' highest rate, the kurtas' garment rule.
      await openTab(page, 'Products');
      await settle(page);
      await page.getByRole('button', { name: 'Actions for Kurta Pack of 3', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Actions for Kurta Pack of 3' })
        .getByRole('button', { name: 'Edit', exact: true })
        .click();
      const edit = dialog(page, 'Edit Kurta Pack of 3');
      await eventually(() => edit.getByLabel('HSN code').inputValue()).toBe('6211');
      expect(await edit.getByRole('combobox', { name: 'GST rate' }).inputValue()).toBe('Depends on the price');
      expect(await edit.getByLabel('Up to (a unit)').inputValue()).toBe('2500');
      await edit.getByText('A rate that depends on the price is read per piece').scrollIntoViewIfNeeded();
      await look(`gst-combo-tax-${size.width}`, '[role="dialog"]');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.waitFor({ state: 'hidden' });

      // Its sale recorded before takes the rate: 1,799 / 3 = 599.67 a piece, 5%. Taxable
      // 1,799 / 1.05 = 1,713.33, tax 85.67: CGST 42.84, SGST 42.83.
      await openTab(page, 'GST');
      await eventually(() => gst.getByText('1 sales have no GST rate').count()).toBe(0);
      // Looked at before a download: a clicked button's pressed colours are not the screen's.
      await look(`gst-combo-month-${size.width}`);
      const b2cs = await download(page, gst.getByRole('button', { name: 'Download b2cs.csv' }));
      expect(b2cs.lines.slice(1)).toEqual([['OE', '27-Maharashtra', '', '5', '1713.33', '', '']]);
      const hsn = await download(page, gst.getByRole('button', { name: 'Download hsn(b2c).csv' }));
      expect(hsn.lines.slice(1)).toEqual([
        ['6211', expect.any(String), expect.any(String), '1', '1799.00', '5', '1713.33', '0.00', '42.84', '42.83', ''],
      ]);

      // Profit counts the sale net of its tax: 1,713.33 less its parts' cost 2 x 209.93 + 100 =
      // 519.86 is 1,193.47 (it was 1,279.14 with the tax counted).
      await openTab(page, 'Profit');
      const profit = page.getByRole('region', { name: 'Profit', exact: true });
      const figure = (label: string) => profit.getByRole('region', { name: label, exact: true }).innerText();
      await eventually(() => figure('Revenue (net of GST)')).toContain('₹1,713.33');
      expect(await figure('Profit after returns')).toContain('₹1,193.47');
      await look(`gst-combo-profit-${size.width}`);

      expect(violations).toEqual([]);
    });
  }
});

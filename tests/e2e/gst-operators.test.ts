/**
 * E-commerce operators (issue 42, item 4), at both screen sizes: an Amazon sale recorded before the
 * operator's GSTIN is entered; in Settings a normal taxpayer's GSTIN is refused as an operator's as
 * it is typed, the operator's (C as its 14th character) is saved and the earlier sale takes it; on
 * GST, Table 14 lists the sale under that GSTIN, and the b2cs and eco files say so.
 */
import { describe, expect, it } from 'vitest';
import {
  dismissNotifications,
  download,
  eventually,
  fieldMessage,
  openTab,
  rowCells,
  screenshot,
  settle,
} from './support/actions';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();
const OPERATOR_GSTIN = '27AAICA3918J1CT';

describe('E-commerce operators', { timeout: 180_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: the operator GSTIN in Settings and Table 14 on GST`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const violations: string[] = [];
      const look = async (name: string) => {
        await dismissNotifications(page);
        await settle(page);
        await screenshot(page, name);
        violations.push(...(await seriousViolations(page, name)));
      };
      const client = await e2e.clientOf(page);
      const seed = seeder(client);
      const shirt = await seed.product({
        sku: 'SHI-01',
        product_name: 'Linen Shirt',
        selling_price: 1050,
        stock_on_hand: 10,
      });
      const { error: profileError } = await client.rpc('set_business_profile', {
        legal_name: 'Asha Garments',
        address: '12 Mill Road, Pune',
        gstin: '27AAPFU0939F1ZV',
        state_code: '27',
        invoice_prefix: 'AG',
      });
      expect(profileError).toBeNull();
      const { error: taxError } = await client.rpc('set_item_tax', {
        product_id: shirt,
        hsn_code: '6205',
        gst_rate: 5,
      });
      expect(taxError).toBeNull();
      // Sold on Amazon within Maharashtra before the GSTIN is entered: ₹1,050 = ₹1,000 + ₹25 CGST + ₹25 SGST.
      await seed.sale(shirt, 'Amazon', 1);

      await openTab(page, 'Settings');
      const section = page.getByRole('region', { name: 'E-commerce operators' });
      await section.scrollIntoViewIfNeeded();
      expect(await rowCells(section, 'Amazon')).toEqual(['Amazon', 'Not entered: its sales are filed as type OE']);
      const form = section.getByRole('form', { name: 'Operator GSTIN' });
      expect(await form.getByRole('combobox', { name: 'Marketplace' }).inputValue()).toBe('Amazon');
      const gstin = form.getByRole('textbox', { name: 'Operator GSTIN' });
      // The business's own GSTIN (Z as its 14th character) is a taxpayer's, not an operator's.
      await gstin.fill('27AAPFU0939F1ZV');
      await eventually(() => fieldMessage(gstin)).toBe(
        "GSTIN 27AAPFU0939F1ZV is not an e-commerce operator's: an operator's GSTIN for TCS has C as its 14th character.",
      );
      await gstin.fill(OPERATOR_GSTIN.toLowerCase());
      await eventually(() => fieldMessage(gstin)).toBe('');
      await look('gst-operator-gstin');
      await form.getByRole('button', { name: 'Save GSTIN' }).click();
      await page.getByText('Amazon operator GSTIN saved. 1 recorded sale took it.').waitFor();
      await eventually(() => rowCells(section, 'Amazon')).toEqual(['Amazon', OPERATOR_GSTIN]);
      expect((await client.from('sales_orders').select('operator_gstin')).data).toEqual([
        { operator_gstin: OPERATOR_GSTIN },
      ]);

      // GST: Table 14 lists the month's Amazon sale under the operator's GSTIN.
      await openTab(page, 'GST');
      const gst = page.getByRole('region', { name: 'GST' });
      const eco = gst.getByRole('table', { name: 'Sales through e-commerce operators' });
      await eventually(() => rowCells(eco, OPERATOR_GSTIN)).toEqual([
        OPERATOR_GSTIN,
        '₹1,000.00',
        '₹0.00',
        '₹25.00',
        '₹25.00',
      ]);
      await eco.scrollIntoViewIfNeeded();
      await look('gst-table-14');
      const file = async (table: string) => download(page, gst.getByRole('button', { name: `Download ${table}.csv` }));
      expect((await file('b2cs')).lines).toEqual([
        [
          'Type',
          'Place Of Supply',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
        ],
        ['E', '27-Maharashtra', '', '5', '1000.00', '', OPERATOR_GSTIN],
      ]);
      expect((await file('eco')).lines).toEqual([
        [
          'Nature of Supply',
          'GSTIN of E-Commerce Operator',
          'E-Commerce Operator Name',
          'Net value of supplies',
          'Integrated tax',
          'Central tax',
          'State/UT tax',
          'Cess',
        ],
        ['Liable to collect tax u/s 52(TCS)', OPERATOR_GSTIN, '', '1000.00', '0.00', '25.00', '25.00', ''],
      ]);

      expect(violations).toEqual([]);
    });
  }
});

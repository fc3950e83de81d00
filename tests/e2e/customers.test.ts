/**
 * Customers and receivables (issue 46), at both screen sizes: a boutique added on Customers is
 * invoiced Rs 11,800 (10 silk dresses at Rs 1,180, 18% GST included: Rs 10,000 taxable, CGST Rs 900,
 * SGST Rs 900), pays Rs 5,000 by UPI from the invoice's Record payment, then the rest by bank
 * transfer from Customers (a paisa more than is due is refused on its row first). Its dues and
 * ageing: Rs 6,800 in 0-30 days after the first payment, nothing after the second; its statement
 * for today: the invoice Rs 11,800 and the two payments, closing at Rs 0.00.
 */
import { describe, expect, it } from 'vitest';
import {
  choose,
  dialog,
  dismissNotifications,
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

describe('customers and receivables', { timeout: 300_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: a boutique invoiced Rs 11,800 pays Rs 5,000 by UPI, then the rest by bank; dues, ageing, statement`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const look = async (name: string, fullPage = false) => {
        await dismissNotifications(page);
        await settle(page);
        await screenshot(page, name, fullPage);
        expect(await seriousViolations(page, name)).toEqual([]);
      };
      const client = await e2e.clientOf(page);
      const dress = await seeder(client).product({
        sku: 'DRS-1',
        product_name: 'Silk dress',
        selling_price: 1180,
        stock_on_hand: 20,
      });
      for (const [fn, args] of [
        [
          'set_business_profile',
          {
            legal_name: 'Asha Textiles',
            address: 'Pune',
            gstin: '27AAPFU0939F1ZV',
            state_code: '27',
            invoice_prefix: 'AT',
          },
        ],
        ['set_item_tax', { product_id: dress, hsn_code: '6204', gst_rate: 18 }],
      ] as const) {
        const { error } = await client.rpc(fn, args);
        if (error) throw new Error(error.message);
      }
      await seeder(client).sale(dress, 'Other', 10);

      // The boutique, added on Customers: its GSTIN gives its state.
      await openTab(page, 'Customers');
      await page.getByRole('button', { name: 'Add your first customer' }).click();
      const customerForm = dialog(page, 'Add customer');
      await customerForm.getByRole('textbox', { name: 'Customer name' }).fill('Meera Boutique');
      await customerForm.getByRole('textbox', { name: 'GSTIN' }).fill('27aapfu0939f1zv');
      await customerForm.getByRole('textbox', { name: 'Billing address' }).fill('Shop 4, FC Road, Pune');
      await expect(
        customerForm.getByRole('combobox', { name: /^State \(place of supply\)/ }).inputValue(),
      ).resolves.toBe('27 Maharashtra');
      await customerForm.getByRole('button', { name: 'Save customer' }).click();
      await page.getByText('Meera Boutique added.').waitFor();

      // The invoice, to the boutique: its details are the buyer's.
      await openTab(page, 'GST');
      await page.getByRole('button', { name: 'Create invoice' }).click();
      const invoiceForm = dialog(page, 'Create invoice');
      await invoiceForm.getByRole('checkbox', { name: /^Silk dress × 10: ₹11,800.00/ }).check();
      await choose(page, invoiceForm.getByRole('combobox', { name: /^Customer/ }), 'Meera Boutique');
      await expect(invoiceForm.getByRole('textbox', { name: 'Buyer name' }).inputValue()).resolves.toBe(
        'Meera Boutique',
      );
      await invoiceForm.getByRole('button', { name: 'Create invoice' }).click();
      const invoiceNumber = (
        await page.getByText(/^Invoice AT\/\d\d-\d\d\/1 created: ₹11,800.00\.$/).innerText()
      ).split(' ')[1]!;
      await page.getByRole('button', { name: 'Close', exact: true }).last().click();

      // Rs 5,000 by UPI, from the invoice.
      await page.getByRole('button', { name: `Record payment of ${invoiceNumber}` }).click();
      const firstPayment = dialog(page, 'Record payment');
      const invoicePart = firstPayment.getByRole('textbox', { name: `Paid now against Invoice ${invoiceNumber}` });
      await expect(invoicePart.inputValue()).resolves.toBe('11800');
      await invoicePart.fill('5000');
      await choose(page, firstPayment.getByRole('combobox', { name: /^Mode/ }), 'UPI');
      await firstPayment.getByRole('textbox', { name: 'Reference' }).fill('UPI-4411');
      await firstPayment.getByText('Amount received: ₹5,000.00').waitFor();
      await look('customers-record-payment');
      await firstPayment.getByRole('button', { name: 'Record payment' }).click();
      await page.getByText('Payment of ₹5,000.00 recorded. Still due: ₹6,800.00.').waitFor();

      // Dues and ageing: Rs 6,800 due, all of it 0-30 days old.
      await openTab(page, 'Customers');
      await eventually(() => rowCells(page, 'Meera Boutique')).toEqual([
        'Meera Boutique',
        '27AAPFU0939F1ZV',
        'Maharashtra',
        '30 days',
        '₹6,800.00',
        '₹0.00',
        '₹6,800.00',
        '₹0.00',
        '₹0.00',
        '₹0.00',
      ]);
      await look('customers-dues', true);

      // The rest by bank transfer, from the customer; a paisa more is refused on its row first.
      await page.getByRole('button', { name: 'Meera Boutique' }).click();
      const drawer = page.getByRole('dialog', { name: 'Meera Boutique' });
      await drawer.getByText('Part paid').waitFor();
      await look('customers-drawer');
      await drawer.getByRole('button', { name: 'Record payment', exact: true }).click();
      const secondPayment = dialog(page, 'Record payment');
      const rest = secondPayment.getByRole('textbox', { name: `Paid now against Invoice ${invoiceNumber}` });
      e2e.expectRefusal('record_payment');
      await rest.fill('6800.01');
      await choose(page, secondPayment.getByRole('combobox', { name: /^Mode/ }), 'Bank transfer');
      await secondPayment.getByRole('button', { name: 'Record payment' }).click();
      await eventually(() => fieldMessage(rest)).toBe(
        `Only Rs 6800.00 is due on invoice ${invoiceNumber}: Rs 6800.01 is more than that.`,
      );
      await rest.fill('6800');
      await secondPayment.getByRole('button', { name: 'Record payment' }).click();
      await page.getByText('Payment of ₹6,800.00 recorded. Still due: ₹0.00.').waitFor();
      await drawer.getByText('Nothing is owed.').waitFor();

      // The statement for today: the invoice, the two payments, closing at nothing.
      await drawer.getByRole('button', { name: 'Statement' }).click();
      const statement = page.getByRole('article', { name: 'Statement of account of Meera Boutique' });
      await statement.waitFor();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
      await page.getByLabel('From').fill(today);
      await eventually(() => rowCells(statement, 'Opening balance')).toEqual([
        expect.any(String),
        'Opening balance',
        '₹0.00',
      ]);
      await eventually(() => rowCells(statement, `Invoice ${invoiceNumber}`)).toEqual([
        expect.any(String),
        `Invoice ${invoiceNumber}`,
        'Invoice',
        '₹11,800.00',
        '',
        '₹11,800.00',
      ]);
      expect(await rowCells(statement, 'UPI-4411')).toEqual([
        expect.any(String),
        'Payment UPI-4411',
        'Payment by UPI',
        '',
        '₹5,000.00',
        '₹6,800.00',
      ]);
      expect(await rowCells(statement, 'Payment by bank transfer')).toEqual([
        expect.any(String),
        'Payment',
        'Payment by bank transfer',
        '',
        '₹6,800.00',
        '₹0.00',
      ]);
      expect((await statement.locator('tfoot').innerText()).replace(/\s+/g, ' ').trim()).toBe(
        'Totals ₹11,800.00 ₹11,800.00 ₹0.00',
      );
      await look('customers-statement', true);
    });
  }
});

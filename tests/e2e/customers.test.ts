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
      await look('customers-form');
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
      // At either size what is due fits the dialog: nothing in it scrolls sideways.
      expect(
        await firstPayment.evaluate((form) =>
          [form, ...Array.from(form.querySelectorAll('*'))].every(
            (element) => element.scrollWidth <= element.clientWidth || getComputedStyle(element).overflowX === 'visible',
          ),
        ),
      ).toBe(true);
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
      expect(await rowCells(statement, 'Payment by Bank transfer')).toEqual([
        expect.any(String),
        'Payment',
        'Payment by Bank transfer',
        '',
        '₹6,800.00',
        '₹0.00',
      ]);
      expect((await statement.locator('tfoot').innerText()).replace(/\s+/g, ' ').trim()).toBe(
        'Totals ₹11,800.00 ₹11,800.00 ₹0.00',
      );
      // At either size the entries fit the screen: on a phone each row stacks (nothing scrolls sideways).
      expect(
        await statement
          .getByRole('region', { name: 'Statement entries' })
          .evaluate((entries) => entries.scrollWidth <= entries.clientWidth),
      ).toBe(true);
      await look('customers-statement', true);
      // The dialog scrolls on its own: its entries down to the totals, as a phone shows them stacked.
      await statement.locator('tfoot').scrollIntoViewIfNeeded();
      await screenshot(page, 'customers-statement-totals');
    });
  }
  it('at 1280x800: a direct order is paid in two parts from Sales Orders and leaves Profit leaks once paid', async () => {
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    const client = await e2e.clientOf(page);
    const dress = await seeder(client).product({
      sku: 'DRS-2',
      product_name: 'Silk dress',
      selling_price: 1000,
      stock_on_hand: 20,
    });
    // 2 dresses at Rs 1,000 sold 45 days ago: past Walk-in Traders' 15 days of credit.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const sold = new Date(Date.parse(`${today}T00:00:00Z`) - 45 * 86_400_000).toISOString().slice(0, 10);
    for (const [fn, args] of [
      ['create_customer', { name: 'Walk-in Traders', state_code: '29', credit_days: 15 }],
      ['log_sale', { product_id: dress, quantity: 2, platform: 'Other', order_date: sold, order_id: 'D-17' }],
    ] as const) {
      const { error } = await client.rpc(fn, args);
      if (error) throw new Error(error.message);
    }
    const overdueLeak = async () => {
      await openTab(page, 'Payments');
      await page.getByRole('tab', { name: 'Profit leaks' }).click();
      const actual = page.getByRole('region', { name: 'Estimated and actual profit' });
      await choose(page, actual.getByRole('combobox', { name: 'Profit leaks period' }), 'All time');
      await settle(page);
      return actual.getByRole('row').filter({ hasText: 'D-17' });
    };
    await eventually(async () => (await overdueLeak()).innerText()).toContain('₹2,000.00');

    // Rs 500 in cash: the order becomes Walk-in Traders' and is part paid.
    await openTab(page, 'Sales Orders');
    const row = page.getByRole('row').filter({ hasText: 'D-17' });
    await row.getByRole('button', { name: 'Record payment' }).click();
    const first = dialog(page, 'Record payment');
    await choose(page, first.getByRole('combobox', { name: /^Customer/ }), 'Walk-in Traders');
    const part = first.getByRole('textbox', { name: 'Paid now against Order D-17: Silk dress' });
    await eventually(() => part.inputValue()).toBe('2000');
    await part.fill('500');
    await choose(page, first.getByRole('combobox', { name: /^Mode/ }), 'Cash');
    await first.getByRole('button', { name: 'Record payment' }).click();
    await page.getByText('Payment of ₹500.00 recorded. Still due: ₹1,500.00.').waitFor();
    await eventually(() => row.innerText()).toContain('Overdue');
    await eventually(async () => (await overdueLeak()).innerText()).toContain('₹1,500.00');

    // The rest by cheque: its customer is known now, the rest filled in.
    await openTab(page, 'Sales Orders');
    await row.getByRole('button', { name: 'Record payment' }).click();
    const second = dialog(page, 'Record payment');
    await eventually(() =>
      second.getByRole('textbox', { name: 'Paid now against Order D-17: Silk dress' }).inputValue(),
    ).toBe('1500');
    await choose(page, second.getByRole('combobox', { name: /^Mode/ }), 'Cheque');
    await second.getByRole('button', { name: 'Record payment' }).click();
    await page.getByText('Payment of ₹1,500.00 recorded. Still due: ₹0.00.').waitFor();
    await eventually(() => row.innerText()).toContain('Paid');
    expect(await row.getByRole('button', { name: 'Record payment' }).count()).toBe(0);
    await eventually(async () => (await overdueLeak()).count()).toBe(0);
  });
});

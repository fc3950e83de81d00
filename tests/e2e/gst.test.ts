/**
 * GST (issue 31), at both screen sizes: set the business profile (a GSTIN with a wrong last
 * character is caught as it is typed), give a product its HSN code and rate, log two Brand Website
 * orders, invoice them to a registered buyer in another state (IGST), print the invoice, credit one
 * unit, then download the month's GSTR-1 files and read them back: headers as the offline tool's,
 * figures that reconcile (the HSN summary equals the invoices less the credit note).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  cardValue,
  choose,
  dialog,
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

/** The business profile is on the GST screen (issue 41). */
async function openBusinessProfile(page: Page) {
  await openTab(page, 'GST');
  await page.getByRole('form', { name: 'Business profile' }).waitFor();
}

/** Today in India (YYYY-MM-DD), as a date field takes it. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** The financial year of today in India, as invoice numbers write it: '26-27'. */
function financialYear(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

describe('GST', { timeout: 300_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: profile, item tax, invoice, print, credit note and the month's GSTR-1 files`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const violations: string[] = [];
      // A dialog is checked alone: the page under its overlay is other tests' subject (and axe
      // measures the overlay's dimming as the contrast of the text beneath).
      const look = async (name: string, scope?: string) => {
        await dismissNotifications(page);
        await settle(page);
        await screenshot(page, name);
        violations.push(...(await seriousViolations(page, name, scope)));
      };
      const inDialog = '[role="dialog"]';
      const client = await e2e.clientOf(page);
      const seed = seeder(client);
      await seed.product({ sku: 'KUR-01', product_name: 'Cotton Kurta', selling_price: 1050, stock_on_hand: 10 });
      await seed.material({ material_name: 'Cotton fabric', stock_level: 0, unit_of_measure: 'metres' });

      // The business profile: a GSTIN with a wrong check character is refused as it is typed; the
      // right one picks its state (27, Maharashtra).
      await openBusinessProfile(page);
      const profile = page.getByRole('form', { name: 'Business profile' });
      await profile.getByLabel('Legal name').fill('Asha Garments Private Limited');
      await profile.getByLabel('Address').fill('12 Mill Road\nPune 411001');
      const gstin = profile.getByRole('textbox', { name: 'GSTIN' });
      await gstin.fill('27AAPFU0939F1ZW');
      await eventually(() => fieldMessage(gstin)).toBe(
        "This GSTIN's last character does not match the rest: check it for a typo.",
      );
      await gstin.fill('27AAPFU0939F1ZV');
      await eventually(() => fieldMessage(gstin)).toBe('');
      expect(await profile.getByRole('combobox', { name: 'State' }).inputValue()).toBe('27 Maharashtra');
      await profile.getByLabel('Invoice prefix').fill('FF');
      await look('gst-business-profile');
      await profile.getByRole('button', { name: 'Save business profile' }).click();
      await page.getByText('Business profile saved.').waitFor();

      // The kurta's tax, in its form: HSN 6204 at 5%.
      await openTab(page, 'Products');
      await page.getByRole('button', { name: 'Actions for Cotton Kurta', exact: true }).click();
      await dialog(page, 'Actions for Cotton Kurta').getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = dialog(page, 'Edit Cotton Kurta');
      await edit.getByLabel('HSN code').fill('620');
      await choose(page, edit.getByRole('combobox', { name: 'GST rate' }), '5%');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await eventually(() => fieldMessage(edit.getByLabel('HSN code'))).toBe('HSN code must be 4, 6 or 8 digits.');
      await edit.getByLabel('HSN code').fill('6204');
      await edit.getByLabel('HSN code').scrollIntoViewIfNeeded();
      await look('gst-product-tax', inDialog);
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.waitFor({ state: 'hidden' });

      // Two Brand Website orders: 1 and 2 kurtas at ₹1,050 (₹1,000 + 5% GST each).
      for (const quantity of ['1', '2']) {
        await openTab(page, 'Sales Orders');
        await page.getByRole('button', { name: 'Add New Sale' }).click();
        const sale = dialog(page, 'Add New Sale');
        await choose(page, sale.getByRole('combobox', { name: 'Product' }), 'Cotton Kurta (KUR-01)');
        await choose(page, sale.getByRole('combobox', { name: 'Platform' }), 'Brand Website');
        await sale.getByLabel('Quantity').fill(quantity);
        await sale.getByRole('button', { name: 'Log Sale' }).click();
        await sale.waitFor({ state: 'hidden' });
      }

      // Invoice both to a registered buyer in Karnataka: inter-state, so IGST (Invoices, on GST).
      await openTab(page, 'GST');
      const invoices = page.getByRole('region', { name: 'Invoices' });
      await invoices.getByRole('button', { name: 'Create invoice' }).click();
      const create = dialog(page, 'Create invoice');
      const orders = create.getByRole('checkbox');
      await eventually(() => orders.count()).toBe(2);
      for (const order of await orders.all()) await order.check();
      await create.getByText('2 orders, ₹3,150.00 including GST').waitFor();
      await create.getByLabel('Buyer name').fill('Bengaluru Boutique');
      await create.getByRole('textbox', { name: 'Buyer GSTIN' }).fill('29AAOFB8607N1ZP');
      expect(await create.getByRole('combobox', { name: 'Buyer state (place of supply)' }).inputValue()).toBe(
        '29 Karnataka',
      );
      await create.getByLabel('Buyer address').fill('4 MG Road, Bengaluru');
      await look('gst-create-invoice', inDialog);
      // A double click creates one invoice (one request id per submission): the count below would be 2.
      await create.getByRole('button', { name: 'Create invoice' }).dblclick();
      const number = `FF/${financialYear()}/1`;
      await page.getByText(`Invoice ${number} created: ₹3,150.00.`).waitFor();

      // The printed invoice opens: everything Rule 46 asks, the total in figures and words.
      const sheet = page.getByRole('article', { name: `Tax invoice ${number}` });
      await sheet.waitFor();
      const printed = (await sheet.innerText()).replace(/\s+/g, ' ');
      for (const text of [
        'Tax Invoice',
        number,
        'Asha Garments Private Limited',
        'GSTIN: 27AAPFU0939F1ZV',
        'Bengaluru Boutique',
        'GSTIN: 29AAOFB8607N1ZP',
        'Place of supply: Karnataka (29)',
        'Reverse charge: No',
        '6204',
        'Total ₹3,000.00 ₹150.00 ₹3,150.00',
        'Rupees Three Thousand One Hundred Fifty Only',
        'Authorised signatory',
      ]) {
        expect(printed).toContain(text);
      }
      await look('gst-invoice', inDialog);
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      await screenshot(page, 'gst-invoice-printed');
      await page.emulateMedia({ media: 'screen' });
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });

      // The list: the invoice with its totals.
      const row = await rowCells(invoices, number);
      expect(row).toEqual(expect.arrayContaining(['₹3,000.00', '₹150.00', '₹3,150.00']));
      expect((await client.from('invoices').select('invoice_number')).data).toEqual([{ invoice_number: number }]);

      // One of the two kurtas comes back: a credit note for 1 unit, ₹1,050.00.
      await invoices.getByRole('button', { name: `Credit note for ${number}` }).click();
      const credit = dialog(page, `Credit note for ${number}`);
      await credit.getByLabel('Units to credit for Cotton Kurta').last().fill('3');
      await credit.getByRole('button', { name: 'Create credit note' }).click();
      await credit.getByText('Only 2 can still be credited.').waitFor();
      await credit.getByLabel('Units to credit for Cotton Kurta').last().fill('1');
      await credit.getByLabel('Reason').fill('Returned, wrong size');
      await look('gst-credit-note', inDialog);
      await credit.getByRole('button', { name: 'Create credit note' }).dblclick();
      await page.getByText(`Credit note CN/${financialYear()}/1 created: ₹1,050.00.`).waitFor();
      await credit.waitFor({ state: 'hidden' });
      expect((await client.from('credit_notes').select('note_number')).data).toEqual([
        { note_number: `CN/${financialYear()}/1` },
      ]);

      // Fabric bought on a bill with ₹90.00 of GST: the month's input tax.
      await openTab(page, 'Raw Materials');
      await page.getByRole('button', { name: 'Actions for Cotton fabric', exact: true }).click();
      await dialog(page, 'Actions for Cotton fabric')
        .getByRole('button', { name: 'Receive stock', exact: true })
        .click();
      const receipt = dialog(page, 'Receive stock: Cotton fabric');
      await receipt.getByLabel('Quantity (metres)').fill('10');
      await receipt.getByLabel('Unit cost paid').fill('180');
      await receipt.getByLabel('GST paid').fill('90');
      await receipt.getByLabel('Supplier invoice number').fill('SM/118');
      await receipt.getByLabel('Supplier invoice date').fill(today);
      await look('gst-receive-stock-invoice', inDialog);
      await receipt.getByRole('button', { name: 'Receive Stock' }).click();
      await receipt.waitFor({ state: 'hidden' });

      // The month's GST, on GST: output and input tax, and the GSTR-1 files read back.
      await openTab(page, 'GST');
      const gst = page.getByRole('region', { name: 'GST' });
      const outputTax = gst.getByRole('table', { name: 'Output tax by rate' });
      await eventually(async () => rowCells(outputTax, '5%')).toEqual(['5%', '₹2,000.00', '₹100.00', '₹0.00', '₹0.00']);
      await gst.getByText('Output tax: ₹100.00 · Input tax on materials: ₹90.00').waitFor();
      // The receipt's supplier invoice (issue 42), listed for matching with GSTR-2B: 10 x 180.00 = 1,800.00.
      const invoicesIn = gst.getByRole('table', { name: 'Input tax by purchase invoice' });
      const invoiceIn = await rowCells(invoicesIn, 'SM/118');
      expect([invoiceIn[0], invoiceIn[2], invoiceIn[4], invoiceIn[5]]).toEqual([
        'No GSTIN',
        'SM/118',
        '₹1,800.00',
        '₹90.00',
      ]);
      await gst.scrollIntoViewIfNeeded();
      await look('gst-month');

      const file = async (table: string) => download(page, gst.getByRole('button', { name: `Download ${table}.csv` }));
      const b2b = await file('b2b');
      expect(b2b.text.startsWith('GSTIN/UIN of Recipient,')).toBe(true);
      expect(b2b.lines).toEqual([
        [
          'GSTIN/UIN of Recipient',
          'Receiver Name',
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Reverse Charge',
          'Applicable % of Tax Rate',
          'Invoice Type',
          'E-Commerce GSTIN',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        [
          '29AAOFB8607N1ZP',
          'Bengaluru Boutique',
          number,
          expect.stringMatching(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/),
          '3150.00',
          '29-Karnataka',
          'N',
          '',
          'Regular B2B',
          '',
          '5',
          '3000.00',
          '',
        ],
      ]);
      const cdnr = await file('cdnr');
      expect(cdnr.lines[0]).toEqual([
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Reverse Charge',
        'Note Supply Type',
        'Note Value',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ]);
      expect(cdnr.lines.slice(1)).toEqual([
        [
          '29AAOFB8607N1ZP',
          'Bengaluru Boutique',
          `CN/${financialYear()}/1`,
          expect.stringMatching(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/),
          'C',
          '29-Karnataka',
          'N',
          'Regular B2B',
          '1050.00',
          '',
          '5',
          '1000.00',
          '',
        ],
      ]);
      const hsn = await file('hsn(b2b)');
      expect(hsn.name).toMatch(/^gstr1-\d{4}-\d{2}-hsn-b2b\.csv$/);
      expect(hsn.lines[0]).toEqual([
        'HSN',
        'Description',
        'UQC',
        'Total Quantity',
        'Total Value',
        'Rate',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax Amount',
        'Cess Amount',
      ]);
      // The HSN summary equals the invoices less the credit note: 3 - 1 units, ₹3,000 - ₹1,000;
      // described as HSN 6204's heading, not as the product (issue 42).
      const [hsnRow] = hsn.lines.slice(1);
      expect(hsnRow).toEqual([
        '6204',
        'Womens suits dresses trousers',
        expect.any(String),
        '2',
        '2100.00',
        '5',
        '2000.00',
        '100.00',
        '0.00',
        '0.00',
        '',
      ]);
      const taxable = (lines: string[][], column: string) =>
        lines.slice(1).reduce((sum, line) => sum + Number(line[lines[0]!.indexOf(column)]), 0);
      expect(taxable(hsn.lines, 'Taxable Value')).toBe(
        taxable(b2b.lines, 'Taxable Value') - taxable(cdnr.lines, 'Taxable Value'),
      );
      const docs = await file('docs');
      expect(docs.lines).toEqual([
        ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
        ['Invoices for outward supply', number, number, '1', '0'],
        ['Credit Note', `CN/${financialYear()}/1`, `CN/${financialYear()}/1`, '1', '0'],
      ]);
      // No website order was left out of an invoice, so the B2C tables are empty: a header only.
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
      ]);

      // Revenue is net of GST, on one basis everywhere (issue 42): the buyers paid 3,150.
      await openTab(page, 'Dashboard');
      await eventually(() => cardValue(page, 'Total Revenue')).toBe('₹3,000.00');
      await openTab(page, 'Profit');
      const profit = page.getByRole('region', { name: 'Profit', exact: true });
      await eventually(() =>
        profit.getByRole('region', { name: 'Revenue (net of GST)', exact: true }).innerText(),
      ).toContain('₹3,000.00');
      expect(await profit.getByText('Including GST', { exact: true }).count()).toBe(0);

      // A style's Tax section sets every variant: a saree at 5% up to ₹2,500 a piece, 18% above.
      const { error: styleError } = await client.rpc('create_style', {
        style_name: 'Silk Saree',
        category: 'Sarees',
        sku_prefix: 'SAR',
        selling_price: 3000,
        options: [{ name: 'Colour', values: ['Red', 'Gold'] }],
        bom: [],
      });
      expect(styleError).toBeNull();
      await openTab(page, 'Products');
      await settle(page);
      const styles = page.getByRole('region', { name: 'Styles' });
      await styles.getByRole('button', { name: 'Silk Saree' }).click();
      await settle(page);
      await styles.getByRole('button', { name: 'Edit style' }).click();
      const styleForm = dialog(page, 'Edit Silk Saree');
      await styleForm.getByLabel('HSN code').fill('5007');
      await choose(page, styleForm.getByRole('combobox', { name: 'GST rate' }), 'Depends on the price');
      await styleForm.getByLabel('Up to (a unit)').fill('2500');
      await look('gst-style-tax', inDialog);
      await styleForm.getByRole('button', { name: 'Save Changes' }).click();
      await styleForm.waitFor({ state: 'hidden' });
      const { data: variants } = await client
        .from('products')
        .select('sku, hsn_code, gst_rate, gst_rate_rule')
        .like('sku', 'SAR-%')
        .order('sku');
      expect(variants).toEqual([
        { sku: 'SAR-GOLD', hsn_code: '5007', gst_rate: null, gst_rate_rule: { up_to: 2500, rate: 5, above: 18 } },
        { sku: 'SAR-RED', hsn_code: '5007', gst_rate: null, gst_rate_rule: { up_to: 2500, rate: 5, above: 18 } },
      ]);

      expect(violations).toEqual([]);
    });
  }
});

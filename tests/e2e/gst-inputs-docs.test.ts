/**
 * GST a seller can file (issue 42, items 3 and 6), at both screen sizes: a purchase order received
 * with GST on the supplier's invoice shows in the month's input tax by supplier GSTIN (the issue's
 * Rs 10,000 fabric order read Rs 0.00); a credit note is listed on its own and printed on its own.
 */
import { describe, expect, it } from 'vitest';
import { dialog, dismissNotifications, eventually, openTab, rowCells, screenshot, settle } from './support/actions';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

/** Today in India as a date input takes it: 2026-11-27. */
const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

describe('GST inputs and documents', { timeout: 240_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: a purchase order received with GST is the month's input tax; credit notes listed and printed`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const violations: string[] = [];
      const look = async (name: string, scope?: string) => {
        await dismissNotifications(page);
        await settle(page);
        await screenshot(page, name);
        violations.push(...(await seriousViolations(page, name, scope)));
      };
      const inDialog = '[role="dialog"]';
      const client = await e2e.clientOf(page);
      const seed = seeder(client);
      const rpc = async (name: string, args: Record<string, unknown>) => {
        const { data, error } = await client.rpc(name as never, args as never);
        expect(error).toBeNull();
        return data as unknown as Record<string, unknown>;
      };

      await rpc('set_business_profile', {
        legal_name: 'Asha Garments',
        address: 'Pune',
        gstin: '27AAPFU0939F1ZV',
        state_code: '27',
        invoice_prefix: 'AG',
      });
      // The order: 100 m of fabric at ₹100 from a supplier with a GSTIN, placed.
      const supplier = await rpc('create_supplier', { supplier_name: 'Arvind Mills', gstin: '29AAOFB8607N1ZP' });
      const fabric = await seed.material({
        material_name: 'Cotton fabric',
        supplier: 'Arvind Mills',
        stock_level: 0,
        unit_of_measure: 'm',
      });
      const order = await rpc('create_purchase_order', {
        supplier_id: supplier.id,
        lines: [{ material_id: fabric, quantity: 100, unit_price: 100 }],
      });
      await rpc('place_purchase_order', { po_id: order.purchase_order_id });

      // Received in full on invoice AM/2627/118 at 5%: ₹10,000.00 before tax, ₹500.00 GST.
      await openTab(page, 'Purchasing');
      const purchasing = page.getByRole('region', { name: 'Purchasing' });
      await purchasing.getByRole('button', { name: 'PO-0001' }).click();
      const drawer = page.getByRole('dialog', { name: 'PO-0001: Arvind Mills' });
      await drawer.getByRole('button', { name: 'Receive', exact: true }).click();
      const receive = dialog(page, 'Receive PO-0001 from Arvind Mills');
      await receive.getByRole('textbox', { name: 'Cotton fabric received now (m)' }).fill('100');
      await receive.getByRole('combobox', { name: 'Cotton fabric GST rate' }).selectOption('5');
      await receive.getByText('GST ₹500.00 on ₹10,000.00').waitFor();
      await receive.getByRole('button', { name: 'Receive', exact: true }).click();
      // GST without the supplier's invoice is refused on its fields, before anything is sent.
      await receive.getByText("Enter the supplier's invoice number: the GST paid is claimed against it.").waitFor();
      await receive.getByText("Enter the supplier's invoice date: the GST paid is claimed against it.").waitFor();
      await receive.getByLabel('Supplier invoice number').fill('AM/2627/118');
      await receive.getByLabel('Supplier invoice date').fill(todayInIndia());
      await look('gst-receive-purchase-order-with-gst', inDialog);
      // A double click receives once (one request id per submission): the input tax would double.
      await receive.getByRole('button', { name: 'Receive', exact: true }).dblclick();
      await page.getByText('Received against PO-0001.').waitFor();
      await receive.waitFor({ state: 'hidden' });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await openTab(page, 'GST');
      const gst = page.getByRole('region', { name: 'GST' });
      await gst.getByText('Input tax on materials: ₹500.00').waitFor();
      const invoicesIn = gst.getByRole('table', { name: 'Input tax by purchase invoice' });
      await eventually(async () => (await rowCells(invoicesIn, 'AM/2627/118')).length).toBe(6);
      const row = await rowCells(invoicesIn, 'AM/2627/118');
      expect([row[0], row[1], row[2], row[4], row[5]]).toEqual([
        '29AAOFB8607N1ZP',
        'Arvind Mills PO-0001',
        'AM/2627/118',
        '₹10,000.00',
        '₹500.00',
      ]);
      await invoicesIn.scrollIntoViewIfNeeded();
      await look('gst-input-tax-by-invoice');

      // A sale invoiced and credited: the credit note is listed on its own and printed on its own.
      const product = await seed.product({
        sku: 'KUR-01',
        product_name: 'Cotton Kurta',
        selling_price: 1050,
        stock_on_hand: 5,
      });
      await rpc('set_item_tax', { product_id: product, hsn_code: '6204', gst_rate: 5 });
      const { data: sale, error: saleError } = await client.rpc('log_sale', {
        product_id: product,
        quantity: 1,
        platform: 'Other',
      });
      expect(saleError).toBeNull();
      const invoice = await rpc('create_invoice', {
        order_ids: [sale!.id],
        buyer_name: 'Bengaluru Boutique',
        buyer_gstin: '29AAOFB8607N1ZP',
        buyer_state_code: '29',
      });
      const { data: lines } = await client
        .from('invoice_lines')
        .select('id')
        .eq('invoice_id', invoice.invoice_id as string);
      const note = await rpc('create_credit_note', {
        invoice_id: invoice.invoice_id,
        lines: [{ invoice_line_id: lines![0]!.id, amount: 105 }],
        reason: 'Late delivery',
      });
      const noteNumber = note.note_number as string;

      await page.reload();
      await openTab(page, 'GST');
      const notes = page.getByRole('region', { name: 'Credit notes' });
      // ₹105 at 5% to another state: taxable 105 / 1.05 = ₹100.00, IGST ₹5.00.
      await eventually(async () => (await rowCells(notes, noteNumber)).length).toBe(9);
      const noteRow = await rowCells(notes, noteNumber);
      expect(noteRow).toEqual(
        expect.arrayContaining([noteNumber, 'Late delivery', '₹100.00', '₹5.00', '₹105.00', 'Print']),
      );
      expect(noteRow.join(' ')).toContain(invoice.invoice_number as string);
      await notes.scrollIntoViewIfNeeded();
      await look('gst-credit-notes-list');

      await notes.getByRole('button', { name: `Print credit note ${noteNumber}` }).click();
      const sheet = page.getByRole('article', { name: `Credit note ${noteNumber}` });
      await sheet.waitFor();
      const printed = (await sheet.innerText()).replace(/\s+/g, ' ');
      for (const text of [
        'Credit Note',
        noteNumber,
        `Against tax invoice ${invoice.invoice_number as string}`,
        'Asha Garments',
        'Bengaluru Boutique',
        'GSTIN: 29AAOFB8607N1ZP',
        'Place of supply: Karnataka (29)',
        'Reason: Late delivery',
        '6204',
        'Price correction',
        'Total ₹100.00 ₹5.00 ₹105.00',
        'Rupees One Hundred Five Only',
        'Authorised signatory',
      ]) {
        expect(printed).toContain(text);
      }
      await look('gst-credit-note-print', inDialog);
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      await screenshot(page, 'gst-credit-note-printed');
      await page.emulateMedia({ media: 'screen' });

      expect(violations).toEqual([]);
    });
  }
});

/**
 * GST place of supply (issue 42, item 1), at both screen sizes, for a Rajasthan business selling a
 * 5% kurta: a signed Shopify order of 2 kurtas at ₹949 with ₹100 off each and ₹105 shipping,
 * shipped to Gujarat, records the ₹1,698 paid as IGST and files the shipping beside it at the
 * kurtas' rate (not a sale: the order's row stays ₹1,698); an Amazon order report with a ship-state column taxes Gujarat as
 * IGST and Rajasthan as CGST + SGST; an order with no state, from the report and from the shop, is
 * listed on the GST screen as "Place of supply unknown" and filed in no table, until the owner
 * chooses its buyer's state there.
 *
 * At 5% an amount A including GST is taxable round(A x 100 / 105, 2), the tax the rest:
 *   Shopify #1042 to GJ: 1,698.00 -> 1,617.14 taxable (1,617.1429), IGST 80.86
 *     and its shipping:    105.00 -> 100.00 taxable, IGST 5.00
 *   Amazon to GUJARAT:   1,050.00 -> 1,000.00 taxable, IGST 50.00
 *   Amazon to RAJASTHAN: 1,049.00 -> 999.05 taxable (999.0476), tax 49.95: CGST round(24.975) = 24.98, SGST 24.97
 *   Amazon and Shopify #1043 without a state: unknown, in no table
 * Output tax at 5%: taxable 1,617.14 + 100.00 + 1,000.00 + 999.05 = 3,716.19; IGST 80.86 + 5.00 + 50.00 = 135.86.
 */
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  choose,
  dialog,
  dismissNotifications,
  eventually,
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

/** What the shop does: POST the order to the webhook URL, signed with the secret. */
function postShopifyOrder(url: string, secret: string, order: unknown) {
  const body = JSON.stringify(order);
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64'),
    },
    body,
  });
}

/** Today in India, for order dates inside the month the GST screen opens on. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** An Amazon order report (tab-delimited) with its ship-state column: Gujarat, Rajasthan and none. */
function amazonReport(): string {
  const header =
    'amazon-order-id\tpurchase-date\torder-status\tsku\tquantity\tcurrency\titem-price\titem-tax\tship-state';
  return [
    header,
    `403-1111111-1111111\t${today}T10:00:00+05:30\tShipped\tKUR-M\t1\tINR\t1050.00\t50.00\tGUJARAT`,
    `403-2222222-2222222\t${today}T10:05:00+05:30\tShipped\tKUR-M\t1\tINR\t1049.00\t49.95\tRAJASTHAN`,
    `403-3333333-3333333\t${today}T10:10:00+05:30\tShipped\tKUR-M\t1\tINR\t1050.00\t50.00\t`,
  ].join('\n');
}

async function createWebhook(page: Page): Promise<{ url: string; secret: string }> {
  await openTab(page, 'Channels');
  await page.getByRole('heading', { name: 'Website orders' }).waitFor();
  await page.getByRole('button', { name: 'Create webhook URL' }).click();
  const secretField = page.getByRole('textbox', { name: 'Signing secret', exact: true });
  await secretField.waitFor();
  return {
    url: await page.getByRole('textbox', { name: 'Webhook URL' }).inputValue(),
    secret: await secretField.inputValue(),
  };
}

describe('GST place of supply', { timeout: 300_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: a website order from another state is IGST on what was paid; report states; unknown ones listed`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const look = async (name: string) => {
        await dismissNotifications(page);
        await settle(page);
        await screenshot(page, name, true);
        expect(await seriousViolations(page, name)).toEqual([]);
      };
      const client = await e2e.clientOf(page);
      const kurta = await seeder(client).product({
        sku: 'KUR-M',
        product_name: 'Kurta M',
        selling_price: 999,
        stock_on_hand: 20,
      });
      for (const [fn, args] of [
        [
          'set_business_profile',
          {
            legal_name: 'Asha Textiles',
            address: 'Jaipur',
            gstin: '08AAPFU0939F1ZV',
            state_code: '08',
            invoice_prefix: 'AT',
          },
        ],
        ['set_item_tax', { product_id: kurta, hsn_code: '6211', gst_rate: 5 }],
      ] as const) {
        const { error } = await client.rpc(fn, args);
        if (error) throw new Error(error.message);
      }

      // The shop's orders: the discounted order to Gujarat, and one with no address.
      const { url, secret } = await createWebhook(page);
      const shopify = await postShopifyOrder(url, secret, {
        name: '#1042',
        taxes_included: true,
        line_items: [{ sku: 'KUR-M', quantity: 2, price: '949.00', discount_allocations: [{ amount: '200.00' }] }],
        shipping_address: { province: 'Gujarat', province_code: 'GJ', country_code: 'IN' },
        shipping_lines: [{ title: 'Standard', price: '105.00', discount_allocations: [] }],
      });
      expect(shopify.status).toBe(200);
      const noAddress = await postShopifyOrder(url, secret, {
        name: '#1043',
        line_items: [{ sku: 'KUR-M', quantity: 1, price: '999.00' }],
      });
      expect(noAddress.status).toBe(200);
      await openTab(page, 'Sales Orders');
      // 2 x 949.00 less 2 x 100.00: the ₹1,698.00 paid, not 2 x ₹999 = ₹1,998 at the list price, and
      // not the shipping, which is no sale of a product.
      await eventually(() => rowCells(page.getByRole('table').first(), 'Order #1042')).toEqual(
        expect.arrayContaining(['Kurta M Order #1042', 'Brand Website', '2', '₹1,698.00']),
      );

      // The Amazon report, with its ship-state column.
      await page.getByRole('button', { name: 'Import orders' }).click();
      const form = dialog(page, 'Import orders');
      await form
        .locator('input[type="file"]')
        .setInputFiles({ name: 'amazon-orders.txt', mimeType: 'text/plain', buffer: Buffer.from(amazonReport()) });
      await form.getByText('Recognised as Amazon order report.').waitFor();
      await form.getByRole('button', { name: 'Preview' }).click();
      await form.getByRole('table').waitFor();
      // The preview only pictured: the import dialog is order-import.test.ts's subject.
      await settle(page);
      await screenshot(page, 'gst-place-of-supply-import');
      await form.getByRole('button', { name: /^Import 3 orders/ }).click();
      await page.getByText(/^Imported 3 orders/).waitFor();

      // The GST screen: output tax without the unknown ones, and those listed apart.
      await openTab(page, 'GST');
      const output = page.getByRole('table', { name: 'Output tax by rate' });
      await eventually(() => rowCells(output, '5%')).toEqual(['5%', '₹3,716.19', '₹135.86', '₹24.98', '₹24.97']);
      const unknown = page.getByRole('list', { name: 'Sales with place of supply unknown' });
      await eventually(async () =>
        (await unknown.getByRole('listitem').allInnerTexts()).map((text) => text.trim()),
      ).toEqual(
        expect.arrayContaining([
          'Brand Website #1043 · Kurta M · ₹999.00 · Place of supply unknown',
          'Amazon 403-3333333-3333333 · Kurta M · ₹1,050.00 · Place of supply unknown',
        ]),
      );
      expect(await unknown.getByRole('listitem').count()).toBe(2);
      await page.getByText('2 sales have no place of supply').scrollIntoViewIfNeeded();
      await look('gst-place-of-supply-unknown');

      // The owner gives the Amazon sale its buyer's state, Gujarat: 1,050.00 is 1,000.00 taxable and
      // 50.00 IGST, now filed: taxable 3,716.19 + 1,000.00 = 4,716.19, IGST 135.86 + 50.00 = 185.86.
      await choose(
        page,
        page.getByRole('combobox', { name: 'Buyer state of Amazon 403-3333333-3333333' }),
        '24 Gujarat',
      );
      await page.getByText('Place of supply set: 24-Gujarat.').waitFor();
      await eventually(() => rowCells(output, '5%')).toEqual(['5%', '₹4,716.19', '₹185.86', '₹24.98', '₹24.97']);
      await page.getByText('1 sale has no place of supply').waitFor();
      expect(await unknown.getByRole('listitem').count()).toBe(1);
    });
  }
});

/**
 * Importing a marketplace's settlement (issue 30): three Amazon orders are imported through "Import
 * orders", then Amazon's Settlement Report V2 through "Import settlement": recognised, previewed
 * line by line (the summary row skipped, a line of an order not in FactoryFlow and a line of no
 * order kept as unmatched), imported. The reconciliation then says one order Settled, one Short paid
 * (its commission kept), one Overdue (no settlement, months after the order); the same file again
 * skips every line. Screenshots of the dialog and the list at desktop and phone size.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
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
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { flipkartSettlementWorkbook } from '../fixtures/real/flipkart-workbook';

const e2e = useE2e();

const ORDER_REPORT = [
  'amazon-order-id\tpurchase-date\torder-status\tsku\tquantity\titem-price',
  '405-1111111-1111111\t2026-01-05T10:30:00+00:00\tShipped\tKURTA-BLU\t1\t1180.00',
  '405-2222222-2222222\t2026-01-06T11:00:00+00:00\tShipped\tDUP-RED\t1\t499.00',
  '405-3333333-3333333\t2026-01-07T09:15:00+00:00\tShipped\tSHIRT-WHT\t1\t899.00',
].join('\n');

const V2_HEADER =
  'settlement-id\tsettlement-start-date\tsettlement-end-date\tdeposit-date\ttotal-amount\tcurrency\ttransaction-type\torder-id\tmerchant-order-id\tadjustment-id\tshipment-id\tmarketplace-name\tamount-type\tamount-description\tamount\tfulfillment-id\tposted-date\tposted-date-time\torder-item-code\tmerchant-order-item-id\tmerchant-adjustment-item-id\tsku\tquantity-purchased\tpromotion-id';
const detail = (type: string, order: string, amountType: string, description: string, amount: string, sku: string) =>
  `\t\t\t\t\t\t${type}\t${order}\t\t\tS1\tAmazon.in\t${amountType}\t${description}\t${amount}\tMFN\t01/20/26\t2026-01-20 06:00:00 UTC\t1001\t\t\t${sku}\t1\t`;
// The first order paid in full; the second with its commission kept (short paid by 59); an order
// FactoryFlow does not have; the reserve Amazon holds back (no order). The third order is not in it.
// The summary row's total-amount is what the lines add up to: 1,180 + 440 + 300 - 20 = 1,900.
const SETTLEMENT = [
  V2_HEADER,
  '55501\t01/06/26\t01/20/26\t01/22/26\t1,900.00\tINR',
  detail('Order', '405-1111111-1111111', 'ItemPrice', 'Principal', '1,000.00', 'KURTA-BLU'),
  detail('Order', '405-1111111-1111111', 'ItemPrice', 'Product Tax', '180.00', 'KURTA-BLU'),
  detail('Order', '405-2222222-2222222', 'ItemPrice', 'Principal', '423.00', 'DUP-RED'),
  detail('Order', '405-2222222-2222222', 'ItemPrice', 'Product Tax', '76.00', 'DUP-RED'),
  detail('Order', '405-2222222-2222222', 'ItemFees', 'Commission', '-50.00', 'DUP-RED'),
  detail('Order', '405-2222222-2222222', 'ItemFees', 'Commission IGST', '-9.00', 'DUP-RED'),
  detail('Order', '405-9999999-9999999', 'ItemPrice', 'Principal', '300.00', 'KURTA-BLU'),
  detail('other-transaction', '', 'other-transaction', 'Current Reserve Amount', '-20.00', ''),
].join('\r\n');

async function seedProducts(page: Page) {
  const client = await e2e.clientOf(page);
  for (const [sku, product_name, selling_price] of [
    ['KURTA-BLU', 'Cotton Kurta', 1180],
    ['DUP-RED', 'Silk Dupatta', 499],
    ['SHIRT-WHT', 'Linen Shirt', 899],
  ] as const) {
    const { error } = await client.rpc('create_product', { sku, product_name, selling_price, stock_on_hand: 5 });
    if (error) throw new Error(error.message);
  }
}

/** Each order's payment status, read from the reconciliation (list_reconciliation). */
async function paymentStatuses(page: Page): Promise<Record<string, string>> {
  const client = await e2e.clientOf(page);
  const { data, error } = await client.rpc('list_reconciliation', { platform: 'Amazon' });
  if (error) throw new Error(error.message);
  const rows = (data as { rows: { external_order_id: string; status: string }[] }).rows;
  return Object.fromEntries(rows.map((row) => [row.external_order_id, row.status]));
}

async function importOrders(page: Page) {
  await openTab(page, 'Sales Orders');
  await page.getByRole('button', { name: 'Import orders' }).click();
  const form = dialog(page, 'Import orders');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'orders.txt', mimeType: 'text/plain', buffer: Buffer.from(ORDER_REPORT) });
  await form.getByText('Recognised as Amazon order report.').waitFor();
  await form.getByRole('button', { name: 'Preview' }).click();
  await form.getByRole('button', { name: 'Import 3 orders' }).click();
  await page.getByText('Imported 3 orders.').waitFor();
  await form.waitFor({ state: 'hidden' });
}

async function previewSettlement(page: Page): Promise<Locator> {
  await openTab(page, 'Payments');
  await page.getByRole('button', { name: 'Import settlement' }).click();
  const form = dialog(page, 'Import settlement');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'settlement.txt', mimeType: 'text/plain', buffer: Buffer.from(SETTLEMENT) });
  await form.getByText('Recognised as Amazon settlement report (V2).').waitFor();
  await form.getByRole('button', { name: 'Preview' }).click();
  await form.getByRole('table').waitFor();
  return form;
}

/** The preview's count of each outcome, as its badges say. */
async function summary(form: Locator): Promise<string[]> {
  return (await form.getByLabel('Preview summary').locator('.mantine-Badge-root').allInnerTexts()).map((text) =>
    text.trim(),
  );
}

describe('importing an Amazon settlement', { timeout: 180_000 }, () => {
  it('previews every line, keeps unmatched ones, flags the short-paid and overdue orders, and skips all the second time', async () => {
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    await seedProducts(page);
    await importOrders(page);
    await dismissNotifications(page);
    expect(await paymentStatuses(page)).toEqual({
      '405-1111111-1111111': 'Overdue',
      '405-2222222-2222222': 'Overdue',
      '405-3333333-3333333': 'Overdue',
    });

    const form = await previewSettlement(page);
    expect(await summary(form)).toEqual(['New line: 6', 'Unmatched (kept): 2', 'Not a line (skipped): 1']);
    const commission = form.getByRole('row').filter({ hasText: 'Commission IGST' });
    expect(
      (await commission.getByRole('cell').allInnerTexts()).map((cell) => cell.replace(/\s+/g, ' ').trim()),
    ).toEqual([
      '8',
      '55501',
      '405-2222222-2222222',
      '20 Jan 2026',
      'Commission',
      'Order · ItemFees · Commission IGST',
      '-₹9.00',
      'New line',
    ]);
    await expect
      .poll(() => form.getByRole('row').filter({ hasText: '405-9999999-9999999' }).innerText())
      .toMatch(/Unmatched \(kept\)\s+No Amazon order 405-9999999-9999999 yet/);
    await settle(page);
    await screenshot(page, 'settlement-import-preview');
    await form.getByRole('row').filter({ hasText: 'Current Reserve Amount' }).scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'settlement-import-unmatched');
    await form.getByRole('button', { name: 'Import 8 settlement lines' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settlement-import-commit');

    await form.getByRole('button', { name: 'Import 8 settlement lines' }).click();
    await page
      .getByText('Imported 8 settlement lines; 2 lines have no order here and are kept as unmatched.')
      .waitFor();
    await form.waitFor({ state: 'hidden' });
    expect(await paymentStatuses(page)).toEqual({
      '405-1111111-1111111': 'Settled',
      '405-2222222-2222222': 'Short paid',
      '405-3333333-3333333': 'Overdue',
    });
    // The Sales Orders list's Payment column (last) shows what the import settled.
    await openTab(page, 'Sales Orders');
    const paymentCell = async (product: string) => (await rowCells(page.getByRole('table').first(), product)).at(-1);
    await eventually(() => paymentCell('Silk Dupatta')).toBe('Short paid');
    await eventually(() => paymentCell('Cotton Kurta')).toBe('Settled');
    await eventually(() => paymentCell('Linen Shirt')).toBe('Overdue');
    await settle(page);
    await screenshot(page, 'settlement-import-sales-orders');

    // The same file again: every line already imported, nothing to import, nothing changes.
    const again = await previewSettlement(page);
    expect(await summary(again)).toEqual(['Already imported (skipped): 8', 'Not a line (skipped): 1']);
    expect(await again.getByRole('button', { name: 'Import 0 settlement lines' }).isDisabled()).toBe(true);

    await page.setViewportSize(PHONE);
    await dismissNotifications(page);
    await settle(page);
    await screenshot(page, 'settlement-import-top');
    await again.getByRole('table').scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'settlement-import-preview');
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
    expect(await paymentStatuses(page)).toEqual({
      '405-1111111-1111111': 'Settled',
      '405-2222222-2222222': 'Short paid',
      '405-3333333-3333333': 'Overdue',
    });
  });
});

describe('a 100,000-line settlement file', { timeout: 300_000 }, () => {
  it('reads and previews without freezing the page', async () => {
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    const rows = Array.from(
      { length: 100_000 },
      (_, index) =>
        `\t\t\t\t\t\tOrder\t406-${String(index).padStart(7, '0')}\t\t\tS1\tAmazon.in\tItemFees\tCommission\t-${(index % 400) + 1}.25\tMFN\t01/20/26\t\t\t\t\tKURTA-BLU\t1\t`,
    );
    const file = [V2_HEADER, '77701\t01/06/26\t01/20/26\t01/22/26\t1.00\tINR', ...rows].join('\r\n');
    await openTab(page, 'Payments');
    await page.getByRole('button', { name: 'Import settlement' }).click();
    const form = dialog(page, 'Import settlement');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
    await form.getByText('Recognised as Amazon settlement report (V2).').waitFor();
    // Every progress line the page draws, as the DOM changes: a read in one go would draw none
    // before the preview (React commits only when the thread is free), a chunked one several.
    await form.evaluate((element) => {
      const record = window as unknown as { progressSeen: string[] };
      record.progressSeen = [];
      new MutationObserver(() => {
        const line = /Reading the file… [\d,]+ rows/.exec(element.textContent ?? '')?.[0];
        if (line && record.progressSeen.at(-1) !== line) record.progressSeen.push(line);
      }).observe(element, { subtree: true, childList: true, characterData: true });
    });
    await form.getByRole('button', { name: 'Preview' }).click();
    await form.getByRole('table').waitFor({ timeout: 240_000 });
    expect(await summary(form)).toEqual(['Unmatched (kept): 100000', 'Not a line (skipped): 1']);
    expect(await form.getByRole('button', { name: 'Import 100000 settlement lines' }).isEnabled()).toBe(true);
    await form.getByText(/This file is imported in 40 parts of up to 2,500 lines/).waitFor();
    const progressSeen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    // The page drew between chunks: at least three different counts on the way, each larger than the last.
    expect(progressSeen.length).toBeGreaterThanOrEqual(3);
    const counts = progressSeen.map((line) => Number(line.replace(/\D/g, '')));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    await settle(page);
    await screenshot(page, 'settlement-import-100k');
  });
});

describe(
  'a Flipkart settlement as Flipkart sends it: .xlsx, help lines and a group row above its header',
  { timeout: 180_000 },
  () => {
    it('is recognised on its Orders sheet and imported whole, its total the file’s own', async () => {
      const workbook = await flipkartSettlementWorkbook();
      for (const viewport of [DESKTOP, PHONE]) {
        const { page } = await e2e.openApp({ viewport });
        await openTab(page, 'Payments');
        await page.getByRole('button', { name: 'Import settlement' }).click();
        const form = dialog(page, 'Import settlement');
        await form.locator('input[type="file"]').setInputFiles({
          name: 'PaymentReports_SettledTransactions.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: workbook,
        });
        await form.getByText('Recognised as Flipkart settled transactions (payments report).').waitFor();
        const asFlipkart = form.getByRole('button', { name: 'Import as Flipkart' });
        if (await asFlipkart.isVisible()) await asFlipkart.click();
        await form.getByRole('button', { name: 'Preview' }).click();
        await form.getByRole('table').waitFor();
        const name = viewport === DESKTOP ? 'desktop' : 'phone';
        if (viewport === DESKTOP) {
          // No Flipkart orders here: every line is kept as unmatched; the sub-field row under the header is no line.
          expect(await summary(form)).toEqual(['Unmatched (kept): 12', 'Not a line (skipped): 1']);
          const tcs = form.getByRole('row').filter({ hasText: 'as sent: -0.567' });
          await expect.poll(() => tcs.innerText()).toMatch(/-₹0\.57/);
          const rounding = form.getByRole('row').filter({ hasText: 'Rounding to the paisa' });
          await expect.poll(() => rounding.innerText()).toMatch(/₹0\.01/);
          expect(await form.getByRole('row').filter({ hasText: 'not explained' }).count()).toBe(0);
        }
        await settle(page);
        await screenshot(page, `settlement-import-flipkart-xlsx-${name}`);
        await form.getByRole('table').scrollIntoViewIfNeeded();
        await settle(page);
        await screenshot(page, `settlement-import-flipkart-xlsx-preview-${name}`);
        if (viewport === DESKTOP) {
          await form.getByRole('button', { name: 'Import 12 settlement lines' }).click();
          await page
            .getByText('Imported 12 settlement lines; 12 lines have no order here and are kept as unmatched.')
            .waitFor();
          const client = await e2e.clientOf(page);
          const { data, error } = await client.from('settlement_lines').select('amount').eq('platform', 'Flipkart');
          if (error) throw new Error(error.message);
          // The file's Bank Settlement Values, each rounded once to the paisa: 98.61 - 189.98 + 8.54.
          expect(data.reduce((sum, line) => sum + Math.round(Number(line.amount) * 100), 0)).toBe(-8283);
        }
      }
    });
  },
);

describe(
  "Meesho's payments workbook, a real file: Order Payments and the ads deducted from them",
  { timeout: 180_000 },
  () => {
    it('imports every sub order and each Ads Cost row as a line of no order, shows the payout part by part, and skips all the second time', async () => {
      const workbook = await readFile(
        path.resolve(import.meta.dirname, '../fixtures/real/meesho/payments-order-ads-referral-august-2025.xlsx'),
      );
      const { page } = await e2e.openApp({ viewport: DESKTOP });
      const preview = async () => {
        await openTab(page, 'Payments');
        await page.getByRole('button', { name: 'Import settlement' }).click();
        const form = dialog(page, 'Import settlement');
        await form.locator('input[type="file"]').setInputFiles({
          name: '2918427_SP_ORDER_ADS_REFERRAL_PAYMENT_FILE_PREVIOUS_PAYMENT_2025-08-01_2025-08-31.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: workbook,
        });
        await form.getByText('Recognised as Meesho payments file.').waitFor();
        const asMeesho = form.getByRole('button', { name: 'Import as Meesho' });
        if (await asMeesho.isVisible()) await asMeesho.click();
        await form.getByRole('button', { name: 'Preview' }).click();
        await form.getByRole('table').waitFor();
        return form;
      };

      const form = await preview();
      // No Meesho orders here: all 151 lines kept as unmatched (141 of 41 sub orders, 10 of ads); the
      // formula rows of Order Payments and Ads Cost and the "No data" rows of the other two sheets are no lines.
      expect(await summary(form)).toEqual(['Unmatched (kept): 151', 'Not a line (skipped): 4']);
      expect((await form.getByLabel('File totals').innerText()).replace(/\s+/g, ' ')).toBe(
        'Order Payments: ₹13,862.24 Ads Cost: -₹932.16 In all: ₹12,930.08',
      );
      await settle(page);
      await screenshot(page, 'settlement-import-meesho');
      // The sheets come in workbook order: the ads after the sub orders, on the second page of 100 rows.
      await form.getByRole('button', { name: 'next page' }).click();
      const ad = form.getByRole('row').filter({ hasText: 'campaign 14715536, 2025-08-12' });
      await ad.waitFor();
      expect((await ad.getByRole('cell').allInnerTexts()).map((cell) => cell.replace(/\s+/g, ' ').trim())).toEqual([
        'Ads Cost 8',
        'Ads Cost 2025-08-22',
        '',
        '22 Aug 2025',
        'Other',
        'Meesho ads, campaign 14715536, 2025-08-12, ad cost -303.73, GST -54.67',
        '-₹358.40',
        'Unmatched (kept) No order id: kept as a line of the settlement.',
      ]);
      await ad.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, 'settlement-import-meesho-ads');

      await form.getByRole('button', { name: 'Import 151 settlement lines' }).click();
      await page
        .getByText('Imported 151 settlement lines; 151 lines have no order here and are kept as unmatched.')
        .waitFor();
      await form.waitFor({ state: 'hidden' });
      const client = await e2e.clientOf(page);
      const { data, error } = await client
        .from('settlement_lines')
        .select('external_order_id, amount')
        .eq('platform', 'Meesho');
      if (error) throw new Error(error.message);
      const paise = (lines: typeof data) => lines.reduce((sum, line) => sum + Math.round(Number(line.amount) * 100), 0);
      // What the bank received: Order Payments Rs 13,862.24 less Rs 932.16 of ads.
      expect(paise(data)).toBe(1_293_008);
      expect(paise(data.filter((line) => line.external_order_id === null))).toBe(-93_216);

      // The same file again: every line already imported, nothing to import.
      await dismissNotifications(page);
      const again = await preview();
      expect(await summary(again)).toEqual(['Already imported (skipped): 151', 'Not a line (skipped): 4']);
      expect(await again.getByRole('button', { name: 'Import 0 settlement lines' }).isDisabled()).toBe(true);
      await page.setViewportSize(PHONE);
      await settle(page);
      await screenshot(page, 'settlement-import-meesho');
      await again.getByRole('button', { name: 'next page' }).click();
      await again.getByRole('row').filter({ hasText: 'campaign 14715536, 2025-08-12' }).scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, 'settlement-import-meesho-ads');
    });
  },
);

describe('a settlement file mapped by hand whose dates read either way', { timeout: 120_000 }, () => {
  it('asks whether its dates are day or month first, and reads them as answered', async () => {
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    await openTab(page, 'Payments');
    await page.getByRole('button', { name: 'Import settlement' }).click();
    const form = dialog(page, 'Import settlement');
    const file = 'Payout,Order,Paid on,Amount\nP-9,A-1,04-03-22,100\nP-9,A-2,05-06-22,200\n';
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'mine.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    for (const [field, column] of [
      ['Settlement (payment) id', 'Payout'],
      ['Order id', 'Order'],
      ['Date paid', 'Paid on'],
      ['Amount', 'Amount'],
    ] as const) {
      // The required fields' labels end with an asterisk.
      const name = new RegExp(`^${field.replace(/[()]/g, '\\$&')}\\s*\\*?$`);
      await choose(page, form.getByRole('combobox', { name }), column);
    }
    await form.getByRole('button', { name: 'Preview' }).click();
    const question = form.getByRole('radiogroup', { name: 'Dates in this file' });
    await question.waitFor();
    expect(await form.getByRole('button', { name: 'Preview' }).isDisabled()).toBe(true);
    await settle(page);
    await screenshot(page, 'settlement-import-date-order');
    await question.getByRole('radio', { name: 'Month first (01/31/2026)' }).check();
    await form.getByRole('button', { name: 'Preview' }).click();
    await form.getByRole('table').waitFor();
    expect((await rowCells(form, 'A-1'))[3]).toBe('3 Apr 2022');
    expect((await rowCells(form, 'A-2'))[3]).toBe('6 May 2022');
  });
});

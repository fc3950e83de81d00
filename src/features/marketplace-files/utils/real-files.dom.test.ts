// The corpus of real marketplace files (tests/fixtures/real, sources in its SOURCES.md): each is
// imported as the dialog reads it, and what FactoryFlow would record is checked against the
// file's own totals.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { orderReport } from './order-report-layouts';
import { toImportLines } from './order-report-lines';
import { readOrderReportRows } from './order-report-read';
import { openReport, readKnownReportHeaders } from './report-read';
import { settlementReport } from './settlement-report-layouts';
import {
  readNoOrderSheetRows,
  readSettlementReportRows,
  settlementFileTotals,
  settlementLines,
} from './settlement-report-lines';

const realFile = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../../../tests/fixtures/real', name), 'utf8');

const paise = (amount: number | string) => Math.round(Number(amount) * 100);

describe('Flipkart settled transactions, a real file (help lines, a group row, separator columns, three decimals)', () => {
  const text = realFile('flipkart/settled-transactions-neft-2026-06-24.csv');

  async function importFile() {
    const { headerRow, recognized } = await readKnownReportHeaders(settlementReport, text);
    const rows = await readSettlementReportRows(text, recognized!.mapping, recognized!.layout, headerRow);
    return { headerRow, recognized, rows, lines: settlementLines(rows) };
  }

  /** The file's own Bank Settlement Value per order item, read straight from its header's column. */
  function fileOwnValues(): Map<number, number> {
    const cells = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data;
    const header = cells.findIndex((row) => row[0] === 'NEFT ID');
    const column = cells[header]!.findIndex((cell) => cell.startsWith('Bank Settlement Value'));
    const values = new Map<number, number>();
    cells.forEach((row, index) => {
      if (index > header && /^OD\d+$/.test(row[7] ?? '')) values.set(index + 1, Number(row[column]));
    });
    return values;
  }

  it('is recognised whole, its header found on row 8 below six help lines and the group row', async () => {
    const { headerRow, recognized, rows } = await importFile();
    expect(headerRow).toBe(8);
    expect(recognized?.layout.name).toBe('Flipkart settled transactions (payments report)');
    expect(rows.filter((row) => row.unreadable !== null)).toEqual([]);
    // Row 9 is the sub-field row under the header, not a line.
    expect(rows[0]).toMatchObject({ line: 9, lines: [], skipped: 'No order id: a row of titles or formulas.' });
    expect(rows.slice(1).map((row) => row.lines.length > 0)).toEqual([true, true, true]);
  });

  it("imports each row's Bank Settlement Value, rounded once to the paisa, and the file's total", async () => {
    const { lines } = await importFile();
    const own = fileOwnValues();
    expect([...own.values()]).toEqual([98.606, -189.98, 8.54]);
    for (const [line, value] of own) {
      const recorded = lines.filter((item) => item.line === line).reduce((sum, item) => sum + paise(item.amount), 0);
      expect(recorded).toBe(Math.round(value * 100));
    }
    const total = lines.reduce((sum, item) => sum + paise(item.amount), 0);
    expect(total).toBe([...own.values()].reduce((sum, value) => sum + Math.round(value * 100), 0));
    expect(total).toBe(-8283);
    // Every line as import_settlement takes it: at most two decimals.
    for (const item of lines) expect(String(item.amount)).toMatch(/^-?\d+(\.\d{1,2})?$/);
  });

  it('keeps what the file sent beside each rounded amount, and shows the rounding as such, never as not explained', async () => {
    const { lines } = await importFile();
    expect(lines.find((line) => line.category === 'tcs')).toMatchObject({
      amount: -0.57,
      description: 'tcs (rs.) · order item 437810194605824100 (as sent: -0.567)',
      posted_date: '2026-06-24',
      settlement_id: 'NFT-/XUTR/DEUTH026175A1RGSX',
      sku: 'Glory-MM-2026',
    });
    expect(lines.find((line) => line.category === 'tds')).toMatchObject({ amount: -5.67 });
    expect(lines.filter((line) => line.description.includes('not explained'))).toEqual([]);
    const rounding = lines.filter((line) => line.description.startsWith('Rounding to the paisa'));
    expect(rounding.map((line) => [line.line, line.category, line.amount])).toEqual([[10, 'other', 0.01]]);
  });

  it('reads the return row: its refund, the reverse shipping and the GST on the fees', async () => {
    const { lines } = await importFile();
    expect(lines.filter((line) => line.line === 11).map((line) => [line.category, line.amount])).toEqual([
      ['sale', 106],
      ['refund', -106],
      ['fixed_fee', -6],
      ['return_fee', -155],
      ['other', -28.98],
    ]);
  });
});

describe('Amazon flat-file order report, a real row (issue 43): a line cancelled inside a shipped order', () => {
  const text = realFile('amazon/all-orders-cancelled-line-in-shipped-order.tsv');

  it('is read whole and is no sale: its item-status Cancelled wins over the order-status Shipped', async () => {
    const { headerRow, recognized } = await readKnownReportHeaders(orderReport, text);
    expect(recognized?.layout.name).toBe('Amazon order report');
    expect(recognized?.mapping.status).toBe('item-status');
    const rows = await readOrderReportRows(text, recognized!.mapping, headerRow, undefined, {
      layout: recognized!.layout,
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      line: 2,
      unreadable: null,
      status: 'Cancelled',
      cancelled: true,
      fulfilled: false,
      quantity: 1,
      total_amount: 89.95,
      order_date: '2017-06-17T08:04:21+00:00',
    });
    // The file's one line is cancelled: nothing is sent, its total of 0 sales.
    expect(toImportLines(rows).lines).toEqual([]);
  });
});

describe('Meesho orders download, a real file (issue 43): a saree seller’s August 2025, 149 sub orders', () => {
  const text = realFile('meesho/orders-august-2025.csv');
  const priceColumn = 'Supplier Discounted Price (Incl GST and Commision)';

  /** The file's own rows, read straight from its columns. */
  const fileOwnRows = () => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy' }).data;

  async function importFile() {
    const { headerRow, recognized } = await readKnownReportHeaders(orderReport, text);
    const rows = await readOrderReportRows(text, recognized!.mapping, headerRow, undefined, {
      layout: recognized!.layout,
    });
    return { headerRow, recognized, rows, ...toImportLines(rows) };
  }

  it('is recognised as Meesho and read whole: every sub order, none refused', async () => {
    const { headerRow, recognized, rows } = await importFile();
    expect(headerRow).toBe(1);
    expect(recognized?.layout.name).toBe('Meesho orders report');
    expect(recognized?.mapping).toMatchObject({
      external_order_id: 'Sub Order No',
      status: 'Reason for Credit Entry',
      buyer_state: 'Customer State',
      total_amount: priceColumn,
    });
    expect(rows).toHaveLength(149);
    expect(rows.filter((row) => row.unreadable !== null)).toEqual([]);
    expect(
      rows.slice(0, 4).map((row) => [row.external_order_id, row.sku, row.total_amount, row.fulfilled, row.buyer_state]),
    ).toEqual([
      ['184337885113119297_1', 'ctn-pink-black', 488, true, 'Bihar'],
      ['184543431358648576_1', 'ctn-pink-black', 488, true, 'Uttar Pradesh'],
      // RTO_COMPLETE: back with the seller, not a sale that shipped; imported Unfulfilled to decide on.
      ['184633211778789952_1', 'ctn-pink-black', 488, false, 'Telangana'],
      ['184933570153611968_1', 'ctn-pink-black', 488, false, 'Odisha'],
    ]);
  });

  it('reads each of its statuses: delivered and shipped as sales, cancelled left out, RTO and lost to decide on', async () => {
    const { rows } = await importFile();
    const byStatus = new Map(rows.map((row) => [row.status, [row.fulfilled, row.cancelled]]));
    expect(Object.fromEntries(byStatus)).toEqual({
      DELIVERED: [true, false],
      SHIPPED: [true, false],
      CANCELLED: [false, true],
      RTO_COMPLETE: [false, false],
      RTO_LOCKED: [false, false],
      RTO_OFD: [false, false],
      RTO_DELIVERY_FAILED: [false, false],
      LOST: [false, false],
    });
  });

  it("imports every sub order not cancelled at its price × quantity, the file's own total", async () => {
    const { lines } = await importFile();
    const own = fileOwnRows().filter((row) => row['Reason for Credit Entry'] !== 'CANCELLED');
    expect(own).toHaveLength(126);
    expect(lines).toHaveLength(126);
    // The price is a unit's: its one two-unit sub order (499 each, as its listed price) is Rs 998.
    expect(lines.find((line) => line.external_order_id === '187201805749350528_1')).toMatchObject({
      quantity: 2,
      total_amount: 998,
    });
    const fileTotal = own.reduce((sum, row) => sum + paise(row[priceColumn]!) * Number(row.Quantity), 0);
    expect(lines.reduce((sum, line) => sum + paise(line.total_amount ?? Number.NaN), 0)).toBe(fileTotal);
    expect(fileTotal).toBe(6_302_500);
  });
});

describe('Meesho orders download of 2026, a real file (issue 43): 13 columns, Catalog ID and Order source added', () => {
  const text = realFile('meesho/orders-2026-09-01-to-04.csv');
  const priceColumn = 'Supplier Discounted Price (Incl GST and Commision)';

  it('is recognised as the same layout, and imports every sub order not cancelled to the file’s own total', async () => {
    const { headerRow, recognized } = await readKnownReportHeaders(orderReport, text);
    expect(recognized?.layout.name).toBe('Meesho orders report');
    const rows = await readOrderReportRows(text, recognized!.mapping, headerRow, undefined, {
      layout: recognized!.layout,
    });
    expect(rows).toHaveLength(23);
    expect(rows.filter((row) => row.unreadable !== null)).toEqual([]);
    // Not yet shipped (READY_TO_SHIP, PENDING): imported Unfulfilled, as on the other marketplaces.
    expect(Object.fromEntries(rows.map((row) => [row.status, [row.fulfilled, row.cancelled]]))).toEqual({
      SHIPPED: [true, false],
      READY_TO_SHIP: [false, false],
      PENDING: [false, false],
      CANCELLED: [false, true],
    });
    const own = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy' }).data.filter(
      (row) => row['Reason for Credit Entry'] !== 'CANCELLED',
    );
    const { lines } = toImportLines(rows);
    expect(lines.map((line) => line.external_order_id)).toEqual(own.map((row) => row['Sub Order No']));
    const fileTotal = own.reduce((sum, row) => sum + paise(row[priceColumn]!) * Number(row.Quantity), 0);
    expect(lines.reduce((sum, line) => sum + paise(line.total_amount ?? Number.NaN), 0)).toBe(fileTotal);
    expect(fileTotal).toBe(399_500);
  });
});

describe('Meesho payments file, a real .xlsx (issue 43): August 2025, its Order Payments and Ads Cost sheets', () => {
  async function importFile() {
    const bytes = readFileSync(
      path.join(
        import.meta.dirname,
        '../../../../tests/fixtures/real/meesho/payments-order-ads-referral-august-2025.xlsx',
      ),
    );
    const file = new File(
      [new Uint8Array(bytes)],
      '2918427_SP_ORDER_ADS_REFERRAL_PAYMENT_FILE_PREVIOUS_PAYMENT_2025-08-01_2025-08-31.xlsx',
      {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    );
    const { source, workbook, headerRow, recognized } = await openReport(settlementReport, file);
    const rows = await readSettlementReportRows(source, recognized!.mapping, recognized!.layout, headerRow);
    const otherRows = readNoOrderSheetRows(workbook, recognized!.layout);
    return {
      source,
      workbook,
      headerRow,
      recognized,
      rows,
      otherRows,
      lines: settlementLines([...rows, ...otherRows]),
    };
  }

  it('is read from its Order Payments sheet (after Disclaimer), below the group row, its formula row skipped', async () => {
    const { source, headerRow, recognized, rows } = await importFile();
    expect(typeof source === 'object' && 'name' in source ? source.name : null).toBe('Order Payments');
    expect(headerRow).toBe(2);
    expect(recognized?.layout.name).toBe('Meesho payments file');
    expect(rows.filter((row) => row.unreadable !== null)).toEqual([]);
    expect(rows[0]).toMatchObject({ line: 3, lines: [], skipped: 'No order id: a row of titles or formulas.' });
    expect(rows.slice(1).filter((row) => row.lines.length > 0)).toHaveLength(41);
  });

  it("imports each sub order's Final Settlement Amount, to the paisa, and the file's total, with nothing unexplained", async () => {
    const { source, rows, lines } = await importFile();
    // The file's own Final Settlement Amount per sub order, read straight from its column.
    const sheet = (source as { rows: string[][] }).rows;
    const column = sheet[1]!.indexOf('Final Settlement Amount');
    const own = new Map(sheet.slice(3).map((cells, index) => [index + 4, paise(cells[column]!)]));
    expect(own.size).toBe(41);
    for (const row of rows.slice(1)) {
      expect(row.lines.reduce((sum, line) => sum + paise(line.amount), 0)).toBe(own.get(row.line));
    }
    const orderLines = lines.filter((line) => line.external_order_id !== '');
    const total = orderLines.reduce((sum, line) => sum + paise(line.amount), 0);
    expect(total).toBe([...own.values()].reduce((sum, value) => sum + value, 0));
    expect(total).toBe(1_386_224);
    expect(orderLines.filter((line) => line.category === 'other')).toEqual([]);
    expect(new Set(orderLines.map((line) => line.external_order_id)).size).toBe(41);
  });

  it('reads each Ads Cost row as a line of no order on its Deduction Date, its Total Ads Cost, and the payout in all', async () => {
    const { source, workbook, rows, otherRows, lines } = await importFile();
    // The sheet's own Total Ads Cost column, summed here: its title, header and formula rows above.
    const ads = workbook.find((sheet) => sheet.name === 'Ads Cost')!.rows;
    expect(ads[1]).toEqual([
      'Deduction Duration',
      'Deduction Date',
      'Campaign ID',
      'Ad Cost',
      'Credits / Waivers / Discounts',
      'Ad Cost incl. Credits/Waivers/Discounts',
      'GST',
      'Total Ads Cost',
    ]);
    const ownAds = ads.slice(3).map((cells) => paise(cells[7]!));
    expect(ownAds).toHaveLength(10);
    const adsTotal = ownAds.reduce((sum, value) => sum + value, 0);
    // -7.10 - 102.24 - 0.25 - 243.01 - 358.40 - 9.32 - 3.89 - 2.55 - 205.34 - 0.06
    expect(adsTotal).toBe(-93_216);

    const adsLines = lines.filter((line) => line.external_order_id === '');
    expect(adsLines.map((line) => paise(line.amount))).toEqual(ownAds);
    expect(adsLines.every((line) => line.category === 'other')).toBe(true);
    expect(adsLines[0]).toEqual({
      line: 4,
      settlement_id: 'Ads Cost 2025-08-22',
      external_order_id: '',
      posted_date: '2025-08-22',
      category: 'other',
      amount: -7.1,
      description: 'Meesho ads, campaign 14837470, 2025-08-20, ad cost -6.02, GST -1.08',
    });
    expect(adsLines.map((line) => line.posted_date)).toEqual([
      ...Array<string>(5).fill('2025-08-22'),
      ...Array<string>(3).fill('2025-08-25'),
      '2025-08-26',
      '2025-08-28',
    ]);
    // Order Payments Rs 13,862.24 less ads Rs 932.16: what the bank received.
    expect(settlementFileTotals([...rows, ...otherRows], source)).toEqual([
      { label: 'Order Payments', amount: 13_862.24 },
      { label: 'Ads Cost', amount: -932.16 },
      { label: 'In all', amount: 12_930.08 },
    ]);
  });

  it('skips the formula row of Ads Cost and the "No data" row of Referral Payments and Compensation and Recovery', async () => {
    const { otherRows } = await importFile();
    expect(otherRows.filter((row) => row.lines.length === 0)).toEqual([
      {
        line: 3,
        sheet: 'Ads Cost',
        lines: [],
        skipped: 'No Total Ads Cost: a row of titles or formulas.',
        unreadable: null,
      },
      // Row 4 in a spreadsheet: the reader skips the empty formula row above it, as a CSV's empty lines.
      {
        line: 3,
        sheet: 'Referral Payments',
        lines: [],
        skipped: '“No data is available for these dates.”: not a line.',
        unreadable: null,
      },
      {
        line: 3,
        sheet: 'Compensation and Recovery',
        lines: [],
        skipped: '“No data is available for these dates.”: not a line.',
        unreadable: null,
      },
    ]);
  });

  it('reads a delivered row and a returned one as the file writes them', async () => {
    const { lines } = await importFile();
    expect(
      lines
        .filter((line) => line.external_order_id === '185671251809043072_1')
        .map((line) => [line.category, line.amount]),
    ).toEqual([
      ['sale', 577],
      ['shipping_fee', -87.66],
      ['tcs', -2.75],
      ['tds', -0.55],
    ]);
    expect(lines.find((line) => line.external_order_id === '185671251809043072_1')).toMatchObject({
      settlement_id: 'AXISCN1058984549',
      sku: 'green--sadi',
      posted_date: '2025-08-22',
    });
    // A customer return: the sale and its refund, and the return shipping charged (Final -165).
    expect(
      lines
        .filter((line) => line.external_order_id === '190148294999310976_1')
        .map((line) => [line.category, line.amount]),
    ).toEqual([
      ['sale', 562],
      ['refund', -562],
      ['return_fee', -165],
    ]);
  });
});

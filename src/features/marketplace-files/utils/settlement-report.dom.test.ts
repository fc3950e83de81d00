import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkLines, LINES_PER_CALL } from './report-import';
import * as layouts from './report-layouts';
import { dateOrderOf, readKnownReportHeaders } from './report-read';
import { amazonCategoryOf, categoryOfWord } from './settlement-categories';
import { settlementReport, type SettlementColumnMapping } from './settlement-report-layouts';
import {
  normalizeSettlementDate,
  readNoOrderSheetRows,
  readSettlementReportRows,
  settlementDateOrder,
  settlementFileTotals,
  settlementLines,
  settlementLinesToImport,
  settlementPreviewRows,
} from './settlement-report-lines';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '__fixtures__', name), 'utf8');

/** Reads a settlement report the way the import dialog does: headers, recognised layout, rows. */
async function readReport(text: string, mapping?: SettlementColumnMapping) {
  const { headers, headerRow, recognized } = await readKnownReportHeaders(settlementReport, text);
  const rows = await readSettlementReportRows(
    text,
    mapping ?? recognized?.mapping ?? layouts.emptyMapping(settlementReport),
    recognized?.layout ?? null,
    headerRow,
  );
  return { headers, headerRow, recognized, rows, lines: settlementLines(rows) };
}

const sum = (amounts: readonly (number | string)[]) =>
  amounts.reduce<number>((total, amount) => total + Math.round(Number(amount) * 100), 0) / 100;

describe("Amazon's Settlement Report V2 (flat file, tab-delimited, with a byte order mark and CRLF)", () => {
  it('is recognised by its headers and skips the summary row (row 2)', async () => {
    const { recognized, rows } = await readReport(fixture('amazon-settlement-v2.txt'));
    expect(recognized?.layout.name).toBe('Amazon settlement report (V2)');
    expect(recognized?.layout.platform).toBe('Amazon');
    expect(rows[0]).toMatchObject({ line: 2, lines: [], unreadable: null });
    expect(rows[0]!.skipped).toMatch(/summary row \(24681357913\)/);
  });

  it('makes each detail row one line: its category from the description, the amount as signed in the file', async () => {
    const { lines } = await readReport(fixture('amazon-settlement-v2.txt'));
    expect(lines[0]).toEqual({
      line: 3,
      settlement_id: '24681357913',
      external_order_id: '405-1111111-1111111',
      sku: 'KURTA-BLU',
      posted_date: '2026-01-12',
      category: 'sale',
      amount: 1000,
      description: 'Order · ItemPrice · Principal',
    });
    expect(lines.map((line) => [line.line, line.category, line.amount])).toEqual([
      [3, 'sale', 1000],
      [4, 'sale', 180],
      [5, 'commission', -100],
      // A fee's GST row goes with its fee.
      [6, 'commission', -18],
      [7, 'fixed_fee', -20],
      [8, 'fixed_fee', -3.6],
      [9, 'tcs', -5],
      [10, 'tds', -1],
      // The refund: the price back to the buyer, the commission given back, the refund commission.
      [11, 'refund', -500],
      [12, 'commission', 50],
      [13, 'return_fee', -10],
      [14, 'return_fee', -1.8],
      // Not an order's line: kept, without an order id.
      [15, 'other', -57.2],
      // Not in the mapping: other, with its own words.
      [16, 'other', -2],
    ]);
    expect(lines[12]!.external_order_id).toBe('');
    expect(lines[13]!.description).toBe('Order · ItemFees · Mystery Fee');
    expect(lines[10]!.posted_date).toBe('2026-01-14');
  });

  it('adds up to the payout the summary row announces', async () => {
    const { lines } = await readReport(fixture('amazon-settlement-v2.txt'));
    // 1,000 + 180 - 100 - 18 - 20 - 3.60 - 5 - 1 - 500 + 50 - 10 - 1.80 - 57.20 - 2
    expect(sum(lines.map((line) => line.amount))).toBe(511.4);
  });

  it('skips a summary row that stops after its sixth column', async () => {
    const [header, , ...details] = fixture('amazon-settlement-v2.txt').split('\r\n');
    const text = [header, '24681357913\t01/01/26\t01/15/26\t01/17/26\t1,712.40\tINR', ...details].join('\r\n');
    const { rows, lines } = await readReport(text);
    expect(rows[0]).toMatchObject({ line: 2, lines: [], unreadable: null });
    expect(lines).toHaveLength(14);
  });

  it('takes the settlement id from above when detail rows leave it blank', async () => {
    const text = fixture('amazon-settlement-v2.txt')
      .split('\r\n')
      .map((row, index) => (index > 1 ? row.replace(/^24681357913\t/, '\t') : row))
      .join('\r\n');
    const { lines } = await readReport(text);
    expect(new Set(lines.map((line) => line.settlement_id))).toEqual(new Set(['24681357913']));
  });
});

describe('the category mapping (settlement-categories.ts)', () => {
  it('matches descriptions without case and files GST rows with their fee', () => {
    expect(amazonCategoryOf('Order', 'FBA Weight Handling Fee CGST')).toBe('shipping_fee');
    expect(amazonCategoryOf('Order', 'tcs-cgst')).toBe('tcs');
    expect(amazonCategoryOf('Order', 'TDS - Section 194-O')).toBe('tds');
    expect(amazonCategoryOf('Adjustment', 'FBA Inventory Reimbursement')).toBe('reimbursement');
    expect(amazonCategoryOf('Refund', 'Shipping')).toBe('refund');
    expect(amazonCategoryOf('Order', 'Storage Fee')).toBe('other');
  });

  it('reads a hand-mapped category column: the category names or Amazon descriptions, else other', () => {
    expect(categoryOfWord('Shipping fee')).toBe('shipping_fee');
    expect(categoryOfWord('TCS')).toBe('tcs');
    expect(categoryOfWord('Fixed closing fee')).toBe('fixed_fee');
    expect(categoryOfWord('Penalty')).toBe('other');
  });
});

describe("Flipkart's settled transactions (Payments report, Orders sheet saved as CSV)", () => {
  it('is recognised on its second row, below the group row, and skips the row of formulas', async () => {
    const { recognized, rows } = await readReport(fixture('flipkart-settled-transactions.csv'));
    expect(recognized?.layout.name).toBe('Flipkart settled transactions (payments report)');
    expect(rows[0]).toMatchObject({ line: 3, lines: [] });
    expect(rows[0]!.skipped).toMatch(/titles or formulas/);
  });

  it('makes each non-zero money column of a row a line of its category, never the totals', async () => {
    const { rows } = await readReport(fixture('flipkart-settled-transactions.csv'));
    const sale = rows[1]!.lines;
    expect(sale.map((line) => [line.category, line.amount, line.description])).toEqual([
      ['sale', 1000, 'sale amount (rs.) · order item OI9001'],
      ['commission', -60, 'commission (rs.) · order item OI9001'],
      ['fixed_fee', -15, 'fixed fee (rs.) · order item OI9001'],
      ['collection_fee', -10, 'collection fee (rs.) · order item OI9001'],
      ['shipping_fee', -12.9, 'shipping fee (rs.) · order item OI9001'],
      ['tcs', -5, 'tcs (rs.) · order item OI9001'],
      ['tds', -1, 'tds (rs.) · order item OI9001'],
      ['other', -16.6, 'gst on mp fees (rs.) · order item OI9001'],
      // The columns add up to 879.50; the bank got 873.50: the difference is a line that says so.
      ['other', -6, 'Bank Settlement Value not explained by the columns read · order item OI9001'],
    ]);
    expect(sum(sale.map((line) => line.amount))).toBe(873.5);
    expect(sale[0]).toMatchObject({
      line: 4,
      settlement_id: 'NEFT-778899',
      external_order_id: 'OD330000000000001',
      sku: 'KURTA-BLU',
      posted_date: '2026-01-15',
    });
    expect(rows[2]!.lines.map((line) => [line.category, line.amount])).toEqual([
      ['refund', -500],
      ['return_fee', -60],
    ]);
  });
});

describe("Myntra's settlement report (header on row 3)", () => {
  it('is recognised below its title rows; the settled amount is what the row paid, its fees shown apart', async () => {
    const { recognized, lines } = await readReport(fixture('myntra-forward-settlement.csv'));
    expect(recognized?.layout.name).toBe('Myntra settlement report');
    expect(lines.map((line) => [line.line, line.category, line.amount])).toEqual([
      [4, 'sale', 537],
      [4, 'commission', -45],
      [4, 'fixed_fee', -10],
      [4, 'shipping_fee', -30],
      [4, 'other', -2],
    ]);
    expect(sum(lines.map((line) => line.amount))).toBe(450);
    expect(lines[0]).toMatchObject({
      settlement_id: 'NEFT123',
      external_order_id: '1188776655',
      posted_date: '2026-01-20',
    });
  });
});

describe("Myntra's prepaid and postpaid (cash on delivery) rows", () => {
  const report = [
    'Forward settlement report,,,,,,,',
    'Seller 4321,,,,,,,',
    'order_release_id,seller_sku_code,settled_amount_prepaid,settled_amount_postpaid,commission_amount_incl_gst,neft_ref,settlement_date_prepaid_payment,settlement_date_postpaid_payment',
    '1188776655,KURTA-BLU,0,300.00,30.00,NEFT200,,22-01-2026',
    '1188776656,KURTA-RED,450.00,200.00,50.00,NEFT201,20-01-2026,25-01-2026',
  ].join('\r\n');

  it('reads a cash-on-delivery row, paid on its postpaid date, instead of refusing it', async () => {
    const { rows, lines } = await readReport(report);
    expect(rows.map((row) => row.unreadable)).toEqual([null, null]);
    expect(
      lines.filter((line) => line.line === 4).map((line) => [line.category, line.amount, line.posted_date]),
    ).toEqual([
      ['sale', 330, '2026-01-22'],
      ['commission', -30, '2026-01-22'],
    ]);
  });

  it('reads both the prepaid and the postpaid settled amounts of one row', async () => {
    const { lines } = await readReport(report);
    const row = lines.filter((line) => line.line === 5);
    expect(row.map((line) => [line.category, line.amount])).toEqual([
      ['sale', 700],
      ['commission', -50],
    ]);
    expect(sum(row.map((line) => line.amount))).toBe(650);
  });
});

describe("Myntra's reverse settlement report", () => {
  it('makes a negative settled amount a refund, and the reverse logistics a return fee', async () => {
    const reverse = [
      'Reverse settlement report,,,,,',
      'Seller 4321,,,,,',
      'order_release_id,seller_sku_code,settled_amount_prepaid,logistics_cost_reverse,neft_ref,settlement_date_prepaid_payment',
      '1188776655,KURTA-BLU,-520.00,40.00,NEFT124,27-01-2026',
    ].join('\r\n');
    const { recognized, lines } = await readReport(reverse);
    expect(recognized?.layout.name).toBe('Myntra settlement report');
    expect(lines.map((line) => [line.category, line.amount, line.posted_date])).toEqual([
      ['refund', -480, '2026-01-27'],
      ['return_fee', -40, '2026-01-27'],
    ]);
    expect(sum(lines.map((line) => line.amount))).toBe(-520);
  });
});

describe('a file of another layout', () => {
  const mine =
    'Payout,Order,Paid on,Amount,Kind\r\nP-1,A-1,05/02/2026,"1,200.00",Sale\r\nP-1,A-1,05/02/2026,-120,Commission\r\nP-1,A-1,05/02/2026,-4,Penalty\r\n';

  it('is recognised as none, and reads with a mapping made by hand (dates day first, as in India)', async () => {
    const { recognized } = await readReport(mine);
    expect(recognized).toBeNull();
    const mapping = {
      ...layouts.emptyMapping(settlementReport),
      settlement_id: 'Payout',
      external_order_id: 'Order',
      posted_date: 'Paid on',
      amount: 'Amount',
      category: 'Kind',
    };
    expect(layouts.mappingFits(settlementReport, mapping, (await readReport(mine)).headers)).toBe(true);
    const { lines } = await readReport(mine, mapping);
    expect(lines.map((line) => [line.category, line.amount, line.posted_date, line.description])).toEqual([
      ['sale', 1200, '2026-02-05', 'Sale'],
      ['commission', -120, '2026-02-05', 'Commission'],
      ['other', -4, '2026-02-05', 'Penalty'],
    ]);
  });

  it('refuses a row without a date, and one with a broken quote, naming the row', async () => {
    const mapping = {
      ...layouts.emptyMapping(settlementReport),
      settlement_id: 'Payout',
      external_order_id: 'Order',
      posted_date: 'Paid on',
      amount: 'Amount',
    };
    const { rows, lines } = await readReport(
      'Payout,Order,Paid on,Amount\nP-1,A-1,,10\nP-1,A-2,05/02/2026,"5\n',
      mapping,
    );
    expect(rows.map((row) => [row.line, row.unreadable])).toEqual([
      [2, 'This row has no date paid.'],
      [3, 'This row has a quotation mark that is never closed.'],
    ]);
    expect(lines).toEqual([]);
  });
});

describe('dates', () => {
  it("reads Amazon's MM/DD/YY, DD.MM.YYYY, ISO with a time, and leaves the unreadable as written", () => {
    expect(normalizeSettlementDate('01/12/26', false)).toBe('2026-01-12');
    expect(normalizeSettlementDate('12.01.2026', false)).toBe('2026-01-12');
    expect(normalizeSettlementDate('2026-01-12 08:15:00 UTC', false)).toBe('2026-01-12');
    expect(normalizeSettlementDate('12-Jan-2026', true)).toBe('2026-01-12');
    expect(normalizeSettlementDate('12/01/2026', true)).toBe('2026-01-12');
    expect(normalizeSettlementDate('13/01/26', false)).toBe('13/01/26');
    expect(normalizeSettlementDate('soon', true)).toBe('soon');
  });
});

describe('identical lines', () => {
  it('say which repeat they are, so parts of a big file never take one for another', async () => {
    const row = 'S-9\t\t\t\t\t\tOrder\t405-1\tItemFees\tCommission\t-10.00\t01/12/26\tKURTA-BLU';
    const text = [
      'settlement-id\tsettlement-start-date\tsettlement-end-date\tdeposit-date\ttotal-amount\tcurrency\ttransaction-type\torder-id\tamount-type\tamount-description\tamount\tposted-date\tsku',
      row,
      row,
    ].join('\n');
    const { lines } = await readReport(text);
    expect(lines.map((line) => line.description)).toEqual([
      'Order · ItemFees · Commission',
      'Order · ItemFees · Commission · repeat 2',
    ]);
  });
});

describe("Meesho's Referral Payments and Compensation and Recovery sheets", () => {
  // Their title and header rows are the real file's (tests/fixtures/real/meesho); no real data row
  // of either is public (that file says "No data is available for these dates."), so these rows are
  // made up, in the columns' own order.
  const meesho = settlementReport.layouts.find((layout) => layout.name === 'Meesho payments file')!;
  const referral = {
    name: 'Referral Payments',
    rows: [
      ['Referral Payments'],
      ['Reward Id', 'Payment Date', 'Store Name', 'Reason', 'Net Referral Amount', 'Taxes (GST/TDS)'],
      ['RW-1001', '2025-08-25', 'Saree Point', 'Referred seller went live', '450.5', '-49.5'],
      ['RW-1002', '2025-08-26', 'Kurta House', 'Referred seller went live', '0', '0'],
      ['RW-1003', '', 'Kurta House', 'Referred seller went live', '100', '-10'],
    ],
  };
  const compensation = {
    name: 'Compensation and Recovery',
    rows: [
      ['Platform Recovery & Compensation'],
      ['Date', 'Program Name', 'Reason', 'Amount (inc GST) INR'],
      ['2025-08-27', 'Lost in transit', 'Sub order 187110529767075968_1', '594.004'],
      ['2025-08-28', 'Recovery', 'Wrong weight declared', '-35.4'],
      ['2025-08-29', 'Recovery', 'Adjustment', 'n/a'],
    ],
  };

  it('reads each row with an amount as a line of no order, its settlement the sheet and the day', () => {
    const rows = readNoOrderSheetRows([referral, compensation], meesho);
    expect(settlementLines(rows)).toEqual([
      {
        line: 3,
        settlement_id: 'Referral Payments 2025-08-25',
        external_order_id: '',
        posted_date: '2025-08-25',
        category: 'other',
        amount: 450.5,
        description: 'Meesho referral, reward RW-1001, Saree Point, Referred seller went live, taxes -49.5',
      },
      {
        line: 3,
        settlement_id: 'Compensation and Recovery 2025-08-27',
        external_order_id: '',
        posted_date: '2025-08-27',
        category: 'reimbursement',
        amount: 594,
        description:
          'Meesho recovery & compensation, Lost in transit, Sub order 187110529767075968_1 (as sent: 594.004)',
      },
      {
        line: 4,
        settlement_id: 'Compensation and Recovery 2025-08-28',
        external_order_id: '',
        posted_date: '2025-08-28',
        category: 'other',
        amount: -35.4,
        description: 'Meesho recovery & compensation, Recovery, Wrong weight declared',
      },
      // Not a number: sent as written, for the server to refuse.
      {
        line: 5,
        settlement_id: 'Compensation and Recovery 2025-08-29',
        external_order_id: '',
        posted_date: '2025-08-29',
        category: 'other',
        amount: 'n/a',
        description: 'Meesho recovery & compensation, Recovery, Adjustment',
      },
    ]);
    expect(rows.filter((row) => row.lines.length === 0)).toEqual([
      { line: 4, sheet: 'Referral Payments', lines: [], skipped: 'Nothing settled on this row.', unreadable: null },
      { line: 5, sheet: 'Referral Payments', lines: [], skipped: null, unreadable: 'This row has no date paid.' },
    ]);
  });

  it('are read only beside a layout that names them, and each part is totalled apart', async () => {
    const flipkart = settlementReport.layouts.find((layout) => layout.platform === 'Flipkart')!;
    expect(readNoOrderSheetRows([referral, compensation], flipkart)).toEqual([]);
    expect(readNoOrderSheetRows([referral, compensation], null)).toEqual([]);

    const rows = readNoOrderSheetRows([referral, compensation], meesho);
    const { rows: orderRows } = await readReport(fixture('flipkart-settled-transactions.csv'));
    const totals = settlementFileTotals([...orderRows, ...rows], 'a CSV file');
    expect(totals.slice(1)).toEqual([
      { label: 'Referral Payments', amount: 450.5 },
      // 594.00 - 35.40; the unreadable row and the amount that is no number are in no total.
      { label: 'Compensation and Recovery', amount: 558.6 },
      { label: 'In all', amount: sum([totals[0]!.amount, 450.5, 558.6]) },
    ]);
    expect(totals[0]!.label).toBe('This file');
    // One part: only its total.
    expect(settlementFileTotals(rows.slice(0, 1), 'a CSV file')).toEqual([{ label: 'In all', amount: 450.5 }]);

    const preview = settlementPreviewRows(
      [...orderRows, ...rows],
      settlementLines([...orderRows, ...rows]).map(() => ({ outcome: 'unmatched' as const, message: null })),
    );
    expect(new Set(preview.map((row) => row.id)).size).toBe(preview.length);
    expect(preview.at(-1)).toMatchObject({
      id: 'Compensation and Recovery 5-0',
      place: 'Compensation and Recovery 5',
      line: 5,
    });
  });
});

describe('the preview', () => {
  it('puts each verdict with its line by position, counts unmatched lines and imports them with the new', async () => {
    const { rows, lines } = await readReport(fixture('flipkart-settled-transactions.csv'));
    const verdicts = lines.map((_, index) => ({
      outcome: index < 9 ? ('new' as const) : ('unmatched' as const),
      message: index < 9 ? null : 'No order OD330000000000002 on Flipkart: kept as unmatched.',
    }));
    verdicts[1] = { outcome: 'already_imported' as never, message: 'Already imported.' };
    const preview = settlementPreviewRows(rows, verdicts);
    expect(preview.map((row) => row.outcome)).toEqual([
      'skipped',
      'new',
      'already_imported',
      'new',
      'new',
      'new',
      'new',
      'new',
      'new',
      'new',
      'unmatched',
      'unmatched',
    ]);
    expect(preview[2]!.message).toBeNull();
    expect(new Set(preview.map((row) => row.id)).size).toBe(preview.length);
    expect(settlementLinesToImport(lines, verdicts)).toHaveLength(lines.length - 1);
  });
});

describe('a 100,000-line settlement file', () => {
  it(
    'reads in chunks within the time bound and splits into parts of at most 10,000 lines',
    { timeout: 30_000 },
    async () => {
      const header =
        'settlement-id\tsettlement-start-date\tsettlement-end-date\tdeposit-date\ttotal-amount\tcurrency\ttransaction-type\torder-id\tamount-type\tamount-description\tamount\tposted-date\tsku';
      const body = Array.from(
        { length: 100_000 },
        (_, index) =>
          `S-1\t\t\t\t\t\tOrder\t405-${String(index).padStart(7, '0')}\tItemFees\tCommission\t-${(index % 500) + 1}.50\t01/12/26\tSKU-${index % 20}`,
      );
      // A File, as the dialog reads it: papaparse reads a file 1 MB at a time (a string in one go).
      const text = new File([[header, 'S-1\t01/01/26\t01/15/26\t01/17/26\t1.00\tINR', ...body].join('\n')], 'big.txt');
      let progressCalls = 0;
      // Timers that run while the file is read: the page's thread is free between chunks.
      let turns = 0;
      const tick = setInterval(() => (turns += 1), 0);
      const started = performance.now();
      const { recognized, headerRow } = await readKnownReportHeaders(settlementReport, text);
      const rows = await readSettlementReportRows(
        text,
        recognized!.mapping,
        recognized!.layout,
        headerRow,
        () => (progressCalls += 1),
      );
      const elapsed = performance.now() - started;
      clearInterval(tick);
      const lines = settlementLines(rows);
      expect(lines).toHaveLength(100_000);
      expect(lines[99_999]).toMatchObject({ line: 100_002, category: 'commission', amount: -500.5 });
      // Read chunk by chunk: the page gets its turn between them (progress per chunk).
      expect(progressCalls).toBeGreaterThan(1);
      expect(turns).toBeGreaterThan(1);
      expect(elapsed).toBeLessThan(15_000);
      const parts = chunkLines(lines);
      expect(LINES_PER_CALL).toBeLessThanOrEqual(10_000);
      expect(parts).toHaveLength(Math.ceil(100_000 / LINES_PER_CALL));
      expect(Math.max(...parts.map((part) => part.length))).toBeLessThanOrEqual(10_000);
    },
  );
});

describe('the date order of a file mapped by hand, decided from its own dates', () => {
  it('takes a first number above 12 as day first, a second above 12 as month first, and asks otherwise', () => {
    expect(dateOrderOf(['04-03-22', '30-04-22'])).toBe('day_first');
    expect(dateOrderOf(['04-03-22', '04-30-22'])).toBe('month_first');
    expect(dateOrderOf(['04-03-22', '05/06/2022'])).toBeNull();
    expect(dateOrderOf(['13/04/22', '04/13/22'])).toBeNull();
    expect(dateOrderOf(['2022-04-30', '30-Apr-2022'])).toBe('day_first');
  });

  const file = (dates: string[]) =>
    ['Payout,Order,Paid on,Amount', ...dates.map((date, index) => `P-1,A-${index},${date},100`)].join('\n');
  const mapping = {
    ...layouts.emptyMapping(settlementReport),
    settlement_id: 'Payout',
    external_order_id: 'Order',
    posted_date: 'Paid on',
    amount: 'Amount',
  };

  it('reads 04-30-22 month first when the file shows it, instead of refusing each row', async () => {
    const text = file(['04-30-22', '04-03-22']);
    const order = await settlementDateOrder(text, mapping);
    expect(order).toBe('month_first');
    const rows = await readSettlementReportRows(text, mapping, null, 1, undefined, order);
    expect(settlementLines(rows).map((line) => line.posted_date)).toEqual(['2022-04-30', '2022-04-03']);
  });

  it('cannot tell when every number is 12 or less: the answer the owner gives decides', async () => {
    const text = file(['04-03-22', '05-06-22']);
    expect(await settlementDateOrder(text, mapping)).toBeNull();
    const monthFirst = await readSettlementReportRows(text, mapping, null, 1, undefined, 'month_first');
    expect(settlementLines(monthFirst).map((line) => line.posted_date)).toEqual(['2022-04-03', '2022-05-06']);
    const dayFirst = await readSettlementReportRows(text, mapping, null, 1, undefined, 'day_first');
    expect(settlementLines(dayFirst).map((line) => line.posted_date)).toEqual(['2022-03-04', '2022-06-05']);
  });
});

describe("Meesho's payments file (issue 43)", () => {
  // The header of Meesho's real payments file (tests/fixtures/real/meesho) with its group row above,
  // invented amounts. Its "Fixed Fee (Incl. GST)" comes twice and "Warehousing fee (Incl. GST)"
  // beside its "Warehousing fee (inc Gst)"; the file's formula row leaves the second of each, and the
  // GST on Net Other Support Service Charges, out of its Final Settlement Amount.
  const header =
    'Sub Order No,Order Date,Dispatch Date,Product Name,Supplier SKU,Live Order Status,Product GST %,Listing Price (Incl. taxes),Quantity,Transaction ID,Payment Date,Final Settlement Amount,Price Type,Total Sale Amount (Incl. Shipping & GST),Total Sale Return Amount (Incl. Shipping & GST),Fixed Fee (Incl. GST),Warehousing fee (inc Gst),Return premium (incl GST),Return premium (incl GST) of Return,Meesho Commission Percentage,Meesho Commission (Incl. GST),Meesho gold platform fee (Incl. GST),Meesho mall platform fee (Incl. GST),Fixed Fee (Incl. GST),Warehousing fee (Incl. GST),Return Shipping Charge (Incl. GST),GST Compensation (PRP Shipping),Shipping Charge (Incl. GST),Other Support Service Charges (Excl. GST),Waivers (Excl. GST),Net Other Support Service Charges (Excl. GST),GST on Net Other Support Service Charges,TCS,TDS Rate %,TDS,Compensation,Claims,Recovery,Compensation Reason,Claims Reason,Recovery Reason';
  const text = [
    'Order Related Details,,,,,,,,,Payment Details',
    header,
    '184337885113119297_1,2025-08-05,2025-08-06,Cotton Saree,SAREE-BLU,Delivered,5,499,1,UTR-777,2025-08-13,361.30,,461,0,0,0,0,0,0,-40,0,0,0,0,0,0,-55,0,0,0,0,-4.2,0.1,-0.5,0,0,0,,,',
    '193792086759207938_1,2025-08-30,2025-08-31,Cotton Saree,SAREE-BLU,RTO,5,499,1,UTR-777,2025-09-08,-70,,461,-461,0,0,0,0,0,0,0,0,0,0,-70,0,0,0,0,0,0,0,0.1,0,0,0,0,,,',
  ].join('\n');

  it('is recognised below its group row; each row gives a line per non-zero column adding up to its Final Settlement Amount', async () => {
    const { headerRow, recognized, rows, lines } = await readReport(text);
    expect(headerRow).toBe(2);
    expect(recognized?.layout.name).toBe('Meesho payments file');
    expect(recognized?.layout.platform).toBe('Meesho');
    expect(rows.filter((row) => row.unreadable !== null)).toEqual([]);
    expect(lines.filter((line) => line.line === 3).map((line) => [line.category, line.amount])).toEqual([
      ['sale', 461],
      ['commission', -40],
      ['shipping_fee', -55],
      ['tcs', -4.2],
      ['tds', -0.5],
    ]);
    expect(lines.filter((line) => line.line === 4).map((line) => [line.category, line.amount])).toEqual([
      ['sale', 461],
      ['refund', -461],
      ['return_fee', -70],
    ]);
    expect(lines[0]).toMatchObject({
      settlement_id: 'UTR-777',
      external_order_id: '184337885113119297_1',
      sku: 'SAREE-BLU',
      posted_date: '2025-08-13',
    });
    expect(sum(lines.filter((line) => line.line === 3).map((line) => line.amount))).toBe(361.3);
    expect(sum(lines.map((line) => line.amount))).toBe(291.3);
  });

  it('reads the columns its Final Settlement Amount adds up, not the second Fixed Fee and warehousing fee nor the GST on support charges', async () => {
    const { lines } = await readReport(
      [
        text,
        '193792086759207999_1,2025-08-30,2025-08-31,Cotton Saree,SAREE-BLU,Delivered,5,499,1,UTR-778,2025-09-08,434,,461,0,0,-5,-12,0,0,0,0,0,-9,-7,0,0,0,0,0,-10,-1.8,0,0.1,0,0,0,0,,,',
      ].join('\n'),
    );
    expect(
      lines.filter((line) => line.line === 5).map((line) => [line.category, line.amount, line.description]),
    ).toEqual([
      ['sale', 461, 'total sale amount (incl. shipping & gst)'],
      ['other', -5, 'warehousing fee (inc gst)'],
      ['return_fee', -12, 'return premium (incl gst)'],
      ['other', -10, 'net other support service charges (excl. gst)'],
    ]);
    expect(sum(lines.filter((line) => line.line === 5).map((line) => line.amount))).toBe(434);
  });

  it('files what its columns do not explain as other, named after the Final Settlement Amount', async () => {
    const { lines } = await readReport(text.replace('-4.2,0.1,-0.5', '-4.2,0.1,-0.4'));
    expect(lines.filter((line) => line.category === 'other').map((line) => [line.amount, line.description])).toEqual([
      [-0.1, 'Final Settlement Amount not explained by the columns read'],
    ]);
  });
});

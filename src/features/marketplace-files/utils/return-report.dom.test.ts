import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReturnLinePreview } from '../api/import-returns';
import { orderReport } from './order-report-layouts';
import { returnReport, type ReturnColumnMapping } from './return-report-layouts';
import { readReturnReportRows, returnPreviewRows, toReturnLines } from './return-report-lines';
import {
  normalizeReturnDate,
  returnConditionOf,
  returnConditionWords,
  returnKindOf,
  returnKindWords,
} from './return-report-values';
import { chunkLines, LINES_PER_CALL, newLines } from './report-import';
import * as layouts from './report-layouts';
import { readReportHeaders } from './report-read';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '__fixtures__', name), 'utf8');
const flipkartReturns = fixture('flipkart-returns-report.csv');
const fbaReturns = fixture('amazon-fba-returns-report.txt');
const mfnReturns = fixture('amazon-mfn-returns-report.txt');

/** Reads a returns report the way the import dialog does: headers, recognised layout, rows. */
async function readReport(text: string, mapping?: ReturnColumnMapping) {
  const headers = await readReportHeaders(text);
  const recognized = layouts.recognizeLayout(returnReport, headers);
  const rows = await readReturnReportRows(
    text,
    mapping ?? recognized?.mapping ?? layouts.emptyMapping(returnReport),
    recognized?.layout ?? null,
  );
  return { headers, recognized, rows };
}

describe("Flipkart's returns report", () => {
  it('is recognised by its headers: order id, SKU, quantity, Completed Date, Return Type', async () => {
    const { recognized } = await readReport(flipkartReturns);
    expect(recognized?.layout.name).toBe('Flipkart returns report');
    expect(recognized?.layout.platform).toBe('Flipkart');
    expect(recognized?.mapping).toEqual({
      external_order_id: 'Order ID',
      sku: 'SKU',
      quantity: 'Quantity',
      return_date: 'Completed Date',
      kind: 'Return Type',
      condition: null,
      good_quantity: null,
      bad_quantity: null,
      return_fees: null,
    });
  });

  it('reads Good Quantity as sellable units and Bad Quantity as damaged ones, never back in stock', async () => {
    const header = 'Order ID,Order Item ID,Return Type,Completed Date,SKU,Quantity,Good Quantity,Bad Quantity';
    const report = [
      header,
      'OD1,OI-1,customer_return,2026-01-20 14:05:00,KURTA-BLU,1,1,0',
      'OD2,OI-2,customer_return,2026-01-21 14:05:00,KURTA-BLU,1,0,1',
      'OD3,OI-3,customer_return,2026-01-22 14:05:00,KURTA-BLU,2,1,1',
      'OD4,OI-4,courier_return,2026-01-23 14:05:00,KURTA-BLU,1,,',
    ].join('\n');
    const { recognized, rows } = await readReport(report);
    expect(recognized?.mapping).toMatchObject({ good_quantity: 'Good Quantity', bad_quantity: 'Bad Quantity' });
    expect(rows.map((row) => [row.line, row.quantity, row.condition])).toEqual([
      [2, 1, null],
      [3, 1, 'damaged'],
      [4, 2, null],
      [5, 1, null],
    ]);
    expect(rows[2]!.unreadable).toBe(
      "This row returns 1 good and 1 bad units: record them with the order's Return button, one condition each.",
    );
    expect(toReturnLines(rows).lines.map((line) => [line.line, line.quantity, line.condition ?? 'sellable'])).toEqual([
      [2, 1, 'sellable'],
      [3, 1, 'damaged'],
      [5, 1, 'sellable'],
    ]);
  });

  it('reads courier_return as an RTO and customer_return as a customer return, on the day it came back', async () => {
    const { rows } = await readReport(flipkartReturns);
    expect(toReturnLines(rows).lines).toEqual([
      {
        line: 2,
        external_order_id: 'OD1234567890',
        sku: 'KURTA-BLU',
        quantity: 1,
        kind: 'rto',
        return_date: '2026-01-20',
      },
      {
        line: 3,
        external_order_id: 'OD1234567891',
        sku: 'DUP-RED',
        quantity: 2,
        kind: 'customer_return',
        return_date: '2026-01-23',
      },
    ]);
  });

  it('leaves a return still on its way (no Completed Date) out, and says so', async () => {
    const { rows } = await readReport(flipkartReturns);
    const lines = toReturnLines(rows);
    expect(rows[2]).toMatchObject({ line: 4, sku: 'SHIRT-WHT', return_date: '' });
    const preview = returnPreviewRows(rows, lines, new Map());
    expect(preview.find((row) => row.line === 4)).toMatchObject({ outcome: 'not_back', message: null });
  });

  it('is not taken for an order report, nor an order report for it', async () => {
    const headers = await readReportHeaders(flipkartReturns);
    expect(layouts.recognizeLayout(orderReport, headers)).toBeNull();
    const ordersExport = 'Ordered On,Order Id,Order State,SKU,Invoice Amount,Quantity';
    expect(layouts.recognizeLayout(returnReport, ordersExport.split(','))).toBeNull();
  });
});

describe("Amazon's returns reports", () => {
  it('recognises the FBA customer returns report (tab-delimited) and folds its one row per unit', async () => {
    const { recognized, rows } = await readReport(fbaReturns);
    expect(recognized?.layout.name).toBe('Amazon FBA customer returns report');
    expect(recognized?.mapping).toMatchObject({
      external_order_id: 'order-id',
      return_date: 'return-date',
      kind: 'reason',
      condition: 'detailed-disposition',
    });
    const { lines, mergedInto } = toReturnLines(rows);
    expect(lines).toEqual([
      // Two SELLABLE units of one order on one day: one return of 2 (the server's key).
      {
        line: 2,
        external_order_id: '402-5555555-5555555',
        sku: 'KURTA-BLU',
        quantity: 2,
        kind: 'customer_return',
        return_date: '2026-02-10',
        condition: 'sellable',
      },
      {
        line: 4,
        external_order_id: '402-5555555-5555555',
        sku: 'KURTA-BLU',
        quantity: 1,
        kind: 'customer_return',
        return_date: '2026-02-10',
        condition: 'damaged',
      },
      // UNDELIVERABLE_REFUSED: it never reached the buyer. 20:00 UTC is the next day in India.
      {
        line: 5,
        external_order_id: '402-6666666-6666666',
        sku: 'DUP-RED',
        quantity: 1,
        kind: 'rto',
        return_date: '2026-02-12',
        condition: 'sellable',
      },
      {
        line: 6,
        external_order_id: '402-7777777-7777777',
        sku: 'SHIRT-WHT',
        quantity: 1,
        kind: 'customer_return',
        return_date: '2026-02-12',
        condition: 'damaged',
      },
    ]);
    expect(mergedInto.get(3)).toBe(2);
  });

  it('recognises the merchant-fulfilled returns report: customer returns, the label cost as fees', async () => {
    const { recognized, rows } = await readReport(mfnReturns);
    expect(recognized?.layout.name).toBe('Amazon returns report (merchant fulfilled)');
    expect(recognized?.mapping).toMatchObject({
      external_order_id: 'Order ID',
      sku: 'Merchant SKU',
      quantity: 'Return quantity',
      return_date: 'Return delivery date',
      return_fees: 'Label cost',
    });
    expect(toReturnLines(rows).lines).toEqual([
      {
        line: 2,
        external_order_id: '403-8888888-8888888',
        sku: 'KURTA-BLU',
        quantity: 1,
        kind: 'customer_return',
        return_date: '2026-03-09',
        return_fees: 65,
      },
    ]);
    // Not delivered back yet: no Return delivery date.
    expect(rows[1]).toMatchObject({ line: 3, return_date: '' });
  });
});

describe('columns changed on a recognised report', () => {
  it("reads another kind column in words: the layout's rule belongs to its own column", async () => {
    const report = mfnReturns
      .replace('\tRefunded Amount\n', '\tRefunded Amount\tMy kind\n')
      .replace('\t\t\t\t\t\t\n', '\t\t\t\t\t\t\tRTO\n');
    const headers = await readReportHeaders(report);
    const recognized = layouts.recognizeLayout(returnReport, headers)!;
    const asRecognized = await readReturnReportRows(report, recognized.mapping, recognized.layout);
    expect(asRecognized[0]?.kind).toBe('customer_return');
    const changed = await readReturnReportRows(report, { ...recognized.mapping, kind: 'My kind' }, recognized.layout);
    expect(changed[0]).toMatchObject({ kind: 'rto', return_fees: 65 });
  });
});

describe('the mapping of report words (data in one place)', () => {
  it('kinds: Flipkart and the server’s words, any case, _ or - or spaces', () => {
    for (const word of returnKindWords.rto) expect(returnKindOf(word, 'return_type')).toBe('rto');
    for (const word of returnKindWords.customer_return) {
      expect(returnKindOf(word, 'return_type')).toBe('customer_return');
    }
    expect(returnKindOf('courier_return', 'return_type')).toBe('rto');
    expect(returnKindOf('Courier Return', 'return_type')).toBe('rto');
    expect(returnKindOf('CUSTOMER_RETURN', 'return_type')).toBe('customer_return');
    expect(returnKindOf('RTO', 'return_type')).toBe('rto');
    // A word it does not know is sent as written, for the server to refuse: never guessed.
    expect(returnKindOf(' replacement ', 'return_type')).toBe('replacement');
    expect(returnKindOf('', 'return_type')).toBe('');
  });

  it("kinds: Amazon's FBA reasons, UNDELIVERABLE_… an RTO and every other reason a customer return", () => {
    for (const reason of [
      'UNDELIVERABLE_REFUSED',
      'UNDELIVERABLE_UNCLAIMED',
      'UNDELIVERABLE_INSUFFICIENT_ADDRESS',
      'UNDELIVERABLE_FAILED_DELIVERY_ATTEMPTS',
      'UNDELIVERABLE_UNKNOWN',
      'UNDELIVERABLE_CARRIER_MISS_SORTED',
    ]) {
      expect(returnKindOf(reason, 'amazon_reason')).toBe('rto');
    }
    for (const reason of ['APPAREL_TOO_SMALL', 'DEFECTIVE', 'SWITCHEROO', 'NO_REASON_GIVEN', '']) {
      expect(returnKindOf(reason, 'amazon_reason')).toBe('customer_return');
    }
    expect(returnKindOf('anything', 'customer_return')).toBe('customer_return');
  });

  it("conditions: Amazon's dispositions and the server's words", () => {
    expect(returnConditionOf('SELLABLE')).toBe('sellable');
    for (const disposition of [
      'DAMAGED',
      'CUSTOMER_DAMAGED',
      'CARRIER_DAMAGED',
      'DISTRIBUTOR_DAMAGED',
      'WAREHOUSE_DAMAGED',
      'DEFECTIVE',
      'EXPIRED',
    ]) {
      expect(returnConditionOf(disposition)).toBe('damaged');
    }
    expect(returnConditionOf('wrong_item')).toBe('wrong_item');
    expect(returnConditionOf('Wrong item')).toBe('wrong_item');
    expect(returnConditionOf('MISSING')).toBe('missing');
    expect(returnConditionOf('  ')).toBeNull();
    expect(returnConditionOf('UNKNOWN_STATE')).toBe('UNKNOWN_STATE');
    expect(Object.keys(returnConditionWords)).toEqual(['sellable', 'damaged', 'wrong_item', 'missing']);
  });

  it('return dates: the day in India, whatever way it is written', () => {
    expect(normalizeReturnDate('2026-02-11T20:00:00+00:00')).toBe('2026-02-12');
    expect(normalizeReturnDate('2026-02-11T17:00:00Z')).toBe('2026-02-11');
    expect(normalizeReturnDate('2026-01-20 14:05:00')).toBe('2026-01-20');
    expect(normalizeReturnDate('20/01/2026')).toBe('2026-01-20');
    expect(normalizeReturnDate('12-Aug-2026')).toBe('2026-08-12');
    expect(normalizeReturnDate('soon')).toBe('soon');
  });
});

describe('any other file, mapped by hand', () => {
  afterEach(() => localStorage.clear());
  const mapping: ReturnColumnMapping = {
    external_order_id: 'Order',
    sku: 'Item',
    quantity: null,
    return_date: 'Back on',
    kind: 'Type',
    condition: 'State',
    good_quantity: null,
    bad_quantity: null,
    return_fees: 'Fees',
  };

  it("is not guessed at: a Myntra file (no public description of Myntra's returns report) is not recognised", async () => {
    const myntra = 'order release id,seller sku code,return type,return created date\n7001,KURTA-BLU,RTO,2026-03-05';
    expect((await readReport(myntra)).recognized).toBeNull();
  });

  it('reads the mapped columns, each row one unit when no quantity is mapped', async () => {
    const { rows } = await readReport(
      'Order,Item,Back on,Type,State,Fees\nM-1,KURTA-BLU,05/03/2026,RTO,,₹ 80\nM-2,DUP-RED,2026-03-06,customer return,wrong item,',
      mapping,
    );
    expect(toReturnLines(rows).lines).toEqual([
      {
        line: 2,
        external_order_id: 'M-1',
        sku: 'KURTA-BLU',
        quantity: 1,
        kind: 'rto',
        return_date: '2026-03-05',
        return_fees: 80,
      },
      {
        line: 3,
        external_order_id: 'M-2',
        sku: 'DUP-RED',
        quantity: 1,
        kind: 'customer_return',
        return_date: '2026-03-06',
        condition: 'wrong_item',
      },
    ]);
  });

  it('is remembered per platform, apart from the order import’s mapping', () => {
    layouts.rememberMapping(returnReport, 'Myntra', mapping);
    expect(layouts.loadRememberedMapping(returnReport, 'Myntra')).toEqual(mapping);
    expect(layouts.loadRememberedMapping(orderReport, 'Myntra')).toBeNull();
    const headers = ['Order', 'Item', 'Back on', 'Type', 'State', 'Fees'];
    expect(layouts.mappingFits(returnReport, mapping, headers)).toBe(true);
    expect(layouts.mappingFits(returnReport, { ...mapping, kind: null }, headers)).toBe(false);
    expect(layouts.mappingFits(returnReport, { ...mapping, condition: null, return_fees: null }, headers)).toBe(true);
  });
});

describe('awkward files', () => {
  it('a UTF-8 byte order mark and CRLF line ends change nothing', async () => {
    const { headers, recognized, rows } = await readReport(`\uFEFF${flipkartReturns.replace(/\n/g, '\r\n')}`);
    expect(headers[0]).toBe('Order ID');
    expect(recognized?.layout.name).toBe('Flipkart returns report');
    expect(toReturnLines(rows).lines.map((line) => [line.external_order_id, line.kind])).toEqual([
      ['OD1234567890', 'rto'],
      ['OD1234567891', 'customer_return'],
    ]);
  });

  it('a File goes through the same chunked reader', async () => {
    const file = new File([`\uFEFF${fbaReturns}`], 'returns.txt', { type: 'text/plain' });
    const recognized = layouts.recognizeLayout(returnReport, await readReportHeaders(file))!;
    expect(recognized.layout.name).toBe('Amazon FBA customer returns report');
    const rows = await readReturnReportRows(file, recognized.mapping, recognized.layout);
    expect(toReturnLines(rows).lines.map((line) => [line.line, line.kind, line.condition])).toEqual([
      [2, 'customer_return', 'sellable'],
      [4, 'customer_return', 'damaged'],
      [5, 'rto', 'sellable'],
      [6, 'customer_return', 'damaged'],
    ]);
  });

  it('a line missing its SKU is sent as it is and shows the server’s refusal, and only new lines are imported', async () => {
    const report = flipkartReturns.replace(',KURTA-BLU,FSN1,', ',,FSN1,');
    const { rows } = await readReport(report);
    const lines = toReturnLines(rows);
    expect(lines.lines[0]).toMatchObject({ line: 2, sku: '' });
    const previews = new Map<number, ReturnLinePreview>([
      [2, { outcome: 'invalid', message: 'SKU is required.', productName: null }],
      [3, { outcome: 'already_imported', message: 'Already imported.', productName: 'Silk Dupatta' }],
    ]);
    const preview = returnPreviewRows(rows, lines, previews);
    expect(preview.map((row) => [row.line, row.outcome, row.message])).toEqual([
      [2, 'invalid', 'SKU is required.'],
      // The badge says it already: its sentence is not repeated.
      [3, 'already_imported', null],
      [4, 'not_back', null],
    ]);
    expect(newLines(lines.lines, previews)).toEqual([]);
  });

  it('a row of a broken quote or too few columns is unreadable and not sent', async () => {
    const report = [
      'Order ID,SKU,Completed Date,Return Type,Quantity',
      'OD1,KURTA-BLU,2026-01-20,courier_return,1',
      'OD2,KURTA-BLU',
      'OD3,"KURTA-BLU,2026-01-20,customer_return,1',
    ].join('\n');
    const { rows } = await readReport(report);
    expect(rows.map((row) => row.unreadable)).toEqual([
      null,
      'This row has 2 columns; the mapped columns need 5.',
      'This row has a quotation mark that is never closed.',
    ]);
    expect(toReturnLines(rows).lines.map((line) => line.line)).toEqual([2]);
    expect(returnPreviewRows(rows, toReturnLines(rows), new Map()).map((row) => row.outcome)).toEqual([
      'invalid',
      'unreadable',
      'unreadable',
    ]);
  });

  it('an unknown layout is not recognised: its columns are asked for', async () => {
    const { recognized } = await readReport('Invoice,When,Item,Units\nA-1,2026-01-01,KURTA-BLU,1');
    expect(recognized).toBeNull();
  });

  it('a report of 25,000 returns is read whole and sent in parts of at most 5,000 lines', async () => {
    const header = fbaReturns.split('\n')[0]!;
    const rows = Array.from(
      { length: 25_000 },
      (_, n) =>
        `2026-02-10T05:00:00+00:00\t402-${String(n).padStart(7, '0')}-0000001\tKURTA-${n % 50}\tB0\tX0\tKurta\t1\tBLR7\tSELLABLE\tAPPAREL_TOO_SMALL\tUnit returned to inventory\tLPN${n}\t`,
    );
    const { rows: read } = await readReport([header, ...rows].join('\n'));
    const { lines } = toReturnLines(read);
    expect(lines).toHaveLength(25_000);
    const parts = chunkLines(lines);
    expect(parts.map((part) => part.length)).toEqual([
      LINES_PER_CALL,
      ...Array<number>(Math.ceil(25_000 / LINES_PER_CALL) - 1).fill(LINES_PER_CALL),
    ]);
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThanOrEqual(5_000);
  });
});

describe("Meesho's returns report (issue 43)", () => {
  // The columns public sellers' tools read from Meesho's returns download (no real file was found).
  const meeshoReturns = [
    'Product Name,SKU,Variation,Qty,Category,Suborder Number,Dispatch Date,Return Created Date,Type of Return,Return Reason',
    'Cotton Saree,SAREE-BLU,Free Size,1,Sarees,184337885113119297_1,2025-08-06,2025-08-12,Customer Return,Colour not as shown',
    'Cotton Saree,SAREE-BLU,Free Size,1,Sarees,193792086759207938_1,2025-08-31,2025-09-04,RTO,Buyer not available',
  ].join('\n');

  it('is recognised as Meesho: sub order, SKU, Qty, Return Created Date, its kind in Type of Return', async () => {
    const { recognized, rows } = await readReport(meeshoReturns);
    expect(recognized?.layout.platform).toBe('Meesho');
    expect(recognized?.mapping).toMatchObject({
      external_order_id: 'Suborder Number',
      sku: 'SKU',
      quantity: 'Qty',
      return_date: 'Return Created Date',
      kind: 'Type of Return',
    });
    expect(toReturnLines(rows).lines).toEqual([
      {
        line: 2,
        external_order_id: '184337885113119297_1',
        sku: 'SAREE-BLU',
        quantity: 1,
        kind: 'customer_return',
        return_date: '2025-08-12',
      },
      {
        line: 3,
        external_order_id: '193792086759207938_1',
        sku: 'SAREE-BLU',
        quantity: 1,
        kind: 'rto',
        return_date: '2025-09-04',
      },
    ]);
  });

  it("reads a hand-mapped file's slashed return dates month first when the file's own dates say so", async () => {
    const text = 'Order,SKU,Returned,Kind\nA-1,KURTA-BLU,04/30/2026,RTO';
    const mapping: ReturnColumnMapping = {
      ...layouts.emptyMapping(returnReport),
      external_order_id: 'Order',
      sku: 'SKU',
      return_date: 'Returned',
      kind: 'Kind',
    };
    const rows = await readReturnReportRows(text, mapping, null, 1, undefined, 'month_first');
    expect(rows[0]?.return_date).toBe('2026-04-30');
    expect(normalizeReturnDate('05/03/2026', false)).toBe('2026-05-03');
  });
});

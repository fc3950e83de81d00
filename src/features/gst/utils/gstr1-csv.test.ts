import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  b2bColumns,
  b2clColumns,
  b2csColumns,
  cdnrColumns,
  cdnurColumns,
  docsColumns,
  ecoColumns,
  gstDate,
  gstr1Csv,
  hsnColumns,
} from './gstr1-csv';

/** The file's lines as the offline tool reads them: a header row, then data rows. */
const read = (csv: string) => Papa.parse<string[]>(csv.trimEnd(), { skipEmptyLines: true }).data;

describe('GSTR-1 CSV layouts (GST offline tool, template V2.1)', () => {
  it('writes dates dd-mmm-yyyy, a day as it is and an instant in India', () => {
    expect(gstDate('2026-11-05')).toBe('05-Nov-2026');
    // 20:00 UTC on 31 March is 1 April in India.
    expect(gstDate('2026-03-31T20:00:00+00:00')).toBe('01-Apr-2026');
  });

  it('b2b: header and an invoice line', () => {
    const csv = gstr1Csv(b2bColumns, [
      {
        receiver_gstin: '27AAPFU0939F1ZV',
        receiver_name: 'Asha Traders',
        invoice_number: 'FF/26-27/1',
        invoice_date: '2026-11-05',
        invoice_value: '1050',
        place_of_supply_code: '27',
        rate: '5.00',
        taxable_value: '1000',
      },
    ]);
    expect(csv.startsWith('GSTIN/UIN of Recipient,')).toBe(true); // no byte order mark
    expect(read(csv)).toEqual([
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
        '27AAPFU0939F1ZV',
        'Asha Traders',
        'FF/26-27/1',
        '05-Nov-2026',
        '1050.00',
        '27-Maharashtra',
        'N',
        '',
        'Regular B2B',
        '',
        '5',
        '1000.00',
        '',
      ],
    ]);
  });

  it('b2cl: header and an invoice line', () => {
    const csv = gstr1Csv(b2clColumns, [
      {
        invoice_number: 'FF/26-27/2',
        invoice_date: '2026-11-06',
        invoice_value: 118000,
        place_of_supply_code: '07',
        rate: 18,
        taxable_value: 100000,
        ecommerce_gstin: null,
      },
    ]);
    expect(read(csv)).toEqual([
      [
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ],
      ['FF/26-27/2', '06-Nov-2026', '118000.00', '07-Delhi', '', '18', '100000.00', '', ''],
    ]);
  });

  it('b2cs: type OE on its own, E with the marketplace GSTIN', () => {
    const csv = gstr1Csv(b2csColumns, [
      { type: 'OE', place_of_supply_code: '29', rate: '5', taxable_value: '952.38', ecommerce_gstin: null },
      { type: 'E', place_of_supply_code: '33', rate: '0.25', taxable_value: '10', ecommerce_gstin: '29AAOFB8607N1ZP' },
    ]);
    expect(read(csv)).toEqual([
      [
        'Type',
        'Place Of Supply',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
        'E-Commerce GSTIN',
      ],
      ['OE', '29-Karnataka', '', '5', '952.38', '', ''],
      ['E', '33-Tamil Nadu', '', '0.25', '10.00', '', '29AAOFB8607N1ZP'],
    ]);
  });

  it('cdnr: header and a credit note line', () => {
    const csv = gstr1Csv(cdnrColumns, [
      {
        receiver_gstin: '27AAPFU0939F1ZV',
        receiver_name: 'Asha Traders',
        note_number: 'CN/26-27/1',
        note_date: '2026-11-07',
        place_of_supply_code: '27',
        note_value: '525',
        rate: '5',
        taxable_value: '500',
      },
    ]);
    expect(read(csv)).toEqual([
      [
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
      ],
      [
        '27AAPFU0939F1ZV',
        'Asha Traders',
        'CN/26-27/1',
        '07-Nov-2026',
        'C',
        '27-Maharashtra',
        'N',
        'Regular B2B',
        '525.00',
        '',
        '5',
        '500.00',
        '',
      ],
    ]);
  });

  it('cdnur: header and a credit note against a B2C large invoice', () => {
    const csv = gstr1Csv(cdnurColumns, [
      {
        note_number: 'CN/26-27/2',
        note_date: '2026-11-08',
        place_of_supply_code: '07',
        note_value: '118000',
        rate: '18',
        taxable_value: '100000',
      },
    ]);
    expect(read(csv)).toEqual([
      [
        'UR Type',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Note Value',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ],
      ['B2CL', 'CN/26-27/2', '08-Nov-2026', 'C', '07-Delhi', '118000.00', '', '18', '100000.00', ''],
    ]);
  });

  it('hsn (b2b and b2c): header and a line in pieces', () => {
    const csv = gstr1Csv(hsnColumns, [
      {
        hsn: '6204',
        description: 'Cotton Kurta',
        uqc: 'NOS-NUMBERS',
        total_quantity: '3',
        total_value: '3150',
        rate: '5',
        taxable_value: '3000',
        igst: '0',
        cgst: '75',
        sgst: '75',
      },
    ]);
    expect(read(csv)).toEqual([
      [
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
      ],
      ['6204', 'Cotton Kurta', 'NOS-NUMBERS', '3', '3150.00', '5', '3000.00', '0.00', '75.00', '75.00', ''],
    ]);
  });

  it('docs: header and the invoice series issued', () => {
    const csv = gstr1Csv(docsColumns, [
      {
        nature_of_document: 'Invoices for outward supply',
        sr_no_from: 'FF/26-27/1',
        sr_no_to: 'FF/26-27/9',
        total_number: 9,
        cancelled: 0,
      },
    ]);
    expect(read(csv)).toEqual([
      ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
      ['Invoices for outward supply', 'FF/26-27/1', 'FF/26-27/9', '9', '0'],
    ]);
  });

  it('eco (Table 14(a)): header and the sales through one operator', () => {
    const csv = gstr1Csv(ecoColumns, [
      {
        nature_of_supply: 'Liable to collect tax u/s 52(TCS)',
        ecommerce_gstin: '29AAOFB8607N1ZP',
        net_value_of_supplies: '952.38',
        igst: '47.62',
        cgst: '0',
        sgst: '0',
      },
    ]);
    expect(read(csv)).toEqual([
      [
        'Nature of Supply',
        'GSTIN of E-Commerce Operator',
        'E-Commerce Operator Name',
        'Net value of supplies',
        'Integrated tax',
        'Central tax',
        'State/UT tax',
        'Cess',
      ],
      ['Liable to collect tax u/s 52(TCS)', '29AAOFB8607N1ZP', '', '952.38', '47.62', '0.00', '0.00', ''],
    ]);
  });

  it('keeps a name a spreadsheet would run as a formula inert', () => {
    const csv = gstr1Csv(hsnColumns, [
      {
        hsn: '6204',
        description: '=HYPERLINK("x")',
        uqc: 'NOS-NUMBERS',
        total_quantity: 1,
        total_value: 1,
        rate: 0,
        taxable_value: 1,
        igst: 0,
        cgst: 0,
        sgst: 0,
      },
    ]);
    expect(read(csv)[1]![1]).toBe(`'=HYPERLINK("x")`);
  });
});

import { describe, expect, it } from 'vitest';
import { gstr1Files, outputTaxByRate, type Gstr1Summary } from './gstr1-files';

const hsnRow = (rate: number, taxable: number, igst: number, cgst: number, sgst: number) => ({
  hsn: '6204',
  description: 'Kurta',
  uqc: 'NOS-NUMBERS',
  total_quantity: 1,
  total_value: taxable + igst + cgst + sgst,
  rate,
  taxable_value: taxable,
  igst,
  cgst,
  sgst,
});

const summary: Gstr1Summary = {
  month: '2026-11',
  business_state_code: '27',
  b2b: [],
  b2cl: [],
  b2cs: [{ type: 'OE', place_of_supply_code: '27', rate: 5, taxable_value: 1000, ecommerce_gstin: null }],
  cdnr: [],
  cdnur: [],
  hsn: [hsnRow(5, 1000, 0, 25, 25)],
  hsn_b2b: [],
  hsn_b2c: [hsnRow(5, 1000, 0, 25, 25)],
  hsn_split: true,
  eco: [],
  docs: [],
  totals: { taxable_value: 1000, igst: 0, cgst: 25, sgst: 25 },
  tax_unknown: { count: 0, orders: [] },
  place_unknown: { count: 0, orders: [] },
};

describe("a month's GSTR-1 files", () => {
  it('gives one file per table, the HSN summary in its B2B and B2C tables from May 2025', () => {
    const files = gstr1Files(summary);
    expect(files.map((file) => [file.table, file.fileName, file.rows])).toEqual([
      ['b2b', 'gstr1-2026-11-b2b.csv', 0],
      ['b2cl', 'gstr1-2026-11-b2cl.csv', 0],
      ['b2cs', 'gstr1-2026-11-b2cs.csv', 1],
      ['cdnr', 'gstr1-2026-11-cdnr.csv', 0],
      ['cdnur', 'gstr1-2026-11-cdnur.csv', 0],
      ['hsn(b2b)', 'gstr1-2026-11-hsn-b2b.csv', 0],
      ['hsn(b2c)', 'gstr1-2026-11-hsn-b2c.csv', 1],
      ['docs', 'gstr1-2026-11-docs.csv', 0],
      ['eco', 'gstr1-2026-11-eco.csv', 0],
    ]);
    expect(files[2]!.content).toBe(
      'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\r\nOE,27-Maharashtra,,5,1000.00,,\r\n',
    );
  });

  it('gives one HSN table before May 2025', () => {
    const files = gstr1Files({ ...summary, month: '2025-04', hsn_split: false });
    expect(files.map((file) => file.table)).toEqual(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'docs', 'eco']);
  });

  it('adds up output tax per rate, in paise', () => {
    expect(
      outputTaxByRate([hsnRow(18, 0.1, 0.02, 0, 0), hsnRow(5, 1000, 0, 25, 25), hsnRow(18, 0.2, 0.01, 0, 0)]),
    ).toEqual([
      { rate: 5, taxable_value: 1000, igst: 0, cgst: 25, sgst: 25, tax: 50 },
      { rate: 18, taxable_value: 0.3, igst: 0.03, cgst: 0, sgst: 0, tax: 0.03 },
    ]);
  });
});

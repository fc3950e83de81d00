import type { CsvColumn } from '@/lib/csv';
import { sumAmounts } from '@/lib/money';
import {
  b2bColumns,
  b2clColumns,
  b2csColumns,
  cdnrColumns,
  cdnurColumns,
  docsColumns,
  ecoColumns,
  gstr1Csv,
  hsnColumns,
  type B2bRow,
  type B2clRow,
  type B2csRow,
  type CdnrRow,
  type CdnurRow,
  type DocsRow,
  type EcoRow,
  type HsnRow,
} from './gstr1-csv';

type Taxes = { taxable_value: number; igst: number; cgst: number; sgst: number };

/** gstr1_summary's answer: each table's rows (the offline tool's columns), totals and the sales without a rate. */
export interface Gstr1Summary {
  month: string;
  business_state_code: string | null;
  b2b: (B2bRow & Partial<Taxes>)[];
  b2cl: (B2clRow & Partial<Taxes>)[];
  b2cs: (B2csRow & Partial<Taxes>)[];
  cdnr: (CdnrRow & Partial<Taxes>)[];
  cdnur: (CdnurRow & Partial<Taxes>)[];
  hsn: HsnRow[];
  hsn_b2b: HsnRow[];
  hsn_b2c: HsnRow[];
  /** From the May 2025 return period the HSN summary is two tables, B2B and B2C. */
  hsn_split: boolean;
  /** Table 14(a): sales through each marketplace that gave its GSTIN. */
  eco: EcoRow[];
  docs: DocsRow[];
  totals: Taxes;
  tax_unknown: { count: number; orders: { sales_order_id: string; product_name: string; platform: string }[] };
  /** Sales whose buyer's state is not known (issue 42): in no table until it is; the first 100. */
  place_unknown: { count: number; orders: PlaceUnknownSale[] };
}

export interface PlaceUnknownSale {
  sales_order_id: string;
  product_name: string;
  platform: string;
  /** The marketplace's or shop's order id; null for a sale without one. */
  external_order_id: string | null;
  order_date: string;
  total_amount: number;
}

/** One file of the month's GSTR-1, as the offline tool imports it. */
export interface Gstr1File {
  /** The offline tool's sheet it fills: b2b, b2cl, b2cs, cdnr, cdnur, hsn(b2b), hsn(b2c), hsn, docs, eco. */
  table: string;
  rows: number;
  fileName: string;
  content: string;
}

function file<Row>(month: string, table: string, columns: readonly CsvColumn<Row>[], rows: readonly Row[]): Gstr1File {
  // Parentheses are awkward in file names: hsn(b2b) is saved as hsn-b2b.
  const name = table.replace(/\((\w+)\)/, '-$1');
  return { table, rows: rows.length, fileName: `gstr1-${month}-${name}.csv`, content: gstr1Csv(columns, rows) };
}

/** The month's GSTR-1 files, one per table of the offline tool; HSN as one table before May 2025, two after. */
export function gstr1Files(summary: Gstr1Summary): Gstr1File[] {
  const { month } = summary;
  return [
    file(month, 'b2b', b2bColumns, summary.b2b),
    file(month, 'b2cl', b2clColumns, summary.b2cl),
    file(month, 'b2cs', b2csColumns, summary.b2cs),
    file(month, 'cdnr', cdnrColumns, summary.cdnr),
    file(month, 'cdnur', cdnurColumns, summary.cdnur),
    ...(summary.hsn_split
      ? [file(month, 'hsn(b2b)', hsnColumns, summary.hsn_b2b), file(month, 'hsn(b2c)', hsnColumns, summary.hsn_b2c)]
      : [file(month, 'hsn', hsnColumns, summary.hsn)]),
    file(month, 'docs', docsColumns, summary.docs),
    file(month, 'eco', ecoColumns, summary.eco),
  ];
}

export interface OutputTaxAtRate extends Taxes {
  rate: number;
  tax: number;
}

/** The month's output tax by rate: the HSN summary (every supply less its credits) added up per rate. */
export function outputTaxByRate(hsn: readonly HsnRow[]): OutputTaxAtRate[] {
  const byRate = new Map<number, HsnRow[]>();
  for (const row of hsn) byRate.set(Number(row.rate), [...(byRate.get(Number(row.rate)) ?? []), row]);
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, rows]) => {
      const sum = (pick: (row: HsnRow) => number | string) => sumAmounts(rows.map((row) => Number(pick(row))));
      const [igst, cgst, sgst] = [sum((row) => row.igst), sum((row) => row.cgst), sum((row) => row.sgst)];
      return {
        rate,
        taxable_value: sum((row) => row.taxable_value),
        igst,
        cgst,
        sgst,
        tax: sumAmounts([igst, cgst, sgst]),
      };
    });
}

/** The month's output tax: every rate's. */
export function totalOutputTax(hsn: readonly HsnRow[]): number {
  return sumAmounts(outputTaxByRate(hsn).map((row) => row.tax));
}

/** A table's taxable value: the sum of its rows'. */
export function tableTaxableValue(rows: readonly { taxable_value: number | string }[]): number {
  return sumAmounts(rows.map((row) => Number(row.taxable_value)));
}

// GSTR-1 files in the column layouts of the GST Returns Offline Tool's CSV import (one file per
// table: the sheet's header row, then the data). Headers as in GSTN's Excel template V2.1 (May 2025
// on, HSN summary split into B2B and B2C), which the CSV import shares; values as the tool reads
// them: dates dd-mmm-yyyy ('05-Nov-2026'), place of supply '07-Delhi', rates as plain numbers,
// amounts with two decimals, UQC 'PCS-PIECES'. README "GST and GSTR-1" says where each came from.
import { toCsv, type CsvColumn } from '@/lib/csv';
import { placeOfSupply } from '@/lib/india-states';

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const indiaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** A day ('2026-11-05') or an instant (its day in India) as the offline tool reads dates: 05-Nov-2026. */
export function gstDate(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : indiaDay.format(new Date(value));
  const [year, month, date] = day.split('-');
  return `${date}-${monthNames[Number(month) - 1]}-${year}`;
}

/** The unit the HSN summary gives products (whole pieces): the tool's UQC code and description. */
export const PIECES_UQC = 'PCS-PIECES';

type Amount = number | string;

export interface B2bRow {
  recipient_gstin: string;
  receiver_name: string;
  invoice_number: string;
  invoice_date: string;
  invoice_value: Amount;
  place_of_supply: string;
  rate: Amount;
  taxable_value: Amount;
}

export interface B2clRow {
  invoice_number: string;
  invoice_date: string;
  invoice_value: Amount;
  place_of_supply: string;
  rate: Amount;
  taxable_value: Amount;
  ecommerce_gstin: string | null;
}

export interface B2csRow {
  place_of_supply: string;
  rate: Amount;
  taxable_value: Amount;
  /** The marketplace's GSTIN when the sale went through one that reported it: type E, else OE. */
  ecommerce_gstin: string | null;
}

export interface CdnrRow {
  recipient_gstin: string;
  receiver_name: string;
  note_number: string;
  note_date: string;
  place_of_supply: string;
  note_value: Amount;
  rate: Amount;
  taxable_value: Amount;
}

export interface CdnurRow {
  note_number: string;
  note_date: string;
  place_of_supply: string;
  note_value: Amount;
  rate: Amount;
  taxable_value: Amount;
}

export interface HsnRow {
  hsn_code: string;
  description: string;
  quantity: Amount;
  total_value: Amount;
  rate: Amount;
  taxable_value: Amount;
  igst: Amount;
  cgst: Amount;
  sgst: Amount;
}

export interface DocsRow {
  nature: 'Invoices for outward supply' | 'Credit Note';
  from_number: string;
  to_number: string;
  total: number;
  cancelled: number;
}

const text = <Row>(header: string, value: (row: Row) => string | null): CsvColumn<Row> => ({
  header,
  kind: 'text',
  value,
});
const amount = <Row>(header: string, value: (row: Row) => Amount): CsvColumn<Row> => ({
  header,
  kind: 'amount',
  value,
});
const rate = <Row extends { rate: Amount }>(): CsvColumn<Row> => ({
  header: 'Rate',
  kind: 'number',
  value: (row) => row.rate,
});
// The tool's columns FactoryFlow has nothing for: the 65% rate of a few notified supplies, and cess.
const applicablePercent = <Row>(): CsvColumn<Row> => text('Applicable % of Tax Rate', () => null);
const cess = <Row>(): CsvColumn<Row> => text('Cess Amount', () => null);
const pos = <Row extends { place_of_supply: string }>(): CsvColumn<Row> =>
  text('Place Of Supply', (row) => placeOfSupply(row.place_of_supply));

export const b2bColumns: readonly CsvColumn<B2bRow>[] = [
  text('GSTIN/UIN of Recipient', (row) => row.recipient_gstin),
  text('Receiver Name', (row) => row.receiver_name),
  text('Invoice Number', (row) => row.invoice_number),
  text('Invoice date', (row) => gstDate(row.invoice_date)),
  amount('Invoice Value', (row) => row.invoice_value),
  pos(),
  text('Reverse Charge', () => 'N'),
  applicablePercent(),
  text('Invoice Type', () => 'Regular B2B'),
  text('E-Commerce GSTIN', () => null),
  rate(),
  amount('Taxable Value', (row) => row.taxable_value),
  cess(),
];

export const b2clColumns: readonly CsvColumn<B2clRow>[] = [
  text('Invoice Number', (row) => row.invoice_number),
  text('Invoice date', (row) => gstDate(row.invoice_date)),
  amount('Invoice Value', (row) => row.invoice_value),
  pos(),
  applicablePercent(),
  rate(),
  amount('Taxable Value', (row) => row.taxable_value),
  cess(),
  text('E-Commerce GSTIN', (row) => row.ecommerce_gstin),
];

export const b2csColumns: readonly CsvColumn<B2csRow>[] = [
  text('Type', (row) => (row.ecommerce_gstin ? 'E' : 'OE')),
  pos(),
  applicablePercent(),
  rate(),
  amount('Taxable Value', (row) => row.taxable_value),
  cess(),
  text('E-Commerce GSTIN', (row) => row.ecommerce_gstin),
];

export const cdnrColumns: readonly CsvColumn<CdnrRow>[] = [
  text('GSTIN/UIN of Recipient', (row) => row.recipient_gstin),
  text('Receiver Name', (row) => row.receiver_name),
  text('Note Number', (row) => row.note_number),
  text('Note Date', (row) => gstDate(row.note_date)),
  text('Note Type', () => 'C'),
  pos(),
  text('Reverse Charge', () => 'N'),
  text('Note Supply Type', () => 'Regular B2B'),
  amount('Note Value', (row) => row.note_value),
  applicablePercent(),
  rate(),
  amount('Taxable Value', (row) => row.taxable_value),
  cess(),
];

export const cdnurColumns: readonly CsvColumn<CdnurRow>[] = [
  text('UR Type', () => 'B2CL'),
  text('Note Number', (row) => row.note_number),
  text('Note Date', (row) => gstDate(row.note_date)),
  text('Note Type', () => 'C'),
  pos(),
  amount('Note Value', (row) => row.note_value),
  applicablePercent(),
  rate(),
  amount('Taxable Value', (row) => row.taxable_value),
  cess(),
];

/** The HSN summary's columns, the same in its B2B and B2C tables (hsn(b2b), hsn(b2c)). */
export const hsnColumns: readonly CsvColumn<HsnRow>[] = [
  text('HSN', (row) => row.hsn_code),
  text('Description', (row) => row.description),
  text('UQC', () => PIECES_UQC),
  { header: 'Total Quantity', kind: 'number', value: (row) => row.quantity },
  amount('Total Value', (row) => row.total_value),
  rate(),
  amount('Taxable Value', (row) => row.taxable_value),
  amount('Integrated Tax Amount', (row) => row.igst),
  amount('Central Tax Amount', (row) => row.cgst),
  amount('State/UT Tax Amount', (row) => row.sgst),
  cess(),
];

export const docsColumns: readonly CsvColumn<DocsRow>[] = [
  text('Nature of Document', (row) => row.nature),
  text('Sr. No. From', (row) => row.from_number),
  text('Sr. No. To', (row) => row.to_number),
  { header: 'Total Number', kind: 'number', value: (row) => row.total },
  { header: 'Cancelled', kind: 'number', value: (row) => row.cancelled },
];

/** A GSTR-1 table as the offline tool imports it: no byte order mark, which it would read as part of the first header. */
export function gstr1Csv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return toCsv(columns, rows, { byteOrderMark: false });
}

// GSTR-1 files in the column layouts of the GST Returns Offline Tool's CSV import (one file per
// table: the sheet's header row, then the data). Headers as in GSTN's Excel template V2.1 (May 2025
// on, HSN summary split into B2B and B2C), which the CSV import shares; values as the tool reads
// them: dates dd-mmm-yyyy ('05-Nov-2026'), place of supply '07-Delhi', rates as plain numbers,
// amounts with two decimals, UQC as the server gives it ('NOS-NUMBERS'). docs/gst.md, "GSTR-1
// files", says where each came from.
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

type Amount = number | string;

// Rows as gstr1_summary gives them (its field names), each table's own.
export interface B2bRow {
  receiver_gstin: string;
  receiver_name: string;
  invoice_number: string;
  invoice_date: string;
  invoice_value: Amount;
  place_of_supply_code: string;
  rate: Amount;
  taxable_value: Amount;
}

export interface B2clRow {
  invoice_number: string;
  invoice_date: string;
  invoice_value: Amount;
  place_of_supply_code: string;
  rate: Amount;
  taxable_value: Amount;
  ecommerce_gstin: string | null;
}

export interface B2csRow {
  /** E: through an e-commerce operator whose GSTIN the order report gave; OE: any other. */
  type: 'OE' | 'E';
  place_of_supply_code: string;
  rate: Amount;
  taxable_value: Amount;
  ecommerce_gstin: string | null;
}

export interface CdnrRow {
  receiver_gstin: string;
  receiver_name: string;
  note_number: string;
  note_date: string;
  place_of_supply_code: string;
  note_value: Amount;
  rate: Amount;
  taxable_value: Amount;
}

export interface CdnurRow {
  note_number: string;
  note_date: string;
  place_of_supply_code: string;
  note_value: Amount;
  rate: Amount;
  taxable_value: Amount;
}

export interface HsnRow {
  hsn: string;
  description: string;
  /** The unit quantity code and its description, as the tool lists them: 'NOS-NUMBERS'. */
  uqc: string;
  total_quantity: Amount;
  total_value: Amount;
  rate: Amount;
  taxable_value: Amount;
  igst: Amount;
  cgst: Amount;
  sgst: Amount;
}

export interface EcoRow {
  nature_of_supply: string;
  ecommerce_gstin: string;
  net_value_of_supplies: Amount;
  igst: Amount;
  cgst: Amount;
  sgst: Amount;
}

export interface DocsRow {
  nature_of_document: string;
  sr_no_from: string;
  sr_no_to: string;
  total_number: number;
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
const pos = <Row extends { place_of_supply_code: string }>(): CsvColumn<Row> =>
  text('Place Of Supply', (row) => placeOfSupply(row.place_of_supply_code));

export const b2bColumns: readonly CsvColumn<B2bRow>[] = [
  text('GSTIN/UIN of Recipient', (row) => row.receiver_gstin),
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
  text('Type', (row) => row.type),
  pos(),
  applicablePercent(),
  rate(),
  amount('Taxable Value', (row) => row.taxable_value),
  cess(),
  text('E-Commerce GSTIN', (row) => row.ecommerce_gstin),
];

export const cdnrColumns: readonly CsvColumn<CdnrRow>[] = [
  text('GSTIN/UIN of Recipient', (row) => row.receiver_gstin),
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
  text('HSN', (row) => row.hsn),
  text('Description', (row) => row.description),
  text('UQC', (row) => row.uqc),
  { header: 'Total Quantity', kind: 'number', value: (row) => row.total_quantity },
  amount('Total Value', (row) => row.total_value),
  rate(),
  amount('Taxable Value', (row) => row.taxable_value),
  amount('Integrated Tax Amount', (row) => row.igst),
  amount('Central Tax Amount', (row) => row.cgst),
  amount('State/UT Tax Amount', (row) => row.sgst),
  cess(),
];

/**
 * Table 14(a), supplies through an e-commerce operator that collects TCS, per operator GSTIN. The
 * headers are India-Compliance's (sheet "eco"); the operator's name is not in the order reports.
 */
export const ecoColumns: readonly CsvColumn<EcoRow>[] = [
  text('Nature of Supply', (row) => row.nature_of_supply),
  text('GSTIN of E-Commerce Operator', (row) => row.ecommerce_gstin),
  text('E-Commerce Operator Name', () => null),
  amount('Net value of supplies', (row) => row.net_value_of_supplies),
  amount('Integrated tax', (row) => row.igst),
  amount('Central tax', (row) => row.cgst),
  amount('State/UT tax', (row) => row.sgst),
  text('Cess', () => null),
];

export const docsColumns: readonly CsvColumn<DocsRow>[] = [
  text('Nature of Document', (row) => row.nature_of_document),
  text('Sr. No. From', (row) => row.sr_no_from),
  text('Sr. No. To', (row) => row.sr_no_to),
  { header: 'Total Number', kind: 'number', value: (row) => row.total_number },
  { header: 'Cancelled', kind: 'number', value: (row) => row.cancelled },
];

/** A GSTR-1 table as the offline tool imports it: no byte order mark, which it would read as part of the first header. */
export function gstr1Csv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return toCsv(columns, rows, { byteOrderMark: false });
}

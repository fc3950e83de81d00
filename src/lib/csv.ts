// The one CSV writer: every export in the app goes through toCsv, so each file opens the same way in
// Excel and Google Sheets. UTF-8 with a byte order mark (Excel otherwise guesses the system code
// page and mangles ₹ and non-Latin names), CRLF line ends and RFC 4180 quoting; amounts as plain
// numbers with two decimals and dates as ISO 8601 in India time, which Excel and Sheets read as
// numbers and dates in an Indian locale (a grouped '1,23,456.00' or '₹' would be read as text).

/** What a column holds, which decides how its cells are written. */
export type CsvKind = 'text' | 'number' | 'amount' | 'date' | 'datetime';

export interface CsvColumn<Row> {
  header: string;
  kind: CsvKind;
  value: (row: Row) => string | number | null | undefined;
}

export const CSV_BOM = '\uFEFF';
const LINE_END = '\r\n';

// OWASP CSV injection: a spreadsheet runs a cell starting with one of these as a formula
// (=HYPERLINK(...) would put a live link in the accountant's sheet). A leading apostrophe makes
// Excel and Sheets show the text as typed.
const FORMULA_START = /^[=+\-@\t\r]/;

const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const indiaTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A text cell, neutralised when a spreadsheet would read it as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function formatCell(kind: CsvKind, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'text':
      return neutraliseFormula(String(value));
    case 'number':
      // Postgres numerics arrive as strings; Number() drops trailing zeros (12.500 → 12.5).
      return String(Number(value));
    case 'amount':
      return Number(value).toFixed(2);
    case 'date':
      return indiaDate.format(new Date(value));
    case 'datetime': {
      const instant = new Date(value);
      return `${indiaDate.format(instant)} ${indiaTime.format(instant)}`;
    }
  }
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * Header line and one line per row, each ending in CRLF, after the UTF-8 byte order mark (left out
 * with `byteOrderMark: false`, for files a program other than a spreadsheet reads by its headers).
 */
export function toCsv<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
  { byteOrderMark = true }: { byteOrderMark?: boolean } = {},
): string {
  const lines = [columns.map((column) => quote(neutraliseFormula(column.header))).join(',')];
  for (const row of rows) {
    lines.push(columns.map((column) => quote(formatCell(column.kind, column.value(row)))).join(','));
  }
  return (byteOrderMark ? CSV_BOM : '') + lines.join(LINE_END) + LINE_END;
}

/** Today's date in India, for file names: factoryflow-sales-orders-2026-11-23.csv. */
export function todayInIndia(now: Date = new Date()): string {
  return indiaDate.format(now);
}

/** Saves text as a file through the browser's download, without a server round trip. */
export function downloadFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by now; revoking later would keep megabytes alive.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

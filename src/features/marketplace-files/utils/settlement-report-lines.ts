import { parseReportNumber } from './order-report-values';
import { normalizeHeader, type DateOrder } from './report-layouts';
import type { FileTotal } from './report-import';
import { columnDateOrder, isSheet, readReportHeaders, readReportRows, type ReportSource } from './report-read';
import { amazonCategoryOf, categoryOfWord, type NoOrderSheet, type SettlementCategory } from './settlement-categories';
import type { ReportSheet } from './workbook-cells';
import type {
  SettlementColumnMapping,
  SettlementReportField,
  SettlementReportLayout,
} from './settlement-report-layouts';

/** A line as import_settlement and its preview take it; `line` is its row in the file. */
// A type, not an interface: it must be assignable to the RPC's Json argument.
export type SettlementImportLine = {
  line: number;
  settlement_id: string;
  external_order_id: string;
  sku?: string;
  posted_date: string;
  category: SettlementCategory;
  amount: number | string;
  description: string;
};

// Why a row gives no line, said alike by every layout.
const NOTHING_SETTLED = 'Nothing settled on this row.';
const NO_DATE_PAID = 'This row has no date paid.';

/** One row of the file: the lines it gives, or why it gives none. */
export interface SettlementReportRow {
  line: number;
  /** The workbook's sheet it is on, when not the sheet of the header (Meesho's Ads Cost). */
  sheet?: string;
  lines: SettlementImportLine[];
  /** Why the row is not a settlement line (Amazon's summary row, a row of formulas), or null. */
  skipped: string | null;
  /** Why the row could not be read (a broken quote, missing columns, no date), or null. */
  unreadable: string | null;
}

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (value: number) => String(value).padStart(2, '0');

function day(year: number, month: number, date: number, written: string): string {
  const fullYear = year < 100 ? 2000 + year : year;
  const value = new Date(Date.UTC(fullYear, month - 1, date));
  // 02/30/26 is no day: sent as written, for the server to refuse.
  if (value.getUTCMonth() !== month - 1 || value.getUTCDate() !== date) return written;
  return `${fullYear}-${pad(month)}-${pad(date)}`;
}

/**
 * A settlement's date as YYYY-MM-DD: ISO ('2026-01-12', '2026-01-12 08:15:00 UTC' keeps its day),
 * DD.MM.YYYY, '12-Jan-2026', and slashed dates month first (Amazon's MM/DD/YY) or day first. Anything
 * else is sent as written, for the server to refuse with its message.
 */
export function normalizeSettlementDate(text: string, dayFirst: boolean): string {
  const value = text.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (match) return day(Number(match[1]), Number(match[2]), Number(match[3]), value);
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\b/.exec(value);
  if (match) return day(Number(match[3]), Number(match[2]), Number(match[1]), value);
  match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})\b/.exec(value);
  if (match) {
    const [first, second] = [Number(match[1]), Number(match[2])];
    return dayFirst ? day(Number(match[3]), second, first, value) : day(Number(match[3]), first, second, value);
  }
  match = /^(\d{1,2})[- ]([a-z]{3})[a-z]*[- ,]+(\d{4}|\d{2})\b/i.exec(value);
  if (match && months.includes(match[2]!.toLowerCase())) {
    return day(Number(match[3]), months.indexOf(match[2]!.toLowerCase()) + 1, Number(match[1]), value);
  }
  return value;
}

/**
 * The date order of a settlement file: a recognised layout's own (Amazon's month first), else the
 * date-paid column's (columnDateOrder).
 */
export function settlementDateOrder(
  source: ReportSource,
  mapping: SettlementColumnMapping,
  headerRow = 1,
  layout: SettlementReportLayout | null = null,
): Promise<DateOrder | null> {
  if (layout) return Promise.resolve(layout.dayFirst ? 'day_first' : 'month_first');
  return columnDateOrder(source, mapping.posted_date, headerRow);
}

/**
 * Headers as the money columns name them: Flipkart's header cells may carry their formula
 * ("= SUM(J:R)", "[GST+TCS]") on a second line.
 */
const columnName = (header: string) =>
  normalizeHeader(header)
    .replace(/\s*=\s*sum\s*\(.*\)$/, '')
    .replace(/\s*\[.*\]$/, '');

/**
 * Rupees to paise, half away from zero: the one point where an amount is rounded. Flipkart sends
 * TCS and TDS with three decimals (-0.567); each line is rounded to the paisa as it is made, and
 * says what the file sent.
 */
const paise = (value: number) => Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9);
const rupees = (value: number) => value / 100;
/** Millionths of a rupee: the file's own amounts compared before any rounding. */
const exact = (value: number) => Math.round(value * 1_000_000);

/** The amount as sent, rounded to the paisa, and the words that say so when rounding changed it. */
function toPaisa(value: number): { amount: number; asSent: string } {
  const amount = rupees(paise(value));
  return { amount, asSent: amount === value ? '' : ` (as sent: ${value})` };
}

/** A money cell: a number, null when empty or zero, or the text when it is not a number. */
function money(text: string): number | string | null {
  const value = parseReportNumber(text);
  return value === 0 ? null : value;
}

/**
 * Amazon V2's row 2 (and a file mapped by hand's total rows): a settlement's summary, with no order,
 * amount type or amount. It may stop after its sixth column.
 */
const isSummaryRow = (field: (field: SettlementReportField) => string) =>
  ['external_order_id', 'amount_type', 'amount'].every((name) => field(name as SettlementReportField).trim() === '');
const summaryMessage = (settlementId: string) =>
  `The settlement's summary row (${settlementId || 'no id'}): not a line.`;

interface RowCells {
  line: number;
  field: (field: SettlementReportField) => string;
  column: (name: string) => string;
  unreadable: string | null;
}

/**
 * The date a row was paid, as written: Myntra's row carries a date per settled column (prepaid,
 * postpaid), a cash-on-delivery row only the postpaid one; the date of a column that paid comes first.
 */
function paidDateText(row: RowCells, layout: SettlementReportLayout | null): string {
  const settled = layout?.settledColumns ?? [];
  const paying = settled.filter((column) => money(row.column(column.amount)) !== null);
  const date = [...paying, ...settled].map((column) => row.column(column.date).trim()).find((text) => text !== '');
  return date ?? row.field('posted_date').trim();
}

/**
 * The lines of one row (docs/imports.md, "Importing settlements"). Amazon V2 and files mapped by hand: one
 * line; a money-column report: one per non-zero column, plus, when the columns do not add up to
 * what the row says was paid, a line of the difference: the rounding to the paisa when the file's
 * own amounts add up, otherwise filed as other, saying so.
 */
function rowLines(
  row: RowCells,
  layout: SettlementReportLayout | null,
  settlementId: string,
  dayFirst: boolean,
): Omit<SettlementReportRow, 'line' | 'unreadable'> {
  const { line, field } = row;
  const written = paidDateText(row, layout);
  const base = {
    line,
    settlement_id: settlementId,
    external_order_id: field('external_order_id').trim(),
    ...(field('sku').trim() === '' ? {} : { sku: field('sku').trim() }),
    posted_date: written === '' ? '' : normalizeSettlementDate(written, dayFirst),
  };
  if (layout === null || layout.shape === 'amazon_v2') {
    const amount = parseReportNumber(field('amount'));
    if (isSummaryRow(field)) return { lines: [], skipped: summaryMessage(settlementId) };
    const words = [field('transaction_type'), field('amount_type'), field('description'), field('category')]
      .map((word) => word.trim())
      .filter((word) => word !== '');
    const category =
      layout === null
        ? categoryOfWord(field('category') || field('description'))
        : amazonCategoryOf(field('transaction_type'), field('description'));
    const rounded = typeof amount === 'number' ? toPaisa(amount) : { amount: amount ?? '', asSent: '' };
    return {
      lines: [
        { ...base, category, amount: rounded.amount, description: [...new Set(words)].join(' · ') + rounded.asSent },
      ],
      skipped: null,
    };
  }

  if (base.external_order_id === '') return { lines: [], skipped: 'No order id: a row of titles or formulas.' };
  const item = field('description').trim();
  const describe = (header: string) => (item === '' ? header : `${header} · order item ${item}`);
  const lines: SettlementImportLine[] = [];
  // What the lines add up to, in paise, and what the file's own amounts add up to, unrounded.
  let total = 0;
  let sent = 0;
  let allNumbers = true;
  for (const column of layout.moneyColumns) {
    const value = money(row.column(column.header));
    if (value === null) continue;
    if (typeof value === 'number') {
      const signed = column.deduction ? -Math.abs(value) : value;
      const { amount, asSent } = toPaisa(signed);
      total += paise(amount);
      sent += exact(signed);
      lines.push({ ...base, category: column.category, amount, description: describe(column.header) + asSent });
    } else {
      allNumbers = false;
      lines.push({ ...base, category: column.category, amount: value, description: describe(column.header) });
    }
  }
  if (layout.settledColumns) {
    // Myntra: the settled amounts (prepaid and postpaid) are what was paid, its fees already taken
    // off (docs/imports.md: UNVERIFIED), so the sale line is their sum plus the fees.
    const settled = layout.settledColumns.reduce<number>((sum, column) => {
      const cell = money(row.column(column.amount));
      return sum + (typeof cell === 'number' ? paise(cell) : 0);
    }, 0);
    const gross = settled - total;
    if (gross !== 0 && allNumbers) {
      lines.unshift({
        ...base,
        category: settled < 0 ? 'refund' : 'sale',
        amount: rupees(gross),
        description: describe('settled amount + fees deducted'),
      });
    }
    return { lines, skipped: lines.length === 0 ? NOTHING_SETTLED : null };
  }
  const paid = parseReportNumber(field('amount'));
  if (allNumbers && typeof paid === 'number' && paise(paid) !== total) {
    const rounding = exact(paid) === sent;
    const paidName = layout.paidName ?? 'Bank Settlement Value';
    lines.push({
      ...base,
      category: 'other',
      amount: rupees(paise(paid) - total),
      description: describe(
        rounding
          ? `Rounding to the paisa of the ${paidName} as sent (${paid})`
          : `${paidName} not explained by the columns read`,
      ),
    });
  }
  return { lines, skipped: lines.length === 0 ? NOTHING_SETTLED : null };
}

/**
 * Every row of a settlement report with its lines, read in chunks (readReportRows). Amazon's detail
 * rows may leave the settlement id blank: they take the one above (the summary row's).
 */
export async function readSettlementReportRows(
  source: ReportSource,
  mapping: SettlementColumnMapping,
  layout: SettlementReportLayout | null,
  headerRow = 1,
  onProgress?: (rows: number) => void,
  dateOrder: DateOrder | null = null,
): Promise<SettlementReportRow[]> {
  // A file mapped by hand is read as its dates show (settlementDateOrder), else as Indian files
  // write them: day first.
  const dayFirst = layout?.dayFirst ?? dateOrder !== 'month_first';
  const headers = await readReportHeaders(source, headerRow);
  // Every column of the file is read by its name, the fields by their prefixed key.
  const columns: Record<string, string | null> = Object.fromEntries(
    headers.map((header) => [columnName(header), header]),
  );
  for (const [field, header] of Object.entries(mapping)) columns[`field:${field}`] = header;
  let settlementId = '';
  return readReportRows(
    source,
    columns,
    ({ line, cell, unreadable }): SettlementReportRow => {
      const field = (name: SettlementReportField) => cell(`field:${name}`);
      const written = field('settlement_id').trim();
      if (written !== '') settlementId = written;
      if (unreadable !== null) {
        // A summary row is short: it is not missing anything.
        if (layout?.shape === 'amazon_v2' && isSummaryRow(field)) {
          return { line, lines: [], skipped: summaryMessage(settlementId), unreadable: null };
        }
        return { line, lines: [], skipped: null, unreadable };
      }
      const result = rowLines(
        { line, field, column: (name) => (name in columns ? cell(name) : ''), unreadable },
        layout,
        settlementId,
        dayFirst,
      );
      const undated = result.lines.length > 0 && result.lines[0]!.posted_date === '';
      return { line, ...result, unreadable: undated ? NO_DATE_PAID : null };
    },
    onProgress,
    headerRow,
  );
}

/** How far down a sheet of lines of no order its header is looked for (below its title row). */
const NO_ORDER_HEADER_ROWS = 5;

/** The sheet's header row and the column of each header, if `sheet` has the layout's columns. */
function noOrderHeader(sheet: ReportSheet, layout: NoOrderSheet): { row: number; column: Map<string, number> } | null {
  const wanted = [layout.date, layout.amount, ...layout.named.map((named) => named.header)];
  for (const [row, cells] of sheet.rows.slice(0, NO_ORDER_HEADER_ROWS).entries()) {
    const column = new Map(cells.map((cell, index) => [normalizeHeader(cell), index]));
    if (wanted.every((header) => column.has(header))) return { row, column };
  }
  return null;
}

/**
 * The rows of a workbook's sheets of lines of no order (the layout's noOrderSheets: Meesho's Ads
 * Cost, Referral Payments, Compensation and Recovery), each with its sheet's name. A row with an
 * amount is a line, its settlement id the sheet's name and the line's date (these sheets name no
 * payment; the same row is given the same id in every file); a row without one (formulas, Meesho's
 * "No data is available for these dates.") is not a line.
 */
export function readNoOrderSheetRows(
  workbook: readonly ReportSheet[],
  layout: SettlementReportLayout | null,
): SettlementReportRow[] {
  const rows: SettlementReportRow[] = [];
  if (!layout?.noOrderSheets) return rows;
  for (const sheet of workbook) {
    for (const sheetLayout of layout.noOrderSheets) {
      const header = noOrderHeader(sheet, sheetLayout);
      if (header === null) continue;
      const cell = (cells: readonly string[], name: string) => (cells[header.column.get(name)!] ?? '').trim();
      const amountName = cell(sheet.rows[header.row]!, sheetLayout.amount);
      sheet.rows.slice(header.row + 1).forEach((cells, index) => {
        const row = { line: header.row + index + 2, sheet: sheet.name, lines: [], unreadable: null };
        const amountText = cell(cells, sheetLayout.amount);
        if (amountText === '') {
          const words = cells.map((text) => text.trim()).filter((text) => text !== '');
          rows.push({
            ...row,
            skipped:
              words.length === 1 ? `“${words[0]}”: not a line.` : `No ${amountName}: a row of titles or formulas.`,
          });
          return;
        }
        const value = money(amountText);
        if (value === null) {
          rows.push({ ...row, skipped: NOTHING_SETTLED });
          return;
        }
        const written = cell(cells, sheetLayout.date);
        if (written === '') {
          rows.push({ ...row, skipped: null, unreadable: NO_DATE_PAID });
          return;
        }
        const posted_date = normalizeSettlementDate(written, layout.dayFirst);
        const rounded = typeof value === 'number' ? toPaisa(value) : { amount: value, asSent: '' };
        const named = sheetLayout.named.flatMap(({ header: name, word }) => {
          const text = cell(cells, name);
          return text === '' ? [] : [word === '' ? text : `${word} ${text}`];
        });
        rows.push({
          ...row,
          lines: [
            {
              line: row.line,
              settlement_id: `${sheet.name} ${posted_date}`,
              external_order_id: '',
              posted_date,
              category: typeof value === 'number' ? sheetLayout.category(value) : 'other',
              amount: rounded.amount,
              description: [sheetLayout.label, ...named].join(', ') + rounded.asSent,
            },
          ],
          skipped: null,
        });
      });
      break;
    }
  }
  return rows;
}

/**
 * What the file's lines add up to, in rupees, summed in paise: each part (the sheet of the header,
 * then each sheet of lines of no order) when there are several, and in all: for Meesho, the payout.
 */
export function settlementFileTotals(rows: readonly SettlementReportRow[], source: ReportSource): FileTotal[] {
  const parts = new Map<string, number>();
  for (const row of rows) {
    if (row.unreadable !== null) continue;
    const part = row.sheet ?? (isSheet(source) ? source.name : 'This file');
    for (const line of row.lines) {
      if (typeof line.amount === 'number') parts.set(part, (parts.get(part) ?? 0) + paise(line.amount));
    }
  }
  const all = [...parts.values()].reduce((sum, amount) => sum + amount, 0);
  const totals = parts.size > 1 ? [...parts].map(([label, amount]) => ({ label, amount: rupees(amount) })) : [];
  return [...totals, { label: 'In all', amount: rupees(all) }];
}

/**
 * The lines to send: those of every readable row, in file order. The server tells identical lines
 * of a settlement apart by their order within one call, and a big file goes in several calls: so a
 * line identical to an earlier one of the file says which repeat it is in its description, the same
 * each time the file is imported.
 */
export function settlementLines(rows: readonly SettlementReportRow[]): SettlementImportLine[] {
  const seen = new Map<string, number>();
  return rows.flatMap((row) =>
    row.unreadable !== null
      ? []
      : row.lines.map((line) => {
          const key = JSON.stringify([
            line.settlement_id,
            line.external_order_id,
            line.sku?.toLowerCase() ?? '',
            line.category,
            line.description,
            line.posted_date,
            line.amount,
          ]);
          const repeat = (seen.get(key) ?? 0) + 1;
          seen.set(key, repeat);
          return repeat === 1 ? line : { ...line, description: `${line.description} · repeat ${repeat}` };
        }),
  );
}

/** What happens to a line or row: the server's verdict, or what the browser saw in the file. */
export type SettlementRowOutcome =
  'new' | 'already_imported' | 'duplicate' | 'unmatched' | 'invalid' | 'skipped' | 'unreadable';

/** One row of the preview: a line the file gives (several for a row of money columns), or a row that gives none. */
export interface SettlementPreviewRow {
  id: string;
  line: number;
  /** Where the row is: its number, after its sheet's name when not the sheet of the header (Ads Cost 8). */
  place: string;
  settlement_id: string;
  external_order_id: string;
  posted_date: string;
  category: SettlementCategory | null;
  amount: number | string | null;
  description: string;
  outcome: SettlementRowOutcome;
  message: string | null;
}

/** Every line with the server's verdict (in the order sent), and every row that gives none with why. */
export function settlementPreviewRows(
  rows: readonly SettlementReportRow[],
  verdicts: readonly { outcome: SettlementRowOutcome; message: string | null }[],
): SettlementPreviewRow[] {
  const preview: SettlementPreviewRow[] = [];
  let sent = 0;
  for (const row of rows) {
    const problem = row.unreadable ?? row.skipped;
    // Rows of two sheets may have the same number: the place tells them apart.
    const place = row.sheet === undefined ? String(row.line) : `${row.sheet} ${row.line}`;
    if (row.unreadable !== null || row.lines.length === 0) {
      preview.push({
        id: place,
        line: row.line,
        place,
        settlement_id: '',
        external_order_id: '',
        posted_date: '',
        category: null,
        amount: null,
        description: '',
        outcome: row.unreadable === null ? 'skipped' : 'unreadable',
        message: problem,
      });
      continue;
    }
    row.lines.forEach((line, index) => {
      const verdict = verdicts[sent++] ?? { outcome: 'invalid', message: 'The server did not classify this line.' };
      preview.push({
        id: `${place}-${index}`,
        line: row.line,
        place,
        settlement_id: line.settlement_id,
        external_order_id: line.external_order_id,
        posted_date: line.posted_date,
        category: line.category,
        amount: line.amount,
        description: line.description,
        outcome: verdict.outcome,
        // "Already imported." says again what the outcome's badge says.
        message: verdict.outcome === 'already_imported' ? null : verdict.message,
      });
    });
  }
  return preview;
}

/** The lines the import sends: new ones, and those whose order is not in the workspace (kept as unmatched). */
export function settlementLinesToImport(
  lines: readonly SettlementImportLine[],
  verdicts: readonly { outcome: SettlementRowOutcome }[],
): SettlementImportLine[] {
  return lines.filter((_, index) => ['new', 'unmatched'].includes(verdicts[index]?.outcome ?? ''));
}

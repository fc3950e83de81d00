import type { ReturnLinePreview, ReturnServerOutcome } from '../api/import-returns';
import { parseReportNumber } from './order-report-values';
import type { ReturnColumnMapping, ReturnReportLayout } from './return-report-layouts';
import { normalizeReturnDate, returnConditionOf, returnKindOf } from './return-report-values';
import { normalizeHeader, type DateOrder } from './report-layouts';
import { readReportRows, type ReportSource } from './report-read';

/** One data row of a returns report, its values as import_returns takes them. */
export interface ReturnReportRow {
  /** Its row number as a spreadsheet shows it: the header is row 1. */
  line: number;
  external_order_id: string;
  sku: string;
  quantity: number | string | null;
  /** rto or customer_return, or the report's word when it names neither. */
  kind: string;
  /** YYYY-MM-DD, '' when the report gives none (the return has not come back yet). */
  return_date: string;
  /** sellable, damaged, wrong_item or missing, the report's word when it names none, or null (sellable). */
  condition: string | null;
  return_fees: number | string | null;
  /** Why the row could not be read (a broken quote, missing columns), or null. */
  unreadable: string | null;
}

const positive = (value: number | string | null): value is number => typeof value === 'number' && value > 0;

/**
 * The units and condition a row's good and bad quantities give (Flipkart's Good Quantity / Bad
 * Quantity): bad units came back defective, damaged, so they never return to stock. A row of both
 * is refused, for the owner to record its two conditions by hand; a row of neither keeps its
 * quantity and condition columns.
 */
function unitsByCondition(
  good: number | string | null,
  bad: number | string | null,
): Partial<Pick<ReturnReportRow, 'quantity' | 'condition' | 'unreadable'>> {
  if (positive(good) && positive(bad)) {
    return {
      unreadable: `This row returns ${good} good and ${bad} bad units: record them with the order's Return button, one condition each.`,
    };
  }
  if (positive(bad)) return { quantity: bad, condition: 'damaged' };
  if (positive(good)) return { quantity: good, condition: null };
  return {};
}

/**
 * Every data row of a returns report with the mapped fields (readReportRows reads it). The layout
 * recognised decides how its own kind column reads; another column chosen for the kind (Change
 * columns), or a file mapped by hand, names the kind in words.
 */
export function readReturnReportRows(
  source: ReportSource,
  mapping: ReturnColumnMapping,
  layout: ReturnReportLayout | null,
  headerRow = 1,
  onProgress?: (rows: number) => void,
  dateOrder: DateOrder | null = null,
): Promise<ReturnReportRow[]> {
  const dayFirst = dateOrder !== 'month_first';
  const ownKindColumn =
    layout !== null && mapping.kind !== null && layout.headers.kind.includes(normalizeHeader(mapping.kind));
  const kindRule = ownKindColumn ? layout.kindRule : 'return_type';
  return readReportRows(
    source,
    mapping,
    ({ line, cell, unreadable }): ReturnReportRow => {
      const row = {
        line,
        external_order_id: cell('external_order_id').trim(),
        sku: cell('sku').trim(),
        // No quantity column: each row is one unit.
        quantity: mapping.quantity === null ? 1 : parseReportNumber(cell('quantity')),
        kind: returnKindOf(cell('kind'), kindRule),
        return_date: cell('return_date').trim() === '' ? '' : normalizeReturnDate(cell('return_date'), dayFirst),
        condition: returnConditionOf(cell('condition')),
        return_fees: parseReportNumber(cell('return_fees')),
        unreadable,
      };
      const units = unitsByCondition(parseReportNumber(cell('good_quantity')), parseReportNumber(cell('bad_quantity')));
      return { ...row, ...units, unreadable: unreadable ?? units.unreadable ?? null };
    },
    onProgress,
    headerRow,
  );
}

/** A line as import_returns and its preview take it; `line` names it in messages. */
// A type, not an interface: it must be assignable to the RPC's Json argument.
export type ReturnImportLine = {
  line: number;
  external_order_id: string;
  sku: string;
  quantity: number | string | null;
  kind: string;
  return_date: string;
  condition?: string;
  return_fees?: number | string;
};

/** How the report's rows become the lines sent to the server. */
export interface ReturnLines {
  lines: ReturnImportLine[];
  /** For rows folded into an earlier row's line (the same return): that row's number. */
  mergedInto: Map<number, number>;
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Math.round(value * 100) / 100 === value;
const paise = (value: number | string | undefined) => Math.round((typeof value === 'number' ? value : 0) * 100);

/**
 * The lines to send: unreadable rows and returns not back yet (no return date) stay out, and rows
 * of one return (the same order, SKU, kind, day and condition: the server's key for a return)
 * fold into one line, units and fees added (Amazon's FBA report has one row per unit). Rows whose
 * numbers are not plain numbers are sent as they are, for the server to name what is wrong.
 */
export function toReturnLines(rows: readonly ReturnReportRow[]): ReturnLines {
  const lines: ReturnImportLine[] = [];
  const mergedInto = new Map<number, number>();
  const byReturn = new Map<string, ReturnImportLine>();
  for (const row of rows) {
    if (row.unreadable !== null || row.return_date === '') continue;
    const key = [
      row.external_order_id,
      row.sku.toLowerCase(),
      row.kind,
      row.return_date,
      row.condition ?? 'sellable',
    ].join('\u0000');
    const earlier = byReturn.get(key);
    const fees = row.return_fees ?? undefined;
    if (
      earlier &&
      isWhole(earlier.quantity) &&
      isWhole(row.quantity) &&
      (earlier.return_fees === undefined || isAmount(earlier.return_fees)) &&
      (fees === undefined || isAmount(fees))
    ) {
      earlier.quantity += row.quantity;
      // Added in paise: 0.1 + 0.2 must stay 0.30, which the server accepts.
      if (fees !== undefined) earlier.return_fees = (paise(earlier.return_fees) + paise(fees)) / 100;
      mergedInto.set(row.line, earlier.line);
      continue;
    }
    const line: ReturnImportLine = {
      line: row.line,
      external_order_id: row.external_order_id,
      sku: row.sku,
      quantity: row.quantity,
      kind: row.kind,
      return_date: row.return_date,
      ...(row.condition === null ? {} : { condition: row.condition }),
      ...(fees === undefined ? {} : { return_fees: fees }),
    };
    if (!earlier) byReturn.set(key, line);
    lines.push(line);
  }
  return { lines, mergedInto };
}

/** What happens to a returns report's row: the server's verdict, or what the browser saw in the file. */
export type ReturnRowOutcome = ReturnServerOutcome | 'not_back' | 'unreadable';

/** One row of the preview table: the file's row and what importing it would do. */
export interface ReturnPreviewRow extends ReturnReportRow {
  id: string;
  outcome: ReturnRowOutcome;
  message: string | null;
}

/** Every row of the file with its outcome: the browser's (not back yet, unreadable) or the server's. */
export function returnPreviewRows(
  rows: readonly ReturnReportRow[],
  { mergedInto }: ReturnLines,
  previews: ReadonlyMap<number, ReturnLinePreview>,
): ReturnPreviewRow[] {
  return rows.map((row) => {
    const id = String(row.line);
    if (row.unreadable !== null) return { ...row, id, outcome: 'unreadable', message: row.unreadable };
    if (row.return_date === '') return { ...row, id, outcome: 'not_back', message: null };
    const target = mergedInto.get(row.line);
    const preview = previews.get(target ?? row.line);
    if (!preview) return { ...row, id, outcome: 'invalid', message: 'The server did not classify this row.' };
    const message = [
      target === undefined ? null : `Added to row ${target} (same order, SKU, kind, date and condition).`,
      // "Already imported." says again what the outcome's badge says.
      preview.outcome === 'already_imported' ? null : preview.message,
    ]
      .filter(Boolean)
      .join(' ');
    return { ...row, id, outcome: preview.outcome, message: message === '' ? null : message };
  });
}

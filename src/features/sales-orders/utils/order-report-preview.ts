import type { LinePreview } from '../api/import-sales-orders';
import type { RowOutcome } from '../components/import-orders-outcome';
import type { ImportLine, ReportLines } from './order-report-lines';
import type { ReportRow } from './order-report-read';

/** One row of the preview table: the file's row and what importing it would do. */
export interface PreviewRow extends ReportRow {
  id: string;
  outcome: RowOutcome;
  message: string | null;
}

/** Every row of the file with its outcome: the browser's (cancelled, unreadable) or the server's. */
export function previewRows(
  rows: readonly ReportRow[],
  { mergedInto }: ReportLines,
  previews: ReadonlyMap<number, LinePreview>,
): PreviewRow[] {
  return rows.map((row) => {
    const id = String(row.line);
    if (row.unreadable !== null) return { ...row, id, outcome: 'unreadable', message: row.unreadable };
    if (row.cancelled) return { ...row, id, outcome: 'cancelled', message: null };
    const target = mergedInto.get(row.line);
    const preview = previews.get(target ?? row.line);
    if (!preview) return { ...row, id, outcome: 'invalid', message: 'The server did not classify this row.' };
    // A new sale the report says has shipped: the server records it Fulfilled (its preview says so).
    const fulfilled =
      preview.outcome === 'new' && preview.status === 'Fulfilled'
        ? `Imports as Fulfilled (report status: ${row.status}).`
        : null;
    const message = [
      target === undefined ? null : `Added to row ${target} (same order and SKU).`,
      fulfilled,
      preview.message,
    ]
      .filter(Boolean)
      .join(' ');
    return { ...row, id, outcome: preview.outcome, message: message === '' ? null : message };
  });
}

/** The lines the import sends: those the preview calls new sales. */
export function newLines(lines: readonly ImportLine[], previews: ReadonlyMap<number, LinePreview>): ImportLine[] {
  return lines.filter((line) => previews.get(line.line)?.outcome === 'new');
}

/** How many rows have each outcome, for the summary above the table. */
export function countOutcomes(rows: readonly PreviewRow[]): Partial<Record<RowOutcome, number>> {
  const counts: Partial<Record<RowOutcome, number>> = {};
  for (const row of rows) counts[row.outcome] = (counts[row.outcome] ?? 0) + 1;
  return counts;
}

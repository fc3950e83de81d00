import type { LinePreview, ServerOutcome } from '../api/import-sales-orders';
import type { ReportLines } from './order-report-lines';
import type { ReportRow } from './order-report-read';

/** What happens to an order report's row: the server's verdict, or what the browser saw in the file. */
export type RowOutcome = ServerOutcome | 'cancelled' | 'unreadable';

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

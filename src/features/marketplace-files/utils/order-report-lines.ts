import type { ReportRow } from './order-report-read';

/** A line as import_sales_orders and its preview take it; `line` names it in messages. */
// A type, not an interface: it must be assignable to the RPC's Json argument.
export type ImportLine = {
  line: number;
  external_order_id: string;
  order_date: string;
  sku: string;
  quantity: number | string | null;
  total_amount: number | string | null;
  /** Fulfilled when the report says the line has shipped or been delivered (the server accepts only these two). */
  status: 'Unfulfilled' | 'Fulfilled';
  /** The buyer's state code from the report, or null: the place of supply of the sale's GST. */
  buyer_state: string | null;
};

/** How the report's rows become the lines sent to the server. */
export interface ReportLines {
  lines: ImportLine[];
  /** For rows folded into an earlier row's line (the same order and SKU): that row's number. */
  mergedInto: Map<number, number>;
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
// Only amounts in paise are added: one finer than that is sent as it is, for the server to refuse.
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Math.round(value * 100) / 100 === value;

/**
 * The lines to send: cancelled and unreadable rows stay out (the preview shows them as such), and
 * rows of one order and SKU fold into one line, quantities and amounts added (Myntra reports one
 * row per unit; a sale is one order line per product). Rows whose numbers are not plain numbers
 * are sent as they are, for the server to name what is wrong. A line is Fulfilled when its rows
 * all say shipped or delivered; one unit not yet shipped keeps the folded line Unfulfilled.
 */
export function toImportLines(rows: readonly ReportRow[]): ReportLines {
  const lines: ImportLine[] = [];
  const mergedInto = new Map<number, number>();
  const byOrderAndSku = new Map<string, ImportLine>();
  for (const row of rows) {
    if (row.cancelled || row.unreadable !== null) continue;
    const key = `${row.external_order_id}\u0000${row.sku.toLowerCase()}`;
    const earlier = byOrderAndSku.get(key);
    if (
      earlier &&
      isWhole(earlier.quantity) &&
      isWhole(row.quantity) &&
      isAmount(earlier.total_amount) &&
      isAmount(row.total_amount)
    ) {
      earlier.quantity += row.quantity;
      // Added in paise: 0.1 + 0.2 must stay 0.30, which the server accepts.
      earlier.total_amount = (Math.round(earlier.total_amount * 100) + Math.round(row.total_amount * 100)) / 100;
      if (!row.fulfilled) earlier.status = 'Unfulfilled';
      mergedInto.set(row.line, earlier.line);
      continue;
    }
    const line: ImportLine = {
      line: row.line,
      external_order_id: row.external_order_id,
      order_date: row.order_date,
      sku: row.sku,
      quantity: row.quantity,
      total_amount: row.total_amount,
      status: row.fulfilled ? 'Fulfilled' : 'Unfulfilled',
      buyer_state: row.buyer_state,
    };
    if (!earlier) byOrderAndSku.set(key, line);
    lines.push(line);
  }
  return { lines, mergedInto };
}

import type { OrderColumnMapping, OrderReportLayout } from './order-report-layouts';
import type { DateOrder } from './report-layouts';
import { readReportRows, type ReportSource } from './report-read';
import { isCancelledStatus, isFulfilledStatus, normalizeOrderDate, parseReportNumber } from './order-report-values';

/** One data row of an order report, with the fields the mapping names. */
export interface ReportRow {
  /** Its row number as a spreadsheet shows it: the header is row 1. */
  line: number;
  external_order_id: string;
  order_date: string;
  sku: string;
  quantity: number | string | null;
  total_amount: number | string | null;
  status: string;
  cancelled: boolean;
  /** The status says the line has shipped or been delivered: it imports as Fulfilled. */
  fulfilled: boolean;
  /**
   * The buyer's state as the report writes it ('MAHARASHTRA', 'Orissa', '27'), or null when the cell
   * is empty: the database reads it as the place of supply (rules.gst_state_code; unknown when it
   * names no state).
   */
  buyer_state: string | null;
  /** Why the row could not be read (a broken quote, missing columns), or null. */
  unreadable: string | null;
}

/** How a file's cells read: its slashed dates' order, and whether its amount is a unit's price (its layout's). */
export interface OrderReadOptions {
  dateOrder?: DateOrder | null;
  layout?: OrderReportLayout | null;
}

/** The line's amount from a unit's price: price × quantity in paise, or the cell as it is when either is not a number. */
function lineAmount(price: number | string | null, quantity: number | string | null): number | string | null {
  if (typeof price !== 'number' || typeof quantity !== 'number') return price;
  return Math.round(price * 100 * quantity) / 100;
}

/** Every data row of an order report with the mapped fields (readReportRows reads it). */
export function readOrderReportRows(
  source: ReportSource,
  mapping: OrderColumnMapping,
  headerRow = 1,
  onProgress?: (rows: number) => void,
  { dateOrder = null, layout = null }: OrderReadOptions = {},
): Promise<ReportRow[]> {
  const dayFirst = dateOrder !== 'month_first';
  const amountPerUnit = layout?.amountPerUnit === true;
  return readReportRows(
    source,
    mapping,
    ({ line, cell, unreadable }): ReportRow => {
      const status = cell('status').trim();
      // No quantity column (Myntra): each row is one unit.
      const quantity = mapping.quantity === null ? 1 : parseReportNumber(cell('quantity'));
      const amount = parseReportNumber(cell('total_amount'));
      return {
        line,
        external_order_id: cell('external_order_id').trim(),
        order_date: normalizeOrderDate(cell('order_date'), dayFirst),
        sku: cell('sku').trim(),
        quantity,
        total_amount: amountPerUnit ? lineAmount(amount, quantity) : amount,
        status,
        cancelled: isCancelledStatus(status),
        fulfilled: isFulfilledStatus(status),
        buyer_state: cell('buyer_state').trim() || null,
        unreadable,
      };
    },
    onProgress,
    headerRow,
  );
}

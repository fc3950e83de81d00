import { plural } from '@/lib/format';
import type { ImportLine } from '@/features/marketplace-files/utils/order-report-lines';
import type { ImportResult } from '@/features/marketplace-files/api/report-import';

/**
 * How many orders some report lines are: a marketplace order of two products is two lines (two
 * sales here) but one order, so orders are counted by their order id, and the lines are named too
 * when there are more of them: "3 orders (4 lines)".
 */
export function orderCount(lines: readonly Pick<ImportLine, 'external_order_id'>[]): string {
  const orders = new Set(lines.map((line) => line.external_order_id)).size;
  const counted = plural(orders, 'order', 'orders');
  return orders === lines.length ? counted : `${counted} (${plural(lines.length, 'line', 'lines')})`;
}

/**
 * What an import did, for its notification. When none of the lines sent was skipped they are the
 * ones imported, counted as orders; otherwise (imported meanwhile, from another tab) the server's
 * counts, which are lines.
 */
export function importedMessage(sent: readonly Pick<ImportLine, 'external_order_id'>[], result: ImportResult): string {
  if (result.skipped === 0 && result.created === sent.length) return `Imported ${orderCount(sent)}.`;
  return `Imported ${plural(result.created, 'line', 'lines')}; ${plural(result.skipped, 'line was', 'lines were')} already imported and skipped.`;
}

import type { Enums } from '@/lib/database.types';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { ImportLine } from '../utils/order-report-lines';
import { importInParts, previewInParts, type ImportResult } from './report-import';

type Platform = Enums<'sales_platform'>;

/** What the server says it would do with a line (private.classify_sales_order_lines). */
export type ServerOutcome =
  'new' | 'already_imported' | 'duplicate' | 'unknown_sku' | 'archived' | 'not_enough_stock' | 'invalid';

/** One element of preview_sales_orders_import's list. */
interface ServerLinePreview {
  line_number: number;
  outcome: ServerOutcome;
  message: string | null;
  product_name: string | null;
  /** The status a new sale would be recorded with. */
  status: 'Unfulfilled' | 'Fulfilled';
}

export interface LinePreview {
  outcome: ServerOutcome;
  message: string | null;
  productName: string | null;
  status: 'Unfulfilled' | 'Fulfilled';
}

/** The server's verdict on every line, keyed by its row number; writes nothing. */
export async function previewImport(
  platform: Platform,
  lines: readonly ImportLine[],
): Promise<Map<number, LinePreview>> {
  const verdicts = await previewInParts(
    lines,
    async (part) =>
      (await callRpc('preview_sales_orders_import', { platform, lines: part })) as unknown as ServerLinePreview[],
  );
  return new Map(
    [...verdicts].map(([line, row]) => [
      line,
      { outcome: row.outcome, message: row.message, productName: row.product_name, status: row.status },
    ]),
  );
}

/** Commits the lines (import_sales_orders), in parts of its own request each (importInParts). */
function importLines({ platform, lines }: { platform: Platform; lines: readonly ImportLine[] }, submissionId: string) {
  return importInParts(
    lines,
    async (part) =>
      (await callRpc(
        'import_sales_orders',
        withRequestId({ platform, lines: part }, submissionId),
      )) as unknown as ImportResult,
  );
}

export function useImportSalesOrders() {
  return useWrite({ write: importLines, tables: ['sales_orders', 'products'] });
}

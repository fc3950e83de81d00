import type { Enums } from '@/lib/database.types';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { chunkLines, type ImportLine } from '../utils/order-report-lines';
import { useWrite, withRequestId } from '@/lib/write';

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
  const previews = new Map<number, LinePreview>();
  for (const chunk of chunkLines(lines)) {
    const { data, error } = await supabase.rpc('preview_sales_orders_import', { platform, lines: [...chunk] });
    if (error) throw toUserError(error);
    for (const row of data as unknown as ServerLinePreview[]) {
      previews.set(row.line_number, {
        outcome: row.outcome,
        message: row.message,
        productName: row.product_name,
        status: row.status,
      });
    }
  }
  return previews;
}

export interface ImportResult {
  created: number;
  skipped: number;
}

/** A refusal after some parts were committed: each part is all-or-nothing, not the whole file. */
export class ImportPartlyDoneError extends Error {
  constructor(
    message: string,
    readonly done: ImportResult,
  ) {
    super(message);
  }
}

/**
 * Commits the lines, at most 10,000 per call, each call one transaction, in file order. Each part is
 * a request of its own (its request_id made from its lines), so retrying the submission after a
 * refusal or a lost answer answers the parts committed with their first counts and sends the rest.
 */
async function importLines(
  { platform, lines }: { platform: Platform; lines: readonly ImportLine[] },
  submissionId: string,
) {
  const done: ImportResult = { created: 0, skipped: 0 };
  for (const chunk of chunkLines(lines)) {
    const { data, error } = await supabase.rpc(
      'import_sales_orders',
      withRequestId({ platform, lines: [...chunk] }, submissionId),
    );
    if (error) {
      const refusal = toUserError(error);
      if (done.created + done.skipped === 0) throw refusal;
      throw new ImportPartlyDoneError(refusal.message, done);
    }
    const result = data as unknown as ImportResult;
    done.created += result.created;
    done.skipped += result.skipped;
  }
  return done;
}

export function useImportSalesOrders() {
  return useWrite({ write: importLines, tables: ['sales_orders', 'products'] });
}

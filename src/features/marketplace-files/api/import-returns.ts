import type { Enums } from '@/lib/database.types';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { ReturnImportLine } from '../utils/return-report-lines';
import { importInParts, previewInParts, type ImportResult } from './report-import';

type Platform = Enums<'sales_platform'>;

/** What the server says it would do with a returns line (private.classify_return_lines). */
export type ReturnServerOutcome =
  'new' | 'already_imported' | 'duplicate' | 'unknown_order' | 'not_returnable' | 'too_many' | 'invalid';

/** One element of preview_returns_import's list. */
interface ServerReturnPreview {
  line_number: number;
  outcome: ReturnServerOutcome;
  message: string | null;
  product_name: string | null;
}

export interface ReturnLinePreview {
  outcome: ReturnServerOutcome;
  message: string | null;
  productName: string | null;
}

/** The server's verdict on every returns line, keyed by its row number; writes nothing. */
export async function previewReturnsImport(
  platform: Platform,
  lines: readonly ReturnImportLine[],
): Promise<Map<number, ReturnLinePreview>> {
  const verdicts = await previewInParts(
    lines,
    async (part) =>
      (await callRpc('preview_returns_import', { platform, lines: part })) as unknown as ServerReturnPreview[],
  );
  return new Map(
    [...verdicts].map(([line, row]) => [
      line,
      { outcome: row.outcome, message: row.message, productName: row.product_name },
    ]),
  );
}

/** Commits the lines (import_returns), in parts of its own request each (importInParts). */
function importReturnLines(
  { platform, lines }: { platform: Platform; lines: readonly ReturnImportLine[] },
  submissionId: string,
) {
  return importInParts(
    lines,
    async (part) =>
      (await callRpc(
        'import_returns',
        withRequestId({ platform, lines: part }, submissionId),
      )) as unknown as ImportResult,
  );
}

/** The returns move their orders' status and stock, and open claims: as record_return writes them. */
export function useImportReturns() {
  return useWrite({
    write: importReturnLines,
    tables: ['sales_orders', 'products', 'sales_returns', 'return_claims'],
  });
}

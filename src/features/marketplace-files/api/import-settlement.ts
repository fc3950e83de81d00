import type { Enums } from '@/lib/database.types';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import { chunkLines } from '../utils/report-import';
import type { SettlementImportLine } from '../utils/settlement-report-lines';
import { importInParts, type ImportResult } from './report-import';

type Platform = Enums<'sales_platform'>;

/** What the server says it would do with a settlement line (preview_settlement_import). */
export type SettlementServerOutcome = 'new' | 'already_imported' | 'duplicate' | 'unmatched' | 'invalid';

/** One element of preview_settlement_import's list, in the order of the lines sent. */
export interface SettlementLinePreview {
  line_number: number;
  outcome: SettlementServerOutcome;
  message: string | null;
}

/** What import_settlement answers: unmatched lines are kept, and counted apart. */
export interface SettlementImportResult extends ImportResult {
  unmatched: number;
}

/**
 * The server's verdict on every line, in the order sent, asked part by part; writes nothing. A row
 * of a money-column report gives several lines with its row number, so verdicts go with their
 * lines by position, not by number.
 */
export async function previewSettlementImport(
  platform: Platform,
  lines: readonly SettlementImportLine[],
): Promise<SettlementLinePreview[]> {
  const verdicts: SettlementLinePreview[] = [];
  for (const part of chunkLines(lines)) {
    const answer = (await callRpc('preview_settlement_import', {
      platform,
      lines: part,
    })) as unknown as SettlementLinePreview[];
    if (answer.length !== part.length) throw new Error('The server did not classify every line; preview again.');
    verdicts.push(...answer);
  }
  return verdicts;
}

/** Commits the lines (import_settlement), in parts of its own request each (importInParts). */
export async function importSettlementLines(
  { platform, lines }: { platform: Platform; lines: readonly SettlementImportLine[] },
  submissionId: string,
): Promise<SettlementImportResult> {
  let unmatched = 0;
  const done = await importInParts(lines, async (part) => {
    const result = (await callRpc(
      'import_settlement',
      withRequestId({ platform, lines: part }, submissionId),
    )) as unknown as SettlementImportResult;
    unmatched += result.unmatched;
    return result;
  });
  return { ...done, unmatched };
}

/** Settlement lines change the reconciliation: Payments, its cards and the rows' payment badges refresh. */
export function useImportSettlement() {
  return useWrite({ write: importSettlementLines, tables: ['settlement_lines'] });
}

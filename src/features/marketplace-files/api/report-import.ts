import { chunkLines } from '../utils/report-import';

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

/** The server's verdict on every line, keyed by its row number, asked part by part; writes nothing. */
export async function previewInParts<Line, Verdict extends { line_number: number }>(
  lines: readonly Line[],
  previewPart: (part: Line[]) => Promise<Verdict[]>,
): Promise<Map<number, Verdict>> {
  const verdicts = new Map<number, Verdict>();
  for (const part of chunkLines(lines)) {
    for (const verdict of await previewPart(part)) verdicts.set(verdict.line_number, verdict);
  }
  return verdicts;
}

/**
 * Commits the lines part by part (chunkLines), each call one transaction, in file order. Each part
 * is a request of its own (`importPart` gives it a request_id made from its lines), so retrying the
 * submission after a refusal or a lost answer answers the parts committed with their first counts
 * and sends the rest. A refusal after committed parts says how much went in.
 */
export async function importInParts<Line>(
  lines: readonly Line[],
  importPart: (part: Line[]) => Promise<ImportResult>,
): Promise<ImportResult> {
  const done: ImportResult = { created: 0, skipped: 0 };
  for (const part of chunkLines(lines)) {
    let result: ImportResult;
    try {
      result = await importPart(part);
    } catch (refusal) {
      if (done.created + done.skipped === 0) throw refusal;
      throw new ImportPartlyDoneError((refusal as Error).message, done);
    }
    done.created += result.created;
    done.skipped += result.skipped;
  }
  return done;
}

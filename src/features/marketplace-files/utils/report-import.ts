// What every report import does with its lines, whatever their kind (orders, returns).

/**
 * At most this many lines go in one call. The order and returns imports take up to 5,000 (10,000
 * lines took 5 to 9 s, against the 8 s a signed-in user's statement may run on Supabase); at a big
 * seller's size (a million orders, 20,000 SKUs) 2,500 take about 1.5 s (bench/million-orders.ts).
 */
export const LINES_PER_CALL = 2_500;

export function chunkLines<T>(lines: readonly T[], size = LINES_PER_CALL): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < lines.length; start += size) chunks.push(lines.slice(start, start + size));
  return chunks;
}

/** The lines the import sends: those the server's preview calls new. */
export function newLines<Line extends { line: number }>(
  lines: readonly Line[],
  previews: ReadonlyMap<number, { outcome: string }>,
): Line[] {
  return lines.filter((line) => previews.get(line.line)?.outcome === 'new');
}

/** How many rows have each outcome, for the summary above the preview. */
export function countOutcomes<Outcome extends string>(
  rows: readonly { outcome: Outcome }[],
): Partial<Record<Outcome, number>> {
  const counts: Partial<Record<Outcome, number>> = {};
  for (const row of rows) counts[row.outcome] = (counts[row.outcome] ?? 0) + 1;
  return counts;
}

/** What a part of a file adds up to (a settlement workbook's Order Payments, its Ads Cost), or the whole. */
export interface FileTotal {
  label: string;
  amount: number;
}

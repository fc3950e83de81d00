/** One line of bench/RESULTS.md: a measured figure, what it is compared with, and its target. */
export interface BenchRow {
  benchmark: string;
  measure: string;
  value: string;
  /** The side-by-side ratio this run measured, when the row compares two things. */
  ratio?: string;
  target?: string;
  met?: boolean;
}

export function renderTable(rows: readonly BenchRow[]): string {
  const header = '| benchmark | measure | value | ratio | target | met |\n|---|---|---|---|---|---|';
  const lines = rows.map((row) =>
    [
      row.benchmark,
      row.measure,
      row.value,
      row.ratio ?? '',
      row.target ?? '',
      row.met === undefined ? '' : row.met ? 'yes' : '**no**',
    ].join(' | '),
  );
  return [header, ...lines.map((line) => `| ${line} |`)].join('\n');
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
export const times = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)}x`;
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

import type { Sheet } from 'read-excel-file/universal';

/** One sheet of a workbook, its cells as text: what the report readers take in place of a CSV file. */
export interface ReportSheet {
  name: string;
  rows: string[][];
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A cell as the CSV export of the same report writes it. Numbers come as written in the file
 * (parseNumber keeps their text: -0.567 stays -0.567, an 18-digit order item id keeps its digits);
 * a date cell is its day, with its time when it has one.
 */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = [value.getUTCHours(), value.getUTCMinutes(), value.getUTCSeconds()];
    return time.every((part) => part === 0) ? day : `${day} ${time.map(pad).join(':')}`;
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/** Every sheet's rows as text; empty rows are left out, as the CSV reader skips empty lines. */
export const sheetsAsText = (sheets: readonly Sheet<string>[]): ReportSheet[] =>
  sheets.map(({ sheet, data }) => ({
    name: sheet,
    rows: data.map((row) => row.map(cellText)).filter((row) => row.some((cell) => cell.trim() !== '')),
  }));

/** Numbers kept as the file writes them: the readers parse amounts themselves (parseReportNumber). */
export const keepNumberText = { parseNumber: (text: string) => text };

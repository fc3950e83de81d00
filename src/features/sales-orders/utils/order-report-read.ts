import Papa from 'papaparse';
import type { ColumnMapping } from './order-report-layouts';
import { isCancelledStatus, isFulfilledStatus, normalizeOrderDate, parseReportNumber } from './order-report-values';

/** A report file, or its text (tests). Files are read in chunks, off the page's thread. */
export type ReportSource = File | string;

/** One data row of a report, with the fields the mapping names. */
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
  /** Why the row could not be read (a broken quote, missing columns), or null. */
  unreadable: string | null;
}

export class ReportFileError extends Error {}

const baseConfig = {
  // Commas, tabs (Amazon), semicolons or pipes: papaparse guesses from the first rows.
  delimiter: '',
  skipEmptyLines: 'greedy' as const,
};

/** The header row. Cells stay text: nothing in a report is ever evaluated (=HYPERLINK(...) too). */
export function readReportHeaders(source: ReportSource): Promise<string[]> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(source, {
      ...baseConfig,
      preview: 1,
      complete: (results) => {
        const headers = (results.data[0] ?? []).map((header, index) =>
          index === 0 ? header.replace(/^\uFEFF/, '') : header,
        );
        if (headers.every((header) => header.trim() === '')) {
          reject(new ReportFileError('The file is empty.'));
        } else if (new Set(headers).size !== headers.length) {
          reject(new ReportFileError('The first row names a column twice; it must name each column once.'));
        } else {
          resolve(headers);
        }
      },
      error: (error: Error) => reject(new ReportFileError(`The file could not be read: ${error.message}`)),
    });
  });
}

const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * Every data row with the mapped fields, read in 1 MB chunks so a 50 MB report neither freezes the
 * page (the page gets its turn between chunks) nor holds every column in memory. Not papaparse's
 * worker mode: its worker loads papaparse by script URL, which the bundled app does not have.
 */
export function readReportRows(
  source: ReportSource,
  mapping: ColumnMapping,
  onProgress?: (rows: number) => void,
): Promise<ReportRow[]> {
  return new Promise((resolve, reject) => {
    const rows: ReportRow[] = [];
    let columns: Record<keyof ColumnMapping, number> | null = null;
    let widest = 0;
    let rowIndex = 0;

    const chunk = (results: Papa.ParseResult<string[]>) => {
      const broken = new Map(
        results.errors
          .filter((error) => error.code === 'MissingQuotes' || error.code === 'InvalidQuotes')
          .map((error) => [error.row, error.message]),
      );
      results.data.forEach((cells, index) => {
        rowIndex += 1;
        if (columns === null) {
          const headers = cells.map((cell, column) => (column === 0 ? cell.replace(/^\uFEFF/, '') : cell));
          columns = Object.fromEntries(
            Object.entries(mapping).map(([field, header]) => [field, header === null ? -1 : headers.indexOf(header)]),
          ) as Record<keyof ColumnMapping, number>;
          widest = Math.max(...Object.values(columns));
          return;
        }
        const cell = (column: number) => (column < 0 ? '' : (cells[column] ?? ''));
        const status = cell(columns.status).trim();
        rows.push({
          line: rowIndex,
          external_order_id: cell(columns.external_order_id).trim(),
          order_date: normalizeOrderDate(cell(columns.order_date)),
          sku: cell(columns.sku).trim(),
          // No quantity column (Myntra): each row is one unit.
          quantity: columns.quantity < 0 ? 1 : parseReportNumber(cell(columns.quantity)),
          total_amount: parseReportNumber(cell(columns.total_amount)),
          status,
          cancelled: isCancelledStatus(status),
          fulfilled: isFulfilledStatus(status),
          unreadable: broken.has(index)
            ? 'This row has a quotation mark that is never closed.'
            : cells.length <= widest
              ? `This row has ${cells.length} columns; the mapped columns need ${widest + 1}.`
              : null,
        });
      });
      onProgress?.(rows.length);
    };
    const callbacks = {
      ...baseConfig,
      chunk,
      complete: () => resolve(rows),
      error: (error: Error) => reject(new ReportFileError(`The file could not be read: ${error.message}`)),
    };
    if (typeof source === 'string') Papa.parse<string[]>(source, callbacks);
    else Papa.parse<string[], File>(source, { ...callbacks, chunkSize: READ_CHUNK_BYTES });
  });
}

import Papa from 'papaparse';
import {
  recognizeLayout,
  type ColumnMapping,
  type DateOrder,
  type ReportKind,
  type ReportLayout,
} from './report-layouts';
import type { ReportSheet } from './workbook-cells';
import { isWorkbook, readWorkbook } from './workbook-read';

/**
 * A report: a CSV, TSV or text file read in chunks, its text (tests), or a sheet of an .xlsx
 * workbook (read in a worker by readWorkbook).
 */
export type ReportSource = File | string | ReportSheet;

export const isSheet = (source: ReportSource): source is ReportSheet => typeof source === 'object' && 'rows' in source;

export class ReportFileError extends Error {}

const baseConfig = {
  // Commas, tabs (Amazon), semicolons or pipes: papaparse guesses from the first rows.
  delimiter: '',
  skipEmptyLines: 'greedy' as const,
};

const HEADER_CHUNK_BYTES = 64 * 1024;

/** How far down a header row is looked for: below title, help and group rows (Flipkart's payments have 7). */
const HEADER_SEARCH_ROWS = 40;

const withoutBom = (cells: string[]) => cells.map((cell, index) => (index === 0 ? cell.replace(/^\uFEFF/, '') : cell));
const filledCells = (cells: readonly string[]) => cells.filter((cell) => cell.trim() !== '').length;

/**
 * The file's first rows, as text: cells stay text, nothing in a report is ever evaluated
 * (=HYPERLINK(...) too).
 */
function readFirstRows(source: ReportSource, rows: number): Promise<string[][]> {
  if (isSheet(source)) return Promise.resolve(source.rows.slice(0, rows).map(withoutBom));
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(source, {
      ...baseConfig,
      // Only the first rows: a file is read 64 KB at a time until they are in, not whole.
      ...(typeof source === 'string' ? {} : { chunkSize: HEADER_CHUNK_BYTES }),
      preview: rows,
      complete: (results) => resolve(results.data.map(withoutBom)),
      error: (error: Error) => reject(new ReportFileError(`The file could not be read: ${error.message}`)),
    });
  });
}

/** The cells of row `headerRow` (1 = the first row), the header of a file already placed. */
export async function readReportHeaders(source: ReportSource, headerRow = 1): Promise<string[]> {
  const rows = await readFirstRows(source, headerRow);
  return rows[headerRow - 1] ?? [];
}

/** A report's header row, its row number, and the known layout it matches (null: the columns are mapped by hand). */
export interface ReportHeaders<Field extends string, Layout extends ReportLayout<Field>> {
  headers: string[];
  /** The header's row number as a spreadsheet shows it (title, help and group rows come above it). */
  headerRow: number;
  recognized: { layout: Layout; mapping: ColumnMapping<Field> } | null;
}

/**
 * The header row of a file and the layout it matches. The first of the file's first rows that a
 * layout recognises is its header, whatever title, help or group rows come above it. A file none
 * matches is mapped by hand from its first row as wide as half its widest: title and help lines,
 * and a group row naming a few column groups, are narrower. Empty cells are separator columns,
 * never a column's name.
 */
export async function readKnownReportHeaders<Field extends string, Layout extends ReportLayout<Field>>(
  kind: ReportKind<Field, Layout>,
  source: ReportSource,
): Promise<ReportHeaders<Field, Layout>> {
  const rows = await readFirstRows(source, HEADER_SEARCH_ROWS);
  for (const [index, headers] of rows.entries()) {
    const recognized = recognizeLayout(kind, headers);
    if (recognized) return { headers, headerRow: index + 1, recognized };
  }
  const widest = Math.max(0, ...rows.map(filledCells));
  const index = rows.findIndex((cells) => filledCells(cells) * 2 >= widest);
  const headers = rows[index] ?? [];
  if (widest === 0) throw new ReportFileError('The file is empty.');
  const named = headers.filter((header) => header.trim() !== '');
  if (new Set(named).size !== named.length) {
    throw new ReportFileError(
      index === 0
        ? 'The first row names a column twice; it must name each column once.'
        : `Row ${index + 1}, the header, names a column twice; it must name each column once.`,
    );
  }
  return { headers, headerRow: index + 1, recognized: null };
}

/** A chosen file: the file or sheet to read, its header, and every sheet of a workbook (none for a CSV). */
export type OpenedReport<Field extends string, Layout extends ReportLayout<Field>> = ReportHeaders<Field, Layout> & {
  source: ReportSource;
  /** Every sheet, the source's too: a layout may read more than one (Meesho's Ads Cost beside Order Payments). */
  workbook: readonly ReportSheet[];
};

/**
 * A chosen file, ready to read: an .xlsx workbook's sheet whose header a layout recognises (Flipkart's
 * payments workbook has its orders on the sheet "Orders", after "Report Help"), else its first
 * sheet; any other file as it is.
 */
export async function openReport<Field extends string, Layout extends ReportLayout<Field>>(
  kind: ReportKind<Field, Layout>,
  file: File,
): Promise<OpenedReport<Field, Layout>> {
  if (!isWorkbook(file)) return { source: file, workbook: [], ...(await readKnownReportHeaders(kind, file)) };
  const sheets = await readWorkbook(file).catch((error: Error) => {
    throw new ReportFileError(`The workbook could not be read: ${error.message}`);
  });
  let first: OpenedReport<Field, Layout> | null = null;
  for (const sheet of sheets) {
    const found = await readKnownReportHeaders(kind, sheet).catch(() => null);
    if (found?.recognized) return { source: sheet, workbook: sheets, ...found };
    first ??= found && { source: sheet, workbook: sheets, ...found };
  }
  if (first) return first;
  throw new ReportFileError('The workbook has no sheet with a header row.');
}

/** A data row as the reader hands it over: its number, its mapped cells, and whether it could be read. */
export interface RawReportRow<Field extends string> {
  /** Its row number as a spreadsheet shows it (the header is row 1 unless title rows come first). */
  line: number;
  /** The mapped field's cell as written ('' when the field is unmapped or the row too short). */
  cell: (field: Field) => string;
  /** Why the row could not be read (a broken quote, missing columns), or null. */
  unreadable: string | null;
}

const READ_CHUNK_BYTES = 1024 * 1024;

/** What the page asks the report worker (report-read.worker.ts) to parse. */
export interface ReportReadRequest {
  file: File;
  config: typeof baseConfig;
  chunkSize: number;
}

/** What the report worker answers: a chunk of rows (it then waits for 'next'), the end, or an error. */
export type ReportChunkMessage =
  | { rows: string[][]; errors: Pick<Papa.ParseError, 'code' | 'row' | 'message'>[] }
  | { done: true }
  | { error: string };

/**
 * A CSV or text file parsed in a Web Worker, its chunks handed to `chunk` one by one: the worker
 * parses the next only once the page has taken the last, so the page keeps its turn between them
 * and never holds more than a chunk it has not read.
 */
function parseInWorker(
  file: File,
  chunk: (rows: string[][], errors: Pick<Papa.ParseError, 'code' | 'row' | 'message'>[]) => void,
): Promise<void> {
  const worker = new Worker(new URL('./report-read.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<void>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ReportChunkMessage>) => {
      const message = event.data;
      if ('rows' in message) {
        chunk(message.rows, message.errors);
        worker.postMessage('next');
      } else if ('done' in message) resolve();
      else reject(new ReportFileError(`The file could not be read: ${message.error}`));
    };
    worker.onerror = (event) => reject(new ReportFileError(`The file could not be read: ${event.message}`));
    const request: ReportReadRequest = { file, config: baseConfig, chunkSize: READ_CHUNK_BYTES };
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

/**
 * Every data row, made into a Row by `toRow` from its mapped cells, read in 1 MB chunks so a 50 MB
 * report neither freezes the page nor holds every column in memory: a file is parsed in a Web
 * Worker (report-read.worker.ts; on this thread, chunk by chunk, where there are no workers: tests
 * in Node), an .xlsx sheet handed over 10,000 rows at a time. Not papaparse's own worker mode: its
 * worker loads papaparse by script URL, which the bundled app does not have.
 */
export function readReportRows<Field extends string, Row>(
  source: ReportSource,
  mapping: ColumnMapping<Field>,
  toRow: (row: RawReportRow<Field>) => Row,
  onProgress?: (rows: number) => void,
  headerRow = 1,
): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    const rows: Row[] = [];
    let columns: Map<Field, number> | null = null;
    let widest = 0;
    let rowIndex = 0;

    const chunk = (data: string[][], errors: readonly Pick<Papa.ParseError, 'code' | 'row' | 'message'>[]) => {
      const broken = new Map(
        errors
          .filter((error) => error.code === 'MissingQuotes' || error.code === 'InvalidQuotes')
          .map((error) => [error.row, error.message]),
      );
      data.forEach((cells, index) => {
        rowIndex += 1;
        // Title rows above the header are not data.
        if (rowIndex < headerRow) return;
        if (columns === null) {
          const headers = cells.map((cell, column) => (column === 0 ? cell.replace(/^\uFEFF/, '') : cell));
          columns = new Map(
            (Object.entries(mapping) as [Field, string | null][]).map(([field, header]) => [
              field,
              header === null ? -1 : headers.indexOf(header),
            ]),
          );
          widest = Math.max(-1, ...columns.values());
          return;
        }
        const mapped = columns;
        rows.push(
          toRow({
            line: rowIndex,
            cell: (field) => {
              const column = mapped.get(field) ?? -1;
              return column < 0 ? '' : (cells[column] ?? '');
            },
            unreadable: broken.has(index)
              ? 'This row has a quotation mark that is never closed.'
              : cells.length <= widest
                ? `This row has ${cells.length} columns; the mapped columns need ${widest + 1}.`
                : null,
          }),
        );
      });
      onProgress?.(rows.length);
    };
    const callbacks = {
      ...baseConfig,
      chunk: (results: Papa.ParseResult<string[]>) => chunk(results.data, results.errors),
      complete: () => resolve(rows),
      error: (error: Error) => reject(new ReportFileError(`The file could not be read: ${error.message}`)),
    };
    if (isSheet(source)) {
      void readSheetRows(source, (data) => chunk(data, [])).then(() => resolve(rows));
    } else if (typeof source === 'string') Papa.parse<string[]>(source, callbacks);
    else if (typeof Worker === 'undefined') {
      Papa.parse<string[], File>(source, { ...callbacks, chunkSize: READ_CHUNK_BYTES });
    } else parseInWorker(source, chunk).then(() => resolve(rows), reject);
  });
}

const SHEET_SLICE_ROWS = 10_000;

/** A sheet's rows handed over 10,000 at a time, the page getting its turn between them. */
async function readSheetRows(sheet: ReportSheet, slice: (rows: string[][]) => void): Promise<void> {
  for (let start = 0; start < sheet.rows.length; start += SHEET_SLICE_ROWS) {
    slice(sheet.rows.slice(start, start + SHEET_SLICE_ROWS));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * The order a file's own slashed dates show: a first number above 12 is a day (day first), a
 * second above 12 a day too (month first). Null when none decides (every number 12 or less) or
 * the dates disagree: then the owner is asked. A file with no slashed dates is read either way.
 */
export function dateOrderOf(texts: Iterable<string>): DateOrder | null {
  let dayFirst = false;
  let monthFirst = false;
  let slashed = false;
  for (const text of texts) {
    const match = /^\s*(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})\b/.exec(text);
    if (!match) continue;
    slashed = true;
    if (Number(match[1]) > 12) dayFirst = true;
    if (Number(match[2]) > 12) monthFirst = true;
  }
  if (!slashed) return 'day_first';
  return dayFirst === monthFirst ? null : dayFirst ? 'day_first' : 'month_first';
}

/** The date order of one column of a file (dateOrderOf its cells); a file without it reads day first. */
export async function columnDateOrder(
  source: ReportSource,
  column: string | null,
  headerRow = 1,
): Promise<DateOrder | null> {
  if (column === null) return 'day_first';
  const dates = await readReportRows(source, { date: column }, ({ cell }) => cell('date'), undefined, headerRow);
  return dateOrderOf(dates);
}

import type { CsvColumn } from '@/lib/csv';
import type { FetchPage } from '@/lib/fetch-all-pages';

/**
 * What one "Export CSV" downloads: the file name (without date and extension), the columns and
 * how to fetch page N of the rows. A list with filters passes a fetchPage that applies them, so
 * the file holds what the list shows: the list's columns (the spec's, without Actions), plus what a
 * spreadsheet needs and the screen leaves out (ids, reorder points, profit, archived dates). Each
 * query ends its sort on a unique key so pages neither repeat nor skip rows.
 */
export interface CsvExport<Row> {
  fileName: string;
  columns: CsvColumn<Row>[];
  fetchPage: FetchPage<Row>;
  /** The file's order of the fetched rows, where it takes every row to decide (a style's variants). */
  arrange?: (rows: Row[]) => Row[];
}

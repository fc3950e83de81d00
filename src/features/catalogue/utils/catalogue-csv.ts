import Papa from 'papaparse';
import { toCsv, type CsvColumn } from '@/lib/csv';

// Reading a catalogue CSV in the browser (nothing is uploaded): the file's columns are matched to
// the import's fields by header, and every row goes to the import RPC as text cells. Every rule
// about a cell's value (required, number, decimals, duplicates, materials) is the database's:
// this only checks that the file is a readable table with the columns the import needs.

export type CatalogueKind = 'raw_materials' | 'products';

interface CatalogueField {
  key: string;
  /** The template's header; matching ignores case, spaces and underscores, and accepts the key. */
  header: string;
  required?: boolean;
}

export const catalogueFields: Record<CatalogueKind, CatalogueField[]> = {
  raw_materials: [
    { key: 'material_name', header: 'Material Name', required: true },
    { key: 'supplier', header: 'Supplier' },
    { key: 'cost_per_unit', header: 'Cost per Unit' },
    { key: 'stock_level', header: 'Stock Level' },
    { key: 'unit_of_measure', header: 'Unit' },
    { key: 'reorder_point', header: 'Reorder Point' },
  ],
  products: [
    { key: 'sku', header: 'SKU', required: true },
    { key: 'product_name', header: 'Product Name', required: true },
    { key: 'category', header: 'Category' },
    { key: 'selling_price', header: 'Selling Price', required: true },
    { key: 'stock_on_hand', header: 'Stock on Hand' },
    { key: 'reorder_point', header: 'Reorder Point' },
    { key: 'bom', header: 'BOM' },
    // A variant of a style: the style's name and the variant's values ("Size: M; Colour: Red").
    // import_products makes the rows of one style name its variants; a blank Style is no style.
    { key: 'style', header: 'Style' },
    { key: 'options', header: 'Options' },
  ],
};

/** One row of the file, by field key, cells as written. */
export type CatalogueRow = Record<string, string>;

export type ParsedCatalogue =
  { ok: true; rows: CatalogueRow[]; ignoredColumns: string[] } | { ok: false; error: string };

/** As the import RPC bounds a file. */
export const MAX_IMPORT_ROWS = 2000;

const templateExamples: Record<CatalogueKind, string[][]> = {
  raw_materials: [
    ['Cotton fabric', 'Surat Mills', '120', '50', 'metres', '20'],
    ['Buttons', 'Bazaar Traders', '0.125', '400', 'pcs', '100'],
  ],
  products: [
    ['KURTA-01', 'Cotton Kurta', 'Apparel', '799', '10', '5', 'Cotton fabric: 2.5; Buttons: 6', '', ''],
    // Two sizes of one style, the fabric following the size.
    [
      'SHIRT-S',
      'Cotton Shirt - S',
      'Apparel',
      '999',
      '4',
      '5',
      'Cotton fabric: 1.8; Buttons: 8',
      'Cotton Shirt',
      'Size: S',
    ],
    [
      'SHIRT-M',
      'Cotton Shirt - M',
      'Apparel',
      '999',
      '6',
      '5',
      'Cotton fabric: 2; Buttons: 8',
      'Cotton Shirt',
      'Size: M',
    ],
  ],
};

/** The template: the header line and example rows to overwrite, written by the app's CSV writer. */
export function catalogueTemplate(kind: CatalogueKind): string {
  const columns: CsvColumn<string[]>[] = catalogueFields[kind].map((field, index) => ({
    header: field.header,
    kind: 'text',
    value: (row) => row[index],
  }));
  return toCsv(columns, templateExamples[kind]);
}

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/** Reads a CSV (or tab-separated) file's text into rows keyed by field, or says why it cannot. */
export function parseCatalogueCsv(kind: CatalogueKind, text: string): ParsedCatalogue {
  // Excel's "CSV UTF-8" starts with a byte order mark; its plain "CSV" is not UTF-8 at all, and
  // decoding it as UTF-8 leaves replacement characters where ₹ or accents were.
  const content = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (content.includes('\uFFFD')) {
    return { ok: false, error: 'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)".' };
  }
  if (content.trim() === '') return { ok: false, error: 'The file is empty.' };

  const parsed = Papa.parse<string[]>(content, { skipEmptyLines: 'greedy', delimitersToGuess: [',', '\t'] });
  // A one-column file has no delimiter to detect; papaparse then reads it as one column, rightly.
  const problem = parsed.errors.find((error) => error.type !== 'Delimiter');
  if (problem) {
    return { ok: false, error: `Row ${(problem.row ?? 0) + 1}: ${problem.message}. Check the file's quotes.` };
  }

  const [headers = [], ...lines] = parsed.data;
  const fields = catalogueFields[kind];
  const keyOfColumn = headers.map(
    (header) =>
      fields.find(
        (field) => normalise(field.header) === normalise(header) || normalise(field.key) === normalise(header),
      )?.key,
  );
  const missing = fields.filter((field) => field.required && !keyOfColumn.includes(field.key));
  if (missing.length > 0) {
    const names = missing.map((field) => `"${field.header}"`).join(', ');
    return { ok: false, error: `The file has no ${names} column. Start from the template.` };
  }
  if (lines.length === 0) return { ok: false, error: 'The file has a header but no rows.' };
  if (lines.length > MAX_IMPORT_ROWS) {
    return {
      ok: false,
      error: `A file can have at most ${MAX_IMPORT_ROWS} rows; this one has ${lines.length}. Split it into smaller files.`,
    };
  }

  const longRow = lines.findIndex((cells) => cells.length > headers.length);
  if (longRow !== -1) {
    return { ok: false, error: `Row ${longRow + 2} has more cells than the header has columns.` };
  }

  const rows = lines.map((cells) => {
    const row: CatalogueRow = {};
    keyOfColumn.forEach((key, index) => {
      if (key !== undefined) row[key] = cells[index] ?? '';
    });
    return row;
  });
  const ignoredColumns = headers.filter((header, index) => keyOfColumn[index] === undefined && header.trim() !== '');
  return { ok: true, rows, ignoredColumns };
}

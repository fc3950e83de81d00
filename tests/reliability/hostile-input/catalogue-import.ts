import { HINDI, MB, rpcCase, SQL_TEXTS, type Case } from './support';

/** Catalogue import and owner reports. */
export default function cases(): Case[] {
  const list: Case[] = [];
  // Catalogue import and owner reports: refusals name the row; a file is all or nothing -------------
  const REPORT_MESSAGE =
    'Report must be one of: revenue_by_platform_month, profit_by_platform_month, product_margins, stock_valuation, material_consumption_by_month, low_stock_items.';
  list.push(
    rpcCase('import_raw_materials', 'rows an object', { rows: { material_name: 'A' } }, 400, 'Rows must be a list.'),
    rpcCase('import_raw_materials', 'rows null', { rows: null }, 400, 'Rows must be a list.'),
    rpcCase('import_raw_materials', 'rows a string', { rows: '[{"material_name": "A"}]' }, 400, 'Rows must be a list.'),
    rpcCase('import_raw_materials', 'no rows', { rows: [] }, 400, 'The file has no rows to import.'),
    rpcCase(
      'import_raw_materials',
      '2001 rows',
      { rows: Array.from({ length: 2001 }, (_, i) => ({ material_name: `M${i}` })) },
      400,
      'A file can have at most 2000 rows.',
    ),
    rpcCase(
      'import_raw_materials',
      'a name of 1 MB',
      { rows: [{ material_name: 'Fine' }, { material_name: MB }] },
      400,
      'Row 3: Material name must be at most 200 characters.',
    ),
    rpcCase(
      'import_raw_materials',
      'a cost of 1e400',
      { rows: [{ material_name: 'Huge', cost_per_unit: '1e400' }] },
      400,
      'Row 2: Cost per unit must be at most 1000000000.',
    ),
    rpcCase(
      'import_raw_materials',
      'a cost of NaN',
      { rows: [{ material_name: 'Nan', cost_per_unit: 'NaN' }] },
      400,
      'Row 2: Cost per unit must be a number.',
    ),
    rpcCase(
      'import_raw_materials',
      'a row that is a number',
      { rows: [42] },
      400,
      'Row 2: Each row must be an object of column values.',
    ),
    rpcCase(
      'import_raw_materials',
      'SQL text named twice in one file',
      { rows: [{ material_name: SQL_TEXTS[0] }, { material_name: SQL_TEXTS[0] }] },
      409,
      `Row 3: A material named ${SQL_TEXTS[0]} already exists.`,
    ),
    rpcCase(
      'import_raw_materials',
      'dry_run a word',
      { rows: [{ material_name: 'A' }], dry_run: 'maybe' },
      400,
      /invalid input syntax for type boolean/,
    ),
    rpcCase(
      'import_raw_materials',
      'a user_id argument',
      { rows: [], user_id: crypto.randomUUID() },
      404,
      /import_raw_materials/,
    ),
    rpcCase(
      'import_products',
      'a BOM of 1 MB',
      { rows: [{ sku: 'BIG', product_name: 'Big', selling_price: 1, bom: MB }] },
      400,
      'Row 2: Each BOM row needs a quantity.',
    ),
    rpcCase(
      'import_products',
      'a BOM naming SQL text',
      { rows: [{ sku: 'SQL', product_name: 'Sql', selling_price: 1, bom: `${SQL_TEXTS[1]}: 1` }] },
      400,
      `Row 2: Material ${SQL_TEXTS[1]} not found.`,
    ),
    rpcCase(
      'import_products',
      'a BOM naming an unknown Hindi material',
      { rows: [{ sku: 'Q', product_name: 'Q', selling_price: 1, bom: `${HINDI}: two` }] },
      400,
      /^Row 2: Material .+ not found\.$/,
    ),
    rpcCase(
      'import_products',
      'a price of 1 MB of digits',
      { rows: [{ sku: 'D', product_name: 'D', selling_price: '9'.repeat(100_000) }] },
      400,
      'Row 2: Selling price must be at most 1000000000.',
    ),
    rpcCase('owner_report', 'report unknown', { report: 'secrets' }, 400, REPORT_MESSAGE),
    rpcCase('owner_report', 'report null', { report: null }, 400, REPORT_MESSAGE),
    rpcCase(
      'owner_report',
      'report SQL text',
      { report: "stock_valuation'; delete from public.products; --" },
      400,
      REPORT_MESSAGE,
    ),
    rpcCase('owner_report', 'report 1 MB', { report: MB }, 400, REPORT_MESSAGE),
  );

  return list;
}

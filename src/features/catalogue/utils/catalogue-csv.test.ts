import { describe, expect, it } from 'vitest';
import { catalogueTemplate, parseCatalogueCsv, MAX_IMPORT_ROWS } from './catalogue-csv';

const rowsOf = (result: ReturnType<typeof parseCatalogueCsv>) => {
  if (!result.ok) throw new Error(`expected rows, got: ${result.error}`);
  return result.rows;
};

describe('catalogueTemplate', () => {
  it('reads back as the template rows: a template round trip', () => {
    const materials = rowsOf(parseCatalogueCsv('raw_materials', catalogueTemplate('raw_materials')));
    expect(materials[0]).toEqual({
      material_name: 'Cotton fabric',
      supplier: 'Surat Mills',
      cost_per_unit: '120',
      stock_level: '50',
      unit_of_measure: 'metres',
      reorder_point: '20',
    });
    const products = rowsOf(parseCatalogueCsv('products', catalogueTemplate('products')));
    expect(products).toEqual([
      {
        sku: 'KURTA-01',
        product_name: 'Cotton Kurta',
        category: 'Apparel',
        selling_price: '799',
        stock_on_hand: '10',
        reorder_point: '5',
        bom: 'Cotton fabric: 2.5; Buttons: 6',
        style: '',
        options: '',
      },
      expect.objectContaining({ sku: 'SHIRT-S', style: 'Cotton Shirt', options: 'Size: S' }),
      expect.objectContaining({ sku: 'SHIRT-M', style: 'Cotton Shirt', options: 'Size: M' }),
    ]);
  });

  it('starts with the BOM and the spec-named headers, then Style and Options, in CRLF lines', () => {
    expect(catalogueTemplate('products')).toMatch(
      /^\uFEFFSKU,Product Name,Category,Selling Price,Stock on Hand,Reorder Point,BOM,Style,Options\r\n/,
    );
  });
});

describe('parseCatalogueCsv', () => {
  it('keeps commas and quotes inside quoted cells, and reads CRLF and a UTF-8 BOM', () => {
    const text = '\uFEFFMaterial Name,Supplier\r\n"Fabric, cotton ""fine""","Mills, Surat"\r\nZari थ्रेड ₹,\r\n';
    expect(rowsOf(parseCatalogueCsv('raw_materials', text))).toEqual([
      { material_name: 'Fabric, cotton "fine"', supplier: 'Mills, Surat' },
      { material_name: 'Zari थ्रेड ₹', supplier: '' },
    ]);
  });

  it('matches headers whatever their case, spacing or underscores, and names the columns it ignores', () => {
    const result = parseCatalogueCsv('products', 'sku,PRODUCT_NAME, selling  price ,Colour\nA-1,Shirt,10,Blue\n');
    expect(result).toEqual({
      ok: true,
      rows: [{ sku: 'A-1', product_name: 'Shirt', selling_price: '10' }],
      ignoredColumns: ['Colour'],
    });
  });

  it('reads the Style and Options columns whatever their case and spacing, as the style and options cells', () => {
    for (const [style, options] of [
      ['Style', 'Options'],
      ['style', 'options'],
      [' STYLE ', 'OPTIONS'],
    ]) {
      const text = `SKU,Product Name,Selling Price,${style},${options}\nKRT-S-RED,Kurta - S / Red,799,Kurta,Size: S; Colour: Red\n`;
      expect(parseCatalogueCsv('products', text)).toEqual({
        ok: true,
        rows: [
          {
            sku: 'KRT-S-RED',
            product_name: 'Kurta - S / Red',
            selling_price: '799',
            style: 'Kurta',
            options: 'Size: S; Colour: Red',
          },
        ],
        ignoredColumns: [],
      });
    }
  });

  it('sends blank Style and Options cells as blank (a product without a style), and no style without the columns', () => {
    const withColumns =
      'SKU,Product Name,Selling Price,Style,Options\nCAP,Cap,99,,\nKRT-S,Kurta - S,799,Kurta,Size: S\n';
    expect(rowsOf(parseCatalogueCsv('products', withColumns))).toEqual([
      { sku: 'CAP', product_name: 'Cap', selling_price: '99', style: '', options: '' },
      { sku: 'KRT-S', product_name: 'Kurta - S', selling_price: '799', style: 'Kurta', options: 'Size: S' },
    ]);
    // A row shorter than the header (Excel drops trailing empty cells) has blank style cells too.
    expect(rowsOf(parseCatalogueCsv('products', 'SKU,Product Name,Selling Price,Style,Options\nCAP,Cap,99\n'))).toEqual(
      [{ sku: 'CAP', product_name: 'Cap', selling_price: '99', style: '', options: '' }],
    );
    expect(rowsOf(parseCatalogueCsv('products', 'SKU,Product Name,Selling Price\nCAP,Cap,99\n'))).toEqual([
      { sku: 'CAP', product_name: 'Cap', selling_price: '99' },
    ]);
  });

  it('passes a 10,000-character Style or Options cell on whole: the import bounds and refuses it, not a silent cut', () => {
    const longStyle = 'K'.repeat(10_000);
    const longOptions = 'Size: M; '.repeat(1_112).slice(0, 10_000);
    expect(longOptions).toHaveLength(10_000);
    const text = `SKU,Product Name,Selling Price,Style,Options\nKRT-S,Kurta,799,${longStyle},"${longOptions}"\n`;
    expect(rowsOf(parseCatalogueCsv('products', text))).toEqual([
      { sku: 'KRT-S', product_name: 'Kurta', selling_price: '799', style: longStyle, options: longOptions },
    ]);
  });

  it('reads tab-separated files and skips blank lines', () => {
    expect(rowsOf(parseCatalogueCsv('raw_materials', 'Material Name\tStock Level\n\nCotton\t5\n\n'))).toEqual([
      { material_name: 'Cotton', stock_level: '5' },
    ]);
  });

  it('gives cells as written: values are the import’s to judge, formulas included', () => {
    const rows = rowsOf(parseCatalogueCsv('raw_materials', 'Material Name,Cost per Unit\n"=HYPERLINK(""x"")",abc\n'));
    expect(rows).toEqual([{ material_name: '=HYPERLINK("x")', cost_per_unit: 'abc' }]);
  });

  it('refuses an empty file, a header alone, and a missing required column', () => {
    expect(parseCatalogueCsv('raw_materials', '')).toEqual({ ok: false, error: 'The file is empty.' });
    expect(parseCatalogueCsv('raw_materials', '\uFEFF\r\n')).toEqual({ ok: false, error: 'The file is empty.' });
    expect(parseCatalogueCsv('raw_materials', 'Material Name\r\n')).toEqual({
      ok: false,
      error: 'The file has a header but no rows.',
    });
    expect(parseCatalogueCsv('products', 'SKU,Name\nA,B\n')).toEqual({
      ok: false,
      error: 'The file has no "Product Name", "Selling Price" column. Start from the template.',
    });
  });

  it('refuses malformed CSV: an unclosed quote, a row longer than the header', () => {
    const unclosed = parseCatalogueCsv('raw_materials', 'Material Name,Supplier\nCotton,"Mills\nThread,x\n');
    expect(unclosed.ok).toBe(false);
    expect(!unclosed.ok && unclosed.error).toMatch(/^Row \d+: .*Check the file's quotes\.$/);
    expect(parseCatalogueCsv('raw_materials', 'Material Name\nCotton,extra\n')).toEqual({
      ok: false,
      error: 'Row 2 has more cells than the header has columns.',
    });
  });

  it('refuses a file that is not UTF-8 (Excel’s plain CSV) instead of importing mangled names', () => {
    const latin1 = new TextDecoder('utf-8').decode(
      new Uint8Array([
        0x4d, 0x61, 0x74, 0x65, 0x72, 0x69, 0x61, 0x6c, 0x20, 0x4e, 0x61, 0x6d, 0x65, 0x0a, 0xc4, 0x72, 0x6d, 0x65,
        0x6c,
      ]),
    );
    expect(parseCatalogueCsv('raw_materials', latin1)).toEqual({
      ok: false,
      error: 'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)".',
    });
  });

  it('refuses more rows than one import takes', () => {
    const text = `Material Name\n${Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `M${i}`).join('\n')}`;
    expect(parseCatalogueCsv('raw_materials', text)).toEqual({
      ok: false,
      error: 'A file can have at most 2000 rows; this one has 2001. Split it into smaller files.',
    });
    expect(rowsOf(parseCatalogueCsv('raw_materials', text.split('\n').slice(0, -1).join('\n')))).toHaveLength(2000);
  });
});

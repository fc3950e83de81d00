/**
 * Data in and out through the browser: import a materials CSV and a products CSV (with a BOM by
 * material name) on their tabs, preview first, then commit; export Sales Orders and read the file
 * back (byte order mark, header, plain amounts, a formula in a product name neutralised); download
 * all data (the backup: every table, its format version). A style's round trip: exported Products and Raw Materials import into a fresh workspace
 * and recreate the style, its grid and its BOM by size. Sales and styles are seeded through
 * supabase-js with the page's own session.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  choose,
  dialog,
  dismissNotifications,
  download,
  eventually,
  openTab,
  rowCells,
  settle,
} from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');
const shot = (page: Page, name: string, size: { width: number; height: number }) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `data-import-${name}-${size.width}x${size.height}.png`) });

const HOSTILE_NAME = '=HYPERLINK("http://evil.example","Kurta")';

const materialsCsv = [
  '\uFEFFMaterial Name,Supplier,Cost per Unit,Stock Level,Unit,Reorder Point',
  'Cotton fabric,"Mills, Surat",120,50,metres,20',
  'Buttons,,0.125,400,pcs,100',
  '',
].join('\r\n');

const productsCsv = (bomOfShirt: string) =>
  [
    'SKU,Product Name,Category,Selling Price,Stock on Hand,Reorder Point,BOM,Colour',
    `SHIRT-1,Linen Shirt,Apparel,1499.50,5,,${bomOfShirt},White`,
    `K-2,"${HOSTILE_NAME.replaceAll('"', '""')}",Apparel,799,10,5,Cotton fabric: 2.5,Red`,
    '',
  ].join('\n');

/** Chooses a file in the open import dialog, as a user picking it from disk. */
async function chooseFile(page: Page, name: string, content: string) {
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
}

describe('catalogue import and CSV export', { timeout: 90_000 }, () => {
  it('imports materials and products with a preview, exports Sales Orders and downloads all data', async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const { page } = await e2e.openApp({ viewport: DESKTOP });

    // Materials: a quoted comma, a UTF-8 BOM and CRLF line ends.
    await openTab(page, 'Raw Materials');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const materialsImport = dialog(page, 'Import raw materials');
    await chooseFile(page, 'materials.csv', materialsCsv);
    await materialsImport.getByText('All 2 rows are ready').waitFor();
    expect(await rowCells(materialsImport, 'Cotton fabric')).toEqual(['2', 'Cotton fabric', '50', 'Ready']);
    await materialsImport.getByRole('button', { name: 'Import 2 materials' }).click();
    await materialsImport.waitFor({ state: 'detached' });
    await eventually(() => rowCells(page, 'Cotton fabric')).toEqual([
      'Cotton fabric',
      'Mills, Surat',
      '₹120.00',
      '50',
      'metres',
    ]);
    expect(await rowCells(page, 'Buttons')).toEqual(['Buttons', '—', '₹0.125', '400', 'pcs']);

    // Products: a BOM naming a material the workspace lacks is shown and blocks the import.
    await openTab(page, 'Products');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const productsImport = dialog(page, 'Import products');
    await chooseFile(page, 'products.csv', productsCsv('Cotton fabric: 1.5; Silk: 1'));
    await productsImport.getByText('1 of 2 rows need fixing').waitFor();
    await productsImport.getByText('Not imported (not in the template): Colour.').waitFor();
    expect(await rowCells(productsImport, 'SHIRT-1')).toEqual([
      '2',
      'SHIRT-1',
      'Linen Shirt',
      'Cotton fabric: 1.5; Silk: 1',
      'Material Silk not found.',
    ]);
    expect(await productsImport.getByRole('button', { name: 'Import 2 products' }).isDisabled()).toBe(true);
    await dismissNotifications(page);
    await settle(page);
    await shot(page, 'preview-refused', DESKTOP);
    await page.setViewportSize(PHONE);
    await settle(page);
    await shot(page, 'preview-refused', PHONE);
    await page.setViewportSize(DESKTOP);

    // The fixed file imports, BOM by material name.
    await chooseFile(page, 'products-fixed.csv', productsCsv('Cotton fabric: 1.5; buttons: 8'));
    await productsImport.getByText('All 2 rows are ready').waitFor();
    await settle(page);
    await shot(page, 'preview-ready', DESKTOP);
    await productsImport.getByRole('button', { name: 'Import 2 products' }).click();
    await productsImport.waitFor({ state: 'detached' });
    await eventually(() => rowCells(page, 'SHIRT-1')).toEqual(['SHIRT-1', 'Linen Shirt', 'Apparel', '₹1,499.50', '5']);
    // The template as downloaded passes the dry run, its two sizes of a shirt as a style.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const template = await download(page, productsImport.getByRole('button', { name: 'Download template' }));
    expect(template.name).toBe('factoryflow-products-template.csv');
    await chooseFile(page, template.name, template.text);
    await productsImport.getByText('All 3 rows are ready').waitFor();
    expect(await rowCells(productsImport, 'SHIRT-M')).toEqual([
      '4',
      'SHIRT-M',
      'Cotton Shirt - M',
      'Cotton fabric: 2; Buttons: 8',
      'Cotton Shirt Size: M',
      'Ready',
    ]);
    await productsImport.getByRole('button', { name: 'Cancel' }).click();
    await productsImport.waitFor({ state: 'detached' });
    // Exported, each product carries its BOM as the import reads it, its lines by material name.
    const catalogue = await download(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(catalogue.lines[0]![6]).toBe('BOM');
    expect(
      catalogue.lines
        .slice(1)
        .map((line) => [line[0], line[6]])
        .sort(),
    ).toEqual([
      ['K-2', 'Cotton fabric: 2.5'],
      ['SHIRT-1', 'Buttons: 8; Cotton fabric: 1.5'],
    ]);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await settle(page);
      await shot(page, 'products-header', size);
    }
    await page.setViewportSize(DESKTOP);

    // Two sales of the product with a formula for a name, seeded through the API.
    const client = await e2e.clientOf(page);
    const { data: product } = await client.from('products').select('id').eq('sku', 'K-2').single();
    for (const [platform, quantity] of [
      ['Flipkart', 2],
      ['Amazon', 1],
    ] as const) {
      const { error } = await client.rpc('log_sale', { product_id: product!.id, quantity, platform });
      expect(error).toBeNull();
    }

    // Export Sales Orders and read the file back.
    await openTab(page, 'Sales Orders');
    await page.getByRole('row').filter({ hasText: 'Amazon' }).waitFor();
    const orders = await download(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(orders.name).toMatch(/^factoryflow-sales-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(
      orders.text.startsWith(
        '\uFEFFOrder ID,Date,Product,Platform,Qty,Total,Fees,Recorded Profit,Status,Marketplace Order ID,SKU,Returned Qty,Return Fees,Profit After Returns\r\n',
      ),
    ).toBe(true);
    expect(orders.text.endsWith('\r\n')).toBe(true);
    const lines = orders.lines;
    // Newest first: Amazon's sale was logged last.
    expect(lines.slice(1).map((line) => line.slice(2, 7).concat(line[8]!))).toEqual([
      [`'${HOSTILE_NAME}`, 'Amazon', '1', '799.00', '0.00', 'Unfulfilled'],
      [`'${HOSTILE_NAME}`, 'Flipkart', '2', '1598.00', '0.00', 'Unfulfilled'],
    ]);
    expect(lines[1]![1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The export follows the list's filters: with Flipkart chosen, only Flipkart's sale.
    await choose(page, page.getByRole('combobox', { name: 'Platform' }), 'Flipkart');
    await page.getByRole('row').filter({ hasText: 'Amazon' }).waitFor({ state: 'detached' });
    const flipkart = await download(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(flipkart.lines.slice(1).map((line) => line.slice(2, 7).concat(line[8]!))).toEqual([
      [`'${HOSTILE_NAME}`, 'Flipkart', '2', '1598.00', '0.00', 'Unfulfilled'],
    ]);

    // The product's ledger, from its history drawer: negative changes stay numbers.
    await openTab(page, 'Products');
    await page.getByRole('button', { name: `Actions for ${HOSTILE_NAME}`, exact: true }).click();
    await page
      .getByRole('dialog', { name: `Actions for ${HOSTILE_NAME}` })
      .getByRole('button', { name: 'History', exact: true })
      .click();
    const drawer = dialog(page, `History: ${HOSTILE_NAME}`);
    await drawer.getByText('Sold on Amazon').waitFor();
    const ledger = await download(page, drawer.getByRole('button', { name: 'Export CSV' }));
    expect(ledger.lines.map((line) => line.slice(1, 5))).toEqual([
      ['What happened', 'Change', 'Balance After', 'Unit'],
      ['Sold on Amazon', '-1', '7', 'units'],
      ['Sold on Flipkart', '-2', '8', 'units'],
      ['Opening stock', '10', '10', 'units'],
    ]);
    await settle(page);
    await shot(page, 'history-drawer', DESKTOP);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await openTab(page, 'Inventory');
    await page.getByRole('region', { name: 'Raw Materials' }).getByRole('button', { name: 'Export CSV' }).waitFor();
    await settle(page);
    await shot(page, 'inventory', DESKTOP);

    // Download all my data: every table, the imported rows among them.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Settings' }).click();
    const yourData = page.getByRole('region', { name: 'Your data' });
    await yourData.waitFor();
    await settle(page);
    await shot(page, 'settings', DESKTOP);

    // An owner report, through owner_report: the caller's rows only, amounts plain.
    const valuation = await download(page, yourData.getByRole('button', { name: 'Stock valuation' }));
    expect(valuation.name).toMatch(/^factoryflow-stock-valuation-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(valuation.lines).toEqual([
      ['Item Type', 'Item', 'Stock', 'Unit', 'Unit Value (at cost)', 'Stock Value (at cost)'],
      // At cost (issue 42): 2.5 m of fabric at 120 = 300 a kurta; 1.5 m at 120 + 8 buttons at 0.125 = 181 a shirt.
      ['product', `'${HOSTILE_NAME}`, '7', 'units', '300', '2100.00'],
      ['product', 'Linen Shirt', '5', 'units', '181', '905.00'],
      ['raw material', 'Buttons', '400', 'pcs', '0.125', '50.00'],
      ['raw material', 'Cotton fabric', '50', 'metres', '120', '6000.00'],
    ]);

    const [backup] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download all my data' }).click(),
    ]);
    expect(backup.suggestedFilename()).toMatch(/^factoryflow-all-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await backup.path(), 'utf8')) as {
      format: string;
      version: number;
      tables: Record<string, { [column: string]: unknown }[]>;
    };
    // A backup Restore takes: its format and version, and every table the user owns.
    expect([data.format, data.version]).toEqual(['factoryflow-backup', 2]);
    expect(Object.keys(data.tables).sort()).toEqual([
      'bom_items',
      'bom_subassemblies',
      'business_profiles',
      'channel_settings',
      'channel_stock_files',
      'combo_components',
      'credit_note_lines',
      'credit_notes',
      'customer_payment_allocations',
      'customer_payments',
      'customers',
      'delivery_challan_lines',
      'delivery_challans',
      'invoice_lines',
      'invoices',
      'item_tax_backfills',
      'job_work_order_lines',
      'job_work_orders',
      'job_work_receipts',
      'locations',
      'manufacturing_orders',
      'platform_fees',
      'products',
      'purchase_order_lines',
      'purchase_orders',
      'purchase_units',
      'raw_materials',
      'return_claims',
      'sales_orders',
      'sales_returns',
      'settlement_lines',
      'sku_aliases',
      'stock_movements',
      'style_bom_items',
      'style_variants',
      'styles',
      'supplier_payments',
      'suppliers',
      'tally_exported_vouchers',
      'tally_exports',
      'website_order_refusals',
      'website_order_shipping',
    ]);
    expect(data.tables.styles).toEqual([]);
    expect(data.tables.bom_subassemblies).toEqual([]);
    expect(data.tables.raw_materials!.map((row) => row.material_name).sort()).toEqual(['Buttons', 'Cotton fabric']);
    expect(data.tables.products!.map((row) => row.product_name).sort()).toEqual([HOSTILE_NAME, 'Linen Shirt']);
    expect(data.tables.bom_items).toHaveLength(3);
    expect(data.tables.sales_orders).toHaveLength(2);
    // Opening stock of 2 materials and 2 products, then 2 sales.
    expect(data.tables.stock_movements).toHaveLength(6);
  });

  it('exports a catalogue with a style and imports it into a fresh workspace, recreating the style', async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    const client = await e2e.clientOf(page);
    const seed = seeder(client);
    const fabric = await seed.material({
      material_name: 'Fabric',
      unit_of_measure: 'metres',
      stock_level: 500,
      cost_per_unit: 180,
    });
    const buttons = await seed.material({ material_name: 'Buttons', unit_of_measure: 'pcs', stock_level: 900 });
    // A kurta in 4 sizes x 2 colours whose fabric follows the size, as the style form makes it.
    const { error: styleError } = await client.rpc('create_style', {
      style_name: 'Kurta',
      category: 'Ethnic',
      sku_prefix: 'KRT',
      selling_price: 799,
      options: [
        { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
      bom: [
        { material_id: fabric, by_option: 'Size', quantities: { S: 1.8, M: 2, L: 2.2, XL: 2.5 } },
        { material_id: buttons, quantity: 6 },
      ],
    });
    expect(styleError).toBeNull();
    await seed.product({ sku: 'CAP', product_name: 'Cap', selling_price: 99, stock_on_hand: 3 });

    // Exported, the variants follow the style's grid (their list order ties on created_at), each
    // with its style and values; the cap's style cells are blank.
    await openTab(page, 'Products');
    await page.getByRole('row').filter({ hasText: 'CAP' }).waitFor();
    const products = await download(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(products.lines[0]).toEqual([
      'SKU',
      'Product Name',
      'Category',
      'Selling Price',
      'Stock on Hand',
      'Reorder Point',
      'BOM',
      'Style',
      'Options',
      'Archived',
    ]);
    const sizes = { S: '1.8', M: '2', L: '2.2', XL: '2.5' };
    expect(products.lines.slice(1)).toEqual([
      ...Object.entries(sizes).flatMap(([size, fabricQuantity]) =>
        ['Red', 'Blue'].map((colour) => [
          `KRT-${size}-${colour.toUpperCase()}`,
          `Kurta - ${size} / ${colour}`,
          'Ethnic',
          '799.00',
          '0',
          '10',
          `Buttons: 6; Fabric: ${fabricQuantity}`,
          'Kurta',
          `Size: ${size}; Colour: ${colour}`,
          '',
        ]),
      ),
      ['CAP', 'Cap', '', '99.00', '3', '10', '', '', '', ''],
    ]);
    await openTab(page, 'Raw Materials');
    await page.getByRole('row').filter({ hasText: 'Buttons' }).waitFor();
    const materials = await download(page, page.getByRole('button', { name: 'Export CSV' }));
    const asFile = (file: { text: string }) => file.text;

    // A fresh workspace: another anonymous user, in another browser.
    const { page: fresh } = await e2e.openApp({ viewport: DESKTOP });
    await openTab(fresh, 'Raw Materials');
    await fresh.getByRole('button', { name: 'Import', exact: true }).click();
    const materialsImport = dialog(fresh, 'Import raw materials');
    await chooseFile(fresh, 'raw-materials.csv', asFile(materials));
    await materialsImport.getByText('All 2 rows are ready').waitFor();
    await materialsImport.getByRole('button', { name: 'Import 2 materials' }).click();
    await materialsImport.waitFor({ state: 'detached' });

    await openTab(fresh, 'Products');
    await fresh.getByRole('button', { name: 'Import', exact: true }).click();
    const productsImport = dialog(fresh, 'Import products');
    // A style missing a variant is the server's message on the style's first row, as any refusal.
    const withoutLast = products.text
      .split('\r\n')
      .filter((line) => !line.startsWith('KRT-XL-BLUE,'))
      .join('\r\n');
    await chooseFile(fresh, 'products-missing-one.csv', withoutLast);
    await productsImport.getByText('1 of 8 rows need fixing').waitFor();
    await dismissNotifications(fresh);
    await settle(fresh);
    await shot(fresh, 'preview-style-refused', DESKTOP);
    expect(await rowCells(productsImport, 'KRT-S-RED')).toEqual([
      '2',
      'KRT-S-RED',
      'Kurta - S / Red',
      'Buttons: 6; Fabric: 1.8',
      'Kurta Size: S; Colour: Red',
      'Style Kurta has 7 rows; its options make 8 variants: give one row for each.',
    ]);

    // The whole file: every row ready in the dry run, the cap without a style.
    await chooseFile(fresh, 'products.csv', asFile(products));
    await productsImport.getByText('All 9 rows are ready').waitFor();
    await productsImport.getByText('Not imported (not in the template): Archived.').waitFor();
    expect(await rowCells(productsImport, 'KRT-XL-BLUE')).toEqual([
      '9',
      'KRT-XL-BLUE',
      'Kurta - XL / Blue',
      'Buttons: 6; Fabric: 2.5',
      'Kurta Size: XL; Colour: Blue',
      'Ready',
    ]);
    expect(await rowCells(productsImport, 'CAP')).toEqual(['10', 'CAP', 'Cap', '—', '—', 'Ready']);
    for (const size of [DESKTOP, PHONE]) {
      await fresh.setViewportSize(size);
      await settle(fresh);
      await shot(fresh, 'preview-style', size);
    }
    await fresh.setViewportSize(DESKTOP);
    await productsImport.getByRole('button', { name: 'Import 9 products' }).click();
    await productsImport.waitFor({ state: 'detached' });
    await eventually(() => rowCells(fresh, 'KRT-M-RED')).toEqual([
      'KRT-M-RED',
      'Kurta - M / Red',
      'Ethnic',
      '₹799.00',
      '0',
    ]);

    // The style as list_styles draws it: the same as the original but for its ids.
    const freshClient = await e2e.clientOf(fresh);
    type Style = {
      style_name: string;
      category: string;
      sku_prefix: string;
      selling_price: number;
      options: unknown;
      bom: { material_id: string; [rest: string]: unknown }[];
      variants: { sku: string; product_name: string; option_values: string[]; selling_price: number }[];
    };
    const styleOf = async (of: typeof client) => {
      const { data, error } = await of.rpc('list_styles');
      expect(error).toBeNull();
      const { total, rows } = data as { total: number; rows: Style[] };
      const { data: named } = await of.from('raw_materials').select('id, material_name');
      const nameOf = new Map(named!.map((material) => [material.id, material.material_name]));
      return {
        total,
        styles: rows.map((style) => ({
          style_name: style.style_name,
          category: style.category,
          sku_prefix: style.sku_prefix,
          selling_price: style.selling_price,
          options: style.options,
          bom: style.bom
            .map(({ material_id, ...line }) => ({ material: nameOf.get(material_id), ...line }))
            .sort((a, b) => String(a.material).localeCompare(String(b.material))),
          variants: style.variants.map(({ sku, product_name, option_values, selling_price }) => ({
            sku,
            product_name,
            option_values,
            selling_price,
          })),
        })),
      };
    };
    const original = await styleOf(client);
    expect(original.styles[0]!.variants).toHaveLength(8);
    expect(await styleOf(freshClient)).toEqual(original);

    // A cell of 10,000 characters is bounded by the import as ever: a row's message, nothing written.
    for (const [style, options, message] of [
      ['K'.repeat(10_000), 'Size: M', 'Style name must be at most 100 characters.'],
      ['Kurta', 'Size: M; '.repeat(1_112).slice(0, 10_000), 'A style can have at most 3 options; this row has 1112.'],
    ]) {
      const { data, error } = await freshClient.rpc('import_products', {
        rows: [{ sku: 'LONG-1', product_name: 'Long', selling_price: '1', style, options }],
        dry_run: true,
      });
      expect(error).toBeNull();
      expect(data).toEqual([{ row_number: 2, message }]);
    }

    // Download all my data carries the style tables.
    await fresh.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Settings' }).click();
    await fresh.getByRole('region', { name: 'Your data' }).waitFor();
    const [backup] = await Promise.all([
      fresh.waitForEvent('download'),
      fresh.getByRole('button', { name: 'Download all my data' }).click(),
    ]);
    const data = JSON.parse(await readFile(await backup.path(), 'utf8')) as {
      tables: Record<string, { [column: string]: unknown }[]>;
    };
    expect(data.tables.styles!.map((row) => [row.style_name, row.sku_prefix])).toEqual([['Kurta', 'KRT']]);
    const productIds = new Map(data.tables.products!.map((row) => [row.id, row.sku]));
    expect(
      data.tables.style_variants!.map((row) => [productIds.get(row.product_id), row.option_values]).sort(),
    ).toEqual(
      Object.keys(sizes)
        .flatMap((size) => ['Red', 'Blue'].map((colour) => [`KRT-${size}-${colour.toUpperCase()}`, [size, colour]]))
        .sort(),
    );
    const lineOf = (row: { [column: string]: unknown }) => [row.by_option, row.quantity, row.quantities];
    expect(data.tables.style_bom_items!.map(lineOf).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      [null, 6, null],
      ['Size', null, { S: 1.8, M: 2, L: 2.2, XL: 2.5 }],
    ]);
  });
});

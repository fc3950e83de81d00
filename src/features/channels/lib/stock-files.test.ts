import { readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  AMAZON_TEMPLATE_ROWS,
  amazonInventoryFile,
  FLIPKART_COLUMNS,
  flipkartStockFile,
  MEESHO_COLUMNS,
  meeshoInventoryFile,
  myntraInventoryFile,
  SHOPIFY_COLUMNS,
  shopifyHandle,
  shopifyInventoryFile,
  stockFileLayout,
  type StockFileRow,
} from './stock-files';

const rows: StockFileRow[] = [
  {
    sku: 'AMZ-KUR-M',
    quantity: 12,
    productName: 'Cotton Kurta - M',
    styleName: 'Cotton Kurta',
    options: [{ name: 'Size', value: 'M' }],
  },
  { sku: '-PACK2', quantity: 0, productName: 'Mug, pack of 2 "gift"' },
];
const date = '2026-11-26';

const parseCsv = (content: string) => Papa.parse<string[]>(content.trimEnd(), { skipEmptyLines: true }).data;

describe('Amazon inventory file', () => {
  const file = amazonInventoryFile.write(rows, { date });

  it("is tab-delimited text under the Price & Quantity template's three header rows, SKUs as listed", () => {
    expect(file.fileName).toBe('amazon-inventory-2026-11-26.txt');
    expect(file.content.charCodeAt(0)).not.toBe(0xfeff);
    expect(file.content).toBe(
      'TemplateType=PriceInventory\tVersion=2018.0924\r\n' +
        'SKU\tQuantity\r\n' +
        'sku\tquantity\r\n' +
        'AMZ-KUR-M\t12\r\n' +
        '-PACK2\t0\r\n',
    );
    const lines = file.content
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split('\t'));
    expect(lines.slice(0, 3)).toEqual(AMAZON_TEMPLATE_ROWS.map((cells) => [...cells]));
    // Amazon reads the field names of row 3: every data line has a cell under each.
    expect(lines.slice(3).every((cells) => cells.length === AMAZON_TEMPLATE_ROWS[2].length)).toBe(true);
  });

  it('refuses a SKU a tab-delimited file cannot hold, and a quantity that is not whole', () => {
    expect(() => amazonInventoryFile.write([{ sku: 'A\tB', quantity: 1, productName: 'x' }], { date })).toThrow(
      /tab-delimited/,
    );
    expect(() => amazonInventoryFile.write([{ sku: 'A', quantity: 2.5, productName: 'x' }], { date })).toThrow(/whole/);
    expect(() => amazonInventoryFile.write([{ sku: 'A', quantity: -1, productName: 'x' }], { date })).toThrow(/whole/);
  });
});

describe('Flipkart stock file', () => {
  it("has the listing file's columns with Seller SKU Id (as Flipkart spells it) and Your Stock Count filled, the rest empty", () => {
    const file = flipkartStockFile.write(rows, { date });
    const [header, first, second] = parseCsv(file.content);
    expect(header).toEqual([...FLIPKART_COLUMNS]);
    expect(header).toContain('Seller SKU Id');
    expect(header).not.toContain('Seller SKU ID');
    const sku = header!.indexOf('Seller SKU Id');
    const stock = header!.indexOf('Your Stock Count');
    expect([first![sku], first![stock]]).toEqual(['AMZ-KUR-M', '12']);
    expect([second![sku], second![stock]]).toEqual(['-PACK2', '0']);
    expect(first).toHaveLength(FLIPKART_COLUMNS.length);
    expect(first!.filter((cell, column) => column !== sku && column !== stock && cell !== '')).toEqual([]);
    // Flipkart's own count is for reading: the file never claims one.
    expect(first![header!.indexOf('System Stock count')]).toBe('');
    expect(file.fileName).toBe('flipkart-stock-2026-11-26.csv');
    expect(flipkartStockFile.confidence).toBe('best public evidence');
  });
});

describe('Meesho inventory file', () => {
  it("has the Inventory Update File's columns, a serial number, STYLE ID and YOUR STOCK COUNT (0 written as 0)", () => {
    const file = meeshoInventoryFile.write(rows, { date });
    const [header, first, second] = parseCsv(file.content);
    expect(header).toEqual([...MEESHO_COLUMNS]);
    const cell = (row: string[] | undefined, column: (typeof MEESHO_COLUMNS)[number]) =>
      row![MEESHO_COLUMNS.indexOf(column)];
    expect([cell(first, 'SERIAL NO'), cell(first, 'STYLE ID'), cell(first, 'YOUR STOCK COUNT')]).toEqual([
      '1',
      'AMZ-KUR-M',
      '12',
    ]);
    expect([cell(second, 'SERIAL NO'), cell(second, 'STYLE ID'), cell(second, 'YOUR STOCK COUNT')]).toEqual([
      '2',
      '-PACK2',
      '0',
    ]);
    expect(cell(first, 'SYSTEM STOCK COUNT')).toBe('');
    expect(file.fileName).toBe('meesho-inventory-2026-11-26.csv');
    expect(meeshoInventoryFile.help).toMatch(/not found published/);
  });
});

describe('Myntra inventory file', () => {
  it('is seller_sku_code and quantity, said to be unverified', () => {
    const file = myntraInventoryFile.write(rows, { date });
    expect(parseCsv(file.content)).toEqual([
      ['seller_sku_code', 'quantity'],
      ['AMZ-KUR-M', '12'],
      ['-PACK2', '0'],
    ]);
    expect(myntraInventoryFile.confidence).toBe('not found');
    expect(myntraInventoryFile.help).toMatch(/not found/);
  });
});

describe('Shopify inventory CSV', () => {
  it("matches Shopify's own template column for column (tests/fixtures/real/shopify)", () => {
    const template = readFileSync(
      path.resolve(__dirname, '../../../../tests/fixtures/real/shopify/inventory_bin_new_on_hand_template.csv'),
      'utf8',
    );
    const [templateHeader] = parseCsv(template);
    const [header] = parseCsv(shopifyInventoryFile.write(rows, { date, shopifyLocation: 'Main' }).content);
    expect(header).toEqual(templateHeader);
  });

  it("has Shopify's columns, the variant's options, the location and the quantity as On hand (new)", () => {
    const file = shopifyInventoryFile.write(rows, { date, shopifyLocation: ' Main Warehouse ' });
    const [header, variant, single] = parseCsv(file.content);
    expect(header).toEqual([...SHOPIFY_COLUMNS]);
    const cell = (row: string[] | undefined, column: string) => row![header!.indexOf(column)];
    expect(cell(variant, 'Handle')).toBe('cotton-kurta');
    expect(cell(variant, 'Title')).toBe('Cotton Kurta');
    expect([cell(variant, 'Option1 Name'), cell(variant, 'Option1 Value'), cell(variant, 'Option2 Name')]).toEqual([
      'Size',
      'M',
      '',
    ]);
    expect(cell(variant, 'SKU')).toBe('AMZ-KUR-M');
    expect(cell(variant, 'Location')).toBe('Main Warehouse');
    expect(cell(variant, 'On hand (new)')).toBe('12');
    expect(cell(variant, 'On hand (current)')).toBe('');
    expect(cell(variant, 'Available (not editable)')).toBe('');
    expect(cell(variant, 'Bin name')).toBe('');
    expect(variant).toHaveLength(SHOPIFY_COLUMNS.length);
    // Without options, as Shopify exports a product with one variant; quotes and commas survive.
    expect(cell(single, 'Title')).toBe('Mug, pack of 2 "gift"');
    expect(cell(single, 'Handle')).toBe('mug-pack-of-2-gift');
    expect([cell(single, 'Option1 Name'), cell(single, 'Option1 Value')]).toEqual(['Title', 'Default Title']);
    expect(cell(single, 'On hand (new)')).toBe('0');
  });

  it('needs the location name', () => {
    expect(() => shopifyInventoryFile.write(rows, { date, shopifyLocation: '  ' })).toThrow(/location/);
  });

  it('makes handles as Shopify does from titles', () => {
    expect(shopifyHandle('Café Kurta – Blue / XL')).toBe('cafe-kurta-blue-xl');
  });
});

describe('stockFileLayout', () => {
  it('has a file for each marketplace and the website, none for Other', () => {
    expect(stockFileLayout('Amazon')?.label).toBe('Download Amazon file');
    expect(stockFileLayout('Brand Website')?.label).toBe('Download Shopify file');
    expect(stockFileLayout('Other')).toBeUndefined();
  });
});

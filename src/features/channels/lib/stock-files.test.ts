import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  amazonInventoryFile,
  FLIPKART_COLUMNS,
  flipkartStockFile,
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

  it('is tab-delimited text with the header row sku, quantity and one line per SKU, SKUs as listed', () => {
    expect(file.fileName).toBe('amazon-inventory-2026-11-26.txt');
    expect(file.content.charCodeAt(0)).not.toBe(0xfeff);
    expect(file.content).toBe('sku\tquantity\r\nAMZ-KUR-M\t12\r\n-PACK2\t0\r\n');
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
  it("has the listing feed's columns with Seller SKU ID and Your Stock Count filled, the rest empty", () => {
    const file = flipkartStockFile.write(rows, { date });
    const [header, first, second] = parseCsv(file.content);
    expect(header).toEqual([...FLIPKART_COLUMNS]);
    const sku = header!.indexOf('Seller SKU ID');
    const stock = header!.indexOf('Your Stock Count');
    expect([first![sku], first![stock]]).toEqual(['AMZ-KUR-M', '12']);
    expect([second![sku], second![stock]]).toEqual(['-PACK2', '0']);
    expect(first!.filter((cell, column) => column !== sku && column !== stock && cell !== '')).toEqual([]);
    expect(file.fileName).toBe('flipkart-stock-2026-11-26.csv');
    expect(flipkartStockFile.confidence).toBe('best public evidence');
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
  it("has Shopify's columns, the variant's options, the location and the quantity as On hand", () => {
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
    expect(cell(variant, 'On hand')).toBe('12');
    expect(cell(variant, 'Available')).toBe('');
    // Without options, as Shopify exports a product with one variant; quotes and commas survive.
    expect(cell(single, 'Title')).toBe('Mug, pack of 2 "gift"');
    expect(cell(single, 'Handle')).toBe('mug-pack-of-2-gift');
    expect([cell(single, 'Option1 Name'), cell(single, 'Option1 Value')]).toEqual(['Title', 'Default Title']);
    expect(cell(single, 'On hand')).toBe('0');
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

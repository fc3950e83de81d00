// The stock files each seller portal takes (issue 34). Where each layout comes from, and how sure it
// is, is in docs/channels.md ("Stock files: layouts and sources"); the Stock sync screen repeats the
// Flipkart and Myntra caveats. The files are read by the portals, not by a spreadsheet: SKUs are
// written exactly as listed (no apostrophe before a leading '-' or '+', which the app's CSV exports
// add against formula injection, as it would change the SKU), in UTF-8 without a byte order mark
// (a BOM would become part of the first header, "\uFEFFsku").

import type { Enums } from '@/lib/database.types';

export type SalesPlatform = Enums<'sales_platform'>;

/** One listing's line in a stock file: the SKU the portal knows it by and the units to offer. */
export interface StockFileRow {
  /** The portal's seller SKU (an alias of the product for that platform, or its own SKU). */
  sku: string;
  /** Whole units, 0 or more: what is available to sell there. */
  quantity: number;
  productName: string;
  /** A variant's style, whose name is the Shopify product's title. */
  styleName?: string | null;
  /** A variant's option names and values, in order (Size: M, Colour: Red), at most 3. */
  options?: readonly { name: string; value: string }[];
}

export interface StockFile {
  fileName: string;
  mimeType: string;
  content: string;
}

export interface StockFileLayout {
  platform: SalesPlatform;
  /** The button's words: "Download Amazon file". */
  label: string;
  /** The file the owner uploads, for the help text: "inventory file (Price & Quantity)". */
  portalFile: string;
  /** How sure the layout is, said on the screen. */
  confidence: 'documented' | 'best public evidence' | 'not found';
  help: string;
  write: (rows: readonly StockFileRow[], options: { date: string; shopifyLocation?: string }) => StockFile;
}

const CRLF = '\r\n';

function wholeUnits(quantity: number): string {
  if (!Number.isInteger(quantity) || quantity < 0)
    throw new Error(`A stock file quantity must be whole and 0 or more, not ${quantity}.`);
  return String(quantity);
}

/** Amazon's tab-delimited text: a tab, a line end or a quote in a cell cannot be represented. */
function tabCell(text: string): string {
  if (/[\t\r\n"]/.test(text))
    throw new Error(`"${text}" cannot go in a tab-delimited file (it holds a tab, a line end or a quote).`);
  return text;
}

/** RFC 4180 quoting, as the portals' CSV readers expect. */
function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',')).join(CRLF) + CRLF;
}

/**
 * Amazon's Price & Quantity / Inventory Loader text file: tab-delimited, one header row of the
 * field names, `sku` and `quantity` (Amazon's help: sku and at least one of price or quantity;
 * quantity a whole number; leave price out when only adjusting quantities).
 */
export const amazonInventoryFile: StockFileLayout = {
  platform: 'Amazon',
  label: 'Download Amazon file',
  portalFile: 'inventory file (Price & Quantity, tab-delimited text)',
  confidence: 'documented',
  help: 'Seller Central → Inventory → Add Products via Upload → upload an inventory file. Columns sku and quantity, tab-delimited. For Amazon-fulfilled (FBA) listings Amazon ignores a quantity: leave those SKUs unmapped.',
  write: (rows, { date }) => ({
    fileName: `amazon-inventory-${date}.txt`,
    mimeType: 'text/plain;charset=utf-8',
    content:
      [['sku', 'quantity'], ...rows.map((row) => [tabCell(row.sku), wholeUnits(row.quantity)])]
        .map((cells) => cells.join('\t'))
        .join(CRLF) + CRLF,
  }),
};

/** The column names of Flipkart's listing feed (Seller FTP, Flipkart's developer docs), in order. */
export const FLIPKART_COLUMNS = [
  'Flipkart Serial Number',
  'Seller SKU ID',
  'MRP',
  'Your Selling Price',
  'Local Shipping Charge (per qty)',
  'Zonal Shipping Charge (per qty)',
  'National Shipping Charge (per qty)',
  'Your Stock Count',
  'Procurement SLA',
  'Listing Status',
  'Selling Region Restriction',
  'Procurement Type',
] as const;

/**
 * Flipkart: no primary source for Seller Hub's stock update sheet was found. This follows the
 * listing feed Flipkart documents for its Seller FTP (the same listing attributes), with only
 * Seller SKU ID and Your Stock Count filled; every other column is left empty.
 */
export const flipkartStockFile: StockFileLayout = {
  platform: 'Flipkart',
  label: 'Download Flipkart file',
  portalFile: 'stock update sheet',
  confidence: 'best public evidence',
  help: "Flipkart's Seller Hub stock sheet was not found published. This file uses the column names of Flipkart's documented listing feed (Seller FTP), filling Seller SKU ID and Your Stock Count. If Seller Hub refuses it, copy these two columns into the sheet Seller Hub gives you (Listings → Bulk update).",
  write: (rows, { date }) => {
    const skuColumn = FLIPKART_COLUMNS.indexOf('Seller SKU ID');
    const stockColumn = FLIPKART_COLUMNS.indexOf('Your Stock Count');
    return {
      fileName: `flipkart-stock-${date}.csv`,
      mimeType: 'text/csv;charset=utf-8',
      content: csv(
        FLIPKART_COLUMNS,
        rows.map((row) =>
          FLIPKART_COLUMNS.map((_, column) =>
            column === skuColumn ? row.sku : column === stockColumn ? wholeUnits(row.quantity) : '',
          ),
        ),
      ),
    };
  },
};

/**
 * Myntra: no layout of the Partner Portal's inventory upload was found. The SKU column takes the
 * name Myntra's own order and settlement reports give the seller's SKU (seller_sku_code).
 */
export const myntraInventoryFile: StockFileLayout = {
  platform: 'Myntra',
  label: 'Download Myntra file',
  portalFile: 'inventory update',
  confidence: 'not found',
  help: "Myntra's inventory upload layout was not found published. This CSV has seller_sku_code (as Myntra's order reports name your SKU) and quantity: copy them into the inventory template the Partner Portal gives you.",
  write: (rows, { date }) => ({
    fileName: `myntra-inventory-${date}.csv`,
    mimeType: 'text/csv;charset=utf-8',
    content: csv(
      ['seller_sku_code', 'quantity'],
      rows.map((row) => [row.sku, wholeUnits(row.quantity)]),
    ),
  }),
};

/** The columns of Shopify's inventory CSV (help.shopify.com, "Exporting or importing inventory with a CSV file"). */
export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'SKU',
  'HS Code',
  'COO',
  'Location',
  'Incoming',
  'Unavailable',
  'Committed',
  'Available',
  'On hand',
] as const;

/** A product's handle as Shopify makes one from its title: lower case, words joined by hyphens. */
export function shopifyHandle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Shopify's inventory CSV: one row per variant at one location. An import writes only On hand
 * (Shopify then works out Available), so the quantity goes there. A product without options is
 * Option1 Name "Title", Option1 Value "Default Title", as Shopify exports it.
 */
export const shopifyInventoryFile: StockFileLayout = {
  platform: 'Brand Website',
  label: 'Download Shopify file',
  portalFile: 'inventory CSV (Products → Inventory → Import)',
  confidence: 'documented',
  help: "Shopify admin → Products → Inventory → Import. The quantity is written as On hand at the location named here (Shopify's location name, exactly). Shopify matches each row by Handle and options, made here from your product names: if yours differ, export Shopify's inventory CSV once and map those SKUs.",
  write: (rows, { date, shopifyLocation }) => {
    const location = shopifyLocation?.trim();
    if (!location) throw new Error("Shopify's file needs the location's name.");
    return {
      fileName: `shopify-inventory-${date}.csv`,
      mimeType: 'text/csv;charset=utf-8',
      content: csv(
        SHOPIFY_COLUMNS,
        rows.map((row) => {
          const title = row.styleName ?? row.productName;
          const options = row.options?.length ? row.options.slice(0, 3) : [{ name: 'Title', value: 'Default Title' }];
          const optionCells = [0, 1, 2].flatMap((index) => [options[index]?.name ?? '', options[index]?.value ?? '']);
          return [
            shopifyHandle(title),
            title,
            ...optionCells,
            row.sku,
            '',
            '',
            location,
            '',
            '',
            '',
            '',
            wholeUnits(row.quantity),
          ];
        }),
      ),
    };
  },
};

/** The stock file of each platform that has one ("Other" has no portal). */
export const stockFileLayouts: readonly StockFileLayout[] = [
  amazonInventoryFile,
  flipkartStockFile,
  myntraInventoryFile,
  shopifyInventoryFile,
];

export function stockFileLayout(platform: SalesPlatform): StockFileLayout | undefined {
  return stockFileLayouts.find((layout) => layout.platform === platform);
}

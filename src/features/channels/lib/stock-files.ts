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

/** A row in the template's column order: the cells named, every other column empty. */
function byColumn<Column extends string>(
  columns: readonly Column[],
  cells: Partial<Record<Column, string | undefined>>,
): string[] {
  return columns.map((column) => cells[column] ?? '');
}

function csv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',')).join(CRLF) + CRLF;
}

/**
 * Amazon's Price & Quantity template (the Inventory Loader's successor in Seller Central): tab-delimited
 * text whose first three rows are the template's own. Row 1 names the template and its version, row 2
 * labels each column, row 3 gives the field names Amazon reads; one line per SKU follows. Best public
 * evidence, not India's file: `TemplateType=PriceInventory` `Version=2018.0924` and the field names
 * `sku`, `quantity` are those public tools write for the template (Amazon.co.jp); the English labels
 * of row 2 are ours, Amazon reads row 3. Only `sku` and `quantity` are written: price is left as it is.
 */
export const AMAZON_TEMPLATE_ROWS = [
  ['TemplateType=PriceInventory', 'Version=2018.0924'],
  ['SKU', 'Quantity'],
  ['sku', 'quantity'],
] as const;

export const amazonInventoryFile: StockFileLayout = {
  platform: 'Amazon',
  label: 'Download Amazon file',
  portalFile: 'Price & Quantity file (tab-delimited text)',
  confidence: 'best public evidence',
  help: "Seller Central → Catalogue → Add Products via Upload → upload the file. It has the Price & Quantity template's three header rows (TemplateType=PriceInventory) and fills sku and quantity. For Amazon-fulfilled (FBA) listings Amazon ignores a quantity: leave those SKUs unmapped. If Seller Central refuses it, paste the two columns into the Price & Quantity template it gives you.",
  write: (rows, { date }) => ({
    fileName: `amazon-inventory-${date}.txt`,
    mimeType: 'text/plain;charset=utf-8',
    content:
      [
        ...AMAZON_TEMPLATE_ROWS.map((cells) => [...cells]),
        ...rows.map((row) => [tabCell(row.sku), wholeUnits(row.quantity)]),
      ]
        .map((cells) => cells.join('\t'))
        .join(CRLF) + CRLF,
  }),
};

/**
 * The columns of Seller Hub's listing file (Listings → download, edit, upload), in its order, as public
 * sellers' tools read it (docs/channels.md names them): Flipkart writes the SKU column `Seller SKU Id`
 * and the stock to set `Your Stock Count` (`System Stock count` is Flipkart's own, for reading).
 */
export const FLIPKART_COLUMNS = [
  'Product Title',
  'Seller SKU Id',
  'Processing errors (if any)',
  'Sub-category',
  'Flipkart Serial Number',
  'Listing ID',
  'Listing Status',
  'Inactive Reason',
  'MRP',
  'Bank Settlement',
  'Your Selling Price',
  'Minimum Order Quantity',
  'Benchmark Price',
  'Fulfillment By',
  'System Stock count',
  'Your Stock Count',
  'Recommended Stock',
  'Procurement SLA',
  'Procurement Type',
  'Package Length - Length of the package in cms',
  'Package Breadth - Breadth of the package in cms',
  'Package Height - Height of the package in cms',
  'Package Weight - Weight of the package in Kgs',
  'Local Delivery Charge to Customer (per qty)',
  'Zonal Delivery Charge to Customer (per qty)',
  'National Delivery Charge to Customer (per qty)',
  'Harmonized System Nomenclature - HSN',
  'Tax Code',
  'Luxury Cess Tax Rate',
  'Country of Origin ISO code',
  'Manufacturer Details',
  'Importer Details',
  'Packer Details',
  'Date of Manufacture in dd/MM/yyyy',
  'Shelf Life in Months',
  'Ignore warnings',
  'Listing Archival',
] as const;

/**
 * Flipkart: Seller Hub's listing file with only Seller SKU Id and Your Stock Count filled; every other
 * column is left empty. Best public evidence: the file itself (an .xlsx Seller Hub makes per seller)
 * was not found published, only the column names public tools read from it.
 */
export const flipkartStockFile: StockFileLayout = {
  platform: 'Flipkart',
  label: 'Download Flipkart file',
  portalFile: 'listing file (Your Stock Count)',
  confidence: 'best public evidence',
  help: "Seller Hub's listing file was not found published: this CSV has its columns, with Seller SKU Id and Your Stock Count filled. If Seller Hub refuses it, download your listing file (Listings → bulk update) and copy Your Stock Count across by Seller SKU Id.",
  write: (rows, { date }) => ({
    fileName: `flipkart-stock-${date}.csv`,
    mimeType: 'text/csv;charset=utf-8',
    content: csv(
      FLIPKART_COLUMNS,
      rows.map((row) =>
        byColumn(FLIPKART_COLUMNS, { 'Seller SKU Id': row.sku, 'Your Stock Count': wholeUnits(row.quantity) }),
      ),
    ),
  }),
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

/**
 * The columns of Shopify's inventory CSV, as its own template `inventory_bin_new_on_hand_template.csv`
 * has them (tests/fixtures/real/shopify). An import writes only On hand (new), Bin name, HS Code and COO;
 * the "(not editable)" columns and On hand (current) are Shopify's export of what it had.
 */
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
  'Bin name',
  'Incoming (not editable)',
  'Unavailable (not editable)',
  'Committed (not editable)',
  'Available (not editable)',
  'On hand (current)',
  'On hand (new)',
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
 * Shopify's inventory CSV: one row per variant at one location, the quantity in On hand (new), which
 * Shopify sets as the location's on hand (it then works out Available). On hand (current) is left
 * empty: it is Shopify's count at export, and FactoryFlow has no export of Shopify's to copy it from.
 * A product without options is Option1 Name "Title", Option1 Value "Default Title", as Shopify exports it.
 */
export const shopifyInventoryFile: StockFileLayout = {
  platform: 'Brand Website',
  label: 'Download Shopify file',
  portalFile: 'inventory CSV (Products → Inventory → Import)',
  confidence: 'documented',
  help: "Shopify admin → Products → Inventory → Import. The quantity is written as On hand (new) at the location named here (Shopify's location name, exactly). Shopify matches each row by Handle and options, made here from your product names: if yours differ, export Shopify's inventory CSV once and map those SKUs.",
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
          return byColumn(SHOPIFY_COLUMNS, {
            Handle: shopifyHandle(title),
            Title: title,
            'Option1 Name': options[0]?.name,
            'Option1 Value': options[0]?.value,
            'Option2 Name': options[1]?.name,
            'Option2 Value': options[1]?.value,
            'Option3 Name': options[2]?.name,
            'Option3 Value': options[2]?.value,
            SKU: row.sku,
            Location: location,
            'On hand (new)': wholeUnits(row.quantity),
          });
        }),
      ),
    };
  },
};

/**
 * The columns of Meesho's Inventory Update File (Supplier Panel → Inventory → bulk update), in its
 * order, as public sellers' tools read and rebuild it: Meesho matches a row by its catalog, product and
 * variation ids, STYLE ID is the seller's SKU, and YOUR STOCK COUNT sets the stock (empty is "no
 * change", so 0 is written as 0).
 */
export const MEESHO_COLUMNS = [
  'SERIAL NO',
  'CATALOG NAME',
  'CATALOG ID',
  'PRODUCT NAME',
  'PRODUCT ID',
  'STYLE ID',
  'VARIATION ID',
  'VARIATION',
  'STOCK',
  'SYSTEM STOCK COUNT',
  'YOUR STOCK COUNT',
] as const;

/**
 * Meesho: the Inventory Update File's columns with SERIAL NO, STYLE ID and YOUR STOCK COUNT filled.
 * Best public evidence: Meesho's file is an .xlsx it makes per seller, with a row describing each
 * column under the header; neither the file nor that row's text was found published, and FactoryFlow
 * does not know Meesho's catalog, product or variation ids. Stock sync offers it since Meesho became a
 * sales platform (issue 43, item 3).
 */
export const meeshoInventoryFile: StockFileLayout = {
  platform: 'Meesho',
  label: 'Download Meesho file',
  portalFile: 'Inventory Update File (YOUR STOCK COUNT)',
  confidence: 'best public evidence',
  help: "Meesho's Inventory Update File was not found published: this CSV has its columns, with STYLE ID (your SKU) and YOUR STOCK COUNT filled. Download Meesho's file (Inventory → bulk update) and copy YOUR STOCK COUNT across by STYLE ID: Meesho needs its own catalog, product and variation ids on each row.",
  write: (rows, { date }) => ({
    fileName: `meesho-inventory-${date}.csv`,
    mimeType: 'text/csv;charset=utf-8',
    content: csv(
      MEESHO_COLUMNS,
      rows.map((row, index) =>
        byColumn(MEESHO_COLUMNS, {
          'SERIAL NO': String(index + 1),
          'STYLE ID': row.sku,
          'YOUR STOCK COUNT': wholeUnits(row.quantity),
        }),
      ),
    ),
  }),
};

/**
 * The stock file of each platform that has one ("Other" has no portal; Ajio buys by purchase order,
 * so its stock is not pushed to a portal).
 */
export const stockFileLayouts: readonly StockFileLayout[] = [
  amazonInventoryFile,
  flipkartStockFile,
  myntraInventoryFile,
  meeshoInventoryFile,
  shopifyInventoryFile,
];

export function stockFileLayout(platform: SalesPlatform): StockFileLayout | undefined {
  return stockFileLayouts.find((layout) => layout.platform === platform);
}

import type { Enums } from '@/lib/database.types';

/** What a sales order needs from a report row; the status is optional (cancelled rows skip). */
export const orderReportFields = [
  'external_order_id',
  'order_date',
  'sku',
  'quantity',
  'total_amount',
  'status',
] as const;
export type OrderReportField = (typeof orderReportFields)[number];

/** The file's column (its header, as written in the file) for each field, or null when unmapped. */
export type ColumnMapping = Record<OrderReportField, string | null>;

export const fieldLabels: Record<OrderReportField, string> = {
  external_order_id: 'Order id',
  order_date: 'Order date',
  sku: 'SKU',
  quantity: 'Quantity',
  total_amount: 'Amount (line total)',
  status: 'Status',
};

/**
 * Fields a mapping must name. Quantity may stay unmapped: Myntra's report has one row per unit, so
 * a row without a quantity column is one unit.
 */
export const requiredFields: readonly OrderReportField[] = ['external_order_id', 'order_date', 'sku', 'total_amount'];

export interface OrderReportLayout {
  name: string;
  platform: Enums<'sales_platform'>;
  /** Accepted headers per field, compared as normalizeHeader() leaves them. */
  headers: Record<OrderReportField, readonly string[]>;
}

/**
 * The marketplace reports recognised by their headers (README, "Importing marketplace orders").
 * A layout is recognised when every required field finds one of its headers.
 */
export const orderReportLayouts: readonly OrderReportLayout[] = [
  {
    // Amazon Seller Central order reports (tab-delimited): "All Orders" and the order reports
    // that name the order `order-id`; item-price is the line's total, not a unit price.
    name: 'Amazon order report',
    platform: 'Amazon',
    headers: {
      external_order_id: ['amazon-order-id', 'order-id'],
      order_date: ['purchase-date'],
      sku: ['sku'],
      quantity: ['quantity', 'quantity-purchased'],
      total_amount: ['item-price'],
      status: ['order-status', 'item-status'],
    },
  },
  {
    // Flipkart Seller Hub, Orders → download (one row per order item).
    name: 'Flipkart orders export',
    platform: 'Flipkart',
    headers: {
      external_order_id: ['order id'],
      order_date: ['ordered on'],
      sku: ['sku'],
      quantity: ['quantity'],
      total_amount: ['invoice amount'],
      status: ['order state', 'order status'],
    },
  },
  {
    // Flipkart's sales (P&L) report, by order: units in "Gross Units".
    name: 'Flipkart sales report',
    platform: 'Flipkart',
    headers: {
      external_order_id: ['order id'],
      order_date: ['order date'],
      sku: ['sku'],
      quantity: ['gross units'],
      total_amount: ['final selling price (incl. seller opted in default offers)', 'accounted net sales (inr)'],
      status: ['order status'],
    },
  },
  {
    // Myntra Partner Portal, Seller Orders Report: one row per unit (order line), no quantity.
    name: 'Myntra seller orders report',
    platform: 'Myntra',
    headers: {
      external_order_id: ['order release id', 'store order id'],
      order_date: ['created on'],
      sku: ['seller sku code'],
      quantity: [],
      total_amount: ['final amount'],
      status: ['order status'],
    },
  },
];

/** Headers compared without case, surrounding spaces, a UTF-8 byte order mark or repeated spaces. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** The mapping a layout gives these headers, or null when a required field finds none. */
function mapLayout(layout: OrderReportLayout, headers: readonly string[]): ColumnMapping | null {
  const byNormalized = new Map(headers.map((header) => [normalizeHeader(header), header]));
  const mapping = Object.fromEntries(
    orderReportFields.map((field) => [
      field,
      layout.headers[field].map((name) => byNormalized.get(name)).find((header) => header !== undefined) ?? null,
    ]),
  ) as ColumnMapping;
  return requiredFields.every((field) => mapping[field] !== null) ? mapping : null;
}

/** The first known layout these headers match, with its mapping. */
export function recognizeLayout(
  headers: readonly string[],
): { layout: OrderReportLayout; mapping: ColumnMapping } | null {
  for (const layout of orderReportLayouts) {
    const mapping = mapLayout(layout, headers);
    if (mapping) return { layout, mapping };
  }
  return null;
}

/** A mapping is usable on a file when it names every required field and only the file's columns. */
export function mappingFits(mapping: ColumnMapping, headers: readonly string[]): boolean {
  return (
    requiredFields.every((field) => mapping[field] !== null) &&
    orderReportFields.every((field) => mapping[field] === null || headers.includes(mapping[field]))
  );
}

export const emptyMapping: ColumnMapping = {
  external_order_id: null,
  order_date: null,
  sku: null,
  quantity: null,
  total_amount: null,
  status: null,
};

const mappingKey = (platform: string) => `factoryflow:order-import-mapping:${platform}`;

/** The mapping last used for this platform's files, if the browser kept one. */
export function loadRememberedMapping(platform: string): ColumnMapping | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(mappingKey(platform)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const values = stored as Record<string, unknown>;
    return Object.fromEntries(
      orderReportFields.map((field) => [field, typeof values[field] === 'string' ? values[field] : null]),
    ) as ColumnMapping;
  } catch {
    return null;
  }
}

export function rememberMapping(platform: string, mapping: ColumnMapping): void {
  localStorage.setItem(mappingKey(platform), JSON.stringify(mapping));
}

import type { ColumnMapping, ReportKind, ReportLayout } from './report-layouts';

/** What a sales order needs from a report row; the status is optional (cancelled rows skip). */
export const orderReportFields = [
  'external_order_id',
  'order_date',
  'sku',
  'quantity',
  'total_amount',
  'status',
  'buyer_state',
] as const;
export type OrderReportField = (typeof orderReportFields)[number];

export type OrderColumnMapping = ColumnMapping<OrderReportField>;

export interface OrderReportLayout extends ReportLayout<OrderReportField> {
  /** The amount column is a unit's price, not the line's total (Meesho's): the line is price × quantity. */
  amountPerUnit?: boolean;
}

const fieldLabels: Record<OrderReportField, string> = {
  external_order_id: 'Order id',
  order_date: 'Order date',
  sku: 'SKU',
  quantity: 'Quantity',
  total_amount: 'Amount (line total)',
  status: 'Status',
  buyer_state: 'Buyer state',
};

/**
 * Fields a mapping must name. Quantity may stay unmapped: Myntra's report has one row per unit, so
 * a row without a quantity column is one unit.
 */
const requiredFields: readonly OrderReportField[] = ['external_order_id', 'order_date', 'sku', 'total_amount'];

/**
 * The marketplace reports recognised by their headers (docs/imports.md, "Importing marketplace orders").
 * A layout is recognised when every required field finds one of its headers.
 */
const orderReportLayouts: readonly OrderReportLayout[] = [
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
      // The line's own status first: a line cancelled inside a shipped order says Cancelled in
      // item-status while order-status says Shipped (a real row: tests/fixtures/real/amazon).
      status: ['item-status', 'order-status'],
      // The state the order ships to: the place of supply GSTR-1 reports the sale under.
      buyer_state: ['ship-state'],
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
      // Its "Order State" is the order's status (Approved, Shipped…), not where it goes. The ship-to
      // state, where the download carries it, as Flipkart's sales (tax) report names it (a public
      // parser; docs/gst.md, "Place of supply"); any other column can be mapped by hand.
      buyer_state: ["customer's delivery state"],
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
      buyer_state: ["customer's delivery state"],
    },
  },
  {
    // Myntra Partner Portal, Seller Orders Report: one row per unit (order line), no quantity. Its
    // snake_case download (order_release_id, seller_order_id, created_on…) reads the same: the
    // release id is the order id, as Myntra's settlement reports name the order (order_release_id).
    name: 'Myntra seller orders report',
    platform: 'Myntra',
    headers: {
      external_order_id: ['order release id', 'store order id', 'order_release_id', 'store_order_id'],
      order_date: ['created on', 'created_on'],
      sku: ['seller sku code', 'seller_sku_code'],
      quantity: [],
      total_amount: ['final amount', 'final_amount'],
      status: ['order status', 'order_status'],
      buyer_state: ['state'],
    },
  },
  {
    // Meesho Supplier Panel, Orders → download: one row per sub order. "Supplier Discounted Price
    // (Incl GST and Commision)" (Meesho's spelling) is the price of one unit, so the line is that
    // times Quantity. Held to two real downloads, 2025 and 2026 (tests/fixtures/real/meesho, docs/imports.md).
    name: 'Meesho orders report',
    platform: 'Meesho',
    amountPerUnit: true,
    headers: {
      external_order_id: ['sub order no'],
      order_date: ['order date'],
      sku: ['sku'],
      quantity: ['quantity'],
      total_amount: [
        'supplier discounted price (incl gst and commision)',
        'supplier discounted price (incl gst and commission)',
      ],
      status: ['reason for credit entry'],
      buyer_state: ['customer state'],
    },
  },
];

export const orderReport: ReportKind<OrderReportField, OrderReportLayout> = {
  fields: orderReportFields,
  labels: fieldLabels,
  descriptions: {
    quantity: 'Leave empty when each row is one unit',
    total_amount: 'What the line sold for in all, not a unit price',
    status: 'Rows whose status says cancelled are skipped',
    buyer_state: 'Where the order ships to, for GST; without it the place of supply is unknown',
  },
  requiredFields,
  layouts: orderReportLayouts,
  mappingKey: (platform) => `factoryflow:order-import-mapping:${platform}`,
  platformKey: 'factoryflow:order-import-platform',
};

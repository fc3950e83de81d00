import type { ColumnMapping, ReportKind, ReportLayout } from './report-layouts';

/** What a return needs from a returns report row (import_returns' line; docs/imports.md has the layouts). */
export const returnReportFields = [
  'external_order_id',
  'sku',
  'quantity',
  'return_date',
  'kind',
  'condition',
  'good_quantity',
  'bad_quantity',
  'return_fees',
] as const;
export type ReturnReportField = (typeof returnReportFields)[number];
export type ReturnColumnMapping = ColumnMapping<ReturnReportField>;

/**
 * How a layout's kind column says RTO or customer return (returnKindOf in return-report-values.ts):
 * - `return_type`: the column names the kind in words (Flipkart's `courier_return`/`customer_return`);
 * - `amazon_reason`: Amazon's FBA customer returns report, whose `reason` says `UNDELIVERABLE_…`
 *   for a parcel that never reached the buyer (RTO), any other reason being a customer return;
 * - `customer_return`: every row is a customer return, whatever the column says.
 */
export type KindRule = 'return_type' | 'amazon_reason' | 'customer_return';

export interface ReturnReportLayout extends ReportLayout<ReturnReportField> {
  kindRule: KindRule;
}

/**
 * The returns reports recognised by their headers; the versions followed, with their sources, are in
 * docs/imports.md ("Importing returns reports"). Myntra has none: no public description of its returns
 * report was found, so a Myntra file is mapped by hand.
 */
const returnReportLayouts: readonly ReturnReportLayout[] = [
  {
    // Flipkart Seller Hub, Returns: one row per return of an order item. Completed Date is the day
    // the return reached the seller; a return still on its way has none.
    name: 'Flipkart returns report',
    platform: 'Flipkart',
    kindRule: 'return_type',
    headers: {
      external_order_id: ['order id'],
      sku: ['sku'],
      quantity: ['quantity'],
      return_date: ['completed date'],
      kind: ['return type'],
      condition: [],
      // The units back in good and in bad (defective) condition, where the report gives them: named
      // in the issue (43) from sellers' downloads; no public file with them was found.
      good_quantity: ['good quantity'],
      bad_quantity: ['bad quantity'],
      return_fees: [],
    },
  },
  {
    // Amazon GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA (tab-delimited): one row per unit (licence
    // plate) processed at the fulfilment centre, its detailed-disposition the inspection.
    name: 'Amazon FBA customer returns report',
    platform: 'Amazon',
    kindRule: 'amazon_reason',
    headers: {
      external_order_id: ['order-id'],
      sku: ['sku'],
      quantity: ['quantity'],
      return_date: ['return-date'],
      kind: ['reason'],
      condition: ['detailed-disposition'],
      good_quantity: [],
      bad_quantity: [],
      return_fees: [],
    },
  },
  {
    // Amazon GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE (merchant-fulfilled returns): the buyer's
    // return requests; Return delivery date is the day the return reached the seller, Label cost
    // the return label's cost.
    name: 'Amazon returns report (merchant fulfilled)',
    platform: 'Amazon',
    kindRule: 'customer_return',
    headers: {
      external_order_id: ['order id'],
      sku: ['merchant sku'],
      quantity: ['return quantity'],
      return_date: ['return delivery date'],
      kind: ['return type'],
      condition: [],
      good_quantity: [],
      bad_quantity: [],
      return_fees: ['label cost'],
    },
  },
  {
    // Meesho Supplier Panel, Returns → download: RTOs and customer returns by sub order. Its Return
    // Created Date is the only date of the return found in public sellers' tools (no real file
    // found; docs/imports.md): a return not yet back should be left out of the file, or mapped with
    // another date column (Change columns).
    name: 'Meesho returns report',
    platform: 'Meesho',
    kindRule: 'return_type',
    headers: {
      external_order_id: ['suborder number', 'sub order no'],
      sku: ['sku'],
      quantity: ['qty', 'quantity'],
      return_date: ['return created date'],
      kind: ['type of return'],
      condition: [],
      good_quantity: [],
      bad_quantity: [],
      return_fees: [],
    },
  },
];

export const returnReport: ReportKind<ReturnReportField, ReturnReportLayout> = {
  fields: returnReportFields,
  labels: {
    external_order_id: 'Order id',
    sku: 'SKU',
    quantity: 'Quantity',
    return_date: 'Return date',
    kind: 'Kind (RTO or customer return)',
    condition: 'Condition',
    good_quantity: 'Good quantity',
    bad_quantity: 'Bad (defective) quantity',
    return_fees: 'Return fees',
  },
  descriptions: {
    quantity: 'Leave empty when each row is one unit',
    return_date: 'The day it came back; rows without one are skipped',
    kind: 'Words such as RTO, courier_return, customer_return',
    condition: 'sellable, damaged, wrong_item or missing; empty is sellable',
    good_quantity: 'Units back in good condition: sellable',
    bad_quantity: 'Units back defective: damaged, a claim, never stock',
    return_fees: 'Reverse shipping and return fees, in rupees',
  },
  // Quantity may stay unmapped (a row is one unit); condition, good and bad quantities and fees are optional.
  requiredFields: ['external_order_id', 'sku', 'return_date', 'kind'],
  layouts: returnReportLayouts,
  mappingKey: (platform) => `factoryflow:returns-import-mapping:${platform}`,
  platformKey: 'factoryflow:returns-import-platform',
};

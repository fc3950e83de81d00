import type { ColumnMapping, ReportKind, ReportLayout } from './report-layouts';
import {
  flipkartMoneyColumns,
  meeshoMoneyColumns,
  meeshoNoOrderSheets,
  myntraMoneyColumns,
  myntraSettledColumns,
  type MoneyColumn,
  type NoOrderSheet,
} from './settlement-categories';

/** What a settlement line needs from a report row (import_settlement's line). */
export const settlementReportFields = [
  'settlement_id',
  'external_order_id',
  'sku',
  'posted_date',
  'amount',
  'transaction_type',
  'amount_type',
  'description',
  'category',
] as const;
export type SettlementReportField = (typeof settlementReportFields)[number];
export type SettlementColumnMapping = ColumnMapping<SettlementReportField>;

/**
 * How a layout's rows become lines (settlementRowLines):
 * - `amazon_v2`: one line a row, its category from the amount-description (settlement-categories.ts);
 * - `money_columns`: one line per non-zero money column of the row (Flipkart, Myntra);
 * - a file mapped by hand (no layout) is one line a row, its category from a category column's words.
 */
export interface SettlementReportLayout extends ReportLayout<SettlementReportField> {
  shape: 'amazon_v2' | 'money_columns';
  /** Dates written with slashes: month first (Amazon's MM/DD/YY) or day first (India's). */
  dayFirst: boolean;
  moneyColumns: readonly MoneyColumn[];
  /** What the report calls the amount paid for a row, for the line of a difference its columns leave. */
  paidName?: string;
  /**
   * Columns whose sum is what was paid for the row (Myntra's settled amounts, prepaid and postpaid),
   * beside the money columns, each with the column of its date paid.
   */
  settledColumns?: readonly { amount: string; date: string }[];
  /** The workbook's other sheets read, each row a line of no order (Meesho's Ads Cost). */
  noOrderSheets?: readonly NoOrderSheet[];
}

const none = { transaction_type: [], amount_type: [], description: [], category: [] };

/**
 * The settlement reports recognised by their headers; the versions followed, with their sources,
 * are in docs/imports.md ("Importing settlements").
 */
const settlementReportLayouts: readonly SettlementReportLayout[] = [
  {
    // GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2, tab-delimited: row 2 is the settlement's summary.
    name: 'Amazon settlement report (V2)',
    platform: 'Amazon',
    shape: 'amazon_v2',
    dayFirst: false,
    moneyColumns: [],
    headers: {
      settlement_id: ['settlement-id'],
      external_order_id: ['order-id'],
      sku: ['sku'],
      posted_date: ['posted-date', 'posted-date-time'],
      amount: ['amount'],
      transaction_type: ['transaction-type'],
      amount_type: ['amount-type'],
      description: ['amount-description'],
      category: [],
    },
  },
  {
    // Seller Hub, Payments → Settled Transactions, sheet "Orders": help lines and a row of groups
    // above the field names, empty separator columns between the groups; a row of formulas or
    // sub-fields may follow them.
    name: 'Flipkart settled transactions (payments report)',
    platform: 'Flipkart',
    shape: 'money_columns',
    dayFirst: true,
    moneyColumns: flipkartMoneyColumns,
    headers: {
      ...none,
      settlement_id: ['neft id'],
      external_order_id: ['order id'],
      sku: ['seller sku'],
      posted_date: ['payment date'],
      // The real file's header cell carries its formula on a second line ("= SUM(J:R)").
      amount: ['bank settlement value (rs.)', 'bank settlement value (rs.) = sum(j:r)'],
      description: ['order item id'],
    },
  },
  {
    // Partner Portal, forward and reverse settlement reports: two title rows above the header.
    name: 'Myntra settlement report',
    platform: 'Myntra',
    shape: 'money_columns',
    dayFirst: true,
    moneyColumns: myntraMoneyColumns,
    settledColumns: myntraSettledColumns,
    headers: {
      ...none,
      settlement_id: ['neft_ref', 'utr_number_prepaid', 'utr_number_postpaid'],
      external_order_id: ['order_release_id'],
      sku: ['seller_sku_code'],
      posted_date: ['settlement_date_prepaid_payment', 'settlement_date_postpaid_payment', 'settlement_date'],
      amount: ['settled_amount_prepaid', 'settled_amount_postpaid'],
    },
  },
  {
    // Supplier Panel → Payments: one row per sub order on the sheet Order Payments, held to a real
    // file (tests/fixtures/real/meesho, docs/imports.md); the ads, referral and compensation sheets
    // beside it give lines of no order.
    name: 'Meesho payments file',
    platform: 'Meesho',
    shape: 'money_columns',
    dayFirst: true,
    moneyColumns: meeshoMoneyColumns,
    paidName: 'Final Settlement Amount',
    noOrderSheets: meeshoNoOrderSheets,
    headers: {
      ...none,
      settlement_id: ['transaction id'],
      external_order_id: ['sub order no'],
      sku: ['supplier sku'],
      posted_date: ['payment date'],
      amount: ['final settlement amount'],
    },
  },
];

export const settlementReport: ReportKind<SettlementReportField, SettlementReportLayout> = {
  fields: settlementReportFields,
  labels: {
    settlement_id: 'Settlement (payment) id',
    external_order_id: 'Order id',
    sku: 'SKU',
    posted_date: 'Date paid',
    amount: 'Amount',
    transaction_type: 'Transaction type',
    amount_type: 'Amount type',
    description: 'Description',
    category: 'Category',
  },
  descriptions: {
    amount: 'Credits positive, fees and withholdings negative',
    category: 'sale, commission, tcs… or words such as "Fixed closing fee"; anything else is other',
    posted_date: 'Rows without one are refused',
  },
  requiredFields: ['settlement_id', 'external_order_id', 'amount'],
  layouts: settlementReportLayouts,
  mappingKey: (platform) => `factoryflow:settlement-import-mapping:${platform}`,
  platformKey: 'factoryflow:settlement-import-platform',
};

// Which settlement category each marketplace's own amount types and money columns fall into: the
// one place this mapping lives (docs/imports.md, "Importing settlements", shows it as a table, with sources).
// Anything not named here becomes `other`, with its own words as the line's description.

/** The categories import_settlement takes. */
export const settlementCategories = [
  'sale',
  'commission',
  'fixed_fee',
  'collection_fee',
  'shipping_fee',
  'return_fee',
  'tcs',
  'tds',
  'refund',
  'reimbursement',
  'other',
] as const;
export type SettlementCategory = (typeof settlementCategories)[number];

/**
 * Amazon Settlement Report V2: the category of an `amount-description`, compared without case. A
 * fee's GST arrives as a row of its own, the fee's name followed by CGST, SGST, UTGST or IGST: it
 * takes the fee's category (amazonCategoryOf strips the suffix). Matched on the description, not
 * the amount-type: Indian files file TCS under ItemTCS or ItemWithheldTax.
 */
export const amazonDescriptionCategories: Record<string, SettlementCategory> = {
  // ItemPrice: what the buyer paid (a Refund row of these is the refund: amazonCategoryOf).
  principal: 'sale',
  'product tax': 'sale',
  shipping: 'sale',
  'shipping tax': 'sale',
  giftwrap: 'sale',
  'giftwrap tax': 'sale',
  'gift wrap': 'sale',
  'gift wrap tax': 'sale',
  // Promotion: discounts the seller funds, taken off the sale.
  'product tax discount': 'sale',
  'shipping discount': 'sale',
  'shipping tax discount': 'sale',
  // ItemFees.
  commission: 'commission',
  'shipping commission': 'commission',
  'fixed closing fee': 'fixed_fee',
  'technology fee': 'fixed_fee',
  'refund commission': 'return_fee',
  'fba pick & pack fee': 'shipping_fee',
  'fba weight handling fee': 'shipping_fee',
  'easy ship weight handling fees': 'shipping_fee',
  'amazon easy ship charges': 'shipping_fee',
  'mfn postage purchase complete': 'shipping_fee',
  // ItemTCS / ItemTDS: withheld, claimed back by the seller.
  'tcs-cgst': 'tcs',
  'tcs-sgst': 'tcs',
  'tcs-utgst': 'tcs',
  'tcs-igst': 'tcs',
  'tds (section 194-o)': 'tds',
  'tds - section 194-o': 'tds',
  // other-transaction / Adjustment.
  'fba inventory reimbursement': 'reimbursement',
  'safe-t reimbursement': 'reimbursement',
};

/** Amazon transaction-types whose sale rows are money going back to the buyer. */
export const amazonRefundTransactionTypes: readonly string[] = ['refund'];

const GST_SUFFIX = /\s+(cgst|sgst|utgst|igst)$/;

/** The category of one V2 row, from its description (and its transaction type for refunds). */
export function amazonCategoryOf(transactionType: string, description: string): SettlementCategory {
  const key = description.trim().toLowerCase().replace(/\s+/g, ' ');
  const category = amazonDescriptionCategories[key] ?? amazonDescriptionCategories[key.replace(GST_SUFFIX, '')];
  if (category === undefined) return 'other';
  if (category === 'sale' && amazonRefundTransactionTypes.includes(transactionType.trim().toLowerCase())) {
    return 'refund';
  }
  return category;
}

/**
 * A report with one row per order item and one money column per charge (Flipkart's payments,
 * Myntra's settlements): each non-zero column named here becomes a line of its category. Headers as
 * normalizeHeader leaves them. Totals that sum other columns (Flipkart's Marketplace Fee, Taxes and
 * Bank Settlement Value) are not lines: their parts are.
 */
export interface MoneyColumn {
  header: string;
  category: SettlementCategory;
  /** Myntra writes its deductions as positive numbers: such a column's amount is made negative. */
  deduction?: boolean;
}

/**
 * Flipkart Seller Hub, Payments → Settled Transactions, sheet "Orders" (docs/imports.md has the sources).
 * Their sum is the row's Bank Settlement Value, as the real file's header formulas say (SUM(J:R),
 * its Marketplace Fee and Taxes being the sums of the fee, TCS, TDS and GST columns read here);
 * `Discount in MP fees` is part of Offer Adjustments, so not read again. A difference the
 * rounding to the paisa does not explain becomes an `other` line that says so (settlementRowLines).
 */
export const flipkartMoneyColumns: readonly MoneyColumn[] = [
  { header: 'sale amount (rs.)', category: 'sale' },
  { header: 'total offer amount (rs.)', category: 'sale' },
  { header: 'my share (rs.)', category: 'sale' },
  { header: 'customer add-ons amount (rs.)', category: 'sale' },
  { header: 'offer adjustments (rs.)', category: 'other' },
  { header: 'protection fund (rs.)', category: 'reimbursement' },
  { header: 'refund (rs.)', category: 'refund' },
  { header: 'commission (rs.)', category: 'commission' },
  { header: 'fixed fee (rs.)', category: 'fixed_fee' },
  { header: 'collection fee (rs.)', category: 'collection_fee' },
  { header: 'pick and pack fee (rs.)', category: 'shipping_fee' },
  { header: 'shipping fee (rs.)', category: 'shipping_fee' },
  { header: 'reverse shipping fee (rs.)', category: 'return_fee' },
  { header: 'no cost emi fee reimbursement(rs.)', category: 'reimbursement' },
  { header: 'installation fee (rs.)', category: 'other' },
  { header: 'tech visit fee (rs.)', category: 'other' },
  { header: 'uninstallation & packaging fee (rs.)', category: 'other' },
  { header: 'customer add-ons amount recovery (rs.)', category: 'other' },
  { header: 'franchise fee (rs.)', category: 'other' },
  { header: 'shopsy marketing fee (rs.)', category: 'other' },
  { header: 'product cancellation fee (rs.)', category: 'other' },
  { header: 'tcs (rs.)', category: 'tcs' },
  { header: 'tds (rs.)', category: 'tds' },
  { header: 'gst on mp fees (rs.)', category: 'other' },
];

/**
 * Myntra's forward and reverse settlement reports (header on row 3). Only the columns seen in
 * public parsers' fixtures; the settled amount is taken as what was paid for the row, its fees as
 * already deducted from it (docs/imports.md: UNVERIFIED), so the sale line is the settled amount plus them.
 */
export const myntraMoneyColumns: readonly MoneyColumn[] = [
  { header: 'commission_amount_incl_gst', category: 'commission', deduction: true },
  { header: 'fixed_fee', category: 'fixed_fee', deduction: true },
  { header: 'logistics_cost_forward_incl_tax', category: 'shipping_fee', deduction: true },
  { header: 'pick_and_pack_fees', category: 'shipping_fee', deduction: true },
  { header: 'logistics_cost_reverse_incl_tax', category: 'return_fee', deduction: true },
  { header: 'logistics_cost_reverse', category: 'return_fee', deduction: true },
  { header: 'reverse_additional_charges', category: 'return_fee', deduction: true },
  { header: 'tech_enablement_charges', category: 'other', deduction: true },
  { header: 'tcs', category: 'tcs', deduction: true },
  { header: 'tds', category: 'tds', deduction: true },
];

/**
 * Meesho's payments file (Supplier Panel → Payments, sheet "Order Payments"), one row per sub order,
 * its Final Settlement Amount what was paid. Held to a real file (tests/fixtures/real/meesho): the
 * columns read are those its formula row adds up to the Final Settlement Amount. It names "Fixed Fee
 * (Incl. GST)" twice and has a second warehousing fee, "Warehousing fee (Incl. GST)", under
 * Deductions; neither second column, nor the GST on Net Other Support Service Charges, is in that
 * sum, so they are not read (the reader takes the first of two same-named columns). It writes
 * fees, TCS, TDS and returns negative; they are taken off whichever way they are written
 * (deduction), the sale, compensation and claims kept as written.
 */
export const meeshoMoneyColumns: readonly MoneyColumn[] = [
  { header: 'total sale amount (incl. shipping & gst)', category: 'sale' },
  { header: 'total sale return amount (incl. shipping & gst)', category: 'refund', deduction: true },
  { header: 'meesho commission (incl. gst)', category: 'commission', deduction: true },
  { header: 'fixed fee (incl. gst)', category: 'fixed_fee', deduction: true },
  { header: 'shipping charge (incl. gst)', category: 'shipping_fee', deduction: true },
  { header: 'warehousing fee (inc gst)', category: 'other', deduction: true },
  { header: 'meesho gold platform fee (incl. gst)', category: 'other', deduction: true },
  { header: 'meesho mall platform fee (incl. gst)', category: 'other', deduction: true },
  { header: 'return premium (incl gst)', category: 'return_fee', deduction: true },
  { header: 'return premium (incl gst) of return', category: 'return_fee', deduction: true },
  { header: 'return shipping charge (incl. gst)', category: 'return_fee', deduction: true },
  { header: 'net other support service charges (excl. gst)', category: 'other', deduction: true },
  { header: 'gst compensation (prp shipping)', category: 'reimbursement' },
  { header: 'tcs', category: 'tcs', deduction: true },
  { header: 'tds', category: 'tds', deduction: true },
  { header: 'compensation', category: 'reimbursement' },
  { header: 'claims', category: 'reimbursement' },
  { header: 'recovery', category: 'other', deduction: true },
];

/**
 * A sheet of a payments workbook beside the sheet of its orders, whose rows are lines of no order:
 * found by its header (headers as normalizeHeader leaves them), each row with an amount one line of
 * its category, the amount as the file signs it. Its description is the sheet's label, then the
 * named columns' values.
 */
export interface NoOrderSheet {
  label: string;
  date: string;
  amount: string;
  category: (amount: number) => SettlementCategory;
  /** Columns the description names, in order, each after its own word ('' for none). */
  named: readonly { header: string; word: string }[];
}

/**
 * Meesho's payments workbook beside Order Payments (docs/imports.md, "Meesho payments file"). Ads
 * Cost, held to the real file: a row per campaign and day advertised, its Total Ads Cost (Ad Cost
 * incl. Credits/Waivers/Discounts + GST) written negative, deducted from the payout of its Deduction
 * Date. Referral Payments and Compensation and Recovery: the real file's headers, with no row in it
 * (UNVERIFIED): the net referral amount taken as paid, its taxes already off; a compensation as a
 * reimbursement, a recovery (negative) as other, as the Order Payments columns of those names.
 */
export const meeshoNoOrderSheets: readonly NoOrderSheet[] = [
  {
    label: 'Meesho ads',
    date: 'deduction date',
    amount: 'total ads cost',
    category: () => 'other',
    named: [
      { header: 'campaign id', word: 'campaign' },
      { header: 'deduction duration', word: '' },
      { header: 'ad cost incl. credits/waivers/discounts', word: 'ad cost' },
      { header: 'gst', word: 'GST' },
    ],
  },
  {
    label: 'Meesho referral',
    date: 'payment date',
    amount: 'net referral amount',
    category: () => 'other',
    named: [
      { header: 'reward id', word: 'reward' },
      { header: 'store name', word: '' },
      { header: 'reason', word: '' },
      { header: 'taxes (gst/tds)', word: 'taxes' },
    ],
  },
  {
    label: 'Meesho recovery & compensation',
    date: 'date',
    amount: 'amount (inc gst) inr',
    category: (amount) => (amount < 0 ? 'other' : 'reimbursement'),
    named: [
      { header: 'program name', word: '' },
      { header: 'reason', word: '' },
    ],
  },
];

/**
 * Myntra's settled-amount columns: what the row paid, prepaid and postpaid (cash on delivery), each
 * with its own date paid: a cash-on-delivery row has only the postpaid one.
 */
export const myntraSettledColumns: readonly { amount: string; date: string }[] = [
  { amount: 'settled_amount_prepaid', date: 'settlement_date_prepaid_payment' },
  { amount: 'settled_amount_postpaid', date: 'settlement_date_postpaid_payment' },
];

/** A category column's words in a file mapped by hand: the category's own name, or an Amazon description. */
export function categoryOfWord(word: string): SettlementCategory {
  const key = word
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (settlementCategories as readonly string[]).includes(key)
    ? (key as SettlementCategory)
    : amazonCategoryOf('', word);
}

/**
 * The labels of the money figures whose basis is not obvious, each stating it (issue 42): revenue,
 * returns and margins are net of GST (GST is the government's, not the shop's), stock is valued at
 * cost. src/test/money-columns.test.ts lists every money column the app shows or exports with its basis.
 */
export const moneyLabels = {
  revenue: 'Revenue (net of GST)',
  returnedAmount: 'Returned Amount (net of GST)',
  margin: 'Margin (net of GST)',
  marginPercent: 'Margin % (net of GST)',
  sellingPrice: 'Selling Price (incl. GST)',
  priceBeforeGst: 'Price Before GST',
  unitValue: 'Unit Value (at cost)',
  stockValue: 'Stock Value (at cost)',
} as const;

// Issue 42, "net of tax everywhere": every money column the app shows or exports, with its basis.
// A CSV column of money or a screen file showing money that is not listed here fails, so a new one
// states its basis. Revenue, returns and margins are net of GST, and their names say so; the spec's
// own labels (Total Revenue, Total, Total Amount, Selling Price) stay as the spec has them, their
// basis stated here and in docs/gst.md ("Every figure's basis").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { CsvColumn } from '@/lib/csv';
import { moneyLabels } from '@/lib/money-labels';

vi.mock('@/lib/supabase', () => ({ supabase: {} }));

const { ownerReports } = await import('@/features/exports/api/report-exports');
const { salesOrdersExport } = await import('@/features/sales-orders/api/sales-orders-export');
const { reconciliationExport } = await import('@/features/settlements/api/reconciliation');
const { productsExport, rawMaterialsExport } = await import('@/features/catalogue/api/catalogue-export');
const { inventoryProductsExport, inventoryMaterialsExport } =
  await import('@/features/inventory/api/inventory-exports');
const { manufacturingOrdersExport } = await import('@/features/manufacturing/api/manufacturing-orders-export');
const { purchaseListColumns } = await import('@/features/inventory/utils/purchase-list');
const gstr1 = await import('@/features/gst/utils/gstr1-csv');

/** What a money figure is, as its label or this list states it. */
type Basis =
  | 'net of GST' // taxable value: revenue, returns, margins, profit (GST is not the shop's)
  | 'including GST' // a price or a document's amount, what the buyer pays
  | 'GST' // the tax itself
  | 'at cost' // what the shop pays for materials and products, before any GST it claims back
  | 'platform charges'; // fees, settlements and what the platform withholds, as the platform reports them

const ROOT = path.resolve(import.meta.dirname, '../..');
const anyQuery = {} as never;

/** Every CSV the app writes, by its file name, with its columns. */
const csvFiles: Record<string, readonly CsvColumn<never>[]> = {
  ...Object.fromEntries(ownerReports.map((report) => [report.fileName, report.columns])),
  'sales-orders': salesOrdersExport(anyQuery).columns,
  reconciliation: reconciliationExport(anyQuery).columns,
  products: productsExport(anyQuery).columns,
  'raw-materials': rawMaterialsExport(anyQuery).columns,
  'inventory-products': inventoryProductsExport(anyQuery).columns,
  'inventory-materials': inventoryMaterialsExport(anyQuery).columns,
  'manufacturing-orders': manufacturingOrdersExport(anyQuery).columns,
  'purchase-list': purchaseListColumns,
  'gstr1-b2b': gstr1.b2bColumns,
  'gstr1-b2cl': gstr1.b2clColumns,
  'gstr1-b2cs': gstr1.b2csColumns,
  'gstr1-cdnr': gstr1.cdnrColumns,
  'gstr1-cdnur': gstr1.cdnurColumns,
  'gstr1-hsn': gstr1.hsnColumns,
  'gstr1-eco': gstr1.ecoColumns,
  'gstr1-docs': gstr1.docsColumns,
};

const gstr1Invoice = { 'Invoice Value': 'including GST', 'Taxable Value': 'net of GST' } as const;
const gstr1Tax = { 'Integrated Tax Amount': 'GST', 'Central Tax Amount': 'GST', 'State/UT Tax Amount': 'GST' } as const;

/** Every money column of every CSV, with its basis. */
const csvMoneyColumns: Record<string, Record<string, Basis>> = {
  'revenue-by-platform-month': { [moneyLabels.revenue]: 'net of GST', [moneyLabels.returnedAmount]: 'net of GST' },
  'profit-by-platform-month': {
    [moneyLabels.revenue]: 'net of GST',
    Fees: 'platform charges',
    'Return Fees': 'platform charges',
    Reimbursed: 'platform charges',
    Cost: 'at cost',
    'Profit After Returns': 'net of GST',
    'Recorded Profit (at sale)': 'net of GST',
  },
  'product-margins': {
    [moneyLabels.sellingPrice]: 'including GST',
    'Unit Cost': 'at cost',
    [moneyLabels.margin]: 'net of GST',
    [moneyLabels.priceBeforeGst]: 'net of GST',
  },
  'stock-valuation': { [moneyLabels.unitValue]: 'at cost', [moneyLabels.stockValue]: 'at cost' },
  'material-consumption-by-month': { 'Value at Current Cost': 'at cost' },
  'sales-orders': {
    // The Sales list's spec column: what the buyer paid, an order's amount, not revenue.
    Total: 'including GST',
    Fees: 'platform charges',
    'Recorded Profit': 'net of GST',
    'Return Fees': 'platform charges',
    'Profit After Returns': 'net of GST',
  },
  reconciliation: {
    Expected: 'platform charges',
    Settled: 'platform charges',
    Difference: 'platform charges',
    'Fees At Your Rates': 'platform charges',
    'Fees Charged': 'platform charges',
    TCS: 'platform charges',
    TDS: 'platform charges',
    'Estimated Profit': 'net of GST',
    'Actual Profit': 'net of GST',
  },
  // The catalogue file imports again: the spec's Selling Price, GST included as prices are.
  products: { 'Selling Price': 'including GST' },
  'raw-materials': { 'Cost per Unit': 'at cost' },
  'purchase-list': { 'Cost per unit': 'at cost', 'Estimated cost': 'at cost' },
  // GSTR-1's sheets keep the offline tool's headers; each says its basis (the invoice-level sheets
  // carry no tax columns: the tool works the tax out from the taxable value and rate).
  'gstr1-b2b': gstr1Invoice,
  'gstr1-b2cl': gstr1Invoice,
  'gstr1-b2cs': { 'Taxable Value': 'net of GST' },
  'gstr1-cdnr': { 'Note Value': 'including GST', 'Taxable Value': 'net of GST' },
  'gstr1-cdnur': { 'Note Value': 'including GST', 'Taxable Value': 'net of GST' },
  'gstr1-hsn': { 'Total Value': 'including GST', 'Taxable Value': 'net of GST', ...gstr1Tax },
  'gstr1-eco': {
    'Net value of supplies': 'net of GST',
    'Integrated tax': 'GST',
    'Central tax': 'GST',
    'State/UT tax': 'GST',
  },
};

/**
 * A column of money: an amount, or a number whose name says it is one (unit costs keep their
 * decimals), a count or a percent aside.
 */
const MONEY_NAME = /cost|price|value|margin|revenue|amount|profit|fee|total|tax|paid|settled/i;
const COUNT_NAME = /orders|quantity|number|%/i;
const isMoney = (column: CsvColumn<never>) =>
  column.kind === 'amount' ||
  (column.kind === 'number' && MONEY_NAME.test(column.header) && !COUNT_NAME.test(column.header));

/** Names whose basis a reader could mistake, so the name must state it (issue 42). */
const MUST_STATE_BASIS = /revenue|returned|margin/i;

describe('every money column of every CSV has a stated basis (issue 42)', () => {
  it.each(Object.entries(csvFiles))('%s', (file, columns) => {
    const money = Object.fromEntries(
      columns.filter(isMoney).map((column) => [column.header, csvMoneyColumns[file]?.[column.header] ?? 'not listed']),
    );
    expect(money).toEqual(csvMoneyColumns[file] ?? {});
    for (const header of Object.keys(money).filter((name) => MUST_STATE_BASIS.test(name))) {
      expect(header).toMatch(/\((net of GST|incl\. GST|at cost)\)/);
    }
  });

  it('lists no CSV the app does not write', () => {
    expect(Object.keys(csvMoneyColumns).filter((file) => !(file in csvFiles))).toEqual([]);
  });
});

/** Every money figure of every screen file, with its basis: [label as the file writes it, basis]. */
const screens: Record<string, [string, Basis][]> = {
  'src/app/screens/business-cards.tsx': [
    ['of revenue', 'net of GST'],
    ['margin', 'net of GST'],
    ['short paid', 'platform charges'],
    ['Output tax', 'GST'],
    ['supplier_name', 'at cost'], // a purchase order's total
  ],
  // The spec's card and column: Total Revenue net of GST; a recent sale's Total Amount is what the buyer paid.
  'src/features/dashboard/components/dashboard.tsx': [
    ['Total Revenue', 'net of GST'],
    ['Total Amount', 'including GST'],
  ],
  'src/features/dashboard/components/profit-panels.tsx': [
    [moneyLabels.revenue, 'net of GST'],
    ['Platform fees', 'platform charges'],
    ['Profit after returns', 'net of GST'],
    ['Margin', 'net of GST'],
  ],
  'src/features/gst/components/create-invoice-modal.tsx': [['including GST', 'including GST']],
  'src/features/gst/components/credit-note-modal.tsx': [['can still be credited', 'including GST']],
  'src/features/gst/components/gst-section.tsx': [
    ['taxable_value', 'net of GST'],
    ['igst', 'GST'],
    ['Net value', 'net of GST'],
    ['Value before tax', 'net of GST'],
    ['GST paid', 'GST'],
  ],
  'src/features/gst/components/credit-notes-section.tsx': [
    ['Taxable value', 'net of GST'],
    ['GST', 'GST'],
    ['Total', 'including GST'],
  ],
  'src/features/gst/components/invoices-section.tsx': [
    ['Taxable value', 'net of GST'],
    ['Total', 'including GST'],
  ],
  // Its tax cells are printable-invoice.tsx's (LineTaxCells, TotalTaxCells).
  'src/features/gst/components/printable-credit-note.tsx': [
    ['taxable_value', 'net of GST'],
    ['total', 'including GST'],
  ],
  'src/features/gst/components/printable-invoice.tsx': [
    ['taxable_value', 'net of GST'],
    ['cgst', 'GST'],
    ['total', 'including GST'],
  ],
  'src/features/inventory/components/what-to-buy.tsx': [
    ['Cost per Unit', 'at cost'],
    ['Estimated Cost', 'at cost'],
  ],
  // A settlement file's totals as the platform reports them (Order Payments, Ads Cost, in all).
  'src/features/marketplace-files/components/report-import-modal.tsx': [['File totals', 'platform charges']],
  // A marketplace file's own amounts, shown as the file has them.
  'src/features/marketplace-files/components/report-import-preview.tsx': [['formatRupees', 'platform charges']],
  'src/features/products/components/product-detail-drawer.tsx': [
    ['Selling price', 'including GST'],
    ['Unit cost', 'at cost'],
    [moneyLabels.margin, 'net of GST'],
    ['before GST', 'net of GST'],
  ],
  // The spec's Products column.
  'src/features/products/components/products-master.tsx': [['Selling Price', 'including GST']],
  'src/features/purchasing/components/printable-purchase-order.tsx': [['unit_price', 'at cost']],
  'src/features/purchasing/components/purchase-order-drawer.tsx': [['Total', 'at cost']],
  'src/features/purchasing/components/purchase-order-form-modal.tsx': [['per ', 'at cost']],
  'src/features/purchasing/components/purchase-order-list.tsx': [['Total', 'at cost']],
  'src/features/purchasing/components/purchase-units.tsx': [['price_per_purchase_unit', 'at cost']],
  'src/features/purchasing/components/receive-purchase-order-modal.tsx': [['formatUnitCost', 'at cost']],
  // Payables (issue 46): a supplier's bill is what the supplier invoiced, its GST included.
  'src/features/purchasing/components/record-supplier-payment-modal.tsx': [['Owed', 'including GST']],
  'src/features/purchasing/components/supplier-dues.tsx': [
    ['Due', 'including GST'],
    ['Paid', 'including GST'],
  ],
  // The spec's Raw Materials column.
  'src/features/raw-materials/components/raw-materials.tsx': [['cost_per_unit', 'at cost']],
  'src/features/raw-materials/components/receive-stock-modal.tsx': [['Cost per unit', 'at cost']],
  'src/features/returns/components/claims-section.tsx': [['amount_reimbursed', 'platform charges']],
  'src/features/sales-orders/components/cancel-sale-modal.tsx': [['total_amount', 'including GST']],
  'src/features/sales-orders/components/log-sale-modal.tsx': [['price', 'including GST']],
  'src/features/sales-orders/components/order-history-modal.tsx': [
    ['total_amount', 'including GST'],
    ['Profit after returns', 'net of GST'],
    ['Return fees', 'platform charges'],
  ],
  'src/features/sales-orders/components/return-sale-modal.tsx': [['total_amount', 'including GST']],
  // The spec's Sales column: an order's amount, what the buyer paid.
  'src/features/sales-orders/components/sales-orders.tsx': [['Total', 'including GST']],
  'src/features/settings/components/platform-fees-settings.tsx': [['fee_per_order', 'platform charges']],
  'src/features/settlements/components/payments-section.tsx': [
    ['Expected', 'platform charges'],
    ['Settled', 'platform charges'],
    ['TCS / TDS withheld', 'platform charges'],
  ],
  'src/features/settlements/components/profit-leaks.tsx': [['Amount', 'platform charges']],
  'src/features/catalogue/components/styles-section.tsx': [['selling_price', 'including GST']],
  // What customers owe (issue 46): their invoices and orders as billed, GST included.
  'src/features/customers/components/customers.tsx': [
    ['Due (incl. GST)', 'including GST'],
    ['Due from customers', 'including GST'],
  ],
  'src/features/customers/components/record-customer-payment-modal.tsx': [['Still due (incl. GST)', 'including GST']],
  'src/features/customers/components/printable-statement.tsx': [['Amounts include GST', 'including GST']],
  // Job work (issue 45): the job worker's rate before GST; what it billed, GST included (a supplier's bill).
  'src/features/job-work/components/job-work.tsx': [
    ['charge_rate', 'at cost'],
    ['Charges (incl. GST)', 'including GST'],
    ['billed with GST', 'including GST'],
  ],
  'src/features/job-work/components/receive-job-work-modal.tsx': [
    ['charge_rate', 'at cost'],
    ['unit_cost', 'at cost'],
  ],
  // ITC-04 (issue 45): the challans' goods at their cost, as table 4 reports them (no tax on a challan).
  'src/features/job-work/components/itc04-section.tsx': [
    ['Taxable value', 'at cost'],
    ['Table 4, sent to job workers', 'at cost'],
  ],
  // Delivery challans (issue 45): goods moved at their cost, no sale and no tax charged.
  'src/features/locations/components/locations.tsx': [['Taxable value', 'at cost']],
  'src/features/locations/components/printable-challan.tsx': [
    ['Value per unit', 'at cost'],
    ['Taxable value', 'at cost'],
  ],
};

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [relative] : [];
  });
}

describe('every screen that shows money lists its figures with their bases (issue 42)', () => {
  const showingMoney = sourceFiles('src').filter((file) =>
    /formatRupees|formatProfit|formatUnitCost/.test(readFileSync(path.join(ROOT, file), 'utf8')),
  );

  it('lists exactly the screen files that format money', () => {
    expect(showingMoney.sort()).toEqual(Object.keys(screens).sort());
  });

  it.each(Object.entries(screens))('%s', (file, figures) => {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    for (const [label] of figures) {
      const key = Object.entries(moneyLabels).find(([, text]) => text === label)?.[0];
      expect(source.includes(label) || (key !== undefined && source.includes(`moneyLabels.${key}`)), label).toBe(true);
    }
  });

  it('names revenue net of GST wherever a screen shows it, but for the spec\'s "Total Revenue"', () => {
    const revenueLabels = Object.values(screens)
      .flat()
      .filter(([label]) => /^revenue/i.test(label));
    expect(revenueLabels).toEqual([[moneyLabels.revenue, 'net of GST']]);
  });
});

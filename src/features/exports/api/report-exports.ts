import type { CsvColumn } from '@/lib/csv';
import { moneyLabels } from '@/lib/money-labels';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import type { CsvExport } from '@/lib/csv-export';

/** One row of an owner report, as owner_report returns it (column name → value). */
type ReportRow = Record<string, string | number | null>;
type ReportName =
  | 'revenue_by_platform_month'
  | 'profit_by_platform_month'
  | 'product_margins'
  | 'stock_valuation'
  | 'material_consumption_by_month'
  | 'low_stock_items';

export interface OwnerReport extends CsvExport<ReportRow> {
  title: string;
}

const column = (header: string, kind: CsvColumn<ReportRow>['kind'], key: string): CsvColumn<ReportRow> => ({
  header,
  kind,
  value: (row) => row[key],
});

/** The owner reports of the SQL console (schema `reports`), each the caller's rows only. */
function ownerReport(report: ReportName, title: string, columns: CsvColumn<ReportRow>[]): OwnerReport {
  return {
    title,
    fileName: report.replaceAll('_', '-'),
    columns,
    fetchPage: async ({ from, to }) => {
      const { data, error } = await supabase.rpc('owner_report', { report }).range(from, to);
      if (error) throw toUserError(error);
      return data as ReportRow[];
    },
  };
}

export const ownerReports: OwnerReport[] = [
  ownerReport('revenue_by_platform_month', 'Revenue by platform and month', [
    column('Month', 'date', 'month'),
    column('Platform', 'text', 'platform'),
    column('Orders', 'number', 'orders'),
    column('Units Sold', 'number', 'units_sold'),
    column(moneyLabels.revenue, 'amount', 'revenue'),
    column('Cancelled Orders', 'number', 'cancelled_orders'),
    column('Returned Orders', 'number', 'returned_orders'),
    column('Units Returned', 'number', 'units_returned'),
    column(moneyLabels.returnedAmount, 'amount', 'returned_amount'),
  ]),
  ownerReport('profit_by_platform_month', 'Profit by platform and month', [
    column('Month', 'date', 'month'),
    column('Platform', 'text', 'platform'),
    column('Orders', 'number', 'orders'),
    column('Units Sold', 'number', 'units_sold'),
    column(moneyLabels.revenue, 'amount', 'revenue'),
    column('Fees', 'amount', 'fees'),
    column('Return Fees', 'amount', 'return_fees'),
    column('Reimbursed', 'amount', 'reimbursed'),
    column('Cost', 'amount', 'cost'),
    column('Profit After Returns', 'amount', 'profit_after_returns'),
    column('Recorded Profit (at sale)', 'amount', 'recorded_profit'),
    // Issue 33: left out of Cost and both profits, which are empty when every order was.
    column('Orders Without Cost', 'number', 'orders_without_cost'),
  ]),
  ownerReport('product_margins', 'Product margins', [
    column('SKU', 'text', 'sku'),
    column('Product Name', 'text', 'product_name'),
    column(moneyLabels.sellingPrice, 'amount', 'selling_price'),
    column('Unit Cost', 'number', 'unit_cost'),
    column(moneyLabels.margin, 'number', 'margin'),
    column(moneyLabels.marginPercent, 'number', 'margin_percent'),
    // Issue 42: the price the margin is on, last so every earlier column keeps its place.
    column(moneyLabels.priceBeforeGst, 'amount', 'price_before_gst'),
  ]),
  ownerReport('stock_valuation', 'Stock valuation', [
    column('Item Type', 'text', 'item_type'),
    column('Item', 'text', 'item_name'),
    column('Stock', 'number', 'stock'),
    column('Unit', 'text', 'unit'),
    column(moneyLabels.unitValue, 'number', 'unit_value'),
    column(moneyLabels.stockValue, 'amount', 'stock_value'),
  ]),
  ownerReport('material_consumption_by_month', 'Material consumption by month', [
    column('Month', 'date', 'month'),
    column('Material', 'text', 'material_name'),
    column('Unit', 'text', 'unit'),
    column('Consumed', 'number', 'consumed'),
    column('Value at Current Cost', 'amount', 'consumed_value_at_current_cost'),
  ]),
  ownerReport('low_stock_items', 'Low stock items', [
    column('Item Type', 'text', 'item_type'),
    column('Item', 'text', 'item_name'),
    column('Stock', 'number', 'stock'),
    column('Reorder Point', 'number', 'reorder_point'),
  ]),
];

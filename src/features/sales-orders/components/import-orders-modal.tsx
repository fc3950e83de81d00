import { Stack } from '@mantine/core';
import type { DataTableColumn } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import { previewImport, useImportSalesOrders } from '@/features/marketplace-files/api/import-sales-orders';
import {
  orderReport,
  type OrderReportField,
  type OrderReportLayout,
} from '@/features/marketplace-files/utils/order-report-layouts';
import { columnDateOrder } from '@/features/marketplace-files/utils/report-read';
import { toImportLines, type ImportLine } from '@/features/marketplace-files/utils/order-report-lines';
import { previewRows, type PreviewRow, type RowOutcome } from '@/features/marketplace-files/utils/order-report-preview';
import { readOrderReportRows } from '@/features/marketplace-files/utils/order-report-read';
import { newLines } from '@/features/marketplace-files/utils/report-import';
import { plural } from '@/lib/format';
import { importedMessage, orderCount } from './import-orders-count';
import { UnknownSkuAction } from '@/features/marketplace-files/components/preview-actions';
import { ReportImportModal, type ReportImporter } from '@/features/marketplace-files/components/report-import-modal';
import { OutcomeCell, type OutcomeLabels } from '@/features/marketplace-files/components/report-import-outcome';
import { reportAmount, reportQuantity } from '@/features/marketplace-files/components/report-import-preview';

const outcomeLabels: OutcomeLabels<RowOutcome> = {
  new: { label: 'New sale', color: 'green' },
  already_imported: { label: 'Already imported (skipped)', color: 'gray' },
  duplicate: { label: 'Repeated line (skipped)', color: 'gray' },
  cancelled: { label: 'Cancelled in the report (skipped)', color: 'gray' },
  unknown_sku: { label: 'Unknown SKU', color: 'orange' },
  archived: { label: 'Archived product', color: 'orange' },
  not_enough_stock: { label: 'Not enough stock', color: 'red' },
  invalid: { label: 'Refused', color: 'red' },
  unreadable: { label: 'Unreadable row', color: 'red' },
};

// A date alone is midnight in India, as the server records it.
const reportDate = (value: string) => {
  const timestamp = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+05:30` : value;
  return Number.isNaN(Date.parse(timestamp)) ? value : formatDateTime(timestamp);
};

const columns: DataTableColumn<PreviewRow>[] = [
  { label: 'Row', numeric: true, cell: (row) => row.line },
  { label: 'Order id', cell: (row) => row.external_order_id },
  { label: 'Date', cell: (row) => reportDate(row.order_date) },
  { label: 'SKU', fw: 500, cell: (row) => row.sku },
  { label: 'Qty', numeric: true, cell: (row) => reportQuantity(row.quantity) },
  { label: 'Amount', numeric: true, cell: (row) => reportAmount(row.total_amount) },
  {
    label: 'Outcome',
    cell: (row) => (
      <Stack gap={4} align="flex-start">
        <OutcomeCell outcome={row.outcome} message={row.message} labels={outcomeLabels} />
        {row.outcome === 'unknown_sku' && <UnknownSkuAction sku={row.sku} />}
      </Stack>
    ),
  },
];

const orderImporter: ReportImporter<OrderReportField, ImportLine, RowOutcome, PreviewRow, OrderReportLayout> = {
  kind: orderReport,
  title: 'Import orders',
  intro:
    "A marketplace's order report becomes sales here, each with its order id and date. The file is read in this browser and not uploaded; nothing is saved until you import.",
  fileLabel: 'Order report',
  check: async (platform, file, mapping, layout, { headerRow, dateOrder }, onProgress) => {
    const rows = await readOrderReportRows(
      file,
      mapping,
      headerRow,
      (count) => onProgress(`Reading the file… ${count} rows`),
      { dateOrder, layout },
    );
    const lines = toImportLines(rows);
    onProgress(`Checking ${plural(lines.lines.length, 'line', 'lines')} against your products and orders…`);
    const previews = await previewImport(platform, lines.lines);
    return { rows: previewRows(rows, lines, previews), toImport: newLines(lines.lines, previews) };
  },
  dateOrder: (source, mapping, headerRow) => columnDateOrder(source, mapping.order_date, headerRow),
  columns,
  outcomeLabels,
  importLabel: (lines) => `Import ${orderCount(lines)}`,
  importedMessage,
  checkedPerPart: 'stock was checked',
};

export function ImportOrdersModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const importing = useImportSalesOrders();
  return <ReportImportModal opened={opened} onClose={onClose} importer={orderImporter} importing={importing} />;
}

import { Stack } from '@mantine/core';
import type { DataTableColumn } from '@/components/data-table';
import { formatDay } from '@/lib/format';
import { previewReturnsImport, useImportReturns } from '@/features/marketplace-files/api/import-returns';
import {
  returnReport,
  type ReturnReportField,
  type ReturnReportLayout,
} from '@/features/marketplace-files/utils/return-report-layouts';
import {
  readReturnReportRows,
  returnPreviewRows,
  toReturnLines,
  type ReturnImportLine,
  type ReturnPreviewRow,
  type ReturnRowOutcome,
} from '@/features/marketplace-files/utils/return-report-lines';
import { newLines } from '@/features/marketplace-files/utils/report-import';
import { columnDateOrder } from '@/features/marketplace-files/utils/report-read';
import { plural } from '@/lib/format';
import { UnknownSkuAction } from '@/features/marketplace-files/components/preview-actions';
import { ReportImportModal, type ReportImporter } from '@/features/marketplace-files/components/report-import-modal';
import { OutcomeCell, type OutcomeLabels } from '@/features/marketplace-files/components/report-import-outcome';
import { reportAmount, reportQuantity } from '@/features/marketplace-files/components/report-import-preview';

const outcomeLabels: OutcomeLabels<ReturnRowOutcome> = {
  new: { label: 'New return', color: 'green' },
  already_imported: { label: 'Already imported (skipped)', color: 'gray' },
  duplicate: { label: 'Repeated line (skipped)', color: 'gray' },
  not_back: { label: 'Not back yet (skipped)', color: 'gray' },
  unknown_order: { label: 'Unknown order', color: 'orange' },
  not_returnable: { label: 'Not returnable', color: 'orange' },
  too_many: { label: 'More units than remain', color: 'red' },
  invalid: { label: 'Refused', color: 'red' },
  unreadable: { label: 'Unreadable row', color: 'red' },
};

const kindNames: Record<string, string> = { rto: 'RTO', customer_return: 'Customer return' };
const conditionNames: Record<string, string> = {
  sellable: 'Sellable',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  missing: 'Missing',
};

const columns: DataTableColumn<ReturnPreviewRow>[] = [
  { label: 'Row', numeric: true, cell: (row) => row.line },
  { label: 'Order id', cell: (row) => row.external_order_id },
  {
    label: 'Returned on',
    cell: (row) => (/^\d{4}-\d{2}-\d{2}$/.test(row.return_date) ? formatDay(row.return_date) : row.return_date),
  },
  { label: 'SKU', fw: 500, cell: (row) => row.sku },
  { label: 'Qty', numeric: true, cell: (row) => reportQuantity(row.quantity) },
  { label: 'Kind', cell: (row) => kindNames[row.kind] ?? row.kind },
  {
    label: 'Condition',
    cell: (row) => (row.condition === null ? 'Sellable' : (conditionNames[row.condition] ?? row.condition)),
  },
  { label: 'Fees', numeric: true, cell: (row) => reportAmount(row.return_fees) },
  {
    label: 'Outcome',
    cell: (row) => (
      <Stack gap={4} align="flex-start">
        <OutcomeCell outcome={row.outcome} message={row.message} labels={outcomeLabels} />
        {/* The SKU may be the marketplace's name for a product (issue 34): map it, and preview again. */}
        {row.outcome === 'unknown_order' && <UnknownSkuAction sku={row.sku} />}
      </Stack>
    ),
  },
];

const returnsCount = (lines: readonly unknown[]) => plural(lines.length, 'return', 'returns');

const returnImporter: ReportImporter<
  ReturnReportField,
  ReturnImportLine,
  ReturnRowOutcome,
  ReturnPreviewRow,
  ReturnReportLayout
> = {
  kind: returnReport,
  title: 'Import returns',
  intro:
    "A marketplace's returns report records its RTOs and customer returns here, against the orders imported or logged with the same order id and SKU: sellable units back in stock, the others a claim. The file is read in this browser and not uploaded; nothing is saved until you import.",
  fileLabel: 'Returns report',
  check: async (platform, file, mapping, layout, { headerRow, dateOrder }, onProgress) => {
    const rows = await readReturnReportRows(
      file,
      mapping,
      layout,
      headerRow,
      (count) => onProgress(`Reading the file… ${count} rows`),
      dateOrder,
    );
    const lines = toReturnLines(rows);
    onProgress(`Checking ${plural(lines.lines.length, 'line', 'lines')} against your orders…`);
    const previews = await previewReturnsImport(platform, lines.lines);
    return { rows: returnPreviewRows(rows, lines, previews), toImport: newLines(lines.lines, previews) };
  },
  dateOrder: (source, mapping, headerRow) => columnDateOrder(source, mapping.return_date, headerRow),
  columns,
  outcomeLabels,
  importLabel: (lines) => `Import ${returnsCount(lines)}`,
  importedMessage: (lines, result) =>
    result.skipped === 0 && result.created === lines.length
      ? `Imported ${returnsCount(lines)}.`
      : `Imported ${plural(result.created, 'return', 'returns')}; ${plural(result.skipped, 'line was', 'lines were')} already imported and skipped.`,
  checkedPerPart: 'the units still to return were checked',
};

export function ImportReturnsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const importing = useImportReturns();
  return <ReportImportModal opened={opened} onClose={onClose} importer={returnImporter} importing={importing} />;
}

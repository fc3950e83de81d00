import { Text } from '@mantine/core';
import { Fragment } from 'react';
import type { DataTableColumn } from '@/components/data-table';
import { formatDay } from '@/lib/format';
import {
  previewSettlementImport,
  useImportSettlement,
  type SettlementImportResult,
} from '@/features/marketplace-files/api/import-settlement';
import type {
  SettlementReportField,
  SettlementReportLayout,
} from '@/features/marketplace-files/utils/settlement-report-layouts';
import { settlementReport } from '@/features/marketplace-files/utils/settlement-report-layouts';
import {
  readNoOrderSheetRows,
  readSettlementReportRows,
  settlementDateOrder,
  settlementFileTotals,
  settlementLines,
  settlementLinesToImport,
  settlementPreviewRows,
  type SettlementImportLine,
  type SettlementPreviewRow,
  type SettlementRowOutcome,
} from '@/features/marketplace-files/utils/settlement-report-lines';
import { plural } from '@/lib/format';
import { ReportImportModal, type ReportImporter } from '@/features/marketplace-files/components/report-import-modal';
import { OutcomeCell, type OutcomeLabels } from '@/features/marketplace-files/components/report-import-outcome';
import { reportAmount } from '@/features/marketplace-files/components/report-import-preview';

const outcomeLabels: OutcomeLabels<SettlementRowOutcome> = {
  new: { label: 'New line', color: 'green' },
  unmatched: { label: 'Unmatched (kept)', color: 'yellow' },
  already_imported: { label: 'Already imported (skipped)', color: 'gray' },
  duplicate: { label: 'Repeated line (skipped)', color: 'gray' },
  skipped: { label: 'Not a line (skipped)', color: 'gray' },
  invalid: { label: 'Refused', color: 'red' },
  unreadable: { label: 'Unreadable row', color: 'red' },
};

const categoryNames: Record<string, string> = {
  sale: 'Sale',
  commission: 'Commission',
  fixed_fee: 'Fixed fee',
  collection_fee: 'Collection fee',
  shipping_fee: 'Shipping fee',
  return_fee: 'Return fee',
  tcs: 'TCS',
  tds: 'TDS',
  refund: 'Refund',
  reimbursement: 'Reimbursement',
  other: 'Other',
};

// Empty stays empty: a phone's card leaves out the labels of empty values.
const noWrap = (text: string) =>
  text === '' ? (
    ''
  ) : (
    <Text span inherit style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Text>
  );

// Breaks only between words: "Ads Cost 2025-08-22" keeps its day whole. One span, so that a
// phone's card (a flex line) does not spread the words apart.
const wordsNoWrap = (text: string) =>
  text === '' ? (
    ''
  ) : (
    <Text span inherit>
      {text.split(' ').map((word, index) => (
        <Fragment key={index}>
          {index > 0 && ' '}
          {noWrap(word)}
        </Fragment>
      ))}
    </Text>
  );

const columns: DataTableColumn<SettlementPreviewRow>[] = [
  // A row of another sheet than the header's (Meesho's Ads Cost) says which.
  { label: 'Row', numeric: true, cell: (row) => row.place },
  { label: 'Settlement', cell: (row) => wordsNoWrap(row.settlement_id) },
  // Order ids and days stay on one line: Amazon's ids break at their hyphens otherwise.
  { label: 'Order id', cell: (row) => noWrap(row.external_order_id) },
  {
    label: 'Paid on',
    cell: (row) => noWrap(/^\d{4}-\d{2}-\d{2}$/.test(row.posted_date) ? formatDay(row.posted_date) : row.posted_date),
  },
  { label: 'Category', fw: 500, cell: (row) => (row.category === null ? '' : categoryNames[row.category]) },
  { label: 'Description', cell: (row) => row.description },
  { label: 'Amount', numeric: true, cell: (row) => reportAmount(row.amount) },
  {
    label: 'Outcome',
    cell: (row) => <OutcomeCell outcome={row.outcome} message={row.message} labels={outcomeLabels} />,
  },
];

const linesCount = (count: number) => plural(count, 'settlement line', 'settlement lines');

const settlementImporter: ReportImporter<
  SettlementReportField,
  SettlementImportLine,
  SettlementRowOutcome,
  SettlementPreviewRow,
  SettlementReportLayout
> = {
  kind: settlementReport,
  title: 'Import settlement',
  intro:
    "A marketplace's settlement (payments) report records what it paid for each order, and what it kept: fees, TCS, TDS, refunds, ads. Lines whose order is not in FactoryFlow are kept as unmatched. The file is read in this browser and not uploaded; nothing is saved until you import.",
  fileLabel: 'Settlement report',
  check: async (platform, file, mapping, layout, { headerRow, dateOrder, workbook }, onProgress) => {
    const rows = [
      ...(await readSettlementReportRows(
        file,
        mapping,
        layout,
        headerRow,
        (count) => onProgress(`Reading the file… ${count} rows`),
        dateOrder,
      )),
      ...readNoOrderSheetRows(workbook, layout),
    ];
    const lines = settlementLines(rows);
    onProgress(`Checking ${plural(lines.length, 'line', 'lines')} against your orders…`);
    const verdicts = await previewSettlementImport(platform, lines);
    return {
      rows: settlementPreviewRows(rows, verdicts),
      toImport: settlementLinesToImport(lines, verdicts),
      totals: settlementFileTotals(rows, file),
    };
  },
  dateOrder: settlementDateOrder,
  columns,
  outcomeLabels,
  importLabel: (lines) => `Import ${linesCount(lines.length)}`,
  importedMessage: (_lines, result) => {
    const { created, skipped, unmatched } = result as SettlementImportResult;
    return [
      `Imported ${linesCount(created)}`,
      unmatched > 0
        ? `${plural(unmatched, 'line has', 'lines have')} no order here and ${unmatched === 1 ? 'is' : 'are'} kept as unmatched`
        : null,
      skipped > 0 ? `${plural(skipped, 'line was', 'lines were')} already imported and skipped` : null,
    ]
      .filter(Boolean)
      .join('; ')
      .concat('.');
  },
  checkedPerPart: 'the lines already imported were checked',
};

export function ImportSettlementModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const importing = useImportSettlement();
  return <ReportImportModal opened={opened} onClose={onClose} importer={settlementImporter} importing={importing} />;
}

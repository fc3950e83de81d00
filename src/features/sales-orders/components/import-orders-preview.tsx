import { Badge, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { formatDateTime, formatQuantity, formatRupees } from '@/lib/format';
import type { PreviewRow } from '../utils/order-report-preview';
import { countOutcomes } from '../utils/order-report-preview';
import { OutcomeCell, outcomeLabels, type RowOutcome } from './import-orders-outcome';

/** A page of the preview: a 50 MB report has every row in it, one page at a time. */
const ROWS_PER_PAGE = 100;

// Cells show what the file says; a value the reader could not make a number of stays as written.
const amount = (value: number | string | null) => (typeof value === 'number' ? formatRupees(value) : (value ?? ''));
const quantity = (value: number | string | null) => (typeof value === 'number' ? formatQuantity(value) : (value ?? ''));
// A date alone is midnight in India, as the server records it.
const orderDate = (value: string) => {
  const timestamp = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+05:30` : value;
  return Number.isNaN(Date.parse(timestamp)) ? value : formatDateTime(timestamp);
};

const columns: DataTableColumn<PreviewRow>[] = [
  { label: 'Row', numeric: true, cell: (row) => row.line },
  { label: 'Order id', cell: (row) => row.external_order_id },
  { label: 'Date', cell: (row) => orderDate(row.order_date) },
  { label: 'SKU', fw: 500, cell: (row) => row.sku },
  { label: 'Qty', numeric: true, cell: (row) => quantity(row.quantity) },
  { label: 'Amount', numeric: true, cell: (row) => amount(row.total_amount) },
  { label: 'Outcome', cell: (row) => <OutcomeCell outcome={row.outcome} message={row.message} /> },
];

export function ImportOrdersPreview({ rows }: { rows: PreviewRow[] }) {
  const [page, setPage] = useState(1);
  const pages = Math.ceil(rows.length / ROWS_PER_PAGE);
  const counts = countOutcomes(rows);
  const shown = rows.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);

  return (
    <Stack gap="sm">
      <Group gap="xs" aria-label="Preview summary">
        {(Object.keys(outcomeLabels) as RowOutcome[])
          .filter((outcome) => counts[outcome])
          .map((outcome) => (
            <Badge key={outcome} color={outcomeLabels[outcome].color} variant="outline" tt="none">
              {outcomeLabels[outcome].label}: {counts[outcome]}
            </Badge>
          ))}
      </Group>
      <DataTable columns={columns} rows={shown} minWidth={860} maxHeight="45dvh" />
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Rows {(page - 1) * ROWS_PER_PAGE + 1}–{Math.min(page * ROWS_PER_PAGE, rows.length)} of {rows.length}
          </Text>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </Stack>
  );
}

import { Badge, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { formatQuantity, formatRupees } from '@/lib/format';
import { countOutcomes } from '../utils/report-import';
import type { OutcomeLabels } from './report-import-outcome';

// Cells show what the file says; a value the reader could not make a number of stays as written.
export const reportAmount = (value: number | string | null) =>
  typeof value === 'number' ? formatRupees(value) : (value ?? '');
export const reportQuantity = (value: number | string | null) =>
  typeof value === 'number' ? formatQuantity(value) : (value ?? '');

/** A page of the preview: a 50 MB report has every row in it, one page at a time. */
const ROWS_PER_PAGE = 100;

interface ReportImportPreviewProps<Row extends { id: string; outcome: Outcome }, Outcome extends string> {
  rows: Row[];
  columns: DataTableColumn<Row>[];
  labels: OutcomeLabels<Outcome>;
}

/** Every row of a report with what importing it would do, a page at a time, under a count per outcome. */
export function ReportImportPreview<Row extends { id: string; outcome: Outcome }, Outcome extends string>({
  rows,
  columns,
  labels,
}: ReportImportPreviewProps<Row, Outcome>) {
  const [page, setPage] = useState(1);
  const pages = Math.ceil(rows.length / ROWS_PER_PAGE);
  const counts = countOutcomes(rows);
  const shown = rows.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);

  return (
    <Stack gap="sm">
      <Group gap="xs" aria-label="Preview summary">
        {(Object.keys(labels) as Outcome[])
          .filter((outcome) => counts[outcome])
          .map((outcome) => (
            <Badge key={outcome} color={labels[outcome].color} variant="outline" tt="none">
              {labels[outcome].label}: {counts[outcome]}
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

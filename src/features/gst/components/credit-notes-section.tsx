import { Button, Pagination, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { TableSkeleton } from '@/components/table-skeleton';
import { formatDay, formatRupees } from '@/lib/format';
import { CREDIT_NOTES_PER_PAGE, useCreditNotes, type CreditNoteListRow } from '../api/credit-notes';
import { PrintableCreditNote } from './printable-credit-note';

type Row = CreditNoteListRow & { id: string };

/**
 * Credit notes (issue 42) listed on their own, below the invoices they correct, each with its own
 * print view. They are made from an invoice's Credit note button.
 */
export function CreditNotesSection() {
  const [page, setPage] = useState(0);
  const notes = useCreditNotes(page);
  const [printing, setPrinting] = useState<string | null>(null);

  const columns: DataTableColumn<Row>[] = [
    { label: 'Credit note', fw: 600, cell: (row) => row.note_number },
    { label: 'Date', halfOnPhone: true, cell: (row) => formatDay(row.note_date) },
    {
      label: 'Invoice',
      halfOnPhone: true,
      cell: (row) => (
        <div>
          {row.invoice_number}
          <Text size="xs" c="dimmed">
            of {formatDay(row.invoice_date)}
          </Text>
        </div>
      ),
    },
    {
      label: 'Buyer',
      cell: (row) => (
        <div>
          {row.buyer_name}
          <Text size="xs" c="dimmed">
            {row.buyer_gstin ?? 'Unregistered'}
          </Text>
        </div>
      ),
    },
    { label: 'Reason', halfOnPhone: true, cell: (row) => row.reason ?? '—' },
    { label: 'Taxable value', numeric: true, halfOnPhone: true, cell: (row) => formatRupees(row.taxable_value) },
    {
      label: 'GST',
      numeric: true,
      halfOnPhone: true,
      cell: (row) => formatRupees(Number(row.cgst) + Number(row.sgst) + Number(row.igst)),
    },
    { label: 'Total', numeric: true, fw: 600, cell: (row) => formatRupees(row.total) },
    {
      label: 'Actions',
      cell: (row) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setPrinting(row.credit_note_id)}
          aria-label={`Print credit note ${row.note_number}`}
        >
          Print
        </Button>
      ),
    },
  ];

  const rows = notes.data?.rows.map((row) => ({ ...row, id: row.credit_note_id }));
  const pages = Math.ceil((notes.data?.total ?? 0) / CREDIT_NOTES_PER_PAGE);
  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-label="Credit notes">
      <Title order={3} size="h4">
        Credit notes
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        Returns and price corrections against your invoices. A credit note can be issued until 30 November after the
        invoice&apos;s financial year (section 34 of the CGST Act).
      </Text>
      {notes.isError ? (
        <LoadError what="the credit notes" error={notes.error} onRetry={() => void notes.refetch()} />
      ) : !rows ? (
        <TableSkeleton label="Loading the credit notes" />
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No credit notes yet. Make one from an invoice&apos;s Credit note button.
        </Text>
      ) : (
        <>
          <DataTable columns={columns} rows={rows} minWidth={900} />
          {pages > 1 && (
            <Pagination
              mt="sm"
              total={pages}
              value={page + 1}
              onChange={(value) => setPage(value - 1)}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </>
      )}
      {printing && <PrintableCreditNote creditNoteId={printing} onClose={() => setPrinting(null)} />}
    </Paper>
  );
}

import { Button, Group, Pagination, Paper, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { TableSkeleton } from '@/components/table-skeleton';
import { formatDay, formatQuantity, formatRupees } from '@/lib/format';
import { placeOfSupply } from '@/lib/india-states';
import { RecordCustomerPaymentModal } from '@/features/customers/components/record-customer-payment-modal';
import { INVOICES_PER_PAGE, useInvoices, type InvoiceListRow } from '../api/invoices';
import { CreateInvoiceModal } from './create-invoice-modal';
import { CreditNoteModal } from './credit-note-modal';
import { PrintableInvoice } from './printable-invoice';

type Row = InvoiceListRow & { id: string };
type Dialog =
  | { kind: 'create' }
  | { kind: 'print' | 'credit'; invoiceId: string }
  | { kind: 'pay'; invoiceId: string; customerId: string };

/**
 * Invoices (issue 31), a section below the Sales Orders list: tax invoices for Brand Website and
 * Other orders (marketplaces invoice their buyers themselves), each printable and creditable.
 */
export function InvoicesSection() {
  const [page, setPage] = useState(0);
  const invoices = useInvoices(page);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const columns: DataTableColumn<Row>[] = [
    { label: 'Invoice', fw: 600, cell: (row) => row.invoice_number },
    { label: 'Date', halfOnPhone: true, cell: (row) => formatDay(row.invoice_date) },
    {
      label: 'Buyer',
      cell: (row) => (
        <div>
          {row.buyer_name}
          <Text size="xs" c="dimmed">
            {row.buyer_gstin ?? 'Unregistered'} · {placeOfSupply(row.buyer_state_code)}
          </Text>
        </div>
      ),
    },
    { label: 'Orders', numeric: true, halfOnPhone: true, cell: (row) => formatQuantity(row.orders) },
    { label: 'Taxable value', numeric: true, halfOnPhone: true, cell: (row) => formatRupees(row.taxable_value) },
    {
      label: 'GST',
      numeric: true,
      halfOnPhone: true,
      cell: (row) => formatRupees(Number(row.cgst) + Number(row.sgst) + Number(row.igst)),
    },
    { label: 'Total', numeric: true, fw: 600, cell: (row) => formatRupees(row.total) },
    {
      label: 'Credited',
      numeric: true,
      halfOnPhone: true,
      cell: (row) => (Number(row.credited) === 0 ? '—' : formatRupees(row.credited)),
    },
    {
      label: 'Actions',
      cell: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => setDialog({ kind: 'print', invoiceId: row.invoice_id })}
            aria-label={`Print invoice ${row.invoice_number}`}
          >
            Print
          </Button>
          <Button
            size="xs"
            variant="subtle"
            disabled={Number(row.credited) >= Number(row.total)}
            onClick={() => setDialog({ kind: 'credit', invoiceId: row.invoice_id })}
            aria-label={`Credit note for ${row.invoice_number}`}
          >
            Credit note
          </Button>
          {row.customer_id && (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setDialog({ kind: 'pay', invoiceId: row.invoice_id, customerId: row.customer_id! })}
              aria-label={`Record payment of ${row.invoice_number}`}
            >
              Record payment
            </Button>
          )}
        </Group>
      ),
    },
  ];

  const rows = invoices.data?.rows.map((row) => ({ ...row, id: row.invoice_id }));
  const pages = Math.ceil((invoices.data?.total ?? 0) / INVOICES_PER_PAGE);
  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-label="Invoices">
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <div>
          <Title order={3} size="h4">
            Invoices
          </Title>
          <Text c="dimmed" size="sm">
            Tax invoices for Brand Website, Ajio and Other orders; marketplaces invoice their buyers themselves.
          </Text>
        </div>
        <Button leftSection={<IconFileInvoice size={18} />} onClick={() => setDialog({ kind: 'create' })}>
          Create invoice
        </Button>
      </Group>
      {invoices.isError ? (
        <LoadError what="the invoices" error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : !rows ? (
        <TableSkeleton label="Loading the invoices" />
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No invoices yet. Create one from your website or other orders.
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
      {dialog?.kind === 'create' && (
        <CreateInvoiceModal onClose={close} onCreated={(invoiceId) => setDialog({ kind: 'print', invoiceId })} />
      )}
      {dialog?.kind === 'print' && <PrintableInvoice invoiceId={dialog.invoiceId} onClose={close} />}
      {dialog?.kind === 'credit' && <CreditNoteModal invoiceId={dialog.invoiceId} onClose={close} />}
      {dialog?.kind === 'pay' && (
        <RecordCustomerPaymentModal customerId={dialog.customerId} documentId={dialog.invoiceId} onClose={close} />
      )}
    </Paper>
  );
}

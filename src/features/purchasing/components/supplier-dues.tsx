import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { QueryList } from '@/components/query-list';
import { formatDay, formatRupees } from '@/lib/format';
import { useSupplierDues, type SupplierDue } from '../api/supplier-payments';
import { RecordSupplierPaymentModal } from './record-supplier-payment-modal';

/** An amount of a bucket, dimmed when there is none. */
const bucket = (amount: number) => (amount === 0 ? <Text c="dimmed">—</Text> : formatRupees(amount));

/**
 * What the business owes each supplier (issue 46): a purchase order's receipts are its bills, and
 * a payment settles the oldest first. What is owed by the age of its bill, and Record payment.
 */
export function SupplierDues() {
  const dues = useSupplierDues();
  const [paying, setPaying] = useState<SupplierDue | null>(null);
  const owed = (dues.data ?? []).reduce((sum, row) => sum + row.due, 0);

  const columns: DataTableColumn<SupplierDue>[] = [
    { label: 'Supplier', fw: 500, cell: (row) => row.supplier_name },
    { label: 'Due', numeric: true, fw: 600, cell: (row) => formatRupees(row.due) },
    { label: '0-30 days', numeric: true, halfOnPhone: true, cell: (row) => bucket(row.days_0_30) },
    { label: '31-60 days', numeric: true, halfOnPhone: true, cell: (row) => bucket(row.days_31_60) },
    { label: '61-90 days', numeric: true, halfOnPhone: true, cell: (row) => bucket(row.days_61_90) },
    { label: 'Over 90 days', numeric: true, halfOnPhone: true, cell: (row) => bucket(row.over_90) },
    {
      label: 'Oldest bill due',
      halfOnPhone: true,
      cell: (row) => (row.oldest_due_date ? formatDay(row.oldest_due_date) : '—'),
    },
    { label: 'Paid', numeric: true, halfOnPhone: true, cell: (row) => formatRupees(row.paid) },
    {
      label: 'Actions',
      cell: (row) => (
        <Button
          size="xs"
          variant="light"
          disabled={row.due === 0}
          onClick={() => setPaying(row)}
          aria-label={`Record payment to ${row.supplier_name}`}
        >
          Record payment
        </Button>
      ),
    },
  ];

  return (
    <>
      <QueryList
        query={dues}
        what="supplier dues"
        empty={
          <Text c="dimmed" size="sm">
            Nothing owed to suppliers yet. Each receipt of a purchase order is the supplier&apos;s bill; what you owe
            shows here, by its age.
          </Text>
        }
      >
        {(rows) => (
          <>
            <Group justify="space-between" mb="sm">
              <Text size="sm" c="dimmed">
                Payments settle each supplier's oldest bills first. Ages count from the bill date.
              </Text>
              <Text fw={600} aria-label="Owed to suppliers">
                Owed: {formatRupees(owed)}
              </Text>
            </Group>
            <DataTable columns={columns} rows={rows} minWidth={880} />
          </>
        )}
      </QueryList>
      {paying && <RecordSupplierPaymentModal supplier={paying} onClose={() => setPaying(null)} />}
    </>
  );
}

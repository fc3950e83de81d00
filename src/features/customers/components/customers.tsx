import { Anchor, Badge, Button, Drawer, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconCash, IconFileText, IconPencil, IconPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { QueryList } from '@/components/query-list';
import { formatDay, formatRupees } from '@/lib/format';
import { sumAmounts } from '@/lib/money';
import { stateName } from '@/lib/india-states';
import {
  ageingBuckets,
  documentLabel,
  useArchiveCustomer,
  useCustomerDues,
  useCustomers,
  type Customer,
  type CustomerDues,
} from '../api/customers';
import { CustomerFormModal } from './customer-form-modal';
import { PrintableStatement } from './printable-statement';
import { RecordCustomerPaymentModal } from './record-customer-payment-modal';

type Dialog =
  | { kind: 'edit'; customer: Customer | null }
  | { kind: 'pay'; customerId?: string; documentId?: string }
  | { kind: 'statement'; customer: Customer };

type CustomerRow = Customer & { dues: CustomerDues | undefined };

const noDues = { due: 0, overdue: 0, ageing: { '0-30': 0, '31-60': 0, '61-90': 0, 'over 90': 0 } };

/** What all customers owe, overdue, and by age: the dues at a glance. */
function DuesSummary({ dues }: { dues: CustomerDues[] }) {
  const total = (pick: (customer: CustomerDues) => number) => sumAmounts(dues.map(pick));
  const figure = (label: string, amount: number, color?: string) => (
    <Paper withBorder p="sm" key={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={color}>
        {formatRupees(amount)}
      </Text>
    </Paper>
  );
  const overdue = total((customer) => customer.overdue);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="lg" component="section" aria-label="Dues">
      {figure(
        'Due from customers',
        total((customer) => customer.due),
      )}
      {figure('Overdue', overdue, overdue > 0 ? 'orange.9' : undefined)}
      {ageingBuckets.map((bucket) =>
        figure(
          `${bucket} days`,
          total((customer) => customer.ageing[bucket]),
        ),
      )}
    </SimpleGrid>
  );
}

/**
 * Customers (issue 46): the businesses the shop sells to directly, what each owes (including GST)
 * with its age, and each one's drawer: details, open invoices and orders, Record payment, the
 * statement of account.
 */
export function Customers() {
  const customers = useCustomers();
  const dues = useCustomerDues();
  const archive = useArchiveCustomer();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width: 36em)');
  const duesOf = (id: string) => dues.data?.find((customer) => customer.customer_id === id);
  const open = customers.data?.find((customer) => customer.id === openId) ?? null;
  const openDues = open ? duesOf(open.id) : undefined;

  const columns: DataTableColumn<CustomerRow>[] = [
    {
      label: 'Customer',
      fw: 500,
      cell: (customer) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component="button" type="button" fw={500} onClick={() => setOpenId(customer.id)}>
            {customer.name}
          </Anchor>
          {customer.archived_at && (
            <Badge color="gray" variant="light" size="xs">
              Archived
            </Badge>
          )}
        </Group>
      ),
    },
    { label: 'GSTIN', cell: (customer) => customer.gstin ?? '—' },
    { label: 'State', cell: (customer) => stateName(customer.state_code) ?? customer.state_code },
    { label: 'Credit', numeric: true, cell: (customer) => `${customer.credit_days} days` },
    { label: 'Due (incl. GST)', numeric: true, cell: (customer) => formatRupees((customer.dues ?? noDues).due) },
    {
      label: 'Overdue',
      numeric: true,
      cell: (customer) => {
        const overdue = (customer.dues ?? noDues).overdue;
        return (
          <Text span size="sm" c={overdue > 0 ? 'orange.9' : undefined} fw={overdue > 0 ? 600 : undefined}>
            {formatRupees(overdue)}
          </Text>
        );
      },
    },
    ...ageingBuckets.map((bucket): DataTableColumn<CustomerRow> => ({
      label: `${bucket} days`,
      numeric: true,
      cell: (customer) => formatRupees((customer.dues ?? noDues).ageing[bucket]),
    })),
  ];

  const toggleArchive = (customer: Customer) =>
    archive.mutate(
      { customer, archived: customer.archived_at === null },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            message: `${saved.name} ${saved.archived_at ? 'archived' : 'restored'}.`,
          }),
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );

  return (
    <>
      <PageHeader
        title="Customers"
        description="The boutiques and shops you sell to directly: what each owes, for how long, and what they paid."
        moreActions={
          <Button variant="default" leftSection={<IconCash size={18} />} onClick={() => setDialog({ kind: 'pay' })}>
            Record payment
          </Button>
        }
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'edit', customer: null })}>
            Add customer
          </Button>
        }
      />
      {dues.data && dues.data.length > 0 && <DuesSummary dues={dues.data} />}
      <QueryList
        query={customers}
        what="customers"
        empty={
          <FirstStep
            icon={<IconUsers />}
            title="No customers yet"
            description="Add the boutiques and shops you invoice directly; marketplaces pay through their settlements instead."
            action="Add your first customer"
            onAction={() => setDialog({ kind: 'edit', customer: null })}
          />
        }
      >
        {(list) => (
          <DataTable
            columns={columns}
            rows={list.map((customer): CustomerRow => ({ ...customer, dues: duesOf(customer.id) }))}
            minWidth={900}
          />
        )}
      </QueryList>
      <Drawer
        opened={open !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size={phone ? '100%' : 'xl'}
        title={open?.name}
        closeButtonProps={{ 'aria-label': 'Close customer' }}
      >
        {open && (
          <Stack>
            <Stack gap={2}>
              <Text>GSTIN: {open.gstin ?? 'Unregistered'}</Text>
              <Text>
                State: {stateName(open.state_code)} ({open.state_code}) · Credit: {open.credit_days} days
              </Text>
              {open.billing_address && <Text style={{ whiteSpace: 'pre-line' }}>{open.billing_address}</Text>}
              {open.shipping_address && (
                <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  Ships to: {open.shipping_address}
                </Text>
              )}
              {(open.phone || open.email) && <Text>{[open.phone, open.email].filter(Boolean).join(' · ')}</Text>}
            </Stack>
            <Group>
              <Button
                leftSection={<IconCash size={18} />}
                onClick={() => setDialog({ kind: 'pay', customerId: open.id })}
              >
                Record payment
              </Button>
              <Button
                variant="default"
                leftSection={<IconFileText size={18} />}
                onClick={() => setDialog({ kind: 'statement', customer: open })}
              >
                Statement
              </Button>
              <Button
                variant="default"
                leftSection={<IconPencil size={18} />}
                onClick={() => setDialog({ kind: 'edit', customer: open })}
              >
                Edit
              </Button>
              <Button
                variant="default"
                leftSection={<IconArchive size={18} />}
                loading={archive.isPending}
                onClick={() => toggleArchive(open)}
              >
                {open.archived_at ? 'Restore' : 'Archive'}
              </Button>
            </Group>
            <Text fw={600}>Open invoices and orders: {formatRupees((openDues ?? noDues).due)} due</Text>
            {openDues && openDues.documents.length > 0 ? (
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Invoice or order</Table.Th>
                      <Table.Th>Due by</Table.Th>
                      <Table.Th ta="right">Due (incl. GST)</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {openDues.documents.map((document) => (
                      <Table.Tr key={document.id}>
                        <Table.Td>
                          {documentLabel(document)}
                          <Text size="xs" c="dimmed">
                            {formatDay(document.date)} · {document.age_days} days old
                          </Text>
                        </Table.Td>
                        <Table.Td>{formatDay(document.due_day)}</Table.Td>
                        <Table.Td ta="right">{formatRupees(document.due)}</Table.Td>
                        <Table.Td>
                          <PaymentStatusBadge status={document.status} />
                        </Table.Td>
                        <Table.Td>
                          {document.due > 0 && (
                            <Button
                              size="compact-sm"
                              variant="light"
                              aria-label={`Record payment of ${documentLabel(document)}`}
                              onClick={() => setDialog({ kind: 'pay', customerId: open.id, documentId: document.id })}
                            >
                              Record payment
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <Text c="dimmed">Nothing is owed.</Text>
            )}
          </Stack>
        )}
      </Drawer>
      {dialog?.kind === 'edit' && <CustomerFormModal edited={dialog.customer} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'pay' && (
        <RecordCustomerPaymentModal
          customerId={dialog.customerId}
          documentId={dialog.documentId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'statement' && (
        <PrintableStatement customer={dialog.customer} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

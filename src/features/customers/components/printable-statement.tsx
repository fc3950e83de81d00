import { Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { todayInIndia } from '@/lib/csv';
import { formatDay, formatRupees } from '@/lib/format';
import classes from '@/components/printable-document.module.css';
import { useCustomerStatement, type Customer, type Statement } from '../api/customers';

/** A balance as a statement says it: what the customer owes, or what it paid ahead (in credit). */
const balance = (amount: number) => (amount < 0 ? `${formatRupees(-amount)} Cr` : formatRupees(amount));

const entryKinds: Record<Statement['entries'][number]['kind'], string> = {
  invoice: 'Invoice',
  order: 'Order',
  credit_note: 'Credit note',
  payment: 'Payment',
};

function StatementSheet({ statement }: { statement: Statement }) {
  const { customer, supplier } = statement;
  return (
    <article className={classes.sheet} aria-label={`Statement of account of ${customer.name}`}>
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={2}>Statement of Account</Title>
          <Text size="lg" fw={700}>
            {customer.name}
          </Text>
        </div>
        <Stack gap={0} ta="right">
          <Text>
            {formatDay(statement.date_from)} to {formatDay(statement.date_to)}
          </Text>
          <Text>Credit: {customer.credit_days} days</Text>
        </Stack>
      </Group>
      <div className={classes.parties}>
        {supplier && (
          <div className={classes.box}>
            <Text size="xs" tt="uppercase" c="dimmed">
              From
            </Text>
            <Text fw={700}>{supplier.legal_name}</Text>
            <Text style={{ whiteSpace: 'pre-line' }}>{supplier.address}</Text>
            <Text>GSTIN: {supplier.gstin}</Text>
          </div>
        )}
        <div className={classes.box}>
          <Text size="xs" tt="uppercase" c="dimmed">
            To
          </Text>
          <Text fw={700}>{customer.name}</Text>
          {customer.billing_address && <Text style={{ whiteSpace: 'pre-line' }}>{customer.billing_address}</Text>}
          <Text>GSTIN: {customer.gstin ?? 'Unregistered'}</Text>
          <Text>
            State: {customer.state_name} ({customer.state_code})
          </Text>
        </div>
      </div>
      <div className={classes.tableScroll} tabIndex={0} role="region" aria-label="Statement entries">
        <table className={classes.stackOnPhone}>
          <thead>
            <tr>
              <th>Date</th>
              <th>Document</th>
              <th>Details</th>
              <th className={classes.number}>Debit</th>
              <th className={classes.number}>Credit</th>
              <th className={classes.number}>Balance</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{formatDay(statement.date_from)}</td>
              <td colSpan={4}>Opening balance</td>
              <td className={classes.number} data-label="Balance">
                {balance(statement.opening_balance)}
              </td>
            </tr>
            {statement.entries.map((entry, index) => (
              <tr key={index}>
                <td>{formatDay(entry.date)}</td>
                <td>
                  {entryKinds[entry.kind]}
                  {entry.number ? ` ${entry.number}` : ''}
                </td>
                <td className={classes.details}>{entry.description}</td>
                <td className={classes.number} data-label="Debit">
                  {entry.debit > 0 ? formatRupees(entry.debit) : null}
                </td>
                <td className={classes.number} data-label="Credit">
                  {entry.credit > 0 ? formatRupees(entry.credit) : null}
                </td>
                <td className={classes.number} data-label="Balance">
                  {balance(entry.balance)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={3}>Totals</th>
              <th className={classes.number} data-label="Debit">
                {formatRupees(statement.total_debit)}
              </th>
              <th className={classes.number} data-label="Credit">
                {formatRupees(statement.total_credit)}
              </th>
              <th className={classes.number} data-label="Balance">
                {balance(statement.closing_balance)}
              </th>
            </tr>
          </tfoot>
        </table>
      </div>
      <Stack gap={2} mt="md">
        <Text>
          <strong>Closing balance on {formatDay(statement.date_to)}:</strong> {balance(statement.closing_balance)}
        </Text>
        <Text size="sm">Amounts include GST. Cr: paid ahead, to the customer&apos;s credit.</Text>
      </Stack>
    </article>
  );
}

/** The first day of the financial year (1 April) a day is in. */
function financialYearStart(day: string): string {
  const year = Number(day.slice(0, 4));
  return `${day.slice(5) < '04-01' ? year - 1 : year}-04-01`;
}

/** A customer's statement of account for a date range (this financial year to today at first), to print. */
export function PrintableStatement({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const [dateTo, setDateTo] = useState(todayInIndia);
  const [dateFrom, setDateFrom] = useState(() => financialYearStart(todayInIndia()));
  const statement = useCustomerStatement(customer.id, dateFrom, dateTo);
  return (
    <Modal opened onClose={onClose} fullScreen title={`${customer.name}: statement of account`}>
      <Group justify="space-between" align="flex-end" className={classes.noPrint} mb="md">
        <SimpleGrid cols={2}>
          <TextInput type="date" label="From" value={dateFrom} onChange={(e) => setDateFrom(e.currentTarget.value)} />
          <TextInput
            type="date"
            label="To"
            value={dateTo}
            onChange={(e) => setDateTo(e.currentTarget.value)}
            error={
              dateFrom !== '' && dateTo !== '' && dateTo < dateFrom ? 'To date cannot be before the from date.' : null
            }
          />
        </SimpleGrid>
        <Group>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!statement.data}>
            Print
          </Button>
        </Group>
      </Group>
      {statement.isError ? (
        <LoadError what="the statement" error={statement.error} onRetry={() => void statement.refetch()} />
      ) : !statement.data ? (
        <Center py="xl">
          <Loader aria-label="Loading the statement" />
        </Center>
      ) : (
        <StatementSheet statement={statement.data} />
      )}
    </Modal>
  );
}

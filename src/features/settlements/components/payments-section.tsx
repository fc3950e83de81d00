import { Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { PagedList } from '@/components/paged-list';
import { ExportCsvButton } from '@/components/export-csv-button';
import { Constants } from '@/lib/database.types';
import { formatDateTime, formatDay, formatProfit, formatQuantity, formatRupees } from '@/lib/format';
import { useListState } from '@/lib/list-state';
import { paymentStatuses } from '@/lib/payment-status';
import { useState } from 'react';
import {
  initialReconciliationList,
  periods,
  reconciliationExport,
  reconciliationQuery,
  useReconciliationPage,
  useReconciliationSummary,
  type Period,
  type PlatformSummary,
  type ReconciledOrder,
  type ReconciliationFilters,
  type ReconciliationSort,
} from '../api/reconciliation';
import { PaymentStatusBadge } from '@/components/payment-status-badge';

const all = 'all';

/** A signed amount: a shortfall in red, an excess in blue. */
function Difference({ amount }: { amount: number }) {
  return (
    <Text
      span
      size="sm"
      c={amount < -1 ? 'red.8' : amount > 1 ? 'blue.8' : undefined}
      fw={Math.abs(amount) > 1 ? 600 : undefined}
    >
      {amount > 0 ? '+' : ''}
      {formatRupees(amount)}
    </Text>
  );
}

function SummaryCard({ summary }: { summary: PlatformSummary }) {
  const line = (label: string, value: string, color?: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} c={color}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder p="sm" component="article" aria-label={`${summary.platform} payments`}>
      <Text fw={600} mb={4}>
        {summary.platform}
      </Text>
      <Stack gap={2}>
        {line('Expected', formatRupees(summary.expected))}
        {line('Settled', formatRupees(summary.settled))}
        {line(
          `Short paid (${formatQuantity(summary.short_paid_orders)})`,
          formatRupees(summary.short_paid),
          summary.short_paid > 0 ? 'red.8' : undefined,
        )}
        {line(
          `Overdue (${formatQuantity(summary.overdue_orders)})`,
          formatRupees(summary.overdue),
          summary.overdue_orders > 0 ? 'orange.9' : undefined,
        )}
        {line(
          'Fees charged / your rates',
          `${formatRupees(summary.fees_charged)} / ${formatRupees(summary.fees_at_rates)}`,
        )}
        {line('TCS / TDS withheld', `${formatRupees(summary.tcs)} / ${formatRupees(summary.tds)}`)}
        {summary.unmatched_lines > 0 &&
          line(
            `Lines of no order (${formatQuantity(summary.unmatched_lines)})`,
            formatRupees(summary.unmatched_amount),
          )}
      </Stack>
    </Paper>
  );
}

/**
 * Payments (issue 30), the Payments screen's list: per platform what was expected and what the
 * marketplaces settled, and each marketplace order with its expected payout, settled amount,
 * difference, payment status and estimated against actual profit.
 */
export function PaymentsSection() {
  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-label="Payments">
      <Text c="dimmed" size="sm" mb="sm">
        What each marketplace order should pay (its total less your fees and its returns) against what its settlements
        paid. Payment cycles are set per platform in Settings → Platform fees.
      </Text>
      <PaymentsContent />
    </Paper>
  );
}

/** The cards, filters and list. */
function PaymentsContent() {
  const list = useListState('payments', initialReconciliationList);
  const { filters } = list.state;
  const page = useReconciliationPage(list.state);
  // The cards add up a period's orders (by order date): the last 30 days at first, which stays quick
  // for a large shop (all time computes every order: see docs/payments.md, "Performance").
  const [period, setPeriod] = useState<Period>('last_30_days');
  const summary = useReconciliationSummary(period);
  const setFilters = (change: Partial<ReconciliationFilters>) => list.setFilters(change);

  const columns: DataTableColumn<ReconciledOrder>[] = [
    { label: 'Date', sortKey: 'order_date', sortKind: 'date', cell: (order) => formatDateTime(order.order_date) },
    {
      label: 'Order',
      fw: 500,
      cell: (order) => (
        <div>
          {order.external_order_id}
          <Text size="xs" c="dimmed" fw={400}>
            {order.platform} · {order.product_names.join(', ')}
          </Text>
        </div>
      ),
    },
    { label: 'Expected', numeric: true, halfOnPhone: true, cell: (order) => formatRupees(order.expected) },
    { label: 'Settled', numeric: true, halfOnPhone: true, cell: (order) => formatRupees(order.settled) },
    {
      label: 'Difference',
      sortKey: 'difference',
      numeric: true,
      halfOnPhone: true,
      cell: (order) => <Difference amount={order.difference} />,
    },
    {
      label: 'Payment',
      halfOnPhone: true,
      cell: (order) => (
        <div>
          <PaymentStatusBadge status={order.status} />
          {order.settlement_lines === 0 && (
            <Text size="xs" c="dimmed">
              Due {formatDay(order.due_day)}
            </Text>
          )}
        </div>
      ),
    },
    {
      label: 'Profit (estimated / actual)',
      numeric: true,
      cell: (order) =>
        order.estimated_profit === null
          ? formatProfit(null)
          : `${formatRupees(order.estimated_profit)} / ${order.actual_profit === null ? '—' : formatRupees(order.actual_profit)}`,
    },
  ];

  return (
    <>
      <Group justify="flex-end" align="flex-end" mb="sm" gap="sm">
        <Group gap="sm" align="flex-end">
          <Select
            label="Cards for"
            data={periods.map((option) => ({ ...option }))}
            value={period}
            onChange={(value) => value && setPeriod(value as Period)}
            allowDeselect={false}
            w={{ base: '100%', xs: 280 }}
          />
          <ExportCsvButton {...reconciliationExport(reconciliationQuery(list.state))} />
        </Group>
      </Group>
      {summary.isError ? (
        <LoadError what="the payments summary" error={summary.error} onRetry={summary.refetch} />
      ) : (
        summary.data &&
        summary.data.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" mb="md">
            {summary.data.map((platform) => (
              <SummaryCard key={platform.platform} summary={platform} />
            ))}
          </SimpleGrid>
        )
      )}
      {/* Two a row even on a phone, so the list starts within its first screen. */}
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm" mb="md">
        <Select
          label="Payment status"
          data={[{ value: all, label: 'All payment statuses' }, ...paymentStatuses]}
          value={filters.status ?? all}
          allowDeselect={false}
          onChange={(value) =>
            setFilters({ status: value === all ? null : (value as ReconciliationFilters['status']) })
          }
        />
        <Select
          label="Platform"
          data={[
            { value: all, label: 'All platforms' },
            ...Constants.public.Enums.sales_platform.filter((platform) => platform !== 'Brand Website'),
          ]}
          value={filters.platform ?? all}
          allowDeselect={false}
          onChange={(value) =>
            setFilters({ platform: value === all ? null : (value as ReconciliationFilters['platform']) })
          }
        />
        <TextInput
          type="date"
          label="Ordered from"
          value={filters.from}
          onChange={(event) => setFilters({ from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="Ordered to"
          value={filters.to}
          onChange={(event) => setFilters({ to: event.currentTarget.value })}
        />
      </SimpleGrid>
      <PagedList
        query={page}
        what="marketplace orders"
        narrowed={filters.status !== null || filters.platform !== null || filters.from !== '' || filters.to !== ''}
        page={list.state.page}
        pageSize={list.state.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        empty={
          <Text c="dimmed" size="sm">
            No marketplace orders yet: orders imported from Amazon, Flipkart or Myntra are listed here with what their
            settlements paid.
          </Text>
        }
      >
        {(rows) => (
          <DataTable
            columns={columns}
            rows={rows}
            minWidth={820}
            sort={list.state.sort}
            onSortChange={(sort) => list.setSort({ by: sort.by as ReconciliationSort, ascending: sort.ascending })}
          />
        )}
      </PagedList>
    </>
  );
}

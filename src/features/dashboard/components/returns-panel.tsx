/**
 * The Returns screen's figures (issue 29): for a period, the share of
 * units sold that came back and that came back as RTO, by platform; the products returned most;
 * and the claims due within 3 days (or overdue), which are lost if not filed in time.
 */
import { Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { formatDay, formatQuantity } from '@/lib/format';
import { panelPeriods, type PanelPeriod } from '../api/get-dashboard-panels';
import { useDashboardReturns, type DashboardReturns } from '../api/get-dashboard-returns';

const formatPercent = (value: number | null) => (value === null ? '—' : `${value}%`);
const reasonLabel = { sellable: 'Sellable', damaged: 'Damaged', wrong_item: 'Wrong item', missing: 'Missing' } as const;

type RateRow = DashboardReturns['by_platform'][number] & { id: string };
type ReturnedRow = DashboardReturns['most_returned'][number] & { id: string };
type ClaimRow = DashboardReturns['claims_due'][number];

const rateColumns: DataTableColumn<RateRow>[] = [
  { label: 'Platform', fw: 500, cell: (row) => row.platform },
  { label: 'Units sold', numeric: true, cell: (row) => formatQuantity(row.units_sold) },
  { label: 'Returned', numeric: true, cell: (row) => formatQuantity(row.returned_units) },
  { label: 'Return rate', numeric: true, cell: (row) => formatPercent(row.return_rate_percent) },
  { label: 'RTO rate', numeric: true, cell: (row) => formatPercent(row.rto_rate_percent) },
];

const returnedColumns: DataTableColumn<ReturnedRow>[] = [
  { label: 'Product', fw: 500, cell: (row) => row.product_name },
  { label: 'Units returned', numeric: true, cell: (row) => formatQuantity(row.returned_units) },
];

const claimColumns: DataTableColumn<ClaimRow>[] = [
  { label: 'Deadline', cell: (row) => formatDay(row.deadline) },
  {
    label: 'Days left',
    cell: (row) =>
      row.days_left < 0 ? (
        <Text span size="sm" c="red.8" fw={600}>
          Overdue by {formatQuantity(-row.days_left)} {row.days_left === -1 ? 'day' : 'days'}
        </Text>
      ) : row.days_left === 0 ? (
        'Due today'
      ) : (
        `${formatQuantity(row.days_left)} ${row.days_left === 1 ? 'day' : 'days'}`
      ),
  },
  {
    label: 'Claim',
    fw: 500,
    cell: (row) => `${reasonLabel[row.reason]} × ${formatQuantity(row.units)} of ${row.product_name} (${row.platform})`,
  },
  { label: 'Status', cell: (row) => row.status },
];

export function ReturnsPanel() {
  const [period, setPeriod] = useState<PanelPeriod>('this_month');
  const returns = useDashboardReturns(period);

  return (
    <Paper withBorder p="md" component="section" aria-label="Returns">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <div>
          <Text c="dimmed" size="sm" maw={640}>
            Of the units sold in the period (by order date), the share that came back, and came back as RTO.
          </Text>
        </div>
        <Select
          label="Period"
          aria-label="Returns period"
          data={panelPeriods.map((option) => ({ ...option }))}
          value={period}
          onChange={(value) => value && setPeriod(value as PanelPeriod)}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      {returns.isError ? (
        <LoadError what="the returns figures" error={returns.error} onRetry={returns.refetch} />
      ) : returns.data ? (
        <ReturnsBody returns={returns.data} />
      ) : (
        <Skeleton h={200} aria-label="Loading the returns figures" />
      )}
    </Paper>
  );
}

function ReturnsBody({ returns }: { returns: DashboardReturns }) {
  return (
    <Stack gap="lg">
      <section aria-label="Claims due in 3 days">
        <Title order={4} size="h5" mb="xs">
          Claims due in 3 days
        </Title>
        {returns.claims_due.length === 0 ? (
          <Text c="dimmed" size="sm">
            No open claim is due in the next 3 days.
          </Text>
        ) : (
          <DataTable columns={claimColumns} rows={returns.claims_due} minWidth={480} />
        )}
      </section>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <section aria-label="Return and RTO rates by platform">
          <Title order={4} size="h5" mb="xs">
            Return and RTO rates by platform
          </Title>
          {returns.by_platform.length === 0 ? (
            <Text c="dimmed" size="sm">
              No sales in this period.
            </Text>
          ) : (
            <DataTable
              columns={rateColumns}
              rows={returns.by_platform.map((row) => ({ ...row, id: row.platform }))}
              minWidth={420}
            />
          )}
        </section>
        <section aria-label="Products returned most">
          <Title order={4} size="h5" mb="xs">
            Products returned most
          </Title>
          {returns.most_returned.length === 0 ? (
            <Text c="dimmed" size="sm">
              Nothing came back in this period.
            </Text>
          ) : (
            <DataTable
              columns={returnedColumns}
              rows={returns.most_returned.map((row) => ({ ...row, id: row.product_id }))}
              minWidth={300}
            />
          )}
        </section>
      </SimpleGrid>
    </Stack>
  );
}

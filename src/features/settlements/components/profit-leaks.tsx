import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { CostUnknownAlert } from '@/components/cost-unknown-alert';
import { LoadError } from '@/components/load-error';
import { formatDateTime, formatRupees } from '@/lib/format';
import { periods, useProfitLeaks, useReconciliationSummary, type Period, type ProfitLeak } from '../api/reconciliation';
import { PaymentStatusBadge } from '@/components/payment-status-badge';

/** Leaks listed until the owner asks for all of them (up to 20 of each kind), so the screen stays short. */
const FIRST_LEAKS = 3;

const leakKinds: Record<ProfitLeak['kind'], string> = {
  fees_over_rates: 'Fees above your rates',
  overdue: 'Payment overdue',
  return_cost: 'Return cost',
};

/**
 * On the Payments screen (issue 30), for a period the owner picks: for the orders a marketplace has paid, the profit estimated at
 * sale against the profit actually made (what was settled less the cost of the goods and the return
 * losses not in the settlement); and the profit leaks: fees above the owner's rates, overdue
 * payments and returns that cost money.
 */
export function ActualProfitAndLeaks() {
  const [period, setPeriod] = useState<Period>('this_month');
  const [allShown, setAllShown] = useState(false);
  const summary = useReconciliationSummary(period);
  const leaks = useProfitLeaks(period);
  const totals = (summary.data ?? []).reduce(
    (sum, platform) => ({
      paid: sum.paid + platform.paid_orders,
      estimated: sum.estimated + platform.estimated_profit_paid,
      actual: sum.actual + platform.actual_profit,
      withoutCost: sum.withoutCost + platform.orders_without_cost,
    }),
    { paid: 0, estimated: 0, actual: 0, withoutCost: 0 },
  );
  const rows = (leaks.data ?? []).map((leak) => ({
    ...leak,
    id: `${leak.kind}-${leak.platform}-${leak.external_order_id}`,
  }));
  const columns: DataTableColumn<(typeof rows)[number]>[] = [
    { label: 'Leak', fw: 500, cell: (leak) => leakKinds[leak.kind] },
    {
      label: 'Order',
      cell: (leak) => (
        <div>
          {leak.external_order_id}
          <Text size="xs" c="dimmed">
            {leak.platform} · {formatDateTime(leak.order_date)} · {leak.product_names.join(', ')}
          </Text>
        </div>
      ),
    },
    { label: 'Amount', numeric: true, halfOnPhone: true, cell: (leak) => formatRupees(leak.amount) },
    { label: 'Payment', halfOnPhone: true, cell: (leak) => <PaymentStatusBadge status={leak.status} /> },
  ];

  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-label="Estimated and actual profit">
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Title order={3} size="h4">
          Estimated and actual profit
        </Title>
        <Select
          label="Period"
          aria-label="Profit leaks period"
          data={periods.map((option) => ({ ...option }))}
          value={period}
          onChange={(value) => value && setPeriod(value as Period)}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      <Stack gap="sm">
        {summary.isError ? (
          <LoadError what="the actual profit" error={summary.error} onRetry={summary.refetch} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Paper withBorder p="sm">
              <Text size="sm" c="dimmed">
                Profit of the {totals.paid} paid marketplace {totals.paid === 1 ? 'order' : 'orders'}: estimated /
                actual
              </Text>
              <Group gap="xs">
                <Text fw={600} size="lg">
                  {formatRupees(totals.estimated)} / {formatRupees(totals.actual)}
                </Text>
              </Group>
            </Paper>
            <CostUnknownAlert ordersWithoutCost={totals.withoutCost} />
          </SimpleGrid>
        )}
        <div>
          <Title order={4} size="h5" mb="xs">
            Profit leaks
          </Title>
          {leaks.isError ? (
            <LoadError what="the profit leaks" error={leaks.error} onRetry={leaks.refetch} />
          ) : rows.length === 0 ? (
            <Text c="dimmed" size="sm">
              {leaks.data ? 'No profit leaks in this period.' : 'Loading…'}
            </Text>
          ) : (
            <>
              <DataTable columns={columns} rows={allShown ? rows : rows.slice(0, FIRST_LEAKS)} minWidth={640} />
              {rows.length > FIRST_LEAKS && (
                <Button variant="subtle" mt="xs" onClick={() => setAllShown((shown) => !shown)}>
                  {allShown ? `Show the first ${FIRST_LEAKS}` : `Show all ${rows.length} leaks`}
                </Button>
              )}
            </>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

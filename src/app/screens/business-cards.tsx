/**
 * The Dashboard's compact cards below the spec's content: one figure per capability for this month
 * (or now), each opening the screen that holds the whole of it. Composed here because each reads
 * another feature's figures.
 */
import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDashboardPanels } from '@/features/dashboard/api/get-dashboard-panels';
import { useDashboardReturns } from '@/features/dashboard/api/get-dashboard-returns';
import { useGstMonth } from '@/features/gst/api/gst-month';
import { totalOutputTax } from '@/features/gst/utils/gstr1-files';
import { useRunningOutSoon } from '@/features/planning/api/planning';
import { useLatePurchaseOrders } from '@/features/purchasing/api/purchase-orders';
import { useReconciliationSummary } from '@/features/settlements/api/reconciliation';
import { todayInIndia } from '@/lib/csv';
import { formatDay, formatPoNumber, formatQuantity, formatRupees } from '@/lib/format';
import { sumAmounts } from '@/lib/money';
import type { ScreenId, ScreenProps } from '../screens';

const count = (value: number, one: string, many: string) => `${formatQuantity(value)} ${value === 1 ? one : many}`;

interface CardProps {
  title: string;
  /** Undefined while it loads. */
  figure: ReactNode;
  lines: ReactNode[];
  link: string;
  onOpen: () => void;
}

function BusinessCard({ title, figure, lines, link, onOpen }: CardProps) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Stack gap={2}>
        <Text c="dimmed" size="sm" fw={600}>
          {title}
        </Text>
        <Text fw={700} fz="lg" aria-busy={figure === undefined}>
          {figure ?? '…'}
        </Text>
        {lines.map((line, index) => (
          <Text key={index} size="xs" c="dimmed" lineClamp={1}>
            {line}
          </Text>
        ))}
        <Anchor component="button" type="button" size="sm" ta="left" onClick={onOpen}>
          {link}
        </Anchor>
      </Stack>
    </Paper>
  );
}

type OpenProps = { open: (id: ScreenId) => () => void };

function ProfitCard({ open }: OpenProps) {
  const panels = useDashboardPanels('this_month');
  const totals = panels.data?.totals;
  return (
    <BusinessCard
      title="Profit this month"
      figure={totals && formatRupees(totals.profit)}
      lines={
        totals
          ? [
              `On ${formatRupees(totals.revenue)} of revenue${totals.margin_percent === null ? '' : `, ${totals.margin_percent}% margin`}`,
            ]
          : []
      }
      link="See profit"
      onOpen={open('profit')}
    />
  );
}

function PaymentsCard({ open }: OpenProps) {
  const summary = useReconciliationSummary('last_30_days');
  const platforms = summary.data ?? [];
  const overdueOrders = platforms.reduce((sum, platform) => sum + platform.overdue_orders, 0);
  const shortOrders = platforms.reduce((sum, platform) => sum + platform.short_paid_orders, 0);
  return (
    <BusinessCard
      title="Payments overdue"
      figure={summary.data && formatRupees(sumAmounts(platforms.map((platform) => platform.overdue)))}
      lines={
        summary.data
          ? [
              `${count(overdueOrders, 'order', 'orders')} overdue, last 30 days`,
              `${count(shortOrders, 'order', 'orders')} short paid: ${formatRupees(sumAmounts(platforms.map((platform) => platform.short_paid)))}`,
            ]
          : []
      }
      link="See payments"
      onOpen={open('payments')}
    />
  );
}

function ReturnsCard({ open }: OpenProps) {
  const returns = useDashboardReturns('this_month');
  const claimsDue = returns.data?.claims_due ?? [];
  const returned = (returns.data?.by_platform ?? []).reduce((sum, platform) => sum + platform.returned_units, 0);
  return (
    <BusinessCard
      title="Claims due in 3 days"
      figure={returns.data && formatQuantity(claimsDue.length)}
      lines={
        returns.data
          ? [
              ...claimsDue
                .slice(0, 2)
                .map((claim) => `${claim.product_name} (${claim.platform}), by ${formatDay(claim.deadline)}`),
              `${count(returned, 'unit', 'units')} returned this month`,
            ]
          : []
      }
      link="See returns"
      onOpen={open('returns')}
    />
  );
}

function GstCard({ open }: OpenProps) {
  const gst = useGstMonth(todayInIndia().slice(0, 7));
  const output = gst.data && totalOutputTax(gst.data.summary.hsn);
  const input = gst.data?.inputTax.gst_paid;
  return (
    <BusinessCard
      title="GST due this month"
      figure={output !== undefined && input !== undefined ? formatRupees(sumAmounts([output, -input])) : undefined}
      lines={
        output !== undefined && input !== undefined
          ? [`Output tax ${formatRupees(output)} less input tax ${formatRupees(input)}`]
          : []
      }
      link="See GST"
      onOpen={open('gst')}
    />
  );
}

function RunningOutSoonCard({ open }: OpenProps) {
  const products = useRunningOutSoon();
  return (
    <BusinessCard
      title="Running out soon"
      figure={products.data && count(products.data.length, 'product', 'products')}
      lines={(products.data ?? [])
        .slice(0, 2)
        .map(
          (product) =>
            `${product.product_name}: ${
              product.runs_out_on
                ? `${formatQuantity(Math.floor(product.days_left))} days left · runs out ${formatDay(product.runs_out_on)}`
                : 'Over 100 years left'
            }`,
        )}
      link="See the plan"
      onOpen={open('planning')}
    />
  );
}

function LatePurchaseOrdersCard({ open }: OpenProps) {
  const late = useLatePurchaseOrders();
  return (
    <BusinessCard
      title="Late purchase orders"
      figure={late.data && `${formatQuantity(late.data.total)} late`}
      lines={(late.data?.rows ?? [])
        .slice(0, 2)
        .map(
          (order) =>
            `${formatPoNumber(order.po_number)} ${order.supplier_name}, due ${formatDay(order.expected_date!)} · ${formatRupees(order.total)}`,
        )}
      link="See purchase orders"
      onOpen={open('purchasing')}
    />
  );
}

export function BusinessCards({ openScreen }: Pick<ScreenProps, 'openScreen'>) {
  const open = (id: ScreenId) => () => openScreen(id);
  return (
    <SimpleGrid type="container" cols={{ base: 1, '560px': 2, '900px': 3 }} spacing="md" mt="lg">
      <ProfitCard open={open} />
      <PaymentsCard open={open} />
      <ReturnsCard open={open} />
      <GstCard open={open} />
      <RunningOutSoonCard open={open} />
      <LatePurchaseOrdersCard open={open} />
    </SimpleGrid>
  );
}

import { Badge, EmptyState, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconClipboardList, IconCurrencyRupee, IconPackages, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { PageHeader } from '@/components/page-header';
import { TableSkeleton } from '@/components/table-skeleton';
import { formatQuantity, formatRupees } from '@/lib/format';
import { useDashboardSummary, type DashboardSummary } from '../api/get-dashboard-summary';
import classes from './dashboard.module.css';

interface DashboardProps {
  onOpenSalesOrders: () => void;
  onOpenInventory: () => void;
}

export function Dashboard({ onOpenSalesOrders, onOpenInventory }: DashboardProps) {
  const summary = useDashboardSummary();

  return (
    <>
      <PageHeader title="Dashboard" description="Your sales and stock at a glance." />
      {summary.isError ? (
        <LoadError what="the dashboard" error={summary.error} onRetry={summary.refetch} />
      ) : (
        <>
          {/* Columns by the width the cards get, not the window's: four in a row only where even
              ₹99,99,99,999.99 fits each (1280 px wide with the navigation), else two, so that on
              a phone the four take half its first screen (the largest figures wrap). */}
          <SimpleGrid type="container" cols={{ base: 2, '960px': 4 }} spacing={{ base: 'xs', '960px': 'md' }} mb="lg">
            <StatCard
              label="Total Revenue"
              // The spec's label; its value net of GST, as every revenue figure (issue 42).
              note="All time, net of GST, after cancellations and returns"
              value={summary.data && formatRupees(summary.data.total_revenue)}
              icon={IconCurrencyRupee}
              color="indigo"
            />
            <StatCard
              label="Open Sales Orders"
              value={summary.data && formatQuantity(summary.data.open_sales_orders)}
              icon={IconClipboardList}
              color="orange"
              onClick={onOpenSalesOrders}
            />
            <StatCard
              label="Low Stock Products"
              value={summary.data && formatQuantity(summary.data.low_stock_products)}
              icon={IconAlertTriangle}
              color="red"
              onClick={onOpenInventory}
            />
            <StatCard
              label="Low Stock Materials"
              value={summary.data && formatQuantity(summary.data.low_stock_materials)}
              icon={IconPackages}
              color="red"
              onClick={onOpenInventory}
            />
          </SimpleGrid>
          <Paper withBorder p="md">
            <Title order={3} size="h4" mb="sm">
              Recent Sales Activity
            </Title>
            {summary.data ? (
              <RecentSales sales={summary.data.recent_sales} />
            ) : (
              <TableSkeleton label="Loading recent sales" />
            )}
          </Paper>
        </>
      )}
    </>
  );
}

const CARD_PADDING = { base: 'sm', sm: 'md' };

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: Icon;
  color: string;
  /** What the figure covers, where the label alone does not say. */
  note?: string;
  /** Cards that lead somewhere are buttons; the others are plain panels. */
  onClick?: () => void;
}

function StatCard({ label, value, icon: CardIcon, color, note, onClick }: StatCardProps) {
  // The icon shares the label's line, so the figure has the card's whole width; its size follows
  // that width (dashboard.module.css) so the largest figures fit without overlap or truncation.
  const content = (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text c="dimmed" size="sm" fw={600}>
          {label}
        </Text>
        <ThemeIcon color={color} variant="light" size={36} radius="md">
          <CardIcon size={22} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Text className={classes.figure} fw={700} lh={1.3} aria-busy={value === undefined}>
        {value ?? '…'}
      </Text>
      {note && (
        <Text c="dimmed" size="xs">
          {note}
        </Text>
      )}
    </>
  );
  if (!onClick) {
    return (
      <Paper withBorder p={CARD_PADDING} component="section" aria-label={label} className={classes.card}>
        {content}
      </Paper>
    );
  }
  return (
    <Paper
      withBorder
      p={CARD_PADDING}
      component="button"
      type="button"
      onClick={onClick}
      className={classes.clickableCard}
    >
      {content}
    </Paper>
  );
}

type RecentSale = DashboardSummary['recent_sales'][number];

const recentSaleColumns: DataTableColumn<RecentSale>[] = [
  {
    label: 'Order ID',
    cell: (sale) => (
      <Badge variant="default" ff="monospace" tt="none" title={sale.id}>
        {sale.id.slice(0, 8)}
      </Badge>
    ),
  },
  { label: 'Platform', halfOnPhone: true, cell: (sale) => sale.platform },
  { label: 'Total Amount', numeric: true, halfOnPhone: true, cell: (sale) => formatRupees(sale.total_amount) },
  { label: 'Status', cell: (sale) => <OrderStatusBadge status={sale.status} /> },
];

function RecentSales({ sales }: { sales: RecentSale[] }) {
  if (sales.length === 0) {
    return (
      <EmptyState
        size="sm"
        title="No sales yet"
        description="Add raw materials, then your products with their bill of materials, then log your marketplace sales on the Sales Orders tab. The latest five appear here."
      />
    );
  }
  return <DataTable columns={recentSaleColumns} rows={sales} minWidth={480} />;
}

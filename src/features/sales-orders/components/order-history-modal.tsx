import { Badge, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { TableSkeleton } from '@/components/table-skeleton';
import { formatDateTime, formatDay, formatProfit, formatQuantity, formatRupees } from '@/lib/format';
import type { SalesOrder } from '../api/get-sales-orders';
import { useOrderReturns } from '../api/order-returns';
import { claimReasonLabels } from '@/lib/claim-reasons';

const kindLabel = { rto: 'RTO', customer_return: 'Customer return' } as const;

/** An order's history: its sale, then each return with what came back and the claims it opened. */
export function OrderHistoryModal({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const returns = useOrderReturns(order.id);
  return (
    <Modal opened onClose={onClose} title="Order history" size="lg">
      <Stack>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">
            Sold {formatDateTime(order.order_date)} on {order.platform}: {formatQuantity(order.quantity)} ×{' '}
            {order.product_name} for {formatRupees(order.total_amount)}
            {order.external_order_id && ` (order ${order.external_order_id})`}.
          </Text>
          <OrderStatusBadge status={order.status} />
        </Group>
        {order.profit_after_returns === null ? (
          // Issue 33: the product had neither BOM nor purchase cost when it was sold.
          <Text size="sm">
            Profit after returns <b>{formatProfit(null)}</b>: the product had neither a BOM nor a purchase cost when it
            was sold, so this order is left out of profit.
          </Text>
        ) : (
          <Text size="sm">
            Profit after returns <b>{formatRupees(order.profit_after_returns)}</b>
            {order.profit !== null && ` (recorded at sale: ${formatRupees(order.profit)})`}
          </Text>
        )}
        {returns.isError ? (
          <LoadError what="the returns" error={returns.error} onRetry={returns.refetch} />
        ) : !returns.data ? (
          <TableSkeleton label="Loading the returns" />
        ) : returns.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing has come back from this order.
          </Text>
        ) : (
          // One card per return: it reads the same on a phone, with nothing to scroll sideways.
          <Stack gap="xs" component="ol" aria-label="Returns of this order" p={0} m={0} style={{ listStyle: 'none' }}>
            {returns.data.map((entry) => (
              <Paper key={entry.id} withBorder p="sm" component="li">
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={600}>
                    {kindLabel[entry.kind]}, {formatDay(entry.return_date)}
                  </Text>
                  <Text size="sm">Return fees {formatRupees(entry.return_fees)}</Text>
                </Group>
                <Text size="sm">
                  Came back:{' '}
                  {(['sellable', 'damaged', 'wrong_item', 'missing'] as const)
                    .filter((condition) => entry[condition] > 0)
                    .map((condition) => `${claimReasonLabels[condition]} ${formatQuantity(entry[condition])}`)
                    .join(', ')}
                </Text>
                {entry.note && (
                  <Text size="xs" c="dimmed">
                    {entry.note}
                  </Text>
                )}
                {entry.claims.length > 0 && (
                  <Group gap={4} mt={4}>
                    {entry.claims.map((claim) => (
                      <Badge key={claim.id} variant="light" tt="none" maw="none">
                        {claimReasonLabels[claim.reason]}: {claim.status}
                        {claim.amount_reimbursed !== null && ` ${formatRupees(claim.amount_reimbursed)}`}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

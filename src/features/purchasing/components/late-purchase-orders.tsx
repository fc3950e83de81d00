import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatRupees, formatPoNumber, formatDay } from '@/lib/format';
import { useLatePurchaseOrders } from '../api/purchase-orders';

/**
 * The dashboard's card of late purchase orders: placed, not all arrived, past their expected date.
 * Shown only when there are some; its link opens Raw Materials, where Purchasing lists them.
 */
export function LatePurchaseOrders({ onOpenPurchasing }: { onOpenPurchasing: () => void }) {
  const late = useLatePurchaseOrders();
  if (!late.data || late.data.total === 0) return null;
  const { rows, total } = late.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="late-purchase-orders" mt="lg">
      <Group justify="space-between" mb="xs">
        <Title id="late-purchase-orders" order={2} size="h4">
          Late purchase orders
        </Title>
        <Badge color="red" variant="light">
          {total} late
        </Badge>
      </Group>
      <Stack gap={4}>
        {rows.slice(0, 5).map((order) => (
          <Group key={order.id} justify="space-between" wrap="nowrap">
            <Text size="sm">
              <Text span fw={600}>
                {formatPoNumber(order.po_number)}
              </Text>{' '}
              {order.supplier_name}
            </Text>
            <Text size="sm" c="red.9" fw={600} ta="right">
              due {formatDay(order.expected_date!)} · {formatRupees(order.total)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Anchor component="button" type="button" size="sm" mt="xs" onClick={onOpenPurchasing}>
        See purchase orders
      </Anchor>
    </Paper>
  );
}

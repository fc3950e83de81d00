import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDay, formatQuantity } from '@/lib/format';
import { useRunningOutSoon } from '../api/planning';

/**
 * Planning's Running out soon (issue 33): the products with the fewest days of stock left at their
 * 30-day sales velocity. Shown only when something sells; its link opens Inventory.
 */
export function RunningOutSoon({ onOpenInventory }: { onOpenInventory: () => void }) {
  const products = useRunningOutSoon();
  if (!products.data || products.data.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="running-out-soon">
      <Title id="running-out-soon" order={3} size="h4" mb="xs">
        Running out soon
      </Title>
      <Stack gap={4}>
        {products.data.map((product) => (
          <Group key={product.product_id} justify="space-between" wrap="nowrap">
            <Text size="sm">
              <Text span fw={600}>
                {product.product_name}
              </Text>{' '}
              <Text span c="dimmed" size="xs" ff="monospace">
                {product.sku}
              </Text>
            </Text>
            <Text size="sm" ta="right" c={product.days_left < 7 ? 'red.9' : undefined} fw={600}>
              {product.runs_out_on
                ? `${formatQuantity(Math.floor(product.days_left))} days left`
                : 'Over 100 years left'}
              {product.runs_out_on && ` · runs out ${formatDay(product.runs_out_on)}`}
            </Text>
          </Group>
        ))}
      </Stack>
      <Anchor component="button" type="button" size="sm" mt="xs" onClick={onOpenInventory}>
        See inventory
      </Anchor>
    </Paper>
  );
}

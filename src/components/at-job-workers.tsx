import { Text } from '@mantine/core';
import { formatQuantity } from '@/lib/format';
import { useAtJobWorkers } from '@/lib/locations';

/** A small dimmed line under a stock figure: how much of the item is at job workers, when any. */
export function AtJobWorkers({ item }: { item: `product:${string}` | `material:${string}` }) {
  const quantity = useAtJobWorkers().data?.get(item) ?? 0;
  if (quantity === 0) return null;
  return (
    <Text size="xs" c="dimmed" display="block">
      {formatQuantity(quantity)} at job workers
    </Text>
  );
}

import { Text } from '@mantine/core';
import { bottleneckName, useProductCosting } from '../api/get-product-costing';

/** "Cotton Fabric runs out first.": the material (at whatever level) that limits how many of a product can be made. */
export function BottleneckNote({ productId }: { productId: string }) {
  const costing = useProductCosting(productId).data;
  const name = costing ? bottleneckName(costing) : null;
  if (!name) return null;
  return (
    <Text size="sm" c="dimmed">
      {name} runs out first.
    </Text>
  );
}

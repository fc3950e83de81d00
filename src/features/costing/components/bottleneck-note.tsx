import { Text } from '@mantine/core';
import { useProductCosting } from '../api/get-product-costing';

/** "Cotton Fabric runs out first.": the material that limits how many of a product can be made. */
export function BottleneckNote({ productId }: { productId: string }) {
  const name = useProductCosting(productId).data?.bottleneck_material_name;
  if (!name) return null;
  return (
    <Text size="sm" c="dimmed">
      {name} runs out first.
    </Text>
  );
}

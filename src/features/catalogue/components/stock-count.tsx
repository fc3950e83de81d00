import { Text } from '@mantine/core';
import { formatQuantity } from '@/lib/format';
import { isLowStock } from '@/lib/stock';
import type { StyleVariant } from '../api/styles';

/**
 * A variant's stock on hand in the style's grid and list: red and bold below its reorder point.
 * Red 9, not the Products table's red 7 and green 7 (3.8:1 and 2.8:1 on white): these small bold
 * numbers meet WCAG AA's 4.5:1, and stock that is not low stays in the text colour.
 */
export function StockCount({ variant }: { variant: Pick<StyleVariant, 'sku' | 'stock_on_hand' | 'reorder_point'> }) {
  const low = isLowStock(variant.stock_on_hand, variant.reorder_point);
  return (
    <Text
      span
      size="sm"
      fw={low ? 700 : 500}
      c={low ? 'red.9' : undefined}
      title={`${variant.sku}: reorder point ${formatQuantity(variant.reorder_point)}${low ? ', low' : ''}`}
    >
      {formatQuantity(variant.stock_on_hand)}
    </Text>
  );
}

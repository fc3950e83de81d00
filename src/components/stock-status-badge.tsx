import { Badge } from '@mantine/core';

export function StockStatusBadge({ low }: { low: boolean }) {
  return (
    <Badge color={low ? 'red' : 'green'} variant="dot" tt="none">
      {low ? 'Low Stock' : 'In Stock'}
    </Badge>
  );
}

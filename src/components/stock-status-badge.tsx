import { Badge } from '@mantine/core';

export function StockStatusBadge({ low }: { low: boolean }) {
  return (
    <Badge color={low ? 'red' : 'green'} variant="light" tt="none">
      {low ? 'Low Stock' : 'In Stock'}
    </Badge>
  );
}

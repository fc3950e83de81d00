import { Badge } from '@mantine/core';

export function StockStatusBadge({ low }: { low: boolean }) {
  return (
    // Never narrower than its words: a squeezed table column cut it to 'Low St…'.
    <Badge color={low ? 'red' : 'green'} variant="dot" tt="none" miw="max-content">
      {low ? 'Low Stock' : 'In Stock'}
    </Badge>
  );
}

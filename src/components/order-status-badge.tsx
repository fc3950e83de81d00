import { Badge } from '@mantine/core';
import type { Database } from '@/lib/database.types';

type OrderStatus =
  Database['public']['Enums']['sales_order_status'] | Database['public']['Enums']['manufacturing_order_status'];

const colorByStatus: Record<OrderStatus, string> = {
  Unfulfilled: 'orange',
  Fulfilled: 'green',
  'In Progress': 'blue',
  Completed: 'green',
  // Undone orders: grey, so they read as no longer counting.
  Cancelled: 'gray',
  Returned: 'gray',
  // Some units came back; the rest still count.
  'Partially returned': 'yellow',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={colorByStatus[status]} variant="dot" tt="none" miw="max-content">
      {status}
    </Badge>
  );
}

import { Badge } from '@mantine/core';
import type { OrderPaymentStatus } from '@/lib/payment-status';

const colors: Record<OrderPaymentStatus, string> = {
  Settled: 'green',
  'Short paid': 'red',
  'Over paid': 'blue',
  'Awaiting payment': 'gray',
  Overdue: 'orange',
  Paid: 'green',
  'Part paid': 'indigo',
  Due: 'gray',
};

/**
 * A marketplace order's or a customer's document's payment status, as a small badge. Never cut short: in a table its column
 * takes the badge's whole width, and the text columns wrap instead.
 */
export function PaymentStatusBadge({ status, size = 'sm' }: { status: OrderPaymentStatus; size?: 'xs' | 'sm' }) {
  return (
    <Badge color={colors[status]} variant="light" size={size} tt="none" miw="max-content">
      {status}
    </Badge>
  );
}

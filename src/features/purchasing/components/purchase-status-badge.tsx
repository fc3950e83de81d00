import { Badge } from '@mantine/core';
import { purchaseStatusColor, type PurchaseOrderStatus } from '../utils/purchase-status';

export function PurchaseStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return (
    <Badge color={purchaseStatusColor[status]} variant="dot" tt="none" miw="max-content">
      {status}
    </Badge>
  );
}

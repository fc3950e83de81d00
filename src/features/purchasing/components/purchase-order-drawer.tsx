import { Alert, Button, Drawer, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPrinter, IconSend, IconTruckDelivery, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { formatQuantityWithUnit, formatRupees, formatUnitCost, formatPoNumber, unitFor, formatDay } from '@/lib/format';
import { lineAmount } from '@/lib/money';
import {
  usePurchaseOrder,
  usePurchaseOrderStatus,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from '../api/purchase-orders';
import { orderTotal, remainingQuantity } from '../utils/purchase-figures';
import { canCancel, canEdit, canPlace, canReceive } from '../utils/purchase-status';
import { PrintablePurchaseOrder } from './printable-purchase-order';
import { PurchaseOrderFormModal } from './purchase-order-form-modal';
import { PurchaseStatusBadge } from './purchase-status-badge';
import { ReceivePurchaseOrderModal } from './receive-purchase-order-modal';

type Dialog = 'edit' | 'receive' | 'print' | 'cancel';

interface PurchaseOrderDrawerProps {
  /** The order shown; kept while the drawer slides shut, so its content stays until gone. */
  orderId: string | null;
  opened: boolean;
  onClose: () => void;
}

/** One purchase order: its lines with what has arrived, and what can be done with it now. */
export function PurchaseOrderDrawer({ orderId, opened, onClose }: PurchaseOrderDrawerProps) {
  const order = usePurchaseOrder(orderId);
  const phone = useMediaQuery('(max-width: 36em)');
  const title = order.data
    ? `${formatPoNumber(order.data.po_number)}: ${order.data.suppliers.supplier_name}`
    : 'Purchase order';

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close order' }}
    >
      {order.isPending ? (
        <Loader aria-label="Loading the order" />
      ) : order.isError ? (
        <LoadError what="the order" error={order.error} onRetry={order.refetch} />
      ) : order.data === null ? (
        <Text>This order is not there any more.</Text>
      ) : (
        <OrderDetails order={order.data} />
      )}
    </Drawer>
  );
}

/** An order's lines: what was ordered, what has arrived and what is still due, in the purchase unit. */
const lineColumns = (order: PurchaseOrder): DataTableColumn<PurchaseOrderLine>[] => [
  {
    label: 'Material',
    fw: 500,
    cell: (line) => (
      <>
        {line.raw_materials.material_name}
        <Text size="xs" c="dimmed" fw={400}>
          {formatUnitCost(line.unit_price)} per {unitFor(1, line.purchase_unit)}
          {line.units_per_purchase_unit !== 1 || line.purchase_unit !== line.raw_materials.unit_of_measure
            ? ` of ${formatQuantityWithUnit(line.units_per_purchase_unit, line.raw_materials.unit_of_measure)}`
            : ''}
        </Text>
      </>
    ),
  },
  {
    label: 'Ordered',
    numeric: true,
    halfOnPhone: true,
    cell: (line) => formatQuantityWithUnit(line.quantity, line.purchase_unit),
  },
  {
    label: 'Received',
    numeric: true,
    halfOnPhone: true,
    cell: (line) => formatQuantityWithUnit(line.received_quantity, line.purchase_unit),
  },
  {
    label: 'Still due',
    numeric: true,
    halfOnPhone: true,
    cell: (line) =>
      order.status === 'Cancelled' ? '—' : formatQuantityWithUnit(remainingQuantity(line), line.purchase_unit),
  },
  {
    label: 'Amount',
    numeric: true,
    halfOnPhone: true,
    cell: (line) => formatRupees(lineAmount(line.quantity, line.unit_price)),
  },
];

function OrderDetails({ order }: { order: PurchaseOrder }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const statusChange = usePurchaseOrderStatus();
  const close = () => setDialog(null);

  const change = (action: 'place' | 'cancel') =>
    statusChange.mutate(
      { orderId: order.id, action },
      {
        onSuccess: () => {
          // Only Cancel has a dialog (its confirmation). A placed order is shown Ordered as soon as
          // the refresh lands, before this runs: closing here would shut a Receive opened meanwhile.
          if (action === 'cancel') close();
          notifications.show({
            color: 'green',
            message: `${formatPoNumber(order.po_number)} ${action === 'place' ? 'placed with' : 'cancelled with'} ${order.suppliers.supplier_name}.`,
          });
        },
      },
    );

  return (
    <Stack>
      <Group gap="xs">
        <PurchaseStatusBadge status={order.status} />
        {order.expected_date && <Text size="sm">Expected {formatDay(order.expected_date)}</Text>}
      </Group>
      <DataTable columns={lineColumns(order)} rows={order.purchase_order_lines} minWidth={520} />
      <Text fw={700} ta="right">
        Total {formatRupees(orderTotal(order.status, order.purchase_order_lines))}
      </Text>
      {order.note && <Text size="sm">Note: {order.note}</Text>}
      {statusChange.error && dialog === null && <Alert color="red">{statusChange.error.message}</Alert>}
      <Group>
        {canEdit(order.status) && (
          <Button variant="default" leftSection={<IconPencil size={18} />} onClick={() => setDialog('edit')}>
            Edit
          </Button>
        )}
        {canPlace(order.status) && (
          <Button leftSection={<IconSend size={18} />} loading={statusChange.isPending} onClick={() => change('place')}>
            Place order
          </Button>
        )}
        {canReceive(order.status) && (
          <Button leftSection={<IconTruckDelivery size={18} />} onClick={() => setDialog('receive')}>
            Receive
          </Button>
        )}
        <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => setDialog('print')}>
          Printable order
        </Button>
        {canCancel(order.status) && (
          <Button variant="subtle" color="red" leftSection={<IconX size={18} />} onClick={() => setDialog('cancel')}>
            Cancel order
          </Button>
        )}
      </Group>
      {dialog === 'edit' && <PurchaseOrderFormModal edited={order} onClose={close} onSaved={close} />}
      {dialog === 'receive' && <ReceivePurchaseOrderModal order={order} onClose={close} />}
      {dialog === 'print' && <PrintablePurchaseOrder order={order} onClose={close} />}
      {dialog === 'cancel' && (
        <Modal opened onClose={close} title={`Cancel ${formatPoNumber(order.po_number)}?`}>
          <Stack>
            <Text>
              {order.status === 'Partially received'
                ? 'What has arrived stays in stock; the rest is no longer expected.'
                : `Nothing more is expected from ${order.suppliers.supplier_name} on this order.`}
            </Text>
            {statusChange.error && <Alert color="red">{statusChange.error.message}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Keep order
              </Button>
              <Button color="red" loading={statusChange.isPending} onClick={() => change('cancel')}>
                Cancel order
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}

import { Alert, Button, Drawer, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPrinter, IconSend, IconTruckDelivery, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { formatQuantityWithUnit, formatRupees, formatUnitCost, formatPoNumber } from '@/lib/format';
import { lineAmount } from '@/lib/money';
import { usePurchaseOrder, usePurchaseOrderStatus, type PurchaseOrder } from '../api/purchase-orders';
import { orderTotal, remainingQuantity } from '../utils/purchase-figures';
import { canCancel, canEdit, canPlace, canReceive } from '../utils/purchase-status';
import { PrintablePurchaseOrder } from './printable-purchase-order';
import { PurchaseOrderFormModal } from './purchase-order-form-modal';
import { PurchaseStatusBadge } from './purchase-status-badge';
import { ReceivePurchaseOrderModal } from './receive-purchase-order-modal';

type Dialog = 'edit' | 'receive' | 'print' | 'cancel';

/** One purchase order: its lines with what has arrived, and what can be done with it now. */
export function PurchaseOrderDrawer({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const order = usePurchaseOrder(orderId);
  const phone = useMediaQuery('(max-width: 36em)');
  const title = order.data
    ? `${formatPoNumber(order.data.po_number)}: ${order.data.suppliers.supplier_name}`
    : 'Purchase order';

  return (
    <Drawer opened={orderId !== null} onClose={onClose} position="right" size={phone ? '100%' : 'xl'} title={title}>
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

function OrderDetails({ order }: { order: PurchaseOrder }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const statusChange = usePurchaseOrderStatus();
  const close = () => setDialog(null);

  const change = (action: 'place' | 'cancel') =>
    statusChange.mutate(
      { orderId: order.id, action },
      {
        onSuccess: () => {
          close();
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
        {order.expected_date && <Text size="sm">Expected {order.expected_date}</Text>}
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label="Lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Material</Table.Th>
              <Table.Th ta="right">Ordered</Table.Th>
              <Table.Th ta="right">Received</Table.Th>
              <Table.Th ta="right">Still due</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.purchase_order_lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  <Text fw={500}>{line.raw_materials.material_name}</Text>
                  <Text size="xs" c="dimmed">
                    {formatUnitCost(line.unit_price)} per {line.purchase_unit}
                    {line.units_per_purchase_unit !== 1 || line.purchase_unit !== line.raw_materials.unit_of_measure
                      ? ` of ${formatQuantityWithUnit(line.units_per_purchase_unit, line.raw_materials.unit_of_measure)}`
                      : ''}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatQuantityWithUnit(line.quantity, line.purchase_unit)}</Table.Td>
                <Table.Td ta="right">{formatQuantityWithUnit(line.received_quantity, line.purchase_unit)}</Table.Td>
                <Table.Td ta="right">
                  {order.status === 'Cancelled'
                    ? '—'
                    : formatQuantityWithUnit(remainingQuantity(line), line.purchase_unit)}
                </Table.Td>
                <Table.Td ta="right">{formatRupees(lineAmount(line.quantity, line.unit_price))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text fw={700} ta="right">
        Total {formatRupees(orderTotal(order.purchase_order_lines))}
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

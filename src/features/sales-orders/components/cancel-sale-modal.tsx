import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormError } from '@/components/form-error';
import { formatQuantityWithUnit, formatRupees } from '@/lib/format';
import { useCancelSalesOrder } from '../api/cancel-sales-order';
import type { SalesOrder } from '../api/get-sales-orders';

interface CancelSaleModalProps {
  order: SalesOrder;
  onClose: () => void;
}

/** Confirms cancelling an unfulfilled sale (a marketplace cancellation), saying what happens to stock. */
export function CancelSaleModal({ order, onClose }: CancelSaleModalProps) {
  const cancel = useCancelSalesOrder();
  const units = formatQuantityWithUnit(order.quantity, 'units');
  const one = order.quantity === 1;

  const confirm = () =>
    cancel.mutate(order.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: `Order cancelled. ${units} of ${order.product_name} ${one ? 'is' : 'are'} back in stock.`,
        });
        onClose();
      },
    });

  return (
    <Modal opened onClose={onClose} title="Cancel this order?">
      <Stack>
        <Text size="sm">
          The {order.platform} order for {units} of {order.product_name} becomes Cancelled. The {units}{' '}
          {one ? 'goes' : 'go'} back into stock, and its {formatRupees(order.total_amount)} no longer counts as revenue.
          This cannot be undone.
        </Text>
        <FormError error={cancel.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep Order
          </Button>
          <Button color="red.9" loading={cancel.isPending} onClick={confirm}>
            Cancel Order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

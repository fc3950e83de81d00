import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormError } from '@/components/form-error';
import { formatQuantity, formatQuantityWithUnit } from '@/lib/format';
import { useCompleteProduction } from '../api/complete-production';
import type { ManufacturingOrder } from '../api/get-manufacturing-orders';

interface CompleteProductionModalProps {
  order: ManufacturingOrder;
  onClose: () => void;
}

/**
 * Confirms marking a production run completed, which cannot be undone: its finished units go into
 * the product's stock on hand. Like every other action, it says so when done.
 */
export function CompleteProductionModal({ order, onClose }: CompleteProductionModalProps) {
  const complete = useCompleteProduction();
  const units = formatQuantityWithUnit(order.quantity_to_produce, 'units');

  // mutateAsync, whose promise settles even if the dialog is gone by then: a completed run is always
  // announced. While it is on its way the dialog stays (Esc, a click outside and the X do nothing).
  const confirm = async () => {
    const done = await complete.mutateAsync(order.id).catch(() => null);
    if (!done) return; // The refusal shows in the dialog (FormError).
    notifications.show({
      color: 'green',
      message: `Run of ${order.product_name} completed. ${units} added to its stock on hand.`,
    });
    onClose();
  };
  const close = () => {
    if (!complete.isPending) onClose();
  };

  return (
    <Modal
      opened
      onClose={close}
      closeOnEscape={!complete.isPending}
      closeOnClickOutside={!complete.isPending}
      closeButtonProps={{ 'aria-label': 'Close', disabled: complete.isPending }}
      title="Complete this production run?"
    >
      <Stack>
        <Text size="sm">
          The run of {formatQuantity(order.quantity_to_produce)} {order.product_name} becomes Completed, and its {units}{' '}
          go into the product's stock on hand. Its raw materials were used when it started. This cannot be undone.
        </Text>
        <FormError error={complete.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={complete.isPending}>
            Not Yet
          </Button>
          <Button loading={complete.isPending} onClick={() => void confirm()}>
            Complete Run
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

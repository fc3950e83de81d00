import { Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormError } from '@/components/form-error';
import { formatQuantityWithUnit } from '@/lib/format';
import { useCancelManufacturingOrder } from '../api/cancel-manufacturing-order';
import { useConsumedMaterials } from '../api/get-consumed-materials';
import type { ManufacturingOrder } from '../api/get-manufacturing-orders';

interface CancelProductionModalProps {
  order: ManufacturingOrder;
  onClose: () => void;
}

/** Confirms cancelling a production run started by mistake, listing the materials that come back. */
export function CancelProductionModal({ order, onClose }: CancelProductionModalProps) {
  const cancel = useCancelManufacturingOrder();
  const consumed = useConsumedMaterials(order.id);

  const confirm = () =>
    cancel.mutate(order.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: `Run of ${order.product_name} cancelled. Its materials are back in stock.`,
        });
        onClose();
      },
    });

  return (
    <Modal opened onClose={onClose} title="Cancel this production run?">
      <Stack>
        <Text size="sm">
          The run of {order.quantity_to_produce} {order.product_name} becomes Cancelled and adds no finished stock.
          Every material it used goes back into stock:
        </Text>
        {consumed.isPending && <Loader size="sm" aria-label="Loading materials" />}
        {consumed.data?.length === 0 && <Text size="sm">It used no raw materials.</Text>}
        {consumed.data && consumed.data.length > 0 && (
          <List size="sm">
            {consumed.data.map((material) => (
              <List.Item key={material.id}>
                {formatQuantityWithUnit(material.quantity, material.unit)} of {material.name}
              </List.Item>
            ))}
          </List>
        )}
        <FormError error={cancel.error ?? consumed.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep Run
          </Button>
          <Button color="red.9" loading={cancel.isPending} onClick={confirm}>
            Cancel Run
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormError } from '@/components/form-error';
import { formatQuantityWithUnit } from '@/lib/format';
import { useToggleArchived } from '../api/archive-item';
import type { StockItem } from '../item';

interface ArchiveItemModalProps {
  item: StockItem;
  onClose: () => void;
}

/** Confirms archiving (or restoring) an item, saying what happens to it and its stock. */
export function ArchiveItemModal({ item, onClose }: ArchiveItemModalProps) {
  const toggleArchived = useToggleArchived();
  const archiving = !item.archived;
  const stock = formatQuantityWithUnit(item.stock, item.unit);

  const confirm = () =>
    toggleArchived.mutate(item, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `${item.name} ${archiving ? 'archived' : 'restored'}.` });
        onClose();
      },
    });

  return (
    <Modal opened onClose={onClose} title={`${archiving ? 'Archive' : 'Restore'} ${item.name}?`}>
      <Stack>
        {archiving ? (
          <Text size="sm">
            {item.name} leaves the lists and is no longer offered when{' '}
            {item.kind === 'product' ? 'logging a sale or starting production' : 'building a bill of materials'}. Its
            stock ({stock}) stays as it is, and its orders and history are kept. Turn on “Show archived” to restore it.
          </Text>
        ) : (
          <Text size="sm">
            {item.name} comes back to the lists and pickers with its stock ({stock}) and history.
          </Text>
        )}
        <FormError error={toggleArchived.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep as it is
          </Button>
          <Button color={archiving ? 'red.9' : undefined} loading={toggleArchived.isPending} onClick={confirm}>
            {archiving ? 'Archive' : 'Restore'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

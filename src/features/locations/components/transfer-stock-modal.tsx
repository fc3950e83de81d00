import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { StockLinesFields } from '@/components/stock-lines-fields';
import { SubmitButton } from '@/components/submit-button';
import { formatQuantityWithUnit } from '@/lib/format';
import type { Location } from '@/lib/locations';
import {
  itemKey,
  transferSchema,
  useTransferStock,
  type LocatedStock,
  type TransferAnswer,
  type TransferForm,
  type TransferInput,
} from '../api/locations';

/**
 * Moves stock between two own places in one write, with its delivery challan: the items offered
 * are those at the source, each with what is there.
 */
export function TransferStockModal({
  locations,
  stock,
  onClose,
  onTransferred,
}: {
  locations: Location[];
  stock: LocatedStock[];
  onClose: () => void;
  onTransferred: (answer: TransferAnswer) => void;
}) {
  const transfer = useTransferStock();
  const own = locations.filter((location) => location.kind === 'own');
  const form = useForm<TransferForm, unknown, TransferInput>({
    resolver: zodResolver(transferSchema),
    defaultValues: {
      from_location_id: own.find((location) => location.is_main)?.id ?? '',
      to_location_id: own.find((location) => !location.is_main)?.id ?? '',
      lines: [{ item: '', quantity: '' }],
    },
  });
  const from = useWatch({ control: form.control, name: 'from_location_id' });
  const itemsHere = stock.filter((row) => row.location_id === from);
  const saving = form.formState.isSubmitting || transfer.isPending;
  const close = () => {
    if (!saving) onClose();
  };
  const places = own.map((location) => ({ value: location.id, label: location.location_name }));

  const submit = form.handleSubmit(async (input) => {
    const answer = await transfer.mutateAsync(input).catch((error: Error) => {
      showOnField(form, error);
      return null;
    });
    if (!answer) return;
    notifications.show({ color: 'green', message: `Transferred. Delivery challan ${answer.challan_number}.` });
    onTransferred(answer);
  });

  return (
    <Modal
      opened
      onClose={close}
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      closeButtonProps={{ 'aria-label': 'Close', disabled: saving }}
      title="Transfer stock"
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Controller
              control={form.control}
              name="from_location_id"
              render={({ field, fieldState }) => (
                <Select
                  label="From"
                  data={places}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  allowDeselect={false}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="to_location_id"
              render={({ field, fieldState }) => (
                <Select
                  label="To"
                  data={places}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  allowDeselect={false}
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>
          {itemsHere.length === 0 && from !== '' && (
            <Text size="sm" c="dimmed">
              Nothing is in stock here.
            </Text>
          )}
          <StockLinesFields
            form={form}
            items={itemsHere.map((row) => ({
              value: itemKey(row),
              label: `${row.item_name} (${formatQuantityWithUnit(Number(row.quantity), row.unit)} here)`,
            }))}
          />
          <FormError error={transfer.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={transfer.isPending}>
              Transfer
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

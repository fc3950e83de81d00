import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { BomItemSelect } from '@/features/catalogue/components/bom-item-picker';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField, TextField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { StockLinesFields } from '@/components/stock-lines-fields';
import { formatQuantityWithUnit } from '@/lib/format';
import type { Location } from '@/lib/locations';
import {
  itemChoice,
  sendJobWorkSchema,
  useSendJobWork,
  type SendJobWorkForm,
  type SendJobWorkInput,
  type StockHere,
} from '../api/job-work';

/**
 * Sends materials or semi-finished products from an own place to a job worker with a delivery
 * challan, saying what comes back (a product, or the same item processed: another material) and
 * what the job worker charges per unit of it.
 */
export function SendJobWorkModal({
  locations,
  stock,
  onClose,
}: {
  locations: Location[];
  stock: StockHere[];
  onClose: () => void;
}) {
  const send = useSendJobWork();
  const own = locations.filter((location) => location.kind === 'own');
  const jobWorkers = locations.filter((location) => location.kind === 'job_worker');
  const form = useForm<SendJobWorkForm, unknown, SendJobWorkInput>({
    resolver: zodResolver(sendJobWorkSchema),
    defaultValues: {
      job_worker_location_id: jobWorkers.length === 1 ? jobWorkers[0]!.id : '',
      from_location_id: own.find((location) => location.is_main)?.id ?? '',
      lines: [{ item: '', quantity: '' }],
      returns: '',
      returns_quantity: '',
      charge_rate: '',
      charge_unit: '',
      expected_on: '',
    },
  });
  const from = useWatch({ control: form.control, name: 'from_location_id' });
  const itemsHere = stock.filter((row) => row.location_id === from);
  const saving = form.formState.isSubmitting || send.isPending;
  const close = () => {
    if (!saving) onClose();
  };

  const submit = form.handleSubmit(async (input) => {
    const answer = await send.mutateAsync(input).catch((error: Error) => {
      showOnField(form, error);
      return null;
    });
    if (!answer) return;
    notifications.show({
      color: 'green',
      message: `Sent for job work. Delivery challan ${answer.challan_number} (print it from Locations).`,
    });
    onClose();
  });

  return (
    <Modal
      opened
      onClose={close}
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      closeButtonProps={{ 'aria-label': 'Close', disabled: saving }}
      title="Send for job work"
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Controller
              control={form.control}
              name="job_worker_location_id"
              render={({ field, fieldState }) => (
                <Select
                  label="Job worker"
                  data={jobWorkers.map((location) => ({ value: location.id, label: location.location_name }))}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  allowDeselect={false}
                  error={fieldState.error?.message}
                  data-autofocus
                />
              )}
            />
            <Controller
              control={form.control}
              name="from_location_id"
              render={({ field, fieldState }) => (
                <Select
                  label="From"
                  data={own.map((location) => ({ value: location.id, label: location.location_name }))}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  allowDeselect={false}
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>
          <StockLinesFields
            form={form}
            itemLabel="Send item"
            items={itemsHere.map((row) => ({
              value: itemChoice(row),
              label: `${row.item_name} (${formatQuantityWithUnit(Number(row.quantity), row.unit)} here)`,
            }))}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Controller
              control={form.control}
              name="returns"
              render={({ field, fieldState }) => (
                <BomItemSelect
                  label="Comes back as"
                  description="A product, or the item processed (e.g. dyed fabric)"
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={fieldState.error?.message}
                />
              )}
            />
            <NumberField
              control={form.control}
              name="returns_quantity"
              rules={{ label: 'Quantity to come back', decimals: 3, min: 0, positive: true }}
              label="Quantity to come back"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, xs: 3 }}>
            <NumberField
              control={form.control}
              name="charge_rate"
              rules={{ label: 'Charge per unit', decimals: 2, min: 0 }}
              label="Charge per unit (₹)"
            />
            <TextField
              control={form.control}
              name="charge_unit"
              rules={{ label: 'Charge unit', maxLength: 32, required: false }}
              label="Per"
              placeholder="piece, metre"
            />
            <TextInput
              label="Expected back on"
              type="date"
              error={form.formState.errors.expected_on?.message}
              {...form.register('expected_on')}
            />
          </SimpleGrid>
          <FormError error={send.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={send.isPending}>
              Send
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

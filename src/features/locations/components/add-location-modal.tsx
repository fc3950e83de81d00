import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Input, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { TextField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { stateName } from '@/lib/india-states';
import {
  createLocationSchema,
  locationFieldRules,
  useCreateLocation,
  useJobWorkerSuppliers,
  type CreateLocationForm,
  type CreateLocationInput,
} from '../api/locations';

const kinds = [
  { value: 'own', label: 'My own place' },
  { value: 'job_worker', label: 'Job worker' },
];

/**
 * A new own place (a shop, a second godown, with its GSTIN when registered apart), or a job worker:
 * one of the suppliers, whose GSTIN and state its challans carry.
 */
export function AddLocationModal({ onClose }: { onClose: () => void }) {
  const createLocation = useCreateLocation();
  const suppliers = useJobWorkerSuppliers();
  const form = useForm<CreateLocationForm, unknown, CreateLocationInput>({
    resolver: zodResolver(createLocationSchema),
    defaultValues: { kind: 'own', name: '', supplier_id: '', gstin: '', address: '' },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const supplierId = useWatch({ control: form.control, name: 'supplier_id' });
  const supplier = suppliers.data?.find((row) => row.id === supplierId);
  const saving = form.formState.isSubmitting || createLocation.isPending;
  const close = () => {
    if (!saving) onClose();
  };
  const submit = form.handleSubmit(async (input) => {
    const created = await createLocation.mutateAsync(input).catch((error: Error) => {
      showOnField(form, error);
      return null;
    });
    if (!created) return;
    notifications.show({ color: 'green', message: `Added ${input.name}.` });
    onClose();
  });

  return (
    <Modal
      opened
      onClose={close}
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      closeButtonProps={{ 'aria-label': 'Close', disabled: saving }}
      title="Add location"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Input.Wrapper label="Kind">
                <SegmentedControl {...field} fullWidth aria-label="Kind" data={kinds} />
              </Input.Wrapper>
            )}
          />
          {kind === 'job_worker' && (
            <Controller
              control={form.control}
              name="supplier_id"
              render={({ field, fieldState }) => (
                <Select
                  label="Supplier"
                  description="The job worker is one of your suppliers: its GSTIN and state go on the challans"
                  placeholder={suppliers.data?.length === 0 ? 'Add the job worker as a supplier first' : 'Choose'}
                  searchable
                  data={(suppliers.data ?? []).map((row) => ({ value: row.id, label: row.supplier_name }))}
                  value={field.value || null}
                  onChange={(value) => {
                    field.onChange(value ?? '');
                    const chosen = suppliers.data?.find((row) => row.id === value);
                    if (chosen && form.getValues('name') === '') form.setValue('name', chosen.supplier_name);
                  }}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
          {kind === 'job_worker' && supplier && (
            <Text size="sm" c="dimmed">
              {supplier.gstin
                ? `GSTIN ${supplier.gstin}, ${stateName(supplier.gstin.slice(0, 2)) ?? 'state unknown'}`
                : 'Not registered for GST: its challans go without a GSTIN, in your state.'}
            </Text>
          )}
          <TextField
            control={form.control}
            name="name"
            rules={locationFieldRules.name}
            label="Name"
            placeholder={kind === 'own' ? 'e.g. Shop, Second godown' : 'e.g. Rang Dyers'}
            data-autofocus
          />
          {kind === 'own' && (
            <TextField
              control={form.control}
              name="gstin"
              rules={locationFieldRules.gstin}
              label="GSTIN"
              description="Only when this place is registered under its own GSTIN"
            />
          )}
          <Textarea
            label="Address"
            autosize
            minRows={2}
            error={form.formState.errors.address?.message}
            {...form.register('address')}
          />
          <FormError error={createLocation.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={createLocation.isPending}>
              Add location
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

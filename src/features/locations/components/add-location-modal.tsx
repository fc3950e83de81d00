import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { TextField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import {
  createLocationSchema,
  locationFieldRules,
  useCreateLocation,
  type CreateLocationForm,
  type CreateLocationInput,
} from '../api/locations';

/** A new own place: a shop, a second godown (with its GSTIN when registered apart). */
export function AddLocationModal({ onClose }: { onClose: () => void }) {
  const createLocation = useCreateLocation();
  const form = useForm<CreateLocationForm, unknown, CreateLocationInput>({
    resolver: zodResolver(createLocationSchema),
    defaultValues: { name: '', gstin: '', address: '' },
  });
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
          <TextField
            control={form.control}
            name="name"
            rules={locationFieldRules.name}
            label="Name"
            placeholder="e.g. Shop, Second godown"
            data-autofocus
          />
          <TextField
            control={form.control}
            name="gstin"
            rules={locationFieldRules.gstin}
            label="GSTIN"
            description="Only when this place is registered under its own GSTIN"
          />
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

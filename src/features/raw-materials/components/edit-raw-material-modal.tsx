import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import type { RawMaterial } from '@/lib/api/raw-materials';
import {
  createRawMaterialSchema,
  type CreateRawMaterialForm,
  type CreateRawMaterialInput,
} from '../api/create-raw-material';
import { editRawMaterialDefaults, useUpdateRawMaterial } from '../api/update-raw-material';

interface EditRawMaterialModalProps {
  material: RawMaterial;
  onClose: () => void;
}

/** Edits a material's details; stock changes through Receive stock and Count stock. */
export function EditRawMaterialModal({ material, onClose }: EditRawMaterialModalProps) {
  const updateRawMaterial = useUpdateRawMaterial();
  const form = useForm<CreateRawMaterialForm, unknown, CreateRawMaterialInput>({
    resolver: zodResolver(createRawMaterialSchema),
    defaultValues: editRawMaterialDefaults(material),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((input) =>
    updateRawMaterial.mutate(
      { id: material.id, input },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `${saved.material_name} saved.` });
          onClose();
        },
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={`Edit ${material.material_name}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Material Name"
            withAsterisk
            data-autofocus
            error={errors.material_name?.message}
            {...form.register('material_name')}
          />
          <TextInput label="Supplier" {...form.register('supplier')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Controller
              control={form.control}
              name="cost_per_unit"
              render={({ field, fieldState }) => (
                <NumberInput
                  {...field}
                  label="Cost per Unit"
                  prefix="₹"
                  min={0}
                  decimalScale={2}
                  thousandsGroupStyle="lakh"
                  thousandSeparator=","
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextInput
              label="Unit of Measure"
              description="e.g. units, metres, kg"
              error={errors.unit_of_measure?.message}
              {...form.register('unit_of_measure')}
            />
            <Controller
              control={form.control}
              name="reorder_point"
              render={({ field, fieldState }) => (
                <NumberInput
                  {...field}
                  label="Reorder Point"
                  min={0}
                  decimalScale={3}
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Stock is not edited here: use Receive stock for deliveries and Count stock after a count.
          </Text>
          <FormError error={updateRawMaterial.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={updateRawMaterial.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

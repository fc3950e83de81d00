import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { LimitedTextInput, NumberTextInput } from '@/components/form-inputs';
import { useRawMaterials, type RawMaterial } from '@/features/stock-items/api/raw-materials';
import { rawMaterialFieldRules as rules } from '@/lib/form-fields';
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
  // Names are unique among all the user's materials, archived ones too (the database's key).
  const allMaterials = useRawMaterials({ includeArchived: true });
  const schema = useMemo(
    () =>
      createRawMaterialSchema(
        (allMaterials.data ?? []).filter((other) => other.id !== material.id).map((other) => other.material_name),
      ),
    [allMaterials.data, material.id],
  );
  const form = useForm<CreateRawMaterialForm, unknown, CreateRawMaterialInput>({
    resolver: zodResolver(schema),
    defaultValues: editRawMaterialDefaults(material),
  });

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
          <Controller
            control={form.control}
            name="material_name"
            render={({ field, fieldState }) => (
              <LimitedTextInput
                {...field}
                rules={rules.materialName}
                label="Material Name"
                data-autofocus
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="supplier"
            render={({ field, fieldState }) => (
              <LimitedTextInput {...field} rules={rules.supplier} label="Supplier" error={fieldState.error?.message} />
            )}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Controller
              control={form.control}
              name="cost_per_unit"
              render={({ field, fieldState }) => (
                <NumberTextInput
                  {...field}
                  rules={rules.costPerUnit}
                  label="Cost per Unit"
                  description="In rupees, to 4 decimal places (₹0.125)"
                  leftSection="₹"
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="unit_of_measure"
              render={({ field, fieldState }) => (
                <LimitedTextInput
                  {...field}
                  rules={rules.unitOfMeasure}
                  label="Unit of Measure"
                  description="e.g. units, metres, kg"
                  placeholder="units"
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="reorder_point"
              render={({ field, fieldState }) => (
                <NumberTextInput
                  {...field}
                  rules={rules.reorderPoint}
                  label="Reorder Point"
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

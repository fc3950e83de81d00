import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { LimitedTextInput, NumberTextInput } from '@/components/form-inputs';
import { useRawMaterials } from '@/features/stock-items/api/raw-materials';
import { rawMaterialFieldRules as rules } from '@/lib/form-fields';
import {
  createRawMaterialSchema,
  newRawMaterialDefaults,
  useCreateRawMaterial,
  type CreateRawMaterialForm,
  type CreateRawMaterialInput,
} from '../api/create-raw-material';

interface CreateRawMaterialModalProps {
  opened: boolean;
  onClose: () => void;
}

export function CreateRawMaterialModal({ opened, onClose }: CreateRawMaterialModalProps) {
  const createRawMaterial = useCreateRawMaterial();
  // Names are unique among all the user's materials, archived ones too (the database's key).
  const rawMaterials = useRawMaterials({ includeArchived: true });
  const schema = useMemo(
    () => createRawMaterialSchema((rawMaterials.data ?? []).map((material) => material.material_name)),
    [rawMaterials.data],
  );
  const form = useForm<CreateRawMaterialForm, unknown, CreateRawMaterialInput>({
    resolver: zodResolver(schema),
    defaultValues: newRawMaterialDefaults,
  });

  const close = () => {
    form.reset();
    createRawMaterial.reset();
    onClose();
  };

  const submit = form.handleSubmit((input) =>
    createRawMaterial.mutate(input, {
      onSuccess: (material) => {
        notifications.show({ color: 'green', message: `${material.material_name} added.` });
        close();
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Add New Material" size="lg">
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
              name="stock_level"
              render={({ field, fieldState }) => (
                <NumberTextInput
                  {...field}
                  rules={rules.stockLevel}
                  label="Stock Level"
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
          <FormError error={createRawMaterial.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={createRawMaterial.isPending}>
              Save Material
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

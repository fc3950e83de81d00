import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
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
  const form = useForm<CreateRawMaterialForm, unknown, CreateRawMaterialInput>({
    resolver: zodResolver(createRawMaterialSchema),
    defaultValues: newRawMaterialDefaults,
  });
  const { errors } = form.formState;

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
              name="stock_level"
              render={({ field, fieldState }) => (
                <NumberInput
                  {...field}
                  label="Stock Level"
                  min={0}
                  decimalScale={3}
                  error={fieldState.error?.message}
                />
              )}
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

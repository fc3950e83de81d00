import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { useRawMaterials } from '@/lib/api/raw-materials';
import {
  createProductSchema,
  newBomRow,
  newProductDefaults,
  useCreateProduct,
  type CreateProductForm,
  type CreateProductInput,
} from '../api/create-product';

interface CreateProductModalProps {
  opened: boolean;
  onClose: () => void;
}

export function CreateProductModal({ opened, onClose }: CreateProductModalProps) {
  const createProduct = useCreateProduct();
  const rawMaterials = useRawMaterials();
  const form = useForm<CreateProductForm, unknown, CreateProductInput>({
    resolver: zodResolver(createProductSchema),
    defaultValues: newProductDefaults,
  });
  const bomRows = useFieldArray({ control: form.control, name: 'bom' });
  const { errors } = form.formState;

  const materialOptions = (rawMaterials.data ?? []).map((material) => ({
    value: material.id,
    label: `${material.material_name} (${material.unit_of_measure})`,
  }));

  const close = () => {
    form.reset();
    createProduct.reset();
    onClose();
  };

  const submit = form.handleSubmit((input) =>
    createProduct.mutate(input, {
      onSuccess: (product) => {
        notifications.show({ color: 'green', message: `${product.product_name} added.` });
        close();
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Add New Product" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="SKU"
              withAsterisk
              data-autofocus
              error={errors.sku?.message}
              {...form.register('sku')}
            />
            <TextInput label="Category" {...form.register('category')} />
          </SimpleGrid>
          <TextInput
            label="Product Name"
            withAsterisk
            error={errors.product_name?.message}
            {...form.register('product_name')}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Controller
              control={form.control}
              name="selling_price"
              render={({ field, fieldState }) => (
                <NumberInput
                  {...field}
                  label="Selling Price"
                  withAsterisk
                  prefix="₹"
                  min={0}
                  decimalScale={2}
                  thousandsGroupStyle="lakh"
                  thousandSeparator=","
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="stock_on_hand"
              render={({ field, fieldState }) => (
                <NumberInput
                  {...field}
                  label="Stock on Hand"
                  min={0}
                  allowDecimal={false}
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
                  allowDecimal={false}
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>

          <Divider label="Bill of Materials" labelPosition="left" />
          {bomRows.fields.length === 0 && (
            <Text size="sm" c="dimmed">
              {materialOptions.length === 0
                ? 'No raw materials yet. Add them on the Raw Materials tab to list what this product is made of.'
                : 'List the raw materials one unit of this product uses. Production takes them from stock.'}
            </Text>
          )}
          {bomRows.fields.map((row, index) => (
            <Group key={row.id} align="flex-start" gap="xs" wrap="nowrap">
              <Controller
                control={form.control}
                name={`bom.${index}.material_id`}
                render={({ field, fieldState }) => (
                  <Select
                    {...field}
                    label={`Material ${index + 1}`}
                    placeholder="Choose a material"
                    data={materialOptions}
                    searchable
                    withAsterisk
                    error={fieldState.error?.message}
                    style={{ flex: 1 }}
                  />
                )}
              />
              <Controller
                control={form.control}
                name={`bom.${index}.quantity`}
                render={({ field, fieldState }) => (
                  <NumberInput
                    {...field}
                    label={`Quantity ${index + 1}`}
                    min={0}
                    decimalScale={3}
                    withAsterisk
                    error={fieldState.error?.message}
                    w={120}
                  />
                )}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={26}
                aria-label={`Remove material ${index + 1}`}
                onClick={() => bomRows.remove(index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={materialOptions.length === 0}
            onClick={() => bomRows.append(newBomRow)}
            style={{ alignSelf: 'flex-start' }}
          >
            Add Material
          </Button>

          <FormError error={createProduct.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={createProduct.isPending}>
              Save Product
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

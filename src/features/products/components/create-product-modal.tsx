import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { LimitedTextInput, NumberTextInput } from '@/components/form-inputs';
import { useProducts } from '@/lib/api/products';
import { useRawMaterials } from '@/lib/api/raw-materials';
import { materialWithUnit } from '@/lib/format';
import { productFieldRules as rules } from '@/lib/form-fields';
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
  const products = useProducts();
  const schema = useMemo(
    () => createProductSchema((products.data ?? []).map((product) => product.sku)),
    [products.data],
  );
  const form = useForm<CreateProductForm, unknown, CreateProductInput>({
    resolver: zodResolver(schema),
    defaultValues: newProductDefaults,
  });
  const bomRows = useFieldArray({ control: form.control, name: 'bom' });

  const materialOptions = (rawMaterials.data ?? []).map((material) => ({
    value: material.id,
    label: materialWithUnit(material.material_name, material.unit_of_measure),
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
            <Controller
              control={form.control}
              name="sku"
              render={({ field, fieldState }) => (
                <LimitedTextInput
                  {...field}
                  rules={rules.sku}
                  label="SKU"
                  data-autofocus
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="category"
              render={({ field, fieldState }) => (
                <LimitedTextInput
                  {...field}
                  rules={rules.category}
                  label="Category"
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="product_name"
            render={({ field, fieldState }) => (
              <LimitedTextInput
                {...field}
                rules={rules.productName}
                label="Product Name"
                error={fieldState.error?.message}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Controller
              control={form.control}
              name="selling_price"
              render={({ field, fieldState }) => (
                <NumberTextInput
                  {...field}
                  rules={rules.sellingPrice}
                  label="Selling Price"
                  leftSection="₹"
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="stock_on_hand"
              render={({ field, fieldState }) => (
                <NumberTextInput
                  {...field}
                  rules={rules.stockOnHand}
                  label="Stock on Hand"
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
                    openOnFocus={false}
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
                  <NumberTextInput
                    {...field}
                    rules={rules.bomQuantity}
                    label={`Quantity ${index + 1}`}
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

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { LimitedTextInput, NumberTextInput } from '@/components/form-inputs';
import { useProducts } from '@/features/stock-items/api/products';
import { useRawMaterials } from '@/features/stock-items/api/raw-materials';
import { materialWithUnit } from '@/lib/format';
import { productFieldRules as rules } from '@/lib/form-fields';
import {
  createProductSchema,
  newProductDefaults,
  useCreateProduct,
  type CreateProductForm,
  type CreateProductInput,
} from '../api/create-product';
import { BomRows } from './bom-rows';

interface CreateProductModalProps {
  opened: boolean;
  onClose: () => void;
}

export function CreateProductModal({ opened, onClose }: CreateProductModalProps) {
  const createProduct = useCreateProduct();
  const rawMaterials = useRawMaterials();
  // SKUs are unique among all the user's products, archived ones too (the database's key).
  const products = useProducts();
  const schema = useMemo(
    () => createProductSchema((products.data ?? []).map((product) => product.sku)),
    [products.data],
  );
  const form = useForm<CreateProductForm, unknown, CreateProductInput>({
    resolver: zodResolver(schema),
    defaultValues: newProductDefaults,
  });

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
          <BomRows
            control={form.control}
            materialOptions={materialOptions}
            materialsLoading={rawMaterials.data === undefined}
            emptyText={
              rawMaterials.data?.length === 0
                ? 'No raw materials yet. Add them on the Raw Materials tab to list what this product is made of.'
                : 'List the raw materials one unit of this product uses. Production takes them from stock.'
            }
          />

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

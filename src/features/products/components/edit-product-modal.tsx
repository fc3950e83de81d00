import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { LimitedTextInput, NumberTextInput } from '@/components/form-inputs';
import type { BomItem } from '@/features/stock-items/api/bom-items';
import { useProducts, type Product } from '@/features/stock-items/api/products';
import { useRawMaterials } from '@/features/stock-items/api/raw-materials';
import { formatQuantity, materialWithUnit } from '@/lib/format';
import { productFieldRules as rules } from '@/lib/form-fields';
import { createProductSchema, type CreateProductForm, type CreateProductInput } from '../api/create-product';
import { bomChanged, editProductDefaults, useUpdateProduct } from '../api/update-product';
import { BomRows } from './bom-rows';

interface EditProductModalProps {
  product: Product;
  /** The product's current BOM rows. */
  bom: BomItem[];
  onClose: () => void;
}

/** Edits a product's details and its bill of materials; stock changes through Count stock. */
export function EditProductModal({ product, bom, onClose }: EditProductModalProps) {
  const updateProduct = useUpdateProduct();
  const allMaterials = useRawMaterials({ includeArchived: true });
  // SKUs are unique among all the user's products, archived ones too (the database's key): the
  // SKU may stay as it is, and may not become another product's.
  const allProducts = useProducts();
  const schema = useMemo(
    () =>
      createProductSchema(
        (allProducts.data ?? []).filter((other) => other.id !== product.id).map((other) => other.sku),
      ),
    [allProducts.data, product.id],
  );
  const form = useForm<CreateProductForm, unknown, CreateProductInput>({
    resolver: zodResolver(schema),
    defaultValues: editProductDefaults(product, bom),
  });

  // Active materials to choose from; an archived one stays listed only where the BOM already
  // names it, marked, so the row reads right (saving a changed BOM with it is refused).
  const namedInBom = new Set(bom.map((row) => row.material_id));
  const materialOptions = (allMaterials.data ?? [])
    .filter((material) => material.archived_at === null || namedInBom.has(material.id))
    .map((material) => ({
      value: material.id,
      label: `${materialWithUnit(material.material_name, material.unit_of_measure)}${material.archived_at === null ? '' : ' (archived)'}`,
    }));

  const submit = form.handleSubmit((input) =>
    updateProduct.mutate(
      // Send the BOM only when it changed: an untouched BOM may name a material archived since.
      { id: product.id, input, bomChanged: bomChanged(input.bom, bom) },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `${saved.product_name} saved.` });
          onClose();
        },
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={`Edit ${product.product_name}`} size="lg">
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
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
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
            Stock on hand ({formatQuantity(product.stock_on_hand)}) is not edited here: use Count stock after a count.
          </Text>

          <Divider label="Bill of Materials" labelPosition="left" />
          <BomRows
            control={form.control}
            materialOptions={materialOptions}
            materialsLoading={allMaterials.data === undefined}
            emptyText="No materials listed. Production of this product uses no raw materials."
          />

          <FormError error={updateProduct.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={updateProduct.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

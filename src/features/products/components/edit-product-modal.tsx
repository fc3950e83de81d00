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
import type { BomItem } from '@/features/manufacturing/api/get-bom-items';
import type { Product } from '@/lib/api/products';
import { useRawMaterials } from '@/lib/api/raw-materials';
import {
  createProductSchema,
  newBomRow,
  type CreateProductForm,
  type CreateProductInput,
} from '../api/create-product';
import { editProductDefaults, useUpdateProduct } from '../api/update-product';

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
  const form = useForm<CreateProductForm, unknown, CreateProductInput>({
    resolver: zodResolver(createProductSchema),
    defaultValues: editProductDefaults(product, bom),
  });
  const bomRows = useFieldArray({ control: form.control, name: 'bom' });
  const { errors, dirtyFields } = form.formState;

  // Active materials to choose from; an archived one stays listed only where the BOM already
  // names it, marked, so the row reads right (saving a changed BOM with it is refused).
  const namedInBom = new Set(bom.map((row) => row.material_id));
  const materialOptions = (allMaterials.data ?? [])
    .filter((material) => material.archived_at === null || namedInBom.has(material.id))
    .map((material) => ({
      value: material.id,
      label: `${material.material_name} (${material.unit_of_measure})${material.archived_at === null ? '' : ' (archived)'}`,
    }));

  const submit = form.handleSubmit((input) =>
    updateProduct.mutate(
      { id: product.id, input, bomChanged: dirtyFields.bom !== undefined || bomRows.fields.length !== bom.length },
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
            <TextInput label="SKU" withAsterisk data-autofocus error={errors.sku?.message} {...form.register('sku')} />
            <TextInput label="Category" {...form.register('category')} />
          </SimpleGrid>
          <TextInput
            label="Product Name"
            withAsterisk
            error={errors.product_name?.message}
            {...form.register('product_name')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
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
          <Text size="sm" c="dimmed">
            Stock on hand ({product.stock_on_hand}) is not edited here: use Count stock after a count.
          </Text>

          <Divider label="Bill of Materials" labelPosition="left" />
          {bomRows.fields.length === 0 && (
            <Text size="sm" c="dimmed">
              No materials listed. Production of this product uses no raw materials.
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
            onClick={() => bomRows.append(newBomRow)}
            style={{ alignSelf: 'flex-start' }}
          >
            Add Material
          </Button>

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

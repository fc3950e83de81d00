import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useGuardedClose } from '@/components/discard-changes';
import { SubmitButton } from '@/components/submit-button';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField, TextField } from '@/components/form-inputs';
import { TaxFields } from '@/components/tax-fields';
import { useHasMaterials } from '@/features/catalogue/components/material-picker';
import { ComboForm } from '@/features/channels/components/combo-form';
import { StyleForm } from '@/features/catalogue/components/style-form';
import { countsPieces, formatProductQuantity, PRODUCT_UNIT_OPTIONS } from '@/features/catalogue/api/products';
import { productFieldRules as rules } from '@/lib/form-fields';
import {
  productFormDefaults,
  productFormSchema,
  stockOnHandRules,
  type EditedProduct,
  type ProductForm,
  type ProductInput,
} from '../api/product-form';
import { useSaveProduct } from '../api/save-product';
import { BomRows } from './bom-rows';

interface ProductFormModalProps {
  /** The product being edited with its BOM and costs, or null for Add New Product. */
  edited: EditedProduct | null;
  opened?: boolean;
  onClose: () => void;
}

/**
 * What Add New Product adds: one product, a style whose sizes or colours are each a product, or a
 * combo (issue 34) sold as one product and made of others.
 */
type NewKind = 'product' | 'style' | 'combo';

/**
 * The one product form: Add New Product, and Edit (its details and BOM; stock changes through
 * Count stock). Refusals about one field (a SKU another product has) show on that field. Add New
 * Product also offers a style (several sizes or colours), whose form takes the modal's place.
 */
export function ProductFormModal({ edited, opened = true, onClose }: ProductFormModalProps) {
  const save = useSaveProduct(edited);
  const hasMaterials = useHasMaterials();
  const form = useForm<ProductForm, unknown, ProductInput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormDefaults(edited),
  });

  const [kind, setKind] = useState<NewKind>('product');
  const unit = useWatch({ control: form.control, name: 'unit_of_measure' });

  const close = () => {
    form.reset();
    save.reset();
    setKind('product');
    onClose();
  };

  // Closing, Back or another screen asks first once something is typed.
  const guard = useGuardedClose(form.formState.isDirty, close);

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (product) => {
        notifications.show({
          color: 'green',
          message: `${product.product_name} ${edited === null ? 'added' : 'saved'}.`,
        });
        close();
      },
      onError: (error) => showOnField(form, error),
    }),
  );

  return (
    <>
      <Modal
        opened={opened}
        onClose={guard.requestClose}
        title={edited === null ? 'Add New Product' : `Edit ${edited.product.product_name}`}
        size={kind === 'style' ? 'xl' : 'lg'}
      >
        {edited === null && (
          <SegmentedControl
            fullWidth
            mb="md"
            aria-label="What to add"
            // Three choices on a phone: the longer names take two lines rather than being cut off.
            styles={{ label: { whiteSpace: 'normal' } }}
            data={[
              { value: 'product', label: 'One product' },
              { value: 'style', label: 'Several sizes or colours' },
              { value: 'combo', label: 'A combo or pack' },
            ]}
            value={kind}
            onChange={(value) => setKind(value as NewKind)}
          />
        )}
        {kind === 'style' ? (
          <StyleForm edited={null} onClose={close} />
        ) : kind === 'combo' ? (
          <ComboForm edited={null} onClose={close} />
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <SimpleGrid cols={{ base: 1, xs: 3 }}>
                <TextField control={form.control} name="sku" rules={rules.sku} label="SKU" data-autofocus />
                <TextField control={form.control} name="category" rules={rules.category} label="Category" />
                {/* Issue 45: pieces, or metres and kilograms for fabric and the like (3 decimals). */}
                <Controller
                  control={form.control}
                  name="unit_of_measure"
                  render={({ field, fieldState }) => (
                    <NativeSelect
                      {...field}
                      label="Unit"
                      data={PRODUCT_UNIT_OPTIONS}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              </SimpleGrid>
              <TextField control={form.control} name="product_name" rules={rules.productName} label="Product Name" />
              <SimpleGrid cols={{ base: 1, xs: edited === null ? 3 : 2 }}>
                <NumberField
                  control={form.control}
                  name="selling_price"
                  rules={rules.sellingPrice}
                  label="Selling Price"
                  leftSection="₹"
                />
                {edited === null && (
                  <NumberField
                    control={form.control}
                    name="stock_on_hand"
                    rules={stockOnHandRules(unit)}
                    label="Stock on Hand"
                    rightSection={
                      countsPieces(unit) ? undefined : (
                        <Text size="xs" c="dimmed">
                          {unit}
                        </Text>
                      )
                    }
                  />
                )}
                <NumberField
                  control={form.control}
                  name="reorder_point"
                  rules={rules.reorderPoint}
                  label="Reorder Point"
                />
              </SimpleGrid>
              {edited !== null && (
                <Text size="sm" c="dimmed">
                  Stock on hand ({formatProductQuantity(edited.product.stock_on_hand, edited.product.unit_of_measure)})
                  is not edited here: use Count stock after a count. The unit can change only while the product has no
                  stock, production or place in another product&apos;s BOM.
                </Text>
              )}

              <Divider label="Bill of Materials" labelPosition="left" />
              <BomRows
                control={form.control}
                emptyText={
                  edited !== null
                    ? 'No materials listed. Production of this product uses no raw materials.'
                    : hasMaterials === false
                      ? 'No raw materials yet. Add them on the Raw Materials tab to list what this product is made of.'
                      : 'List the raw materials one unit of this product uses. Production takes them from stock.'
                }
              />

              {/* Issue 33: what a unit costs beyond its BOM, in a section of its own. */}
              <Divider label="Costs beyond materials" labelPosition="left" />
              <SimpleGrid cols={{ base: 2, xs: 4 }}>
                <NumberField
                  control={form.control}
                  name="labour_per_unit"
                  rules={rules.labourPerUnit}
                  label="Labour per unit"
                  leftSection="₹"
                  placeholder="0"
                />
                <NumberField
                  control={form.control}
                  name="overhead_per_run"
                  rules={rules.overheadPerRun}
                  label="Overhead per run"
                  leftSection="₹"
                  placeholder="0"
                />
                <NumberField
                  control={form.control}
                  name="run_size"
                  rules={rules.runSize}
                  label="Run size"
                  placeholder="1"
                />
                <NumberField
                  control={form.control}
                  name="purchase_cost"
                  rules={rules.purchaseCost}
                  label="Purchase cost"
                  leftSection="₹"
                />
              </SimpleGrid>
              <Text size="sm" c="dimmed">
                Each unit carries its labour and the run&apos;s overhead divided by the run size. A product bought in
                rather than made (no bill of materials) costs its purchase cost.
              </Text>

              {/* Issue 31: the HSN code and GST rate, in a section of their own. */}
              <Divider label="Tax" labelPosition="left" />
              <TaxFields control={form.control} />

              <FormError error={save.error} form={form} />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <SubmitButton form={form} pending={save.isPending}>
                  {edited === null ? 'Save Product' : 'Save Changes'}
                </SubmitButton>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      {/* Asks before what was typed is dropped. */}
      {guard.confirm}
    </>
  );
}

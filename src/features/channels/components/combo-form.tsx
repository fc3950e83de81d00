import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField, TextField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { TaxFields } from '@/components/tax-fields';
import { useProductsTax } from '@/features/catalogue/api/item-tax';
import { ProductSelect } from '@/features/catalogue/components/product-picker';
import { productFieldRules as rules } from '@/lib/form-fields';
import { itemTaxFormValues, mixedSupplyTax } from '@/lib/item-tax';
import {
  comboFormDefaults,
  comboFormSchema,
  MAX_COMBO_COMPONENTS,
  newComponentRow,
  type ComboForm as ComboFormValues,
  type ComboInput,
  type EditedCombo,
} from '../api/combo-form';
import { componentQuantityRules } from '../api/field-rules';
import { useSaveCombo } from '../api/save-combo';

interface ComboFormProps {
  /** The combo being edited, or null for a new one. */
  edited: EditedCombo | null;
  /** After a save, and on Cancel. */
  onClose: () => void;
}

/**
 * The one combo form (issue 34): a pack (2 x a product) or a set (1 x several), sold as one product
 * with no stock of its own: its stock is what its parts make now, and a sale takes the parts.
 */
export function ComboForm({ edited, onClose }: ComboFormProps) {
  const save = useSaveCombo(edited);
  const form = useForm<ComboFormValues, unknown, ComboInput>({
    resolver: zodResolver(comboFormSchema),
    defaultValues: comboFormDefaults(edited),
  });

  const close = () => {
    form.reset();
    save.reset();
    onClose();
  };

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: `${input.product_name} ${edited === null ? 'added' : 'saved'}.`,
        });
        close();
      },
      onError: (error) => showOnField(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={edited === null ? 'New combo' : `Edit ${edited.product_name}`}>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextField control={form.control} name="sku" rules={rules.sku} label="SKU" data-autofocus />
          <TextField control={form.control} name="category" rules={rules.category} label="Category" />
        </SimpleGrid>
        <TextField control={form.control} name="product_name" rules={rules.productName} label="Product Name" />
        <NumberField
          control={form.control}
          name="selling_price"
          rules={rules.sellingPrice}
          label="Selling Price"
          leftSection="₹"
          maw={{ xs: 200 }}
        />
        <Divider label="Parts" labelPosition="left" />
        <Text size="sm" c="dimmed">
          What one combo holds: a pack of 2 is 2 of one product, a gift set 1 of each. A combo has no stock of its own:
          it shows how many its parts make now, a sale takes the parts, and it cannot be produced.
        </Text>
        <ComponentRows control={form.control} />
        {/* Issue 42: the combo's own HSN code and GST rate, in a section of their own. */}
        <Divider label="Tax" labelPosition="left" />
        <ComboTaxFields form={form} ownTax={edited !== null && edited.tax.hsn_code !== null} />
        <FormError error={save.error} form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <SubmitButton form={form} pending={save.isPending}>
            {edited === null ? 'Save Combo' : 'Save Changes'}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

function ComponentRows({ control }: { control: Control<ComboFormValues, unknown, ComboInput> }) {
  const rows = useFieldArray({ control, name: 'components' });
  return (
    <>
      {rows.fields.map((row, index) => (
        <Group key={row.id} align="flex-start" gap="xs" wrap="wrap">
          <Controller
            control={control}
            name={`components.${index}.product_id`}
            render={({ field, fieldState }) => (
              <ProductSelect
                {...field}
                label={`Part ${index + 1}`}
                error={fieldState.error?.message}
                style={{ flex: '1 1 240px' }}
              />
            )}
          />
          <NumberField
            control={control}
            name={`components.${index}.quantity`}
            rules={componentQuantityRules}
            label={`Quantity ${index + 1}`}
            w={100}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={26}
            aria-label={`Remove part ${index + 1}`}
            onClick={() => rows.remove(index)}
            disabled={rows.fields.length === 1}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={rows.fields.length >= MAX_COMBO_COMPONENTS}
        onClick={() => rows.append(newComponentRow)}
        style={{ alignSelf: 'flex-start' }}
      >
        Add Part
      </Button>
    </>
  );
}

/**
 * A combo is a mixed supply (issue 42): until the owner sets its tax, the fields follow the part
 * with the highest rate. A price rule is read on the price per piece, so the note says so.
 */
function ComboTaxFields({
  form,
  ownTax,
}: {
  form: UseFormReturn<ComboFormValues, unknown, ComboInput>;
  /** The edited combo has a tax of its own: its fields keep it. */
  ownTax: boolean;
}) {
  const parts = useWatch({ control: form.control, name: 'components' });
  const partsTax = useProductsTax(parts.flatMap((part) => (part.product_id ? [part.product_id] : [])));
  const { setValue, getFieldState } = form;
  useEffect(() => {
    if (ownTax || !partsTax.data) return;
    const fields = itemTaxFormValues(mixedSupplyTax(partsTax.data));
    const names = Object.keys(fields) as (keyof typeof fields)[];
    if (names.some((name) => getFieldState(name).isDirty)) return;
    for (const name of names) setValue(name, fields[name]);
  }, [ownTax, partsTax.data, setValue, getFieldState]);
  return (
    <Stack gap="xs">
      <TaxFields control={form.control} />
      <Text size="sm" c="dimmed">
        A combo is taxed as one item, at the highest rate of its parts unless you choose otherwise. A rate that depends
        on the price is read per piece: a pack of 3 at ₹1,799 is ₹599.67 a piece.
      </Text>
    </Stack>
  );
}

/** Edit of a combo from the Products list: its form in a modal of its own. */
export function ComboFormModal({ edited, onClose }: { edited: EditedCombo; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`Edit ${edited.product_name}`} size="lg">
      <ComboForm edited={edited} onClose={onClose} />
    </Modal>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useForm, type Control } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField, TextField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { ProductSelect } from '@/features/stock-items/components/product-picker';
import { productFieldRules as rules } from '@/lib/form-fields';
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

/** Edit of a combo from the Products list: its form in a modal of its own. */
export function ComboFormModal({ edited, onClose }: { edited: EditedCombo; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`Edit ${edited.product_name}`} size="lg">
      <ComboForm edited={edited} onClose={onClose} />
    </Modal>
  );
}

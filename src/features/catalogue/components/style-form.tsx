import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField, TextField } from '@/components/form-inputs';
import { TaxFields } from '@/components/tax-fields';
import { useItemTax } from '@/features/catalogue/api/item-tax';
import { noItemTax, type ItemTax } from '@/lib/item-tax';
import { SubmitButton } from '@/components/submit-button';
import { productFieldRules, styleFieldRules as rules } from '@/lib/form-fields';
import { useSaveStyle } from '../api/save-style';
import {
  styleFormDefaults,
  styleFormSchema,
  type StyleForm as StyleFormValues,
  type StyleInput,
} from '../api/style-form';
import type { Style } from '../api/styles';
import { OptionEditor } from './option-editor';
import { StyleBomGrid } from './style-bom-grid';
import { VariantPreview } from './variant-preview';

interface StyleFormProps {
  /** The style being edited, or null for a new one. */
  edited: Style | null;
  /** The edited style's HSN code and GST rate, as its first variant has them (none for a new one). */
  tax?: ItemTax;
  /** After a save, and on Cancel. */
  onClose: () => void;
}

/**
 * The one style form: a new style (its options make every variant, each a product) and an edited
 * one (name, category, BOM, and new values for its options). Refusals about one field (a SKU
 * another product has) show on that field.
 */
export function StyleForm({ edited, tax = noItemTax, onClose }: StyleFormProps) {
  const save = useSaveStyle(edited, tax);
  const form = useForm<StyleFormValues, unknown, StyleInput>({
    resolver: zodResolver(styleFormSchema),
    defaultValues: styleFormDefaults(edited, tax),
  });

  const close = () => {
    form.reset();
    save.reset();
    onClose();
  };

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: ({ styleName, variantsAdded }) => {
        notifications.show({
          color: 'green',
          message:
            edited === null
              ? `${styleName} added with ${variantsAdded} variants.`
              : variantsAdded > 0
                ? `${styleName} saved, with ${variantsAdded} new variants.`
                : `${styleName} saved.`,
        });
        close();
      },
      onError: (error) => showOnField(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={edited === null ? 'New style' : `Edit ${edited.style_name}`}>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextField
            control={form.control}
            name="style_name"
            rules={rules.styleName}
            label="Style Name"
            data-autofocus
          />
          <TextField control={form.control} name="category" rules={productFieldRules.category} label="Category" />
          <TextField
            control={form.control}
            name="sku_prefix"
            rules={rules.skuPrefix}
            label="SKU Prefix"
            description={
              edited === null
                ? 'Each variant’s SKU adds its values: KUR-M-BLUE'
                : 'Kept: the variants’ SKUs start with it'
            }
            disabled={edited !== null}
          />
          <NumberField
            control={form.control}
            name="selling_price"
            rules={productFieldRules.sellingPrice}
            label="Selling Price"
            description={
              edited === null
                ? 'For every variant; change one later on its product'
                : 'Each variant’s price is edited on its product'
            }
            leftSection="₹"
            disabled={edited !== null}
          />
        </SimpleGrid>

        <Divider label="Sizes, colours and other options" labelPosition="left" />
        <OptionEditor form={form} edited={edited} />
        <VariantPreview
          control={form.control}
          existingSkus={edited ? new Set(edited.variants.map((variant) => variant.sku)) : undefined}
        />

        <Divider label="Bill of Materials" labelPosition="left" />
        <StyleBomGrid form={form} />
        {edited !== null && (
          <Text size="sm" c="dimmed">
            Saving replaces the BOM of every variant of {edited.style_name}.
          </Text>
        )}

        {/* Issue 31: every variant's HSN code and GST rate. */}
        <Divider label="Tax" labelPosition="left" />
        <TaxFields control={form.control} />

        <FormError error={save.error} form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <SubmitButton form={form} pending={save.isPending}>
            {edited === null ? 'Save Style' : 'Save Changes'}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** The style form in a modal: Add New Style, or Edit {style}. */
export function StyleFormModal({ edited, opened = true, onClose }: StyleFormProps & { opened?: boolean }) {
  // The style's tax is its variants': the first one's stands for them all.
  const firstVariant = edited?.variants[0]?.product_id;
  const tax = useItemTax(firstVariant ? { kind: 'product', id: firstVariant } : null);
  const ready = firstVariant === undefined || tax.data !== undefined;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={edited === null ? 'Add New Style' : `Edit ${edited.style_name}`}
      size="xl"
    >
      {ready && <StyleForm edited={edited} tax={tax.data ?? noItemTax} onClose={onClose} />}
    </Modal>
  );
}

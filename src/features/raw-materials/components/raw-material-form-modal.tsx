import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { useGuardedClose } from '@/components/discard-changes';
import { SubmitButton } from '@/components/submit-button';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField, TextField } from '@/components/form-inputs';
import { TaxFields } from '@/components/tax-fields';
import { noItemTax, type ItemTax } from '@/lib/item-tax';
import type { RawMaterial } from '@/features/catalogue/api/raw-materials';
import { rawMaterialFieldRules as rules } from '@/lib/form-fields';
import {
  rawMaterialFormDefaults,
  rawMaterialFormSchema,
  type RawMaterialForm,
  type RawMaterialInput,
} from '../api/raw-material-form';
import { useSaveRawMaterial } from '../api/save-raw-material';

interface RawMaterialFormModalProps {
  /** The material being edited, or null for Add New Material. */
  edited: RawMaterial | null;
  /** The edited material's HSN code and GST rate (none for a new one). */
  tax?: ItemTax;
  opened?: boolean;
  onClose: () => void;
}

/**
 * The one material form: Add New Material, and Edit (its details; stock changes through Receive
 * stock and Count stock). A refusal about one field (a name another material has) shows on it.
 */
export function RawMaterialFormModal({ edited, tax = noItemTax, opened = true, onClose }: RawMaterialFormModalProps) {
  const save = useSaveRawMaterial(edited, tax);
  const form = useForm<RawMaterialForm, unknown, RawMaterialInput>({
    resolver: zodResolver(rawMaterialFormSchema),
    defaultValues: rawMaterialFormDefaults(edited, tax),
  });

  const close = () => {
    form.reset();
    save.reset();
    onClose();
  };

  // Closing, Back or another screen asks first once something is typed.
  const guard = useGuardedClose(form.formState.isDirty, close);

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (material) => {
        notifications.show({
          color: 'green',
          message: `${material.material_name} ${edited === null ? 'added' : 'saved'}.`,
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
        title={edited === null ? 'Add New Material' : `Edit ${edited.material_name}`}
        size="lg"
      >
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextField
              control={form.control}
              name="material_name"
              rules={rules.materialName}
              label="Material Name"
              data-autofocus
            />
            <TextField control={form.control} name="supplier" rules={rules.supplier} label="Supplier" />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <NumberField
                control={form.control}
                name="cost_per_unit"
                rules={rules.costPerUnit}
                label="Cost per Unit"
                description="In rupees, to 4 decimal places (₹0.125)"
                leftSection="₹"
              />
              <TextField
                control={form.control}
                name="unit_of_measure"
                rules={rules.unitOfMeasure}
                label="Unit of Measure"
                description="e.g. units, metres, kg"
                placeholder="units"
              />
              {edited === null && (
                <NumberField control={form.control} name="stock_level" rules={rules.stockLevel} label="Stock Level" />
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
                Stock is not edited here: use Receive stock for deliveries and Count stock after a count.
              </Text>
            )}
            {/* Issue 31: the HSN code and GST rate, in a section of their own. */}
            <Divider label="Tax" labelPosition="left" />
            <TaxFields control={form.control} />
            <FormError error={save.error} form={form} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <SubmitButton form={form} pending={save.isPending}>
                {edited === null ? 'Save Material' : 'Save Changes'}
              </SubmitButton>
            </Group>
          </Stack>
        </form>
      </Modal>
      {/* Asks before what was typed is dropped. */}
      {guard.confirm}
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField, TextField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { useMaterial } from '@/features/catalogue/api/item-lists';
import { MaterialSelect } from '@/features/catalogue/components/material-picker';
import { formatQuantityWithUnit, formatUnitCost, unitFor } from '@/lib/format';
import { numberFieldText, purchaseFieldRules as rules } from '@/lib/form-fields';
import {
  newPurchaseUnitDefaults,
  purchaseUnitFormSchema,
  usePurchaseUnits,
  useSetPurchaseUnit,
  type PurchaseUnit,
  type PurchaseUnitForm,
  type PurchaseUnitInput,
} from '../api/purchase-units';
import type { Supplier } from '../api/suppliers';

const unitColumns = (edit: (unit: PurchaseUnit) => void): DataTableColumn<PurchaseUnit>[] => [
  { label: 'Material', fw: 500, cell: (unit) => unit.material_name },
  {
    label: 'Bought by',
    cell: (unit) =>
      `${unitFor(1, unit.purchase_unit)} of ${formatQuantityWithUnit(unit.units_per_purchase_unit, unit.unit_of_measure)}`,
  },
  {
    label: 'Price',
    numeric: true,
    halfOnPhone: true,
    cell: (unit) => (unit.price_per_purchase_unit === null ? '—' : formatUnitCost(unit.price_per_purchase_unit)),
  },
  {
    label: 'Minimum',
    numeric: true,
    halfOnPhone: true,
    cell: (unit) =>
      unit.minimum_order === null ? '—' : formatQuantityWithUnit(unit.minimum_order, unit.purchase_unit),
  },
  {
    label: 'Change',
    cell: (unit) => (
      <Button size="compact-sm" variant="subtle" onClick={() => edit(unit)} aria-label={`Change ${unit.material_name}`}>
        Change
      </Button>
    ),
  },
];

/**
 * How a supplier sells each material: the unit (roll, kg, gross), how much of the material's own
 * unit one holds, the price of one and the least they sell. Orders to them are written in it.
 */
export function PurchaseUnits({ supplier }: { supplier: Supplier }) {
  const units = usePurchaseUnits(supplier.id);
  const setUnit = useSetPurchaseUnit(supplier.id);
  const form = useForm<PurchaseUnitForm, unknown, PurchaseUnitInput>({
    resolver: zodResolver(purchaseUnitFormSchema),
    defaultValues: newPurchaseUnitDefaults,
  });
  // The material's own unit names what one purchase unit holds: "Holds (m)".
  const materialId = useWatch({ control: form.control, name: 'material_id' });
  const material = useMaterial(materialId || null).data ?? null;

  const edit = (unit: PurchaseUnit) =>
    form.reset({
      material_id: unit.material_id,
      purchase_unit: unit.purchase_unit,
      units_per_purchase_unit: numberFieldText(unit.units_per_purchase_unit),
      price_per_purchase_unit:
        unit.price_per_purchase_unit === null ? '' : numberFieldText(unit.price_per_purchase_unit),
      minimum_order: unit.minimum_order === null ? '' : numberFieldText(unit.minimum_order),
    });

  const submit = form.handleSubmit((input) =>
    setUnit.mutate(input, {
      onSuccess: (unit) => {
        notifications.show({
          color: 'green',
          message: `${supplier.supplier_name} sells it by the ${unitFor(1, unit.purchase_unit)}.`,
        });
        form.reset(newPurchaseUnitDefaults);
      },
      onError: (error) => showOnField(form, error),
    }),
  );

  return (
    <Stack>
      <Title order={4} size="h5">
        Purchase units
      </Title>
      {units.data && units.data.length > 0 ? (
        <DataTable columns={unitColumns(edit)} rows={units.data} minWidth={480} />
      ) : (
        <Text size="sm" c="dimmed">
          None yet: materials from {supplier.supplier_name} are ordered in their own unit.
        </Text>
      )}
      <Paper withBorder p="sm" component="form" onSubmit={submit} noValidate aria-label="Set a purchase unit">
        <Stack gap="xs">
          <Controller
            control={form.control}
            name="material_id"
            render={({ field, fieldState }) => (
              <MaterialSelect
                label="Material"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <TextField
              control={form.control}
              name="purchase_unit"
              rules={rules.purchaseUnit}
              label="Bought by"
              placeholder="rolls"
            />
            <NumberField
              control={form.control}
              name="units_per_purchase_unit"
              rules={rules.unitsPerPurchaseUnit}
              label={material ? `Holds (${material.unit_of_measure})` : 'Holds'}
              placeholder="50"
            />
            <NumberField
              control={form.control}
              name="price_per_purchase_unit"
              rules={rules.pricePerPurchaseUnit}
              label="Price of one"
              leftSection="₹"
            />
            <NumberField control={form.control} name="minimum_order" rules={rules.minimumOrder} label="Minimum order" />
          </SimpleGrid>
          <FormError error={setUnit.error} form={form} />
          <Group justify="flex-end">
            <SubmitButton form={form} pending={setUnit.isPending}>
              Save purchase unit
            </SubmitButton>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { useGuardedClose } from '@/components/discard-changes';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField, TextField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { useMaterial } from '@/features/catalogue/api/item-lists';
import { MaterialSelect } from '@/features/catalogue/components/material-picker';
import { formatQuantityWithUnit, formatRupees, formatUnitCost, formatPoNumber, unitFor } from '@/lib/format';
import { purchaseFieldRules as rules, validNumber } from '@/lib/form-fields';
import { lineAmount } from '@/lib/money';
import {
  emptyOrderLine,
  purchaseOrderFormDefaults,
  purchaseOrderFormSchema,
  savedPurchaseOrder,
  useSavePurchaseOrder,
  type PurchaseOrderForm,
  type PurchaseOrderInput,
} from '../api/purchase-order-form';
import type { PurchaseOrder } from '../api/purchase-orders';
import { usePurchaseUnits, type PurchaseUnit } from '../api/purchase-units';
import { useSuppliers } from '../api/suppliers';
import { stockUnits } from '../utils/purchase-figures';

interface PurchaseOrderFormModalProps {
  /** The Draft being edited, or null for a new order. */
  edited: PurchaseOrder | null;
  onClose: () => void;
  onSaved: (orderId: string) => void;
}

/**
 * The one purchase order form: a new Draft and the edit of one. Each line is a material (searched
 * on the server as typed), a quantity in the unit the chosen supplier sells it in (with what that
 * comes to in the material's own unit) and a price per that unit (empty: the supplier's price).
 */
export function PurchaseOrderFormModal({ edited, onClose, onSaved }: PurchaseOrderFormModalProps) {
  const save = useSavePurchaseOrder(edited);
  const suppliers = useSuppliers();
  const phone = useMediaQuery('(max-width: 36em)');
  const form = useForm<PurchaseOrderForm, unknown, PurchaseOrderInput>({
    resolver: zodResolver(purchaseOrderFormSchema),
    defaultValues: purchaseOrderFormDefaults(edited),
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const supplierId = useWatch({ control: form.control, name: 'supplier_id' });
  const purchaseUnits = usePurchaseUnits(supplierId ?? null);
  const unitFor = (materialId: string | null) =>
    purchaseUnits.data?.find((unit) => unit.material_id === materialId) ?? null;

  // Closing, Back or another screen asks first once something is typed.
  const guard = useGuardedClose(form.formState.isDirty, onClose);

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        const order = savedPurchaseOrder(answer);
        notifications.show({ color: 'green', message: `${formatPoNumber(order.po_number)} saved as a draft.` });
        onSaved(order.purchase_order_id);
      },
      onError: (error) => showOnField(form, error),
    }),
  );
  const linesError = form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message;

  return (
    <>
      <Modal
        opened
        onClose={guard.requestClose}
        title={edited === null ? 'New purchase order' : `Edit ${formatPoNumber(edited.po_number)}`}
        size="xl"
        fullScreen={phone}
      >
        <form onSubmit={submit} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="supplier_id"
                render={({ field, fieldState }) => (
                  <Select
                    label="Supplier"
                    placeholder={suppliers.data?.length === 0 ? 'Add a supplier first' : 'Choose a supplier'}
                    data={(suppliers.data ?? []).map((supplier) => ({
                      value: supplier.id,
                      label: supplier.supplier_name,
                    }))}
                    searchable
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={fieldState.error?.message}
                    data-autofocus
                  />
                )}
              />
              <TextField
                control={form.control}
                name="expected_date"
                rules={{ label: 'Expected date', maxLength: 10, required: false }}
                label="Expected date"
                type="date"
              />
            </SimpleGrid>
            <Stack gap="xs" role="group" aria-label="Order lines">
              {lines.fields.map((line, index) => (
                <OrderLineFields
                  key={line.id}
                  control={form.control}
                  index={index}
                  purchaseUnit={unitFor}
                  onRemove={lines.fields.length > 1 ? () => lines.remove(index) : undefined}
                />
              ))}
              {linesError && (
                <Text c="red.8" size="sm" role="alert">
                  {linesError}
                </Text>
              )}
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => lines.append(emptyOrderLine)}
                  disabled={lines.fields.length >= rules.maxLines}
                >
                  Add material
                </Button>
              </Group>
            </Stack>
            <TextField
              control={form.control}
              name="note"
              rules={rules.note}
              label="Note"
              placeholder="e.g. Deliver to the back gate"
            />
            <FormError error={save.error} form={form} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <SubmitButton form={form} pending={save.isPending}>
                Save draft
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

interface OrderLineFieldsProps {
  control: Control<PurchaseOrderForm, unknown, PurchaseOrderInput>;
  index: number;
  purchaseUnit: (materialId: string | null) => PurchaseUnit | null;
  onRemove: (() => void) | undefined;
}

/** One line: the material, how many purchase units and at what price, and what it comes to. */
function OrderLineFields({ control, index, purchaseUnit, onRemove }: OrderLineFieldsProps) {
  const [materialId, quantityText, priceText] = useWatch({
    control,
    name: [`lines.${index}.material_id`, `lines.${index}.quantity`, `lines.${index}.unit_price`],
  });
  const material = useMaterial(materialId || null).data ?? null;
  const unit = purchaseUnit(materialId);
  const unitName = unit?.purchase_unit ?? material?.unit_of_measure ?? '';
  const unitsPer = unit?.units_per_purchase_unit ?? 1;
  const defaultPrice =
    unit?.price_per_purchase_unit ??
    (material ? Math.round(material.cost_per_unit * unitsPer * 10_000) / 10_000 : null);
  const quantity = validNumber(quantityText, rules.quantity);
  const price = validNumber(priceText, rules.unitPrice) ?? defaultPrice;
  const inStockUnits = quantity !== null && material ? stockUnits(quantity, unitsPer) : null;

  return (
    <Paper withBorder p="sm" radius="md">
      <Group align="flex-start" wrap="wrap" gap="sm">
        <Controller
          control={control}
          name={`lines.${index}.material_id`}
          render={({ field, fieldState }) => (
            <MaterialSelect
              label={`Material ${index + 1}`}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
              style={{ flex: '2 1 220px' }}
            />
          )}
        />
        <NumberField
          control={control}
          name={`lines.${index}.quantity`}
          rules={rules.quantity}
          label={unitName ? `Quantity (${unitName})` : 'Quantity'}
          description={
            unit && material
              ? `1 ${unitFor(1, unit.purchase_unit)} = ${formatQuantityWithUnit(unit.units_per_purchase_unit, material.unit_of_measure)}`
              : undefined
          }
          style={{ flex: '1 1 130px' }}
        />
        <NumberField
          control={control}
          name={`lines.${index}.unit_price`}
          rules={rules.unitPrice}
          label={unitName ? `Price per ${unitFor(1, unitName)}` : 'Price'}
          placeholder={defaultPrice === null ? undefined : String(defaultPrice)}
          leftSection="₹"
          style={{ flex: '1 1 130px' }}
        />
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            aria-label={`Remove material ${index + 1}`}
            onClick={onRemove}
          >
            <IconTrash size={18} />
          </ActionIcon>
        )}
      </Group>
      {material && quantity !== null && (
        <Text size="sm" c="dimmed" mt={4}>
          {inStockUnits === null
            ? `This comes to more than 3 decimal places of ${material.unit_of_measure}: choose another quantity.`
            : `= ${formatQuantityWithUnit(inStockUnits, material.unit_of_measure)} into stock`}
          {price !== null && inStockUnits !== null && unitsPer > 0
            ? `, ${formatRupees(lineAmount(quantity, price))} (${formatUnitCost(price / unitsPer)} per ${unitFor(1, material.unit_of_measure)})`
            : ''}
        </Text>
      )}
    </Paper>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { SupplierInvoiceFields } from '@/components/supplier-invoice-fields';
import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '@/components/submit-button';
import { FormError } from '@/components/form-error';
import { NumberField } from '@/components/form-inputs';
import { LocationPicker } from '@/components/location-picker';
import type { RawMaterial } from '@/features/catalogue/api/raw-materials';
import { formatQuantity, formatUnitCost } from '@/lib/format';
import { stockFieldRules as rules, validNumber } from '@/lib/form-fields';
import { useOwnLocationChoice } from '@/lib/locations';
import {
  averageCostAfterReceipt,
  receiveMaterialDefaults,
  receiveMaterialSchema,
  useReceiveMaterial,
  type ReceiveMaterialForm,
  type ReceiveMaterialInput,
} from '../api/receive-material';

interface ReceiveStockModalProps {
  material: RawMaterial;
  onClose: () => void;
}

/** A purchase receipt: adds stock, and the unit cost paid moves the average cost. */
export function ReceiveStockModal({ material, onClose }: ReceiveStockModalProps) {
  const receiveMaterial = useReceiveMaterial();
  const places = useOwnLocationChoice();
  const [locationId, setLocationId] = useState('');
  const form = useForm<ReceiveMaterialForm, unknown, ReceiveMaterialInput>({
    resolver: zodResolver(receiveMaterialSchema),
    defaultValues: receiveMaterialDefaults(material),
  });
  const [quantity, unitCost] = useWatch({ control: form.control, name: ['quantity', 'unit_cost'] });
  const newCost = averageCostAfterReceipt(
    material,
    validNumber(quantity, rules.receivedQuantity),
    validNumber(unitCost, rules.unitCost),
  );

  // The receipt cannot be called back once sent, so the dialog stays until it is answered: Esc,
  // a click outside, the X and Cancel do nothing while it saves (the button shows it is busy).
  const saving = form.formState.isSubmitting || receiveMaterial.isPending;
  const close = () => {
    if (!saving) onClose();
  };

  // mutateAsync, not mutate's callbacks: its promise settles even if the dialog is gone by then,
  // so a saved receipt is always announced.
  const submit = form.handleSubmit(async (input) => {
    // A refusal shows in the form (FormError).
    const received = await receiveMaterial.mutateAsync({ material, input, locationId }).catch(() => null);
    if (!received) return;
    notifications.show({
      color: 'green',
      message: `Received ${formatQuantity(input.quantity)} ${material.unit_of_measure} of ${material.material_name}. In stock: ${formatQuantity(Number(received.stock_level))}.`,
    });
    onClose();
  });

  return (
    <Modal
      opened
      onClose={close}
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      closeButtonProps={{ 'aria-label': 'Close', disabled: saving }}
      title={`Receive stock: ${material.material_name}`}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            In stock: {formatQuantity(material.stock_level)} {material.unit_of_measure} at{' '}
            {formatUnitCost(material.cost_per_unit)} each
            {material.supplier ? `, from ${material.supplier}` : ''}.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberField
              control={form.control}
              name="quantity"
              rules={rules.receivedQuantity}
              label={`Quantity (${material.unit_of_measure})`}
              data-autofocus
            />
            <NumberField
              control={form.control}
              name="unit_cost"
              rules={rules.unitCost}
              label="Unit cost paid"
              leftSection="₹"
            />
            {/* Issue 31: the input tax on the supplier's bill, for the month's GST. */}
            <NumberField
              control={form.control}
              name="gst_paid"
              rules={rules.gstPaid}
              label="GST paid"
              description="On the bill, if any (input tax)"
              leftSection="₹"
              placeholder="None"
            />
          </SimpleGrid>
          <SupplierInvoiceFields
            number={{
              ...form.register('supplier_invoice_number'),
              error: form.formState.errors.supplier_invoice_number?.message,
            }}
            date={{
              ...form.register('supplier_invoice_date'),
              error: form.formState.errors.supplier_invoice_date?.message,
            }}
          />
          <LocationPicker locations={places} value={locationId} onChange={setLocationId} label="Receive at" />
          {newCost !== null && newCost !== material.cost_per_unit && (
            <Text size="sm">Cost per unit becomes {formatUnitCost(newCost)} (the average over old and new stock).</Text>
          )}
          <Textarea
            label="Note"
            placeholder="e.g. Delivered by hand"
            autosize
            minRows={2}
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
          <FormError error={receiveMaterial.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={receiveMaterial.isPending}>
              Receive Stock
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { SupplierInvoiceFields } from '@/components/supplier-invoice-fields';
import { Button, Group, Modal, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { NumberTextInput } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import {
  formatQuantity,
  formatQuantityWithUnit,
  formatRupees,
  formatUnitCost,
  formatPoNumber,
  unitFor,
} from '@/lib/format';
import { purchaseFieldRules as rules, stockFieldRules, validNumber } from '@/lib/form-fields';
import { useReceivePurchaseOrder, type PurchaseOrder } from '../api/purchase-orders';
import { receiveFormSchema, type ReceiveForm, type ReceiveInput } from '../api/receive-form';
import { costAfterReceipt, gstOnReceipt, remainingQuantity, stockUnits } from '../utils/purchase-figures';

/** The rates a supplier's bill may carry: those in force, and 12 and 28 on bills from before 22 September 2025. */
const receiptRateOptions = [
  { value: '', label: 'No GST' },
  ...['0', '0.25', '3', '5', '12', '18', '28', '40'].map((rate) => ({ value: rate, label: `${rate}%` })),
];

/**
 * Receive against an order: each line with what is still due; type what arrived (part of it is
 * fine) and stock rises by that many purchase units in the material's own unit.
 */
export function ReceivePurchaseOrderModal({ order, onClose }: { order: PurchaseOrder; onClose: () => void }) {
  const receive = useReceivePurchaseOrder();
  const phone = useMediaQuery('(max-width: 36em)');
  const due = order.purchase_order_lines.filter((line) => remainingQuantity(line) > 0);
  // The schema checks the lines as they were when the dialog opened: the server checks them as they are.
  const [schema] = useState(() => receiveFormSchema(due));
  const form = useForm<ReceiveForm, unknown, ReceiveInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      received: Object.fromEntries(due.map((line) => [line.id, ''])),
      gst_rate: Object.fromEntries(due.map((line) => [line.id, ''])),
      gst_paid: Object.fromEntries(due.map((line) => [line.id, ''])),
      supplier_invoice_number: '',
      supplier_invoice_date: '',
      note: '',
    },
  });
  const received = useWatch({ control: form.control, name: 'received' });
  const rates = useWatch({ control: form.control, name: 'gst_rate' });
  const paid = useWatch({ control: form.control, name: 'gst_paid' });
  const saving = form.formState.isSubmitting || receive.isPending;
  const close = () => {
    if (!saving) onClose();
  };

  const submit = form.handleSubmit(async (input) => {
    const answer = await receive.mutateAsync({ orderId: order.id, ...input }).catch(() => null);
    if (!answer) return;
    notifications.show({ color: 'green', message: `Received against ${formatPoNumber(order.po_number)}.` });
    onClose();
  });
  const errors = form.formState.errors.received;
  // A message about the receipt as a whole (nothing entered), rather than one line.
  const overall = errors?.root?.message ?? (typeof errors?.message === 'string' ? errors.message : undefined);
  const lineError = (lineId: string) => {
    const message = errors?.[lineId]?.message;
    return typeof message === 'string' ? message : undefined;
  };
  const gstPaidError = (lineId: string) => {
    const message = form.formState.errors.gst_paid?.[lineId]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  return (
    <Modal
      opened
      onClose={close}
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      title={`Receive ${formatPoNumber(order.po_number)} from ${order.suppliers.supplier_name}`}
      size="xl"
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {due.map((line) => {
            const material = line.raw_materials;
            const now = validNumber(received[line.id] ?? '', rules.received);
            const arriving = now === null ? null : stockUnits(now, line.units_per_purchase_unit);
            const rate = rates[line.id] ?? '';
            // An amount typed stands as given (the server keeps it), so the preview is of a rate alone.
            const gst =
              now === null || rate === '' || (paid[line.id] ?? '').trim() !== ''
                ? null
                : gstOnReceipt(now, line.unit_price, Number(rate));
            return (
              <Paper key={line.id} withBorder p="sm" radius="md">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                  <div style={{ flex: '1 1 200px' }}>
                    <Text fw={500}>{material.material_name}</Text>
                    <Text size="sm">
                      Still due: {formatQuantityWithUnit(remainingQuantity(line), line.purchase_unit)}
                    </Text>
                    {arriving !== null && (
                      <Text size="xs" c="dimmed">
                        +{formatQuantityWithUnit(arriving, material.unit_of_measure)}: stock{' '}
                        {formatQuantity(material.stock_level + arriving)}, cost{' '}
                        {formatUnitCost(
                          costAfterReceipt(material, arriving, line.unit_price / line.units_per_purchase_unit),
                        )}{' '}
                        per {unitFor(1, material.unit_of_measure)}
                      </Text>
                    )}
                    {gst !== null && (
                      <Text size="xs" c="dimmed">
                        GST {formatRupees(gst.paid)} on {formatRupees(gst.value)}
                      </Text>
                    )}
                  </div>
                  <NumberTextInput
                    rules={rules.received}
                    label="Received now"
                    aria-label={`${material.material_name} received now (${line.purchase_unit})`}
                    {...form.register(`received.${line.id}`)}
                    value={received[line.id] ?? ''}
                    placeholder="0"
                    w={170}
                    rightSection={
                      <Text size="xs" c="dimmed">
                        {line.purchase_unit}
                      </Text>
                    }
                    rightSectionWidth={Math.min(70, 14 + line.purchase_unit.length * 7)}
                    error={lineError(line.id)}
                  />
                  <NativeSelect
                    label="GST rate"
                    aria-label={`${material.material_name} GST rate`}
                    data={receiptRateOptions}
                    {...form.register(`gst_rate.${line.id}`)}
                    w={110}
                  />
                  <NumberTextInput
                    rules={stockFieldRules.gstPaid}
                    label="or GST paid"
                    aria-label={`${material.material_name} GST paid`}
                    {...form.register(`gst_paid.${line.id}`)}
                    value={paid[line.id] ?? ''}
                    placeholder="₹"
                    w={120}
                    error={gstPaidError(line.id)}
                  />
                </Group>
              </Paper>
            );
          })}
          {overall && (
            <Text c="red.8" size="sm" role="alert">
              {overall}
            </Text>
          )}
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
          <TextInput
            label="Note"
            placeholder="e.g. Delivered by hand"
            {...form.register('note')}
            error={form.formState.errors.note?.message}
          />
          <FormError error={receive.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={receive.isPending}>
              Receive
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

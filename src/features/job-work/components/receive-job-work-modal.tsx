import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { SupplierInvoiceFields } from '@/components/supplier-invoice-fields';
import { formatQuantityWithUnit, formatRupees, formatUnitCost } from '@/lib/format';
import { gstRatesInForce } from '@/lib/item-tax';
import type { Location } from '@/lib/locations';
import {
  receiveJobWorkSchema,
  useReceiveJobWork,
  type JobWorkOrder,
  type ReceiveJobWorkForm,
  type ReceiveJobWorkInput,
} from '../api/job-work';

/** Takes back part or all of what a job worker owes, with what was lost and the charge's GST. */
export function ReceiveJobWorkModal({
  order,
  locations,
  onClose,
}: {
  order: JobWorkOrder;
  locations: Location[];
  onClose: () => void;
}) {
  const receive = useReceiveJobWork(order.job_work_order_id);
  const piece = order.return_in_pieces;
  const own = locations.filter((location) => location.kind === 'own');
  const form = useForm<ReceiveJobWorkForm, unknown, ReceiveJobWorkInput>({
    resolver: zodResolver(receiveJobWorkSchema(order)),
    defaultValues: {
      quantity_received: '',
      loss: '',
      location_id: own.find((location) => location.is_main)?.id ?? '',
      gst_rate: '',
      supplier_invoice_number: '',
      supplier_invoice_date: '',
    },
  });
  const saving = form.formState.isSubmitting || receive.isPending;
  const close = () => {
    if (!saving) onClose();
  };
  const submit = form.handleSubmit(async (input) => {
    const answer = await receive.mutateAsync(input).catch((error: Error) => {
      showOnField(form, error);
      return null;
    });
    if (!answer) return;
    notifications.show({
      color: 'green',
      message:
        `Received ${formatQuantityWithUnit(Number(answer.received), order.return_unit)} of ${order.return_item}` +
        (answer.unit_cost === null ? '.' : ` at ${formatUnitCost(answer.unit_cost)} a unit.`),
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
      title={`Receive from ${order.job_worker_name}`}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {order.challan_number}: {formatQuantityWithUnit(Number(order.due_quantity), order.return_unit)} of{' '}
            {order.return_item} still due back, at {formatRupees(order.charge_rate)} per {order.charge_unit}.
          </Text>
          <SimpleGrid cols={2}>
            <NumberField
              control={form.control}
              name="quantity_received"
              rules={{ label: 'Quantity received', decimals: piece ? 0 : 3, min: 0, whenEmpty: 0 }}
              label="Received"
              data-autofocus
            />
            <NumberField
              control={form.control}
              name="loss"
              rules={{ label: 'Loss', decimals: piece ? 0 : 3, min: 0, whenEmpty: 0 }}
              label="Lost or wasted"
            />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            {own.length > 1 && (
              <Controller
                control={form.control}
                name="location_id"
                render={({ field, fieldState }) => (
                  <Select
                    label="Received at"
                    data={own.map((location) => ({ value: location.id, label: location.location_name }))}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    allowDeselect={false}
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
            <Controller
              control={form.control}
              name="gst_rate"
              render={({ field, fieldState }) => (
                <Select
                  label="GST on the charge"
                  data={[
                    { value: '', label: 'None' },
                    ...gstRatesInForce.map((rate) => ({ value: rate, label: `${rate}%` })),
                  ]}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? '')}
                  allowDeselect={false}
                  error={fieldState.error?.message}
                />
              )}
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
          <FormError error={receive.error} form={form} />
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

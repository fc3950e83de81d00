import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField, TextField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { todayInIndia } from '@/lib/csv';
import { formatRupees } from '@/lib/format';
import {
  PAYMENT_MODES,
  paymentAmountRules,
  paymentReferenceRules,
  supplierPaymentSchema,
  useRecordSupplierPayment,
  type SupplierDue,
  type SupplierPaymentForm,
  type SupplierPaymentInput,
} from '../api/supplier-payments';

/** Record a payment made to a supplier: it settles the supplier's oldest bills first. */
export function RecordSupplierPaymentModal({ supplier, onClose }: { supplier: SupplierDue; onClose: () => void }) {
  const record = useRecordSupplierPayment(supplier.id);
  // Checked against what was owed when the dialog opened: the server checks what is owed now.
  const [schema] = useState(() => supplierPaymentSchema(supplier.due));
  const form = useForm<SupplierPaymentForm, unknown, SupplierPaymentInput>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', paid_on: todayInIndia(), mode: 'Bank transfer', reference: '' },
  });
  const submit = form.handleSubmit((input) =>
    record.mutate(input, {
      onSuccess: (answer) => {
        const owed = Number((answer as { owed: number }).owed);
        notifications.show({
          color: 'green',
          message: `Payment of ${formatRupees(input.amount)} to ${supplier.supplier_name} recorded. ${
            owed > 0 ? `${formatRupees(owed)} still owed.` : 'Nothing is owed now.'
          }`,
        });
        onClose();
      },
      onError: (error) => showOnField(form, error),
    }),
  );

  return (
    <Modal opened onClose={onClose} title={`Record payment to ${supplier.supplier_name}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Owed: {formatRupees(supplier.due)}. A payment settles the oldest bills first.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberField
              control={form.control}
              name="amount"
              rules={paymentAmountRules}
              label="Amount"
              leftSection="₹"
              data-autofocus
            />
            <Controller
              control={form.control}
              name="paid_on"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  type="date"
                  label="Paid on"
                  required
                  min="2000-01-01"
                  max={todayInIndia()}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="mode"
              render={({ field, fieldState }) => (
                <NativeSelect {...field} label="Mode" data={[...PAYMENT_MODES]} error={fieldState.error?.message} />
              )}
            />
            <TextField
              control={form.control}
              name="reference"
              rules={paymentReferenceRules}
              label="Reference"
              placeholder="UTR, UPI ref. or cheque no."
            />
          </SimpleGrid>
          <FormError error={record.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={record.isPending}>
              Record payment
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

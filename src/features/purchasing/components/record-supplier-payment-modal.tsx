import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showOnField } from '@/components/form-error';
import { NumberField } from '@/components/form-inputs';
import { RecordPaymentModal } from '@/components/record-payment-modal';
import { formatRupees } from '@/lib/format';
import { paymentDetailsDefaults } from '@/lib/payments';
import {
  paymentAmountRules,
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
    defaultValues: { amount: '', ...paymentDetailsDefaults() },
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
    <RecordPaymentModal
      title={`Record payment to ${supplier.supplier_name}`}
      form={form}
      onSubmit={submit}
      pending={record.isPending}
      error={record.error}
      onClose={onClose}
      intro={
        <Text size="sm" c="dimmed">
          Owed: {formatRupees(supplier.due)}. A payment settles the oldest bills first.
        </Text>
      }
      party={
        <NumberField
          control={form.control}
          name="amount"
          rules={paymentAmountRules}
          label="Amount"
          leftSection="₹"
          data-autofocus
        />
      }
    />
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Select, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { showOnField } from '@/components/form-error';
import { NumberField } from '@/components/form-inputs';
import { RecordPaymentModal } from '@/components/record-payment-modal';
import { numberField, validNumber, type NumberRules } from '@/lib/form-fields';
import { formatDay, formatRupees } from '@/lib/format';
import { sumAmounts } from '@/lib/money';
import { paymentDetailsDefaults, paymentDetailsSchema } from '@/lib/payments';
import { UserError } from '@/lib/server-error';
import { documentLabel, useCustomerDues, useCustomers, useRecordPayment, type OpenDocument } from '../api/customers';

const partRules: NumberRules = { label: 'Amount', decimals: 2, min: 0, whenEmpty: 0 };

const paymentFormSchema = paymentDetailsSchema.extend({
  customer_id: z.string().min(1, 'Choose the customer who paid.'),
  parts: z.array(z.object({ amount: numberField(partRules) })),
});
type PaymentForm = z.input<typeof paymentFormSchema>;
type PaymentFormOutput = z.output<typeof paymentFormSchema>;

/** A direct (Other) order from Sales Orders, to record its payment. */
export interface DirectOrder {
  id: string;
  external_order_id: string | null;
  order_date: string;
  product_name: string;
  total_amount: number;
}

/**
 * Record payment: a customer's payment (day, mode, reference) split over its open invoices and
 * direct orders, each part at most what that one still owes; the parts add up to the amount
 * received. Opened from a customer, an invoice or a direct order (which is then filled with what it
 * owes); a direct order that names no customer yet becomes the chosen customer's.
 */
export function RecordCustomerPaymentModal({
  customerId,
  documentId,
  order,
  onClose,
}: {
  customerId?: string;
  documentId?: string;
  order?: DirectOrder;
  onClose: () => void;
}) {
  const customers = useCustomers();
  const dues = useCustomerDues();
  const record = useRecordPayment();
  const form = useForm<PaymentForm, unknown, PaymentFormOutput>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: { customer_id: customerId ?? '', ...paymentDetailsDefaults(), parts: [] },
  });
  const chosen = useWatch({ control: form.control, name: 'customer_id' });
  // A direct order is its customer's open document, or, naming none yet, one of its own.
  const orderOwner = order && dues.data?.find((customer) => customer.documents.some((d) => d.id === order.id));
  const unassigned = useMemo(
    (): OpenDocument | undefined =>
      order && dues.data && !orderOwner
        ? {
            kind: 'order',
            id: order.id,
            number: order.external_order_id,
            date: order.order_date.slice(0, 10),
            product_names: [order.product_name],
            amount: order.total_amount,
            paid: 0,
            due: order.total_amount,
            due_day: order.order_date.slice(0, 10),
            status: 'Due',
            age_days: 0,
          }
        : undefined,
    [order, dues.data, orderOwner],
  );
  useEffect(() => {
    if (orderOwner && form.getValues('customer_id') === '') form.setValue('customer_id', orderOwner.customer_id);
  }, [orderOwner, form]);
  const openedFrom = documentId ?? order?.id;
  const parts = useWatch({ control: form.control, name: 'parts' });
  const documents = useMemo(() => {
    const open = dues.data?.find((customer) => customer.customer_id === chosen)?.documents ?? [];
    return [...(unassigned ? [unassigned] : []), ...open.filter((document) => document.due > 0)];
  }, [dues.data, chosen, unassigned]);

  // A new customer (or its dues arriving) starts its parts afresh: the document opened from, in full.
  useEffect(() => {
    form.setValue(
      'parts',
      documents.map((document) => ({
        amount: document.id === openedFrom ? String(document.due) : '',
      })),
    );
  }, [documents, openedFrom, form]);

  const total = sumAmounts(parts.map((part) => validNumber(part.amount, partRules) ?? 0));

  const submit = form.handleSubmit((input) => {
    const paid = documents
      .map((document, index) => ({ document, index, amount: input.parts[index]?.amount ?? 0 }))
      .filter((part) => part.amount > 0);
    if (paid.length === 0) {
      form.setError('root', { message: 'Enter the amount paid against at least one invoice or order.' });
      return;
    }
    record.mutate(
      {
        customer_id: input.customer_id,
        paid_on: input.paid_on,
        mode: input.mode,
        reference: input.reference,
        allocations: paid.map((part) => ({ kind: part.document.kind, id: part.document.id, amount: part.amount })),
      },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'green',
            message: `Payment of ${formatRupees(total)} recorded. Still due: ${formatRupees(result.due)}.`,
          });
          onClose();
        },
        onError: (error) => {
          // A part above what its document owes is refused on that part (allocations.<n>.amount, n
          // counting the parts sent): shown on its row.
          const sentIndex = error instanceof UserError ? /^allocations\.(\d+)\.amount$/.exec(error.field ?? '') : null;
          const row = sentIndex ? paid[Number(sentIndex[1])] : undefined;
          if (row) form.setError(`parts.${row.index}.amount`, { type: 'server', message: error.message });
          else showOnField(form, error);
        },
      },
    );
  });

  const refusedOnRow = record.error instanceof UserError && /^allocations\.\d+\.amount$/.test(record.error.field ?? '');

  return (
    <RecordPaymentModal
      title="Record payment"
      size="xl"
      form={form}
      onSubmit={submit}
      pending={record.isPending}
      error={refusedOnRow ? null : record.error}
      onClose={onClose}
      party={
        <Controller
          control={form.control}
          name="customer_id"
          render={({ field, fieldState }) => (
            <Select
              {...field}
              onChange={(value) => field.onChange(value ?? '')}
              label="Customer"
              required
              searchable
              disabled={customerId !== undefined || orderOwner !== undefined}
              data={(customers.data ?? [])
                .filter((customer) => customer.archived_at === null || customer.id === customerId)
                .map((customer) => ({ value: customer.id, label: customer.name }))}
              nothingFoundMessage="No customer by that name"
              error={fieldState.error?.message}
            />
          )}
        />
      }
    >
      {chosen !== '' && documents.length === 0 ? (
        <Alert color="gray">Nothing is due from this customer.</Alert>
      ) : (
        documents.length > 0 && (
          // Three columns, the date under its document, so the table fits a phone without scrolling sideways.
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice or order</Table.Th>
                <Table.Th ta="right">Still due (incl. GST)</Table.Th>
                <Table.Th ta="right">Paid now</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.map((document, index) => (
                <Table.Tr key={document.id}>
                  <Table.Td>
                    {documentLabel(document)}
                    <Text size="xs" c="dimmed">
                      {formatDay(document.date)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatRupees(document.due)}</Table.Td>
                  <Table.Td w={110}>
                    <NumberField
                      control={form.control}
                      name={`parts.${index}.amount`}
                      rules={partRules}
                      aria-label={`Paid now against ${documentLabel(document)}`}
                      placeholder="0"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      )}
      <Text fw={600} ta="right">
        Amount received: {formatRupees(total)}
      </Text>
    </RecordPaymentModal>
  );
}

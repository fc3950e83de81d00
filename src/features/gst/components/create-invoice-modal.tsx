import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { AlertTitle } from '@/components/alert-title';
import { LoadError } from '@/components/load-error';
import { StateSelect } from '@/components/state-select';
import { SubmitButton } from '@/components/submit-button';
import { formatDateTime, formatQuantity, formatRupees } from '@/lib/format';
import { GSTIN_PATTERN } from '@/lib/gstin';
import { sumAmounts } from '@/lib/money';
import { useCustomers, type Customer } from '@/features/customers/api/customers';
import { CustomerFormModal } from '@/features/customers/components/customer-form-modal';
import { useBusinessProfile } from '../api/business-profile';
import {
  invoiceFormSchema,
  newInvoice,
  useCreateInvoice,
  useInvoiceableOrders,
  type InvoiceForm,
  type InvoiceInput,
} from '../api/invoices';

/**
 * Create invoice: the Brand Website, Ajio and Other orders to list (one line each) and the buyer: a
 * customer (picked, or added here), whose name, GSTIN, state (the place of supply) and billing
 * address it takes, or one typed in. The number comes from the server.
 */
export function CreateInvoiceModal({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const profile = useBusinessProfile();
  const orders = useInvoiceableOrders(true);
  const create = useCreateInvoice();
  const form = useForm<InvoiceForm, unknown, InvoiceInput>({
    resolver: zodResolver(invoiceFormSchema),
    defaultValues: newInvoice,
  });
  const chosen = useWatch({ control: form.control, name: 'order_ids' });
  const customers = useCustomers();
  const customerId = useWatch({ control: form.control, name: 'customer_id' });
  const [addingCustomer, setAddingCustomer] = useState(false);
  /** The buyer is the customer: its details fill the buyer fields, which the server takes from it too. */
  const billTo = (customer: Customer | null) => {
    form.setValue('customer_id', customer?.id ?? '');
    form.setValue('buyer_name', customer?.name ?? '');
    form.setValue('buyer_gstin', customer?.gstin ?? '');
    form.setValue('buyer_state_code', customer?.state_code ?? '');
    form.setValue('buyer_address', customer?.billing_address ?? '');
    form.clearErrors();
  };
  const chosenTotal = sumAmounts(
    (orders.data ?? []).filter((order) => chosen.includes(order.id)).map((order) => order.total_amount),
  );

  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (invoice) => {
        notifications.show({
          color: 'green',
          message: `Invoice ${invoice.invoice_number} created: ${formatRupees(invoice.total)}.`,
        });
        onCreated(invoice.invoice_id);
      },
      onError: (error) => showOnField(form, error),
    }),
  );

  return (
    <Modal opened onClose={onClose} title="Create invoice" size="lg">
      {profile.data === null && (
        <Alert color="orange" mb="md" title={<AlertTitle>Set up your business profile first</AlertTitle>}>
          Invoices show your legal name, address and GSTIN: fill them in under GST → Business profile.
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          {orders.isError ? (
            <LoadError what="the orders" error={orders.error} onRetry={() => void orders.refetch()} />
          ) : (
            <Controller
              control={form.control}
              name="order_ids"
              render={({ field, fieldState }) => (
                <Checkbox.Group
                  value={field.value}
                  onChange={field.onChange}
                  label="Orders to invoice"
                  description="Brand Website, Ajio and Other orders not invoiced yet, newest first"
                  error={fieldState.error?.message}
                  required
                >
                  {orders.data?.length === 0 ? (
                    <Text size="sm" c="dimmed" mt="xs">
                      No Brand Website, Ajio or Other order is waiting for an invoice.
                    </Text>
                  ) : (
                    <ScrollArea.Autosize mah={240} mt="xs" type="auto">
                      <Stack gap="xs" pr="sm">
                        {orders.data?.map((order) => (
                          <Checkbox
                            key={order.id}
                            value={order.id}
                            label={`${order.product_name} × ${formatQuantity(order.quantity)}: ${formatRupees(order.total_amount)}`}
                            description={`${order.platform}, ${formatDateTime(order.order_date)}${
                              order.gst_rate === null ? ' · no GST rate yet' : ` · GST ${Number(order.gst_rate)}%`
                            }`}
                          />
                        ))}
                      </Stack>
                    </ScrollArea.Autosize>
                  )}
                </Checkbox.Group>
              )}
            />
          )}
          {chosen.length > 0 && (
            <Text size="sm">
              {chosen.length} {chosen.length === 1 ? 'order' : 'orders'}, {formatRupees(chosenTotal)} including GST
            </Text>
          )}
          <Group align="flex-end" gap="xs">
            <Select
              label="Customer"
              description="Who owes the invoice; none for a buyer typed in below"
              placeholder="Type the buyer instead"
              searchable
              clearable
              style={{ flex: 1, minWidth: 200 }}
              value={customerId === '' ? null : customerId}
              onChange={(id) => billTo(customers.data?.find((customer) => customer.id === id) ?? null)}
              data={(customers.data ?? [])
                .filter((customer) => customer.archived_at === null)
                .map((customer) => ({ value: customer.id, label: customer.name }))}
              nothingFoundMessage="No customer by that name"
              error={form.formState.errors.customer_id?.message}
            />
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setAddingCustomer(true)}>
              Add customer
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Controller
              control={form.control}
              name="buyer_name"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  label="Buyer name"
                  required
                  disabled={customerId !== ''}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="buyer_gstin"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  label="Buyer GSTIN"
                  description="If the buyer is registered"
                  disabled={customerId !== ''}
                  maxLength={15}
                  autoComplete="off"
                  styles={{ input: { textTransform: 'uppercase' } }}
                  error={fieldState.error?.message}
                  onChange={(event) => {
                    const gstin = event.currentTarget.value.toUpperCase();
                    field.onChange(gstin);
                    if (GSTIN_PATTERN.test(gstin)) form.setValue('buyer_state_code', gstin.slice(0, 2));
                    if (gstin.length === 15) void form.trigger('buyer_gstin');
                  }}
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="buyer_state_code"
            render={({ field, fieldState }) => (
              <StateSelect
                {...field}
                onChange={(value) => field.onChange(value ?? '')}
                label="Buyer state (place of supply)"
                required
                disabled={customerId !== ''}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="buyer_address"
            render={({ field, fieldState }) => (
              <Textarea
                {...field}
                label="Buyer address"
                autosize
                minRows={2}
                disabled={customerId !== ''}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="invoice_date"
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                type="date"
                label="Invoice date"
                description="Empty: today. It may be the sale's own day, never later than today."
                w={{ base: '100%', sm: 260 }}
                error={fieldState.error?.message}
              />
            )}
          />
          <FormError error={create.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={create.isPending}>
              Create invoice
            </SubmitButton>
          </Group>
        </Stack>
      </form>
      {addingCustomer && (
        <CustomerFormModal
          edited={null}
          onClose={() => setAddingCustomer(false)}
          onSaved={(customer) => billTo(customer)}
        />
      )}
    </Modal>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { showOnField } from '@/components/form-error';
import { TextField } from '@/components/form-inputs';
import { ContactFields, GstinStateFields, PartyFormModal } from '@/components/party-fields';
import {
  customerFieldRules as rules,
  customerFormDefaults,
  customerFormSchema,
  useSaveCustomer,
  type Customer,
  type CustomerForm,
  type CustomerInput,
} from '../api/customers';

/**
 * The one customer form: Add customer (on Customers and in Create invoice) and Edit. A GSTIN fills
 * the state it belongs to; a name another customer has shows on the name.
 */
export function CustomerFormModal({
  edited,
  onClose,
  onSaved,
}: {
  edited: Customer | null;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
}) {
  const save = useSaveCustomer(edited);
  const form = useForm<CustomerForm, unknown, CustomerInput>({
    resolver: zodResolver(customerFormSchema),
    defaultValues: customerFormDefaults(edited),
  });
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (customer) => {
        notifications.show({ color: 'green', message: `${customer.name} ${edited ? 'saved' : 'added'}.` });
        onSaved?.(customer);
        onClose();
      },
      onError: (error) => showOnField(form, error),
    }),
  );

  return (
    <PartyFormModal
      party="customer"
      editedName={edited?.name ?? null}
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      error={save.error}
      onClose={onClose}
    >
      <TextField control={form.control} name="name" rules={rules.name} label="Customer name" data-autofocus />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <GstinStateFields
          form={form}
          gstinDescription="If the customer is registered"
          stateLabel="State (place of supply)"
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="billing_address"
        render={({ field, fieldState }) => (
          <Textarea {...field} label="Billing address" autosize minRows={2} error={fieldState.error?.message} />
        )}
      />
      <Controller
        control={form.control}
        name="shipping_address"
        render={({ field, fieldState }) => (
          <Textarea
            {...field}
            label="Shipping address"
            description="If goods go elsewhere"
            autosize
            minRows={2}
            error={fieldState.error?.message}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <ContactFields form={form} />
        <Controller
          control={form.control}
          name="credit_days"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label="Credit days"
              description="Days to pay before overdue"
              inputMode="numeric"
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
    </PartyFormModal>
  );
}

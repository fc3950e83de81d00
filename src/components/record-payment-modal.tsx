import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, type ModalProps } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Controller, type FieldPathByValue, type Path } from 'react-hook-form';
import { FormError, type AnyForm } from '@/components/form-error';
import { TextField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { todayInIndia } from '@/lib/csv';
import { paymentModeLabels, paymentModes, paymentReferenceRules, type PaymentDetailsForm } from '@/lib/payments';

const modeOptions = paymentModes.map((mode) => ({ value: mode, label: paymentModeLabels[mode] }));

/**
 * Record payment, for a customer's payment and for a payment to a supplier: the party's own fields
 * (`party`: who paid, or how much), then the day, mode and reference every payment has, then what
 * the payment pays (`children`), the refusal if any, and the buttons.
 */
export function RecordPaymentModal<Form extends PaymentDetailsForm>({
  title,
  size,
  form,
  onSubmit,
  pending,
  error,
  onClose,
  intro,
  party,
  children,
}: {
  title: string;
  size?: ModalProps['size'];
  form: AnyForm<Form>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  /** The save's refusal, unless the caller shows it elsewhere (on a row of its own). */
  error: Error | null;
  onClose: () => void;
  intro?: ReactNode;
  party: ReactNode;
  children?: ReactNode;
}) {
  // Form extends PaymentDetailsForm, so these are its fields; the generic type cannot show it.
  const paidOn = 'paid_on' as Path<Form>;
  const mode = 'mode' as Path<Form>;
  const reference = 'reference' as FieldPathByValue<Form, string>;
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {intro}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {party}
            <Controller
              control={form.control}
              name={paidOn}
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  value={field.value as string}
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
              name={mode}
              render={({ field, fieldState }) => (
                <Select
                  {...field}
                  value={(field.value as string) || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  label="Mode"
                  required
                  data={modeOptions}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextField
              control={form.control}
              name={reference}
              rules={paymentReferenceRules}
              label="Reference"
              placeholder="UTR, UPI ref. or cheque no."
            />
          </SimpleGrid>
          {children}
          {form.formState.errors.root && <Alert color="red">{form.formState.errors.root.message}</Alert>}
          <FormError error={error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={pending}>
              Record payment
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

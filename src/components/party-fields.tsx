import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Controller, type FieldPathByValue, type Path, type PathValue } from 'react-hook-form';
import { FormError, type AnyForm } from '@/components/form-error';
import { TextField } from '@/components/form-inputs';
import { StateSelect } from '@/components/state-select';
import { SubmitButton } from '@/components/submit-button';
import { contactFieldRules } from '@/lib/form-fields';
import { GSTIN_PATTERN } from '@/lib/gstin';

/**
 * A GSTIN field: typed in capitals, checked as it is typed once touched or complete (as the GST
 * network would), and, when it is valid, handing its state code to `onStateCode`.
 */
export function GstinField<Form extends { gstin: string }>({
  form,
  required = false,
  description,
  onStateCode,
}: {
  form: AnyForm<Form>;
  required?: boolean;
  description?: ReactNode;
  onStateCode?: (code: string) => void;
}) {
  // Form extends { gstin: string }, so this is its field; the generic type cannot show it.
  const gstin = 'gstin' as Path<Form>;
  return (
    <Controller
      control={form.control}
      name={gstin}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          value={field.value as string}
          label="GSTIN"
          description={description}
          required={required}
          placeholder="27AAPFU0939F1ZV"
          maxLength={15}
          autoComplete="off"
          styles={{ input: { textTransform: 'uppercase' } }}
          error={fieldState.error?.message}
          onChange={(event) => {
            const typed = event.currentTarget.value.toUpperCase();
            field.onChange(typed);
            // A GSTIN starts with its state's code.
            if (GSTIN_PATTERN.test(typed)) onStateCode?.(typed.slice(0, 2));
            if (fieldState.isTouched || typed.length === 15) void form.trigger(gstin);
          }}
        />
      )}
    />
  );
}

/**
 * The GSTIN and the state it belongs to, as the business profile and a customer take them: a valid
 * GSTIN picks its state. Two fields, for the caller's grid.
 */
export function GstinStateFields<Form extends { gstin: string; state_code: string }>({
  form,
  required = false,
  gstinDescription,
  stateLabel,
}: {
  form: AnyForm<Form>;
  required?: boolean;
  gstinDescription?: ReactNode;
  stateLabel: string;
}) {
  const stateCode = 'state_code' as Path<Form>;
  return (
    <>
      <GstinField
        form={form}
        required={required}
        description={gstinDescription}
        onStateCode={(code) => form.setValue(stateCode, code as PathValue<Form, Path<Form>>)}
      />
      <Controller
        control={form.control}
        name={stateCode}
        render={({ field, fieldState }) => (
          <StateSelect
            {...field}
            value={(field.value as string) || null}
            onChange={(value) => field.onChange(value ?? '')}
            label={stateLabel}
            required
            error={fieldState.error?.message}
          />
        )}
      />
    </>
  );
}

/** How a customer or a supplier is reached: phone and email (contactFields checks them). Two fields. */
export function ContactFields<Form extends { phone: string; email: string }>({ form }: { form: AnyForm<Form> }) {
  return (
    <>
      <TextField
        control={form.control}
        name={'phone' as FieldPathByValue<Form, string>}
        rules={contactFieldRules.phone}
        label="Phone"
        type="tel"
      />
      <TextField
        control={form.control}
        name={'email' as FieldPathByValue<Form, string>}
        rules={contactFieldRules.email}
        label="Email"
        type="email"
      />
    </>
  );
}

/**
 * The frame of the one party form, Add or Edit a customer or a supplier: its fields (`children`,
 * the shared ones above), the refusal the save met if no field shows it, Cancel and Save.
 */
export function PartyFormModal<Form extends Record<string, unknown>>({
  party,
  editedName,
  form,
  onSubmit,
  pending,
  error,
  onClose,
  children,
}: {
  party: 'customer' | 'supplier';
  /** The name of the party edited; null to add one. */
  editedName: string | null;
  form: AnyForm<Form>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  error: Error | null;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={editedName === null ? `Add ${party}` : `Edit ${editedName}`} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          <FormError error={error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={pending}>
              {editedName === null ? `Save ${party}` : 'Save changes'}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

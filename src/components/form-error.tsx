import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { UserError } from '@/lib/server-error';

/** A form of these values, whatever its transformed (output) values. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed (output) values
export type AnyForm<Form extends FieldValues> = UseFormReturn<Form, any, any>;

/** The form field a refusal is about, when the database named one this form has. */
function fieldOf<Form extends FieldValues>(form: AnyForm<Form>, error: Error): Path<Form> | null {
  const field = error instanceof UserError ? error.field : null;
  return field !== null && field in (form.formState.defaultValues ?? {}) ? (field as Path<Form>) : null;
}

/** Shows a save's refusal on the field it is about (a SKU taken, say), as the form's own checks do. */
export function showOnField<Form extends FieldValues>(form: AnyForm<Form>, error: Error): void {
  const field = fieldOf(form, error);
  if (field !== null) form.setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
}

/**
 * A save the server refused (or that never reached it), shown inside the open form; given the
 * form, a refusal about one of its fields is left to that field (showOnField).
 */
export function FormError<Form extends FieldValues>({ error, form }: { error: Error | null; form?: AnyForm<Form> }) {
  if (!error || (form && fieldOf(form, error) !== null)) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle />}>
      {error.message}
    </Alert>
  );
}

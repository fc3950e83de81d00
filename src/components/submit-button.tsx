import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface SubmitButtonProps extends Omit<ButtonProps, 'loading'> {
  /**
   * The form (react-hook-form's useForm result): the button is busy while it checks its fields.
   * Read through the form itself, whose owner re-renders when submitting starts; useFormState
   * does not re-render for isSubmitting alone.
   */
  form: { formState: { isSubmitting: boolean } };
  /** The save it starts is on its way. */
  pending: boolean;
  children: ReactNode;
}

/**
 * A form's submit button, busy (so deaf to a second click) from the first click on: while the form
 * checks its fields, which takes a moment, and then while the save is on its way. A button that
 * waited for the save alone let a double click through in between and saved twice.
 */
export function SubmitButton({ form, pending, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" loading={form.formState.isSubmitting || pending} {...props}>
      {children}
    </Button>
  );
}

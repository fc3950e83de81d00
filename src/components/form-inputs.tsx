import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, type ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { numberFieldText, textLength, tooLongMessage, type NumberRules, type TextRules } from '@/lib/form-fields';

interface NumberTextInputProps extends Omit<TextInputProps, 'value'> {
  rules: NumberRules;
  value: string | number;
}

/**
 * A number field that keeps exactly what is typed (a text input: Mantine's NumberInput drops
 * characters it does not expect, so '2.5' became 25 and '1e3' 13). The form's schema reads the
 * text with the same rules and says what is wrong; a field with a default shows it as placeholder,
 * one without is marked required (unless optional: its placeholder then says what empty means).
 */
export const NumberTextInput = forwardRef<HTMLInputElement, NumberTextInputProps>(function NumberTextInput(
  { rules, value, ...props },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      inputMode={rules.decimals === 0 ? 'numeric' : 'decimal'}
      required={rules.whenEmpty === undefined && !rules.optional}
      autoComplete="off"
      placeholder={rules.whenEmpty === undefined ? undefined : numberFieldText(rules.whenEmpty)}
      value={typeof value === 'number' ? numberFieldText(value) : value}
      {...props}
    />
  );
});

interface LimitedTextInputProps extends Omit<TextInputProps, 'value' | 'description'> {
  rules: TextRules;
  value: string;
  description?: ReactNode;
}

/** From this share of the limit on, the field counts the characters as they are typed. */
const SHOW_COUNT_FROM = 0.8;

/**
 * A text field that knows its column's length limit: near it, it counts the characters; past it,
 * it says so on the field as the user types (nothing is cut off: pasted text stays to be edited).
 */
export const LimitedTextInput = forwardRef<HTMLInputElement, LimitedTextInputProps>(function LimitedTextInput(
  { rules, value, error, description, ...props },
  ref,
) {
  const length = textLength(value);
  const tooLong = length > rules.maxLength;
  const count = length >= rules.maxLength * SHOW_COUNT_FROM && (
    <Text span size="xs" c={tooLong ? 'red.7' : 'dimmed'}>
      {length.toLocaleString('en-IN')}/{rules.maxLength} characters
    </Text>
  );
  return (
    <TextInput
      ref={ref}
      value={value}
      required={rules.required}
      description={
        count || description ? (
          <>
            {description}
            {description && count ? ' · ' : null}
            {count}
          </>
        ) : undefined
      }
      error={error || (tooLong ? tooLongMessage(rules) : undefined)}
      {...props}
    />
  );
});

/**
 * What a field bound to a react-hook-form form takes: the form's control and the name of a value of
 * the type the input edits (so a typo or a field of another type fails to compile), then the
 * input's own props. The form supplies the value, onChange, onBlur, name and error.
 */
type BoundFieldProps<Values extends FieldValues, Transformed, Name, InputProps> = {
  control: Control<Values, unknown, Transformed>;
  name: Name;
} & Omit<InputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name'>;

/**
 * A LimitedTextInput bound to a form's text value, showing the value's error. The input gets the
 * form's ref, so a failed submit focuses it when it holds the first error (and setFocus works).
 */
export function TextField<
  Values extends FieldValues,
  Name extends FieldPathByValue<Values, string>,
  Transformed = Values,
>({ control, name, ...props }: BoundFieldProps<Values, Transformed, Name, LimitedTextInputProps>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        // Name is a path to a string value (its constraint), which the generic type cannot show.
        <LimitedTextInput {...field} value={field.value as string} {...props} error={fieldState.error?.message} />
      )}
    />
  );
}

/**
 * A NumberTextInput bound to a form's number field (its text as typed, or a number), showing the
 * value's error. The input gets the form's ref, as TextField's does.
 */
export function NumberField<
  Values extends FieldValues,
  Name extends FieldPathByValue<Values, string | number>,
  Transformed = Values,
>({ control, name, ...props }: BoundFieldProps<Values, Transformed, Name, NumberTextInputProps>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        // Name is a path to a string or number value (its constraint), which the generic type cannot show.
        <NumberTextInput
          {...field}
          value={field.value as string | number}
          {...props}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

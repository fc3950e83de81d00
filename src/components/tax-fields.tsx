import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { gstRateOptions, gstRatesInForce, PRICE_DEPENDENT } from '@/lib/item-tax';

const ruleRateOptions = gstRatesInForce.map((rate) => ({ value: rate, label: `${rate}%` }));

/** The form values the tax fields edit (lib/item-tax.ts itemTaxFields). */
interface TaxFormValues extends FieldValues {
  hsn_code: string;
  gst_rate: string;
  rule_up_to: string;
  rule_rate: string;
  rule_above: string;
}

/**
 * An item's HSN code and GST rate, in its product, material or style form: a rate in force, or
 * one that depends on the unit price at the sale (5% up to ₹2,500 a piece, 18% above).
 */
export function TaxFields<Values extends TaxFormValues>({ control }: { control: Control<Values, unknown, unknown> }) {
  const rate = useWatch({ control, name: 'gst_rate' as Path<Values> }) as string;
  const text = (name: keyof TaxFormValues, label: string, props: Record<string, unknown> = {}) => (
    <Controller
      control={control}
      name={name as Path<Values>}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          value={field.value as string}
          label={label}
          autoComplete="off"
          error={fieldState.error?.message}
          {...props}
        />
      )}
    />
  );
  const select = (name: keyof TaxFormValues, label: string, data: { value: string; label: string }[]) => (
    <Controller
      control={control}
      name={name as Path<Values>}
      render={({ field, fieldState }) => (
        <Select
          {...field}
          value={field.value as string}
          onChange={(value) => field.onChange(value ?? '')}
          label={label}
          data={data}
          allowDeselect={false}
          error={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {text('hsn_code', 'HSN code', { inputMode: 'numeric', placeholder: '4, 6 or 8 digits' })}
        {select('gst_rate', 'GST rate', gstRateOptions)}
      </SimpleGrid>
      {rate === PRICE_DEPENDENT && (
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {text('rule_up_to', 'Up to (a unit)', { leftSection: '₹', inputMode: 'decimal' })}
          {select('rule_rate', 'Rate up to it', ruleRateOptions)}
          {select('rule_above', 'Rate above it', ruleRateOptions)}
        </SimpleGrid>
      )}
      <Text size="sm" c="dimmed">
        Selling prices include GST. Each sale records its taxable value and tax at the rate of that moment.
      </Text>
    </Stack>
  );
}

import { ActionIcon, Button, Group, Select, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import type { AnyForm } from '@/components/form-error';
import { NumberField } from '@/components/form-inputs';

/** What the lines hold: an item's key among `items`, and the quantity as typed. */
interface StockLines {
  lines: { item: string; quantity: string | number }[];
}

/** The most lines one movement takes (transfer_stock's and send_job_work's bound). */
const MAX_LINES = 100;

/**
 * The items a movement of stock takes from one place (a transfer, what goes to a job worker): each
 * line an item in stock there and a quantity, up to 100 lines; a refusal about the lines as a whole
 * (an item short at the source) shows below them.
 */
export function StockLinesFields<Form extends StockLines>({
  form,
  items,
  itemLabel = 'Item',
}: {
  form: AnyForm<Form>;
  /** The items in stock at the source, as the choices of each line. */
  items: { value: string; label: string }[];
  /** Each line's label before its number: "Item 1". */
  itemLabel?: string;
}) {
  // Form extends StockLines, so its lines are these; the generic type cannot show it.
  const control = form.control as unknown as Control<StockLines>;
  const lines = useFieldArray({ control, name: 'lines' });
  const linesError = form.formState.errors.lines as { message?: string; root?: { message?: string } } | undefined;
  const refusal = linesError?.message ?? linesError?.root?.message;
  return (
    <>
      {lines.fields.map((line, index) => (
        <Group key={line.id} align="flex-start" wrap="nowrap" gap="xs">
          <Controller
            control={control}
            name={`lines.${index}.item`}
            render={({ field, fieldState }) => (
              <Select
                label={`${itemLabel} ${index + 1}`}
                style={{ flex: 2, minWidth: 0 }}
                searchable
                data={items}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={fieldState.error?.message}
              />
            )}
          />
          <NumberField
            control={control}
            name={`lines.${index}.quantity`}
            rules={{ label: 'Quantity', decimals: 3, min: 0, positive: true }}
            label="Quantity"
            style={{ flex: 1, minWidth: 0 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label={`Remove item ${index + 1}`}
            disabled={lines.fields.length === 1}
            onClick={() => lines.remove(index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {refusal && (
        <Text c="red.7" size="sm" fw={500} role="alert">
          {refusal}
        </Text>
      )}
      <Group>
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          onClick={() => lines.append({ item: '', quantity: '' })}
          disabled={lines.fields.length >= MAX_LINES}
        >
          Add item
        </Button>
      </Group>
    </>
  );
}

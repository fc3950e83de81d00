import { ActionIcon, Badge, Button, Group, Paper, Stack, TagsInput, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/form-inputs';
import { styleFieldRules as rules } from '@/lib/form-fields';
import {
  bomAfterOptionRemoved,
  bomAfterValuesChange,
  newStyleOption,
  type StyleForm,
  type StyleInput,
} from '../api/style-form';
import type { Style } from '../api/styles';
import { arrayError } from './array-error';

interface OptionEditorProps {
  form: UseFormReturn<StyleForm, unknown, StyleInput>;
  /** The style being edited: its options and values stay (values can be added), or null for a new one. */
  edited: Style | null;
}

/**
 * The options of a style (up to 3: Size, Colour, …), each with its values as tags: typed and
 * ended with Enter or a comma. A BOM row following an option keeps each value's quantity as values
 * are added, moved or removed. An edited style keeps its options and values; new values can be added.
 */
export function OptionEditor({ form, edited }: OptionEditorProps) {
  const options = useFieldArray({ control: form.control, name: 'options' });
  const error = arrayError(form.formState.errors.options);

  const setValues = (index: number, values: string[]) => {
    const previous = form.getValues(`options.${index}.values`);
    form.setValue(`options.${index}.values`, values, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    const bom = bomAfterValuesChange(form.getValues('bom'), index, previous, values);
    bom.forEach((row, rowIndex) => form.setValue(`bom.${rowIndex}.quantities`, row.quantities));
  };

  const removeOption = (index: number) => {
    const bom = bomAfterOptionRemoved(form.getValues('bom'), index);
    options.remove(index);
    bom.forEach((row, rowIndex) => form.setValue(`bom.${rowIndex}`, row));
  };

  return (
    <Stack gap="xs">
      {options.fields.map((option, index) => {
        const kept = edited?.options[index]?.values ?? [];
        return (
          <Paper key={option.id} withBorder p="xs">
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <Group align="flex-start" gap="xs" style={{ flex: 1 }} wrap="wrap">
                <TextField
                  control={form.control}
                  name={`options.${index}.name`}
                  rules={rules.optionName}
                  label={`Option ${index + 1}`}
                  placeholder={index === 0 ? 'Size' : 'Colour'}
                  disabled={edited !== null}
                  style={{ flex: '1 1 120px' }}
                />
                <Controller
                  control={form.control}
                  name={`options.${index}.values`}
                  render={({ field, fieldState }) => (
                    <TagsInput
                      ref={field.ref}
                      label={edited === null ? `Values of option ${index + 1}` : `New values of option ${index + 1}`}
                      description={
                        kept.length > 0 ? (
                          <Group component="span" gap={4} mt={2}>
                            {kept.map((value) => (
                              <Badge key={value} component="span" variant="light" color="gray" size="sm" tt="none">
                                {value}
                              </Badge>
                            ))}
                          </Group>
                        ) : (
                          'Type each value, then Enter or a comma'
                        )
                      }
                      placeholder={index === 0 ? 'S, M, L, XL' : 'Blue, Red'}
                      value={field.value.slice(kept.length)}
                      onChange={(added) => setValues(index, [...kept, ...added])}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      clearable={false}
                      style={{ flex: '3 1 220px' }}
                    />
                  )}
                />
              </Group>
              {edited === null && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={26}
                  aria-label={`Remove option ${index + 1}`}
                  onClick={() => removeOption(index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
          </Paper>
        );
      })}
      {error && (
        <Text c="red.7" size="sm" role="alert">
          {error}
        </Text>
      )}
      {edited === null && (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={options.fields.length >= rules.maxOptions}
          onClick={() => options.append(newStyleOption)}
          style={{ alignSelf: 'flex-start' }}
        >
          Add Option
        </Button>
      )}
    </Stack>
  );
}

import { ActionIcon, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { NumberField } from '@/components/form-inputs';
import { MaterialSelect, useHasMaterials } from '@/features/catalogue/components/material-picker';
import { productFieldRules as rules } from '@/lib/form-fields';
import { bomRowWithBasis, newStyleBomRow, SAME_FOR_ALL, type StyleForm, type StyleInput } from '../api/style-form';
import { arrayError } from './array-error';

interface StyleBomGridProps {
  form: UseFormReturn<StyleForm, unknown, StyleInput>;
}

/**
 * The style's Bill of Materials: materials down; for each, one quantity for every variant or a
 * quantity per value of one option (fabric by Size), across. Each variant's BOM follows from it.
 */
export function StyleBomGrid({ form }: StyleBomGridProps) {
  const rows = useFieldArray({ control: form.control, name: 'bom' });
  const [options, bom] = useWatch({ control: form.control, name: ['options', 'bom'] });
  const hasMaterials = useHasMaterials();
  const error = arrayError(form.formState.errors.bom);
  const basisChoices = [
    { value: SAME_FOR_ALL, label: 'Same for all' },
    ...options.map((option, index) => ({
      value: String(index),
      label: `By ${option.name.trim() || `option ${index + 1}`}`,
    })),
  ];

  return (
    <Stack gap="xs">
      {rows.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {hasMaterials === false
            ? 'No raw materials yet. Add them on the Raw Materials tab to list what this style is made of.'
            : 'List the raw materials one piece uses. A quantity can differ by size: choose By Size and give each size its own.'}
        </Text>
      )}
      {rows.fields.map((row, index) => {
        const basis = bom[index]?.basis ?? SAME_FOR_ALL;
        const option = basis === SAME_FOR_ALL ? undefined : options[Number(basis)];
        return (
          <Paper key={row.id} withBorder p="xs">
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <Group align="flex-start" gap="xs" wrap="wrap" style={{ flex: 1 }}>
                <Controller
                  control={form.control}
                  name={`bom.${index}.material_id`}
                  render={({ field, fieldState }) => (
                    <MaterialSelect
                      {...field}
                      label={`Material ${index + 1}`}
                      withAsterisk
                      error={fieldState.error?.message}
                      style={{ flex: '1 1 220px' }}
                    />
                  )}
                />
                <Select
                  label="Quantity"
                  aria-label={`Quantity basis ${index + 1}`}
                  data={basisChoices}
                  value={basis}
                  allowDeselect={false}
                  onChange={(value) =>
                    value !== null && form.setValue(`bom.${index}`, bomRowWithBasis(bom[index]!, value, options))
                  }
                  w={140}
                />
                {option === undefined && (
                  <NumberField
                    control={form.control}
                    name={`bom.${index}.quantity`}
                    rules={rules.bomQuantity}
                    label="Per piece"
                    aria-label={`Quantity ${index + 1}`}
                    w={100}
                  />
                )}
              </Group>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={26}
                aria-label={`Remove material ${index + 1}`}
                onClick={() => rows.remove(index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            {option !== undefined && (
              <Group
                gap="xs"
                mt="xs"
                align="flex-start"
                role="group"
                aria-label={`Quantity ${index + 1} by ${option.name}`}
              >
                {option.values.length === 0 && (
                  <Text size="sm" c="dimmed">
                    Give {option.name || 'the option'} its values first.
                  </Text>
                )}
                {option.values.map((value, valueIndex) => (
                  <NumberField
                    key={value}
                    control={form.control}
                    name={`bom.${index}.quantities.${valueIndex}`}
                    rules={rules.bomQuantity}
                    label={value}
                    aria-label={`Quantity ${index + 1} for ${value}`}
                    w={84}
                  />
                ))}
              </Group>
            )}
          </Paper>
        );
      })}
      {error && (
        <Text c="red.7" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={hasMaterials === false}
        onClick={() => rows.append(newStyleBomRow)}
        style={{ alignSelf: 'flex-start' }}
      >
        Add Material
      </Button>
    </Stack>
  );
}

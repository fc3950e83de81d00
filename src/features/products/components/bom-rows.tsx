import { ActionIcon, Button, Group, Select, Text, type ComboboxItem } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { NumberTextInput } from '@/components/form-inputs';
import { productFieldRules as rules } from '@/lib/form-fields';
import { newBomRow, type CreateProductForm, type CreateProductInput } from '../api/create-product';

interface BomRowsProps {
  control: Control<CreateProductForm, unknown, CreateProductInput>;
  /** The materials a row may name. */
  materialOptions: ComboboxItem[];
  /** True until the materials arrive: a row's list then says so instead of matching nothing. */
  materialsLoading: boolean;
  /** What the section says while it has no rows. */
  emptyText: string;
}

/**
 * The Bill of Materials rows of the product forms (Add New Product, Edit product): a material and
 * the quantity one unit of the product uses, per row, checked by createProductSchema.
 */
export function BomRows({ control, materialOptions, materialsLoading, emptyText }: BomRowsProps) {
  const bomRows = useFieldArray({ control, name: 'bom' });
  return (
    <>
      {bomRows.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      {bomRows.fields.map((row, index) => (
        <Group key={row.id} align="flex-start" gap="xs" wrap="nowrap">
          <Controller
            control={control}
            name={`bom.${index}.material_id`}
            render={({ field, fieldState }) => (
              <Select
                {...field}
                label={`Material ${index + 1}`}
                placeholder="Choose a material"
                data={materialOptions}
                searchable
                nothingFoundMessage={materialsLoading ? 'Loading materials…' : 'No material matches'}
                openOnFocus={false}
                withAsterisk
                error={fieldState.error?.message}
                style={{ flex: 1 }}
              />
            )}
          />
          <Controller
            control={control}
            name={`bom.${index}.quantity`}
            render={({ field, fieldState }) => (
              <NumberTextInput
                {...field}
                rules={rules.bomQuantity}
                label={`Quantity ${index + 1}`}
                error={fieldState.error?.message}
                w={120}
              />
            )}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={26}
            aria-label={`Remove material ${index + 1}`}
            onClick={() => bomRows.remove(index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={materialOptions.length === 0}
        onClick={() => bomRows.append(newBomRow)}
        style={{ alignSelf: 'flex-start' }}
      >
        Add Material
      </Button>
    </>
  );
}

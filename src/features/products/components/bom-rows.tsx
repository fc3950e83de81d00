import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useController, useFieldArray, useWatch, type Control } from 'react-hook-form';
import { NumberField } from '@/components/form-inputs';
import { readBomPick } from '@/features/catalogue/api/bom-items';
import { BomItemSelect } from '@/features/catalogue/components/bom-item-picker';
import { useHasMaterials } from '@/features/catalogue/components/material-picker';
import { useMaterial, useProduct } from '@/features/catalogue/api/item-lists';
import { productFieldRules as rules } from '@/lib/form-fields';
import { bomQuantityRules, newBomRow, type ProductForm, type ProductInput } from '../api/product-form';

interface BomRowsProps {
  control: Control<ProductForm, unknown, ProductInput>;
  /** What the section says while it has no rows. */
  emptyText: string;
}

/**
 * The unit a row's item is counted in, beside its quantity: a material's own unit, a product's
 * pcs, m or kg. A sub-assembly's unit is also kept on the row (bom.N.unit), where the form's
 * schema reads it: a part in metres takes 1.2, a part in pieces whole pieces (issue 45).
 */
function useRowUnit(control: BomRowsProps['control'], index: number, item: string | null): string | undefined {
  const pick = item ? readBomPick(item) : null;
  const product = useProduct(pick?.kind === 'product' ? pick.id : null);
  const material = useMaterial(pick?.kind === 'material' ? pick.id : null);
  const { field } = useController({ control, name: `bom.${index}.unit` });
  const productUnit = pick?.kind === 'product' ? (product.data?.unit_of_measure ?? null) : null;
  const { value: keptUnit, onChange: keepUnit } = field;
  useEffect(() => {
    if (keptUnit !== productUnit) keepUnit(productUnit);
  }, [keptUnit, productUnit, keepUnit]);
  return productUnit ?? (pick?.kind === 'material' ? material.data?.unit_of_measure : undefined);
}

/** A row's quantity, with the unit its item is counted in beside it. */
function BomQuantity({ control, index }: { control: BomRowsProps['control']; index: number }) {
  const item = useWatch({ control, name: `bom.${index}.item` });
  const partUnit = useWatch({ control, name: `bom.${index}.unit` });
  const unit = useRowUnit(control, index, item);
  return (
    <NumberField
      control={control}
      name={`bom.${index}.quantity`}
      rules={bomQuantityRules(item, partUnit ?? null)}
      label={`Quantity ${index + 1}`}
      rightSection={
        unit ? (
          <Text size="xs" c="dimmed">
            {unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={unit ? Math.max(28, unit.length * 7 + 12) : undefined}
      w={110}
    />
  );
}

/**
 * The Bill of Materials rows of the product forms (Add New Product, Edit product): a material (or
 * a product, as a sub-assembly) and the quantity one unit of the product uses, per row, and a
 * material's cutting wastage; checked by productFormSchema. Each row's picker searches the
 * server, so any of thousands of materials and products can be picked.
 */
export function BomRows({ control, emptyText }: BomRowsProps) {
  const bomRows = useFieldArray({ control, name: 'bom' });
  const rows = useWatch({ control, name: 'bom' });
  const hasMaterials = useHasMaterials();
  return (
    <>
      {bomRows.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      {bomRows.fields.map((row, index) => (
        <Group key={row.id} align="flex-start" gap="xs" wrap="wrap">
          <Controller
            control={control}
            name={`bom.${index}.item`}
            render={({ field, fieldState }) => (
              <BomItemSelect
                {...field}
                label={`Material ${index + 1}`}
                withAsterisk
                error={fieldState.error?.message}
                // On a phone the picker takes a line of its own, so the name stays readable.
                style={{ flex: '1 1 240px' }}
              />
            )}
          />
          <BomQuantity control={control} index={index} />
          {/* Wastage is a material's: a sub-assembly is counted in whole pieces. */}
          {rows[index]?.item && readBomPick(rows[index].item).kind === 'product' ? (
            <div style={{ width: 90 }} />
          ) : (
            <NumberField
              control={control}
              name={`bom.${index}.wastage_percent`}
              rules={rules.wastagePercent}
              label={`Wastage % ${index + 1}`}
              w={90}
            />
          )}
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
        disabled={hasMaterials === false}
        onClick={() => bomRows.append(newBomRow)}
        style={{ alignSelf: 'flex-start' }}
      >
        Add Material
      </Button>
    </>
  );
}

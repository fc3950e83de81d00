import { ScrollArea, Table, Text } from '@mantine/core';
import { useWatch, type Control } from 'react-hook-form';
import type { StyleForm, StyleInput } from '../api/style-form';
import { previewVariants } from '../api/style-variants';

interface VariantPreviewProps {
  control: Control<StyleForm, unknown, StyleInput>;
  /** SKUs that exist already (an edited style's): the rest are what the save adds. */
  existingSkus?: ReadonlySet<string>;
}

/** The variants the options make, with the SKU each gets, live as the form is typed. */
export function VariantPreview({ control, existingSkus }: VariantPreviewProps) {
  const [prefix, options] = useWatch({ control, name: ['sku_prefix', 'options'] });
  const variants = previewVariants(prefix, options);
  if (variants.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Give each option its values to see the variants and their SKUs.
      </Text>
    );
  }
  const added = existingSkus ? variants.filter((variant) => !existingSkus.has(variant.sku)).length : variants.length;
  return (
    <>
      <Text size="sm" aria-live="polite">
        {existingSkus
          ? `${variants.length} variants, ${added} of them new.`
          : `${variants.length} ${variants.length === 1 ? 'variant' : 'variants'}, each a product with its own SKU and stock.`}
      </Text>
      <ScrollArea.Autosize mah={220} type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table withTableBorder verticalSpacing={4} aria-label="Variants" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              {options.map((option, index) => (
                <Table.Th key={index}>{option.name || `Option ${index + 1}`}</Table.Th>
              ))}
              <Table.Th>SKU</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {variants.map((variant) => (
              <Table.Tr key={variant.sku} fw={existingSkus && !existingSkus.has(variant.sku) ? 600 : undefined}>
                {variant.values.map((value, index) => (
                  <Table.Td key={index}>{value}</Table.Td>
                ))}
                <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {prefix.trim() === '' ? '—' : variant.sku}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </>
  );
}

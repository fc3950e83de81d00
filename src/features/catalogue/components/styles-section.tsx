import { Accordion, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { formatQuantity, formatRupees } from '@/lib/format';
import { isLowStock } from '@/lib/stock';
import { useStyles, STYLES_PAGE_SIZE, type Style } from '../api/styles';
import { StyleFormModal } from './style-form';
import { StockCount } from './stock-count';
import { StyleStockGrid } from './style-stock-grid';

interface StylesSectionProps {
  /** Products: each style opens into its grid, its variants and Edit. Inventory: into its grid. */
  withVariants: boolean;
}

/**
 * The user's styles, each one row (name, variants, stock, how many are low) that opens into its
 * stock grid. Shown below a screen's own tables, and only once there is a style.
 */
export function StylesSection({ withVariants }: StylesSectionProps) {
  const styles = useStyles();
  const [editing, setEditing] = useState<string | null>(null);
  const edited = styles.data?.rows.find((style) => style.style_id === editing) ?? null;
  if (styles.isError) return <LoadError what="styles" error={styles.error} onRetry={() => void styles.refetch()} />;
  if (!styles.data || styles.data.rows.length === 0) return null;

  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-label="Styles">
      <Title order={3} size="h4" mb={4}>
        Styles
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Products made in several sizes or colours, each style as one row. Open one for its stock by size and colour.
      </Text>
      <Accordion variant="separated" multiple chevronPosition="left">
        {styles.data.rows.map((style) => (
          <Accordion.Item key={style.style_id} value={style.style_id}>
            <Accordion.Control>
              <StyleSummary style={style} />
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <StyleStockGrid style={style} />
                {withVariants && <VariantsTable style={style} />}
                {withVariants && (
                  <Button
                    variant="light"
                    leftSection={<IconPencil size={16} />}
                    onClick={() => setEditing(style.style_id)}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    Edit style
                  </Button>
                )}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {styles.data.total > STYLES_PAGE_SIZE && (
        <Text size="sm" c="dimmed" mt="sm">
          The first {STYLES_PAGE_SIZE} of {styles.data.total} styles, by name. Every variant is also in the table above.
        </Text>
      )}
      {edited && <StyleFormModal edited={edited} onClose={() => setEditing(null)} />}
    </Paper>
  );
}

function StyleSummary({ style }: { style: Style }) {
  const active = style.variants.filter((variant) => variant.archived_at === null);
  const low = active.filter((variant) => isLowStock(variant.stock_on_hand, variant.reorder_point)).length;
  const stock = active.reduce((sum, variant) => sum + variant.stock_on_hand, 0);
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <div>
        <Text fw={500}>{style.style_name}</Text>
        <Text size="xs" c="dimmed">
          {[style.category, style.options.map((option) => `${option.name}: ${option.values.join(', ')}`).join(' · ')]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </div>
      <Group gap={6}>
        <Badge variant="light" color="gray" tt="none">
          {active.length} variants
        </Badge>
        <Badge variant="light" color="gray" tt="none">
          {formatQuantity(stock)} in stock
        </Badge>
        {low > 0 && (
          <Badge variant="light" color="red" tt="none">
            {low} low
          </Badge>
        )}
      </Group>
    </Group>
  );
}

function VariantsTable({ style }: { style: Style }) {
  return (
    // Three columns, the SKU under the variant's values: on a phone it fits without scrolling (a
    // long SKU scrolls rather than breaking at its hyphens).
    <Table.ScrollContainer minWidth={0} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
      <Table verticalSpacing={4} horizontalSpacing="xs" aria-label={`${style.style_name} variants`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Variant</Table.Th>
            <Table.Th ta="right">Selling Price</Table.Th>
            <Table.Th ta="right">Stock on Hand</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {style.variants.map((variant) => (
            <Table.Tr key={variant.product_id}>
              <Table.Td>
                <Text size="sm">
                  {variant.option_values.join(' / ')}
                  {variant.archived_at !== null && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (archived)
                    </Text>
                  )}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {variant.sku}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatRupees(variant.selling_price)}</Table.Td>
              <Table.Td ta="right">
                <StockCount variant={variant} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

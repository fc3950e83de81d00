import { Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatQuantity } from '@/lib/format';
import { useComboParts, useSellWhatICanMake, useSetSellWhatICanMake } from '../api/combos';

/** A combo's parts in its drawer: how many of each one combo holds, and their stock now. */
export function ComboParts({ comboId }: { comboId: string }) {
  const parts = useComboParts(comboId);
  if (parts.isError) return <Text c="red.7">Could not load the combo&apos;s parts.</Text>;
  if (!parts.data) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby={`combo-parts-${comboId}`}>
      <Title order={3} size="h5" id={`combo-parts-${comboId}`}>
        Parts of this combo
      </Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Per combo</Table.Th>
            <Table.Th ta="right">In stock</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parts.data.map(({ part, quantity }) => (
            <Table.Tr key={part.id}>
              <Table.Td>
                {part.product_name}{' '}
                <Text span c="dimmed" size="xs" ff="monospace">
                  {part.sku}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatQuantity(quantity)}</Table.Td>
              <Table.Td ta="right">{formatQuantity(part.stock_on_hand)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        A combo has no stock of its own: it shows how many its parts make now, and selling one takes its parts. It
        cannot be produced.
      </Text>
    </Stack>
  );
}

/** "Sell what I can make": this product's stock files add what the materials on hand can still build. */
export function SellWhatICanMake({ productId }: { productId: string }) {
  const setting = useSellWhatICanMake(productId);
  const save = useSetSellWhatICanMake();
  return (
    <Group>
      <Switch
        label="Sell what I can make"
        description="Marketplaces are also told what the materials on hand can still build, not only the stock"
        checked={setting.data ?? false}
        disabled={setting.data === undefined || save.isPending}
        onChange={(event) =>
          save.mutate(
            { product_id: productId, sell_what_i_can_make: event.currentTarget.checked },
            { onError: (error) => notifications.show({ color: 'red', message: error.message }) },
          )
        }
      />
    </Group>
  );
}

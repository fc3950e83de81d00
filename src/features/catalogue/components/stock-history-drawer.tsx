import { Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { StockItem } from '@/features/catalogue/item';
import { formatDateTime, formatQuantityWithUnit, unitFor } from '@/lib/format';
import { ExportCsvButton } from '@/components/export-csv-button';
import { stockHistoryExport } from '../api/export-stock-history';
import { useStockHistory } from '../api/get-stock-history';
import { describeMovement, signedQuantity, sourceOrder } from '../utils/describe-movement';

interface StockHistoryDrawerProps {
  /** The item whose ledger is shown; null when the drawer is closed. */
  item: StockItem | null;
  /** A material's supplier, named on its receipts. */
  supplier?: string | null;
  onClose: () => void;
}

/**
 * One item's stock ledger, newest first: when, what happened in words, the signed change, the
 * balance after it, the order it came from and the note. A list of cards rather than a table so
 * that it reads the same on a phone.
 */
export function StockHistoryDrawer({ item, supplier = null, onClose }: StockHistoryDrawerProps) {
  const history = useStockHistory(item);
  const movements = history.data?.pages.flat();
  const phone = useMediaQuery('(max-width: 36em)');

  return (
    <Drawer
      opened={item !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={item ? `History: ${item.name}` : ''}
      closeButtonProps={{ 'aria-label': 'Close history' }}
    >
      {item && (
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              In stock now: {formatQuantityWithUnit(item.stock, item.unit)}. Every change, newest first.
            </Text>
            <ExportCsvButton {...stockHistoryExport(item, supplier)} size="xs" />
          </Group>
          {history.isPending && <Loader size="sm" aria-label="Loading history" />}
          {history.isError && <Text c="red.7">{history.error.message}</Text>}
          {movements?.length === 0 && <Text c="dimmed">No stock changes yet.</Text>}
          <Stack gap={0} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Stock changes">
            {movements?.map((movement) => {
              const order = sourceOrder(movement);
              return (
                <Stack
                  key={movement.id}
                  component="li"
                  gap={2}
                  py="sm"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={600}>{describeMovement(movement, supplier)}</Text>
                    <Text fw={700} c={movement.quantity > 0 ? 'teal.9' : 'red.9'} style={{ whiteSpace: 'nowrap' }}>
                      {signedQuantity(movement.quantity)} {unitFor(movement.quantity, item.unit)}
                    </Text>
                  </Group>
                  <Group justify="space-between" gap="xs">
                    <Text size="sm" c="dimmed">
                      {formatDateTime(movement.created_at)}
                    </Text>
                    <Text size="sm">Balance after: {formatQuantityWithUnit(movement.balance_after, item.unit)}</Text>
                  </Group>
                  {order && (
                    <Text size="sm" c="dimmed">
                      {order}
                    </Text>
                  )}
                  {movement.note && (
                    <Text size="sm" fs="italic">
                      “{movement.note}”
                    </Text>
                  )}
                </Stack>
              );
            })}
          </Stack>
          {history.hasNextPage && (
            <Button
              variant="light"
              color="gray"
              loading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              Show older changes
            </Button>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

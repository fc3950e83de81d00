import { Button, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { formatDateTime, formatQuantity } from '@/lib/format';
import {
  useDismissWebsiteOrderRefusal,
  useWebsiteOrderRefusals,
  type WebsiteOrderRefusal,
} from '../api/website-order-refusals';

/**
 * Below the Sales Orders list: lines of website orders that did not become a sale (unknown SKU,
 * not enough stock, a quantity that is not a whole number), so none is lost silently. Shown only
 * when there are some; the owner dismisses each once dealt with.
 */
export function WebsiteOrderRefusals() {
  const refusals = useWebsiteOrderRefusals();
  const dismiss = useDismissWebsiteOrderRefusal();

  if (refusals.isPending || (refusals.isSuccess && refusals.data.length === 0)) return null;

  const columns: DataTableColumn<WebsiteOrderRefusal>[] = [
    { label: 'Received', cell: (line) => formatDateTime(line.received_at) },
    { label: 'Order', fw: 500, cell: (line) => line.shop_order_id },
    { label: 'SKU', ff: 'monospace', cell: (line) => line.sku || '(none)' },
    {
      label: 'Qty',
      numeric: true,
      cell: (line) => (line.quantity === null ? '–' : formatQuantity(Number(line.quantity))),
    },
    { label: 'Reason', cell: (line) => line.reason },
    {
      label: 'Actions',
      cell: (line) => (
        <Button
          size="xs"
          variant="subtle"
          loading={dismiss.isPending && dismiss.variables === line.id}
          onClick={() =>
            dismiss.mutate(line.id, {
              onError: (error) =>
                notifications.show({ color: 'red', title: 'Could not dismiss the line', message: error.message }),
            })
          }
        >
          Dismiss
        </Button>
      ),
    },
  ];

  return (
    <Paper withBorder mt="lg" p="md" component="section" aria-labelledby="website-refusals-title">
      <Title order={3} size="h4" id="website-refusals-title">
        Website orders that need attention
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        These lines of your shop&apos;s orders were not sold here. Fix the SKU or the stock, then log the sale (or let
        the shop send the order again) and dismiss the line.
      </Text>
      {refusals.isError ? (
        <LoadError what="website orders" error={refusals.error} onRetry={() => void refusals.refetch()} />
      ) : (
        <DataTable columns={columns} rows={refusals.data} minWidth={760} />
      )}
    </Paper>
  );
}

import { Button, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCheck, IconFileImport, IconPlus, IconShoppingCart, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { salesOrdersExport } from '@/features/exports/api/list-exports';
import { ExportCsvButton } from '@/features/exports/components/export-csv-button';
import { QueryList } from '@/components/query-list';
import { formatDateTime, formatQuantity, formatRupees } from '@/lib/format';
import { useFulfilSalesOrder } from '../api/fulfil-sales-order';
import { useSalesOrders, type SalesOrder } from '../api/get-sales-orders';
import { CancelSaleModal } from './cancel-sale-modal';
import { ImportOrdersModal } from './import-orders-modal';
import { LogSaleModal } from './log-sale-modal';
import { ReturnSaleModal } from './return-sale-modal';

export function SalesOrders() {
  const salesOrders = useSalesOrders();
  const fulfil = useFulfilSalesOrder();
  const [modalOpened, modal] = useDisclosure(false);
  const [importOpened, importModal] = useDisclosure(false);
  const [undoing, setUndoing] = useState<{ action: 'cancel' | 'return'; order: SalesOrder } | null>(null);

  const fulfilOrder = (orderId: string) =>
    fulfil.mutate(orderId, {
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not fulfil the order', message: error.message }),
    });

  const columns: DataTableColumn<SalesOrder>[] = [
    { label: 'Date', cell: (order) => formatDateTime(order.order_date) },
    {
      label: 'Product',
      fw: 500,
      // An imported order names its marketplace order under the product, in the row's details.
      // One element, so that on a phone's card the two lines stack instead of sitting side by side.
      cell: (order) => (
        <div>
          {order.product_name}
          {order.external_order_id && (
            <Text size="xs" c="dimmed" fw={400}>
              Order {order.external_order_id}
            </Text>
          )}
        </div>
      ),
    },
    { label: 'Platform', cell: (order) => order.platform },
    { label: 'Qty', numeric: true, cell: (order) => formatQuantity(order.quantity) },
    { label: 'Total', numeric: true, cell: (order) => formatRupees(order.total_amount) },
    { label: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    {
      label: 'Actions',
      // Cancelled and Returned orders are final: no actions, an empty cell (hidden on a phone).
      cell: (order) =>
        (order.status === 'Unfulfilled' || order.status === 'Fulfilled') && (
          <Group gap="xs" wrap="nowrap">
            {order.status === 'Unfulfilled' && (
              <>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconCheck size={14} />}
                  loading={fulfil.isPending && fulfil.variables === order.id}
                  onClick={() => fulfilOrder(order.id)}
                >
                  Fulfill
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconX size={14} />}
                  onClick={() => setUndoing({ action: 'cancel', order })}
                >
                  Cancel
                </Button>
              </>
            )}
            {order.status === 'Fulfilled' && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconArrowBackUp size={14} />}
                onClick={() => setUndoing({ action: 'return', order })}
              >
                Return
              </Button>
            )}
          </Group>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Sales Orders"
        description="Orders from Flipkart, Myntra, Amazon and your own website, newest first."
        moreActions={<ExportCsvButton {...salesOrdersExport} />}
        action={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconFileImport size={18} />} onClick={importModal.open}>
              Import orders
            </Button>
            <Button leftSection={<IconPlus size={18} />} onClick={modal.open}>
              Add New Sale
            </Button>
          </Group>
        }
      />
      <Paper withBorder p="md">
        <QueryList
          query={salesOrders}
          what="sales orders"
          empty={
            <FirstStep
              icon={<IconShoppingCart />}
              title="No sales yet"
              description="Log each marketplace order here. Logging a sale takes its quantity from the product's stock; mark it fulfilled once it ships."
              action="Log your first sale"
              onAction={modal.open}
            />
          }
        >
          {(rows) => <DataTable columns={columns} rows={rows} minWidth={720} />}
        </QueryList>
      </Paper>
      <LogSaleModal opened={modalOpened} onClose={modal.close} />
      <ImportOrdersModal opened={importOpened} onClose={importModal.close} />
      {undoing?.action === 'cancel' && <CancelSaleModal order={undoing.order} onClose={() => setUndoing(null)} />}
      {undoing?.action === 'return' && <ReturnSaleModal order={undoing.order} onClose={() => setUndoing(null)} />}
    </>
  );
}

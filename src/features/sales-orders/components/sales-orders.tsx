import { Button, EmptyState, Paper, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPlus, IconShoppingCart } from '@tabler/icons-react';
import { LoadError } from '@/components/load-error';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { PageHeader } from '@/components/page-header';
import { TableSkeleton } from '@/components/table-skeleton';
import { formatDateTime, formatRupees } from '@/lib/format';
import { useFulfilSalesOrder } from '../api/fulfil-sales-order';
import { useSalesOrders } from '../api/get-sales-orders';
import { LogSaleModal } from './log-sale-modal';

export function SalesOrders() {
  const salesOrders = useSalesOrders();
  const fulfil = useFulfilSalesOrder();
  const [modalOpened, modal] = useDisclosure(false);

  const fulfilOrder = (orderId: string) =>
    fulfil.mutate(orderId, {
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not fulfil the order', message: error.message }),
    });

  return (
    <>
      <PageHeader
        title="Sales Orders"
        description="Orders from Flipkart, Myntra, Amazon and your own website, newest first."
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={modal.open}>
            Add New Sale
          </Button>
        }
      />
      <Paper withBorder p="md">
        {salesOrders.isPending ? (
          <TableSkeleton label="Loading sales orders" />
        ) : salesOrders.isError ? (
          <LoadError what="sales orders" error={salesOrders.error} onRetry={salesOrders.refetch} />
        ) : salesOrders.data.length === 0 ? (
          <EmptyState
            icon={<IconShoppingCart />}
            variant="light"
            title="No sales yet"
            description="Log each marketplace order here. Logging a sale takes its quantity from the product's stock; mark it fulfilled once it ships."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={modal.open}>
                Log your first sale
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Platform</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {salesOrders.data.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>{formatDateTime(order.order_date)}</Table.Td>
                    <Table.Td fw={500}>{order.product_name}</Table.Td>
                    <Table.Td>{order.platform}</Table.Td>
                    <Table.Td ta="right">{order.quantity}</Table.Td>
                    <Table.Td ta="right">{formatRupees(order.total_amount)}</Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={order.status} />
                    </Table.Td>
                    <Table.Td>
                      {order.status === 'Unfulfilled' && (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconCheck size={14} />}
                          loading={fulfil.isPending && fulfil.variables === order.id}
                          onClick={() => fulfilOrder(order.id)}
                        >
                          Fulfill
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <LogSaleModal opened={modalOpened} onClose={modal.close} />
    </>
  );
}

import { Button, EmptyState, Paper, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBuildingFactory2, IconCheck, IconPlus } from '@tabler/icons-react';
import { LoadError } from '@/components/load-error';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { PageHeader } from '@/components/page-header';
import { TableSkeleton } from '@/components/table-skeleton';
import { formatDateTime } from '@/lib/format';
import { useCompleteProduction } from '../api/complete-production';
import { useManufacturingOrders } from '../api/get-manufacturing-orders';
import { CreateManufacturingOrderModal } from './create-manufacturing-order-modal';

export function ManufacturingOrders() {
  const manufacturingOrders = useManufacturingOrders();
  const complete = useCompleteProduction();
  const [modalOpened, modal] = useDisclosure(false);

  const completeOrder = (orderId: string) =>
    complete.mutate(orderId, {
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not complete the order', message: error.message }),
    });

  return (
    <>
      <PageHeader
        title="Manufacturing Orders"
        description="Production runs, newest first. Starting one uses raw materials; completing it adds finished stock."
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={modal.open}>
            Create New Order
          </Button>
        }
      />
      <Paper withBorder p="md">
        {manufacturingOrders.isPending ? (
          <TableSkeleton label="Loading manufacturing orders" />
        ) : manufacturingOrders.isError ? (
          <LoadError
            what="manufacturing orders"
            error={manufacturingOrders.error}
            onRetry={manufacturingOrders.refetch}
          />
        ) : manufacturingOrders.data.length === 0 ? (
          <EmptyState
            icon={<IconBuildingFactory2 />}
            variant="light"
            title="No production runs yet"
            description="Start a run to make more of a product. Its raw materials are used when it starts; the finished stock is added when you mark it completed."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={modal.open}>
                Start your first run
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date Created</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Qty to Produce</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {manufacturingOrders.data.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>{formatDateTime(order.creation_date)}</Table.Td>
                    <Table.Td fw={500}>{order.product_name}</Table.Td>
                    <Table.Td ta="right">{order.quantity_to_produce}</Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={order.status} />
                    </Table.Td>
                    <Table.Td>
                      {order.status === 'In Progress' && (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconCheck size={14} />}
                          loading={complete.isPending && complete.variables === order.id}
                          onClick={() => completeOrder(order.id)}
                        >
                          Mark as Completed
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
      <CreateManufacturingOrderModal opened={modalOpened} onClose={modal.close} />
    </>
  );
}

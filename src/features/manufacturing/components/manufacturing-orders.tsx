import { Button, Group, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBuildingFactory2, IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { manufacturingOrdersExport } from '@/features/exports/api/list-exports';
import { ExportCsvButton } from '@/features/exports/components/export-csv-button';
import { QueryList } from '@/components/query-list';
import { formatDateTime, formatQuantity } from '@/lib/format';
import { useCompleteProduction } from '../api/complete-production';
import { useManufacturingOrders, type ManufacturingOrder } from '../api/get-manufacturing-orders';
import { CancelProductionModal } from './cancel-production-modal';
import { CreateManufacturingOrderModal } from './create-manufacturing-order-modal';

export function ManufacturingOrders() {
  const manufacturingOrders = useManufacturingOrders();
  const complete = useCompleteProduction();
  const [modalOpened, modal] = useDisclosure(false);
  const [cancelling, setCancelling] = useState<ManufacturingOrder | null>(null);

  const completeOrder = (orderId: string) =>
    complete.mutate(orderId, {
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not complete the order', message: error.message }),
    });

  const columns: DataTableColumn<ManufacturingOrder>[] = [
    { label: 'Date Created', cell: (order) => formatDateTime(order.creation_date) },
    { label: 'Product', fw: 500, cell: (order) => order.product_name },
    { label: 'Qty to Produce', numeric: true, cell: (order) => formatQuantity(order.quantity_to_produce) },
    { label: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    {
      label: 'Actions',
      cell: (order) =>
        order.status === 'In Progress' && (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCheck size={14} />}
              loading={complete.isPending && complete.variables === order.id}
              onClick={() => completeOrder(order.id)}
            >
              Mark as Completed
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconX size={14} />}
              onClick={() => setCancelling(order)}
            >
              Cancel
            </Button>
          </Group>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Manufacturing Orders"
        description="Production runs, newest first. Starting one uses raw materials; completing it adds finished stock."
        moreActions={<ExportCsvButton {...manufacturingOrdersExport} />}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={modal.open}>
            Create New Order
          </Button>
        }
      />
      <Paper withBorder p="md">
        <QueryList
          query={manufacturingOrders}
          what="manufacturing orders"
          empty={
            <FirstStep
              icon={<IconBuildingFactory2 />}
              title="No production runs yet"
              description="Start a run to make more of a product. Its raw materials are used when it starts; the finished stock is added when you mark it completed."
              action="Start your first run"
              onAction={modal.open}
            />
          }
        >
          {(rows) => <DataTable columns={columns} rows={rows} minWidth={640} />}
        </QueryList>
      </Paper>
      <CreateManufacturingOrderModal opened={modalOpened} onClose={modal.close} />
      {cancelling && <CancelProductionModal order={cancelling} onClose={() => setCancelling(null)} />}
    </>
  );
}

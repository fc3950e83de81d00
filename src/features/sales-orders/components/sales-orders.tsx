import { Button, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPlus, IconShoppingCart } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { QueryList } from '@/components/query-list';
import { formatDateTime, formatQuantity, formatRupees } from '@/lib/format';
import { useFulfilSalesOrder } from '../api/fulfil-sales-order';
import { useSalesOrders, type SalesOrder } from '../api/get-sales-orders';
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

  const columns: DataTableColumn<SalesOrder>[] = [
    { label: 'Date', cell: (order) => formatDateTime(order.order_date) },
    { label: 'Product', fw: 500, cell: (order) => order.product_name },
    { label: 'Platform', cell: (order) => order.platform },
    { label: 'Qty', numeric: true, cell: (order) => formatQuantity(order.quantity) },
    { label: 'Total', numeric: true, cell: (order) => formatRupees(order.total_amount) },
    { label: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    {
      label: 'Actions',
      cell: (order) =>
        order.status === 'Unfulfilled' && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCheck size={14} />}
            loading={fulfil.isPending && fulfil.variables === order.id}
            onClick={() => fulfilOrder(order.id)}
          >
            Fulfill
          </Button>
        ),
    },
  ];

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
    </>
  );
}

import { Button, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCheck, IconFileImport, IconPlus, IconShoppingCart, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { salesOrdersExport } from '../api/sales-orders-export';
import { ExportCsvButton } from '@/features/exports/components/export-csv-button';
import { PagedList } from '@/components/paged-list';
import { formatDateTime, formatQuantity, formatRupees } from '@/lib/format';
import { useListState } from '@/lib/list-state';
import { useFulfilSalesOrder } from '../api/fulfil-sales-order';
import {
  initialSalesOrderList,
  salesOrderQuery,
  useSalesOrderPage,
  type SalesOrder,
  type SalesOrderSort,
} from '../api/get-sales-orders';
import { CancelSaleModal } from './cancel-sale-modal';
import { ImportOrdersModal } from './import-orders-modal';
import { LogSaleModal } from './log-sale-modal';
import { ReturnSaleModal } from './return-sale-modal';
import { SalesOrderFilters } from './sales-order-filters';

export function SalesOrders() {
  const list = useListState('sales-orders', initialSalesOrderList);
  const { search, filters } = list.state;
  const salesOrders = useSalesOrderPage(list.state);
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
    { label: 'Date', sortKey: 'order_date', sortKind: 'date', cell: (order) => formatDateTime(order.order_date) },
    {
      label: 'Product',
      sortKey: 'product_name',
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
    { label: 'Qty', sortKey: 'quantity', numeric: true, cell: (order) => formatQuantity(order.quantity) },
    { label: 'Total', sortKey: 'total_amount', numeric: true, cell: (order) => formatRupees(order.total_amount) },
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
        moreActions={<ExportCsvButton {...salesOrdersExport(salesOrderQuery(list.state))} />}
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
        <SalesOrderFilters
          search={search}
          filters={filters}
          onSearchChange={list.setSearch}
          onFiltersChange={list.setFilters}
        />
        <PagedList
          query={salesOrders}
          what="sales orders"
          narrowed={
            search !== '' || filters.platform !== null || filters.status !== null || filters.dateRange !== 'any'
          }
          page={list.state.page}
          pageSize={list.state.pageSize}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
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
          {(rows) => (
            <DataTable
              columns={columns}
              rows={rows}
              minWidth={720}
              sort={list.state.sort}
              onSortChange={(sort) => list.setSort({ by: sort.by as SalesOrderSort, ascending: sort.ascending })}
            />
          )}
        </PagedList>
      </Paper>
      {/* Mounted only while open: its product picker reads every product, which the list never needs. */}
      {modalOpened && <LogSaleModal opened onClose={modal.close} />}
      <ImportOrdersModal opened={importOpened} onClose={importModal.close} />
      {undoing?.action === 'cancel' && <CancelSaleModal order={undoing.order} onClose={() => setUndoing(null)} />}
      {undoing?.action === 'return' && <ReturnSaleModal order={undoing.order} onClose={() => setUndoing(null)} />}
    </>
  );
}

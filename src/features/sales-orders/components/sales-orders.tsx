import { Anchor, Button, Checkbox, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconCash,
  IconCheck,
  IconChecks,
  IconFileImport,
  IconPlus,
  IconShoppingCart,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { salesOrdersExport } from '../api/sales-orders-export';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PagedList } from '@/components/paged-list';
import { usePaymentStatuses } from '../api/order-payment-statuses';
import { PaymentStatusBadge } from '@/components/payment-status-badge';
import { RecordCustomerPaymentModal } from '@/features/customers/components/record-customer-payment-modal';
import { formatDateTime, formatQuantity, formatRupees } from '@/lib/format';
import { useListState } from '@/lib/list-state';
import { useFulfilSalesOrder } from '../api/fulfil-sales-order';
import { useFulfilSalesOrders } from '../api/fulfil-sales-orders';
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
import { OrderHistoryModal } from './order-history-modal';
import { ReturnSaleModal } from './return-sale-modal';
import { SalesOrderFilters } from './sales-order-filters';

const orders = (count: number) => `${formatQuantity(count)} ${count === 1 ? 'order' : 'orders'}`;

export function SalesOrders() {
  const list = useListState('sales-orders', initialSalesOrderList);
  const { search, filters } = list.state;
  const salesOrders = useSalesOrderPage(list.state);
  const fulfil = useFulfilSalesOrder();
  const [modalOpened, modal] = useDisclosure(false);
  const [importOpened, importModal] = useDisclosure(false);
  const [undoing, setUndoing] = useState<{
    action: 'cancel' | 'return' | 'history' | 'pay';
    order: SalesOrder;
  } | null>(null);
  const fulfilMany = useFulfilSalesOrders();
  // The ticked orders, by id. Only the page's Unfulfilled orders that are ticked count (`chosen`), so
  // an order fulfilled, cancelled or paged away meanwhile simply drops out of the selection.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const openOrders = (salesOrders.data?.rows ?? []).filter((order) => order.status === 'Unfulfilled');
  const chosen = openOrders.filter((order) => selected.has(order.id));
  // Each marketplace order's payment status (issue 30), and a direct order's (issue 46), beside its order status.
  const paymentStatuses = usePaymentStatuses(
    (salesOrders.data?.rows ?? [])
      .filter((order) => order.external_order_id || order.platform === 'Other')
      .map((order) => order.id),
  );

  const toggle = (orderId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(new Set(on ? openOrders.map((order) => order.id) : []));

  const fulfilOrder = (order: SalesOrder) =>
    fulfil.mutate(order.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: `Order fulfilled: ${formatQuantity(order.quantity)} × ${order.product_name} on ${order.platform}.`,
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not fulfil the order', message: error.message }),
    });

  // All or nothing on the server: a refusal (one order fulfilled or cancelled elsewhere meanwhile)
  // changes none of them, and says why.
  const fulfilChosen = () =>
    fulfilMany.mutate(
      chosen.map((order) => order.id),
      {
        onSuccess: (count) => {
          notifications.show({ color: 'green', message: `${orders(count)} fulfilled.` });
          setSelected(new Set());
          setConfirmingBulk(false);
        },
        onError: (error) => {
          notifications.show({ color: 'red', title: 'Nothing was fulfilled', message: error.message });
          setConfirmingBulk(false);
        },
      },
    );

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
          {/* What came back, and the way to the order's history of returns. */}
          {order.returned_quantity > 0 && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              fw={400}
              display="block"
              onClick={() => setUndoing({ action: 'history', order })}
            >
              {formatQuantity(order.returned_quantity)} of {formatQuantity(order.quantity)} returned · History
            </Anchor>
          )}
        </div>
      ),
    },
    { label: 'Platform', halfOnPhone: true, cell: (order) => order.platform },
    {
      label: 'Qty',
      sortKey: 'quantity',
      numeric: true,
      halfOnPhone: true,
      cell: (order) => formatQuantity(order.quantity),
    },
    {
      label: 'Total',
      sortKey: 'total_amount',
      numeric: true,
      halfOnPhone: true,
      cell: (order) => formatRupees(order.total_amount),
    },
    { label: 'Status', halfOnPhone: true, cell: (order) => <OrderStatusBadge status={order.status} /> },
    {
      label: 'Actions',
      // Cancelled and Returned orders are final: no actions, an empty cell (hidden on a phone). A
      // partly returned order can take further returns until every unit is back.
      cell: (order) =>
        (order.status === 'Unfulfilled' || order.status === 'Fulfilled' || order.status === 'Partially returned') && (
          <Group gap="xs" wrap="nowrap">
            {order.status === 'Unfulfilled' && (
              <>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconCheck size={14} />}
                  loading={fulfil.isPending && fulfil.variables === order.id}
                  onClick={() => fulfilOrder(order)}
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
            {(order.status === 'Fulfilled' || order.status === 'Partially returned') && (
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
            {/* A direct order is paid by its customer (issue 46), not through a settlement. */}
            {order.platform === 'Other' && paymentStatuses.data?.[order.id] !== 'Paid' && (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconCash size={14} />}
                onClick={() => setUndoing({ action: 'pay', order })}
              >
                Record payment
              </Button>
            )}
          </Group>
        ),
    },
    // Not one of the spec's columns (Date … Actions, before it and unchanged): a place of its own, last,
    // for ticking Unfulfilled orders to fulfil together (Fulfil selected, above the table).
    {
      label: 'Select',
      cell: (order) =>
        order.status === 'Unfulfilled' && (
          <Checkbox
            aria-label={`Select the ${order.platform} order for ${order.product_name}${
              order.external_order_id ? ` (${order.external_order_id})` : ''
            }`}
            checked={selected.has(order.id)}
            onChange={(event) => toggle(order.id, event.currentTarget.checked)}
          />
        ),
    },
    // Not one of the spec's columns either: a marketplace order's payment status (issue 30), last.
    {
      label: 'Payment',
      cell: (order) => {
        const payment = paymentStatuses.data?.[order.id];
        return payment && <PaymentStatusBadge status={payment} size="xs" />;
      },
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
            <>
              {openOrders.length > 0 && (
                <Group justify="space-between" mb="sm" gap="sm">
                  <Checkbox
                    label="Select all unfulfilled on this page"
                    checked={chosen.length === openOrders.length}
                    indeterminate={chosen.length > 0 && chosen.length < openOrders.length}
                    onChange={(event) => toggleAll(event.currentTarget.checked)}
                  />
                  <Button
                    variant="light"
                    leftSection={<IconChecks size={18} />}
                    disabled={chosen.length === 0}
                    onClick={() => setConfirmingBulk(true)}
                  >
                    Fulfil selected{chosen.length > 0 && ` (${formatQuantity(chosen.length)})`}
                  </Button>
                </Group>
              )}
              <DataTable
                columns={columns}
                rows={rows}
                minWidth={720}
                sort={list.state.sort}
                onSortChange={(sort) => list.setSort({ by: sort.by as SalesOrderSort, ascending: sort.ascending })}
              />
            </>
          )}
        </PagedList>
      </Paper>
      {/* Mounted only while open: its product picker reads every product, which the list never needs. */}
      {modalOpened && <LogSaleModal opened onClose={modal.close} />}
      <ImportOrdersModal opened={importOpened} onClose={importModal.close} />
      {undoing?.action === 'cancel' && <CancelSaleModal order={undoing.order} onClose={() => setUndoing(null)} />}
      {undoing?.action === 'return' && <ReturnSaleModal order={undoing.order} onClose={() => setUndoing(null)} />}
      {undoing?.action === 'history' && <OrderHistoryModal order={undoing.order} onClose={() => setUndoing(null)} />}
      {undoing?.action === 'pay' && (
        <RecordCustomerPaymentModal
          order={{
            ...undoing.order,
            // What it keeps after its returns, the refunded share rounded to the paisa as the server does.
            total_amount:
              undoing.order.total_amount -
              Math.round(
                (undoing.order.total_amount * undoing.order.returned_quantity * 100) / undoing.order.quantity,
              ) /
                100,
          }}
          onClose={() => setUndoing(null)}
        />
      )}
      <Modal
        opened={confirmingBulk}
        onClose={() => !fulfilMany.isPending && setConfirmingBulk(false)}
        title={`Fulfil ${orders(chosen.length)}?`}
      >
        <Stack>
          <Text size="sm">
            {chosen.length === 1
              ? 'The order becomes'
              : chosen.length === 2
                ? 'Both orders become'
                : `All ${orders(chosen.length)} become`}{' '}
            Fulfilled. Stock does not change: it left when each sale was logged. There is no way back to Unfulfilled; a
            fulfilled order can still be returned.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingBulk(false)} disabled={fulfilMany.isPending}>
              Keep them open
            </Button>
            <Button
              leftSection={<IconChecks size={18} />}
              loading={fulfilMany.isPending}
              disabled={chosen.length === 0}
              onClick={fulfilChosen}
            >
              Fulfil {orders(chosen.length)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

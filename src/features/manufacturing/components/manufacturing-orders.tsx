import { Button, Group, Paper, Select, SimpleGrid } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingFactory2, IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { manufacturingOrdersExport } from '../api/manufacturing-orders-export';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PagedList } from '@/components/paged-list';
import { Constants } from '@/lib/database.types';
import { formatDateTime, formatQuantity } from '@/lib/format';
import { useListState } from '@/lib/list-state';
import {
  initialManufacturingOrderList,
  useManufacturingOrderPage,
  type ManufacturingOrder,
  type ManufacturingOrderFilters,
  type ManufacturingOrderSort,
} from '../api/get-manufacturing-orders';
import { CancelProductionModal } from './cancel-production-modal';
import { CompleteProductionModal } from './complete-production-modal';
import { CreateManufacturingOrderModal } from './create-manufacturing-order-modal';
import { ProductFilter } from './product-filter';

const all = 'all';

export function ManufacturingOrders() {
  const list = useListState('manufacturing-orders', initialManufacturingOrderList);
  const { filters } = list.state;
  const manufacturingOrders = useManufacturingOrderPage(list.state);
  const [modalOpened, modal] = useDisclosure(false);
  const [cancelling, setCancelling] = useState<ManufacturingOrder | null>(null);
  const [completing, setCompleting] = useState<ManufacturingOrder | null>(null);

  const columns: DataTableColumn<ManufacturingOrder>[] = [
    {
      label: 'Date Created',
      sortKey: 'creation_date',
      sortKind: 'date',
      cell: (order) => formatDateTime(order.creation_date),
    },
    { label: 'Product', fw: 500, cell: (order) => order.product_name },
    {
      label: 'Qty to Produce',
      sortKey: 'quantity_to_produce',
      numeric: true,
      cell: (order) => formatQuantity(order.quantity_to_produce),
    },
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
              onClick={() => setCompleting(order)}
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
        moreActions={<ExportCsvButton {...manufacturingOrdersExport(list.state)} />}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={modal.open}>
            Create New Order
          </Button>
        }
      />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mb="md">
          <ProductFilter value={filters.productId} onChange={(productId) => list.setFilters({ productId })} />
          <Select
            aria-label="Status"
            data={[{ value: all, label: 'All statuses' }, ...Constants.public.Enums.manufacturing_order_status]}
            value={filters.status ?? all}
            allowDeselect={false}
            onChange={(value) =>
              list.setFilters({ status: value === all ? null : (value as ManufacturingOrderFilters['status']) })
            }
          />
        </SimpleGrid>
        <PagedList
          query={manufacturingOrders}
          what="manufacturing orders"
          narrowed={filters.productId !== null || filters.status !== null}
          page={list.state.page}
          pageSize={list.state.pageSize}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
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
          {(rows) => (
            <DataTable
              columns={columns}
              rows={rows}
              minWidth={640}
              sort={list.state.sort}
              onSortChange={(sort) =>
                list.setSort({ by: sort.by as ManufacturingOrderSort, ascending: sort.ascending })
              }
            />
          )}
        </PagedList>
      </Paper>
      <CreateManufacturingOrderModal opened={modalOpened} onClose={modal.close} />
      {cancelling && <CancelProductionModal order={cancelling} onClose={() => setCancelling(null)} />}
      {completing && <CompleteProductionModal order={completing} onClose={() => setCompleting(null)} />}
    </>
  );
}

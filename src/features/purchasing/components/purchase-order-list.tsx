import { Anchor, Button, Group, Switch, Text } from '@mantine/core';
import { IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FirstStep } from '@/components/first-step';
import { PagedList } from '@/components/paged-list';
import { SearchInput } from '@/components/search-input';
import { formatRupees, formatPoNumber, formatDay } from '@/lib/format';
import { useListState } from '@/lib/list-state';
import { initialPurchaseOrderList, usePurchaseOrderPage, type ListedPurchaseOrder } from '../api/purchase-orders';
import { PurchaseOrderDrawer } from './purchase-order-drawer';
import { PurchaseOrderFormModal } from './purchase-order-form-modal';
import { PurchaseStatusBadge } from './purchase-status-badge';

/** The purchase orders, newest first: search by number or supplier, or only the late ones. */
export function PurchaseOrderList() {
  const list = useListState('purchase-orders', initialPurchaseOrderList);
  const orders = usePurchaseOrderPage(list.state);
  const [shown, setShown] = useState<{ id: string; opened: boolean } | null>(null);
  const open = (id: string) => setShown({ id, opened: true });
  const [creating, setCreating] = useState(false);

  const columns: DataTableColumn<ListedPurchaseOrder>[] = [
    {
      label: 'PO',
      fw: 500,
      cell: (order) => (
        <Anchor component="button" type="button" fw={500} onClick={() => open(order.id)}>
          {formatPoNumber(order.po_number)}
        </Anchor>
      ),
    },
    { label: 'Supplier', cell: (order) => order.supplier_name },
    { label: 'Status', cell: (order) => <PurchaseStatusBadge status={order.status} /> },
    {
      label: 'Expected',
      cell: (order) =>
        order.expected_date === null ? (
          '—'
        ) : order.late ? (
          <Text span fw={700} c="red.9">
            {formatDay(order.expected_date)} (late)
          </Text>
        ) : (
          formatDay(order.expected_date)
        ),
    },
    { label: 'Total', numeric: true, cell: (order) => formatRupees(order.total) },
  ];

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <Group align="center" wrap="wrap" style={{ flex: '1 1 260px' }}>
          <div style={{ flex: '1 1 200px', maxWidth: 320 }}>
            <SearchInput
              label="Search purchase orders"
              placeholder="PO number or supplier"
              value={list.state.search}
              onChange={list.setSearch}
            />
          </div>
          <Switch
            label="Late only"
            checked={list.state.filters.lateOnly}
            onChange={(event) => list.setFilters({ lateOnly: event.currentTarget.checked })}
          />
        </Group>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          New purchase order
        </Button>
      </Group>
      <PagedList
        query={orders}
        what="purchase orders"
        narrowed={list.state.search !== '' || list.state.filters.lateOnly}
        page={list.state.page}
        pageSize={list.state.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        empty={
          <FirstStep
            icon={<IconFileInvoice />}
            title="No purchase orders yet"
            description="Order materials from a supplier in the unit they sell (a roll, a kg, a gross), then receive them as they arrive."
            action="Create your first purchase order"
            onAction={() => setCreating(true)}
          />
        }
      >
        {(rows) => <DataTable columns={columns} rows={rows} minWidth={560} />}
      </PagedList>
      <PurchaseOrderDrawer
        orderId={shown?.id ?? null}
        opened={shown?.opened ?? false}
        onClose={() => setShown((current) => current && { ...current, opened: false })}
      />
      {creating && (
        <PurchaseOrderFormModal
          edited={null}
          onClose={() => setCreating(false)}
          onSaved={(id) => {
            setCreating(false);
            open(id);
          }}
        />
      )}
    </>
  );
}

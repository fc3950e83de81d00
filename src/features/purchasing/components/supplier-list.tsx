import { Anchor, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTruck } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FirstStep } from '@/components/first-step';
import { QueryList } from '@/components/query-list';
import { useSuppliers, type Supplier } from '../api/suppliers';
import { PurchaseUnits } from './purchase-units';
import { SupplierFormModal } from './supplier-form-modal';

/** The suppliers: their details, and each one's drawer with how they sell each material. */
export function SupplierList() {
  const suppliers = useSuppliers();
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width: 36em)');
  const open = suppliers.data?.find((supplier) => supplier.id === openId) ?? null;

  const columns: DataTableColumn<Supplier>[] = [
    {
      label: 'Supplier',
      fw: 500,
      cell: (supplier) => (
        <Anchor component="button" type="button" fw={500} onClick={() => setOpenId(supplier.id)}>
          {supplier.supplier_name}
        </Anchor>
      ),
    },
    { label: 'Contact', cell: (supplier) => [supplier.contact, supplier.phone].filter(Boolean).join(', ') || '—' },
    { label: 'GSTIN', cell: (supplier) => supplier.gstin ?? '—' },
    {
      label: 'Lead time',
      numeric: true,
      cell: (supplier) => (supplier.lead_time_days === null ? '—' : `${supplier.lead_time_days} days`),
    },
    { label: 'Payment terms', cell: (supplier) => supplier.payment_terms ?? '—' },
  ];

  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          Add supplier
        </Button>
      </Group>
      <QueryList
        query={suppliers}
        what="suppliers"
        empty={
          <FirstStep
            icon={<IconTruck />}
            title="No suppliers yet"
            description="A supplier typed on a material appears here; add the others with their contact, GSTIN and terms."
            action="Add your first supplier"
            onAction={() => setEditing('new')}
          />
        }
      >
        {(rows) => <DataTable columns={columns} rows={rows} minWidth={560} />}
      </QueryList>
      <Drawer
        opened={open !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size={phone ? '100%' : 'lg'}
        title={open?.supplier_name}
        closeButtonProps={{ 'aria-label': 'Close supplier' }}
      >
        {open && (
          <Stack>
            <Stack gap={2}>
              {open.contact && <Text>{open.contact}</Text>}
              {open.phone && <Text>Phone: {open.phone}</Text>}
              {open.email && <Text>Email: {open.email}</Text>}
              {open.gstin && <Text>GSTIN: {open.gstin}</Text>}
              {open.notes && <Text c="dimmed">{open.notes}</Text>}
            </Stack>
            <Group>
              <Button variant="default" leftSection={<IconPencil size={18} />} onClick={() => setEditing(open)}>
                Edit supplier
              </Button>
            </Group>
            <PurchaseUnits supplier={open} />
          </Stack>
        )}
      </Drawer>
      {editing !== null && (
        <SupplierFormModal edited={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

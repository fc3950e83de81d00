import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile, todayInIndia } from '@/lib/csv';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { QueryList } from '@/components/query-list';
import {
  formatPoNumber,
  formatQuantity,
  formatQuantityWithUnit,
  formatRupees,
  formatUnitCost,
  isCountUnit,
} from '@/lib/format';
import { MAX_NUMBER } from '@/lib/form-fields';
import { useCreateSuggestedPurchaseOrders, useWhatToBuy, type PurchaseSuggestion } from '../api/get-what-to-buy';
import {
  groupBySupplier,
  NO_SUPPLIER,
  purchaseListCsv,
  purchaseListText,
  type PurchaseLine,
} from '../utils/purchase-list';

/**
 * What to buy: every material below its reorder point, grouped by supplier, with a suggested
 * quantity (enough to reach twice the reorder point) the owner can change, and its estimated cost.
 */
export function WhatToBuy() {
  const suggestions = useWhatToBuy();
  return (
    <Paper withBorder p="md" component="section" aria-label="What to buy" mt="lg">
      <Title order={3} size="h4" mb={4}>
        What to buy
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        Materials below their reorder point, with enough to reach twice it less what is already on order, rounded up to
        the unit each supplier sells. Change any quantity, then copy the list or download it for your suppliers, or
        create a draft purchase order per supplier.
      </Text>
      <QueryList
        query={suggestions}
        what="what to buy"
        empty={
          <Text c="dimmed" size="sm">
            Nothing to buy: every material is at or above its reorder point, or enough is on order.
          </Text>
        }
      >
        {(rows) => <PurchaseList suggestions={rows} />}
      </QueryList>
    </Paper>
  );
}

function PurchaseList({ suggestions }: { suggestions: PurchaseSuggestion[] }) {
  // What the owner typed, as typed ('1.' while on the way to 1.5); a blank or partial entry counts as 0.
  const [typed, setTyped] = useState<ReadonlyMap<string, number | string>>(new Map());
  const quantities = new Map([...typed].map(([id, value]) => [id, Math.max(0, Number(value) || 0)]));
  const groups = groupBySupplier(suggestions, quantities);

  const setQuantity = (id: string, value: number | string) => setTyped((current) => new Map(current).set(id, value));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(purchaseListText(groups));
      notifications.show({ color: 'green', message: 'List copied. Paste it into a message to your supplier.' });
    } catch {
      notifications.show({
        color: 'red',
        message: 'Could not copy: your browser did not allow it. Download the CSV instead.',
      });
    }
  };

  const download = () =>
    downloadFile(`what-to-buy-${todayInIndia()}.csv`, purchaseListCsv(groups), 'text/csv;charset=utf-8');

  const columns: DataTableColumn<PurchaseLine>[] = [
    {
      label: 'Material',
      fw: 500,
      cell: (line) => (
        <>
          {line.material_name}
          {line.units_per_purchase_unit !== 1 && (
            <Text size="xs" c="dimmed" fw={400}>
              {formatQuantityWithUnit(line.purchase_quantity, line.purchase_unit)} of{' '}
              {formatQuantityWithUnit(line.units_per_purchase_unit, line.unit_of_measure)}
            </Text>
          )}
        </>
      ),
    },
    {
      label: 'Stock / Reorder Point',
      numeric: true,
      cell: (line) =>
        `${formatQuantity(line.stock_level)} / ${formatQuantity(line.reorder_point)} ${line.unit_of_measure}`,
    },
    {
      label: 'On Order',
      numeric: true,
      cell: (line) => (line.on_order > 0 ? formatQuantityWithUnit(line.on_order, line.unit_of_measure) : '—'),
    },
    {
      label: 'Buy',
      numeric: true,
      cell: (line) => (
        <NumberInput
          aria-label={`Quantity of ${line.material_name} to buy (${line.unit_of_measure})`}
          value={typed.get(line.id) ?? line.quantity}
          onChange={(value) => setQuantity(line.id, value)}
          min={0}
          // The largest quantity the app stores anywhere: a longer number would be cut off in the box.
          max={MAX_NUMBER}
          clampBehavior="strict"
          // Whole pcs or rolls; metres and kg to the gram, as stock keeps them.
          allowDecimal={!isCountUnit(line.unit_of_measure)}
          decimalScale={3}
          size="xs"
          w={110}
          ml="auto"
          rightSection={
            <Text size="xs" c="dimmed">
              {line.unit_of_measure}
            </Text>
          }
          rightSectionWidth={Math.min(60, 12 + line.unit_of_measure.length * 7)}
        />
      ),
    },
    { label: 'Cost per Unit', numeric: true, cell: (line) => formatUnitCost(line.cost_per_unit) },
    { label: 'Estimated Cost', numeric: true, cell: (line) => formatRupees(line.cost) },
  ];

  return (
    <Stack>
      {groups.map((group) => (
        <section key={group.supplier ?? ''} aria-label={`To buy from ${group.supplier ?? NO_SUPPLIER}`}>
          <Group justify="space-between" mb={4}>
            <Title order={4} size="h5">
              {group.supplier ?? NO_SUPPLIER}
            </Title>
            <Text fw={700} size="sm">
              Total {formatRupees(group.total)}
            </Text>
          </Group>
          <DataTable columns={columns} rows={group.lines} minWidth={560} />
        </section>
      ))}
      <Group justify="flex-end">
        <CreatePurchaseOrdersButton />
        <Button variant="default" leftSection={<IconCopy size={18} />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button leftSection={<IconDownload size={18} />} onClick={download}>
          Download CSV
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * One Draft purchase order per supplier with the suggested quantities in its purchase units (edit
 * them in Raw Materials, Purchasing, before placing them); what has no supplier is named.
 */
function CreatePurchaseOrdersButton() {
  const create = useCreateSuggestedPurchaseOrders();
  // mutateAsync, not mutate's callbacks: the drafted materials leave What to buy, which can unmount
  // this button before the write's refresh ends, and the result must still be announced.
  const run = async () => {
    const created = await create.mutateAsync().catch((error: Error) => {
      notifications.show({ color: 'red', message: error.message });
      return null;
    });
    if (!created) return;
    const { purchase_orders: orders, needs_supplier: needing } = created;
    const made = orders.map((order) => `${formatPoNumber(order.po_number)} for ${order.supplier_name}`);
    notifications.show({
      color: orders.length > 0 ? 'green' : 'orange',
      message: [
        made.length > 0 ? `Draft purchase orders: ${made.join(', ')}.` : 'No purchase order created.',
        needing.length > 0
          ? `Give a supplier to ${needing.map((material) => material.material_name).join(', ')} to order it.`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
    });
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileInvoice size={18} />}
      loading={create.isPending}
      onClick={() => void run()}
    >
      Create purchase orders
    </Button>
  );
}

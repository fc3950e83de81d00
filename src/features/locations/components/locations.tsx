import { Badge, Button, Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconDownload, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { formatDay, formatQuantityWithUnit, formatRupees } from '@/lib/format';
import { useLocations, type Location } from '@/lib/locations';
import {
  itemKey,
  useDeliveryChallans,
  useStockByLocation,
  type ChallanListRow,
  type LocatedStock,
} from '../api/locations';
import { AddLocationModal } from './add-location-modal';
import { EwayBillModal } from './eway-bill-modal';
import { PrintableChallan } from './printable-challan';
import { TransferStockModal } from './transfer-stock-modal';

/** A table wider than a phone scrolls sideways; focusable, so a keyboard can scroll it too. */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

interface ItemRow {
  key: string;
  name: string;
  unit: string;
  byLocation: Map<string, number>;
  ownTotal: number;
  atJobWorkers: number;
}

/** One row per item: its quantity at each own place, their total (the spec's figure) and what is at job workers. */
function itemRows(stock: LocatedStock[]): ItemRow[] {
  const rows = new Map<string, ItemRow>();
  for (const line of stock) {
    const key = itemKey(line);
    const row = rows.get(key) ?? {
      key,
      name: line.item_name,
      unit: line.unit,
      byLocation: new Map(),
      ownTotal: 0,
      atJobWorkers: 0,
    };
    const quantity = Number(line.quantity);
    row.byLocation.set(line.location_id, quantity);
    if (line.location_kind === 'own') row.ownTotal += quantity;
    else row.atJobWorkers += quantity;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function StockTable({ own, stock }: { own: Location[]; stock: LocatedStock[] }) {
  const rows = itemRows(stock);
  if (rows.length === 0)
    return (
      <Text c="dimmed">
        No stock yet. Stock you add, receive or make is at {own[0]?.location_name ?? 'your main godown'}.
      </Text>
    );
  return (
    <ScrollRegion label="Stock by location, scrollable">
      <Table striped miw={480} aria-label="Stock by location">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            {own.map((location) => (
              <Table.Th key={location.id} ta="right">
                {location.location_name}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">At job workers</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.name}</Table.Td>
              {own.map((location) => (
                <Table.Td key={location.id} ta="right">
                  {formatQuantityWithUnit(row.byLocation.get(location.id) ?? 0, row.unit)}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700}>
                {formatQuantityWithUnit(row.ownTotal, row.unit)}
              </Table.Td>
              <Table.Td ta="right">{formatQuantityWithUnit(row.atJobWorkers, row.unit)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

function ChallansTable({
  onPrint,
  onEwayBill,
}: {
  onPrint: (id: string) => void;
  onEwayBill: (challan: ChallanListRow) => void;
}) {
  const challans = useDeliveryChallans();
  if (challans.isError) {
    return <LoadError what="the delivery challans" error={challans.error} onRetry={() => void challans.refetch()} />;
  }
  if (!challans.data) return <Loader aria-label="Loading the delivery challans" />;
  if (challans.data.length === 0)
    return <Text c="dimmed">No transfers yet. Each transfer issues a delivery challan.</Text>;
  return (
    <ScrollRegion label="Delivery challans, scrollable">
      <Table striped miw={560} aria-label="Delivery challans">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Challan</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th ta="right">Taxable value</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {challans.data.map((challan) => (
            <Table.Tr key={challan.id}>
              <Table.Td>
                {challan.challan_number}
                {challan.needs_eway_bill && (
                  <Badge color="orange" variant="dot" tt="none" miw="max-content" ml="xs">
                    E-way bill needed
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{formatDay(challan.challan_date)}</Table.Td>
              <Table.Td>{challan.from_location_name}</Table.Td>
              <Table.Td>{challan.to_location_name}</Table.Td>
              <Table.Td ta="right">
                {challan.taxable_value === null ? '—' : formatRupees(challan.taxable_value)}
              </Table.Td>
              <Table.Td ta="right">
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {challan.needs_eway_bill && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconDownload size={16} />}
                      onClick={() => onEwayBill(challan)}
                      aria-label={`Download e-way bill JSON of ${challan.challan_number}`}
                    >
                      Download e-way bill JSON
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconPrinter size={16} />}
                    onClick={() => onPrint(challan.id)}
                    aria-label={`Print ${challan.challan_number}`}
                  >
                    Print
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** Locations (issue 45): each place with its stock, transfers between them and their delivery challans. */
export function Locations() {
  const locations = useLocations();
  const stock = useStockByLocation();
  const [dialog, setDialog] = useState<
    | { kind: 'add' }
    | { kind: 'transfer' }
    | { kind: 'challan'; id: string }
    | { kind: 'eway bill'; challan: ChallanListRow }
    | null
  >(null);
  const own = (locations.data ?? []).filter((location) => location.kind === 'own');
  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        title="Locations"
        description="Where your stock is, and transfers between your places with their delivery challans."
        moreActions={
          <Button variant="default" leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'add' })}>
            Add location
          </Button>
        }
        action={
          <Button
            leftSection={<IconArrowsExchange size={18} />}
            onClick={() => setDialog({ kind: 'transfer' })}
            disabled={own.length < 2 || !stock.data}
          >
            Transfer stock
          </Button>
        }
      />
      <Card withBorder mb="lg">
        <Title order={3} size="h4" mb="sm">
          Stock by location
        </Title>
        {locations.isError || stock.isError ? (
          <LoadError
            what="your stock by location"
            error={(locations.error ?? stock.error)!}
            onRetry={() => void Promise.all([locations.refetch(), stock.refetch()])}
          />
        ) : !locations.data || !stock.data ? (
          <Loader aria-label="Loading your stock by location" />
        ) : (
          <>
            <StockTable own={own} stock={stock.data} />
            {own.length < 2 && (
              <Text size="sm" c="dimmed" mt="sm">
                Add a second place (a shop, another godown) to move stock to it.
              </Text>
            )}
          </>
        )}
      </Card>
      <Card withBorder>
        <Title order={3} size="h4" mb="sm">
          Delivery challans
        </Title>
        <ChallansTable
          onPrint={(id) => setDialog({ kind: 'challan', id })}
          onEwayBill={(challan) => setDialog({ kind: 'eway bill', challan })}
        />
      </Card>
      {dialog?.kind === 'add' && <AddLocationModal onClose={close} />}
      {dialog?.kind === 'transfer' && locations.data && stock.data && (
        <TransferStockModal
          locations={locations.data}
          stock={stock.data}
          onClose={close}
          onTransferred={(answer) => setDialog({ kind: 'challan', id: answer.delivery_challan_id })}
        />
      )}
      {dialog?.kind === 'challan' && <PrintableChallan challanId={dialog.id} onClose={close} />}
      {dialog?.kind === 'eway bill' && <EwayBillModal challan={dialog.challan} onClose={close} />}
    </>
  );
}

import { Badge, Button, Card, Drawer, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { formatDay, formatQuantityWithUnit, formatRupees } from '@/lib/format';
import { useLocations } from '@/lib/locations';
import {
  useJobWorkOrders,
  useJobWorkPending,
  useStockToSend,
  type HeldItem,
  type JobWorkOrder,
  type JobWorkerPending,
} from '../api/job-work';
import { Itc04Section } from './itc04-section';
import { ReceiveJobWorkModal } from './receive-job-work-modal';
import { SendJobWorkModal } from './send-job-work-modal';

/** A table wider than a phone scrolls sideways; focusable, so a keyboard can scroll it too. */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

const held = (items: HeldItem[]) =>
  items.length === 0
    ? 'Nothing'
    : items.map((item) => `${formatQuantityWithUnit(Number(item.quantity), item.unit)} ${item.item}`).join(', ');

/** Inputs with a job worker for a year count as supplied (section 143): say when that nears. */
function AgeBadge({ warning, returnBy }: { warning: boolean; returnBy: string }) {
  if (!warning) return null;
  return (
    <Badge color="orange" variant="light">
      Bring back by {formatDay(returnBy)}
    </Badge>
  );
}

function JobWorkersTable({ rows, onOpen }: { rows: JobWorkerPending[]; onOpen: (id: string) => void }) {
  if (rows.length === 0) return <Text c="dimmed">No job worker holds or owes you anything.</Text>;
  return (
    <ScrollRegion label="Job workers, scrollable">
      <Table striped miw={520} aria-label="Job workers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job worker</Table.Th>
            <Table.Th>With them</Table.Th>
            <Table.Th ta="right">Age</Table.Th>
            <Table.Th ta="right">Charges (incl. GST)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.job_worker_location_id}>
              <Table.Td>
                <Button variant="subtle" size="compact-sm" onClick={() => onOpen(row.job_worker_location_id)}>
                  {row.job_worker_name}
                </Button>
              </Table.Td>
              <Table.Td>
                {held(row.with_them)} <AgeBadge warning={row.warning} returnBy={row.return_by} />
              </Table.Td>
              <Table.Td ta="right">{row.age_days} days</Table.Td>
              <Table.Td ta="right">{formatRupees(row.charges)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

function OrdersTable({ orders, onReceive }: { orders: JobWorkOrder[]; onReceive: (order: JobWorkOrder) => void }) {
  if (orders.length === 0)
    return <Text c="dimmed">No job work yet. Send materials to a job worker with a delivery challan.</Text>;
  return (
    <ScrollRegion label="Job work orders, scrollable">
      <Table striped miw={720} aria-label="Job work orders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Challan</Table.Th>
            <Table.Th>Job worker</Table.Th>
            <Table.Th>Comes back as</Table.Th>
            <Table.Th ta="right">Received</Table.Th>
            <Table.Th ta="right">Lost</Table.Th>
            <Table.Th ta="right">Pending</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.job_work_order_id}>
              <Table.Td>
                {order.challan_number}
                <Text size="xs" c="dimmed">
                  {formatDay(order.sent_on)}
                </Text>
              </Table.Td>
              <Table.Td>{order.job_worker_name}</Table.Td>
              <Table.Td>
                {formatQuantityWithUnit(Number(order.return_quantity), order.return_unit)} {order.return_item}
              </Table.Td>
              <Table.Td ta="right">
                {formatQuantityWithUnit(Number(order.received_quantity), order.return_unit)}
              </Table.Td>
              <Table.Td ta="right">{formatQuantityWithUnit(Number(order.lost_quantity), order.return_unit)}</Table.Td>
              <Table.Td ta="right">{formatQuantityWithUnit(Number(order.due_quantity), order.return_unit)}</Table.Td>
              <Table.Td ta="right">
                {Number(order.due_quantity) > 0 && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => onReceive(order)}
                    aria-label={`Receive ${order.challan_number}`}
                  >
                    Receive
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** A job worker's drawer: what is with them, what is due back, and what they have charged. */
function JobWorkerDrawer({
  worker,
  orders,
  onClose,
}: {
  worker: JobWorkerPending | undefined;
  orders: JobWorkOrder[];
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const theirs = orders.filter((order) => order.job_worker_location_id === worker?.job_worker_location_id);
  return (
    <Drawer
      opened={worker !== undefined}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={worker?.job_worker_name}
      closeButtonProps={{ 'aria-label': 'Close job worker' }}
    >
      {worker && (
        <Stack>
          <div>
            <Title order={4} size="h5">
              With them
            </Title>
            <Text>{held(worker.with_them)}</Text>
            <Text size="sm" c="dimmed">
              Oldest sent {formatDay(worker.oldest_sent_on)}, {worker.age_days} days ago; inputs count as supplied if
              not back by {formatDay(worker.return_by)}.
            </Text>
            <AgeBadge warning={worker.warning} returnBy={worker.return_by} />
          </div>
          <div>
            <Title order={4} size="h5">
              Due back
            </Title>
            {worker.due_back.length === 0 ? (
              <Text>Nothing</Text>
            ) : (
              worker.due_back.map((due) => (
                <Text key={due.challan_number}>
                  {formatQuantityWithUnit(Number(due.quantity), due.unit)} {due.item} ({due.challan_number}
                  {due.expected_on ? `, expected ${formatDay(due.expected_on)}` : ''})
                </Text>
              ))
            )}
          </div>
          <div>
            <Title order={4} size="h5">
              Charges
            </Title>
            {theirs.map((order) => (
              <Text key={order.job_work_order_id} size="sm">
                {order.challan_number}: {formatRupees(order.charge_rate)} per {order.charge_unit},{' '}
                {formatRupees(order.charges)} billed with GST
              </Text>
            ))}
            <Text fw={700}>Total {formatRupees(worker.charges)}</Text>
            <Text size="sm" c="dimmed">
              What you owe them is under Purchasing, Supplier dues.
            </Text>
          </div>
        </Stack>
      )}
    </Drawer>
  );
}

/** Job work (issue 45): send to job workers with a challan, receive back in parts, and what each holds. */
export function JobWork() {
  const locations = useLocations();
  const stock = useStockToSend();
  const orders = useJobWorkOrders();
  const pending = useJobWorkPending();
  const [dialog, setDialog] = useState<
    { kind: 'send' } | { kind: 'receive'; order: JobWorkOrder } | { kind: 'worker'; id: string } | null
  >(null);
  const close = () => setDialog(null);
  const jobWorkers = (locations.data ?? []).filter((location) => location.kind === 'job_worker');
  const failed = locations.error ?? stock.error ?? orders.error ?? pending.error;

  return (
    <>
      <PageHeader
        title="Job work"
        description="Materials sent to job workers with a delivery challan, what comes back, what is lost and what they charge."
        action={
          <Button
            leftSection={<IconSend size={18} />}
            onClick={() => setDialog({ kind: 'send' })}
            disabled={jobWorkers.length === 0 || !stock.data}
          >
            Send for job work
          </Button>
        }
      />
      {failed ? (
        <LoadError
          what="your job work"
          error={failed}
          onRetry={() => void Promise.all([locations.refetch(), stock.refetch(), orders.refetch(), pending.refetch()])}
        />
      ) : !locations.data || !orders.data || !pending.data ? (
        <Loader aria-label="Loading your job work" />
      ) : (
        <>
          {jobWorkers.length === 0 && (
            <Text c="dimmed" mb="md">
              Add a job worker under Locations (Add location, Job worker) to send work out.
            </Text>
          )}
          <Card withBorder mb="lg">
            <Title order={3} size="h4" mb="sm">
              Job workers
            </Title>
            <JobWorkersTable rows={pending.data} onOpen={(id) => setDialog({ kind: 'worker', id })} />
          </Card>
          <Card withBorder>
            <Title order={3} size="h4" mb="sm">
              Orders
            </Title>
            <OrdersTable orders={orders.data} onReceive={(order) => setDialog({ kind: 'receive', order })} />
          </Card>
          <Itc04Section />
        </>
      )}
      {dialog?.kind === 'send' && locations.data && stock.data && (
        <SendJobWorkModal locations={locations.data} stock={stock.data} onClose={close} />
      )}
      {dialog?.kind === 'receive' && locations.data && (
        <ReceiveJobWorkModal order={dialog.order} locations={locations.data} onClose={close} />
      )}
      <JobWorkerDrawer
        worker={
          dialog?.kind === 'worker' ? pending.data?.find((row) => row.job_worker_location_id === dialog.id) : undefined
        }
        orders={orders.data ?? []}
        onClose={close}
      />
    </>
  );
}

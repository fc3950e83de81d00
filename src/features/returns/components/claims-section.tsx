import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, Modal, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField } from '@/components/form-inputs';
import { LoadError } from '@/components/load-error';
import { SubmitButton } from '@/components/submit-button';
import { TableSkeleton } from '@/components/table-skeleton';
import { claimReasonLabels } from '@/lib/claim-reasons';
import { formatDay, formatQuantity, formatRupees } from '@/lib/format';
import { numberFieldText, returnFieldRules } from '@/lib/form-fields';
import {
  approvalSchema,
  CLAIMS_SHOWN,
  daysLeft,
  useReturnClaims,
  useUpdateClaim,
  type ReturnClaim,
} from '../api/return-claims';

const statusColor: Record<ReturnClaim['status'], string> = {
  Open: 'orange',
  Filed: 'blue',
  Approved: 'green',
  Rejected: 'gray',
};

const dayCount = (days: number) => `${formatQuantity(days)} ${days === 1 ? 'day' : 'days'}`;

/** Days left to a deadline, in words; overdue in red. */
export function DaysLeft({ deadline }: { deadline: string }) {
  const days = daysLeft(deadline);
  if (days < 0) {
    return (
      <Text span size="sm" c="red.8" fw={600}>
        Overdue by {dayCount(-days)}
      </Text>
    );
  }
  return (
    <Text span size="sm" c={days <= 3 ? 'orange.9' : undefined} fw={days <= 3 ? 600 : undefined}>
      {days === 0 ? 'Due today' : dayCount(days)}
    </Text>
  );
}

/**
 * The Claims list, a section below the Sales Orders table: each damaged, wrong or missing unit's
 * claim against its marketplace with its deadline, and the steps File, Approve (with the amount
 * reimbursed, which counts back into the order's profit) and Reject.
 */
export function ClaimsSection() {
  const [decided, setDecided] = useState(false);
  const claims = useReturnClaims(decided);
  const update = useUpdateClaim();
  const [approving, setApproving] = useState<ReturnClaim | null>(null);

  const move = (claim: ReturnClaim, status: 'Filed' | 'Rejected') =>
    update.mutate(
      { claimId: claim.id, status },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: `Claim for ${claim.order.product_name} ${status === 'Filed' ? 'filed' : 'rejected'}.`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Could not update the claim', message: error.message }),
      },
    );
  const busy = (claim: ReturnClaim) => update.isPending && update.variables?.claimId === claim.id;

  const allColumns: DataTableColumn<ReturnClaim>[] = [
    { label: 'Deadline', cell: (claim) => formatDay(claim.deadline) },
    {
      label: decided ? 'Amount' : 'Days left',
      numeric: decided,
      cell: (claim) =>
        decided ? (
          claim.amount_reimbursed === null ? (
            '—'
          ) : (
            formatRupees(claim.amount_reimbursed)
          )
        ) : (
          <DaysLeft deadline={claim.deadline} />
        ),
    },
    {
      label: 'Product',
      fw: 500,
      cell: (claim) => (
        <div>
          {claim.order.product_name}
          <Text size="xs" c="dimmed" fw={400}>
            {claim.order.platform}
            {claim.order.external_order_id && ` order ${claim.order.external_order_id}`}
          </Text>
        </div>
      ),
    },
    {
      label: 'Reason',
      halfOnPhone: true,
      cell: (claim) => `${claimReasonLabels[claim.reason]} × ${formatQuantity(claim.units)}`,
    },
    {
      label: 'Status',
      halfOnPhone: true,
      cell: (claim) => (
        <Badge color={statusColor[claim.status]} variant="dot" tt="none">
          {claim.status}
        </Badge>
      ),
    },
    {
      label: 'Actions',
      cell: (claim) => (
        <Group gap="xs" wrap="nowrap">
          {claim.status === 'Open' && (
            <Button size="xs" variant="light" loading={busy(claim)} onClick={() => move(claim, 'Filed')}>
              File
            </Button>
          )}
          <Button size="xs" variant="light" color="green" onClick={() => setApproving(claim)}>
            Approve
          </Button>
          <Button size="xs" variant="subtle" color="red" disabled={busy(claim)} onClick={() => move(claim, 'Rejected')}>
            Reject
          </Button>
        </Group>
      ),
    },
  ];

  // A decided claim has no step left.
  const columns = decided ? allColumns.filter((column) => column.label !== 'Actions') : allColumns;

  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-label="Claims">
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <div>
          <Title order={3} size="h4">
            Claims
          </Title>
          <Text c="dimmed" size="sm">
            Damaged, wrong and missing units from returns, to claim from the marketplace before the deadline (set per
            platform in Settings → Platform fees).
          </Text>
        </div>
        <SegmentedControl
          aria-label="Claims shown"
          data={[
            { value: 'open', label: 'To do' },
            { value: 'decided', label: 'Decided' },
          ]}
          value={decided ? 'decided' : 'open'}
          onChange={(value) => setDecided(value === 'decided')}
        />
      </Group>
      {claims.isError ? (
        <LoadError what="the claims" error={claims.error} onRetry={claims.refetch} />
      ) : !claims.data ? (
        <TableSkeleton label="Loading the claims" />
      ) : claims.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {decided ? 'No claim has been decided yet.' : 'No claims to file: every return so far came back sellable.'}
        </Text>
      ) : (
        <>
          <DataTable columns={columns} rows={claims.data} minWidth={720} />
          {claims.data.length === CLAIMS_SHOWN && (
            <Text c="dimmed" size="xs" mt="xs">
              The first {CLAIMS_SHOWN} are shown.
            </Text>
          )}
        </>
      )}
      {approving && <ApproveClaimModal claim={approving} onClose={() => setApproving(null)} />}
    </Paper>
  );
}

function ApproveClaimModal({ claim, onClose }: { claim: ReturnClaim; onClose: () => void }) {
  const update = useUpdateClaim();
  const form = useForm<{ amount_reimbursed: string | number }, unknown, { amount_reimbursed: number }>({
    resolver: zodResolver(approvalSchema(claim.order.claimable)),
    defaultValues: { amount_reimbursed: numberFieldText(claim.order.claimable) },
  });
  const submit = form.handleSubmit((input) =>
    update.mutate(
      { claimId: claim.id, status: 'Approved', amount: input.amount_reimbursed },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `Claim approved: ${formatRupees(input.amount_reimbursed)} counts back into the order's profit.`,
          });
          onClose();
        },
        onError: (error) => showOnField(form, error),
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title="Approve the claim">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {claimReasonLabels[claim.reason]} × {formatQuantity(claim.units)} of {claim.order.product_name} on{' '}
            {claim.order.platform}. The amount reimbursed counts back into the order's profit after returns.
          </Text>
          <NumberField
            control={form.control}
            name="amount_reimbursed"
            rules={returnFieldRules.amountReimbursed}
            label="Amount reimbursed"
            leftSection="₹"
            description={`At most ${formatRupees(claim.order.claimable)}, the sale value of the units`}
            data-autofocus
          />
          <FormError error={update.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={update.isPending} color="green">
              Approve
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

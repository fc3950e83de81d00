import { Badge, Stack, Text } from '@mantine/core';
import type { ServerOutcome } from '../api/import-sales-orders';

/** What happens to a report row: the server's verdict, or what the browser saw in the file. */
export type RowOutcome = ServerOutcome | 'cancelled' | 'unreadable';

export const outcomeLabels: Record<RowOutcome, { label: string; color: string }> = {
  new: { label: 'New sale', color: 'green' },
  already_imported: { label: 'Already imported (skipped)', color: 'gray' },
  duplicate: { label: 'Repeated line (skipped)', color: 'gray' },
  cancelled: { label: 'Cancelled in the report (skipped)', color: 'gray' },
  unknown_sku: { label: 'Unknown SKU', color: 'orange' },
  archived: { label: 'Archived product', color: 'orange' },
  not_enough_stock: { label: 'Not enough stock', color: 'red' },
  invalid: { label: 'Refused', color: 'red' },
  unreadable: { label: 'Unreadable row', color: 'red' },
};

export function OutcomeBadge({ outcome }: { outcome: RowOutcome }) {
  const { label, color } = outcomeLabels[outcome];
  return (
    <Badge color={color} variant="light" tt="none" miw="max-content">
      {label}
    </Badge>
  );
}

/** The outcome with the server's (or the reader's) sentence under it. */
export function OutcomeCell({ outcome, message }: { outcome: RowOutcome; message: string | null }) {
  return (
    <Stack gap={2} align="flex-start">
      <OutcomeBadge outcome={outcome} />
      {message && (
        <Text size="xs" c={outcomeLabels[outcome].color === 'red' ? 'red.8' : 'dimmed'}>
          {message}
        </Text>
      )}
    </Stack>
  );
}

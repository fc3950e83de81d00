import { Badge, Stack, Text } from '@mantine/core';

/** How a preview shows each outcome of a report's rows. */
export type OutcomeLabels<Outcome extends string> = Record<Outcome, { label: string; color: string }>;

export function OutcomeBadge<Outcome extends string>({
  outcome,
  labels,
}: {
  outcome: Outcome;
  labels: OutcomeLabels<Outcome>;
}) {
  const { label, color } = labels[outcome];
  return (
    <Badge color={color} variant="light" tt="none" miw="max-content">
      {label}
    </Badge>
  );
}

/** The outcome with the server's (or the reader's) sentence under it. */
export function OutcomeCell<Outcome extends string>({
  outcome,
  message,
  labels,
}: {
  outcome: Outcome;
  message: string | null;
  labels: OutcomeLabels<Outcome>;
}) {
  return (
    <Stack gap={2} align="flex-start">
      <OutcomeBadge outcome={outcome} labels={labels} />
      {message && (
        <Text size="xs" c={labels[outcome].color === 'red' ? 'red.8' : 'dimmed'}>
          {message}
        </Text>
      )}
    </Stack>
  );
}

import { Skeleton, Stack } from '@mantine/core';

/**
 * Placeholder rows while a table's first load is under way. Its role lets it carry a name (a plain
 * div may not: axe's aria-prohibited-attr) and tells a screen reader what is loading.
 */
export function TableSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} height={36} />
      ))}
    </Stack>
  );
}

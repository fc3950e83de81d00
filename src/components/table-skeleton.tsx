import { Skeleton, Stack } from '@mantine/core';

/** Placeholder rows while a table's first load is under way. */
export function TableSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} height={36} />
      ))}
    </Stack>
  );
}

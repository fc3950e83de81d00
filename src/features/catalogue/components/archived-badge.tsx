import { Badge } from '@mantine/core';

/** Marks an archived row when "Show archived" is on. */
export function ArchivedBadge() {
  return (
    <Badge variant="outline" color="gray.7" tt="none" size="sm">
      Archived
    </Badge>
  );
}

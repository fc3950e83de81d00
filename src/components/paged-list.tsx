import { Group, Pagination, Select, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { formatQuantity } from '@/lib/format';
import { pageCount, pageSizes, type Page, type PageSize } from '@/lib/list-state';
import { LoadError } from './load-error';
import { TableSkeleton } from './table-skeleton';

interface PagedListProps<Row> {
  query: UseQueryResult<Page<Row>>;
  /** What the rows are, as the loading, error and count texts name them: "sales orders". */
  what: string;
  /** Shown when there are no rows at all: what to do next. */
  empty: ReactNode;
  /** Whether a search or filter narrows the list (then no rows means nothing matches). */
  narrowed: boolean;
  page: number;
  pageSize: PageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
  children: (rows: Row[]) => ReactNode;
}

/**
 * One page of a list with its states (loading, failed with a retry, empty, nothing matching) and,
 * below it, where the page is in the list, the page size and the pages.
 */
export function PagedList<Row>({
  query,
  what,
  empty,
  narrowed,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  children,
}: PagedListProps<Row>) {
  const total = query.data?.total;
  const pages = pageCount(total ?? 0, pageSize);
  // Rows deleted or filtered away elsewhere can leave this page past the end: show the last one.
  useEffect(() => {
    if (total !== undefined && page > pages) onPageChange(pages);
  }, [total, page, pages, onPageChange]);

  if (query.isPending) return <TableSkeleton label={`Loading ${what}`} />;
  if (query.isError) return <LoadError what={what} error={query.error} onRetry={query.refetch} />;
  if (query.data.total === 0) {
    return narrowed ? (
      <Text c="dimmed" ta="center" py="xl">
        No {what} match this search or filter.
      </Text>
    ) : (
      empty
    );
  }

  // From the rows on screen, which stay up while the next page loads.
  const first = query.data.offset + 1;
  const last = query.data.offset + query.data.rows.length;
  return (
    <Stack gap="md" aria-busy={query.isPlaceholderData || undefined}>
      {children(query.data.rows)}
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {formatQuantity(first)}–{formatQuantity(last)} of {formatQuantity(query.data.total)} {what}
          </Text>
          <Select
            aria-label="Rows per page"
            size="xs"
            w={76}
            data={pageSizes.map(String)}
            value={String(pageSize)}
            allowDeselect={false}
            onChange={(value) => value && onPageSizeChange(Number(value) as PageSize)}
          />
        </Group>
        {pages > 1 && (
          <Pagination
            size="sm"
            siblings={1}
            boundaries={1}
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            aria-label={`Pages of ${what}`}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            getControlProps={(control) =>
              ({
                first: { 'aria-label': 'First page' },
                last: { 'aria-label': 'Last page' },
                next: { 'aria-label': 'Next page' },
                previous: { 'aria-label': 'Previous page' },
              })[control]
            }
          />
        )}
      </Group>
    </Stack>
  );
}

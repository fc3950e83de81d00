import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { TableSkeleton } from './table-skeleton';

interface QueryListProps<Row> {
  query: UseQueryResult<Row[]>;
  /** What the rows are, as the loading and error texts name them: "sales orders". */
  what: string;
  /** Shown instead of an empty list: what to do next. */
  empty: ReactNode;
  children: (rows: Row[]) => ReactNode;
}

/** A list's states before its rows: loading, failed (with a retry) and empty. */
export function QueryList<Row>({ query, what, empty, children }: QueryListProps<Row>) {
  if (query.isPending) return <TableSkeleton label={`Loading ${what}`} />;
  if (query.isError) return <LoadError what={what} error={query.error} onRetry={query.refetch} />;
  if (query.data.length === 0) return empty;
  return children(query.data);
}

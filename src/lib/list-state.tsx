import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

export const pageSizes = [25, 50, 100] as const;
export type PageSize = (typeof pageSizes)[number];

export interface ListSort<SortKey extends string> {
  by: SortKey;
  ascending: boolean;
}

/** What a list shows: which page, how many rows a page holds, the search, the filters, the order. */
export interface ListState<Filters, SortKey extends string> {
  page: number;
  pageSize: PageSize;
  search: string;
  filters: Filters;
  sort: ListSort<SortKey>;
}

/** One page of a list, where it starts (rows skipped) and how many rows match in all. */
export interface Page<Row> {
  rows: Row[];
  offset: number;
  total: number;
}

/**
 * The lists' states by list, kept above the tabs (which unmount when another tab opens) so a list
 * comes back as it was left; there are no URLs to keep them in (the spec has no routes).
 */
export type ListStore = Map<string, unknown>;

const ListStateStore = createContext<ListStore | null>(null);

export function ListStateProvider({ store, children }: { store: ListStore; children: ReactNode }) {
  return <ListStateStore.Provider value={store}>{children}</ListStateStore.Provider>;
}

/** Sets what a list shows when it next opens (a dashboard card opening the orders it counts). */
export function useShowList() {
  const store = useContext(ListStateStore);
  return useCallback(
    <Filters, SortKey extends string>(listId: string, state: ListState<Filters, SortKey>) => {
      store?.set(listId, state);
    },
    [store],
  );
}

/**
 * A list's state, kept for as long as the signed-in shell lives. A new search, filter, sort or
 * page size goes back to page 1, where the rows that match it start.
 */
export function useListState<Filters, SortKey extends string>(listId: string, initial: ListState<Filters, SortKey>) {
  const store = useContext(ListStateStore);
  const [state, setState] = useState(() => (store?.get(listId) as ListState<Filters, SortKey> | undefined) ?? initial);
  useEffect(() => {
    store?.set(listId, state);
  }, [store, listId, state]);

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  const setPageSize = useCallback((pageSize: PageSize) => setState((s) => ({ ...s, pageSize, page: 1 })), []);
  const setSearch = useCallback(
    (search: string) => setState((s) => (s.search === search ? s : { ...s, search, page: 1 })),
    [],
  );
  const setFilters = useCallback(
    (change: Partial<Filters>) => setState((s) => ({ ...s, filters: { ...s.filters, ...change }, page: 1 })),
    [],
  );
  const setSort = useCallback((sort: ListSort<SortKey>) => setState((s) => ({ ...s, sort, page: 1 })), []);
  return { state, setPage, setPageSize, setSearch, setFilters, setSort };
}

/** The rows of a page as a `.range(from, to)` (inclusive) and as an offset and limit. */
export function pageRange({ page, pageSize }: { page: number; pageSize: number }) {
  const from = (page - 1) * pageSize;
  return { from, to: from + pageSize - 1, offset: from, limit: pageSize };
}

/** The page a whole-page range `from`..`to` is (fetchAllPages asks for those). */
export function pageOfRange({ from, to }: { from: number; to: number }) {
  const pageSize = to - from + 1;
  return { page: from / pageSize + 1, pageSize };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

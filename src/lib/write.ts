import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Database } from './database.types';
import { invalidateTables, type DataTable } from './query-keys';
import { toUserError } from './server-error';
import { supabase } from './supabase';

type Functions = Database['public']['Functions'];
export type RpcName = keyof Functions;
type RpcArgs<Name extends RpcName> = Functions[Name] extends { Args: infer Args } ? Args : never;
type RpcReturns<Name extends RpcName> = Functions[Name]['Returns'];

/** Calls a database function; a refusal becomes a UserError (with the field it is about, if any). */
export async function callRpc<Name extends RpcName>(name: Name, args?: RpcArgs<Name>): Promise<RpcReturns<Name>> {
  // supabase-js's overloads cannot follow a generic function name; the generated types above do.
  const { data, error } = await supabase.rpc(name, args as never);
  if (error) throw toUserError(error);
  return data as RpcReturns<Name>;
}

/**
 * The tables this tab is writing now, and those whose queries it is refreshing after its own write,
 * with how many writes each: a realtime change of such a table is most likely that write's echo.
 */
const writing = new Map<DataTable, number>();
const refreshing = new Map<DataTable, number>();

async function marking<Result>(
  marks: Map<DataTable, number>,
  tables: readonly DataTable[],
  work: () => Promise<Result>,
) {
  for (const table of tables) marks.set(table, (marks.get(table) ?? 0) + 1);
  try {
    return await work();
  } finally {
    for (const table of tables) marks.set(table, marks.get(table)! - 1);
  }
}

/** Per table, the refresh realtime changes started and not finished, and whether another change came since it began. */
const changeRefreshes = new Map<DataTable, Promise<void>>();
const changedDuringRefresh = new Set<DataTable>();

/**
 * Takes a realtime change of a table. While this tab's own write of it is unanswered, nothing: the
 * write refreshes after its answer, which sees everything committed before. Otherwise the queries
 * reading the table on screen refetch, at most one refetch at a time: changes arriving while it
 * runs (an import announces one change per row) make one more refetch after it, never one each,
 * and never cancel it. The first refetch of a burst joins the tab's own post-write refresh if that
 * runs (a change another tab commits after that refresh read the table and announces before it
 * ends is missed until the next change: a window of one request); every other refetch replaces one
 * that was running, which may have read the table before the change.
 */
export function refreshOnChange(queryClient: QueryClient, table: DataTable): Promise<void> {
  if ((writing.get(table) ?? 0) > 0) return Promise.resolve();
  const running = changeRefreshes.get(table);
  if (running) {
    changedDuringRefresh.add(table);
    return running;
  }
  const refresh = (async () => {
    await invalidateTables(queryClient, [table], 'active', { joinRunning: (refreshing.get(table) ?? 0) > 0 });
    while (changedDuringRefresh.delete(table)) await invalidateTables(queryClient, [table], 'active');
  })().finally(() => changeRefreshes.delete(table));
  changeRefreshes.set(table, refresh);
  return refresh;
}

interface WriteOptions<Variables, Result> {
  /** The write itself: usually one callRpc. */
  write: (variables: Variables) => Promise<Result>;
  /** The tables it changes, whose queries it refreshes (per call when they depend on what is written). */
  tables: readonly DataTable[] | ((variables: Variables) => readonly DataTable[]);
}

/**
 * The one way the app writes. After a save the queries reading the written tables refresh before
 * the mutation resolves, so the new row is there when a form closes, and so are the cached pages
 * of other tabs' lists. After a refusal they refresh in the background (what the form showed may
 * have been out of date), because a server that is down makes that refetch retry for seconds and
 * the message must show at once. The write's realtime echo never starts a second fetch
 * (refreshOnChange).
 */
export function useWrite<Variables = void, Result = unknown>({ write, tables }: WriteOptions<Variables, Result>) {
  const queryClient = useQueryClient();
  const tablesOf = (variables: Variables) => (typeof tables === 'function' ? tables(variables) : tables);
  return useMutation({
    mutationFn: (variables: Variables) => marking(writing, tablesOf(variables), () => write(variables)),
    onSuccess: (_result, variables) =>
      marking(refreshing, tablesOf(variables), () => invalidateTables(queryClient, tablesOf(variables), 'all')),
    onError: (_error, variables) => void invalidateTables(queryClient, tablesOf(variables)),
  });
}

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Database } from './database.types';
import { invalidateTables, useRefreshMap, type DataTable, type RefreshMap } from './query-keys';
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
export function refreshOnChange(queryClient: QueryClient, refreshMap: RefreshMap, table: DataTable): Promise<void> {
  if ((writing.get(table) ?? 0) > 0) return Promise.resolve();
  const running = changeRefreshes.get(table);
  if (running) {
    changedDuringRefresh.add(table);
    return running;
  }
  const refresh = (async () => {
    await invalidateTables(queryClient, refreshMap, [table], 'active', {
      joinRunning: (refreshing.get(table) ?? 0) > 0,
    });
    while (changedDuringRefresh.delete(table)) await invalidateTables(queryClient, refreshMap, [table], 'active');
  })().finally(() => changeRefreshes.delete(table));
  changeRefreshes.set(table, refresh);
  return refresh;
}

/** A random version 4 UUID (crypto.randomUUID exists only on https and localhost pages). */
function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** FNV-1a, 32 bits, of a text. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * The arguments of a call that creates something, with its request_id: the submission's id
 * (useWrite) combined with the arguments themselves. So the same arguments sent again within one
 * submission (a second click, a retry after an answer lost on the way) are the same request, which
 * the server answers with its first result instead of writing again; other arguments (a form
 * corrected after a refusal, the next part of an import) are another request.
 */
export function withRequestId<Args extends object>(args: Args, submissionId: string): Args & { request_id: string } {
  const tail = (Number.parseInt(submissionId.slice(-8), 16) ^ hash32(JSON.stringify(args))) >>> 0;
  return { ...args, request_id: submissionId.slice(0, -8) + tail.toString(16).padStart(8, '0') };
}

/**
 * The submissions of one form: every call gets the id of the submission in progress, until a call
 * with it succeeds; the next call then starts a new submission.
 */
export class SubmissionIds {
  private current: string | null = null;

  /** The id of the submission in progress, or of a new one. */
  take(): string {
    return (this.current ??= newSubmissionId());
  }

  /** A call of submission `id` succeeded: the next call is a new submission. */
  succeeded(id: string): void {
    if (this.current === id) this.current = null;
  }
}

interface WriteOptions<Variables, Result> {
  /**
   * The write itself: usually one callRpc. The operations that create something take a request_id
   * made from `submissionId` (withRequestId), so that one submission writes once however often it
   * is sent.
   */
  write: (variables: Variables, submissionId: string) => Promise<Result>;
  /** The tables it changes, whose queries it refreshes (per call when they depend on what is written). */
  tables: readonly DataTable[] | ((variables: Variables) => readonly DataTable[]);
}

/**
 * The one way the app writes. After a save the queries reading the written tables refresh before
 * the mutation resolves, so the new row is there when a form closes, and so are the cached pages
 * of other tabs' lists. After a refusal they refresh in the background (what the form showed may
 * have been out of date), because a server that is down makes that refetch retry for seconds and
 * the message must show at once. The write's realtime echo never starts a second fetch
 * (refreshOnChange). Each call is part of a submission, which ends when a call succeeds, its
 * refresh included (SubmissionIds): until then a second click or a retry is the same submission.
 */
export function useWrite<Variables = void, Result = unknown>({ write, tables }: WriteOptions<Variables, Result>) {
  const queryClient = useQueryClient();
  const refreshMap = useRefreshMap();
  const [submissions] = useState(() => new SubmissionIds());
  const tablesOf = (variables: Variables) => (typeof tables === 'function' ? tables(variables) : tables);
  return useMutation({
    mutationFn: async (variables: Variables) => {
      const submissionId = submissions.take();
      const result = await marking(writing, tablesOf(variables), () => write(variables, submissionId));
      await marking(refreshing, tablesOf(variables), () =>
        invalidateTables(queryClient, refreshMap, tablesOf(variables), 'all'),
      );
      submissions.succeeded(submissionId);
      return result;
    },
    onError: (_error, variables) => void invalidateTables(queryClient, refreshMap, tablesOf(variables)),
  });
}

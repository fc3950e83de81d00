import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRefreshMap, RefreshMapContext, type QueryKey } from './query-keys';
import { refreshOnChange, useWrite, withRequestId } from './write';

vi.mock('./supabase', () => ({ supabase: {} }));

const productsKey: QueryKey = ['products'];
const salesOrdersKey: QueryKey = ['sales-orders'];
/** A feature whose products list reads products, and whose sales list reads sales orders. */
const refreshMap = buildRefreshMap([
  { keys: { productsKey, salesOrdersKey }, reads: { products: [productsKey], sales_orders: [salesOrdersKey] } },
]);

/** A products list on screen whose fetch takes a while, counting fetches started and finished. */
function productsOnScreen() {
  const queryClient = new QueryClient();
  const fetches = { started: 0, finished: 0 };
  let release: () => void = () => {};
  const observer = new QueryObserver(queryClient, {
    queryKey: [...productsKey, 'list'],
    queryFn: async () => {
      fetches.started += 1;
      await new Promise<void>((resolve) => (release = resolve));
      fetches.finished += 1;
      return fetches.started;
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return { queryClient, fetches, observer, unsubscribe, finishFetch: () => release() };
}

describe('refreshOnChange', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('answers a burst of changes (an import of 1,500 rows) with one refetch and one after it, not one each', async () => {
    const screen = productsOnScreen();
    stop = screen.unsubscribe;
    await vi.waitFor(() => expect(screen.fetches.started).toBe(1));
    screen.finishFetch();
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().data).toBe(1));

    const refreshes = Array.from({ length: 1_500 }, () => refreshOnChange(screen.queryClient, refreshMap, 'products'));
    await vi.waitFor(() => expect(screen.fetches.started).toBe(2));
    screen.finishFetch();
    await vi.waitFor(() => expect(screen.fetches.started).toBe(3));
    screen.finishFetch();
    await Promise.all(refreshes);
    expect(screen.fetches).toEqual({ started: 3, finished: 3 });
    // The last fetch began after the last change was announced, so the screen shows it.
    expect(screen.observer.getCurrentResult().data).toBe(3);
  });

  it('refetches again for a change announced after the burst ended', async () => {
    const screen = productsOnScreen();
    stop = screen.unsubscribe;
    await vi.waitFor(() => expect(screen.fetches.started).toBe(1));
    screen.finishFetch();
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().data).toBe(1));
    const first = refreshOnChange(screen.queryClient, refreshMap, 'products');
    await vi.waitFor(() => expect(screen.fetches.started).toBe(2));
    screen.finishFetch();
    await first;
    const second = refreshOnChange(screen.queryClient, refreshMap, 'products');
    await vi.waitFor(() => expect(screen.fetches.started).toBe(3));
    screen.finishFetch();
    await second;
    expect(screen.fetches.finished).toBe(3);
  });
});

/** A write whose calls the test answers one by one, recording the submission id each was sent with. */
function controlledWrite() {
  const calls: { variables: string; submissionId: string; answer: (ok: boolean) => void }[] = [];
  const write = (variables: string, submissionId: string) =>
    new Promise<string>((resolve, reject) => {
      calls.push({
        variables,
        submissionId,
        answer: (ok) => (ok ? resolve(`saved ${variables}`) : reject(new Error('Failed to fetch'))),
      });
    });
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(RefreshMapContext, { value: refreshMap }, children),
    );
  const { result } = renderHook(() => useWrite({ write, tables: ['sales_orders'] }), { wrapper });
  /** Submits `variables`; the promise settles as the mutation does (with its error, if it fails). */
  const submit = (variables: string) => {
    let settled!: Promise<unknown>;
    act(() => {
      settled = result.current.mutateAsync(variables).catch((error: unknown) => error);
    });
    return settled;
  };
  return { calls, submit };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('useWrite submissions', () => {
  it('sends a second click while the first is unanswered as the same submission, and the next after a success as a new one', async () => {
    const { calls, submit } = controlledWrite();
    const first = submit('sale');
    const second = submit('sale');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.submissionId).toMatch(UUID);
    expect(calls[1]!.submissionId).toBe(calls[0]!.submissionId);

    calls[0]!.answer(true);
    calls[1]!.answer(true);
    expect(await first).toBe('saved sale');
    expect(await second).toBe('saved sale');

    const next = submit('sale');
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.submissionId).toMatch(UUID);
    expect(calls[2]!.submissionId).not.toBe(calls[0]!.submissionId);
    calls[2]!.answer(true);
    await next;
  });

  it('sends a retry after a failure (a lost answer, a refusal) as the same submission', async () => {
    const { calls, submit } = controlledWrite();
    const lost = submit('sale');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(false);
    expect(await lost).toEqual(new Error('Failed to fetch'));

    const retry = submit('sale');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.submissionId).toBe(calls[0]!.submissionId);
    calls[1]!.answer(true);
    await retry;
  });

  it('keeps a new submission when a duplicate of the one before succeeds after it started', async () => {
    const { calls, submit } = controlledWrite();
    const first = submit('a');
    const duplicate = submit('a');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    calls[0]!.answer(true);
    await first;

    const other = submit('b');
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.submissionId).not.toBe(calls[0]!.submissionId);
    calls[1]!.answer(true);
    await duplicate;
    calls[2]!.answer(false);
    await other;

    // The duplicate's success ended the first submission, not the one its retry belongs to.
    const retry = submit('b');
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    expect(calls[3]!.submissionId).toBe(calls[2]!.submissionId);
    calls[3]!.answer(true);
    await retry;
  });
});

describe('withRequestId', () => {
  const submission = '1b4e28ba-2fa1-4d2e-883f-0016d3cca427';

  it('gives the same arguments of one submission the same request id, a UUID', () => {
    const args = { product_id: 'p1', platform: 'Amazon', quantity: 2 };
    const first = withRequestId(args, submission);
    expect(first).toEqual({ ...args, request_id: expect.stringMatching(UUID) });
    expect(withRequestId({ ...args }, submission).request_id).toBe(first.request_id);
  });

  it('gives other arguments (a corrected form, another part of an import) another request id', () => {
    const ids = new Set(
      Array.from(
        { length: 200 },
        (_, quantity) => withRequestId({ product_id: 'p1', quantity }, submission).request_id,
      ),
    );
    expect(ids.size).toBe(200);
  });

  it('gives the same arguments of another submission another request id', () => {
    const args = { product_id: 'p1', quantity: 2 };
    expect(withRequestId(args, '9a1f3c2e-7b6d-4e5f-8a9b-0c1d2e3f4a5b').request_id).not.toBe(
      withRequestId(args, submission).request_id,
    );
  });
});

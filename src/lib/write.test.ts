import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from './query-keys';
import { refreshOnChange } from './write';

vi.mock('./supabase', () => ({ supabase: {} }));

/** A products list on screen whose fetch takes a while, counting fetches started and finished. */
function productsOnScreen() {
  const queryClient = new QueryClient();
  const fetches = { started: 0, finished: 0 };
  let release: () => void = () => {};
  const observer = new QueryObserver(queryClient, {
    queryKey: [...queryKeys.products, 'list'],
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

    const refreshes = Array.from({ length: 1_500 }, () => refreshOnChange(screen.queryClient, 'products'));
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
    const first = refreshOnChange(screen.queryClient, 'products');
    await vi.waitFor(() => expect(screen.fetches.started).toBe(2));
    screen.finishFetch();
    await first;
    const second = refreshOnChange(screen.queryClient, 'products');
    await vi.waitFor(() => expect(screen.fetches.started).toBe(3));
    screen.finishFetch();
    await second;
    expect(screen.fetches.finished).toBe(3);
  });
});

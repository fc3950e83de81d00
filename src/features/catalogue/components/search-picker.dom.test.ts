import { act, renderHook } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { useSearchPicker } from './search-picker';

interface Item {
  id: string;
  name: string;
}

const answer = (data: Item[] | undefined, isPlaceholderData = false) =>
  ({ data, isPlaceholderData, isPending: data === undefined }) as UseQueryResult<Item[]>;

function renderPicker(useOptions: (search: string) => UseQueryResult<Item[]>) {
  return renderHook(() =>
    useSearchPicker<Item>({
      value: null,
      useOptions,
      useChosen: () => ({ data: null }) as UseQueryResult<Item | null>,
      label: (item) => item.name,
      loadingMessage: 'Loading products…',
      nothingFoundMessage: 'No product matches',
    }),
  );
}

describe('useSearchPicker', () => {
  it('offers only the answer to what is typed now, never an earlier search’s items', () => {
    vi.useFakeTimers();
    const shirt = { id: 'p1', name: 'Linen Shirt' };
    const kurta = { id: 'p2', name: 'Cotton Kurta' };
    // The server's answer per search; a new search shows the last answer as placeholder until its own.
    const answers = new Map<string, Item[]>([['', [shirt, kurta]]]);
    let last: Item[] = [];
    const { result, rerender } = renderPicker((search) => {
      const found = answers.get(search);
      if (found) last = found;
      return found ? answer(found) : answer(last, true);
    });
    expect(result.current.selectProps.data.map((option) => option.label)).toEqual(['Linen Shirt', 'Cotton Kurta']);

    // Typed, not yet searched (the debounce): the first items are not offered as if they matched.
    act(() => result.current.selectProps.onSearchChange('Linen'));
    expect(result.current.selectProps.data).toEqual([]);
    expect(result.current.selectProps.nothingFoundMessage).toBe('Loading products…');

    // Searched, the server not answered yet (the earlier answer kept as placeholder): still nothing.
    act(() => vi.advanceTimersByTime(250));
    rerender();
    expect(result.current.selectProps.data).toEqual([]);

    // The answer to 'Linen' arrives: offered.
    answers.set('Linen', [shirt]);
    rerender();
    expect(result.current.selectProps.data).toEqual([{ value: 'p1', label: 'Linen Shirt' }]);
    vi.useRealTimers();
  });
});

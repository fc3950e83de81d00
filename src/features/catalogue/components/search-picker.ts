import type { ComboboxItem, SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';

interface SearchPickerOptions<Item extends { id: string }> {
  /** The chosen item's id, a fixed option's value, or null (or '') for none. */
  value: string | null;
  /** Options above the items, such as "All products". */
  fixed?: ComboboxItem[];
  /** The items the server finds for a search (one small page). */
  useOptions: (search: string) => UseQueryResult<Item[]>;
  /** One item by id: the chosen one, shown whatever the search found. */
  useChosen: (id: string | null) => UseQueryResult<Item | null>;
  label: (item: Item) => string;
  /** What the list says while the first options load: 'Loading products…'. */
  loadingMessage: string;
  /** What it says when the search finds nothing: 'No product matches'. */
  nothingFoundMessage: string;
}

/**
 * A searchable Select's props for picking one item: the server searches as the user types, so a
 * picker reads one small page whether the shop has ten items or ten thousand. The options keep
 * their identity while the server's answer does not change (a live update of the same rows does
 * not redraw the open list under the user's keys).
 */
export function useSearchPicker<Item extends { id: string }>({
  value,
  fixed = [],
  useOptions,
  useChosen,
  label,
  loadingMessage,
  nothingFoundMessage,
}: SearchPickerOptions<Item>) {
  const [typed, setTyped] = useState('');
  const fixedChoice = fixed.find((option) => option.value === value);
  const chosen = useChosen(fixedChoice ? null : value || null);
  const chosenLabel = fixedChoice?.label ?? (chosen.data ? label(chosen.data) : '');
  // Showing the chosen option's label is not a search: offer the first items then.
  const wanted = typed === chosenLabel ? '' : typed.trim();
  const [search] = useDebouncedValue(wanted, 200);
  const options = useOptions(search);
  // Only the answer to what is typed now is offered: an earlier search's items (the debounce or
  // the server still catching up) would be replaced under the user's ArrowDown and Enter when the
  // answer arrives, and the pick lost.
  const current = search === wanted && !options.isPlaceholderData;
  const items = current ? options.data : undefined;

  const data = useMemo(() => {
    const found = (items ?? []).map((item) => ({ value: item.id, label: label(item) }));
    const chosenOption =
      chosen.data && !found.some((option) => option.value === chosen.data!.id)
        ? [{ value: chosen.data.id, label: label(chosen.data) }]
        : [];
    return [...fixed, ...chosenOption, ...found];
    // `fixed` and `label` are the caller's constants; the query data keep their identity while unchanged.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, chosen.data]);

  return {
    chosen: chosen.data ?? undefined,
    /** The user has no item to offer at all (not merely none matching). */
    noItems: search === '' && options.data?.length === 0 && !options.isPlaceholderData,
    selectProps: {
      data,
      searchable: true,
      searchValue: typed,
      onSearchChange: setTyped,
      // The server has searched already.
      filter: ({ options: shown }) => shown,
      nothingFoundMessage: items === undefined ? loadingMessage : nothingFoundMessage,
    } satisfies Partial<SelectProps>,
  };
}

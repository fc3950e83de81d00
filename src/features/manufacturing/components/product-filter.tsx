import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { productLabel } from '@/components/product-select';
import { useProductName, useProductOptions } from '@/features/stock-items/api/item-lists';

const ALL = 'all';
const ALL_LABEL = 'All products';

interface ProductFilterProps {
  /** The product the list shows runs of, or null for all. */
  value: string | null;
  onChange: (productId: string | null) => void;
}

/**
 * The Manufacturing list's product filter. It searches the products on the server as the user
 * types (name or SKU, archived ones too: their past runs stay in the list), so it reads one small
 * page whether the shop has ten products or ten thousand.
 */
export function ProductFilter({ value, onChange }: ProductFilterProps) {
  const [typed, setTyped] = useState('');
  const chosen = useProductName(value);
  const chosenLabel = value === null ? ALL_LABEL : chosen.data ? productLabel(chosen.data) : '';
  // Showing the chosen option's label is not a search: offer the first products then.
  const [search] = useDebouncedValue(typed === chosenLabel ? '' : typed.trim(), 200);
  const options = useProductOptions(search, true);

  const found = (options.data ?? []).map((product) => ({ value: product.id, label: productLabel(product) }));
  const data = [
    { value: ALL, label: ALL_LABEL },
    ...(chosen.data && !found.some((option) => option.value === chosen.data!.id)
      ? [{ value: chosen.data.id, label: chosenLabel }]
      : []),
    ...found,
  ];
  return (
    <Select
      aria-label="Product"
      data={data}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      // The server has searched already; the chosen option and "All products" always stay.
      filter={({ options: shown }) => shown}
      nothingFoundMessage={options.isPending ? 'Loading products…' : 'No product matches'}
      value={value ?? ALL}
      allowDeselect={false}
      onChange={(chosenValue) => onChange(chosenValue === ALL ? null : chosenValue)}
    />
  );
}

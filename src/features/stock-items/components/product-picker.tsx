import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { Product } from '@/features/stock-items/api/products';
import { useProduct, useProductOptions } from '../api/item-lists';

/** How every product picker names a product: "Cotton Kurta (KUR-01)". */
export const productLabel = (product: Pick<Product, 'product_name' | 'sku'>) =>
  `${product.product_name} (${product.sku})`;

interface ProductPickerOptions {
  /** The chosen product's id, a fixed option's value, or null (or '') for none. */
  value: string | null;
  includeArchived: boolean;
  /** Options above the products, such as "All products". */
  fixed?: ComboboxItem[];
}

/**
 * A searchable Select's props for picking one product: the server searches as the user types
 * (name or SKU, 20 at a time), so a picker reads one small page whether the shop has ten products
 * or ten thousand. The chosen product stays an option whatever the search found.
 */
export function useProductPicker({ value, includeArchived, fixed = [] }: ProductPickerOptions) {
  const [typed, setTyped] = useState('');
  const fixedChoice = fixed.find((option) => option.value === value);
  const chosen = useProduct(fixedChoice ? null : value || null);
  const chosenLabel = fixedChoice?.label ?? (chosen.data ? productLabel(chosen.data) : '');
  // Showing the chosen option's label is not a search: offer the first products then.
  const [search] = useDebouncedValue(typed === chosenLabel ? '' : typed.trim(), 200);
  const options = useProductOptions(search, includeArchived);

  const found = (options.data ?? []).map((product) => ({ value: product.id, label: productLabel(product) }));
  const chosenOption =
    chosen.data && !found.some((option) => option.value === chosen.data!.id)
      ? [{ value: chosen.data.id, label: chosenLabel }]
      : [];
  return {
    chosen: chosen.data ?? undefined,
    /** The user has no product to offer at all (not merely none matching). */
    noProducts: search === '' && options.data?.length === 0 && !options.isPlaceholderData,
    selectProps: {
      data: [...fixed, ...chosenOption, ...found],
      searchable: true,
      searchValue: typed,
      onSearchChange: setTyped,
      // The server has searched already.
      filter: ({ options: shown }) => shown,
      nothingFoundMessage: options.isPending ? 'Loading products…' : 'No product matches',
    } satisfies Partial<SelectProps>,
  };
}

interface ProductSelectProps extends Omit<SelectProps, 'data' | 'label' | 'placeholder' | 'value'> {
  value: string | null;
}

/**
 * The required Product field of the order forms (active products only). It takes the modal's first
 * focus but opens only when the user clicks it, types or presses an arrow key: open on its own, it
 * covered Quantity and Cancel, and the first Escape only closed it.
 */
export function ProductSelect({ value, ...props }: ProductSelectProps) {
  const picker = useProductPicker({ value, includeArchived: false });
  return (
    <Select
      label="Product"
      placeholder={picker.noProducts ? 'Add a product first' : 'Choose a product'}
      openOnFocus={false}
      withAsterisk
      value={value || null}
      {...picker.selectProps}
      {...props}
    />
  );
}

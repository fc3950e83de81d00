import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import type { Product } from '@/features/catalogue/api/products';
import { useProduct, useProductOptions } from '../api/item-lists';
import { useSearchPicker } from './search-picker';

/** How every product picker names a product: "Cotton Kurta (KUR-01)". */
export const productLabel = (product: Pick<Product, 'product_name' | 'sku'>) =>
  `${product.product_name} (${product.sku})`;

interface ProductPickerOptions {
  /** The chosen product's id, a fixed option's value, or null (or '') for none. */
  value: string | null;
  includeArchived: boolean;
  /** Options above the products, such as "All products". */
  fixed?: ComboboxItem[];
  /** Only products that can be produced: no combos. */
  producibleOnly?: boolean;
}

/** A searchable Select's props for picking one product by name or SKU (useSearchPicker). */
export function useProductPicker({ value, includeArchived, fixed, producibleOnly = false }: ProductPickerOptions) {
  const picker = useSearchPicker({
    value,
    fixed,
    useOptions: (search) => useProductOptions(search, includeArchived, producibleOnly),
    useChosen: useProduct,
    label: productLabel,
    loadingMessage: 'Loading products…',
    nothingFoundMessage: 'No product matches',
  });
  return { chosen: picker.chosen, noProducts: picker.noItems, selectProps: picker.selectProps };
}

interface ProductSelectProps extends Omit<SelectProps, 'data' | 'placeholder' | 'value'> {
  value: string | null;
  /** Only products that can be produced (Start Production): no combos. */
  producibleOnly?: boolean;
}

/**
 * The required Product field of the order forms (active products only; labelled Product unless
 * the caller names it, as a combo's Part 1). It takes the modal's first
 * focus but opens only when the user clicks it, types or presses an arrow key: open on its own, it
 * covered Quantity and Cancel, and the first Escape only closed it.
 */
export function ProductSelect({ value, producibleOnly, ...props }: ProductSelectProps) {
  const picker = useProductPicker({ value, includeArchived: false, producibleOnly });
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

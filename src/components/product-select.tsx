import { Select, type SelectProps } from '@mantine/core';
import type { Product } from '@/lib/api/products';

/** How every product picker names a product: "Cotton Kurta (KUR-01)". */
export const productLabel = (product: Pick<Product, 'product_name' | 'sku'>) => `${product.product_name} (${product.sku})`;

interface ProductSelectProps extends Omit<SelectProps, 'data' | 'label' | 'placeholder'> {
  products: Product[] | undefined;
}

/**
 * The required Product field of the order forms: the user's products by name and SKU. It takes the
 * modal's first focus but opens only when the user clicks it, types or presses an arrow key: open on
 * its own, it covered Quantity and Cancel, and the first Escape only closed it. Until the products
 * arrive, its list says so, so what the user typed is not answered by an empty list.
 */
export function ProductSelect({ products, ...props }: ProductSelectProps) {
  return (
    <Select
      label="Product"
      placeholder={products?.length === 0 ? 'Add a product first' : 'Choose a product'}
      data={(products ?? []).map((product) => ({ value: product.id, label: productLabel(product) }))}
      searchable
      nothingFoundMessage={products === undefined ? 'Loading products…' : 'No product matches'}
      openOnFocus={false}
      withAsterisk
      {...props}
    />
  );
}

import { Select, type SelectProps } from '@mantine/core';
import type { Product } from '@/lib/api/products';

interface ProductSelectProps extends Omit<SelectProps, 'data' | 'label' | 'placeholder'> {
  products: Product[] | undefined;
}

/** The required Product field of the order forms: the user's products by name and SKU. */
export function ProductSelect({ products, ...props }: ProductSelectProps) {
  return (
    <Select
      label="Product"
      placeholder={products?.length === 0 ? 'Add a product first' : 'Choose a product'}
      data={(products ?? []).map((product) => ({
        value: product.id,
        label: `${product.product_name} (${product.sku})`,
      }))}
      searchable
      withAsterisk
      {...props}
    />
  );
}

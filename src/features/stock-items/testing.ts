import type { QueryClient } from '@tanstack/react-query';
import { productKey, productOptionsKey } from './api/item-lists';
import type { Product } from './api/products';

/**
 * Seeds what a product picker reads: its first options (the products, as the server lists them
 * for an empty search) and each product on its own (what it shows as chosen, a form's stock and price).
 */
export function seedProductPicker(queryClient: QueryClient, products: Product[], includeArchived = false): void {
  queryClient.setQueryData(productOptionsKey('', includeArchived), products);
  for (const product of products) queryClient.setQueryData(productKey(product.id), product);
}

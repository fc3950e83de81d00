import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { theme } from '@/app/theme';
import type { Product } from '@/lib/api/products';
import { productKey, productOptionsKey } from '@/features/stock-items/api/item-lists';

/**
 * A query client that never fetches: unit tests put the server state they need into its cache,
 * and the data flows against a real backend are the end-to-end tests' job.
 */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { enabled: false, retry: false }, mutations: { retry: false } },
  });
}

export function renderWithProviders(ui: ReactElement, queryClient = createTestQueryClient()) {
  return {
    user: userEvent.setup(),
    ...render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </MantineProvider>,
    ),
  };
}

/**
 * Seeds what a product picker reads: its first options (the products, as the server lists them
 * for an empty search) and each product on its own (what it shows as chosen, a form's stock and price).
 */
export function seedProductPicker(queryClient: QueryClient, products: Product[], includeArchived = false): void {
  queryClient.setQueryData(productOptionsKey('', includeArchived), products);
  for (const product of products) queryClient.setQueryData(productKey(product.id), product);
}

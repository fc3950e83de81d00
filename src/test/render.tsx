import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { refreshMap } from '@/app/feature-queries';
import { theme } from '@/app/theme';
import { RefreshMapContext } from '@/lib/query-keys';

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
        <QueryClientProvider client={queryClient}>
          <RefreshMapContext value={refreshMap}>{ui}</RefreshMapContext>
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
}

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { RefreshMapContext } from '@/lib/query-keys';
import { refreshMap } from './feature-queries';
import classes from './notifications.module.css';
import { cssVariablesResolver, theme } from './theme';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Realtime events mark queries stale as soon as the data changes, so there is no need to
      // refetch on every focus; a minute is a safety net should an event be lost.
      queries: { staleTime: 60_000 },
    },
  });
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" classNames={classes} />
      <QueryClientProvider client={queryClient}>
        <RefreshMapContext value={refreshMap}>{children}</RefreshMapContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}

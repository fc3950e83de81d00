import { Center, Loader, Stack, Text } from '@mantine/core';
import type { Session } from '@supabase/supabase-js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { queryKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** The stored session survives reloads (same user, same data); only a first visit signs in. */
async function ensureSession(): Promise<Session> {
  const existing = await supabase.auth.getSession();
  if (existing.data.session) return existing.data.session;

  const { data, error } = await supabase.auth.signInAnonymously();
  if (error || !data.session) {
    // The spec: a failed sign-in is only logged; the loading screen stays while we retry.
    console.error('Anonymous sign-in failed; retrying.', error);
    throw error ?? new Error('Anonymous sign-in returned no session.');
  }
  return data.session;
}

const MAX_RETRY_DELAY_MS = 30_000;

function useAnonymousSession() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: ensureSession,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: true,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
    refetchOnWindowFocus: false,
  });
}

function LoadingScreen() {
  return (
    <Center h="100dvh">
      <Stack align="center" gap="md">
        <Loader size="lg" />
        <Text size="lg" fw={500}>
          Authenticating &amp; Loading System...
        </Text>
      </Stack>
    </Center>
  );
}

/** Renders its children only once an (anonymous) user is signed in, with that user's id. */
export function AuthGate({ children }: { children: (userId: string) => ReactNode }) {
  const queryClient = useQueryClient();
  const session = useAnonymousSession();

  useEffect(() => {
    const { data } = supabase.auth.onAuthStateChange((event) => {
      // Signed out elsewhere (or the refresh token expired): forget that user's data, sign in anew.
      if (event === 'SIGNED_OUT') void queryClient.resetQueries();
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);

  if (!session.data) return <LoadingScreen />;
  return children(session.data.user.id);
}

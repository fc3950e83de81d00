import { Center, Loader, Stack, Text } from '@mantine/core';
import type { Session, User } from '@supabase/supabase-js';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
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

const isDataQuery = (query: Query) => query.queryKey[0] !== queryKeys.session[0];

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

/**
 * Renders its children only once a user is signed in (anonymously on a first visit), with that
 * user. It follows every later change of session: a saved workspace (same user, now with an email),
 * a sign-in to another workspace, a sign-out (a fresh anonymous workspace).
 */
export function AuthGate({ children }: { children: (user: User) => ReactNode }) {
  const queryClient = useQueryClient();
  const session = useAnonymousSession();

  useEffect(() => {
    const { data } = supabase.auth.onAuthStateChange((event, next) => {
      // Signed out here or elsewhere (or the refresh token expired): forget that user's data without
      // asking for it again (there is no user to ask as), then sign in anew.
      if (event === 'SIGNED_OUT') {
        queryClient.removeQueries({ predicate: isDataQuery });
        void queryClient.resetQueries({ queryKey: queryKeys.session });
        return;
      }
      if (!next || event === 'INITIAL_SESSION') return;
      const current = queryClient.getQueryData<Session>(queryKeys.session);
      // Another workspace: nothing cached from the one before may show in it.
      if (current && current.user.id !== next.user.id) {
        queryClient.removeQueries({ predicate: isDataQuery });
      }
      queryClient.setQueryData(queryKeys.session, next);
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);

  if (!session.data) return <LoadingScreen />;
  return children(session.data.user);
}

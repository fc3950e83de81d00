import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { isAuthApiError, type Session, type User } from '@supabase/supabase-js';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { formatTime } from '@/lib/format';
import { sessionKey } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/**
 * The server allows so many new anonymous workspaces an hour from one computer (Supabase's
 * `anonymous_users` limit, 30; the local stack counts the app's own apart from other local callers).
 * Refused, the loading screen says so at once, with when the limit lifts: an hour after the first
 * refusal at most, however many retries are refused after it.
 */
const SIGN_IN_LIMIT_WINDOW_MS = 60 * 60 * 1000;
let firstLimitedAt: number | null = null;

class SignInLimited extends Error {
  constructor(readonly liftsBy: Date) {
    super('Too many new workspaces from this computer in the last hour.');
  }
}

/** The stored session survives reloads (same user, same data); only a first visit signs in. */
async function ensureSession(): Promise<Session> {
  const existing = await supabase.auth.getSession();
  if (existing.data.session) return existing.data.session;

  const { data, error } = await supabase.auth.signInAnonymously();
  if (isAuthApiError(error) && error.status === 429) {
    firstLimitedAt ??= Date.now();
    console.error('Anonymous sign-in refused: too many new workspaces from this computer; retrying.', error);
    throw new SignInLimited(new Date(firstLimitedAt + SIGN_IN_LIMIT_WINDOW_MS));
  }
  if (error || !data.session) {
    // The spec: a failed sign-in is only logged; the loading screen stays while we retry.
    console.error('Anonymous sign-in failed; retrying.', error);
    throw error ?? new Error('Anonymous sign-in returned no session.');
  }
  firstLimitedAt = null;
  return data.session;
}

const MAX_RETRY_DELAY_MS = 30_000;

const isDataQuery = (query: Query) => query.queryKey[0] !== sessionKey[0];

function useAnonymousSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: ensureSession,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: true,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
    refetchOnWindowFocus: false,
  });
}

/**
 * Failed sign-ins before the loading screen says the server does not answer: a blip is only logged
 * (the spec), a server that stays away (about 6 s of retries) is said, not left to a spinner.
 */
const FAILURES_BEFORE_NOTICE = 3;

function LoadingScreen({
  unreachable,
  limitLiftsBy,
  onRetry,
}: {
  unreachable: boolean;
  limitLiftsBy: Date | null;
  onRetry: () => void;
}) {
  return (
    <Center h="100dvh" px="md">
      <Stack align="center" gap="md">
        <Loader size="lg" />
        <Text size="lg" fw={500}>
          Authenticating &amp; Loading System...
        </Text>
        {limitLiftsBy ? (
          <Text c="dimmed" ta="center" maw={420} role="status">
            Too many new workspaces were started from this computer in the last hour. FactoryFlow keeps trying and opens
            by {formatTime(limitLiftsBy)} at the latest.
          </Text>
        ) : (
          unreachable && (
            <Stack align="center" gap="xs" role="status">
              <Text c="dimmed" ta="center" maw={420}>
                The server does not answer. FactoryFlow keeps trying; check your internet connection, or that the server
                is running.
              </Text>
              <Button variant="default" onClick={onRetry}>
                Try again now
              </Button>
            </Stack>
          )
        )}
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
        void queryClient.resetQueries({ queryKey: sessionKey });
        return;
      }
      if (!next || event === 'INITIAL_SESSION') return;
      const current = queryClient.getQueryData<Session>(sessionKey);
      // Another workspace: nothing cached from the one before may show in it.
      if (current && current.user.id !== next.user.id) {
        queryClient.removeQueries({ predicate: isDataQuery });
      }
      queryClient.setQueryData(sessionKey, next);
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);

  if (!session.data) {
    return (
      <LoadingScreen
        unreachable={session.failureCount >= FAILURES_BEFORE_NOTICE}
        limitLiftsBy={session.failureReason instanceof SignInLimited ? session.failureReason.liftsBy : null}
        onRetry={() => void session.refetch()}
      />
    );
  }
  return children(session.data.user);
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { invalidateAllData } from './query-keys';
import { isServerReachable, subscribeToReachability } from './server-reachability';
import { supabase } from './supabase';

/** How often the app asks an unreachable server whether it is back. */
const PROBE_INTERVAL_MS = 2_000;

/**
 * The smallest request that proves the server answers a signed-in user (head only, no rows): the
 * Supabase client's fetch records the outcome.
 */
export async function probeServer(): Promise<void> {
  await supabase.from('products').select('id', { head: true }).limit(1);
}

/**
 * Whether the server is reachable, for the offline banner. While it is not, the app asks again
 * every two seconds; when it answers again, every list is refetched, since changes made meanwhile
 * may have sent no realtime event this tab could hear.
 */
export function useServerReachable(): boolean {
  const queryClient = useQueryClient();
  const reachable = useSyncExternalStore(subscribeToReachability, isServerReachable);
  const wasUnreachable = useRef(false);

  useEffect(() => {
    if (reachable) {
      if (wasUnreachable.current) void invalidateAllData(queryClient);
      wasUnreachable.current = false;
      return;
    }
    wasUnreachable.current = true;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const probeUntilReachable = async () => {
      await probeServer();
      if (!stopped && !isServerReachable()) timer = setTimeout(probeUntilReachable, PROBE_INTERVAL_MS);
    };
    timer = setTimeout(probeUntilReachable, PROBE_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [reachable, queryClient]);

  // The browser knows before any request when the network itself goes or comes back.
  useEffect(() => {
    const check = () => void probeServer();
    window.addEventListener('online', check);
    window.addEventListener('offline', check);
    return () => {
      window.removeEventListener('online', check);
      window.removeEventListener('offline', check);
    };
  }, []);

  return reachable;
}

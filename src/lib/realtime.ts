import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateAllData, liveTables, useRefreshMap } from './query-keys';
import { supabase } from './supabase';
import { probeServer } from './use-server-reachable';
import { refreshOnChange } from './write';

/**
 * Keeps every cached query in step with the database: one channel per signed-in user listens to
 * all live tables (filtered to the user's rows) and marks the queries that read a changed table
 * stale, so a change made in another tab or device shows within a second.
 */
export function useRealtimeInvalidation(userId: string): void {
  const queryClient = useQueryClient();
  const refreshMap = useRefreshMap();

  useEffect(() => {
    const channel = supabase.channel(`factoryflow:${userId}`);
    for (const table of liveTables) {
      channel.on(
        'postgres_changes',
        { event: '*', schema: 'public', table, filter: `user_id=eq.${userId}` },
        () => void refreshOnChange(queryClient, refreshMap, table),
      );
    }
    let leaving = false;
    channel.subscribe((status) => {
      // Changes made before this (re)subscription, or while the connection was down, sent no
      // event we could hear: refetch everything so nothing is missed.
      if (status === 'SUBSCRIBED') void invalidateAllData(queryClient);
      // The socket closing is the first sign of a server gone away while the user is idle: ask
      // it at once, so the offline banner shows without waiting for the user's next save. Not when
      // the app closed the channel itself (this user is leaving, e.g. signing out).
      else if (!leaving) void probeServer();
    });
    return () => {
      leaving = true;
      void supabase.removeChannel(channel);
    };
  }, [queryClient, refreshMap, userId]);
}

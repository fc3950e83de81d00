import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { env } from './env';
import { fetchWatchingReachability } from './server-reachability';

/**
 * The one Supabase client of the app: auth, REST, RPC and realtime all go through it. Its requests
 * report whether the server answered (the offline banner). PostgREST's own retries are off: reads
 * are retried by TanStack Query, and two retry layers made a read against a stopped server take
 * half a minute to fail.
 */
export const supabase = createClient<Database>(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY, {
  global: { fetch: fetchWatchingReachability },
  db: { retry: false },
});

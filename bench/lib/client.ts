import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../../src/lib/database.types';
import { RELAXED_AUTH_RATE_LIMITS } from '../../stack/src/auth/rate-limit';
import { DEMO_JWT_SECRET } from '../../stack/src/config';

/**
 * What every benchmark's stack shares: a free port, no log, and the demo keys and relaxed sign-up
 * limits the test stacks use (benchmarks sign up dozens of users from one address).
 */
export const BENCH_STACK = { port: 0, quiet: true, jwtSecret: DEMO_JWT_SECRET, rateLimits: RELAXED_AUTH_RATE_LIMITS } as const;

/** A supabase-js client for a benchmark: no stored session, and `ws` (Node 20 has no WebSocket). */
export function benchClient(url: string, anonKey: string) {
  return createClient<Database>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

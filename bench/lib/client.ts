import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../../src/lib/database.types';

/** A supabase-js client for a benchmark: no stored session, and `ws` (Node 20 has no WebSocket). */
export function benchClient(url: string, anonKey: string) {
  return createClient<Database>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { env } from './env';

/** The one Supabase client of the app: auth, REST, RPC and realtime all go through it. */
export const supabase = createClient<Database>(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY);

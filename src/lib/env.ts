// zod/mini: this runs before the first screen, which should not carry the full zod build.
import * as z from 'zod/mini';

// The local stack serves the same URL and keys as `supabase start`, so these defaults work for both;
// a hosted project sets VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY at build time.
const LOCAL_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const envSchema = z.object({
  VITE_SUPABASE_URL: z._default(z.url(), LOCAL_URL),
  VITE_SUPABASE_ANON_KEY: z._default(z.string().check(z.minLength(1)), LOCAL_ANON_KEY),
});

export const env = envSchema.parse(import.meta.env);

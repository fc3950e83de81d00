/**
 * shopify-inventory: the signed-in owner's "Push stock now" sets their Shopify shop's inventory
 * to what FactoryFlow can sell, by SKU (see README.md beside this folder). Deployed with
 * `supabase functions deploy shopify-inventory`: the caller's JWT is verified.
 */
import { createHandler } from './handler.ts';

const supabaseUrl = Deno.env.get('SUPABASE_URL');
const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!supabaseUrl || !anonKey || !serviceRoleKey) {
  throw new Error('SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY must be set.');
}
/** A variable that may be unset, or not even readable: the local stack grants only those it sets. */
function optionalEnv(name: string): string | undefined {
  try {
    return Deno.env.get(name) || undefined;
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable) return undefined;
    throw error;
  }
}
const timeoutMs = Number(optionalEnv('SHOPIFY_TIMEOUT_MS'));

Deno.serve(
  createHandler({
    supabaseUrl,
    anonKey,
    serviceRoleKey,
    // Unset in production: Shopify itself, https://<shop>.myshopify.com.
    shopifyOrigin: optionalEnv('SHOPIFY_API_ORIGIN'),
    shopifyTimeoutMs: timeoutMs > 0 ? timeoutMs : undefined,
  }),
);

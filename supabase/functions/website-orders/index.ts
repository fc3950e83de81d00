/**
 * website-orders: the brand's own shop posts each new order here, signed with the owner's secret,
 * and each line with a known SKU becomes a Brand Website sale (see README.md beside this folder).
 * Deployed with `supabase functions deploy website-orders --no-verify-jwt`: shops send no JWT.
 */
import { createHandler } from './handler.ts';

const supabaseUrl = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!supabaseUrl || !serviceRoleKey) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set.');

Deno.serve(createHandler({ supabaseUrl, serviceRoleKey }));

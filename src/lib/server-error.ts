/** The part of a supabase-js error (PostgrestError, AuthError) the app relies on. */
interface SupabaseErrorLike {
  message: string;
  code?: string;
}

const UNREACHABLE_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * Turns a supabase-js error into an Error whose message the user can read. Refusals raised by the
 * database functions (e.g. 'Not enough stock for Kurta. Only 3 available.') pass through exactly;
 * a request that never got an answer (supabase-js reports it with an empty code) gets a plain
 * sentence instead of 'TypeError: Failed to fetch'.
 */
export function toUserError(error: SupabaseErrorLike): Error {
  const unreachable = error.code === '' || error.message.startsWith('TypeError');
  return new Error(unreachable ? UNREACHABLE_MESSAGE : error.message);
}

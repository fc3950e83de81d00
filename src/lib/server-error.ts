/** The part of a supabase-js error (PostgrestError, AuthError) the app relies on. */
interface SupabaseErrorLike {
  message: string;
  code?: string;
  hint?: string | null;
}

const UNREACHABLE_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * A refusal the user can read. `field` names the input it is about when the database said so
 * (`raise ... using hint = 'field:sku'`), so a form can show it on that field.
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

/** The input a database refusal is about: the RPC parameter its hint names. */
function fieldOf(hint: string | null | undefined): string | null {
  return hint?.startsWith('field:') ? hint.slice('field:'.length) : null;
}

/**
 * Turns a supabase-js error into an Error whose message the user can read. Refusals raised by the
 * database functions (e.g. 'Not enough stock for Kurta. Only 3 available.') pass through exactly;
 * a request that never got an answer (supabase-js reports it with an empty code) gets a plain
 * sentence instead of 'TypeError: Failed to fetch'.
 */
export function toUserError(error: SupabaseErrorLike): UserError {
  const unreachable = error.code === '' || error.message.startsWith('TypeError');
  return unreachable ? new UserError(UNREACHABLE_MESSAGE) : new UserError(error.message, fieldOf(error.hint));
}

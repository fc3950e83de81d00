import { useMutation } from '@tanstack/react-query';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

/**
 * Signs this browser out only (other devices stay signed in); the auth gate then starts a fresh
 * anonymous workspace here. The saved workspace is untouched and opens again with its password.
 */
async function signOut() {
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  if (error) throw toUserError(error);
}

/** onSuccess is the hook's: signing out replaces the screen before mutate's callbacks would run. */
export function useSignOut({ onSuccess }: { onSuccess: () => void }) {
  return useMutation({ mutationFn: signOut, onSuccess });
}

import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { emailField } from './credentials';

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'Enter your password.'),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Opens a saved workspace; the app then shows its data (the auth gate follows the new session). */
async function signIn(input: SignInInput) {
  const { error } = await supabase.auth.signInWithPassword(input);
  if (error) throw toUserError(error);
  return input.email;
}

/** onSuccess is the hook's: signing in swaps the screen for the other workspace's before mutate's would run. */
export function useSignIn({ onSuccess }: { onSuccess: (email: string) => void }) {
  return useMutation({ mutationFn: signIn, onSuccess });
}

export const resetPasswordSchema = z.object({ email: emailField });

/** Sends a link that opens the workspace, from which Settings sets a new password. */
async function sendPasswordReset(email: string) {
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: window.location.origin });
  if (error) throw toUserError(error);
  return email;
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}

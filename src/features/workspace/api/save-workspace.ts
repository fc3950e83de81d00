import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { emailField, newPasswordField } from './credentials';

export const saveWorkspaceSchema = z.object({ email: emailField, password: newPasswordField });
export type SaveWorkspaceInput = z.infer<typeof saveWorkspaceSchema>;

/**
 * Adds an email and a password to the anonymous user: the same user id, so every row and realtime
 * subscription stays as it is; the workspace just becomes reachable from anywhere.
 */
async function saveWorkspace(input: SaveWorkspaceInput) {
  const { error } = await supabase.auth.updateUser({ email: input.email, password: input.password });
  if (error) throw toUserError(error);
  // The token in hand still says anonymous until it is refreshed (wire facts §1).
  const refreshed = await supabase.auth.refreshSession();
  if (refreshed.error) throw toUserError(refreshed.error);
  return input.email;
}

export function useSaveWorkspace() {
  return useMutation({ mutationFn: saveWorkspace });
}

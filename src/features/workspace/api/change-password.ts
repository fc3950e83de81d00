import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { newPasswordField } from './credentials';

export const changePasswordSchema = z.object({ password: newPasswordField });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A new password for a saved workspace; the server signs out its other devices. */
async function changePassword(input: ChangePasswordInput) {
  const { error } = await supabase.auth.updateUser({ password: input.password });
  if (error) throw toUserError(error);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

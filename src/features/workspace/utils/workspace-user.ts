import type { User } from '@supabase/supabase-js';

/**
 * Kept apart from the dialogs, which load on first use: the header, prompt and Settings need only
 * these, and the first screen should not wait for the forms' code.
 */
export type WorkspaceDialog = 'save' | 'sign-in' | 'sign-out' | 'change-password';

/** Everything that can open a dialog (header, prompt, settings) opens the same one. */
export type OpenWorkspaceDialog = (dialog: WorkspaceDialog) => void;

/** Still anonymous: the workspace lives only in this browser's stored session. */
export function isAnonymous(user: User): boolean {
  return user.is_anonymous ?? !user.email;
}

export const ANONYMOUS_WARNING = 'This workspace lives only in this browser.';

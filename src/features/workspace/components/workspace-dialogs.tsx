import type { User } from '@supabase/supabase-js';
import { ChangePasswordModal } from './change-password-modal';
import { SaveWorkspaceModal } from './save-workspace-modal';
import { SignInModal } from './sign-in-modal';
import { SignOutModal } from './sign-out-modal';

export type WorkspaceDialog = 'save' | 'sign-in' | 'sign-out' | 'change-password';

/** Everything that can open a dialog (header, prompt, settings) opens the same one. */
export type OpenWorkspaceDialog = (dialog: WorkspaceDialog) => void;

/** Still anonymous: the workspace lives only in this browser's stored session. */
export function isAnonymous(user: User): boolean {
  return user.is_anonymous ?? !user.email;
}

interface WorkspaceDialogsProps {
  user: User;
  dialog: WorkspaceDialog | null;
  onClose: () => void;
}

/** Only the open dialog is mounted: a closed Mantine modal still draws an element, and the first screen loads no modal styles. */
export function WorkspaceDialogs({ user, dialog, onClose }: WorkspaceDialogsProps) {
  switch (dialog) {
    case 'save':
      return <SaveWorkspaceModal opened onClose={onClose} />;
    case 'sign-in':
      return <SignInModal opened onClose={onClose} anonymous={isAnonymous(user)} />;
    case 'sign-out':
      return <SignOutModal opened onClose={onClose} email={user.email ?? ''} />;
    case 'change-password':
      return <ChangePasswordModal opened onClose={onClose} />;
    case null:
      return null;
  }
}

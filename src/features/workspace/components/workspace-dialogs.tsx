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

export function WorkspaceDialogs({ user, dialog, onClose }: WorkspaceDialogsProps) {
  return (
    <>
      <SaveWorkspaceModal opened={dialog === 'save'} onClose={onClose} />
      <SignInModal opened={dialog === 'sign-in'} onClose={onClose} anonymous={isAnonymous(user)} />
      <SignOutModal opened={dialog === 'sign-out'} onClose={onClose} email={user.email ?? ''} />
      <ChangePasswordModal opened={dialog === 'change-password'} onClose={onClose} />
    </>
  );
}

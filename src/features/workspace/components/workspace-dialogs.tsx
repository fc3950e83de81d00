import type { User } from '@supabase/supabase-js';
import { isAnonymous, type WorkspaceDialog } from '../utils/workspace-user';
import { ChangePasswordModal } from './change-password-modal';
import { SaveWorkspaceModal } from './save-workspace-modal';
import { SignInModal } from './sign-in-modal';
import { SignOutModal } from './sign-out-modal';

interface WorkspaceDialogsProps {
  user: User;
  dialog: WorkspaceDialog;
  onClose: () => void;
}

/**
 * The open dialog. Only it is mounted (a closed Mantine modal still draws an element), and this
 * module loads on first use, so the first screen carries none of the forms' code or styles.
 */
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
  }
}

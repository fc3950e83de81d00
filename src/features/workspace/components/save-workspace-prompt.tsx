import { Alert, Button, Group, Text } from '@mantine/core';
import type { User } from '@supabase/supabase-js';
import { IconCloudOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useWorkspaceHasData } from '../api/workspace-has-data';
import { ANONYMOUS_WARNING, isAnonymous, type OpenWorkspaceDialog } from '../utils/workspace-user';

/** What the owner dismissed: the prompt of an empty workspace comes back once it holds data. */
type Dismissed = 'while-empty' | 'with-data';

const storageKey = (userId: string) => `factoryflow:save-prompt-dismissed:${userId}`;

function readDismissed(userId: string): Dismissed | null {
  const value = window.localStorage.getItem(storageKey(userId));
  return value === 'while-empty' || value === 'with-data' ? value : null;
}

/** A quiet, dismissible reminder above every tab while the workspace is anonymous. */
export function SaveWorkspacePrompt({ user, onOpen }: { user: User; onOpen: OpenWorkspaceDialog }) {
  const hasData = useWorkspaceHasData();
  const [dismissed, setDismissed] = useState(() => readDismissed(user.id));

  if (!isAnonymous(user) || hasData.data === undefined) return null;
  if (dismissed === 'with-data' || (dismissed === 'while-empty' && !hasData.data)) return null;

  const dismiss = () => {
    const value: Dismissed = hasData.data ? 'with-data' : 'while-empty';
    window.localStorage.setItem(storageKey(user.id), value);
    setDismissed(value);
  };

  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconCloudOff />}
      // Mantine's orange title on its light background is under WCAG AA contrast: plain text colour.
      title={
        <Text span inherit c="var(--mantine-color-text)">
          {ANONYMOUS_WARNING}
        </Text>
      }
      withCloseButton
      closeButtonLabel="Dismiss this reminder"
      onClose={dismiss}
      mb="lg"
    >
      <Text size="sm" mb="sm">
        {hasData.data
          ? 'Clearing this browser’s data would lose it. Save it with an email and a password to keep it and to open it on another device.'
          : 'Everything you add is kept here. Save it with an email and a password to open it on another device, or sign in to open a workspace you saved before.'}
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={() => onOpen('save')}>
          Save your workspace
        </Button>
        <Button size="xs" variant="default" onClick={() => onOpen('sign-in')}>
          Sign in
        </Button>
      </Group>
    </Alert>
  );
}

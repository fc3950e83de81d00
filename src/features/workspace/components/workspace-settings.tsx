import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { User } from '@supabase/supabase-js';
import type { ReactNode } from 'react';
import { IconCloudCheck, IconCloudOff } from '@tabler/icons-react';
import { AlertTitle } from '@/components/alert-title';
import { PageHeader } from '@/components/page-header';
import { ANONYMOUS_WARNING, isAnonymous, type OpenWorkspaceDialog } from '../utils/workspace-user';

interface WorkspaceSettingsProps {
  user: User;
  onOpen: OpenWorkspaceDialog;
  /** The other settings, below the workspace. */
  children?: ReactNode;
}

/** The Settings screen: where this workspace lives, and how to keep it or open another one. */
export function WorkspaceSettings({ user, onOpen, children }: WorkspaceSettingsProps) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your workspace, how to open it on another device, each platform's fees and your data."
      />
      <Paper withBorder p="md" maw={640}>
        <Title order={3} size="h4" mb="sm">
          Workspace
        </Title>
        {isAnonymous(user) ? (
          <Stack>
            <Alert color="orange" icon={<IconCloudOff />} title={<AlertTitle>{ANONYMOUS_WARNING}</AlertTitle>}>
              It has no email or password yet. If this browser&apos;s data is cleared, or you open FactoryFlow in
              another browser or on your phone, you get an empty workspace and cannot reach this one again. Save it to
              keep it.
            </Alert>
            <Group>
              <Button onClick={() => onOpen('save')}>Save your workspace</Button>
              <Button variant="default" onClick={() => onOpen('sign-in')}>
                Sign in to a saved workspace
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <Alert color="green" icon={<IconCloudCheck />} title={<AlertTitle>Saved as {user.email}</AlertTitle>}>
              Open it on any device by signing in with this email and your password. Changes show everywhere it is open.
            </Alert>
            <Group>
              <Button variant="default" onClick={() => onOpen('change-password')}>
                Change password
              </Button>
              <Button variant="default" onClick={() => onOpen('sign-out')}>
                Sign out
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
      {children}
    </>
  );
}

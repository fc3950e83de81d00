import { ActionIcon, Button, Group, Text } from '@mantine/core';
import type { User } from '@supabase/supabase-js';
import { IconCloudOff, IconCloudUpload, IconLogin, IconLogout, type Icon } from '@tabler/icons-react';
import { ANONYMOUS_WARNING, isAnonymous, type OpenWorkspaceDialog } from '../utils/workspace-user';

interface HeaderActionProps {
  label: string;
  icon: Icon;
  variant: 'light' | 'subtle';
  onClick: () => void;
}

/** A labelled button from a tablet up; on a phone, where the title leaves no room, its icon alone. */
function HeaderAction({ label, icon: ActionIconGlyph, variant, onClick }: HeaderActionProps) {
  return (
    <>
      <Button
        size="xs"
        variant={variant}
        leftSection={<ActionIconGlyph size={16} />}
        onClick={onClick}
        visibleFrom="sm"
      >
        {label}
      </Button>
      <ActionIcon size="lg" variant={variant} aria-label={label} onClick={onClick} hiddenFrom="sm">
        <ActionIconGlyph size={18} />
      </ActionIcon>
    </>
  );
}

/** The header's right side: save or sign in while anonymous; the email and Sign out once saved. */
export function WorkspaceHeader({ user, onOpen }: { user: User; onOpen: OpenWorkspaceDialog }) {
  if (isAnonymous(user)) {
    return (
      <>
        {/* The icon carries the warning colour: Mantine's orange text is under WCAG AA contrast. */}
        <Group gap={6} wrap="nowrap" visibleFrom="md">
          <IconCloudOff size={18} color="var(--mantine-color-orange-7)" aria-hidden />
          <Text size="sm">{ANONYMOUS_WARNING}</Text>
        </Group>
        <HeaderAction label="Save workspace" icon={IconCloudUpload} variant="light" onClick={() => onOpen('save')} />
        <HeaderAction label="Sign in" icon={IconLogin} variant="subtle" onClick={() => onOpen('sign-in')} />
      </>
    );
  }
  return (
    <>
      <Text size="sm" truncate="end" maw={{ base: 88, sm: 280 }} title={user.email}>
        {user.email}
      </Text>
      <HeaderAction label="Sign out" icon={IconLogout} variant="subtle" onClick={() => onOpen('sign-out')} />
    </>
  );
}

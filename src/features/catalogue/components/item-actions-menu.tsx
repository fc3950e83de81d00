import { ActionIcon, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface ItemAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** Drawn in red: archiving. */
  destructive?: boolean;
}

interface ItemNameWithActionsProps {
  name: string;
  /** Shown instead of the plain name, e.g. a button that opens the item's details. */
  label?: ReactNode;
  /** Shown after the name, e.g. an "Archived" badge. */
  badge?: ReactNode;
  actions: ItemAction[];
}

/**
 * An item's name with its row actions (Receive stock, Count stock, Edit, History, Archive) behind
 * one button. They sit in the name cell rather than in a column of their own, so the spec's
 * columns stay exactly as they are, on a wide table and on a phone's cards alike. A popover of
 * plain buttons rather than Mantine's Menu: the menu's focus sentinel breaks the menu role's
 * required children (axe), and without it Escape no longer closes the menu.
 */
export function ItemNameWithActions({ name, label, badge, actions }: ItemNameWithActionsProps) {
  const [opened, popover] = useDisclosure(false);
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Group gap="xs" wrap="nowrap">
        {label ?? (
          <Text span inherit>
            {name}
          </Text>
        )}
        {badge}
      </Group>
      <Popover opened={opened} onChange={popover.toggle} position="bottom-end" shadow="md" trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`} onClick={popover.toggle}>
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={4} aria-label={`Actions for ${name}`}>
          <Stack gap={0}>
            {actions.map((action) => (
              <Button
                key={action.label}
                variant="subtle"
                color="dark"
                // Red 9, not the subtle variant's red: AA contrast on white.
                c={action.destructive ? 'red.9' : undefined}
                justify="flex-start"
                leftSection={action.icon}
                onClick={() => {
                  popover.close();
                  action.onClick();
                }}
              >
                {action.label}
              </Button>
            ))}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}

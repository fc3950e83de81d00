import { ActionIcon, Group, Menu, Text } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface ItemAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
}

interface ItemNameWithActionsProps {
  name: string;
  /** Shown after the name, e.g. an "Archived" badge. */
  badge?: ReactNode;
  actions: ItemAction[];
}

/**
 * An item's name with its row menu (Receive stock, Count stock, Edit, History, Archive). The menu
 * sits in the name cell rather than in a column of its own, so the spec's columns stay exactly as
 * they are, on a wide table and on a phone's cards alike.
 */
export function ItemNameWithActions({ name, badge, actions }: ItemNameWithActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Group gap="xs" wrap="nowrap">
        <Text span inherit>
          {name}
        </Text>
        {badge}
      </Group>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((action) => (
            <Menu.Item key={action.label} leftSection={action.icon} color={action.color} onClick={action.onClick}>
              {action.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

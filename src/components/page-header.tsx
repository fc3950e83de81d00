import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description: string;
  action?: ReactNode;
  /** Buttons before the main action: Import, Export CSV. */
  moreActions?: ReactNode;
}

export function PageHeader({ title, description, action, moreActions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="lg">
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </div>
      {moreActions ? (
        <Group gap="xs">
          {moreActions}
          {action}
        </Group>
      ) : (
        action
      )}
    </Group>
  );
}

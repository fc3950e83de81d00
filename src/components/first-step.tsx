import { Button, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

interface FirstStepProps {
  icon: ReactNode;
  title: string;
  /** What the list is for, in the owner's words. */
  description: string;
  action: string;
  onAction: () => void;
}

/** Shown instead of an empty list: what it is for, and a button for the first entry. */
export function FirstStep({ icon, title, description, action, onAction }: FirstStepProps) {
  return (
    <EmptyState icon={icon} variant="light" title={title} description={description}>
      <EmptyState.Actions>
        <Button variant="light" onClick={onAction}>
          {action}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

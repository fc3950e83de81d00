import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** An alert title in the text colour: Mantine's light-variant title colours are under WCAG AA contrast. */
export function AlertTitle({ children }: { children: ReactNode }) {
  return (
    <Text span inherit c="var(--mantine-color-text)">
      {children}
    </Text>
  );
}

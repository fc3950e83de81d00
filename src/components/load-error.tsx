import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface LoadErrorProps {
  what: string;
  error: Error;
  onRetry: () => void;
}

/** A failed read, said plainly, with a way to try again. */
export function LoadError({ what, error, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={`Could not load ${what}`}>
      {error.message}
      <Button variant="light" color="red" size="xs" mt="sm" display="block" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

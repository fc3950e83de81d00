import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A save the server refused (or that never reached it), shown inside the open form. */
export function FormError({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle />}>
      {error.message}
    </Alert>
  );
}

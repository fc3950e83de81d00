import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useServerReachable } from '@/lib/use-server-reachable';

/**
 * Says, above everything (open forms included), that the server cannot be reached, for as long as
 * that lasts. Forms stay open with what was typed, to be saved again once it is back.
 */
export function OfflineBanner() {
  const reachable = useServerReachable();
  if (reachable) return null;
  return (
    <Alert
      role="status"
      color="orange.9"
      variant="filled"
      icon={<IconCloudOff />}
      title="Offline"
      pos="fixed"
      top={64}
      left="50%"
      w="min(32rem, calc(100vw - 2rem))"
      style={{ transform: 'translateX(-50%)', zIndex: 1000 }}
    >
      Cannot reach the server. What you typed stays in the form: save it again when the connection
      is back.
    </Alert>
  );
}

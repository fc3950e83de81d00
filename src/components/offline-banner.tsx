import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useLayoutEffect, useRef } from 'react';
import { useServerReachable } from '@/lib/use-server-reachable';

/** Read by the theme's Modal offset, so that open forms move below the banner. */
const HEIGHT_VARIABLE = '--offline-banner-height';

/**
 * Says, across the top of the window and above open forms, that the server cannot be reached, for
 * as long as that lasts. Forms stay open with what was typed, to be saved again once it is back.
 */
export function OfflineBanner() {
  const reachable = useServerReachable();
  const banner = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const element = banner.current;
    if (reachable || !element) return;
    const publishHeight = () => root.setProperty(HEIGHT_VARIABLE, `${element.offsetHeight}px`);
    publishHeight();
    const observer = new ResizeObserver(publishHeight);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(HEIGHT_VARIABLE);
    };
  }, [reachable]);

  if (reachable) return null;
  return (
    <Alert
      ref={banner}
      role="status"
      color="orange.9"
      variant="filled"
      radius={0}
      icon={<IconCloudOff />}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      py="xs"
      style={{ zIndex: 1000 }}
    >
      <strong>Offline:</strong> cannot reach the server. What you typed stays in the form; save it again when the
      connection is back.
    </Alert>
  );
}

import { Modal } from '@mantine/core';
import { PlatformFeesSettings } from './platform-fees-settings';

/** Settings › Platform fees in a modal of its own (loaded with the rest of Mantine's CSS). */
export function PlatformFeesModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Platform fees" size="lg">
      <PlatformFeesSettings />
    </Modal>
  );
}

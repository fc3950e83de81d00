import { ActionIcon, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconReceiptRupee } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { loadAllStyles } from '@/lib/styles';

// The modal, its form, zod schema and the rest of Mantine's CSS load only when the owner opens
// it, so the header costs the first screen one button.
const PlatformFeesModal = lazy(() =>
  Promise.all([import('./platform-fees-modal'), loadAllStyles()]).then(([module]) => ({
    default: module.PlatformFeesModal,
  })),
);

/** The header's "Platform fees" button and the modal it opens. */
export function PlatformFeesButton() {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-md"
        leftSection={<IconReceiptRupee size={18} aria-hidden />}
        onClick={modal.open}
        visibleFrom="sm"
      >
        Platform fees
      </Button>
      {/* A phone's header has room for an icon only. */}
      <ActionIcon variant="subtle" size="lg" onClick={modal.open} hiddenFrom="sm" aria-label="Platform fees">
        <IconReceiptRupee size={22} aria-hidden />
      </ActionIcon>
      {opened && (
        <Suspense fallback={null}>
          <PlatformFeesModal onClose={modal.close} />
        </Suspense>
      )}
    </>
  );
}

import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTruckReturn } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { ReturnsPanel } from '@/features/dashboard/components/returns-panel';
import { ClaimsSection } from '@/features/returns/components/claims-section';
import { ImportReturnsModal } from '@/features/returns/components/import-returns-modal';

/**
 * Returns: the return and RTO rates, the claims to file, and the marketplaces' returns reports. A
 * single order's return stays on its Sales Orders row.
 */
export function ReturnsScreen() {
  const [importing, importModal] = useDisclosure(false);
  return (
    <>
      <PageHeader
        title="Returns"
        description="What came back, and the claims to file with each marketplace. Return one order from its row in Sales Orders."
        action={
          <Button variant="default" leftSection={<IconTruckReturn size={18} />} onClick={importModal.open}>
            Import returns
          </Button>
        }
      />
      <ReturnsPanel />
      <ClaimsSection />
      <ImportReturnsModal opened={importing} onClose={importModal.close} />
    </>
  );
}

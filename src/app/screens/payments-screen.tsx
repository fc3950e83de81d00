import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconReceiptRupee } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { ImportSettlementModal } from '@/features/sales-orders/components/import-settlement-modal';
import { PaymentsSection } from '@/features/settlements/components/payments-section';
import { ActualProfitAndLeaks } from '@/features/settlements/components/profit-leaks';

/** Payments: what the marketplaces paid against what they should have, and where money leaks. */
export function PaymentsScreen() {
  const [importing, importModal] = useDisclosure(false);
  return (
    <>
      <PageHeader
        title="Payments"
        description="Each marketplace order's payout against its settlements, and the profit it really made."
        action={
          <Button variant="default" leftSection={<IconReceiptRupee size={18} />} onClick={importModal.open}>
            Import settlement
          </Button>
        }
      />
      <PaymentsSection />
      <ActualProfitAndLeaks />
      <ImportSettlementModal opened={importing} onClose={importModal.close} />
    </>
  );
}

import { Button, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconReceiptRupee } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { ImportSettlementModal } from '@/features/settlements/components/import-settlement-modal';
import { PaymentsSection } from '@/features/settlements/components/payments-section';
import { ActualProfitAndLeaks } from '@/features/settlements/components/profit-leaks';

/**
 * Payments: what the marketplaces paid against what they should have, and where money leaks. Two
 * tabs, as Purchasing has, so neither list sits below the other's whole length.
 */
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
      <Tabs defaultValue="settlements" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="settlements">Settlements</Tabs.Tab>
          <Tabs.Tab value="leaks">Profit leaks</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settlements">
          <PaymentsSection />
        </Tabs.Panel>
        <Tabs.Panel value="leaks">
          <ActualProfitAndLeaks />
        </Tabs.Panel>
      </Tabs>
      <ImportSettlementModal opened={importing} onClose={importModal.close} />
    </>
  );
}

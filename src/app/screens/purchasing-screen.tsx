import { PageHeader } from '@/components/page-header';
import { WhatToBuy } from '@/features/inventory/components/what-to-buy';
import { Purchasing } from '@/features/purchasing/components/purchasing';

/** Purchasing: purchase orders and suppliers, then what to buy for the materials running low. */
export function PurchasingScreen() {
  return (
    <>
      <PageHeader
        title="Purchasing"
        description="Order materials from your suppliers in the unit they sell, and receive them as they arrive."
      />
      <Purchasing />
      <WhatToBuy />
    </>
  );
}

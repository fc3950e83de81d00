import { lazy, Suspense } from 'react';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { initialSalesOrderList } from '@/features/sales-orders/api/get-sales-orders';
import { useShowList } from '@/lib/list-state';
import { loadAllStyles } from '@/lib/styles';
import type { ScreenProps } from '../screens';

// The business cards read other features' figures: they load after the first screen.
const BusinessCards = lazy(() =>
  Promise.all([import('./business-cards'), loadAllStyles()]).then(([module]) => ({ default: module.BusinessCards })),
);

/** The spec's Dashboard, then one compact card per capability, each opening its screen. */
export function DashboardScreen({ openScreen }: ScreenProps) {
  const showList = useShowList();
  // The card counts every unfulfilled order: the list it opens shows exactly those.
  const openUnfulfilledOrders = () => {
    showList('sales-orders', {
      ...initialSalesOrderList,
      filters: { ...initialSalesOrderList.filters, status: 'Unfulfilled' },
    });
    openScreen('sales-orders');
  };
  return (
    <>
      <Dashboard onOpenSalesOrders={openUnfulfilledOrders} onOpenInventory={() => openScreen('inventory')} />
      <Suspense fallback={null}>
        <BusinessCards openScreen={openScreen} />
      </Suspense>
    </>
  );
}

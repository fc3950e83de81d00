import { PageHeader } from '@/components/page-header';
import { ProfitPanels } from '@/features/dashboard/components/profit-panels';

/** Profit: revenue, fees and profit for a period, by platform, over time and by product. */
export function ProfitScreen() {
  return (
    <>
      <PageHeader title="Profit" description="What your sales made after fees, costs and returns." />
      <ProfitPanels />
    </>
  );
}

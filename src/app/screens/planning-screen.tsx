import { PageHeader } from '@/components/page-header';
import { ProductionPlan } from '@/features/planning/components/production-plan';
import { RunningOutSoon } from '@/features/planning/components/running-out-soon';
import type { ScreenProps } from '../screens';

/** Planning: the products running out soonest, and the plan of what to make and buy. */
export function PlanningScreen({ openScreen }: ScreenProps) {
  return (
    <>
      <PageHeader title="Planning" description="What runs out soon, and what to make and buy for your orders." />
      <RunningOutSoon onOpenInventory={() => openScreen('inventory')} />
      <ProductionPlan />
    </>
  );
}

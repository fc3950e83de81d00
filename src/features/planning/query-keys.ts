import type { FeatureQueries } from '@/lib/query-keys';

export const planningKeys = {
  /** A production plan on Manufacturing: what to make and buy (issue 33). */
  productionPlan: ['production-plan'],
  /** The products whose stock runs out first, by velocity (issue 33). */
  runningOutSoon: ['running-out-soon'],
} as const;

const keys = planningKeys;

export const planningQueries: FeatureQueries = {
  keys,
  reads: {
    products: [keys.productionPlan, keys.runningOutSoon],
    raw_materials: [keys.productionPlan],
    bom_items: [keys.productionPlan],
    // Sales are velocity, and open orders are a plan's demand.
    sales_orders: [keys.productionPlan, keys.runningOutSoon],
    // Runs In Progress are netted by a plan.
    manufacturing_orders: [keys.productionPlan],
    // What is on order is netted by a plan.
    purchase_orders: [keys.productionPlan],
    purchase_order_lines: [keys.productionPlan],
  },
};

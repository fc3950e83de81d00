import { skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { planningKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

const amount = z.coerce.number();

/** A product of the dashboard's Running out soon card (running_out_soon). */
const runningOut = z.object({
  product_id: z.string(),
  product_name: z.string(),
  sku: z.string(),
  stock_on_hand: z.number(),
  per_day_30: amount,
  days_left: amount,
  /** Null beyond a century. */
  runs_out_on: z.string().nullable(),
});
export type RunningOutProduct = z.infer<typeof runningOut>;

export function useRunningOutSoon() {
  return useQuery({
    queryKey: planningKeys.runningOutSoon,
    queryFn: async () => {
      const { data, error } = await supabase.rpc('running_out_soon', { max_rows: 5 });
      if (error) throw toUserError(error);
      return z.array(runningOut).parse(data);
    },
  });
}

const makeLine = z.object({
  level: z.number(),
  product_id: z.string(),
  product_name: z.string(),
  sku: z.string(),
  required: amount,
  stock: amount,
  in_progress: amount,
  make: amount,
  lead_time_days: z.number(),
  start_on: z.string().nullable(),
  ready_on: z.string().nullable(),
  needed_by: z.string().nullable(),
  can_start: z.boolean(),
});
const buyLine = z.object({
  material_id: z.string(),
  material_name: z.string(),
  unit_of_measure: z.string(),
  supplier: z.string().nullable(),
  required: amount,
  stock: amount,
  on_order: amount,
  short: amount,
  buy: amount,
  needed_by: z.string(),
});
const productionPlan = z.object({
  today: z.string(),
  from_open_orders: z.boolean(),
  make: z.array(makeLine),
  buy: z.array(buyLine),
  runs: z.array(z.object({ product_id: z.string(), quantity_to_produce: z.number() })),
});
export type PlanMakeLine = z.infer<typeof makeLine>;
export type PlanBuyLine = z.infer<typeof buyLine>;
export type ProductionPlan = z.infer<typeof productionPlan>;

/** What a plan is for: targets, or (none) the open orders plus a horizon of forecast demand. */
export interface PlanRequest {
  targets: { product_id: string; quantity: number }[];
  horizonDays: number | null;
}

/** plan_production for a request (none: no plan asked for yet). Writes nothing. */
export function useProductionPlan(request: PlanRequest | null) {
  return useQuery({
    queryKey: [...planningKeys.productionPlan, request],
    queryFn:
      request === null
        ? skipToken
        : async () => {
            const { data, error } = await supabase.rpc('plan_production', {
              targets: request.targets.length > 0 ? request.targets : undefined,
              horizon_days: request.horizonDays ?? undefined,
            });
            if (error) throw toUserError(error);
            return productionPlan.parse(data);
          },
  });
}

/** Start these runs: the plan's runs that can start now, children first, in one transaction. */
export function useCommitProductionPlan() {
  return useWrite({
    write: (plan: ProductionPlan, submissionId) =>
      callRpc('commit_production_plan', withRequestId({ plan: { runs: plan.runs } }, submissionId)),
    tables: ['manufacturing_orders', 'raw_materials', 'products'],
  });
}

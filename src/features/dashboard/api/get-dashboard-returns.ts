import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { Constants } from '@/lib/database.types';
import { dashboardKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import type { PanelPeriod } from './get-dashboard-panels';

// dashboard_returns() returns jsonb, typed only as Json: check its shape at the boundary.
export const dashboardReturnsSchema = z.object({
  by_platform: z.array(
    z.object({
      platform: z.enum(Constants.public.Enums.sales_platform),
      units_sold: z.coerce.number(),
      returned_units: z.coerce.number(),
      rto_units: z.coerce.number(),
      return_rate_percent: z.nullable(z.coerce.number()),
      rto_rate_percent: z.nullable(z.coerce.number()),
    }),
  ),
  most_returned: z.array(
    z.object({ product_id: z.string(), product_name: z.string(), returned_units: z.coerce.number() }),
  ),
  claims_due: z.array(
    z.object({
      id: z.string(),
      product_name: z.string(),
      platform: z.enum(Constants.public.Enums.sales_platform),
      external_order_id: z.nullable(z.string()),
      reason: z.enum(['sellable', 'damaged', 'wrong_item', 'missing']),
      units: z.coerce.number(),
      status: z.enum(['Open', 'Filed', 'Approved', 'Rejected']),
      deadline: z.string(),
      days_left: z.coerce.number(),
    }),
  ),
});
export type DashboardReturns = z.output<typeof dashboardReturnsSchema>;

async function fetchDashboardReturns(period: PanelPeriod): Promise<DashboardReturns> {
  const { data, error } = await supabase.rpc('dashboard_returns', { period });
  if (error) throw toUserError(error);
  return dashboardReturnsSchema.parse(data);
}

/** Return and RTO rates by platform, the products returned most, and the claims due in 3 days. */
export function useDashboardReturns(period: PanelPeriod) {
  return useQuery({
    queryKey: [...dashboardKeys.dashboardReturns, period],
    queryFn: () => fetchDashboardReturns(period),
    placeholderData: keepPreviousData,
  });
}

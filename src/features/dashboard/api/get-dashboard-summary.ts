import { useQuery } from '@tanstack/react-query';
// zod/mini: the dashboard is the first screen, which should not carry the full zod build.
import * as z from 'zod/mini';
import { Constants } from '@/lib/database.types';
import { dashboardKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

// dashboard_summary() returns jsonb, typed only as Json: check its shape at the boundary.
// Numeric values may arrive as strings, hence the coercion.
export const dashboardSummarySchema = z.object({
  /** Net of GST: taxable value (GST is not revenue, issues 31 and 42). */
  total_revenue: z.coerce.number(),
  open_sales_orders: z.coerce.number(),
  low_stock_products: z.coerce.number(),
  low_stock_materials: z.coerce.number(),
  recent_sales: z.array(
    z.object({
      id: z.string(),
      platform: z.enum(Constants.public.Enums.sales_platform),
      product_name: z.string(),
      quantity: z.coerce.number(),
      total_amount: z.coerce.number(),
      status: z.enum(Constants.public.Enums.sales_order_status),
      order_date: z.string(),
    }),
  ),
});

export type DashboardSummary = z.output<typeof dashboardSummarySchema>;

async function fetchDashboardSummary(): Promise<DashboardSummary> {
  const { data, error } = await supabase.rpc('dashboard_summary');
  if (error) throw toUserError(error);
  return dashboardSummarySchema.parse(data);
}

export function useDashboardSummary() {
  return useQuery({ queryKey: dashboardKeys.dashboardSummary, queryFn: fetchDashboardSummary });
}

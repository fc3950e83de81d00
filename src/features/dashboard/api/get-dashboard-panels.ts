import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { Constants } from '@/lib/database.types';
import { catalogueKeys } from '@/features/catalogue/query-keys';
import { dashboardKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

/** The periods dashboard_panels() knows, with their labels. */
export const panelPeriods = [
  { value: 'this_month', label: 'This month' },
  { value: 'last_30_days', label: 'Last 30 days' },
  { value: 'this_financial_year', label: 'This financial year (from 1 April)' },
  { value: 'all_time', label: 'All time' },
] as const;
export type PanelPeriod = (typeof panelPeriods)[number]['value'];

// A top item's profit is null when none of its revenue has a known cost (issue 33); it is then in
// no top list by profit.
const productFigures = z.object({
  product_id: z.string(),
  product_name: z.string(),
  units: z.coerce.number(),
  revenue: z.coerce.number(),
  profit: z.nullable(z.coerce.number()),
  orders_without_cost: z.coerce.number(),
});

/** A top item with a style's variants summed as one: the style, or a product without a style. */
const styleFigures = z.object({
  style_id: z.nullable(z.string()),
  product_id: z.nullable(z.string()),
  name: z.string(),
  units: z.coerce.number(),
  revenue: z.coerce.number(),
  profit: z.nullable(z.coerce.number()),
  orders_without_cost: z.coerce.number(),
});

// dashboard_panels() returns jsonb, typed only as Json: check its shape at the boundary.
// Numeric values may arrive as strings, hence the coercion.
export const dashboardPanelsSchema = z.object({
  bucket: z.enum(['day', 'month']),
  totals: z.object({
    orders: z.coerce.number(),
    units: z.coerce.number(),
    revenue: z.coerce.number(),
    fees: z.coerce.number(),
    // Unknown (null) while an order's cost is; profit and margin leave such orders out and count them.
    cost: z.nullable(z.coerce.number()),
    profit: z.coerce.number(),
    margin_percent: z.nullable(z.coerce.number()),
    orders_without_cost: z.coerce.number(),
  }),
  by_platform: z.array(
    z.object({
      platform: z.enum(Constants.public.Enums.sales_platform),
      orders: z.coerce.number(),
      revenue: z.coerce.number(),
      fees: z.coerce.number(),
      profit: z.coerce.number(),
      orders_without_cost: z.coerce.number(),
    }),
  ),
  over_time: z.array(
    z.object({
      date: z.string(),
      revenue: z.coerce.number(),
      profit: z.coerce.number(),
      orders_without_cost: z.coerce.number(),
    }),
  ),
  top_by_revenue: z.array(productFigures),
  top_by_profit: z.array(productFigures),
});

// dashboard_top_styles() likewise: the same period's top lists, a style's variants as one item.
export const dashboardTopStylesSchema = z.object({
  top_styles_by_revenue: z.array(styleFigures),
  top_styles_by_profit: z.array(styleFigures),
});

/** One row of a top 5 list, whether a product or a style. */
export interface TopItem {
  id: string;
  name: string;
  units: number;
  revenue: number;
  profit: number | null;
}

export const topProducts = (rows: DashboardPanels['top_by_revenue']): TopItem[] =>
  rows.map((row) => ({ ...row, id: row.product_id, name: row.product_name }));

export const topStyles = (rows: DashboardTopStyles['top_styles_by_revenue']): TopItem[] =>
  rows.map((row) => ({ ...row, id: (row.style_id ?? row.product_id)! }));

export type DashboardPanels = z.output<typeof dashboardPanelsSchema>;

export type DashboardTopStyles = z.output<typeof dashboardTopStylesSchema>;

async function fetchDashboardPanels(period: PanelPeriod): Promise<DashboardPanels> {
  const { data, error } = await supabase.rpc('dashboard_panels', { period });
  if (error) throw toUserError(error);
  return dashboardPanelsSchema.parse(data);
}

export function useDashboardPanels(period: PanelPeriod) {
  return useQuery({
    queryKey: [...dashboardKeys.dashboardPanels, period],
    queryFn: () => fetchDashboardPanels(period),
    // Switching period keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

async function fetchDashboardTopStyles(period: PanelPeriod): Promise<DashboardTopStyles> {
  const { data, error } = await supabase.rpc('dashboard_top_styles', { period });
  if (error) throw toUserError(error);
  return dashboardTopStylesSchema.parse(data);
}

/**
 * The top lists with styles as one, asked for only while the owner shows them: they sum every
 * product's figures, which the panels' own top lists never need.
 */
export function useDashboardTopStyles(period: PanelPeriod, enabled: boolean) {
  return useQuery({
    // Under the panels' key: a sale refreshes both.
    queryKey: [...dashboardKeys.dashboardPanels, 'styles', period],
    queryFn: () => fetchDashboardTopStyles(period),
    enabled,
    placeholderData: keepPreviousData,
  });
}

async function fetchHasStyles(): Promise<boolean> {
  const { data, error } = await supabase.from('styles').select('id').limit(1);
  if (error) throw toUserError(error);
  return data.length > 0;
}

/** Whether the owner has made any style: only then can the top lists group by style. */
export function useHasStyles() {
  return useQuery({ queryKey: [...catalogueKeys.styles, 'any'], queryFn: fetchHasStyles });
}

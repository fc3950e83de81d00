import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { CsvExport } from '@/lib/csv-export';
import { Constants, type Database } from '@/lib/database.types';
import { pageOfRange, pageRange, type ListState, type Page } from '@/lib/list-state';
import { settlementsKeys } from '../query-keys';
import { paymentStatuses, type PaymentStatus } from '@/lib/payment-status';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

type Platform = Database['public']['Enums']['sales_platform'];

const money = z.coerce.number();
const reconciledOrderSchema = z
  .object({
    platform: z.enum(Constants.public.Enums.sales_platform),
    external_order_id: z.string(),
    order_date: z.string(),
    product_names: z.array(z.string()),
    order_lines: z.number(),
    expected: money,
    settled: money,
    difference: money,
    status: z.enum(paymentStatuses),
    due_day: z.string(),
    settlement_lines: z.number(),
    last_posted_date: z.string().nullable(),
    recorded_fees: money,
    fees_charged: money,
    tcs: money,
    tds: money,
    // Both null when a line's cost is unknown (issue 33).
    estimated_profit: money.nullable(),
    actual_profit: money.nullable(),
  })
  // The list's row key: a marketplace order is its platform and order id.
  .transform((order) => ({ ...order, id: `${order.platform}/${order.external_order_id}` }));
export type ReconciledOrder = z.infer<typeof reconciledOrderSchema>;
const reconciliationPageSchema = z.object({ total: z.number(), rows: z.array(reconciledOrderSchema) });

export type ReconciliationSort = 'order_date' | 'difference';
export interface ReconciliationFilters {
  status: PaymentStatus | null;
  platform: Platform | null;
  /** First and last order day shown, 'YYYY-MM-DD' or '' (open). */
  from: string;
  to: string;
}
export type ReconciliationListState = ListState<ReconciliationFilters, ReconciliationSort>;

export const initialReconciliationList: ReconciliationListState = {
  page: 1,
  pageSize: 25,
  search: '',
  filters: { status: null, platform: null, from: '', to: '' },
  sort: { by: 'order_date', ascending: false },
};

type ListArgs = Database['public']['Functions']['list_reconciliation']['Args'];
export type ReconciliationQuery = Omit<ListArgs, 'page_size' | 'page_offset'>;

/** A day in the browser's time zone (the seller's), as an instant; the last day's end is the next day. */
const dayStart = (day: string, plusDays = 0) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date! + plusDays).toISOString();
};

export function reconciliationQuery({ filters, sort }: Pick<ReconciliationListState, 'filters' | 'sort'>) {
  return {
    ...(filters.status && { status: filters.status }),
    ...(filters.platform && { platform: filters.platform }),
    ...(filters.from && { date_from: dayStart(filters.from) }),
    ...(filters.to && { date_to: dayStart(filters.to, 1) }),
    sort_by: sort.by,
    ascending: sort.ascending,
  } satisfies ReconciliationQuery;
}

export async function fetchReconciliationPage(
  query: ReconciliationQuery,
  page: { page: number; pageSize: number },
): Promise<Page<ReconciledOrder>> {
  const { offset, limit } = pageRange(page);
  const { data, error } = await supabase.rpc('list_reconciliation', {
    ...query,
    page_size: limit,
    page_offset: offset,
  });
  if (error) throw toUserError(error);
  return { ...reconciliationPageSchema.parse(data), offset };
}

/** One page of the marketplace orders with what was expected and what was paid. */
export function useReconciliationPage(state: ReconciliationListState) {
  const query = reconciliationQuery(state);
  const page = { page: state.page, pageSize: state.pageSize };
  return useQuery({
    queryKey: [...settlementsKeys.reconciliation, 'page', query, page],
    queryFn: () => fetchReconciliationPage(query, page),
    placeholderData: keepPreviousData,
  });
}

/** The reconciliation as the list shows it now, every page of it. */
export const reconciliationExport = (query: ReconciliationQuery): CsvExport<ReconciledOrder> => ({
  fileName: 'payments',
  columns: [
    { header: 'Platform', kind: 'text', value: (order) => order.platform },
    { header: 'Marketplace Order ID', kind: 'text', value: (order) => order.external_order_id },
    { header: 'Order Date', kind: 'datetime', value: (order) => order.order_date },
    { header: 'Products', kind: 'text', value: (order) => order.product_names.join('; ') },
    { header: 'Expected', kind: 'amount', value: (order) => order.expected },
    { header: 'Settled', kind: 'amount', value: (order) => order.settled },
    { header: 'Difference', kind: 'amount', value: (order) => order.difference },
    { header: 'Status', kind: 'text', value: (order) => order.status },
    { header: 'Due', kind: 'text', value: (order) => order.due_day },
    { header: 'Fees At Your Rates', kind: 'amount', value: (order) => order.recorded_fees },
    { header: 'Fees Charged', kind: 'amount', value: (order) => order.fees_charged },
    { header: 'TCS', kind: 'amount', value: (order) => order.tcs },
    { header: 'TDS', kind: 'amount', value: (order) => order.tds },
    { header: 'Estimated Profit', kind: 'amount', value: (order) => order.estimated_profit },
    { header: 'Actual Profit', kind: 'amount', value: (order) => order.actual_profit },
  ],
  fetchPage: async (range) => (await fetchReconciliationPage(query, pageOfRange(range))).rows,
});

const platformSummarySchema = z.object({
  platform: z.enum(Constants.public.Enums.sales_platform),
  orders: z.number(),
  expected: money,
  settled: money,
  short_paid: money,
  short_paid_orders: z.number(),
  overdue: money,
  overdue_orders: z.number(),
  awaiting_orders: z.number(),
  paid_orders: z.number(),
  fees_charged: money,
  fees_at_rates: money,
  tcs: money,
  tds: money,
  estimated_profit: money,
  estimated_profit_paid: money,
  actual_profit: money,
  // Live orders with a line of unknown cost, left out of both profits (issue 33).
  orders_without_cost: z.number(),
  unmatched_lines: z.number(),
  unmatched_amount: money,
});
export type PlatformSummary = z.infer<typeof platformSummarySchema>;

/** The dashboard's periods (rules.dashboard_period). */
export const periods = [
  { value: 'this_month', label: 'This month' },
  { value: 'last_30_days', label: 'Last 30 days' },
  { value: 'this_financial_year', label: 'This financial year (from 1 April)' },
  { value: 'all_time', label: 'All time' },
] as const;
export type Period = (typeof periods)[number]['value'];

/** Per platform, for the orders of a period: expected, settled, short paid, overdue, fees, TCS, TDS, profit. */
export function useReconciliationSummary(period: Period) {
  return useQuery({
    queryKey: [...settlementsKeys.reconciliation, 'summary', period],
    queryFn: async () => {
      const { data, error } = await supabase.rpc('reconciliation_summary', { period });
      if (error) throw toUserError(error);
      return z.array(platformSummarySchema).parse(data);
    },
  });
}

const leakSchema = z.object({
  kind: z.enum(['fees_over_rates', 'overdue', 'return_cost']),
  platform: z.enum(Constants.public.Enums.sales_platform),
  external_order_id: z.string(),
  order_date: z.string(),
  product_names: z.array(z.string()),
  amount: money,
  status: z.enum(paymentStatuses),
});
export type ProfitLeak = z.infer<typeof leakSchema>;

/** Where money leaks, for the orders of a period (at most 20 of each kind, largest first). */
export function useProfitLeaks(period: Period) {
  return useQuery({
    queryKey: [...settlementsKeys.reconciliation, 'leaks', period],
    queryFn: async () => {
      const { data, error } = await supabase.rpc('profit_leaks', { period });
      if (error) throw toUserError(error);
      return z.array(leakSchema).parse(data);
    },
  });
}

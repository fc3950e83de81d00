import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Constants, type Database } from '@/lib/database.types';
import { pageRange, type ListState, type Page } from '@/lib/list-state';
import { salesOrdersKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { dateRangeBounds, type CustomDays, type DateRange } from '../utils/date-range';

const salesOrderSchema = z.object({
  id: z.string(),
  order_date: z.string(),
  product_name: z.string(),
  platform: z.enum(Constants.public.Enums.sales_platform),
  quantity: z.number(),
  total_amount: z.coerce.number(),
  status: z.enum(Constants.public.Enums.sales_order_status),
  // The marketplace's order id of an imported order; null for a sale logged by hand.
  external_order_id: z.string().nullable(),
  // For the CSV export: what the platform charged and what the sale earned.
  fees: z.coerce.number(),
  profit: z.coerce.number().nullable(),
  // What its returns took back (issue 29) and the profit left after them.
  returned_quantity: z.number(),
  return_fees: z.coerce.number(),
  profit_after_returns: z.coerce.number().nullable(),
});
export type SalesOrder = z.infer<typeof salesOrderSchema>;

const salesOrderPageSchema = z.object({ total: z.number(), rows: z.array(salesOrderSchema) });

export type SalesOrderSort = 'order_date' | 'product_name' | 'quantity' | 'total_amount';
export interface SalesOrderFilters {
  platform: Database['public']['Enums']['sales_platform'] | null;
  status: Database['public']['Enums']['sales_order_status'] | null;
  dateRange: DateRange;
  customDays: CustomDays;
}
export type SalesOrderListState = ListState<SalesOrderFilters, SalesOrderSort>;

/** Newest first (spec section 7), everything shown. */
export const initialSalesOrderList: SalesOrderListState = {
  page: 1,
  pageSize: 25,
  search: '',
  filters: { platform: null, status: null, dateRange: 'any', customDays: { from: '', to: '' } },
  sort: { by: 'order_date', ascending: false },
};

type ListSalesOrdersArgs = Database['public']['Functions']['list_sales_orders']['Args'];
/** Which orders, in which order: everything of a list request but the page. */
export type SalesOrderQuery = Omit<ListSalesOrdersArgs, 'page_size' | 'page_offset'>;

/**
 * The orders a list's search, filters and order select, as list_sales_orders' arguments (without
 * the page), so that anything else showing the same orders (a CSV export) asks for the same ones.
 */
export function salesOrderQuery(
  { search, filters, sort }: Pick<SalesOrderListState, 'search' | 'filters' | 'sort'>,
  now = new Date(),
): SalesOrderQuery {
  const dates = dateRangeBounds(filters.dateRange, filters.customDays, now);
  return {
    search,
    ...(filters.platform && { platform: filters.platform }),
    ...(filters.status && { status: filters.status }),
    ...(dates.from && { date_from: dates.from }),
    ...(dates.to && { date_to: dates.to }),
    sort_by: sort.by,
    ascending: sort.ascending,
  };
}

export async function fetchSalesOrderPage(
  query: SalesOrderQuery,
  page: { page: number; pageSize: number },
): Promise<Page<SalesOrder>> {
  const { offset, limit } = pageRange(page);
  const { data, error } = await supabase.rpc('list_sales_orders', {
    ...query,
    page_size: limit,
    page_offset: offset,
  });
  if (error) throw toUserError(error);
  return { ...salesOrderPageSchema.parse(data), offset };
}

/** One page of the sales orders the list state selects; the previous page stays up while it loads. */
export function useSalesOrderPage(state: SalesOrderListState) {
  const query = salesOrderQuery(state);
  const page = { page: state.page, pageSize: state.pageSize };
  return useQuery({
    queryKey: [...salesOrdersKeys.salesOrders, 'page', query, page],
    queryFn: () => fetchSalesOrderPage(query, page),
    placeholderData: keepPreviousData,
  });
}

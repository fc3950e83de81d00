import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Database, Tables } from '@/lib/database.types';
import { pageRange, type ListState, type Page } from '@/lib/list-state';
import { manufacturingKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

export type ManufacturingOrder = Pick<
  Tables<'manufacturing_orders'>,
  'id' | 'creation_date' | 'product_name' | 'quantity_to_produce' | 'status' | 'completion_date'
>;

export type ManufacturingOrderSort = 'creation_date' | 'quantity_to_produce';
export interface ManufacturingOrderFilters {
  productId: string | null;
  status: Database['public']['Enums']['manufacturing_order_status'] | null;
}
export type ManufacturingOrderListState = ListState<ManufacturingOrderFilters, ManufacturingOrderSort>;

/** Newest first (spec section 7), every run shown. */
export const initialManufacturingOrderList: ManufacturingOrderListState = {
  page: 1,
  pageSize: 25,
  search: '',
  filters: { productId: null, status: null },
  sort: { by: 'creation_date', ascending: false },
};

/** Which runs, in which order: a list's state without its page. */
export type ManufacturingOrderQuery = Pick<ManufacturingOrderListState, 'search' | 'filters' | 'sort'>;

/** A page of the runs a list's filters and order select: the list's, or its CSV export's. */
export async function fetchManufacturingOrderPage(
  { filters, sort }: ManufacturingOrderQuery,
  page: { page: number; pageSize: number },
): Promise<Page<ManufacturingOrder>> {
  let query = supabase
    .from('manufacturing_orders')
    .select('id, creation_date, product_name, quantity_to_produce, status, completion_date', { count: 'exact' });
  if (filters.productId) query = query.eq('product_id', filters.productId);
  if (filters.status) query = query.eq('status', filters.status);
  const { from, to } = pageRange(page);
  const { data, error, count } = await query
    .order(sort.by, { ascending: sort.ascending })
    .order('id', { ascending: sort.ascending })
    .range(from, to);
  if (error) throw toUserError(error);
  return { rows: data, offset: from, total: count ?? 0 };
}

/** One page of the runs the list state selects; the previous page stays up while it loads. */
export function useManufacturingOrderPage(state: ManufacturingOrderListState) {
  return useQuery({
    queryKey: [...manufacturingKeys.manufacturingOrders, 'page', state],
    queryFn: () => fetchManufacturingOrderPage(state, state),
    placeholderData: keepPreviousData,
  });
}

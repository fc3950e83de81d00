import { useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { queryKeys } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

export type ManufacturingOrder = Pick<
  Tables<'manufacturing_orders'>,
  'id' | 'creation_date' | 'product_name' | 'quantity_to_produce' | 'status' | 'completion_date'
>;

async function fetchManufacturingOrders(): Promise<ManufacturingOrder[]> {
  const { data, error } = await supabase
    .from('manufacturing_orders')
    .select('id, creation_date, product_name, quantity_to_produce, status, completion_date')
    .order('creation_date', { ascending: false })
    .order('id');
  if (error) throw toUserError(error);
  return data;
}

/** Newest first (spec section 7). */
export function useManufacturingOrders() {
  return useQuery({ queryKey: queryKeys.manufacturingOrders, queryFn: fetchManufacturingOrders });
}

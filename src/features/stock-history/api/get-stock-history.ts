import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import type { StockItem } from '@/features/stock-items/item';

export interface StockMovement {
  id: number;
  created_at: string;
  quantity: number;
  balance_after: number;
  reason: string;
  note: string | null;
  sales_order_id: string | null;
  manufacturing_order_id: string | null;
  /** The sale it came from, for "Sold on Flipkart". */
  sales_orders: { platform: string } | null;
  /** The production run it came from, for "Used to make 5 Kurta". */
  manufacturing_orders: { product_name: string; quantity_to_produce: number } | null;
}

/** The most recent movements shown; Export CSV downloads them all. */
export const HISTORY_LIMIT = 200;

/** Rows `from` to `to` of one item's ledger, newest first: the drawer's first page, or the export's pages. */
export async function fetchStockHistoryPage(item: StockItem, { from, to }: { from: number; to: number }): Promise<StockMovement[]> {
  const { data, error } = await supabase
    .from('stock_movements')
    .select(
      'id, created_at, quantity, balance_after, reason, note, sales_order_id, manufacturing_order_id, sales_orders(platform), manufacturing_orders(product_name, quantity_to_produce)',
    )
    .eq(item.kind === 'product' ? 'product_id' : 'material_id', item.id)
    .order('id', { ascending: false })
    .range(from, to);
  if (error) throw toUserError(error);
  // Postgres numeric columns may arrive as strings from the REST layer.
  return data.map((row) => ({
    ...row,
    quantity: Number(row.quantity),
    balance_after: Number(row.balance_after),
  }));
}

/** One item's ledger, newest first; item events (every movement changes its item) refresh it. */
export function useStockHistory(item: StockItem | null) {
  return useQuery({
    queryKey: [...queryKeys.stockHistory, item?.kind, item?.id],
    queryFn: () => fetchStockHistoryPage(item!, { from: 0, to: HISTORY_LIMIT - 1 }),
    enabled: item !== null,
  });
}

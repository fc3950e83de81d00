import { useInfiniteQuery } from '@tanstack/react-query';
import { catalogueKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import type { StockItem } from '@/features/catalogue/item';

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
  /** The purchase order a receipt arrived on, for "Received on PO-0002 from Arvind Mills". */
  purchase_orders: { po_number: number; suppliers: { supplier_name: string } | null } | null;
}

/** Movements fetched at a time; older ones come a page at a time on request. */
export const HISTORY_PAGE = 50;

/** One item's ledger, newest first. */
function itemLedger(item: StockItem) {
  return supabase
    .from('stock_movements')
    .select(
      'id, created_at, quantity, balance_after, reason, note, sales_order_id, manufacturing_order_id, sales_orders(platform), manufacturing_orders(product_name, quantity_to_produce), purchase_orders(po_number, suppliers(supplier_name))',
    )
    .eq(item.kind === 'product' ? 'product_id' : 'material_id', item.id)
    .order('id', { ascending: false });
}

type LedgerRows = Awaited<ReturnType<typeof itemLedger>>;

function movements({ data, error }: LedgerRows): StockMovement[] {
  if (error) throw toUserError(error);
  // Postgres numeric columns may arrive as strings from the REST layer.
  return data.map((row) => ({
    ...row,
    quantity: Number(row.quantity),
    balance_after: Number(row.balance_after),
  }));
}

/** One page of the ledger from just below `beforeId` (keyset: any depth costs the same). */
async function fetchStockHistory(item: StockItem, beforeId: number | null): Promise<StockMovement[]> {
  const query = itemLedger(item);
  return movements(await (beforeId === null ? query : query.lt('id', beforeId)).limit(HISTORY_PAGE));
}

/** Rows `from` to `to` of the ledger: the pages of its CSV export. */
export async function fetchStockHistoryPage(
  item: StockItem,
  { from, to }: { from: number; to: number },
): Promise<StockMovement[]> {
  return movements(await itemLedger(item).range(from, to));
}

/**
 * One item's ledger, newest first, a page at a time; item events (every movement changes its item)
 * refresh the pages loaded.
 */
export function useStockHistory(item: StockItem | null) {
  return useInfiniteQuery({
    queryKey: [...catalogueKeys.stockHistory, item?.kind, item?.id],
    queryFn: ({ pageParam }) => fetchStockHistory(item!, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => (page.length === HISTORY_PAGE ? page[page.length - 1]!.id : undefined),
    enabled: item !== null,
  });
}

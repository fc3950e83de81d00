import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { catalogueKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';

/** How long the next batch waits after a refused or failed one (a server restarting, a lost network). */
const RETRY_AFTER_MS = 5_000;

export interface ItemTaxBackfillProgress {
  /** Earlier orders given their tax so far, of all those waiting when the tax was set. */
  done: number;
  total: number;
}

/**
 * The owner's unfinished tax backfills (set_item_tax gives a product's earlier orders their tax a
 * batch at a time, issue 44), added up; null when none is left.
 */
export function useItemTaxBackfillProgress() {
  return useQuery({
    queryKey: catalogueKeys.itemTaxBackfills,
    queryFn: async (): Promise<ItemTaxBackfillProgress | null> => {
      const { data, error } = await supabase.from('item_tax_backfills').select('orders_done, orders_total');
      if (error) throw toUserError(error);
      if (data.length === 0) return null;
      return {
        done: data.reduce((sum, row) => sum + row.orders_done, 0),
        total: data.reduce((sum, row) => sum + row.orders_total, 0),
      };
    },
  });
}

/**
 * Keeps the backfills going while the app is open, on any screen: one batch a call
 * (continue_item_tax_backfill), the next once the last one's progress has been read again, until
 * none is left. The server lets one batch of a workspace run at a time, so another tab doing the
 * same never fills an order twice.
 */
export function useItemTaxBackfillRunner() {
  const progress = useItemTaxBackfillProgress();
  const { mutate, isPending, isError } = useWrite({
    write: () => callRpc('continue_item_tax_backfill'),
    tables: ['item_tax_backfills'],
  });
  const waiting = progress.data != null;
  useEffect(() => {
    if (!waiting || isPending) return;
    if (!isError) return mutate();
    const retry = setTimeout(() => mutate(), RETRY_AFTER_MS);
    return () => clearTimeout(retry);
  }, [progress.data, waiting, isPending, isError, mutate]);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { itemArguments, itemTable, type StockItem } from '../item';

/** Archives an item, or restores it when it is archived (archive_item). */
async function toggleArchived(item: StockItem) {
  const { error } = await supabase.rpc('archive_item', { ...itemArguments(item), archived: !item.archived });
  if (error) throw toUserError(error);
}

export function useToggleArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleArchived,
    onSettled: (_data, _error, item) => invalidateTables(queryClient, [itemTable(item)], 'all'),
  });
}

import { itemArguments, itemTable, type StockItem } from '../item';
import { callRpc, useWrite } from '@/lib/write';

/** Archives an item, or restores it when it is archived (archive_item). */
async function toggleArchived(item: StockItem) {
  await callRpc('archive_item', { ...itemArguments(item), archived: !item.archived });
}

export function useToggleArchived() {
  return useWrite({ write: toggleArchived, tables: (item) => [itemTable(item)] });
}

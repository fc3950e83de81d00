import type { CsvExport } from '@/lib/csv-export';
import type { StockItem } from '@/features/catalogue/item';
import { describeMovement, sourceOrder } from '../utils/describe-movement';
import { fetchStockHistoryPage, type StockMovement } from './get-stock-history';

/** One item's whole ledger as CSV, in the drawer's words, newest first. */
export function stockHistoryExport(item: StockItem, supplier: string | null): CsvExport<StockMovement> {
  return {
    fileName: `history-${
      item.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || item.kind
    }`,
    columns: [
      { header: 'Date', kind: 'datetime', value: (movement) => movement.created_at },
      { header: 'What happened', kind: 'text', value: (movement) => describeMovement(movement, supplier) },
      { header: 'Change', kind: 'number', value: (movement) => movement.quantity },
      { header: 'Balance After', kind: 'number', value: (movement) => movement.balance_after },
      { header: 'Unit', kind: 'text', value: () => item.unit },
      { header: 'Order', kind: 'text', value: (movement) => sourceOrder(movement) },
      { header: 'Note', kind: 'text', value: (movement) => movement.note },
    ],
    fetchPage: (range) => fetchStockHistoryPage(item, range),
  };
}

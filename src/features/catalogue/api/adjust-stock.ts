import { z } from 'zod';
import { numberField, stockFieldRules } from '@/lib/form-fields';
import { formatQuantity } from '@/lib/format';
import { itemArguments, itemTable, type StockItem } from '../item';
import { noteField } from '../quantity-rules';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

/** Counted stock: whole units for products in pieces, 3 decimals for materials and products in m or kg (adjust_stock). */
export function countedStockRules(item: StockItem) {
  return item.whole ? stockFieldRules.countedProduct : stockFieldRules.countedMaterial;
}

/** adjust_stock's rules, for instant feedback: the counted number, a change, a reason. */
export function countStockSchema(item: StockItem) {
  return z.object({
    counted: numberField(countedStockRules(item)).refine(
      (value) => value !== item.stock,
      `Stock is already ${formatQuantity(item.stock)}.`,
    ),
    note: noteField('Reason').refine((note) => note !== '', 'A reason is required.'),
  });
}

export type CountStockForm = z.input<ReturnType<typeof countStockSchema>>;
export type CountStockInput = z.output<ReturnType<typeof countStockSchema>>;

async function adjustStock({ item, input }: { item: StockItem; input: CountStockInput }, submissionId: string) {
  return callRpc(
    'adjust_stock',
    withRequestId({ ...itemArguments(item), counted: input.counted, note: input.note }, submissionId),
  );
}

export function useAdjustStock() {
  return useWrite({ write: adjustStock, tables: ({ item }: { item: StockItem }) => [itemTable(item)] });
}
